package coreutils

import (
	"fmt"
	"strings"
	"testing"
)

func TestCsplit(t *testing.T) {
	t.Parallel()
	var fifteen strings.Builder
	for i := 1; i <= 15; i++ {
		fmt.Fprintf(&fifteen, "%d\n", i)
	}
	files := map[string]string{"f": fifteen.String(), "g": "a\nb"}
	runFileCases(t, []fileCase{
		{files: files, args: []string{"csplit", "f", "5", "/10/"}, out: "8\n10\n18\n", check: wantPieces("xx00", "1\n2\n3\n4\n", "xx01", "5\n6\n7\n8\n9\n", "xx02", "10\n11\n12\n13\n14\n15\n")},
		{files: files, args: []string{"csplit", "f", "/3/", "{*}"}, out: "4\n23\n9\n", check: wantPieces("xx02", "13\n14\n15\n")},
		{files: files, args: []string{"csplit", "-s", "-f", "pre", "-b", "%03d.txt", "f", "%4%", "/8/+1"}, check: wantPieces("pre000.txt", "4\n5\n6\n7\n8\n", "pre001.txt", "9\n10\n11\n12\n13\n14\n15\n")},
		{files: files, args: []string{"csplit", "f", "15"}, out: "33\n3\n"},
		{files: files, args: []string{"csplit", "f", "/15/+1"}, out: "36\n0\n"},
		{files: files, args: []string{"csplit", "f", "/5/", "/5/"}, out: "8\n25\n3\n"},
		{files: files, args: []string{"csplit", "f", "5", "/5/"}, out: "8\n0\n28\n"},
		{files: files, args: []string{"csplit", "f", "/5/-1", "/5/-1"}, out: "6\n24\n6\n"},
		{files: files, args: []string{"csplit", "f", "%5%", "%5%"}, out: "3\n"},
		{files: files, args: []string{"csplit", "f", "/7/", "{0}"}, out: "12\n24\n"},
		{files: files, args: []string{"csplit", "-z", "f", "1", "5"}, out: "8\n28\n", check: wantPieces("xx00", "1\n2\n3\n4\n")},
		{files: files, args: []string{"csplit", "--suppress-matched", "f", "/5/", "/10/"}, out: "8\n8\n15\n", check: wantPieces("xx01", "6\n7\n8\n9\n")},
		{files: files, args: []string{"csplit", "-n", "3", "f", "10"}, out: "18\n18\n", check: wantPieces("xx001", "10\n11\n12\n13\n14\n15\n")},
		{files: files, args: []string{"csplit", "-b", "%03x.t", "f", "3"}, out: "4\n32\n", check: wantPieces("xx001.t", fifteen.String()[4:])},
		{files: files, args: []string{"csplit", "g", "/b/"}, out: "2\n1\n", check: wantPieces("xx01", "b")},
		{files: files, args: []string{"csplit", "-k", "f", "/3/", "/99/"}, out: "4\n32\n", err: "csplit: '/99/': match not found\n", status: 1, check: wantPieces("xx01", fifteen.String()[4:])},
		// an error removes the pieces made, unless -k
		{files: files, args: []string{"csplit", "f", "/99/"}, out: "36\n", err: "csplit: '/99/': match not found\n", status: 1, check: wantMissing("/work/xx00")},
		{files: files, args: []string{"csplit", "f", "5", "/10/", "{1}"}, out: "8\n10\n18\n", err: "csplit: '/10/': match not found on repetition 1\n", status: 1},
		{files: files, args: []string{"csplit", "f", "20"}, out: "36\n", err: "csplit: '20': line number out of range\n", status: 1},
		{files: files, args: []string{"csplit", "f", "3", "{*}"}, out: "4\n6\n6\n8\n9\n3\n", err: "csplit: '3': line number out of range on repetition 5\n", status: 1},
		{files: files, args: []string{"csplit", "f", "/5/+2", "{*}"}, out: "12\n24\n", err: "csplit: '/5/+2': line number out of range\n", status: 1},
		{files: files, args: []string{"csplit", "f", "/3/-5"}, out: "0\n", err: "csplit: '/3/-5': line number out of range\n", status: 1},
		{files: files, args: []string{"csplit", "f", "0"}, err: "csplit: 0: line number must be greater than zero\n", status: 1},
		{files: files, args: []string{"csplit", "f", "5", "3"}, err: "csplit: line number '3' is smaller than preceding line number, 5\n", status: 1},
		{files: files, args: []string{"csplit", "f", "{3}"}, err: "csplit: '{3}': invalid pattern\n", status: 1},
		{files: files, args: []string{"csplit", "f", "/x"}, err: "csplit: /x: closing delimiter '/' missing\n", status: 1},
		{files: files, args: []string{"csplit", "f", "/x/y"}, err: "csplit: '/x/y': integer expected after delimiter\n", status: 1},
		{files: files, args: []string{"csplit", "f", "/[[:foo:]]/"}, err: "csplit: '/[[:foo:]]/': invalid regular expression: Invalid character class name\n", status: 1},
		{files: files, args: []string{"csplit", "-b", "%d%d", "f", "3"}, err: "csplit: too many % conversion specifications in suffix\n", status: 1},
		{files: files, args: []string{"csplit", "-b", "abc", "f", "3"}, err: "csplit: missing % conversion specification in suffix\n", status: 1},
		{files: files, args: []string{"csplit", "f"}, err: "csplit: missing operand after 'f'\nTry 'csplit --help' for more information.\n", status: 1},
		{files: files, args: []string{"csplit", "nope", "3"}, err: "csplit: cannot open 'nope' for reading: No such file or directory\n", status: 1},
	})
}
