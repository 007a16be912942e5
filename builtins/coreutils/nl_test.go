package coreutils

import "testing"

func TestNl(t *testing.T) {
	t.Parallel()
	sections := "h\n\\:\\:\\:\nH1\n\\:\\:\nB1\nB2\n\\:\nF1\n"
	runDataCases(t, map[string]string{"f": "a\n\nb\n", "s": sections}, []dataCase{
		{args: "nl f", out: "     1\ta\n       \n     2\tb\n"},
		{args: "nl -ba f", out: "     1\ta\n     2\t\n     3\tb\n"},
		{args: "nl -bn f", out: "       a\n       \n       b\n"},
		{args: "nl -ba -nln -s: f", out: "1     :a\n2     :\n3     :b\n"},
		{args: "nl -nrz -w3 -v 5 -i 10 f", out: "005\ta\n    \n015\tb\n"},
		{args: "nl -v -2 -n rz -w 4", stdin: "a\nb\n", out: "-002\ta\n-001\tb\n"},
		{argv: []string{"nl", "-s", ":::"}, stdin: "\nx\n", out: "         \n     1:::x\n"},
		{argv: []string{"nl", "-s", ""}, stdin: "x\n", out: "     1x\n"},
		{args: "nl -b p^fo", stdin: "foo\nbar\nfob\n", out: "     1\tfoo\n       bar\n     2\tfob\n"},
		{args: "nl -ba -l 2", stdin: "a\n\n\n\nb\n", out: "     1\ta\n       \n     2\t\n       \n     3\tb\n"},
		{args: "nl s", out: "     1\th\n\n       H1\n\n     1\tB1\n     2\tB2\n\n       F1\n"},
		{args: "nl -ha -fa s", out: "     1\th\n\n     1\tH1\n\n     1\tB1\n     2\tB2\n\n     1\tF1\n"},
		{args: "nl -p s", out: "     1\th\n\n       H1\n\n     2\tB1\n     3\tB2\n\n       F1\n"},
		{args: "nl -d x", stdin: "a\nx:\nb\n", out: "     1\ta\n\n       b\n"},
		{args: "nl", stdin: "a", out: "     1\ta\n"},
		{args: "nl f -", stdin: "c\n", out: "     1\ta\n       \n     2\tb\n     3\tc\n"},
		{args: "nl -w 0", err: "nl: invalid line number field width: '0': Numerical result out of range\n", status: 1},
		{args: "nl -n xx", err: "nl: invalid line numbering format: 'xx'\nTry 'nl --help' for more information.\n", status: 1},
		{args: "nl -b x", err: "nl: invalid body numbering style: 'x'\nTry 'nl --help' for more information.\n", status: 1},
		{args: "nl nope", err: "nl: nope: No such file or directory\n", status: 1},
	})
}
