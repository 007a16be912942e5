package coreutils

import (
	"io"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

// The sandbox's identity: who the user is and what machine this is. The
// answers come from Call.Who and Version, never from the host.

func whoamiCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "whoami",
		Summary: "print the user name",
		Usage:   "Usage: whoami [OPTION]...\nPrint the user name.\n",
		Run: func(c *builtins.Call) int {
			if st, ok := noOperands(c); !ok {
				return st
			}
			return writeLine(c, c.Who.User)
		},
	}
}

// noOperands parses a command that takes no options or operands; when
// ok is false the command exits with status.
func noOperands(c *builtins.Call) (status int, ok bool) {
	fl := c.Flags()
	if st, ok := c.Parse(fl); !ok {
		return st, false
	}
	if fl.NArg() > 0 {
		return c.Usage("extra operand %s", builtins.Quote(fl.Arg(0))), false
	}
	return 0, true
}

func writeLine(c *builtins.Call, s string) int {
	if _, err := io.WriteString(c.Stdout, s+"\n"); err != nil {
		return 1
	}
	return 0
}

func hostnameCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "hostname",
		Summary: "print the host name",
		Usage: `Usage: hostname [-s|-f|-d]
Print the host name.

  -s, --short          the name up to its first dot
  -f, --fqdn, --long   the full name
  -d, --domain         the part after the first dot
The sandbox has no network interfaces, so there are no addresses to show
(-i, -I), and the name cannot be changed.
`,
		Run: runHostname,
	}
}

func runHostname(c *builtins.Call) int {
	fl := c.Flags()
	short := fl.BoolP("short", "s", false, "")
	fqdn := fl.BoolP("fqdn", "f", false, "")
	fl.BoolVar(fqdn, "long", false, "")
	domain := fl.BoolP("domain", "d", false, "")
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if fl.NArg() > 0 {
		c.Fail("cannot set the host name: Operation not permitted")
		return 1
	}
	host := c.Who.Host
	first, rest, _ := strings.Cut(host, ".")
	switch {
	case *short:
		host = first
	case *domain:
		host = rest
	}
	return writeLine(c, host)
}

func idCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "id",
		Summary: "print user and group ids",
		Usage: `Usage: id [OPTION]... [USER]
Print user and group ids.

  -u, --user    only the user id
  -g, --group   only the group id
  -G, --groups  only the group ids
  -n, --name    a name instead of a number (with -u, -g or -G)
  -r, --real    the real id instead of the effective one (the same here)
  -z, --zero    end with NUL instead of newline (with -u, -g or -G)
USER may be the sandbox's user name or uid; there are no other users.
`,
		Run: runID,
	}
}

func runID(c *builtins.Call) int {
	fl := c.Flags()
	user := fl.BoolP("user", "u", false, "")
	group := fl.BoolP("group", "g", false, "")
	groups := fl.BoolP("groups", "G", false, "")
	name := fl.BoolP("name", "n", false, "")
	realID := fl.BoolP("real", "r", false, "")
	zero := fl.BoolP("zero", "z", false, "")
	fl.BoolP("a", "a", false, "") // ignored, as in GNU
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if fl.NArg() > 1 {
		return c.Usage("extra operand %s", builtins.Quote(fl.Arg(1)))
	}
	w := c.Who
	if w.Group == "" {
		w.Group = w.User
	}
	if fl.NArg() == 1 {
		if u := fl.Arg(0); u != w.User && u != strconv.Itoa(w.UID) {
			c.Fail("'%s': no such user", u)
			return 1
		}
	}
	only := 0
	for _, b := range []bool{*user, *group, *groups} {
		if b {
			only++
		}
	}
	if only > 1 {
		c.Fail("cannot print \"only\" of more than one choice")
		return 1
	}
	if only == 0 {
		if *name || *realID {
			c.Fail("cannot print only names or real IDs in default format")
			return 1
		}
		if *zero {
			c.Fail("option --zero not permitted in default format")
			return 1
		}
		return writeLine(c, "uid="+strconv.Itoa(w.UID)+"("+w.User+") gid="+strconv.Itoa(w.GID)+"("+w.Group+") groups="+strconv.Itoa(w.GID)+"("+w.Group+")")
	}
	s := strconv.Itoa(w.GID)
	switch {
	case *user && *name:
		s = w.User
	case *user:
		s = strconv.Itoa(w.UID)
	case *name:
		s = w.Group
	}
	end := "\n"
	if *zero {
		end = "\x00"
	}
	if _, err := io.WriteString(c.Stdout, s+end); err != nil {
		return 1
	}
	return 0
}

func unameCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "uname",
		Summary: "print system information",
		Usage: `Usage: uname [OPTION]...
Print system information.

  -a, --all                all of the below, in this order, except -p and -i
                           when unknown
  -s, --kernel-name        Moonix (the default)
  -n, --nodename           the host name
  -r, --kernel-release     moonix's version
  -v, --kernel-version     the build
  -m, --machine            wasm32
  -p, --processor          unknown
  -i, --hardware-platform  unknown
  -o, --operating-system   Moonix
`,
		Run: runUname,
	}
}

func runUname(c *builtins.Call) int {
	fl := c.Flags()
	all := fl.BoolP("all", "a", false, "")
	var flags [8]*bool
	for i, f := range []struct{ long, short string }{
		{"kernel-name", "s"}, {"nodename", "n"}, {"kernel-release", "r"}, {"kernel-version", "v"},
		{"machine", "m"}, {"processor", "p"}, {"hardware-platform", "i"}, {"operating-system", "o"},
	} {
		flags[i] = fl.BoolP(f.long, f.short, false, "")
	}
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	if fl.NArg() > 0 {
		return c.Usage("extra operand %s", builtins.Quote(fl.Arg(0)))
	}
	values := [8]string{"Moonix", c.Who.Host, builtins.Version, "#1 Moonix sandbox", "wasm32", "unknown", "unknown", "Moonix"}
	some := *all
	for _, f := range flags {
		some = some || *f
	}
	if !some {
		*flags[0] = true
	}
	var out []string
	for i, v := range values {
		if *flags[i] || *all && v != "unknown" {
			out = append(out, v)
		}
	}
	return writeLine(c, strings.Join(out, " "))
}
