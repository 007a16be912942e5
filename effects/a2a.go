package effects

// A2A is the kind of a request made of an agent over the Agent2Agent
// protocol (package a2a): a card fetched, a message sent, a task read,
// listed or canceled. The HTTP requests under it are effects of their own
// (kind http).
const A2A Kind = "a2a"

// A2AIn is the kind of a task an agent sent moonix's own agent (a2a
// serve): a record of what an agent asked, not an effect itself (what
// its script did is recorded on its own).
const A2AIn Kind = "a2a-in"
