package a2a

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	sdk "github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/spf13/pflag"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
)

// Summary is a2a's line in help.
const Summary = "delegate tasks to A2A agents"

// Usage is a2a --help.
const Usage = `usage: a2a discover AGENT [--json]
       a2a delegate AGENT TEXT... [--stream | --async] [--task ID]
                [--context ID] [--data JSON] [--file PATH]... [--timeout D]
                [--json]
       a2a status TASK [--agent AGENT] [--json]
       a2a wait TASK [--agent AGENT] [--timeout D] [--json]
       a2a cancel TASK [--agent AGENT] [--json]
       a2a list [AGENT [--state S] [--context ID]] [--json]
       a2a add NAME URL [--header 'K: V']... [--transport T] [--timeout D]
       a2a remove NAME
       a2a serve --http HOST:PORT [--name N]
A client of Agent2Agent (A2A 1.0) agents, over JSON-RPC or HTTP+JSON.
Agents are configured in /etc/moonix/a2a.json, then $HOME/.a2a.json (in
the filesystem; add and remove edit the latter):
{"agents": {"NAME": {"url", "headers", "transport", "timeout"}}};
${env:NAME} in a header value is filled from the shell's environment at
each request, never stored; transport is auto (from the agent card:
JSON-RPC, then REST), jsonrpc or rest; timeout is milliseconds or a
duration such as "30s" (default 10m). An http(s) URL is accepted wherever
an agent name is.
  discover      fetch the agent card (/.well-known/agent-card.json, else
                /.well-known/agent.json): name, version, interfaces,
                streaming, skills
  delegate      send TEXT (- reads standard input) as a message, with a
                data part (--data) and file parts (--file) if given, and
                wait for the task to stop; --task continues a task (an
                agent that asked for input), --context joins a context
  status        the task's state, status message and artifacts
  wait          wait for the task to stop (following its events when the
                agent streams, else asking again, less and less often)
  cancel        ask the agent to cancel the task
  list          the configured agents; with AGENT, its tasks
  serve         serve a shell nested in this one as an A2A agent (as
                moonix a2a serve does) until interrupted; needs
                a2a.receive, and a session that may listen on the host
      --stream      print the artifacts as they arrive, state changes on
                    standard error
      --async       return once the task exists; its id goes to stdout
      --json        print the task, message or card as received (with
                    --stream, each event as a line)
      --agent A     the agent of the task (default: the one that the
                    effect log says created it)
      --timeout D   give up after D (a duration such as 30s, 2m)
Output: the artifacts' text parts on stdout (data parts as JSON, file
parts saved in the working directory and their names printed; a task
without artifacts prints its final status message instead), and on
stderr one line: a2a: task ID STATE (context CID).
Every request is an effect in the effect log (kind a2a): the agent, the
message and task ids, the final state, each artifact's digest and size,
the message and answer in the log's store; header values are never kept.
Needs: a2a.delegate:AGENT (the agent's name; the host for a URL) and
net.connect:HOST:PORT.
Exit status: 0 completed (or a direct answer), 1 failed, rejected or
canceled, 2 usage, configuration or capability error, 3 protocol or
transport error (an unknown task state too), 4 input or authentication
required (continue with --task), 124 timed out, 130 interrupted.
`

// command is the a2a command of a session whose client is given, already
// wrapped by the gate and the recorder; log is read to find a task's
// agent.
// command is the a2a command; serve serves a nested shell (a2a serve).
func command(client Client, log *effects.Log, serve func(c *builtins.Call, addr, name string) int) *builtins.Command {
	return &builtins.Command{
		Name: "a2a", Summary: Summary, Usage: Usage,
		Run: func(c *builtins.Call) int {
			return (&cmd{Call: c, client: client, log: log, serve: serve}).run()
		},
	}
}

type cmd struct {
	*builtins.Call
	client Client
	log    *effects.Log
	serve  func(c *builtins.Call, addr, name string) int
	op     string
	// out is stdout, knowing whether what was written ends a line.
	out lineWriter
}

func (c *cmd) run() int {
	c.out = lineWriter{w: c.Stdout, ended: true}
	args := c.Args[1:]
	if len(args) == 0 {
		return c.usage("missing operation")
	}
	c.op = args[0]
	ops := map[string]func([]string) int{
		"discover": c.discover, "delegate": c.delegate, "status": c.status, "wait": c.wait,
		"cancel": c.cancel, "list": c.list, "add": c.add, "remove": c.remove, "serve": c.serveOp,
	}
	if f := ops[c.op]; f != nil {
		return f(args[1:])
	}
	return c.usage(fmt.Sprintf("unknown operation '%s'", c.op))
}

// fail prints "a2a: MSG" and returns status.
func (c *cmd) fail(status int, format string, args ...any) int {
	fmt.Fprintf(c.Stderr, "a2a: %s\n", fmt.Sprintf(format, args...))
	return status
}

func (c *cmd) usage(msg string) int {
	return c.fail(agent.StatusUsage, "%s (try 'a2a --help')", msg)
}

// flags is an operation's flag set, with --json.
type flags struct {
	*pflag.FlagSet
	json    bool
	timeout time.Duration
	agent   string
}

func (c *cmd) flags(withTimeout, withAgent bool) *flags {
	f := &flags{FlagSet: pflag.NewFlagSet("a2a "+c.op, pflag.ContinueOnError)}
	f.SetOutput(io.Discard)
	f.Usage = func() {}
	f.BoolVar(&f.json, "json", false, "")
	if withTimeout {
		f.DurationVar(&f.timeout, "timeout", 0, "")
	}
	if withAgent {
		f.StringVar(&f.agent, "agent", "", "")
	}
	return f
}

// parse parses args into f and checks the number of operands.
func (c *cmd) parse(f *flags, args []string, min, max int) ([]string, bool) {
	ops, err := builtins.Operands(f.FlagSet, args, min, max)
	switch {
	case err != nil:
		c.usage(fmt.Sprintf("%s: %v", c.op, err))
		return nil, false
	case f.timeout < 0:
		c.usage(c.op + ": --timeout must be positive")
		return nil, false
	}
	return ops, true
}

func (c *cmd) home() string {
	if h := c.Getenv("HOME"); h != "" {
		return h
	}
	return c.Who.Home
}

func (c *cmd) config() (*Config, error) { return LoadConfig(c.FS, c.home()) }

// agent finds and resolves the agent an operand names.
func (c *cmd) agent(operand string) (*Agent, error) {
	cfg, err := c.config()
	if err != nil {
		return nil, err
	}
	a, err := cfg.Find(operand)
	if err != nil {
		return nil, err
	}
	return a.Resolve(c.LookupEnv)
}

// do makes a request within timeout (the agent's when 0).
func (c *cmd) do(req *Request, timeout time.Duration) (*Response, int) {
	if timeout <= 0 {
		timeout = req.Agent.CallTimeout()
	}
	ctx, cancel := context.WithTimeout(c.Ctx, timeout)
	defer cancel()
	resp, err := c.client.Do(ctx, req)
	if err != nil {
		return nil, c.errStatus(ctx, err, timeout)
	}
	if resp.Task != nil && !known(resp.Task.Status.State) {
		return nil, c.errStatus(ctx, &StateError{resp.Task.ID, resp.Task.Status.State}, timeout)
	}
	return resp, agent.StatusOK
}

// errStatus reports err and returns its status.
func (c *cmd) errStatus(ctx context.Context, err error, timeout time.Duration) int {
	var ce *ConfigError
	var ae *sdk.Error
	var ue *url.Error
	switch {
	case c.FailDenied(err):
		return agent.StatusUsage
	case errors.As(err, &ce):
		return c.fail(agent.StatusUsage, "%v", ce)
	case errors.Is(ctx.Err(), context.DeadlineExceeded) && c.Ctx.Err() == nil:
		return c.fail(agent.StatusTimeout, "%s: timed out after %s", c.op, timeout)
	case c.Ctx.Err() != nil:
		return agent.StatusInterrupted
	case errors.As(err, &ae):
		return c.fail(agent.StatusProtocol, "%s: the agent says: %s (%s)", c.op, oneLine(ae), sdk.ErrorReason(ae))
	case errors.As(err, &ue):
		return c.fail(agent.StatusProtocol, "%s: %s", c.op, oneLine(ue.Err))
	}
	return c.fail(agent.StatusProtocol, "%s: %s", c.op, oneLine(err))
}

func (c *cmd) printJSON(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		c.fail(agent.StatusProtocol, "%v", err)
		return
	}
	c.out.Write(append(data, '\n'))
}

func (c *cmd) discover(args []string) int {
	f := c.flags(true, false)
	ops, ok := c.parse(f, args, 1, 1)
	if !ok {
		return agent.StatusUsage
	}
	a, err := c.agent(ops[0])
	if err != nil {
		return c.errStatus(c.Ctx, err, 0)
	}
	resp, status := c.do(&Request{Agent: a, Op: OpDiscover}, f.timeout)
	if resp == nil {
		return status
	}
	card := resp.Card
	if f.json {
		c.printJSON(card)
		return agent.StatusOK
	}
	w := tabwriter.NewWriter(&c.out, 0, 0, 1, ' ', 0)
	fmt.Fprintf(w, "name:\t%s\n", card.Name)
	if card.Description != "" {
		fmt.Fprintf(w, "description:\t%s\n", oneLineText(card.Description))
	}
	fmt.Fprintf(w, "version:\t%s\n", card.Version)
	for i, in := range card.SupportedInterfaces {
		label := ""
		if i == 0 {
			label = "interfaces:"
		}
		fmt.Fprintf(w, "%s\t%s %s (A2A %s)\n", label, in.ProtocolBinding, in.URL, orNone(string(in.ProtocolVersion)))
	}
	fmt.Fprintf(w, "streaming:\t%s\n", yesNo(card.Capabilities.Streaming))
	for i, s := range card.Skills {
		label := ""
		if i == 0 {
			label = "skills:"
		}
		fmt.Fprintf(w, "%s\t%s: %s\n", label, s.ID, oneLineText(orNone(s.Description)))
	}
	if len(card.Skills) == 0 {
		fmt.Fprintf(w, "skills:\t(none)\n")
	}
	w.Flush()
	return agent.StatusOK
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// oneLineText is the first line of s.
func oneLineText(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func (c *cmd) delegate(args []string) int {
	f := c.flags(true, false)
	stream := f.Bool("stream", false, "")
	async := f.Bool("async", false, "")
	task := f.String("task", "", "")
	contextID := f.String("context", "", "")
	data := f.String("data", "", "")
	files := f.StringArray("file", nil, "")
	ops, ok := c.parse(f, args, 1, -1)
	if !ok {
		return agent.StatusUsage
	}
	switch {
	case *stream && *async:
		return c.usage("delegate: --stream and --async cannot be used together")
	case len(ops) == 1 && *data == "" && len(*files) == 0:
		return c.usage("delegate: missing message (TEXT, --data or --file)")
	}
	msg, status := c.message(ops[1:], *data, *files)
	if msg == nil {
		return status
	}
	msg.TaskID, msg.ContextID = sdk.TaskID(*task), *contextID
	if msg.TaskID != "" && msg.ContextID == "" {
		// a task is continued in its context (some agents insist)
		if e := c.taskEffect(msg.TaskID); e != nil {
			msg.ContextID = e.End.Response.Fields["context_id"]
		}
	}
	a, err := c.agent(ops[0])
	if err != nil {
		return c.errStatus(c.Ctx, err, 0)
	}
	req := &Request{Agent: a, Op: OpSend, Message: &sdk.SendMessageRequest{Message: msg}}
	p := &printer{cmd: c}
	switch {
	case *async:
		req.Message.Config = &sdk.SendMessageConfig{ReturnImmediately: true}
	case *stream:
		req.Op = OpStream
		req.Event = p.event
		p.json, p.streaming = f.json, true
	}
	resp, status := c.do(req, f.timeout)
	if resp == nil {
		return status
	}
	if *async && resp.Task != nil && !f.json {
		fmt.Fprintf(&c.out, "%s\n", resp.Task.ID)
		c.stateLine(resp.Task)
		return agent.StatusOK
	}
	return p.result(resp, f.json && !*stream)
}

// message builds the message of delegate: the text (- reads standard
// input), a data part, file parts read from the VFS.
func (c *cmd) message(text []string, data string, files []string) (*sdk.Message, int) {
	var parts []*sdk.Part
	if len(text) == 1 && text[0] == "-" {
		b, err := io.ReadAll(c.Stdin)
		if err != nil {
			return nil, c.fail(agent.StatusUsage, "delegate: standard input: %s", builtins.Reason(err))
		}
		parts = append(parts, sdk.NewTextPart(string(b)))
	} else if len(text) > 0 {
		parts = append(parts, sdk.NewTextPart(strings.Join(text, " ")))
	}
	if data != "" {
		var v any
		if err := json.Unmarshal([]byte(data), &v); err != nil {
			return nil, c.usage("delegate: --data is not JSON: " + err.Error())
		}
		parts = append(parts, sdk.NewDataPart(v))
	}
	for _, name := range files {
		b, err := vfs.ReadFile(c.FS, c.Abs(name))
		if err != nil {
			c.FailErr(name, err)
			return nil, agent.StatusUsage
		}
		p := sdk.NewRawPart(b)
		p.Filename, p.MediaType = path.Base(c.Abs(name)), "application/octet-stream"
		if utf8.Valid(b) {
			p.MediaType = "text/plain"
		}
		parts = append(parts, p)
	}
	return sdk.NewMessage(sdk.MessageRoleUser, parts...), agent.StatusOK
}

// stateLine is the one line on stderr that says where a task stands.
func (c *cmd) stateLine(t *sdk.Task) {
	fmt.Fprintf(c.Stderr, "a2a: task %s %s (context %s)\n", t.ID, StateName(t.Status.State), orNone(t.ContextID))
}

// taskAgent finds the agent of a task: --agent, else the agent of the
// request that the effect log says answered with the task.
func (c *cmd) taskAgent(flag string, task sdk.TaskID) (*Agent, error) {
	if flag != "" {
		return c.agent(flag)
	}
	if e := c.taskEffect(task); e != nil {
		if a, err := c.agent(e.Request.Fields["agent"]); err == nil {
			return a, nil
		}
		return c.agent(e.Request.Fields["url"])
	}
	return nil, &ConfigError{string(task), errors.New("no agent known for this task in the effect log (name it with --agent)")}
}

// taskEffect is the latest request the effect log says an agent answered
// with task, or nil.
func (c *cmd) taskEffect(task sdk.TaskID) *effects.Effect {
	entries, err := c.log.Entries()
	if err != nil {
		return nil
	}
	effs := effects.Collapse(entries)
	for i, e := range slices.Backward(effs) {
		if e.Kind == effects.A2A && e.End != nil && e.End.Response != nil && e.End.Response.Fields["task_id"] == string(task) && e.Request != nil {
			return &effs[i]
		}
	}
	return nil
}

// taskArgs parses the operands of status, wait and cancel and finds the
// task's agent; a nil agent means: return status.
func (c *cmd) taskArgs(f *flags, args []string) (sdk.TaskID, *Agent, int) {
	ops, ok := c.parse(f, args, 1, 1)
	if !ok {
		return "", nil, agent.StatusUsage
	}
	id := sdk.TaskID(ops[0])
	a, err := c.taskAgent(f.agent, id)
	if err != nil {
		return "", nil, c.errStatus(c.Ctx, err, 0)
	}
	return id, a, agent.StatusOK
}

// taskOp makes the request op of the task args name (status, cancel); a
// nil response means: return status.
func (c *cmd) taskOp(args []string, op Op) (*Response, bool, int) {
	f := c.flags(true, true)
	id, a, status := c.taskArgs(f, args)
	if a == nil {
		return nil, false, status
	}
	resp, status := c.do(&Request{Agent: a, Op: op, Task: id}, f.timeout)
	return resp, f.json, status
}

func (c *cmd) status(args []string) int {
	resp, asJSON, status := c.taskOp(args, OpGet)
	if resp == nil {
		return status
	}
	t := resp.Task
	if asJSON {
		c.printJSON(t)
		return Status(t.Status.State)
	}
	fmt.Fprintf(&c.out, "task %s %s (context %s)\n", t.ID, StateName(t.Status.State), orNone(t.ContextID))
	if m := t.Status.Message; m != nil {
		fmt.Fprintf(&c.out, "  message: %s\n", oneLineText(partsText(m.Parts)))
	}
	for _, art := range t.Artifacts {
		fmt.Fprintf(&c.out, "  artifact %s: %d parts\n", orNone(art.Name), len(art.Parts))
	}
	return Status(t.Status.State)
}

// partsText is the text of the text parts.
func partsText(parts []*sdk.Part) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text())
	}
	return b.String()
}

func (c *cmd) wait(args []string) int {
	f := c.flags(true, true)
	id, a, status := c.taskArgs(f, args)
	if a == nil {
		return status
	}
	timeout := f.timeout
	if timeout <= 0 {
		timeout = a.CallTimeout()
	}
	ctx, cancel := context.WithTimeout(c.Ctx, timeout)
	defer cancel()
	resp, err := c.waitFor(ctx, a, id)
	if err != nil {
		return c.errStatus(ctx, err, timeout)
	}
	if !known(resp.Task.Status.State) {
		return c.errStatus(ctx, &StateError{id, resp.Task.Status.State}, timeout)
	}
	return (&printer{cmd: c}).result(resp, f.json)
}

// Polling a task that its agent cannot stream: the first wait, and the
// longest.
const (
	pollFirst = 100 * time.Millisecond
	pollMax   = 5 * time.Second
)

// waitFor waits for a task to stop: it follows the task's events when
// the agent streams (the card says so), and asks again otherwise,
// waiting twice as long each time up to pollMax.
func (c *cmd) waitFor(ctx context.Context, a *Agent, id sdk.TaskID) (*Response, error) {
	delay := pollFirst
	subscribe := true
	for {
		resp, err := c.client.Do(ctx, &Request{Agent: a, Op: OpGet, Task: id})
		if err != nil {
			return nil, err
		}
		st := resp.Task.Status.State
		if Stopped(st) || !known(st) {
			return resp, nil
		}
		if subscribe && resp.Card != nil && resp.Card.Capabilities.Streaming {
			sub, err := c.client.Do(ctx, &Request{Agent: a, Op: OpSubscribe, Task: id})
			var refused *sdk.Error
			if err == nil || ctx.Err() != nil || !errors.As(err, &refused) {
				return sub, err
			}
			// The task may have stopped between the two requests (an
			// agent refuses a subscription to a task no longer running):
			// ask again, and poll from then on.
			subscribe = false
			continue
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(delay):
		}
		delay = min(2*delay, pollMax)
	}
}

func (c *cmd) cancel(args []string) int {
	resp, asJSON, status := c.taskOp(args, OpCancel)
	if resp == nil {
		return status
	}
	if asJSON {
		c.printJSON(resp.Task)
	} else {
		c.stateLine(resp.Task)
	}
	if resp.Task.Status.State == sdk.TaskStateCanceled {
		return agent.StatusOK
	}
	return Status(resp.Task.Status.State)
}

func (c *cmd) list(args []string) int {
	f := c.flags(true, false)
	state := f.String("state", "", "")
	contextID := f.String("context", "", "")
	ops, ok := c.parse(f, args, 0, 1)
	if !ok {
		return agent.StatusUsage
	}
	if len(ops) == 0 {
		if *state != "" || *contextID != "" {
			return c.usage("list: --state and --context need an agent")
		}
		return c.listAgents(f.json)
	}
	lr := &sdk.ListTasksRequest{ContextID: *contextID}
	if *state != "" {
		s, err := ParseState(*state)
		if err != nil {
			return c.usage("list: " + err.Error())
		}
		lr.Status = s
	}
	a, err := c.agent(ops[0])
	if err != nil {
		return c.errStatus(c.Ctx, err, 0)
	}
	resp, status := c.do(&Request{Agent: a, Op: OpList, List: lr}, f.timeout)
	if resp == nil {
		return status
	}
	if f.json {
		c.printJSON(resp.List)
		return agent.StatusOK
	}
	w := tabwriter.NewWriter(&c.out, 0, 0, 2, ' ', 0)
	for _, t := range resp.List.Tasks {
		fmt.Fprintf(w, "%s\t%s\t%s\n", t.ID, StateName(t.Status.State), t.ContextID)
	}
	w.Flush()
	return agent.StatusOK
}

// listAgents prints the configured agents.
func (c *cmd) listAgents(asJSON bool) int {
	cfg, err := c.config()
	if err != nil {
		return c.errStatus(c.Ctx, err, 0)
	}
	names := make([]string, 0, len(cfg.Agents))
	for n := range cfg.Agents {
		names = append(names, n)
	}
	slices.Sort(names)
	if asJSON {
		c.printJSON(cfg.Agents)
		return agent.StatusOK
	}
	w := tabwriter.NewWriter(&c.out, 0, 0, 2, ' ', 0)
	for _, n := range names {
		a := cfg.Agents[n]
		fmt.Fprintf(w, "%s\t%s\t%s\n", n, a.URL, orDefault(a.Transport, TransportAuto))
	}
	w.Flush()
	return agent.StatusOK
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func (c *cmd) add(args []string) int {
	f := c.flags(false, false)
	headers := f.StringArray("header", nil, "")
	transport := f.String("transport", "", "")
	timeout := f.Duration("timeout", 0, "")
	ops, ok := c.parse(f, args, 2, 2)
	if !ok {
		return agent.StatusUsage
	}
	a := &Agent{Name: ops[0], URL: ops[1], Transport: *transport, Timeout: Duration(*timeout)}
	if *timeout < 0 {
		return c.usage("add: --timeout must be positive")
	}
	for _, h := range *headers {
		k, v, ok := strings.Cut(h, ":")
		if !ok || strings.TrimSpace(k) == "" {
			return c.usage(fmt.Sprintf("add: bad header '%s' (want 'NAME: VALUE')", h))
		}
		if a.Headers == nil {
			a.Headers = map[string]string{}
		}
		a.Headers[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	if err := AddAgent(c.FS, path.Join(c.home(), UserConfig), a); err != nil {
		return c.editError(err)
	}
	return agent.StatusOK
}

func (c *cmd) remove(args []string) int {
	f := c.flags(false, false)
	ops, ok := c.parse(f, args, 1, 1)
	if !ok {
		return agent.StatusUsage
	}
	if err := RemoveAgent(c.FS, path.Join(c.home(), UserConfig), ops[0]); err != nil {
		return c.editError(err)
	}
	return agent.StatusOK
}

// editError reports a failure to edit the user's file.
func (c *cmd) editError(err error) int {
	var ce *ConfigError
	if errors.As(err, &ce) {
		return c.fail(agent.StatusUsage, "%v", ce)
	}
	c.FailErr(path.Join(c.home(), UserConfig), err)
	return agent.StatusUsage
}

func (c *cmd) serveOp(args []string) int {
	f := c.flags(false, false)
	addr := f.String("http", "", "")
	name := f.String("name", "moonix", "")
	if _, ok := c.parse(f, args, 0, 0); !ok {
		return agent.StatusUsage
	}
	if *addr == "" {
		return c.usage("serve: --http HOST:PORT is required")
	}
	return c.serve(c.Call, *addr, *name)
}
