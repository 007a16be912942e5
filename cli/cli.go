// Package cli is moonix's command line: the cobra command tree, the
// readline REPL, the stdin, -c and script modes, and `moonix replay`.
//
// The whole CLI is a value, Program, whose Run is a function of stdin,
// stdout, stderr and the arguments returning an exit status; every other
// touch of the host (environment, terminals, signals, the user's data
// directory) is a field, so tests run the CLI in-process. The cobra tree is
// built anew for every Run: there is no init() and no global state.
//
// cli is the one package that reads and writes host files, and only the
// ones the user named: a script FILE, transcripts given to replay (rewritten
// by --update), and the workspace directory (the history's git repository,
// the lock and the REPL's line history; see workspace.go).
// Nothing else of the host reaches the shell: the host environment is
// invisible except for variables passed with --env.
//
// cli imports shell (the sessions it runs), the packages whose values it
// builds for them (caps, effects, vfs, clock, wasm, builtins for the
// version), internal/transcript (replay), cobra, pflag, readline and
// x/term; it is the only package that imports cobra and readline, and
// the net package only to hand the session the host's dialer and
// resolver. A Program is safe for concurrent use (Run keeps all its state
// on the stack), which the tests use.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/mcp"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// Version is moonix's version.
const Version = builtins.Version

// Program is the moonix command line with its seams to the host. The zero
// value is valid and sees nothing of the host: no environment variables, no
// terminal, no signals, and no default workspace (runs need --ephemeral or
// --workspace DIR).
type Program struct {
	// LookupEnv reads a host environment variable; it is consulted for
	// `--env NAME` and to find the default workspace (XDG_DATA_HOME,
	// HOME), never on the shell's behalf otherwise.
	LookupEnv func(name string) (string, bool)
	// IsTerminal reports whether a stdin or stdout handed to Run is a
	// terminal.
	IsTerminal func(f any) bool
	// TermWidth is the width of the terminal f, 0 if unknown.
	TermWidth func(f any) int
	// UserDataDir is the directory under which the default workspace
	// lives (moonix/default inside it). Nil means $XDG_DATA_HOME, else
	// $HOME/.local/share, both through LookupEnv.
	UserDataDir func() (string, error)
	// Notify and StopNotify relay SIGINT to the REPL (signal.Notify and
	// signal.Stop on the host). Nil: Ctrl-C is not caught.
	Notify     func(c chan<- os.Signal)
	StopNotify func(c chan<- os.Signal)
	// NotifyEnd relays the signals that end a run that is not
	// interactive (SIGINT, SIGTERM, SIGHUP on the host): the running
	// command is interrupted and the working state saved before moonix
	// exits with 128 + the signal's number. StopNotify stops it. Nil: the
	// signals are not caught.
	NotifyEnd func(c chan<- os.Signal)
	// Now is the host's clock, for the times in a workspace's audit log.
	// Nil stamps them with the workspace's logical clock.
	Now func() time.Time
	// Dial is the host's network. A session reaches it only through the
	// capability gate (net.connect); nil: sessions have no network.
	// Transcript replays never get it.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// Lookup is the host's resolver: sessions look names up with it, so
	// that the gate checks the addresses it dials.
	Lookup func(ctx context.Context, host string) ([]netip.Addr, error)
	// Spawn starts host programs for stdio MCP servers (mcp.StartHost);
	// the gate still needs process.spawn on each. Nil: sessions start no
	// host program. Transcript replays never get it.
	Spawn mcp.SpawnFunc
}

// Host is the Program wired to the real process.
func Host() *Program {
	return &Program{
		LookupEnv:  os.LookupEnv,
		IsTerminal: isTerminal,
		TermWidth:  termWidth,
		Notify:     func(c chan<- os.Signal) { signal.Notify(c, os.Interrupt) },
		StopNotify: func(c chan<- os.Signal) { signal.Stop(c) },
		NotifyEnd:  func(c chan<- os.Signal) { signal.Notify(c, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP) },
		Now:        time.Now,
		Dial:       (&net.Dialer{}).DialContext,
		Lookup: func(ctx context.Context, host string) ([]netip.Addr, error) {
			return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		},
		Spawn: mcp.StartHost,
	}
}

// Main runs the moonix command line on the host process and returns its
// exit status.
func Main(stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	return Host().Run(stdin, stdout, stderr, args)
}

func isTerminal(f any) bool {
	fd, ok := f.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(fd.Fd()))
}

func termWidth(f any) int {
	fd, ok := f.(interface{ Fd() uintptr })
	if !ok {
		return 0
	}
	w, _, err := term.GetSize(int(fd.Fd()))
	if err != nil {
		return 0
	}
	return w
}

// exitError ends Run with a status; usage errors carry status 2.
type exitError struct {
	status int
	msg    string // printed as "moonix: msg" unless empty
}

func (e *exitError) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &exitError{status: 2, msg: fmt.Sprintf(format, args...)}
}

// options are the root command's flags.
type options struct {
	command   bool // -c
	stdin     bool // -s
	env       []string
	workspace string
	ephemeral bool
	writeMode string // --write-mode: lazy or eager
	timeout   time.Duration
	version   bool
	errexit   bool
	nounset   bool
	xtrace    bool
	setOpts   []string // -o NAME
	preset    string   // --caps
	allow     []string // --allow CAP
	deny      []string // --deny CAP
	imports   []string // --import HOSTPATH:VPATH
	mounts    []string // --mount HOSTDIR:VPATH[:MODE]
	sshAgent  string   // --ssh-agent SOCKET
	wasmMiB   int      // --wasm-memory: each module's memory cap, MiB
	policy    string   // --policy FILE
	limits    limitFlags
	lockWait  time.Duration // --lock-wait: how long to wait for a workspace in use
	json      bool          // --json: one result per statement

	presetGiven bool         // --caps was on the command line
	pol         *caps.Policy // FILE, read once before anything runs
}

// loadPolicy reads and parses --policy FILE; a file that cannot be read or
// is not a valid policy is a usage error.
func (o *options) loadPolicy() error {
	if o.policy == "" {
		return nil
	}
	data, err := os.ReadFile(o.policy)
	if err != nil {
		return hostPathError("--policy: "+o.policy, err, 2)
	}
	o.pol, err = caps.ParsePolicy(o.policy, data)
	if err != nil {
		return usageErr("%v", err)
	}
	return nil
}

// capSet builds the session's capabilities, each step on top of the last:
//
//  1. the base preset: --caps when it is on the command line, else the
//     policy file's preset, else fallback (sandbox; replay passes the
//     transcript's directory preset);
//  2. the policy file's allow, then its deny list;
//  3. --allow, then --deny.
//
// Denials win over grants whatever their step. A bad preset or capability
// is a usage error.
func (o *options) capSet(fallback string) (*caps.Set, error) {
	name := fallback
	switch {
	case o.presetGiven:
		name = o.preset
	case o.pol != nil && o.pol.Preset != "":
		name = o.pol.Preset
	}
	set, err := caps.Preset(name)
	if err != nil {
		return nil, usageErr("--caps: %v", err)
	}
	if o.pol != nil {
		set.Allow(o.pol.Allow...)
		set.Deny(o.pol.Deny...)
	}
	for _, list := range []struct {
		flag  string
		specs []string
		add   func(...caps.Cap)
	}{{"--allow", o.allow, set.Allow}, {"--deny", o.deny, set.Deny}} {
		for _, spec := range list.specs {
			c, err := caps.Parse(spec)
			if err != nil {
				return nil, usageErr("%s: %v", list.flag, err)
			}
			list.add(c)
		}
	}
	return set, nil
}

// stdio is what Run was handed.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// Run runs the moonix command line with the given arguments (without the
// program name) and returns the exit status.
func (p *Program) Run(stdin io.Reader, stdout, stderr io.Writer, args []string) int {
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	std := stdio{stdin, stdout, stderr}
	status := 0
	root := p.rootCommand(std, &status, wantsSubcommand(args))
	root.SetArgs(append([]string{}, args...))
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.Execute(); err != nil {
		var ee *exitError
		if !errors.As(err, &ee) {
			ee = &exitError{status: 2, msg: err.Error()}
		}
		if ee.msg != "" {
			fmt.Fprintf(stderr, "moonix: %s\n", ee.msg)
		}
		return ee.status
	}
	return status
}

// subcommands are the names that select a subcommand when they are the
// first operand (cobra's hidden completion helpers included).
var subcommands = map[string]bool{
	"help": true, "completion": true, "replay": true, "import": true, "export": true, "clone": true, "diff": true, "mcp": true, "a2a": true,
	cobra.ShellCompRequestCmd: true, cobra.ShellCompNoDescRequestCmd: true,
}

// wantsSubcommand reports whether args select a subcommand, or ask for
// the help that lists them (no operand but --help or -h). Once -c or -s is
// given, or the first operand is not a subcommand name, every operand
// belongs to the shell, like bash's: `moonix -c 'echo $0' replay` runs the
// script with $0 = replay. Without an operand nor help it is a REPL or a
// script on stdin, which need no subcommand built.
func wantsSubcommand(args []string) bool {
	help := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return i+1 < len(args) && subcommands[args[i+1]]
		case a == "-":
			return false
		case strings.HasPrefix(a, "--"):
			name, _, hasValue := strings.Cut(a[2:], "=")
			if name == "command" || name == "stdin" {
				return false
			}
			help = help || name == "help"
			if !hasValue && valueFlags[name] {
				i++
			}
		case strings.HasPrefix(a, "-"):
			cluster := a[1:]
			if j := strings.IndexByte(cluster, 'o'); j >= 0 {
				if j == len(cluster)-1 {
					i++ // -o NAME
				}
				cluster = cluster[:j]
			}
			if strings.ContainsAny(cluster, "cs") {
				return false
			}
			help = help || strings.Contains(cluster, "h")
		default:
			return subcommands[a]
		}
	}
	return help
}

// valueFlags are the long flags that take a separate value.
var valueFlags = map[string]bool{
	"env": true, "workspace": true, "write-mode": true, "timeout": true,
	"caps": true, "allow": true, "deny": true, "policy": true, "import": true, "lock-wait": true,
	"wasm-memory": true, "max-depth": true, "max-procs": true, "max-memory": true,
	"max-disk": true, "max-inodes": true, "max-commands": true, "max-loop": true,
	"max-output": true, "ssh-agent": true,
}

func (p *Program) rootCommand(std stdio, status *int, withSubcommands bool) *cobra.Command {
	o := &options{}
	root := &cobra.Command{
		Use:   "moonix [flags] [-c SCRIPT [NAME [ARG...]] | -s [ARG...] | FILE [ARG...]]",
		Short: "a sandboxed POSIX-like shell on a virtual filesystem",
		Long: `moonix is a POSIX-like shell for AI agents and the people who watch them.
Commands run against an in-memory virtual filesystem (/work, /tmp, /bin,
/etc, /dev), never the host: no host file is read or written and no host
program runs, and host environment variables are invisible unless passed
with --env.

  moonix                      interactive shell when stdin is a terminal,
                              else read the script from stdin
  moonix -c SCRIPT [NAME [ARG...]]
                              run SCRIPT ($0 = NAME, $1... = ARGs)
  moonix FILE [ARG...]        run the script FILE, read once from the host
  moonix -s [ARG...], moonix -
                              read the script from stdin, statement by
                              statement, without prompt
  moonix replay FILE...       replay cram transcripts (.t files)
  moonix import HOSTPATH VPATH, moonix export VPATH HOSTPATH
                              copy files into or out of the workspace
  moonix clone URL DIR        make the workspace DIR from a remote's history
  moonix diff --host VPATH    a mount's changes as a patch for its host
                              directory

The tree, its snapshots and the shell's exported variables and directory
live in a workspace on the host (--workspace DIR, default
$XDG_DATA_HOME/moonix/default): the next run resumes where the last one
stopped. --write-mode lazy (the default) writes it at snapshots and at exit;
eager also after every command, so that a crash loses no completed command.
One moonix at a time uses a workspace: another waits for it (--lock-wait,
default 10s). --ephemeral keeps everything in memory and writes nothing.

Every operation goes through a capability gate: --caps PRESET (minimal,
sandbox (the default), developer, agent, unrestricted), --allow CAP and
--deny CAP on top, or --policy FILE. A denial fails that command only:
"moonix: OP PATH: permission denied (needs CAP)". Inside, 'caps' lists and
checks them, 'effects' lists what could not be undone (HTTP requests, real
clock and random reads) and every denial.

Options end at the first operand: in 'moonix script.sh -x', -x goes to the
script.`,
		Version:               Version,
		Args:                  cobra.ArbitraryArgs,
		SilenceErrors:         true,
		SilenceUsage:          true,
		DisableFlagsInUseLine: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.version {
				fmt.Fprintf(std.out, "moonix version %s\n", Version)
				return nil
			}
			st, err := p.runShell(cmd.Context(), o, std, args)
			*status = st
			return err
		},
	}
	root.SetVersionTemplate("moonix version {{.Version}}\n")
	fl := root.Flags()
	fl.SetInterspersed(false)
	fl.BoolVarP(&o.command, "command", "c", false, "read commands from the first operand (SCRIPT [NAME [ARG...]])")
	fl.BoolVarP(&o.stdin, "stdin", "s", false, "read commands from standard input; operands are the positional parameters")
	o.registerSession(fl)
	fl.BoolVarP(&o.errexit, "errexit", "e", false, "exit when a command fails (set -e)")
	fl.BoolVarP(&o.nounset, "nounset", "u", false, "treat unset variables as an error (set -u)")
	fl.BoolVarP(&o.xtrace, "xtrace", "x", false, "print commands as they run (set -x)")
	fl.StringArrayVarP(&o.setOpts, "option", "o", nil, "set a shell option (set -o NAME), repeatable")
	fl.BoolVar(&o.version, "version", false, "print the version and exit")
	fl.BoolVar(&o.json, "json", false, "print one JSON result per top-level statement on stdout, nothing else (see README, --json)")
	pf := root.PersistentFlags()
	pf.StringArrayVar(&o.env, "env", nil, "set NAME=VALUE inside the shell, or copy NAME from the host (needs env.read:NAME); repeatable")
	pf.DurationVar(&o.timeout, "timeout", 0, "cancel the whole run after this long (exit 124)")
	pf.DurationVar(&o.lockWait, "lock-wait", defaultLockWait, "how long to wait for a workspace another moonix is using (0: fail at once)")
	pf.StringVar(&o.preset, "caps", caps.DefaultPreset, "capability preset: "+strings.Join(caps.PresetNames, ", "))
	pf.StringArrayVar(&o.allow, "allow", nil, "grant a capability (KIND[:PATTERN]) on top of the preset; repeatable")
	pf.StringArrayVar(&o.deny, "deny", nil, "deny a capability (KIND[:PATTERN]); denials win over grants; repeatable")
	pf.StringVar(&o.policy, "policy", "", "capability policy file, YAML or JSON (preset, allow, deny); --caps, --allow and --deny apply on top")
	pf.StringVar(&o.sshAgent, "ssh-agent", "", "let remotes over ssh use the keys of the ssh agent listening on the host socket `SOCKET` (SSH_AUTH_SOCK is never read)")
	// A bad option is worded as getopt words it, then GNU's pointer to
	// the help (status 2, as bash's).
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		msg := builtins.OptionError(cmd.Flags(), nil, err)
		return &exitError{status: 2, msg: fmt.Sprintf("%s\nTry '%s --help' for more information.", msg, cmd.CommandPath())}
	})
	if withSubcommands {
		root.AddCommand(p.replayCommand(std, o, status))
		root.AddCommand(p.transferCommand(std, o, "import"), p.transferCommand(std, o, "export"), p.diffCommand(std, o))
		root.AddCommand(p.cloneCommand(std, o))
		root.AddCommand(p.mcpCommand(std, o, status))
		root.AddCommand(p.a2aCommand(std, o, status))
	}
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if o.timeout < 0 {
			return usageErr("--timeout: must not be negative")
		}
		if o.lockWait < 0 {
			return usageErr("--lock-wait: must not be negative")
		}
		o.presetGiven = cmd.Flags().Changed("caps")
		return o.loadPolicy()
	}
	return root
}

// registerSession defines the flags that shape a session (workspace,
// memory, imports, limits) on fl: the root command's mcp serve's and a2a serve's.
func (o *options) registerSession(fl *pflag.FlagSet) {
	fl.BoolVar(&o.ephemeral, "ephemeral", false, "write nothing to the host (no workspace, no history)")
	fl.StringVar(&o.workspace, "workspace", "", "host directory holding this workspace's state (default $XDG_DATA_HOME/moonix/default)")
	fl.StringVar(&o.writeMode, "write-mode", writeLazy, "when the workspace is written: lazy (at snapshots and exit) or eager (after every command)")
	fl.IntVar(&o.wasmMiB, "wasm-memory", wasmDefaultMiB, "memory cap of each WebAssembly program, in MiB (1 to 4096)")
	fl.StringArrayVar(&o.imports, "import", nil, "copy a host file or directory into the tree before the run (HOSTPATH:VPATH); repeatable")
	fl.StringArrayVar(&o.mounts, "mount", nil, "show a host directory at VPATH (HOSTDIR:VPATH[:ro|:cow]): ro refuses writes, cow (the default) keeps them in the tree, never on the host; repeatable")
	o.limits.register(fl)
}

// environ turns --env flags into NAME=VALUE pairs for the shell.
// Copying from the host needs env.read on the name; without it the run
// stops before it starts.
func (p *Program) environ(flags []string, set *caps.Set) ([]string, error) {
	var env []string
	for _, e := range flags {
		name, _, hasValue := strings.Cut(e, "=")
		if !validName(name) {
			return nil, usageErr("--env %s: not a valid variable name", name)
		}
		if hasValue {
			env = append(env, e)
			continue
		}
		if err := set.Check(caps.EnvRead, "getenv", name); err != nil {
			return nil, usageErr("%v", err)
		}
		if p.LookupEnv == nil {
			continue
		}
		if v, ok := p.LookupEnv(name); ok {
			env = append(env, name+"="+v)
		}
	}
	return env, nil
}

func validName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// workspaceDir is the host directory of this run's workspace, "" when the
// run is ephemeral. It is not created here.
func (p *Program) workspaceDir(o *options) (string, error) {
	if o.ephemeral {
		return "", nil
	}
	if o.workspace != "" {
		return filepath.Abs(o.workspace)
	}
	base := ""
	if p.UserDataDir != nil {
		d, err := p.UserDataDir()
		if err != nil {
			return "", err
		}
		base = d
	} else if p.LookupEnv != nil {
		if d, ok := p.LookupEnv("XDG_DATA_HOME"); ok && filepath.IsAbs(d) {
			base = d
		} else if h, ok := p.LookupEnv("HOME"); ok && h != "" {
			base = filepath.Join(h, ".local", "share")
		}
	}
	if base == "" {
		return "", errors.New("no user data directory (HOME is not set); use --workspace DIR or --ephemeral")
	}
	return filepath.Join(base, "moonix", "default"), nil
}
