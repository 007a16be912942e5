package effects

// A2A is the kind of a request made of an agent over the Agent2Agent
// protocol (package a2a): a card fetched, a message sent, a task read,
// listed or canceled. The HTTP requests under it are effects of their own
// (kind http).
const A2A Kind = "a2a"
