package coreutils

import (
	"testing"

	"github.com/moonix-sh/moonix/builtins"
)

func TestMktemp(t *testing.T) {
	t.Parallel()
	// runCmd seeds c.Rand with 1, so the names are fixed.
	runFileCases(t, []fileCase{
		{args: []string{"mktemp"}, out: "/tmp/tmp.FuWA4Kgsmk\n", check: checks(wantMode("/tmp/tmp.FuWA4Kgsmk", 0o600), wantContent("/tmp/tmp.FuWA4Kgsmk", ""))},
		{args: []string{"mktemp", "-d"}, out: "/tmp/tmp.FuWA4Kgsmk\n", check: wantMode("/tmp/tmp.FuWA4Kgsmk", modeFromString("drwx------"))},
		{args: []string{"mktemp", "-u"}, out: "/tmp/tmp.FuWA4Kgsmk\n", check: wantMissing("/tmp/tmp.FuWA4Kgsmk")},
		{args: []string{"mktemp", "foo.XXX"}, out: "foo.FuW\n", check: wantContent("/work/foo.FuW", "")},
		{args: []string{"mktemp", "fooXXX.txt"}, out: "fooFuW.txt\n"},
		{args: []string{"mktemp", "--suffix=.c", "aXXX"}, out: "aFuW.c\n"},
		{args: []string{"mktemp", "-p", "/work", "-d"}, out: "/work/tmp.FuWA4Kgsmk\n"},
		{args: []string{"mktemp", "-p", "/work/", "x.XXX"}, out: "/work/x.FuW\n"},
		{args: []string{"mktemp", "--tmpdir", "x.XXX"}, out: "/tmp/x.FuW\n"},
		{args: []string{"mktemp", "-t", "x.XXX"}, out: "/tmp/x.FuW\n"},
		{args: []string{"mktemp", "-u", "/abs/XXX"}, out: "/abs/FuW\n"},
		{name: "existing name is skipped", pre: [][]string{{"touch", "/tmp/x.FuW"}}, args: []string{"mktemp", "-t", "x.XXX"}, out: "/tmp/x.A4K\n"},
		{args: []string{"mktemp", "fooXX"}, err: "mktemp: too few X's in template 'fooXX'\n", status: 1},
		{args: []string{"mktemp", "-q", "fooXX"}, err: "mktemp: too few X's in template 'fooXX'\n", status: 1},
		{args: []string{"mktemp", "-t", "a/bXXX"}, err: "mktemp: invalid template, 'a/bXXX', contains directory separator\n", status: 1},
		{args: []string{"mktemp", "-p", "/x", "/abs/XXX"}, err: "mktemp: invalid template, '/abs/XXX'; with --tmpdir, it may not be absolute\n", status: 1},
		{args: []string{"mktemp", "-d", "/nope/XXX"}, err: "mktemp: failed to create directory via template '/nope/XXX': No such file or directory\n", status: 1},
		{args: []string{"mktemp", "/nope/XXX"}, err: "mktemp: failed to create file via template '/nope/XXX': No such file or directory\n", status: 1},
		{args: []string{"mktemp", "a", "b"}, err: "mktemp: too many templates\nTry 'mktemp --help' for more information.\n", status: 1},
	})
}

func TestMktempTMPDIR(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	cmd := testRegistry.Lookup("mktemp")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"mktemp", "-u"}, "/work/tmp.FuWA4Kgsmk\n"},
		{[]string{"mktemp", "-u", "-t", "-p", "/x", "a.XXX"}, "/work/a.FuW\n"},
		{[]string{"mktemp", "-u", "-p", "/x", "a.XXX"}, "/x/a.FuW\n"},
		{[]string{"mktemp", "-u", "-p", "", "a.XXX"}, "/work/a.FuW\n"},
	} {
		var out, errb stringsBuilder
		c := testCall(fsys, &out, &errb, tc.args...)
		c.Env = append(c.Env, "TMPDIR=/work")
		if st := builtins.Run(cmd, c); st != 0 || out.String() != tc.want {
			t.Errorf("%q with TMPDIR=/work: got %q, %d (%s), want %q", tc.args, out.String(), st, errb.String(), tc.want)
		}
	}
}
