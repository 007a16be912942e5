package coreutils

import "testing"

func TestDu(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"a": "hello\n", "big": string(make([]byte, 2049)), "d/": "", "d/x": string(make([]byte, 1024)),
		"d/sub/": "", "d/sub/y": string(make([]byte, 5000)), "e/": "", "l": "->big",
	}
	runFileCases(t, []fileCase{
		{files: files, args: []string{"du"}, out: "5\t./d/sub\n6\t./d\n0\t./e\n10\t.\n"},
		{files: files, args: []string{"du", "-a", "d"}, out: "5\td/sub/y\n5\td/sub\n1\td/x\n6\td\n"},
		{files: files, args: []string{"du", "-a", "-d", "1"}, out: "1\t./a\n3\t./big\n6\t./d\n0\t./e\n0\t./l\n10\t.\n"},
		{files: files, args: []string{"du", "--max-depth=0", "d", "e"}, out: "6\td\n0\te\n"},
		{files: files, args: []string{"du", "-s", "d/", "a"}, out: "6\td/\n1\ta\n"},
		{files: files, args: []string{"du", "-sc", "d", "big"}, out: "6\td\n3\tbig\n9\ttotal\n"},
		{files: files, args: []string{"du", "-sh", "d", "a", "e"}, out: "6.0K\td\n1.0K\ta\n0\te\n"},
		{files: files, args: []string{"du", "-sk", "."}, out: "10\t.\n"},
		{files: files, args: []string{"du", "-sm", "."}, out: "1\t.\n"},
		{files: files, args: []string{"du", "-sb", ".", "a"}, out: "8079\t.\n6\ta\n"},
		{name: "hard links once", files: files, pre: [][]string{{"ln", "big", "d/big2"}}, args: []string{"du", "-a", "."},
			out: "1\t./a\n3\t./big\n0\t./d/big2\n5\t./d/sub/y\n5\t./d/sub\n1\t./d/x\n6\t./d\n0\t./e\n0\t./l\n10\t.\n"},
		{files: files, args: []string{"du", "nope", "a"}, out: "1\ta\n", err: "du: cannot access 'nope': No such file or directory\n", status: 1},
		{files: files, pre: [][]string{{"chmod", "0", "d/sub"}}, args: []string{"du", "d"}, out: "0\td/sub\n1\td\n", err: "du: cannot read directory 'd/sub': Permission denied\n", status: 1},
		{files: files, args: []string{"du", "-sa"}, err: "du: cannot both summarize and show all entries\nTry 'du --help' for more information.\n", status: 1},
	})
}
