package coreutils

import (
	"fmt"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/vfs"
)

// wantPieces checks the files split made: names and contents, in order.
func wantPieces(pieces ...string) func(*testing.T, vfs.FS) {
	return func(t *testing.T, fsys vfs.FS) {
		t.Helper()
		for i := 0; i+1 < len(pieces); i += 2 {
			wantContent("/work/"+pieces[i], pieces[i+1])(t, fsys)
		}
	}
}

func TestSplit(t *testing.T) {
	t.Parallel()
	seven := "one\ntwo\nthree\nfour\nfive\nsix\nseven\n"
	var seq strings.Builder
	for i := 1; i <= 700; i++ {
		fmt.Fprintf(&seq, "%d\n", i)
	}
	files := map[string]string{"f": seven, "g": seq.String()}
	runFileCases(t, []fileCase{
		{files: files, args: []string{"split", "-l", "3", "f"}, check: wantPieces("xaa", "one\ntwo\nthree\n", "xab", "four\nfive\nsix\n", "xac", "seven\n")},
		{files: files, args: []string{"split", "-b", "15", "f"}, check: wantPieces("xaa", "one\ntwo\nthree\nf", "xab", "our\nfive\nsix\nse", "xac", "ven\n")},
		{files: files, args: []string{"split", "-C", "9", "f"}, check: wantPieces("xaa", "one\ntwo\n", "xab", "three\n", "xac", "four\n", "xad", "five\nsix\n", "xae", "seven\n")},
		{files: files, args: []string{"split", "-C", "4", "f"}, check: wantPieces("xaa", "one\n", "xab", "two\n", "xac", "thre", "xad", "e\n")},
		{files: files, args: []string{"split", "-n", "3", "f"}, check: wantPieces("xaa", "one\ntwo\nthr", "xab", "ee\nfour\nfiv", "xac", "e\nsix\nseven\n")},
		{files: files, args: []string{"split", "-n", "l/3", "f"}, check: wantPieces("xaa", "one\ntwo\nthree\n", "xab", "four\nfive\n", "xac", "six\nseven\n")},
		{files: files, args: []string{"split", "-n", "l/9", "f"}, check: wantPieces("xac", "three\n", "xad", "", "xae", "four\n", "xai", "six\nseven\n")},
		{files: files, args: []string{"split", "-e", "-n", "l/9", "f"}, check: checks(wantPieces("xad", "four\n", "xaf", "six\nseven\n"), wantMissing("/work/xag"))},
		{files: files, args: []string{"split", "-n", "r/3", "f"}, check: wantPieces("xaa", "one\nfour\nseven\n", "xab", "two\nfive\n", "xac", "three\nsix\n")},
		{files: files, args: []string{"split", "-n", "r/2", "-t", "o", "f"}, check: wantPieces("xaa", "o\nthree\nfo", "xab", "ne\ntwour\nfive\nsix\nseven\n")},
		{files: files, args: []string{"split", "-n", "l/2/3", "f"}, out: "four\nfive\n"},
		{files: files, args: []string{"split", "-n", "r/2/3", "f"}, out: "two\nfive\n"},
		{files: files, args: []string{"split", "-n", "2/3", "f"}, out: "ee\nfour\nfiv"},
		{files: files, args: []string{"split", "--verbose", "-l", "3", "-d", "--additional-suffix=.txt", "f", "pre"},
			out: "creating file 'pre00.txt'\ncreating file 'pre01.txt'\ncreating file 'pre02.txt'\n", check: wantPieces("pre02.txt", "seven\n")},
		{files: files, args: []string{"split", "--verbose", "-l", "2", "-x", "f"}, out: "creating file 'x00'\ncreating file 'x01'\ncreating file 'x02'\ncreating file 'x03'\n"},
		{files: files, args: []string{"split", "--verbose", "-n", "13", "-d", "f"}, out: "creating file 'x00'\ncreating file 'x01'\ncreating file 'x02'\ncreating file 'x03'\ncreating file 'x04'\ncreating file 'x05'\ncreating file 'x06'\ncreating file 'x07'\ncreating file 'x08'\ncreating file 'x09'\ncreating file 'x10'\ncreating file 'x11'\ncreating file 'x12'\n"},
		{files: files, args: []string{"split", "--verbose", "-a", "1", "-l", "3", "f"}, out: "creating file 'xa'\ncreating file 'xb'\ncreating file 'xc'\n"},
		// the suffix widens when it runs out, unless -a fixed it
		{files: files, args: []string{"split", "-l", "1", "g"}, check: wantPieces("xyz", "650\n", "xzaaa", "651\n", "xzabx", "700\n")},
		{files: files, args: []string{"split", "-l", "1", "-d", "g"}, check: wantPieces("x89", "90\n", "x9000", "91\n")},
		{files: files, args: []string{"split", "-l", "1", "-d", "-a", "2", "g"}, err: "split: output file suffixes exhausted\n", status: 1, check: wantPieces("x99", "100\n")},
		{files: files, args: []string{"split", "--verbose", "-l", "300", "--numeric-suffixes=98", "g"}, out: "creating file 'x98'\ncreating file 'x99'\n", err: "split: output file suffixes exhausted\n", status: 1},
		{files: files, args: []string{"split", "-l", "0", "f"}, err: "split: invalid number of lines: '0': Numerical result out of range\n", status: 1},
		{files: files, args: []string{"split", "-b", "x", "f"}, err: "split: invalid number of bytes: 'x'\n", status: 1},
		{files: files, args: []string{"split", "-l", "2", "-b", "3", "f"}, err: "split: cannot split in more than one way\nTry 'split --help' for more information.\n", status: 1},
		{files: files, args: []string{"split", "-n", "0", "f"}, err: "split: invalid number of chunks: '0': Numerical result out of range\n", status: 1},
		{files: files, args: []string{"split", "-n", "4/3", "f"}, err: "split: invalid chunk number: '4': Numerical result out of range\n", status: 1},
		{files: files, args: []string{"split", "--numeric-suffixes=1a", "f"}, err: "split: '1a': invalid start value for numerical suffix\nTry 'split --help' for more information.\n", status: 1},
		{files: files, args: []string{"split", "-t", "ab", "f"}, err: "split: multi-character separator 'ab'\n", status: 1},
		{files: files, args: []string{"split", "f", "a", "b"}, err: "split: extra operand 'b'\nTry 'split --help' for more information.\n", status: 1},
		{files: files, args: []string{"split", "nope"}, err: "split: cannot open 'nope' for reading: No such file or directory\n", status: 1},
	})
}
