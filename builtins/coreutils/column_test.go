package coreutils

import "testing"

func TestColumn(t *testing.T) {
	t.Parallel()
	var nums string
	for _, n := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"} {
		nums += n + "\n"
	}
	table := "a b c\nlonger x y\n\nz\n"
	runDataCases(t, map[string]string{"nums": nums, "t": table, "colons": "a:b:c\nlonger::y\n"}, []dataCase{
		{args: "column -c 30 nums", out: "1\t5\t9\n2\t6\t10\n3\t7\t11\n4\t8\t12\n"},
		{args: "column -c 30 -x nums", out: "1\t2\t3\n4\t5\t6\n7\t8\t9\n10\t11\t12\n"},
		{args: "column nums", out: "1\t3\t5\t7\t9\t11\n2\t4\t6\t8\t10\t12\n"},
		{args: "column -c 8 nums", out: nums},
		{args: "column -c 0 nums", out: nums},
		{args: "column -c 20", stdin: "abcdefghi\nb\nc\n", out: "abcdefghi\nb\nc\n"},
		{args: "column -c 40", stdin: "one\n\ntwo\nthree\n", out: "one\ttwo\tthree\n"},
		{args: "column -t t", out: "a       b  c\nlonger  x  y\nz          \n"},
		{args: "column -t -s : colons", out: "a       b  c\nlonger     y\n"},
		{argv: []string{"column", "-t", "-s:", "-o", "|", "colons"}, out: "a     |b|c\nlonger| |y\n"},
		{args: "column -t -N one,two,three t", out: "one     two  three\na       b    c\nlonger  x    y\nz            \n"},
		{args: "column -t -d -N one,two,three t", out: "a       b    c\nlonger  x    y\nz            \n"},
		{args: "column -t -R 1 t", out: "     a  b  c\nlonger  x  y\n     z     \n"},
		{args: "column -t -R two -N one,two,three", stdin: "a bbb c\nlonger x y\n", out: "one     two  three\na       bbb  c\nlonger    x  y\n"},
		{args: "column -t -H 1 -N x,y", stdin: "a b\nc d\n", out: "y\nb\nd\n"},
		{args: "column -t -O 2,1", stdin: "a b\nc d\n", out: "b  a\nd  c\n"},
		{args: "column -t -N x,y", stdin: "a b c d\n", out: "x  y     \na  b  c  d\n"},
		{args: "column -t -N x,y,z", stdin: "a b\n", out: "x  y  z\na  b  \n"},
		{args: "column -t", stdin: " lead\t\tx\n", out: "lead  x\n"},
		{args: "column -J -N one,two", stdin: "a b\nlonger x\n", out: "{\n   \"table\": [\n      {\n         \"one\": \"a\",\n         \"two\": \"b\"\n      },{\n         \"one\": \"longer\",\n         \"two\": \"x\"\n      }\n   ]\n}\n"},
		{args: "column -J -n t -H y -N x,y,z", stdin: "a b c\n", out: "{\n   \"t\": [\n      {\n         \"x\": \"a\",\n         \"z\": \"c\"\n      }\n   ]\n}\n"},
		{args: "column -J", stdin: "a b\n", err: "column: option --table-columns required for --json\n", status: 1},
		{args: "column -c x", stdin: "a\n", err: "column: invalid columns argument: 'x'\n", status: 1},
		{args: "column nope", err: "column: nope: No such file or directory\n", status: 1},
	})
}
