package coreutils

import (
	"slices"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

// TestShufPermutes checks what does not depend on the random draws: the
// lines come out once each (or, with -r, any of them), as many as -n says.
func TestShufPermutes(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	writeFile(t, fsys, "/work/f", "a\nb\nc\nd\ne\n")
	writeFile(t, fsys, "/work/rs", "0123456789abcdef0123456789abcdef")
	sorted := func(out string, sep string) []string {
		lines := strings.Split(strings.TrimSuffix(out, sep), sep)
		slices.Sort(lines)
		return lines
	}
	for _, tc := range []struct {
		args  []string
		stdin string
		want  []string // sorted output lines
		count int      // or: how many lines, each one of want
	}{
		{args: []string{"shuf", "f"}, want: []string{"a", "b", "c", "d", "e"}},
		{args: []string{"shuf"}, stdin: "x\ny\nz", want: []string{"x", "y", "z"}},
		{args: []string{"shuf", "-e", "1", "2", "3"}, want: []string{"1", "2", "3"}},
		{args: []string{"shuf", "-i", "7-12"}, want: []string{"10", "11", "12", "7", "8", "9"}},
		{args: []string{"shuf", "-n", "2", "f"}, want: []string{"a", "b", "c", "d", "e"}, count: 2},
		{args: []string{"shuf", "-i", "1-1000000000000", "-n", "3"}, count: 3},
		{args: []string{"shuf", "-r", "-n", "20", "-e", "x", "y"}, want: []string{"x", "y"}, count: 20},
		{args: []string{"shuf", "-z", "-e", "p", "q"}, want: []string{"p", "q"}},
		{args: []string{"shuf", "--random-source=rs", "-i", "1-3"}, want: []string{"1", "2", "3"}},
	} {
		out, errs, status := runCmd(t, fsys, tc.stdin, tc.args...)
		if status != 0 || errs != "" {
			t.Errorf("%q: status %d, stderr %q", tc.args, status, errs)
			continue
		}
		sep := "\n"
		if slices.Contains(tc.args, "-z") {
			sep = "\x00"
		}
		got := sorted(out, sep)
		switch {
		case tc.count == 0 && !slices.Equal(got, tc.want):
			t.Errorf("%q: got lines %q, want %q", tc.args, got, tc.want)
		case tc.count > 0 && len(got) != tc.count:
			t.Errorf("%q: got %d lines, want %d", tc.args, len(got), tc.count)
		case tc.count > 0 && tc.want != nil:
			for _, g := range got {
				if !slices.Contains(tc.want, g) {
					t.Errorf("%q: %q is not an input line", tc.args, g)
				}
			}
			if !slices.Contains(tc.args, "-r") && len(slices.Compact(got)) != len(got) {
				t.Errorf("%q: a line twice without -r: %q", tc.args, got)
			}
		}
	}
	// the permutation comes from the session's random source: two runs
	// with one seed agree, and -o writes the file after reading it
	a, _, _ := runCmd(t, fsys, "", "shuf", "-i", "1-50")
	b, _, _ := runCmd(t, fsys, "", "shuf", "-i", "1-50")
	if a != b || a == "" {
		t.Errorf("two runs with one seed differ: %q, %q", a, b)
	}
	if _, errs, status := runCmd(t, fsys, "", "shuf", "-o", "f", "f"); status != 0 || errs != "" {
		t.Fatalf("shuf -o f f: %d %q", status, errs)
	}
	data, _ := vfs.ReadFile(fsys, "/work/f")
	if got := sorted(string(data), "\n"); !slices.Equal(got, []string{"a", "b", "c", "d", "e"}) {
		t.Errorf("shuf -o f f left %q", data)
	}
}

func TestShuf(t *testing.T) {
	t.Parallel()
	runDataCases(t, map[string]string{"short": "0123"}, []dataCase{
		{args: "shuf -i 3-3", out: "3\n"},
		{args: "shuf -e one", out: "one\n"},
		{args: "shuf -n 0 -i 1-9", out: ""},
		{args: "shuf -e", out: ""},
		{args: "shuf -i 4-3", out: ""},
		{args: "shuf -i 5-3", err: "shuf: invalid input range: '5-3'\n", status: 1},
		{args: "shuf -i a-3", err: "shuf: invalid input range: 'a'\n", status: 1},
		{args: "shuf -n x", err: "shuf: invalid line count: 'x'\n", status: 1},
		{args: "shuf -n -1 -e a", err: "shuf: invalid line count: '-1'\n", status: 1},
		{args: "shuf -e -i 1-3", err: "shuf: cannot combine -e and -i options\nTry 'shuf --help' for more information.\n", status: 1},
		{args: "shuf -i 2-3 -i 3-4", err: "shuf: multiple -i options specified\n", status: 1},
		{args: "shuf a b", err: "shuf: extra operand 'b'\nTry 'shuf --help' for more information.\n", status: 1},
		{args: "shuf -i 1-5 x", err: "shuf: extra operand 'x'\nTry 'shuf --help' for more information.\n", status: 1},
		{args: "shuf -r", err: "shuf: no lines to repeat\n", status: 1},
		{args: "shuf nope", err: "shuf: nope: No such file or directory\n", status: 1},
		{args: "shuf -i 1-5 --random-source=/dev/null", err: "shuf: '/dev/null': end of file\n", status: 1},
		{args: "shuf -i 1-5 --random-source=short", err: "shuf: 'short': end of file\n", status: 1,
			differs: "GNU's draws take as few bytes as each bound needs; moonix's take 8"},
	})
}
