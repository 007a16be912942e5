package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/pflag"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// DefaultMaxOutput bounds what mcp call and mcp read print, unless
// --max-output says otherwise.
const DefaultMaxOutput = 64 << 10

// Env is what the mcp command is handed by the shell: its operands and
// stdio, the session's gated filesystem (for the configuration files),
// the environment, and the session's client, already wrapped by the gate
// and the recorder. The command checks nothing and records nothing
// itself.
type Env struct {
	Ctx    context.Context
	Args   []string // Args[0] is the command name
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// FS is the session's filesystem, behind the gate.
	FS vfs.FS
	// Home is the user's home ($HOME), where .mcp.json is.
	Home string
	// LookupEnv reads the shell's exported environment (${env:NAME}).
	LookupEnv func(string) (string, bool)
	Client    Client
	Pool      Manager
	// Serve serves MCP on the command's stdio (mcp serve); nil when the
	// session cannot.
	Serve ServeFunc
}

// Summary is mcp's line in help.
const Summary = "call MCP servers' tools; serve this shell over MCP"

// Usage is mcp --help.
const Usage = `Usage: mcp list [SERVER] [--json]
  or:  mcp info SERVER [--json]
  or:  mcp call SERVER/TOOL [KEY=VALUE]... [KEY:=JSON]... [--args JSON|-] [--json | --structured] [--timeout D] [--max-output N]
  or:  mcp resources SERVER [--json]
  or:  mcp read SERVER URI [--json] [--max-output N]
  or:  mcp prompts SERVER [--json]
  or:  mcp prompt SERVER NAME [KEY=VALUE]... [--json]
  or:  mcp ps [--json]
  or:  mcp restart SERVER
  or:  mcp logs SERVER
  or:  mcp add NAME [--env K=V]... [--cwd DIR] -- COMMAND [ARG]...
  or:  mcp add NAME --url URL [--header 'K: V']...
  or:  mcp add NAME --wasm PATH [-- ARG...]
  or:  mcp remove NAME
  or:  mcp serve
A client of MCP servers, configured in the mcpServers JSON that agent
tools share: /etc/moonix/mcp.json, then $HOME/.mcp.json (in the
filesystem; add and remove edit the latter). A server is a host program
over stdio ("command", "args", "env", "cwd"), a streamable HTTP endpoint
("url", "headers") or a WebAssembly module of the filesystem ("wasm",
"args"); ${env:NAME} in env and headers values is filled from the shell's
environment when the server starts. Optional: "timeout" and
"startupTimeout" (milliseconds, or "30s"), "tools": {"allow": [GLOBS],
"deny": [GLOBS]}, "protocolVersion" (empty: negotiate).
Servers start on first use and keep running for the session; one that
died starts again on the next request; all stop when the shell exits.

  list              the servers: name, transport, state, revision, tools
  list SERVER       its tools: name, required arguments, description
  info SERVER       its identity, revision, capabilities and instructions
  call S/TOOL ...   call a tool; KEY=VALUE is coerced by the tool's input
                    schema (integer, number, boolean), KEY:=JSON is raw,
                    a.b=VALUE nests; the arguments are checked against the
                    schema before anything is sent
  resources, read   list a server's resources; read one
  prompts, prompt   list a server's prompts; get one
  ps                the servers running: pid, calls
  restart, logs     restart a server; print its standard error
  serve             serve this shell over MCP on stdin and stdout
      --json            print the whole result as one line of JSON
      --structured      (call) print only the structured content
      --args JSON|-     (call) the arguments as a JSON object (- reads it)
      --timeout D       give up after D (default: the server's timeout, 10m)
      --max-output N    cut the text printed after N bytes (default 64K)
Text goes to stdout; structured content as compact JSON unless a text
block holds it already; images, audio and blobs as a line naming their
type and size and where the whole result is ('effects show N'): every
request that reaches a server is recorded in the effect log, its result
in the log's store.
Needs: mcp.call:SERVER/TOOL for a call, mcp.call:SERVER/* (or any tool
of SERVER) for the other requests; process.spawn:COMMAND to start a stdio
server, net.connect:HOST:PORT for an HTTP server, fs.exec on a wasm
module; mcp.serve for serve.
Exit status: 0 ok, 1 the tool reported an error, 2 usage, configuration,
schema or capability error, 3 protocol or transport error (a server that
died or wrote what is not MCP), 4 the server needs input a shell cannot
give, 124 timed out, 130 interrupted.
`

// Run runs the mcp command and returns its exit status.
func Run(e *Env) int {
	c := &cmd{Env: e}
	args := e.Args[1:]
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--help" {
			fmt.Fprintf(e.Stdout, "mcp - %s\n\n%s", Summary, Usage)
			return 0
		}
	}
	if len(args) == 0 {
		return c.usage("missing operation")
	}
	op, args := args[0], args[1:]
	switch op {
	case "list":
		return c.list(args)
	case "info":
		return c.info(args)
	case "call":
		return c.call(args)
	case "resources":
		return c.resources(args)
	case "read":
		return c.read(args)
	case "prompts":
		return c.prompts(args)
	case "prompt":
		return c.prompt(args)
	case "ps":
		return c.ps(args)
	case "restart":
		return c.restart(args)
	case "logs":
		return c.logs(args)
	case "add":
		return c.add(args)
	case "remove":
		return c.remove(args)
	case "serve":
		return c.serve(args)
	}
	return c.usage(fmt.Sprintf("unknown operation '%s'", op))
}

type cmd struct {
	*Env
	op string
}

// fail prints "mcp: MSG" (or the gate's words for a denial) and returns
// status.
func (c *cmd) fail(status int, format string, args ...any) int {
	fmt.Fprintf(c.Stderr, "mcp: %s\n", fmt.Sprintf(format, args...))
	return status
}

// usage reports a usage error as GNU tools do: "mcp: MSG", then "Try
// 'mcp --help' for more information.".
func (c *cmd) usage(msg string) int {
	c.fail(agent.StatusUsage, "%s", msg)
	fmt.Fprintln(c.Stderr, "Try 'mcp --help' for more information.")
	return agent.StatusUsage
}

// flags is a flag set for an operation; the common ones are defined.
type flags struct {
	*pflag.FlagSet
	json       bool
	structured bool
	timeout    time.Duration
	maxOutput  int
	args       string
}

func (c *cmd) flags(op string, extra func(*flags)) *flags {
	c.op = op
	f := &flags{FlagSet: pflag.NewFlagSet("mcp "+op, pflag.ContinueOnError)}
	f.SetOutput(io.Discard)
	f.Usage = func() {}
	f.BoolVar(&f.json, "json", false, "")
	if extra != nil {
		extra(f)
	}
	return f
}

func (c *cmd) parse(f *flags, args []string, min, max int) ([]string, bool) {
	ops, err := builtins.Operands(f.FlagSet, args, min, max)
	if err != nil {
		c.usage(fmt.Sprintf("%s: %v", c.op, err))
		return nil, false
	}
	return ops, true
}

// serverArgs parses args and finds the server that the first operand
// names (before any "/"); a nil server means: return status.
func (c *cmd) serverArgs(f *flags, args []string, min, max int) ([]string, *Server, int) {
	ops, ok := c.parse(f, args, min, max)
	if !ok {
		return nil, nil, agent.StatusUsage
	}
	cfg, status := c.config()
	if cfg == nil {
		return nil, nil, status
	}
	name, _, _ := strings.Cut(ops[0], "/")
	s, status := c.server(cfg, name)
	return ops, s, status
}

// config reads the configuration; a problem is reported (status 2).
func (c *cmd) config() (*Config, int) {
	cfg, err := LoadConfig(c.FS, c.Home)
	if err != nil {
		return nil, c.errStatus("", err)
	}
	return cfg, 0
}

// server finds and resolves the server called name.
func (c *cmd) server(cfg *Config, name string) (*Server, int) {
	s, ok := cfg.Servers[name]
	if !ok {
		where := "no configuration file"
		if len(cfg.Files) > 0 {
			where = strings.Join(cfg.Files, " or ")
		}
		return nil, c.fail(agent.StatusUsage, "%s: no such server (not in %s)", name, where)
	}
	r, err := s.Resolve(c.LookupEnv)
	if err != nil {
		return nil, c.fail(agent.StatusUsage, "%v", err)
	}
	return r, 0
}

// do makes a request with the timeout of the server (or --timeout).
func (c *cmd) do(req *Request, timeout time.Duration) (*Response, error, context.Context) {
	if timeout <= 0 {
		timeout = req.Server.CallTimeout()
	}
	ctx, cancel := context.WithTimeout(c.Ctx, timeout)
	defer cancel()
	resp, err := c.Client.Do(ctx, req)
	return resp, err, ctx
}

// errStatus reports err about target and returns its status.
func (c *cmd) errStatus(target string, err error) int {
	prefix := ""
	if target != "" {
		prefix = target + ": "
	}
	var d *caps.DeniedError
	var ce *ConfigError
	var ae *ArgError
	var se *ServerError
	var we *jsonrpc.Error
	switch {
	case errors.As(err, &d):
		fmt.Fprintf(c.Stderr, "moonix: %v\n", d)
		return agent.StatusUsage
	case errors.As(err, &ce):
		return c.fail(agent.StatusUsage, "%v", ce)
	case errors.As(err, &ae):
		return c.fail(agent.StatusUsage, "%s%v", prefix, ae)
	case errors.Is(err, context.DeadlineExceeded):
		return agent.StatusTimeout
	case errors.Is(err, context.Canceled):
		return agent.StatusInterrupted
	case errors.Is(err, ErrNotAvailable):
		return c.fail(agent.StatusUsage, "%v", err)
	case errors.As(err, &se):
		return c.fail(agent.StatusProtocol, "%v", se)
	case errors.As(err, &we):
		return c.fail(agent.StatusProtocol, "%s%s (JSON-RPC error %d)", prefix, we.Message, we.Code)
	}
	return c.fail(agent.StatusProtocol, "%s%s", prefix, oneLine(err))
}

// timeoutStatus reports an expired timeout or an interruption; ok is
// false when err is neither.
func (c *cmd) timeoutStatus(target string, err error, ctx context.Context, timeout time.Duration) (int, bool) {
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) && errors.Is(err, context.Canceled):
		if c.Ctx.Err() == nil {
			c.fail(agent.StatusTimeout, "%s: timed out after %s", target, timeout)
		}
		return agent.StatusTimeout, true
	case errors.Is(err, context.Canceled):
		return agent.StatusInterrupted, true
	}
	return 0, false
}

func (c *cmd) printJSON(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		c.fail(agent.StatusProtocol, "%v", err)
		return
	}
	c.Stdout.Write(append(data, '\n'))
}

func table(w io.Writer, rows [][]string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s
}

// list: the servers, or one server's tools.
func (c *cmd) list(args []string) int {
	f := c.flags("list", nil)
	ops, ok := c.parse(f, args, 0, 1)
	if !ok {
		return agent.StatusUsage
	}
	cfg, status := c.config()
	if cfg == nil {
		return status
	}
	if len(ops) == 1 {
		return c.tools(cfg, ops[0], f)
	}
	type row struct {
		Status
		Error string `json:"error,omitempty"`
	}
	names := cfg.Names()
	rows := make([]row, len(names))
	codes := make([]int, len(names))
	msgs := make([]bytes.Buffer, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Go(func() {
			rows[i].Status = Status{Name: name, Transport: cfg.Servers[name].Transport(), State: "stopped", Tools: -1}
			env := *c.Env
			env.Stderr = &msgs[i]
			sub := &cmd{Env: &env, op: c.op}
			s, st := sub.server(cfg, name)
			if s == nil {
				rows[i].State, codes[i] = "error", st
				return
			}
			resp, err, ctx := sub.do(&Request{Server: s, Method: MethodListTools}, s.StartTimeout())
			if err != nil {
				rows[i].State = "error"
				if caps.IsDenied(err) {
					rows[i].State = "denied"
				}
				if st, ok := sub.timeoutStatus(name, err, ctx, s.StartTimeout()); ok {
					codes[i] = st
				} else {
					codes[i] = sub.errStatus(name, err)
				}
				return
			}
			rows[i].Status = c.Pool.Status(name)
			rows[i].Transport = s.Transport()
			rows[i].Tools = len(filterTools(s, resp.Tools))
			rows[i].Revision = resp.Info.ProtocolVersion
		})
	}
	wg.Wait()
	for i := range msgs {
		rows[i].Error = strings.TrimSpace(msgs[i].String())
		c.Stderr.Write(msgs[i].Bytes())
	}
	if f.json {
		c.printJSON(rows)
	} else if len(rows) > 0 {
		out := [][]string{{"NAME", "TRANSPORT", "STATE", "REVISION", "TOOLS"}}
		for _, r := range rows {
			tools := "-"
			if r.Tools >= 0 {
				tools = strconv.Itoa(r.Tools)
			}
			out = append(out, []string{r.Name, r.Transport, r.State, orDash(r.Revision), tools})
		}
		table(c.Stdout, out)
	}
	return slices.Max(append(codes, 0))
}

// filterTools keeps the tools the server's tools.allow/deny let through.
func filterTools(s *Server, tools []*sdk.Tool) []*sdk.Tool {
	return slices.DeleteFunc(slices.Clone(tools), func(t *sdk.Tool) bool {
		ok, _ := s.Tools.Allows(t.Name)
		return !ok
	})
}

func (c *cmd) tools(cfg *Config, name string, f *flags) int {
	s, status := c.server(cfg, name)
	if s == nil {
		return status
	}
	resp, err, ctx := c.do(&Request{Server: s, Method: MethodListTools}, 0)
	if err != nil {
		return c.requestError(name, err, ctx, s.CallTimeout())
	}
	tools := filterTools(s, resp.Tools)
	if f.json {
		c.printJSON(tools)
		return 0
	}
	var rows [][]string
	for _, t := range tools {
		req := "-"
		if r := required(t.InputSchema); len(r) > 0 {
			req = strings.Join(r, ",")
		}
		rows = append(rows, []string{t.Name, req, firstLine(t.Description)})
	}
	table(c.Stdout, rows)
	return 0
}

// required lists the required top-level arguments of an input schema.
func required(schema any) []string {
	m := schemaMap(schema)
	var out []string
	if r, ok := m["required"].([]any); ok {
		for _, x := range r {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

func (c *cmd) requestError(target string, err error, ctx context.Context, timeout time.Duration) int {
	if st, ok := c.timeoutStatus(target, err, ctx, timeout); ok {
		return st
	}
	return c.errStatus(target, err)
}

// simple makes a request of one server (info, resources, prompts).
func (c *cmd) simple(op, method string, args []string, print func(*Server, *Response)) int {
	f := c.flags(op, nil)
	_, s, status := c.serverArgs(f, args, 1, 1)
	if s == nil {
		return status
	}
	resp, err, ctx := c.do(&Request{Server: s, Method: method}, 0)
	if err != nil {
		return c.requestError(s.Name, err, ctx, s.CallTimeout())
	}
	if f.json {
		c.printJSON(resp.Result(method))
		return 0
	}
	print(s, resp)
	return 0
}

func (c *cmd) info(args []string) int {
	return c.simple("info", MethodInfo, args, func(s *Server, resp *Response) {
		info := resp.Info
		var rows [][]string
		if si := info.ServerInfo; si != nil {
			name := si.Name + " " + si.Version
			if si.Title != "" {
				name += fmt.Sprintf(" (%s)", si.Title)
			}
			rows = append(rows, []string{"server:", name})
		}
		rows = append(rows, []string{"revision:", info.ProtocolVersion})
		where := s.URL + s.Wasm
		if s.Command != "" {
			where = strings.Join(append([]string{s.Command}, s.Args...), " ")
		}
		rows = append(rows, []string{"transport:", s.Transport() + " (" + where + ")"})
		rows = append(rows, []string{"capabilities:", orDash(strings.Join(capabilityNames(info.Capabilities), ", "))})
		table(c.Stdout, rows)
		if instr := strings.TrimSpace(info.Instructions); instr != "" {
			fmt.Fprintln(c.Stdout, "instructions:")
			for _, line := range strings.Split(instr, "\n") {
				fmt.Fprintln(c.Stdout, "  "+line)
			}
		}
	})
}

func capabilityNames(caps *sdk.ServerCapabilities) []string {
	if caps == nil {
		return nil
	}
	var out []string
	add := func(on bool, name string, extra ...string) {
		if !on {
			return
		}
		var more []string
		for i := 0; i+1 < len(extra); i += 2 {
			if extra[i] == "y" {
				more = append(more, extra[i+1])
			}
		}
		if len(more) > 0 {
			name += " (" + strings.Join(more, ", ") + ")"
		}
		out = append(out, name)
	}
	yes := func(b bool) string {
		if b {
			return "y"
		}
		return "n"
	}
	if t := caps.Tools; t != nil {
		add(true, "tools", yes(t.ListChanged), "listChanged")
	}
	if r := caps.Resources; r != nil {
		add(true, "resources", yes(r.Subscribe), "subscribe", yes(r.ListChanged), "listChanged")
	}
	if p := caps.Prompts; p != nil {
		add(true, "prompts", yes(p.ListChanged), "listChanged")
	}
	add(caps.Logging != nil, "logging")
	add(caps.Completions != nil, "completions")
	return out
}

func (c *cmd) resources(args []string) int {
	return c.simple("resources", MethodListResources, args, func(_ *Server, resp *Response) {
		var rows [][]string
		for _, r := range resp.Resources {
			rows = append(rows, []string{r.URI, orDash(r.Name), orDash(r.MIMEType)})
		}
		table(c.Stdout, rows)
	})
}

func (c *cmd) prompts(args []string) int {
	return c.simple("prompts", MethodListPrompts, args, func(_ *Server, resp *Response) {
		var rows [][]string
		for _, p := range resp.Prompts {
			var names []string
			for _, a := range p.Arguments {
				n := a.Name
				if !a.Required {
					n = "[" + n + "]"
				}
				names = append(names, n)
			}
			rows = append(rows, []string{p.Name, orDash(strings.Join(names, ",")), firstLine(p.Description)})
		}
		table(c.Stdout, rows)
	})
}

func (c *cmd) call(args []string) int {
	f := c.flags("call", func(f *flags) {
		f.BoolVar(&f.structured, "structured", false, "")
		f.DurationVar(&f.timeout, "timeout", 0, "")
		f.IntVar(&f.maxOutput, "max-output", DefaultMaxOutput, "")
		f.StringVar(&f.args, "args", "", "")
	})
	ops, ok := c.parse(f, args, 1, -1)
	if !ok {
		return agent.StatusUsage
	}
	if f.json && f.structured {
		return c.usage("call: --json and --structured cannot be used together")
	}
	if f.timeout < 0 || f.maxOutput < 0 {
		return c.usage("call: --timeout and --max-output must not be negative")
	}
	server, tool, ok := strings.Cut(ops[0], "/")
	if !ok || server == "" || tool == "" {
		return c.usage(fmt.Sprintf("call: '%s' is not SERVER/TOOL", ops[0]))
	}
	var base []byte
	if f.Changed("args") {
		base = []byte(f.args)
		if f.args == "-" {
			data, err := io.ReadAll(c.Stdin)
			if err != nil {
				return c.fail(agent.StatusUsage, "call: --args: %v", err)
			}
			base = data
		}
	}
	cfg, status := c.config()
	if cfg == nil {
		return status
	}
	s, status := c.server(cfg, server)
	if s == nil {
		return status
	}
	target := s.Name + "/" + tool
	if ok, why := s.Tools.Allows(tool); !ok {
		return c.fail(agent.StatusUsage, "%s: not allowed by the %s of server '%s' in %s", target, why, s.Name, s.File)
	}
	timeout := f.timeout
	if timeout == 0 {
		timeout = s.CallTimeout()
	}
	// the input schema, from the last listing or a new one
	t, found := c.Pool.Tool(s.Name, tool)
	if !found {
		resp, err, ctx := c.do(&Request{Server: s, Method: MethodListTools}, timeout)
		if err != nil {
			return c.requestError(s.Name, err, ctx, timeout)
		}
		for _, x := range resp.Tools {
			if x.Name == tool {
				t, found = x, true
			}
		}
	}
	if !found {
		return c.fail(agent.StatusUsage, "%s: no such tool (mcp list %s)", target, s.Name)
	}
	arguments, err := BuildArgs(base, ops[1:], t.InputSchema)
	if err != nil {
		return c.errStatus("call "+target, err)
	}
	resp, err, ctx := c.do(&Request{Server: s, Method: MethodCallTool, Name: tool, Args: arguments}, timeout)
	if err != nil {
		if st, ok := c.timeoutStatus(target, err, ctx, timeout); ok {
			return st
		}
		var we *jsonrpc.Error
		if errors.As(err, &we) && toolErrorCode(we.Code) && !caps.IsDenied(err) {
			// a tool error the server raised as a JSON-RPC error
			return c.fail(agent.StatusToolError, "%s: %s", target, we.Message)
		}
		return c.errStatus(target, err)
	}
	res := resp.Call
	switch {
	case res.NeedsInput():
		return c.fail(agent.StatusInputRequired, "%s: the server needs input a shell cannot give (%s)", target, inputKinds(res))
	case f.json:
		c.printJSON(res)
	case f.structured:
		c.printJSON(res.StructuredContent)
	}
	if res.IsError {
		if !f.json {
			var b bytes.Buffer
			c.render(&b, res, resp.Effect, f.maxOutput)
			msg := strings.TrimRight(b.String(), "\n")
			fmt.Fprintf(c.Stderr, "mcp: %s: %s\n", target, orDash(msg))
		}
		return agent.StatusToolError
	}
	if !f.json && !f.structured {
		c.render(c.Stdout, res, resp.Effect, f.maxOutput)
	}
	return 0
}

// toolErrorCode reports whether a JSON-RPC error of this code is the
// tool's (a server that raises its tools' errors), rather than the
// protocol's.
func toolErrorCode(code int64) bool {
	switch code {
	case jsonrpc.CodeParseError, jsonrpc.CodeInvalidRequest, jsonrpc.CodeMethodNotFound, codeRejected:
		return false
	}
	return true
}

// codeRejected is the code of go-sdk's "rejected by transport": the
// request did not reach the server (the cause is wrapped beside it).
const codeRejected = -32005

func inputKinds(res *sdk.CallToolResult) string {
	data, _ := json.Marshal(res.InputRequests)
	var reqs map[string]struct {
		Method string `json:"method"`
	}
	json.Unmarshal(data, &reqs)
	var kinds []string
	for _, r := range reqs {
		if r.Method != "" {
			kinds = append(kinds, r.Method)
		}
	}
	slices.Sort(kinds)
	if len(kinds) == 0 {
		return "input_required"
	}
	return strings.Join(slices.Compact(kinds), ", ")
}

// render writes a tool result as text, cut after max bytes.
func (c *cmd) render(w io.Writer, res *sdk.CallToolResult, effect string, max int) {
	var b bytes.Buffer
	var texts []string
	for _, content := range res.Content {
		switch x := content.(type) {
		case *sdk.TextContent:
			texts = append(texts, x.Text)
			line(&b, x.Text)
		case *sdk.ImageContent:
			line(&b, stub("image", x.MIMEType, len(x.Data), effect))
		case *sdk.AudioContent:
			line(&b, stub("audio", x.MIMEType, len(x.Data), effect))
		case *sdk.ResourceLink:
			line(&b, fmt.Sprintf("[resource link: %s%s]", x.URI, paren(x.Name)))
		case *sdk.EmbeddedResource:
			r := x.Resource
			if r == nil {
				continue
			}
			if r.Blob != nil || r.Text == "" && r.MIMEType != "" && !strings.HasPrefix(r.MIMEType, "text/") {
				line(&b, stub("blob "+r.URI, r.MIMEType, len(r.Blob), effect))
			} else {
				texts = append(texts, r.Text)
				line(&b, r.Text)
			}
		default:
			data, _ := json.Marshal(content)
			line(&b, fmt.Sprintf("[content %s]", data))
		}
	}
	if res.StructuredContent != nil && !holds(texts, res.StructuredContent) {
		data, _ := json.Marshal(res.StructuredContent)
		line(&b, string(data))
	}
	writeCut(w, b.Bytes(), max, effect)
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

func line(b *bytes.Buffer, s string) {
	b.WriteString(s)
	if !strings.HasSuffix(s, "\n") {
		b.WriteByte('\n')
	}
}

// stub is the line that stands for binary content.
func stub(kind, mime string, size int, effect string) string {
	return fmt.Sprintf("[%s %s, %s: %s]", kind, orDash(mime), sizeText(int64(size)), where(effect))
}

func where(effect string) string {
	if effect == "" {
		return "not kept"
	}
	return "the whole result is in 'effects show " + effect + "'"
}

func sizeText(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/1024)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// holds reports whether the texts say what v says: one of them is v as
// JSON, or v is an object of one string field that is the text (as the
// filesystem server's {"content": TEXT}).
func holds(texts []string, v any) bool {
	if m, ok := v.(map[string]any); ok && len(m) == 1 {
		for _, x := range m {
			if s, ok := x.(string); ok && strings.TrimSpace(s) == strings.TrimSpace(strings.Join(texts, "")) {
				return true
			}
		}
	}
	want, _ := json.Marshal(v)
	for _, t := range texts {
		var x any
		if json.Unmarshal([]byte(t), &x) != nil {
			continue
		}
		if got, _ := json.Marshal(x); bytes.Equal(got, want) {
			return true
		}
	}
	return false
}

// writeCut writes data, or its first max bytes (at a character boundary)
// and a trailer saying how much there was and where the rest is.
func writeCut(w io.Writer, data []byte, max int, effect string) {
	if len(data) <= max {
		w.Write(data)
		return
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(data[cut]) {
		cut--
	}
	w.Write(data[:cut])
	if cut > 0 && data[cut-1] != '\n' {
		w.Write([]byte("\n"))
	}
	fmt.Fprintf(w, "[output cut at %s of %s: %s]\n", sizeText(int64(cut)), sizeText(int64(len(data))), where(effect))
}

func (c *cmd) read(args []string) int {
	f := c.flags("read", func(f *flags) {
		f.IntVar(&f.maxOutput, "max-output", DefaultMaxOutput, "")
		f.DurationVar(&f.timeout, "timeout", 0, "")
	})
	ops, s, status := c.serverArgs(f, args, 2, 2)
	if s == nil {
		return status
	}
	resp, err, ctx := c.do(&Request{Server: s, Method: MethodReadResource, Name: ops[1]}, f.timeout)
	if err != nil {
		return c.requestError(s.Name, err, ctx, max(f.timeout, s.CallTimeout()))
	}
	if resp.Read.NeedsInput() {
		return c.fail(agent.StatusInputRequired, "%s: the server needs input a shell cannot give", s.Name)
	}
	if f.json {
		c.printJSON(resp.Read)
		return 0
	}
	var b bytes.Buffer
	for _, r := range resp.Read.Contents {
		if r.Blob != nil {
			line(&b, stub("blob "+r.URI, r.MIMEType, len(r.Blob), resp.Effect))
			continue
		}
		line(&b, r.Text)
	}
	writeCut(c.Stdout, b.Bytes(), f.maxOutput, resp.Effect)
	return 0
}

func (c *cmd) prompt(args []string) int {
	f := c.flags("prompt", nil)
	ops, s, status := c.serverArgs(f, args, 2, -1)
	if s == nil {
		return status
	}
	pargs := map[string]any{}
	for _, op := range ops[2:] {
		k, v, ok := strings.Cut(op, "=")
		if !ok || k == "" {
			return c.usage(fmt.Sprintf("prompt: %q is not KEY=VALUE", op))
		}
		pargs[k] = v
	}
	resp, err, ctx := c.do(&Request{Server: s, Method: MethodGetPrompt, Name: ops[1], Args: pargs}, 0)
	if err != nil {
		return c.requestError(s.Name, err, ctx, s.CallTimeout())
	}
	if f.json {
		c.printJSON(resp.Prompt)
		return 0
	}
	for _, m := range resp.Prompt.Messages {
		text := ""
		switch x := m.Content.(type) {
		case *sdk.TextContent:
			text = x.Text
		default:
			data, _ := json.Marshal(x)
			text = string(data)
		}
		fmt.Fprintf(c.Stdout, "%s: %s\n", m.Role, strings.TrimRight(text, "\n"))
	}
	return 0
}

func (c *cmd) ps(args []string) int {
	f := c.flags("ps", nil)
	if _, ok := c.parse(f, args, 0, 0); !ok {
		return agent.StatusUsage
	}
	running := c.Pool.Running()
	if f.json {
		c.printJSON(orEmpty(running))
		return 0
	}
	if len(running) == 0 {
		return 0
	}
	rows := [][]string{{"NAME", "STATE", "PID", "TRANSPORT", "REVISION", "CALLS"}}
	for _, st := range running {
		pid := "-"
		if st.Pid > 0 {
			pid = strconv.Itoa(st.Pid)
		}
		state := st.State
		if st.Exit != "" {
			state += " (" + st.Exit + ")"
		}
		rows = append(rows, []string{st.Name, state, pid, st.Transport, orDash(st.Revision), strconv.Itoa(st.Calls)})
	}
	table(c.Stdout, rows)
	return 0
}

func (c *cmd) restart(args []string) int {
	f := c.flags("restart", nil)
	_, s, status := c.serverArgs(f, args, 1, 1)
	if s == nil {
		return status
	}
	c.Pool.Stop(s.Name)
	if _, err, ctx := c.do(&Request{Server: s, Method: MethodInfo}, s.StartTimeout()); err != nil {
		return c.requestError(s.Name, err, ctx, s.StartTimeout())
	}
	return 0
}

func (c *cmd) logs(args []string) int {
	f := c.flags("logs", nil)
	ops, ok := c.parse(f, args, 1, 1)
	if !ok {
		return agent.StatusUsage
	}
	cfg, status := c.config()
	if cfg == nil {
		return status
	}
	if _, ok := cfg.Servers[ops[0]]; !ok {
		return c.fail(agent.StatusUsage, "%s: no such server", ops[0])
	}
	c.Stdout.Write(c.Pool.Logs(ops[0]))
	return 0
}

func (c *cmd) userConfig() string { return path.Join(c.Home, UserConfig) }

func (c *cmd) add(args []string) int {
	var env, headers []string
	var url, wasm, cwd string
	f := c.flags("add", func(f *flags) {
		f.StringArrayVar(&env, "env", nil, "")
		f.StringArrayVar(&headers, "header", nil, "")
		f.StringVar(&url, "url", "", "")
		f.StringVar(&wasm, "wasm", "", "")
		f.StringVar(&cwd, "cwd", "", "")
	})
	ops, ok := c.parse(f, args, 1, -1)
	if !ok {
		return agent.StatusUsage
	}
	// NAME, then the command after --
	s := &Server{Name: ops[0], URL: url, Wasm: wasm, Cwd: cwd}
	var rest []string
	if dash := f.ArgsLenAtDash(); dash >= 0 {
		if dash > 1 {
			return c.usage(fmt.Sprintf("add: extra operand '%s' (the command goes after --)", ops[1]))
		}
		rest = ops[dash:]
	} else if len(ops) > 1 {
		return c.usage(fmt.Sprintf("add: extra operand '%s' (the command goes after --)", ops[1]))
	}
	switch {
	case url != "" && (len(rest) > 0 || len(env) > 0 || wasm != ""):
		return c.usage("add: --url takes no command, --env or --wasm")
	case url == "" && wasm == "":
		if len(rest) == 0 {
			return c.usage("add: missing command (mcp add NAME -- COMMAND [ARG]...)")
		}
		s.Command, s.Args = rest[0], rest[1:]
	case wasm != "":
		s.Args = rest
	}
	if len(headers) > 0 && url == "" {
		return c.usage("add: --header needs --url")
	}
	for _, kv := range env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return c.usage(fmt.Sprintf("add: --env %q is not K=V", kv))
		}
		if s.Env == nil {
			s.Env = map[string]string{}
		}
		s.Env[k] = v
	}
	for _, h := range headers {
		k, v, ok := strings.Cut(h, ":")
		if !ok || strings.TrimSpace(k) == "" {
			return c.usage(fmt.Sprintf("add: --header %q is not 'K: V'", h))
		}
		if s.Headers == nil {
			s.Headers = map[string]string{}
		}
		s.Headers[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	if err := AddServer(c.FS, c.userConfig(), s); err != nil {
		return c.errStatus("", err)
	}
	return 0
}

func (c *cmd) remove(args []string) int {
	f := c.flags("remove", nil)
	ops, ok := c.parse(f, args, 1, 1)
	if !ok {
		return agent.StatusUsage
	}
	if err := RemoveServer(c.FS, c.userConfig(), ops[0]); err != nil {
		return c.errStatus("", err)
	}
	c.Pool.Stop(ops[0])
	return 0
}

func (c *cmd) serve(args []string) int {
	f := c.flags("serve", nil)
	if _, ok := c.parse(f, args, 0, 0); !ok {
		return agent.StatusUsage
	}
	if c.Serve == nil {
		return c.fail(agent.StatusUsage, "serve: not available in this session")
	}
	return c.Serve(c.Ctx, c.Stdin, c.Stdout, c.Stderr)
}
