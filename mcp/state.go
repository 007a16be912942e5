package mcp

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/kv"
)

// stateCommand is the state command: the state tool's store (package
// kv) as a shell command, on the call's filesystem behind the gate.
func stateCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "state",
		Summary: "store, read and list JSON values by key (the MCP state tool's store)",
		// moonix's own: a usage error exits 2, as a shell builtin's does
		UsageStatus: 2,
		Usage: `Usage: state store KEY JSON
  or:  state store KEY -
  or:  state get KEY
  or:  state rm KEY...
  or:  state ls [PREFIX]
  or:  state exists KEY
A key/value store of JSON values, shared with the MCP server's state tool
(state_store, state_retrieve...), so that a script and an agent see the
same values. Each value is one file under $HOME/.local/state/moonix/kv/ in
the filesystem: values are snapshotted, rolled back and branched with
everything else, and reading and writing them needs what reading and
writing those files needs.

  store KEY JSON  store one JSON value (- reads it from standard input)
  get KEY         print the value; status 1 when there is none
  rm KEY...       remove the values; status 1 when one had none
  ls [PREFIX]     list the keys (those that begin with PREFIX), sorted
  exists KEY      status 0 when KEY has a value, 1 when not; prints nothing
A key is 1 to 256 bytes of UTF-8 without "..", NUL or other control
characters; a bad key or value is a usage error (status 2).
`,
		Run: runState,
	}
}

func runState(c *builtins.Call) int {
	args := c.Args[1:]
	if len(args) == 0 {
		return c.Usage("missing operation")
	}
	op, args := args[0], args[1:]
	want := map[string][2]int{"store": {2, 2}, "get": {1, 1}, "rm": {1, -1}, "ls": {0, 1}, "exists": {1, 1}}
	n, ok := want[op]
	switch {
	case !ok:
		return c.Usage("unknown operation %s", builtins.Quote(op))
	case len(args) < n[0]:
		return c.Usage("%s: missing operand", op)
	case n[1] >= 0 && len(args) > n[1]:
		return c.Usage("%s: extra operand %s", op, builtins.Quote(args[n[1]]))
	}
	home := c.Getenv("HOME")
	if home == "" {
		home = c.Who.Home
	}
	store := kv.New(c.FS, home)
	fail := func(err error) int {
		var ke *kv.KeyError
		switch {
		case c.FailDenied(err):
			return 1
		case errors.As(err, &ke):
			c.Fail("%s: %v", op, err)
			return 2
		}
		c.Fail("%s: %s", op, builtins.Reason(err))
		return 1
	}
	switch op {
	case "store":
		value := []byte(args[1])
		if args[1] == "-" {
			data, err := io.ReadAll(c.Stdin)
			if err != nil {
				return fail(err)
			}
			value = data
		}
		if err := kv.CheckKey(args[0]); err != nil {
			return fail(err)
		}
		if err := kv.CheckValue(value); err != nil {
			c.Fail("store: %s: %v", args[0], err)
			return 2
		}
		if err := store.Put(args[0], value); err != nil {
			return fail(err)
		}
	case "get":
		v, err := store.Get(args[0])
		if errors.Is(err, kv.ErrNotFound) {
			c.Fail("get: %s: no such key", args[0])
			return 1
		}
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(c.Stdout, "%s\n", v)
	case "rm":
		status := 0
		for _, key := range args {
			existed, err := store.Delete(key)
			if err != nil {
				status = max(status, fail(err))
				continue
			}
			if !existed {
				c.Fail("rm: %s: no such key", key)
				status = max(status, 1)
			}
		}
		return status
	case "ls":
		keys, err := store.List(strings.Join(args, ""))
		if err != nil {
			return fail(err)
		}
		for _, k := range keys {
			fmt.Fprintln(c.Stdout, k)
		}
	case "exists":
		ok, err := store.Exists(args[0])
		if err != nil {
			return fail(err)
		}
		if !ok {
			return 1
		}
	}
	return 0
}
