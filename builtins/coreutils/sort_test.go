package coreutils

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

func TestSort(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"/work/kv":     "b 2\na 10\nc 1\nB 3\na 2\n",
		"/work/csv":    "x,3,z\ny,1,a\nx,2,b\nw,10,c\n",
		"/work/human":  "2K\n1M\n512\n1G\n-1K\n0\n",
		"/work/vers":   "v1.10\nv1.9\nv1.9a\nv1.2\n",
		"/work/months": "Mar\njan\nFEB\nfoo\n",
		"/work/gen":    "1.5\n-2\n1e3\nnan\nabc\n0x10\n",
		"/work/two":    "b\na\n",
		"/work/abc":    "a\nb\nc",
	}
	runCasesFresh(t, files, []cmdCase{
		{[]string{"sort", "kv"}, "", "B 3\na 10\na 2\nb 2\nc 1\n", "", 0},
		{[]string{"sort", "-r", "kv"}, "", "c 1\nb 2\na 2\na 10\nB 3\n", "", 0},
		{[]string{"sort", "-f", "kv"}, "", "a 10\na 2\nb 2\nB 3\nc 1\n", "", 0},
		{[]string{"sort", "-u", "kv"}, "", "B 3\na 10\na 2\nb 2\nc 1\n", "", 0},
		{[]string{"sort", "-fu", "kv"}, "", "a 10\na 2\nb 2\nB 3\nc 1\n", "", 0},
		{[]string{"sort", "-k2", "kv"}, "", "c 1\na 10\na 2\nb 2\nB 3\n", "", 0},
		{[]string{"sort", "-k2n", "kv"}, "", "c 1\na 2\nb 2\nB 3\na 10\n", "", 0},
		{[]string{"sort", "-k2,2n", "-k1,1r", "kv"}, "", "c 1\nb 2\na 2\nB 3\na 10\n", "", 0},
		{[]string{"sort", "-n", "-k2", "kv"}, "", "c 1\na 2\nb 2\nB 3\na 10\n", "", 0},
		{[]string{"sort", "-s", "-k1,1", "kv"}, "", "B 3\na 10\na 2\nb 2\nc 1\n", "", 0},
		{[]string{"sort", "-t,", "-k2n", "csv"}, "", "y,1,a\nx,2,b\nx,3,z\nw,10,c\n", "", 0},
		{[]string{"sort", "-t,", "-k1,1", "-k2,2nr", "csv"}, "", "w,10,c\nx,3,z\nx,2,b\ny,1,a\n", "", 0},
		{[]string{"sort", "-t", ",", "-k3", "csv"}, "", "y,1,a\nx,2,b\nw,10,c\nx,3,z\n", "", 0},
		{[]string{"sort", "-k1.2", "kv"}, "", "c 1\na 10\na 2\nb 2\nB 3\n", "", 0},
		{[]string{"sort", "-h", "human"}, "", "-1K\n0\n512\n2K\n1M\n1G\n", "", 0},
		{[]string{"sort", "-hr", "human"}, "", "1G\n1M\n2K\n512\n0\n-1K\n", "", 0},
		{[]string{"sort", "-V", "vers"}, "", "v1.2\nv1.9\nv1.9a\nv1.10\n", "", 0},
		{[]string{"sort", "-M", "months"}, "", "foo\njan\nFEB\nMar\n", "", 0},
		{[]string{"sort", "-g", "gen"}, "", "abc\nnan\n-2\n1.5\n0x10\n1e3\n", "", 0},
		{[]string{"sort", "-b", "-k2", "kv"}, "", "c 1\na 10\na 2\nb 2\nB 3\n", "", 0},
		{[]string{"sort", "-d", "kv"}, "", "B 3\na 10\na 2\nb 2\nc 1\n", "", 0},
		{[]string{"sort", "-c", "kv"}, "", "", "sort: kv:2: disorder: a 10\n", 1},
		{[]string{"sort", "-C", "kv"}, "", "", "", 1},
		{[]string{"sort", "-c", "two", "abc"}, "", "", "sort: extra operand 'abc' not allowed with -c\n", 2},
		{[]string{"sort", "-cu", "two"}, "", "", "sort: two:2: disorder: a\n", 1},
		{[]string{"sort", "-m", "two", "abc"}, "", "a\nb\na\nb\nc\n", "", 0},
		{[]string{"sort", "-z", "two"}, "", "b\na\n\u0000", "", 0},
		{[]string{"sort", "two", "abc"}, "", "a\na\nb\nb\nc\n", "", 0},
		{[]string{"sort", "nope"}, "", "", "sort: cannot read: nope: No such file or directory\n", 2},
		{[]string{"sort", "-k0", "kv"}, "", "", "sort: field number is zero: invalid field specification '0'\n", 2},
		{[]string{"sort", "-k1.0", "kv"}, "", "", "sort: character offset is zero: invalid field specification '1.0'\n", 2},
		{[]string{"sort", "-k1x", "kv"}, "", "", "sort: stray character in field spec: invalid field specification '1x'\n", 2},
		{[]string{"sort", "-t", "ab", "kv"}, "", "", "sort: multi-character tab 'ab'\n", 2},
		{[]string{"sort", "-gn", "kv"}, "", "", "sort: options '-gn' are incompatible\n", 2},
		{[]string{"sort", "-k", "2,2", "-k", "1,1", "kv"}, "", "c 1\na 10\na 2\nb 2\nB 3\n", "", 0},
		{[]string{"sort", "--key=2n", "kv"}, "", "c 1\na 2\nb 2\nB 3\na 10\n", "", 0},
		{[]string{"sort", "-n"}, "10\n9\n-1\n1.5\n\n", "-1\n\n1.5\n9\n10\n", "", 0},
		{[]string{"sort", "-un"}, "1\n01\n1.0\n2\n", "1\n2\n", "", 0},
		{[]string{"sort", "-i"}, "b\u0001a\na\u0002c\nab\n", "ab\na\u0002c\nb\u0001a\n", "", 0},
		{[]string{"sort", "-di"}, "b-a\na_b\n", "a_b\nb-a\n", "", 0},
		{[]string{"sort", "-k2,2", "-t:", "-s"}, "x:b\ny:a\nz:b\n", "y:a\nx:b\nz:b\n", "", 0},
		differs("no random sort: the output would change from run to run", cmdCase{[]string{"sort", "-R", "two"}, "", "", "sort: random sort (-R) is not supported\n", 2}),
		{[]string{"sort", "-o", "/nodir/x", "two"}, "", "", "sort: open failed: /nodir/x: No such file or directory\n", 2},
		{[]string{"sort", "-t", "\\0", "-k2"}, "b\x00x\na\x00y\n", "b\x00x\na\x00y\n", "", 0},
		{[]string{"sort", "-t", ",", "-t", ";", "two"}, "", "", "sort: incompatible tabs\n", 2},
	})
}

func TestSortOutputIsInput(t *testing.T) {
	t.Parallel()
	fsys := testTree(t)
	writeFile(t, fsys, "/work/f", "c\na\nb\n")
	out, errs, st := runCmd(t, fsys, "", "sort", "-o", "f", "f")
	data, _ := vfs.ReadFile(fsys, "/work/f")
	if out != "" || errs != "" || st != 0 || string(data) != "a\nb\nc\n" {
		t.Errorf("got (%q, %q, %d) and file %q", out, errs, st, data)
	}
}

func TestSortLarge(t *testing.T) {
	t.Parallel()
	var in, want strings.Builder
	for i := 999; i >= 0; i-- {
		in.WriteString(strings.Repeat("x", i%7) + "\n")
	}
	for i := 0; i < 7; i++ {
		for j := 0; j < 1000; j++ {
			if j%7 == i {
				want.WriteString(strings.Repeat("x", i) + "\n")
			}
		}
	}
	out, _, st := runCmd(t, testTree(t), in.String(), "sort")
	if st != 0 || out != want.String() {
		t.Errorf("sort of 1000 lines went wrong")
	}
}

func TestFilevercmp(t *testing.T) {
	t.Parallel()
	ordered := []string{"", ".", "..", ".a", "1", "a", "a1", "a2", "a10", "a10b", "b~", "b", "b.tar.gz", "b1.tar.gz", "file-1.2.3", "file-1.10"}
	for i := range ordered {
		for j := range ordered {
			got := filevercmp(ordered[i], ordered[j])
			if (i < j) != (got < 0) || (i == j) != (got == 0) {
				t.Errorf("filevercmp(%q, %q) = %d", ordered[i], ordered[j], got)
			}
		}
	}
}

// TestSortKeys covers the records that hold each line's first key found
// and parsed once: integers on both sides of the 18 digits kept as int64,
// fractions equal to integers, negative zero, non-numbers, ties kept in
// input order (-s) or broken by the whole line, -u, -r, invalid UTF-8, NUL
// bytes and a last line without a newline. The expectations are GNU
// sort's (LC_ALL=C).
func TestSortKeys(t *testing.T) {
	t.Parallel()
	in1 := "10\n-0\n0\n-5\n007\n1e3\n3.0\n3\n 2\n-1.5\n99999999999999999999\n100000000000000000000\n999999999999999999\n1000000000000000000\n-999999999999999999\nx\n\n-\n\xff\xfe 4\n5"
	in2 := "a 3\nb 1\nc 3\nd 01\ne 1.0\nf -0\ng\nh 2 x\ni 2\n3.10\n3.1 \xc3\xa9\n5\x00a\n5\x00\n"
	runCasesFresh(t, nil, []cmdCase{
		{[]string{"sort", "-n"}, in1, "-999999999999999999\n-5\n-1.5\n\n-\n-0\n0\nx\n\xff\xfe 4\n1e3\n 2\n3\n3.0\n5\n007\n10\n999999999999999999\n1000000000000000000\n99999999999999999999\n100000000000000000000\n", "", 0},
		{[]string{"sort", "-nr"}, in1, "100000000000000000000\n99999999999999999999\n1000000000000000000\n999999999999999999\n10\n007\n5\n3.0\n3\n 2\n1e3\n\xff\xfe 4\nx\n0\n-0\n-\n\n-1.5\n-5\n-999999999999999999\n", "", 0},
		{[]string{"sort", "-ns"}, in1, "-999999999999999999\n-5\n-1.5\n-0\n0\nx\n\n-\n\xff\xfe 4\n1e3\n 2\n3.0\n3\n5\n007\n10\n999999999999999999\n1000000000000000000\n99999999999999999999\n100000000000000000000\n", "", 0},
		{[]string{"sort", "-nu"}, in1, "-999999999999999999\n-5\n-1.5\n-0\n1e3\n 2\n3.0\n5\n007\n10\n999999999999999999\n1000000000000000000\n99999999999999999999\n100000000000000000000\n", "", 0},
		{[]string{"sort", "-k2n"}, in1, "\n 2\n-\n-0\n-1.5\n-5\n-999999999999999999\n0\n007\n10\n1000000000000000000\n100000000000000000000\n1e3\n3\n3.0\n5\n999999999999999999\n99999999999999999999\nx\n\xff\xfe 4\n", "", 0},
		{[]string{"sort", "-k2nr"}, in1, "\xff\xfe 4\n\n 2\n-\n-0\n-1.5\n-5\n-999999999999999999\n0\n007\n10\n1000000000000000000\n100000000000000000000\n1e3\n3\n3.0\n5\n999999999999999999\n99999999999999999999\nx\n", "", 0},
		{[]string{"sort", "-s", "-k2n"}, in1, "10\n-0\n0\n-5\n007\n1e3\n3.0\n3\n 2\n-1.5\n99999999999999999999\n100000000000000000000\n999999999999999999\n1000000000000000000\n-999999999999999999\nx\n\n-\n5\n\xff\xfe 4\n", "", 0},
		{[]string{"sort", "-s", "-k2nr"}, in1, "\xff\xfe 4\n10\n-0\n0\n-5\n007\n1e3\n3.0\n3\n 2\n-1.5\n99999999999999999999\n100000000000000000000\n999999999999999999\n1000000000000000000\n-999999999999999999\nx\n\n-\n5\n", "", 0},
		{[]string{"sort", "-u", "-k2n"}, in1, "10\n\xff\xfe 4\n", "", 0},
		{[]string{"sort", "-k2,2n", "-k1,1r"}, in1, "x\n99999999999999999999\n999999999999999999\n5\n3.0\n3\n1e3\n100000000000000000000\n1000000000000000000\n10\n007\n0\n-999999999999999999\n-5\n-1.5\n-0\n-\n 2\n\n\xff\xfe 4\n", "", 0},
		{[]string{"sort", "-r"}, in1, "\xff\xfe 4\nx\n99999999999999999999\n999999999999999999\n5\n3.0\n3\n1e3\n100000000000000000000\n1000000000000000000\n10\n007\n0\n-999999999999999999\n-5\n-1.5\n-0\n-\n 2\n\n", "", 0},
		{[]string{"sort", "-k2"}, in1, "\n 2\n-\n-0\n-1.5\n-5\n-999999999999999999\n0\n007\n10\n1000000000000000000\n100000000000000000000\n1e3\n3\n3.0\n5\n999999999999999999\n99999999999999999999\nx\n\xff\xfe 4\n", "", 0},
		{[]string{"sort", "-s", "-k2,2"}, in1, "10\n-0\n0\n-5\n007\n1e3\n3.0\n3\n 2\n-1.5\n99999999999999999999\n100000000000000000000\n999999999999999999\n1000000000000000000\n-999999999999999999\nx\n\n-\n5\n\xff\xfe 4\n", "", 0},
		{[]string{"sort"}, in1, "\n 2\n-\n-0\n-1.5\n-5\n-999999999999999999\n0\n007\n10\n1000000000000000000\n100000000000000000000\n1e3\n3\n3.0\n5\n999999999999999999\n99999999999999999999\nx\n\xff\xfe 4\n", "", 0},
		{[]string{"sort", "-n"}, in2, "a 3\nb 1\nc 3\nd 01\ne 1.0\nf -0\ng\nh 2 x\ni 2\n3.1 \xc3\xa9\n3.10\n5\x00\n5\x00a\n", "", 0},
		{[]string{"sort", "-nr"}, in2, "5\x00a\n5\x00\n3.10\n3.1 \xc3\xa9\ni 2\nh 2 x\ng\nf -0\ne 1.0\nd 01\nc 3\nb 1\na 3\n", "", 0},
		{[]string{"sort", "-ns"}, in2, "a 3\nb 1\nc 3\nd 01\ne 1.0\nf -0\ng\nh 2 x\ni 2\n3.10\n3.1 \xc3\xa9\n5\x00a\n5\x00\n", "", 0},
		{[]string{"sort", "-nu"}, in2, "a 3\n3.10\n5\x00a\n", "", 0},
		{[]string{"sort", "-k2n"}, in2, "3.1 \xc3\xa9\n3.10\n5\x00\n5\x00a\nf -0\ng\nb 1\nd 01\ne 1.0\nh 2 x\ni 2\na 3\nc 3\n", "", 0},
		{[]string{"sort", "-k2nr"}, in2, "a 3\nc 3\nh 2 x\ni 2\nb 1\nd 01\ne 1.0\n3.1 \xc3\xa9\n3.10\n5\x00\n5\x00a\nf -0\ng\n", "", 0},
		{[]string{"sort", "-s", "-k2n"}, in2, "f -0\ng\n3.10\n3.1 \xc3\xa9\n5\x00a\n5\x00\nb 1\nd 01\ne 1.0\nh 2 x\ni 2\na 3\nc 3\n", "", 0},
		{[]string{"sort", "-s", "-k2nr"}, in2, "a 3\nc 3\nh 2 x\ni 2\nb 1\nd 01\ne 1.0\nf -0\ng\n3.10\n3.1 \xc3\xa9\n5\x00a\n5\x00\n", "", 0},
		{[]string{"sort", "-u", "-k2n"}, in2, "f -0\nb 1\nh 2 x\na 3\n", "", 0},
		{[]string{"sort", "-k2,2n", "-k1,1r"}, in2, "g\nf -0\n5\x00a\n5\x00\n3.10\n3.1 \xc3\xa9\ne 1.0\nd 01\nb 1\ni 2\nh 2 x\nc 3\na 3\n", "", 0},
		{[]string{"sort", "-r"}, in2, "i 2\nh 2 x\ng\nf -0\ne 1.0\nd 01\nc 3\nb 1\na 3\n5\x00a\n5\x00\n3.10\n3.1 \xc3\xa9\n", "", 0},
		{[]string{"sort", "-k2"}, in2, "3.10\n5\x00\n5\x00a\ng\nf -0\nd 01\nb 1\ne 1.0\ni 2\nh 2 x\na 3\nc 3\n3.1 \xc3\xa9\n", "", 0},
		{[]string{"sort", "-s", "-k2,2"}, in2, "g\n3.10\n5\x00a\n5\x00\nf -0\nd 01\nb 1\ne 1.0\nh 2 x\ni 2\na 3\nc 3\n3.1 \xc3\xa9\n", "", 0},
		{[]string{"sort"}, in2, "3.1 \xc3\xa9\n3.10\n5\x00\n5\x00a\na 3\nb 1\nc 3\nd 01\ne 1.0\nf -0\ng\nh 2 x\ni 2\n", "", 0},
		{[]string{"sort", "-n"}, "", "", "", 0},
		{[]string{"sort", "-k2n"}, "", "", "", 0},
		{[]string{"sort", "-n"}, "9999999999999999999\n9223372036854775807\n1\n-9999999999999999999\n", "-9999999999999999999\n1\n9223372036854775807\n9999999999999999999\n", "", 0},
	})
}

// TestSortParallel covers inputs large enough to be sorted in two halves
// then merged: the whole lines, reversed, and numeric keys with ties kept
// in input order (-s) or broken by the whole line.
func TestSortParallel(t *testing.T) {
	t.Parallel()
	var lines []string
	r := uint32(7)
	for i := range 100_000 {
		r = r*1664525 + 1013904223
		key := r % 5000
		switch i % 7 {
		case 0:
			lines = append(lines, fmt.Sprintf("%d caf\xc3\xa9 %d", key, i))
		case 1:
			lines = append(lines, fmt.Sprintf("%d \xff%d", key, i%3))
		case 2:
			lines = append(lines, "")
		default:
			lines = append(lines, fmt.Sprintf("%d x", key))
		}
	}
	in := strings.Join(lines, "\n") + "\n"
	join := func(l []string) string { return strings.Join(l, "\n") + "\n" }
	plain := slices.Clone(lines)
	slices.Sort(plain)
	reversed := slices.Clone(plain)
	slices.Reverse(reversed)
	num := func(l string) int {
		n, _ := strconv.Atoi(strings.Fields(l + " 0")[0])
		return n
	}
	stable := slices.Clone(lines)
	slices.SortStableFunc(stable, func(a, b string) int { return cmp.Compare(num(a), num(b)) })
	keyed := slices.Clone(lines)
	slices.SortFunc(keyed, func(a, b string) int { return cmp.Or(cmp.Compare(num(a), num(b)), strings.Compare(a, b)) })
	runCases(t, testTree(t), []cmdCase{
		{[]string{"sort"}, in, join(plain), "", 0},
		{[]string{"sort", "-r"}, in, join(reversed), "", 0},
		{[]string{"sort", "-s", "-k1,1n"}, in, join(stable), "", 0},
		{[]string{"sort", "-k1,1n"}, in, join(keyed), "", 0},
	})
}
