package coreutils

import "testing"

func TestTree(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"a": "", "b.go": "", ".hid": "", "d/": "", "d/x": "", "d/sub/": "", "d/sub/y": "", "d/z.go": "",
		"e/": "", "l": "->a", "ld": "->d",
	}
	runFileCases(t, []fileCase{
		{files: files, args: []string{"tree"}, out: `.
├── a
├── b.go
├── d
│   ├── sub
│   │   └── y
│   ├── x
│   └── z.go
├── e
├── l -> a
└── ld -> d

4 directories, 6 files
`},
		{files: files, args: []string{"tree", "-a", "e", "d/sub"}, out: "e\nd/sub\n└── y\n\n0 directories, 1 file\n"},
		{files: files, args: []string{"tree", "-a", "-L", "1"}, out: `.
├── .hid
├── a
├── b.go
├── d
├── e
├── l -> a
└── ld -> d

3 directories, 4 files
`},
		{files: files, args: []string{"tree", "-d"}, out: ".\n├── d\n│   └── sub\n├── e\n└── ld -> d\n\n4 directories\n"},
		{files: files, args: []string{"tree", "-f", "d"}, out: "d\n├── d/sub\n│   └── d/sub/y\n├── d/x\n└── d/z.go\n\n1 directory, 3 files\n"},
		{files: files, args: []string{"tree", "--noreport", "-L", "1", "d"}, out: "d\n├── sub\n├── x\n└── z.go\n"},
		{files: files, args: []string{"tree", "--dirsfirst", "d"}, out: "d\n├── sub\n│   └── y\n├── x\n└── z.go\n\n1 directory, 3 files\n"},
		{files: files, args: []string{"tree", "--dirsfirst", "-L", "1"}, out: ".\n├── d\n├── e\n├── ld -> d\n├── a\n├── b.go\n└── l -> a\n\n3 directories, 3 files\n"},
		{files: files, args: []string{"tree", "-I", "*.go|e", "-L", "1"}, out: ".\n├── a\n├── d\n├── l -> a\n└── ld -> d\n\n2 directories, 2 files\n"},
		{files: files, args: []string{"tree", "-P", "*.go", "d"}, out: "d\n├── sub\n└── z.go\n\n1 directory, 1 file\n"},
		{files: files, pre: [][]string{{"chmod", "755", "a"}}, args: []string{"tree", "-F", "-L", "1"}, out: ".\n├── a*\n├── b.go\n├── d/\n├── e/\n├── l -> a*\n└── ld -> d/\n\n3 directories, 3 files\n"},
		{files: files, args: []string{"tree", "--charset=ascii", "d"}, out: "d\n|-- sub\n|   `-- y\n|-- x\n`-- z.go\n\n1 directory, 3 files\n"},
		{files: files, args: []string{"tree", "a"}, out: "a\n\n0 directories, 1 file\n"},
		{files: files, pre: [][]string{{"chmod", "0", "d/sub"}}, args: []string{"tree", "d"}, out: "d\n├── sub  [error opening dir]\n├── x\n└── z.go\n\n1 directory, 2 files\n"},
		{files: files, args: []string{"tree", "nope"}, out: "nope  [error opening dir]\n\n0 directories, 0 files\n", status: 2},
		{files: files, args: []string{"tree", "-L", "0"}, err: "tree: invalid level, must be greater than 0\n", status: 2},
	})
}
