package coreutils

import (
	"testing"

	"github.com/moonix-sh/moonix/builtins"
)

func TestIdent(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	runCases(t, fsys, []cmdCase{
		{[]string{"whoami"}, "", "user\n", "", 0},
		{[]string{"whoami", "x"}, "", "", "whoami: extra operand 'x'\nTry 'whoami --help' for more information.\n", 1},
		{[]string{"hostname"}, "", "moonix\n", "", 0},
		{[]string{"hostname", "-s"}, "", "moonix\n", "", 0},
		{[]string{"hostname", "-f"}, "", "moonix\n", "", 0},
		{[]string{"hostname", "-d"}, "", "\n", "", 0},
		{[]string{"hostname", "new"}, "", "", "hostname: cannot set the host name: Operation not permitted\n", 1},
		{[]string{"hostname", "-i"}, "", "", "hostname: invalid option -- 'i'\nTry 'hostname --help' for more information.\n", 1},
		{[]string{"id"}, "", "uid=1000(user) gid=1000(user) groups=1000(user)\n", "", 0},
		{[]string{"id", "user"}, "", "uid=1000(user) gid=1000(user) groups=1000(user)\n", "", 0},
		{[]string{"id", "1000"}, "", "uid=1000(user) gid=1000(user) groups=1000(user)\n", "", 0},
		{[]string{"id", "-u"}, "", "1000\n", "", 0},
		{[]string{"id", "-un"}, "", "user\n", "", 0},
		{[]string{"id", "-ur"}, "", "1000\n", "", 0},
		{[]string{"id", "-g"}, "", "1000\n", "", 0},
		{[]string{"id", "--group", "--name"}, "", "user\n", "", 0},
		{[]string{"id", "-G"}, "", "1000\n", "", 0},
		{[]string{"id", "-Gn"}, "", "user\n", "", 0},
		{[]string{"id", "-Gz"}, "", "1000\x00", "", 0},
		{[]string{"id", "-n"}, "", "", "id: cannot print only names or real IDs in default format\n", 1},
		{[]string{"id", "-r"}, "", "", "id: cannot print only names or real IDs in default format\n", 1},
		{[]string{"id", "-z"}, "", "", "id: option --zero not permitted in default format\n", 1},
		{[]string{"id", "-ug"}, "", "", "id: cannot print \"only\" of more than one choice\n", 1},
		{[]string{"id", "root"}, "", "", "id: 'root': no such user\n", 1},
		{[]string{"id", "a", "b"}, "", "", "id: extra operand 'b'\nTry 'id --help' for more information.\n", 1},
		{[]string{"uname"}, "", "Moonix\n", "", 0},
		{[]string{"uname", "-s"}, "", "Moonix\n", "", 0},
		{[]string{"uname", "-n"}, "", "moonix\n", "", 0},
		{[]string{"uname", "-r"}, "", builtins.Version + "\n", "", 0},
		{[]string{"uname", "-v"}, "", "#1 Moonix sandbox\n", "", 0},
		{[]string{"uname", "-m"}, "", "wasm32\n", "", 0},
		{[]string{"uname", "-p"}, "", "unknown\n", "", 0},
		{[]string{"uname", "-i"}, "", "unknown\n", "", 0},
		{[]string{"uname", "-o"}, "", "Moonix\n", "", 0},
		{[]string{"uname", "-a"}, "", "Moonix moonix " + builtins.Version + " #1 Moonix sandbox wasm32 Moonix\n", "", 0},
		{[]string{"uname", "--all"}, "", "Moonix moonix " + builtins.Version + " #1 Moonix sandbox wasm32 Moonix\n", "", 0},
		{[]string{"uname", "-om"}, "", "wasm32 Moonix\n", "", 0},
		{[]string{"uname", "-snrvmpio"}, "", "Moonix moonix " + builtins.Version + " #1 Moonix sandbox wasm32 unknown unknown Moonix\n", "", 0},
		{[]string{"uname", "--kernel-name", "--nodename", "--kernel-release", "--machine", "--operating-system"}, "", "Moonix moonix " + builtins.Version + " wasm32 Moonix\n", "", 0},
		{[]string{"uname", "x"}, "", "", "uname: extra operand 'x'\nTry 'uname --help' for more information.\n", 1},
		{[]string{"clear"}, "", "\x1b[H\x1b[2J\x1b[3J", "", 0},
		{[]string{"clear", "-x"}, "", "\x1b[H\x1b[2J", "", 0},
		{[]string{"clear", "now"}, "", "", "clear: extra operand 'now'\nTry 'clear --help' for more information.\n", 1},
	})
}

func TestHostnameDomain(t *testing.T) {
	t.Parallel()
	setup := func(c *builtins.Call) { c.Who.Host = "box.example.org" }
	for args, want := range map[string]string{"": "box.example.org\n", "-s": "box\n", "-f": "box.example.org\n", "--long": "box.example.org\n", "-d": "example.org\n"} {
		argv := []string{"hostname"}
		if args != "" {
			argv = append(argv, args)
		}
		out, errs, status := runSetup(t, testTree(t), setup, "", argv...)
		if out != want || errs != "" || status != 0 {
			t.Errorf("%q: got (%q, %q, %d), want %q", argv, out, errs, status, want)
		}
	}
}
