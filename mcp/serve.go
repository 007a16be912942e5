package mcp

import (
	"bufio"
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"reflect"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/kv"
	"github.com/moonix-sh/moonix/vfs"
)

// Shell is the session moonix's MCP server exposes: one persistent shell
// (variables, functions and the working directory carry over between
// calls, as in a terminal), with its filesystem behind the session's
// gate. shell.Captured is the session's.
type Shell interface {
	// Run runs a script in the session and returns what it did.
	Run(ctx context.Context, script string) agent.Result
	// FS is the session's filesystem, behind its gate.
	FS() vfs.FS
	// Dir is the working directory.
	Dir() string
	// Getenv reads a variable of the shell.
	Getenv(name string) string
}

// ServerOptions configure moonix's MCP server.
type ServerOptions struct {
	// Version is moonix's, which the server names itself with.
	Version string
	// Timeout bounds every call (0: none); run's timeout_ms may only
	// shorten it.
	Timeout time.Duration
	// Log records every tool call (kind mcp-in); nil records nothing.
	Log *effects.Log
}

// MaxFrame is the largest message the stdio server reads: a longer line
// is answered with an error and skipped.
const MaxFrame = 4 << 20

// NewServer returns the MCP server of sh: the tools run, read_file,
// write_file, list_dir, diff, snapshot, rollback, history and effects,
// the state tools, and the effect log as a resource. Calls are answered
// one at a time, each as the same command typed
// at the shell's prompt would be: through the session's gate, a denial a
// tool error that names the capability.
func NewServer(sh Shell, opts ServerOptions) *sdk.Server {
	srv, _ := newServer(sh, opts, nil)
	return srv
}

// newServer is NewServer with its calls ended when life ends (nil: never).
func newServer(sh Shell, opts ServerOptions, life context.Context) (*sdk.Server, *server) {
	s := &server{sh: sh, opts: opts, life: life}
	srv := sdk.NewServer(&sdk.Implementation{Name: "moonix", Title: "moonix shell", Version: opts.Version}, &sdk.ServerOptions{
		Instructions: serverInstructions,
		Capabilities: &sdk.ServerCapabilities{},
	})
	srv.AddReceivingMiddleware(recoverPanics)
	if opts.Log != nil {
		srv.AddReceivingMiddleware(RecordInbound(opts.Log))
	}
	s.addTools(srv)
	srv.AddResource(&sdk.Resource{
		URI: "moonix://effects", Name: "effects", MIMEType: "application/json",
		Description: "the session's effect log: every effect and denial, as effects --all --json prints it",
	}, s.effectsResource)
	return srv, s
}

// anyJSON is the schema of a value that may be any JSON: explicit types,
// for the clients (the v1 TypeScript SDK) that refuse the schema "true"
// that an interface would otherwise get.
var anyJSON = &jsonschema.Schema{Types: []string{"null", "boolean", "number", "string", "array", "object"}}

// addTool adds a tool whose schemas are inferred from In and Out, any
// JSON value written out as anyJSON.
func addTool[In, Out any](srv *sdk.Server, t *sdk.Tool, h sdk.ToolHandlerFor[In, Out]) {
	opts := &jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{reflect.TypeFor[any](): anyJSON}}
	in, err := jsonschema.For[In](opts)
	if err != nil {
		panic(fmt.Sprintf("tool %s: %v", t.Name, err))
	}
	out, err := jsonschema.For[Out](opts)
	if err != nil {
		panic(fmt.Sprintf("tool %s: %v", t.Name, err))
	}
	t.InputSchema, t.OutputSchema = in, out
	sdk.AddTool(srv, t, h)
}

// recoverPanics answers a request whose handler panicked with an internal
// error, instead of letting the panic end the server.
func recoverPanics(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (res sdk.Result, err error) {
		defer func() {
			if v := recover(); v != nil {
				res, err = nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: fmt.Sprintf("internal error in %s: %v", method, v)}
			}
		}()
		return next(ctx, method, req)
	}
}

const serverInstructions = `moonix is a sandboxed POSIX-like shell on a virtual filesystem whose history is a git repository. "run" runs a script in one persistent shell session: variables, functions and the working directory carry over between calls. Every operation passes a capability gate; a denial names the capability it needed. Snapshot before risky changes, roll back to undo them; what left the sandbox (HTTP requests, MCP calls) is in the effect log and cannot be undone. "state_*" keep JSON values by key in the filesystem, versioned with it.`

// server answers the tools' calls, one at a time.
type server struct {
	sh   Shell
	opts ServerOptions
	mu   sync.Mutex
	// life ends when the client is gone (ServeStdio): a call under way
	// stops then.
	life context.Context
}

// begin serialises a call and bounds it; end releases it.
func (s *server) begin(ctx context.Context, timeout time.Duration) (context.Context, func()) {
	s.mu.Lock()
	var cancel context.CancelFunc = func() {}
	if s.life != nil {
		var stop func() bool
		ctx, cancel = context.WithCancel(ctx)
		stop = context.AfterFunc(s.life, cancel)
		prev := cancel
		cancel = func() { stop(); prev() }
	}
	if t := s.opts.Timeout; t > 0 && (timeout <= 0 || t < timeout) {
		timeout = t
	}
	if timeout > 0 {
		var c2 context.CancelFunc
		ctx, c2 = context.WithTimeout(ctx, timeout)
		prev := cancel
		cancel = func() { c2(); prev() }
	}
	return ctx, func() {
		cancel()
		s.mu.Unlock()
	}
}

// The tools' inputs and outputs.
type (
	runIn struct {
		Script    string `json:"script" jsonschema:"the shell script to run (bash syntax)"`
		TimeoutMS int    `json:"timeout_ms,omitempty" jsonschema:"give up after this many milliseconds (exit_code 124)"`
	}
	pathIn struct {
		Path string `json:"path" jsonschema:"a path, absolute or relative to the shell's working directory"`
	}
	readIn struct {
		Path   string `json:"path" jsonschema:"a path, absolute or relative to the shell's working directory"`
		Offset int    `json:"offset,omitempty" jsonschema:"the first line to return, counting from 1"`
		Limit  int    `json:"limit,omitempty" jsonschema:"how many lines to return (default: all, up to 1 MiB)"`
	}
	readOut struct {
		Path            string `json:"path"`
		Content         string `json:"content"`
		ContentEncoding string `json:"content_encoding,omitempty" jsonschema:"base64 when the content is not UTF-8"`
		Lines           int    `json:"lines" jsonschema:"the number of lines in the file"`
		Truncated       bool   `json:"truncated" jsonschema:"whether the content was cut at 1 MiB"`
	}
	writeIn struct {
		Path    string `json:"path" jsonschema:"a path, absolute or relative to the shell's working directory; its directory must exist"`
		Content string `json:"content" jsonschema:"the file's new content"`
	}
	writeOut struct {
		Path  string `json:"path"`
		Bytes int    `json:"bytes"`
	}
	dirEntry struct {
		Name string `json:"name"`
		Type string `json:"type" jsonschema:"file, dir, symlink or other"`
		Size int64  `json:"size"`
		Mode string `json:"mode"`
	}
	listOut struct {
		Path    string     `json:"path"`
		Entries []dirEntry `json:"entries"`
	}
	diffIn struct {
		From string `json:"from,omitempty" jsonschema:"a snapshot (id prefix, branch, HEAD~N); default the current snapshot"`
		To   string `json:"to,omitempty" jsonschema:"a snapshot; default the working tree"`
	}
	diffChange struct {
		Path string `json:"path"`
		Kind string `json:"kind" jsonschema:"added, modified or removed"`
		Diff string `json:"diff"`
	}
	diffOut struct {
		Changes []diffChange `json:"changes"`
	}
	snapshotIn struct {
		Message string `json:"message" jsonschema:"what the snapshot holds"`
	}
	snapshotOut struct {
		ID      string `json:"id"`
		Short   string `json:"short"`
		Message string `json:"message"`
		Time    string `json:"time"`
		Parent  string `json:"parent"`
		Branch  string `json:"branch,omitempty"`
		Created bool   `json:"created,omitempty" jsonschema:"false when nothing changed since the current snapshot"`
		Current bool   `json:"current,omitempty"`
	}
	rollbackIn struct {
		ID     string `json:"id" jsonschema:"the snapshot: id prefix, branch, HEAD~N"`
		DryRun bool   `json:"dry_run,omitempty" jsonschema:"only say what would change"`
	}
	rollbackOut struct {
		Snapshot snapshotOut `json:"snapshot"`
		Changes  []any       `json:"changes,omitempty" jsonschema:"with dry_run: the paths that would change"`
		Warnings string      `json:"warnings,omitempty" jsonschema:"the external effects since then, which a rollback cannot undo, and where unsaved changes were kept"`
	}
	historyIn struct {
		Limit int `json:"limit,omitempty" jsonschema:"at most this many snapshots, newest first"`
	}
	historyOut struct {
		Snapshots []snapshotOut `json:"snapshots"`
	}
	effectsIn struct {
		Since string `json:"since,omitempty" jsonschema:"only what was logged after this snapshot"`
	}
	effectsOut struct {
		Effects []any `json:"effects" jsonschema:"the entries, as effects --json prints them"`
	}
)

func (s *server) addTools(srv *sdk.Server) {
	yes, no := true, false
	ann := func(readOnly, destructive, idempotent, openWorld bool) *sdk.ToolAnnotations {
		a := &sdk.ToolAnnotations{ReadOnlyHint: readOnly, IdempotentHint: idempotent, OpenWorldHint: &no}
		if !readOnly {
			if destructive {
				a.DestructiveHint = &yes
			} else {
				a.DestructiveHint = &no
			}
		}
		if openWorld {
			a.OpenWorldHint = &yes
		}
		return a
	}
	addTool(srv, &sdk.Tool{
		Name: "run", Title: "Run a shell script",
		Description: "Run a script in the persistent moonix shell session and return its output, exit code, the paths it changed, the effects it made (HTTP requests, MCP calls...), the current snapshot and the working directory. Each stream keeps its first 1 MiB; a stream that is not UTF-8 is base64 with its encoding field set.",
		Annotations: ann(false, true, false, true),
	}, s.run)
	addTool(srv, &sdk.Tool{Name: "read_file", Title: "Read a file", Description: "Read a file of the sandbox, whole or some of its lines.", Annotations: ann(true, false, true, false)}, s.readFile)
	addTool(srv, &sdk.Tool{Name: "write_file", Title: "Write a file", Description: "Create or replace a file of the sandbox.", Annotations: ann(false, true, true, false)}, s.writeFile)
	addTool(srv, &sdk.Tool{Name: "list_dir", Title: "List a directory", Description: "List the entries of a directory of the sandbox.", Annotations: ann(true, false, true, false)}, s.listDir)
	addTool(srv, &sdk.Tool{Name: "diff", Title: "Compare snapshots", Description: "The changes between two snapshots, or between a snapshot and the working tree (default: the current snapshot and the working tree), as unified diffs.", Annotations: ann(true, false, true, false)}, s.diff)
	addTool(srv, &sdk.Tool{Name: "snapshot", Title: "Take a snapshot", Description: "Record the whole filesystem, the exported environment and the working directory as a snapshot; nothing is made when nothing changed.", Annotations: ann(false, false, true, false)}, s.snapshot)
	addTool(srv, &sdk.Tool{Name: "rollback", Title: "Roll back", Description: "Restore the filesystem, environment and working directory of a snapshot; later snapshots stay in the history. Changes not snapshotted are kept as a snapshot on no branch (history --all), which the id - brings back. External effects made since then cannot be undone and are listed as warnings.", Annotations: ann(false, true, true, false)}, s.rollback)
	addTool(srv, &sdk.Tool{Name: "history", Title: "List snapshots", Description: "The snapshots of the current branch, newest first.", Annotations: ann(true, false, true, false)}, s.history)
	addTool(srv, &sdk.Tool{Name: "effects", Title: "List effects", Description: "The effect log: what left the sandbox (HTTP requests, MCP calls, host programs, real clock and random reads) and the calls made of this server, oldest first.", Annotations: ann(true, false, true, false)}, s.effects)
	s.addStateTools(srv, ann)
}

func (s *server) run(ctx context.Context, _ *sdk.CallToolRequest, in runIn) (*sdk.CallToolResult, agent.Result, error) {
	if in.TimeoutMS < 0 {
		return nil, agent.Result{}, errors.New("timeout_ms must not be negative")
	}
	ctx, end := s.begin(ctx, time.Duration(in.TimeoutMS)*time.Millisecond)
	defer end()
	return nil, s.sh.Run(ctx, in.Script), nil
}

// abs makes p absolute against the shell's working directory.
func (s *server) abs(p string) string { return vfs.Clean(s.sh.Dir(), p) }

// fsError words a filesystem error as the shell's commands do: a denial
// as the gate says it, others as "path: reason".
func fsError(p string, err error) error {
	var d *caps.DeniedError
	if errors.As(err, &d) {
		return fmt.Errorf("moonix: %v", d)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %s", p, builtins.Reason(pe.Err))
	}
	return err
}

func (s *server) readFile(ctx context.Context, _ *sdk.CallToolRequest, in readIn) (*sdk.CallToolResult, readOut, error) {
	_, end := s.begin(ctx, 0)
	defer end()
	p := s.abs(in.Path)
	if in.Offset < 0 || in.Limit < 0 {
		return nil, readOut{}, errors.New("offset and limit must not be negative")
	}
	data, err := readPath(s.sh.FS(), p)
	if err != nil {
		return nil, readOut{}, fsError(in.Path, err)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	out := readOut{Path: p, Lines: len(lines)}
	from := max(in.Offset, 1) - 1
	to := len(lines)
	if in.Limit > 0 {
		to = min(to, from+in.Limit)
	}
	var sel []byte
	if from < len(lines) {
		sel = bytes.Join(lines[from:to], nil)
	}
	var st agent.Stream
	st.Write(sel)
	out.Content, out.ContentEncoding, out.Truncated = st.Text()
	return nil, out, nil
}

// readPath reads a regular file through fsys.
func readPath(fsys vfs.FS, p string) ([]byte, error) {
	info, err := fsys.Stat(p)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: p, Err: errors.New("is a directory")}
	}
	return vfs.ReadFile(fsys, p)
}

func (s *server) writeFile(ctx context.Context, _ *sdk.CallToolRequest, in writeIn) (*sdk.CallToolResult, writeOut, error) {
	_, end := s.begin(ctx, 0)
	defer end()
	p := s.abs(in.Path)
	f, err := s.sh.FS().OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, writeOut{}, fsError(in.Path, err)
	}
	_, err = io.WriteString(f, in.Content)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, writeOut{}, fsError(in.Path, err)
	}
	return nil, writeOut{Path: p, Bytes: len(in.Content)}, nil
}

func (s *server) listDir(ctx context.Context, _ *sdk.CallToolRequest, in pathIn) (*sdk.CallToolResult, listOut, error) {
	_, end := s.begin(ctx, 0)
	defer end()
	p := s.abs(in.Path)
	entries, err := s.sh.FS().ReadDir(p)
	if err != nil {
		return nil, listOut{}, fsError(in.Path, err)
	}
	out := listOut{Path: p, Entries: []dirEntry{}}
	for _, e := range entries {
		d := dirEntry{Name: e.Name(), Type: "other"}
		switch t := e.Type(); {
		case t.IsDir():
			d.Type = "dir"
		case t&fs.ModeSymlink != 0:
			d.Type = "symlink"
		case t.IsRegular():
			d.Type = "file"
		}
		if info, err := e.Info(); err == nil {
			d.Size, d.Mode = info.Size(), info.Mode().String()
		}
		out.Entries = append(out.Entries, d)
	}
	return nil, out, nil
}

// quote makes s one word of the shell.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// command runs a moonix command (not a function of the same name) in the
// session and decodes its JSON output into out; a failure is a tool
// error with the command's message.
func (s *server) command(ctx context.Context, out any, args ...string) (agent.Result, error) {
	words := []string{"command"}
	for _, a := range args {
		words = append(words, quote(a))
	}
	res := s.sh.Run(ctx, strings.Join(words, " "))
	// diff says "different" with status 1
	if res.ExitCode != 0 && !(args[0] == "diff" && res.ExitCode == 1 && res.Stdout != "") {
		msg := strings.TrimSpace(res.Stderr)
		if msg == "" {
			msg = fmt.Sprintf("%s exited with status %d", args[0], res.ExitCode)
		}
		return res, errors.New(msg)
	}
	if out != nil {
		if err := json.Unmarshal([]byte(res.Stdout), out); err != nil {
			return res, fmt.Errorf("%s --json: %v", args[0], err)
		}
	}
	return res, nil
}

func (s *server) diff(ctx context.Context, _ *sdk.CallToolRequest, in diffIn) (*sdk.CallToolResult, diffOut, error) {
	ctx, end := s.begin(ctx, 0)
	defer end()
	if in.To != "" && in.From == "" {
		return nil, diffOut{}, errors.New("to needs from")
	}
	args := []string{"diff", "--json"}
	for _, x := range []string{in.From, in.To} {
		if x != "" {
			args = append(args, x)
		}
	}
	out := diffOut{Changes: []diffChange{}}
	if _, err := s.command(ctx, &out.Changes, args...); err != nil {
		return nil, diffOut{}, err
	}
	return nil, out, nil
}

func (s *server) snapshot(ctx context.Context, _ *sdk.CallToolRequest, in snapshotIn) (*sdk.CallToolResult, snapshotOut, error) {
	ctx, end := s.begin(ctx, 0)
	defer end()
	var out snapshotOut
	_, err := s.command(ctx, &out, "snapshot", "--json", "-m", in.Message)
	return nil, out, err
}

func (s *server) rollback(ctx context.Context, _ *sdk.CallToolRequest, in rollbackIn) (*sdk.CallToolResult, rollbackOut, error) {
	ctx, end := s.begin(ctx, 0)
	defer end()
	args := []string{"rollback", "--json"}
	if in.DryRun {
		args = append(args, "--dry-run")
	}
	var raw struct {
		snapshotOut
		Changes []any `json:"changes"`
	}
	res, err := s.command(ctx, &raw, append(args, "--", in.ID)...)
	if err != nil {
		return nil, rollbackOut{}, err
	}
	return nil, rollbackOut{Snapshot: raw.snapshotOut, Changes: raw.Changes, Warnings: strings.TrimSpace(res.Stderr)}, nil
}

func (s *server) history(ctx context.Context, _ *sdk.CallToolRequest, in historyIn) (*sdk.CallToolResult, historyOut, error) {
	ctx, end := s.begin(ctx, 0)
	defer end()
	args := []string{"history", "--json"}
	if in.Limit > 0 {
		args = append(args, "-n", fmt.Sprint(in.Limit))
	}
	out := historyOut{Snapshots: []snapshotOut{}}
	_, err := s.command(ctx, &out.Snapshots, args...)
	return nil, out, err
}

func (s *server) effects(ctx context.Context, _ *sdk.CallToolRequest, in effectsIn) (*sdk.CallToolResult, effectsOut, error) {
	ctx, end := s.begin(ctx, 0)
	defer end()
	args := []string{"effects", "--json"}
	if in.Since != "" {
		args = append(args, "--since", in.Since)
	}
	out := effectsOut{Effects: []any{}}
	_, err := s.command(ctx, &out.Effects, args...)
	return nil, out, err
}

func (s *server) effectsResource(ctx context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	ctx, end := s.begin(ctx, 0)
	defer end()
	res, err := s.command(ctx, nil, "effects", "--all", "--json")
	if err != nil {
		return nil, err
	}
	return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: res.Stdout}}}, nil
}

// The state tools' inputs and outputs.
type (
	keyIn struct {
		Key string `json:"key" jsonschema:"1 to 256 bytes of UTF-8, without '..', NUL or control characters"`
	}
	storeIn struct {
		Key   string `json:"key" jsonschema:"1 to 256 bytes of UTF-8, without '..', NUL or control characters"`
		Value any    `json:"value" jsonschema:"any JSON value"`
	}
	storeOut struct {
		Key string `json:"key"`
	}
	retrieveOut struct {
		Key   string `json:"key"`
		Found bool   `json:"found"`
		Value any    `json:"value,omitempty"`
	}
	deleteOut struct {
		Key     string `json:"key"`
		Deleted bool   `json:"deleted" jsonschema:"false when the key had no value"`
	}
	existsOut struct {
		Key    string `json:"key"`
		Exists bool   `json:"exists"`
	}
	listIn struct {
		Prefix string `json:"prefix,omitempty" jsonschema:"only the keys that begin with it"`
	}
	listKeysOut struct {
		Keys []string `json:"keys"`
	}
	batchStoreIn struct {
		Items []storeIn `json:"items" jsonschema:"the keys and values to store, all or none"`
	}
	batchStoreOut struct {
		Stored int `json:"stored"`
	}
	batchRetrieveIn struct {
		Keys []string `json:"keys"`
	}
	batchRetrieveOut struct {
		Items []retrieveOut `json:"items"`
	}
)

func (s *server) store() *kv.Store {
	home := s.sh.Getenv("HOME")
	if home == "" {
		home = "/work"
	}
	return kv.New(s.sh.FS(), home)
}

// stateError words a store error: a bad key names its rule, a denial
// its capability.
func stateError(err error) error {
	var ke *kv.KeyError
	if errors.As(err, &ke) {
		return err
	}
	var pe *fs.PathError
	if errors.As(err, &pe) || caps.IsDenied(err) {
		p := ""
		if pe != nil {
			p = path.Base(pe.Path)
		}
		return fsError(p, err)
	}
	return err
}

func (s *server) addStateTools(srv *sdk.Server, ann func(readOnly, destructive, idempotent, openWorld bool) *sdk.ToolAnnotations) {
	where := " Values live in the sandbox's filesystem under $HOME/.local/state/moonix/kv/, one file per key, so they are snapshotted and rolled back with it; the state built-in of the shell reads and writes the same values."
	addTool(srv, &sdk.Tool{Name: "state_store", Title: "Store a value", Description: "Store a JSON value under a key, replacing any value it had." + where, Annotations: ann(false, true, true, false)},
		func(ctx context.Context, _ *sdk.CallToolRequest, in storeIn) (*sdk.CallToolResult, storeOut, error) {
			_, end := s.begin(ctx, 0)
			defer end()
			data, err := json.Marshal(in.Value)
			if err != nil {
				return nil, storeOut{}, err
			}
			if err := s.store().Put(in.Key, data); err != nil {
				return nil, storeOut{}, stateError(err)
			}
			return nil, storeOut{Key: in.Key}, nil
		})
	addTool(srv, &sdk.Tool{Name: "state_retrieve", Title: "Retrieve a value", Description: "The JSON value stored under a key; found is false when there is none." + where, Annotations: ann(true, false, true, false)},
		func(ctx context.Context, _ *sdk.CallToolRequest, in keyIn) (*sdk.CallToolResult, retrieveOut, error) {
			_, end := s.begin(ctx, 0)
			defer end()
			return s.retrieve(in.Key)
		})
	addTool(srv, &sdk.Tool{Name: "state_delete", Title: "Delete a value", Description: "Remove the value stored under a key." + where, Annotations: ann(false, true, true, false)},
		func(ctx context.Context, _ *sdk.CallToolRequest, in keyIn) (*sdk.CallToolResult, deleteOut, error) {
			_, end := s.begin(ctx, 0)
			defer end()
			ok, err := s.store().Delete(in.Key)
			if err != nil {
				return nil, deleteOut{}, stateError(err)
			}
			return nil, deleteOut{Key: in.Key, Deleted: ok}, nil
		})
	addTool(srv, &sdk.Tool{Name: "state_list", Title: "List keys", Description: "The keys that have values, sorted, those that begin with prefix when given." + where, Annotations: ann(true, false, true, false)},
		func(ctx context.Context, _ *sdk.CallToolRequest, in listIn) (*sdk.CallToolResult, listKeysOut, error) {
			_, end := s.begin(ctx, 0)
			defer end()
			keys, err := s.store().List(in.Prefix)
			if err != nil {
				return nil, listKeysOut{}, stateError(err)
			}
			return nil, listKeysOut{Keys: keys}, nil
		})
	addTool(srv, &sdk.Tool{Name: "state_exists", Title: "Does a key have a value", Description: "Whether a value is stored under a key." + where, Annotations: ann(true, false, true, false)},
		func(ctx context.Context, _ *sdk.CallToolRequest, in keyIn) (*sdk.CallToolResult, existsOut, error) {
			_, end := s.begin(ctx, 0)
			defer end()
			ok, err := s.store().Exists(in.Key)
			if err != nil {
				return nil, existsOut{}, stateError(err)
			}
			return nil, existsOut{Key: in.Key, Exists: ok}, nil
		})
	addTool(srv, &sdk.Tool{Name: "state_batch_store", Title: "Store several values", Description: "Store several values, all or none: every key and value is checked first, and a write that fails puts the values written before it back." + where, Annotations: ann(false, true, true, false)},
		func(ctx context.Context, _ *sdk.CallToolRequest, in batchStoreIn) (*sdk.CallToolResult, batchStoreOut, error) {
			_, end := s.begin(ctx, 0)
			defer end()
			items := make([]kv.Item, len(in.Items))
			for i, it := range in.Items {
				data, err := json.Marshal(it.Value)
				if err != nil {
					return nil, batchStoreOut{}, err
				}
				items[i] = kv.Item{Key: it.Key, Value: data}
			}
			if err := s.store().PutAll(items); err != nil {
				return nil, batchStoreOut{}, stateError(err)
			}
			return nil, batchStoreOut{Stored: len(items)}, nil
		})
	addTool(srv, &sdk.Tool{Name: "state_batch_retrieve", Title: "Retrieve several values", Description: "The values of several keys, in order; found is false for a key without one." + where, Annotations: ann(true, false, true, false)},
		func(ctx context.Context, _ *sdk.CallToolRequest, in batchRetrieveIn) (*sdk.CallToolResult, batchRetrieveOut, error) {
			_, end := s.begin(ctx, 0)
			defer end()
			out := batchRetrieveOut{Items: []retrieveOut{}}
			for _, k := range in.Keys {
				_, r, err := s.retrieve(k)
				if err != nil {
					return nil, batchRetrieveOut{}, err
				}
				out.Items = append(out.Items, r)
			}
			return nil, out, nil
		})
}

func (s *server) retrieve(key string) (*sdk.CallToolResult, retrieveOut, error) {
	v, err := s.store().Get(key)
	if errors.Is(err, kv.ErrNotFound) {
		return nil, retrieveOut{Key: key}, nil
	}
	if err != nil {
		return nil, retrieveOut{}, stateError(err)
	}
	var val any
	json.Unmarshal(v, &val)
	return nil, retrieveOut{Key: key, Found: true, Value: val}, nil
}

// ServeStdio serves sh over newline-delimited JSON-RPC on r and w until
// the client goes away (r ends) or ctx ends. Malformed input is answered,
// not fatal: a line that is not JSON gets a parse error, one that is not
// a JSON-RPC message an invalid-request error, one longer than MaxFrame
// an error (the rest of it skipped). A client that goes away in the
// middle of a call stops the call.
func ServeStdio(ctx context.Context, sh Shell, opts ServerOptions, r io.Reader, w io.Writer) error {
	life, gone := context.WithCancel(ctx)
	defer gone()
	s, _ := newServer(sh, opts, life)
	conn := newLineConn(r, w, MaxFrame, gone)
	ss, err := s.Connect(life, &connTransport{conn}, nil)
	if err != nil {
		return err
	}
	stop := context.AfterFunc(life, func() { ss.Close() })
	defer stop()
	err = ss.Wait()
	if errors.Is(err, io.EOF) || ctx.Err() == nil {
		return nil
	}
	return err
}

// HTTPHandler serves sh over stateless streamable HTTP, both protocol
// eras, with go-sdk's localhost protection (a request to a loopback
// address must name a loopback host) and Go's cross-origin protection
// on; when token is not empty, every request must carry it as
// "Authorization: Bearer TOKEN" (401 otherwise).
func HTTPHandler(sh Shell, opts ServerOptions, token string) http.Handler {
	srv := NewServer(sh, opts)
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, &sdk.StreamableHTTPOptions{
		Stateless:                    true,
		JSONResponse:                 true,
		PropagateRequestCancellation: true,
	})
	var handler http.Handler = http.NewCrossOriginProtection().Handler(h)
	if token == "" {
		return handler
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="moonix"`)
			http.Error(w, "a bearer token is required", http.StatusUnauthorized)
			return
		}
		handler.ServeHTTP(w, r)
	})
}

// connTransport hands go-sdk a connection made beforehand.
type connTransport struct{ conn sdk.Connection }

func (t *connTransport) Connect(context.Context) (sdk.Connection, error) { return t.conn, nil }

// lineConn is the server's stdio connection: newline-delimited JSON-RPC
// whose bad lines are answered rather than ending the session.
type lineConn struct {
	w        io.Writer
	wmu      sync.Mutex
	incoming chan lineMsg
	closed   chan struct{}
	once     sync.Once
}

type lineMsg struct {
	msg jsonrpc.Message
	err error
}

func newLineConn(r io.Reader, w io.Writer, maxFrame int, gone func()) *lineConn {
	c := &lineConn{w: w, incoming: make(chan lineMsg), closed: make(chan struct{})}
	go c.readLoop(bufio.NewReaderSize(r, 64<<10), maxFrame, gone)
	return c
}

func (c *lineConn) readLoop(br *bufio.Reader, maxFrame int, gone func()) {
	for {
		line, tooLong, err := readLine(br, maxFrame)
		if err != nil {
			// the client went away: end the calls under way too
			gone()
			select {
			case c.incoming <- lineMsg{err: io.EOF}:
			case <-c.closed:
			}
			return
		}
		line = bytes.TrimSpace(line)
		switch {
		case tooLong:
			c.reply(jsonrpc.CodeInvalidRequest, fmt.Sprintf("message too large (limit %d bytes)", maxFrame), nil)
			continue
		case len(line) == 0:
			continue
		case line[0] == '[':
			c.reply(jsonrpc.CodeInvalidRequest, "batches are not supported", nil)
			continue
		case !json.Valid(line) || !utf8.Valid(line):
			c.reply(jsonrpc.CodeParseError, "parse error: not JSON", nil)
			continue
		}
		var probe struct {
			ID     any             `json:"id"`
			Method string          `json:"method"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		json.Unmarshal(line, &probe)
		msg, err := jsonrpc.DecodeMessage(line)
		if err == nil && probe.Method == "" && probe.Result == nil && probe.Error == nil {
			err = errors.New("neither a request nor a response")
		}
		if err != nil {
			c.reply(jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error(), probe.ID)
			continue
		}
		select {
		case c.incoming <- lineMsg{msg: msg}:
		case <-c.closed:
			return
		}
	}
}

// readLine reads one line, at most max bytes of it; a longer line is
// read to its end and reported tooLong.
func readLine(br *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > max {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case err == nil:
			return line, tooLong, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case len(line) > 0 && errors.Is(err, io.EOF):
			return line, tooLong, nil
		}
		return nil, tooLong, err
	}
}

// reply writes an error response (id null when the request's id is
// unknown).
func (c *lineConn) reply(code int64, msg string, id any) {
	resp := map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}}
	data, _ := json.Marshal(resp)
	c.writeLine(data)
}

func (c *lineConn) writeLine(data []byte) error {
	select {
	case <-c.closed:
		return io.ErrClosedPipe // the session is over: nobody awaits it
	default:
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err := c.w.Write(append(data, '\n'))
	return err
}

func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case m := <-c.incoming:
		return m.msg, m.err
	case <-c.closed:
		return nil, io.EOF
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	return c.writeLine(data)
}

func (c *lineConn) Close() error {
	c.once.Do(func() { close(c.closed) })
	return nil
}

func (c *lineConn) SessionID() string { return "" }
