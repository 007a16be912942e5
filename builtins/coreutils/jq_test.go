package coreutils

import (
	"io"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins"
)

func TestJQ(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"/work/j.json":   `{"b":1,"a":[1,2,{"z":null,"y":true}],"s":"x\ty"}` + "\n",
		"/work/two.json": "{\"n\": 1}\n{\"n\": 2}\n",
		"/work/bad.json": "{\"a\": 1}\n[1,\n",
		"/work/prog.jq":  ".b + 1\n",
		"/work/lines":    "one\ntwo\n",
	}
	runCasesFresh(t, files, []cmdCase{
		{[]string{"jq", ".", "j.json"}, "", "{\n  \"b\": 1,\n  \"a\": [\n    1,\n    2,\n    {\n      \"z\": null,\n      \"y\": true\n    }\n  ],\n  \"s\": \"x\\ty\"\n}\n", "", 0},
		{[]string{"jq"}, `{"k":[]}`, "{\n  \"k\": []\n}\n", "", 0},
		{[]string{"jq", "-c", ".", "j.json"}, "", `{"b":1,"a":[1,2,{"z":null,"y":true}],"s":"x\ty"}` + "\n", "", 0},
		{[]string{"jq", "-S", "-c", ".", "j.json"}, "", `{"a":[1,2,{"y":true,"z":null}],"b":1,"s":"x\ty"}` + "\n", "", 0},
		{[]string{"jq", "--tab", ".a[2]", "j.json"}, "", "{\n\t\"z\": null,\n\t\"y\": true\n}\n", "", 0},
		{[]string{"jq", "--indent", "1", ".a[2]", "j.json"}, "", "{\n \"z\": null,\n \"y\": true\n}\n", "", 0},
		{[]string{"jq", "--indent", "0", ".a[2]", "j.json"}, "", "{\"z\":null,\"y\":true}\n", "", 0},
		{[]string{"jq", "--indent", "9", "."}, "", "", "jq: --indent takes a number between -1 and 7\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n", 2},
		{[]string{"jq", "-r", ".s, .b", "j.json"}, "", "x\ty\n1\n", "", 0},
		{[]string{"jq", "-j", ".s, .b", "j.json"}, "", "x\ty1", "", 0},
		{[]string{"jq", "--raw-output0", ".s", "j.json"}, "", "x\ty\x00", "", 0},
		{[]string{"jq", "--raw-output0", "-n", `"a\u0000b"`}, "", "", "jq: error (at <unknown>): Cannot dump a string containing NUL with --raw-output0 option\n", 5},
		{[]string{"jq", "-a", "-n", `"é😀"`}, "", "\"\\u00e9\\ud83d\\ude00\"\n", "", 0},
		{[]string{"jq", "-r", "-a", "-n", `"é"`}, "", "\"\\u00e9\"\n", "", 0},
		{[]string{"jq", "-n", `"\u0001\u007f\b\f"`}, "", "\"\\u0001\\u007f\\b\\f\"\n", "", 0},
		{[]string{"jq", "-n", "1/3, 1e17, 1e-5, 0.0001, 1.5e300, -0, 3.0, 100000000000000000000000, infinite, nan"}, "",
			"0.3333333333333333\n1e+17\n1e-05\n0.0001\n1.5e+300\n0\n3\n100000000000000000000000\n1.7976931348623157e+308\nnull\n", "", 0},
		{[]string{"jq", "-c", "."}, "[12345678901234567890, 1.0, 1e2, -5]", "[12345678901234567890,1,100,-5]\n", "", 0},
		{[]string{"jq", "-c", "{z: 1, a: .b} | .q = 2", "j.json"}, "", `{"z":1,"a":1,"q":2}` + "\n", "", 0},
		{[]string{"jq", "-c", ". + {c: 3} | del(.a)", "j.json"}, "", `{"b":1,"s":"x\ty","c":3}` + "\n", "", 0},
		{[]string{"jq", "-c", "to_entries", "j.json"}, "", `[{"key":"b","value":1},{"key":"a","value":[1,2,{"z":null,"y":true}]},{"key":"s","value":"x\ty"}]` + "\n", "", 0},
		{[]string{"jq", "-c", "keys_unsorted, keys", "j.json"}, "", `["b","a","s"]` + "\n" + `["a","b","s"]` + "\n", "", 0},
		{[]string{"jq", "-c", "with_entries(.value |= tostring)", "j.json"}, "", `{"b":"1","a":"[1,2,{\"z\":null,\"y\":true}]","s":"x\ty"}` + "\n", "", 0},
		{[]string{"jq", ".n", "two.json"}, "", "1\n2\n", "", 0},
		{[]string{"jq", "-s", "-c", "map(.n)", "two.json"}, "", "[1,2]\n", "", 0},
		{[]string{"jq", "-n", "-c", "[inputs.n]", "two.json"}, "", "[1,2]\n", "", 0},
		{[]string{"jq", "-c", "[., input.n]", "two.json"}, "", "[{\"n\":1},2]\n", "", 0},
		{[]string{"jq", "-R", ".", "lines"}, "", "\"one\"\n\"two\"\n", "", 0},
		{[]string{"jq", "-Rs", ".", "lines"}, "", "\"one\\ntwo\\n\"\n", "", 0},
		{[]string{"jq", "-Rn", "[inputs]", "-c", "lines"}, "", "[\"one\",\"two\"]\n", "", 0},
		{[]string{"jq", "-n", "-c", "--arg", "x", "1", "--argjson", "y", `{"b":2,"a":1}`, "[$x, $y, $ARGS]"}, "",
			`["1",{"b":2,"a":1},{"positional":[],"named":{"x":"1","y":{"b":2,"a":1}}}]` + "\n", "", 0},
		{[]string{"jq", "-n", "-c", "$ARGS.positional", "--args", "a", "b"}, "", "[\"a\",\"b\"]\n", "", 0},
		{[]string{"jq", "-n", "-c", "$ARGS.positional", "--jsonargs", "1", `{"a":2}`}, "", "[1,{\"a\":2}]\n", "", 0},
		{[]string{"jq", "-n", "-c", "--slurpfile", "v", "two.json", "--rawfile", "r", "lines", "[$v, $r]"}, "", `[[{"n":1},{"n":2}],"one\ntwo\n"]` + "\n", "", 0},
		{[]string{"jq", "-n", "--slurpfile", "v", "nope", "$v"}, "", "", "jq: Bad JSON in --slurpfile v nope: Could not open nope: No such file or directory\n", 2},
		{[]string{"jq", "-n", "--argjson", "v", "{", "$v"}, "", "", "jq: invalid JSON text passed to --argjson\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n", 2},
		{[]string{"jq", "-n", "--arg", "v"}, "", "", "jq: --arg takes two parameters (e.g. --arg varname value)\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n", 2},
		{[]string{"jq", "-f", "prog.jq", "j.json"}, "", "2\n", "", 0},
		{[]string{"jq", "-f", "nope.jq"}, "", "", "jq: error: Could not open nope.jq: No such file or directory\n", 2},
		{[]string{"jq", "-n", "$ENV.HOME, env.PATH"}, "", "\"/work\"\n\"/bin:/usr/bin\"\n", "", 0},
		{[]string{"jq", "input_filename", "j.json"}, "", "\"j.json\"\n", "", 0},
		{[]string{"jq", "input_filename"}, "1", "null\n", "", 0},
		{[]string{"jq", "-n", "now, (0 | todate), (0 | localtime | mktime), (1767225600 | strflocaltime(\"%H:%M %Z\"))"}, "", "1767225600\n\"1970-01-01T00:00:00Z\"\n0\n\"00:00 UTC\"\n", "", 0},
		{[]string{"jq", "-n", "-c", "\"2015-03-05T23:51:47Z\" | strptime(\"%Y-%m-%dT%H:%M:%SZ\")"}, "", "[2015,2,5,23,51,47,4,63]\n", "", 0},
		{[]string{"jq", "-e", ".b", "j.json"}, "", "1\n", "", 0},
		{[]string{"jq", "-e", ".x", "j.json"}, "", "null\n", "", 1},
		{[]string{"jq", "-e", "false"}, "1", "false\n", "", 1},
		{[]string{"jq", "-e", "empty"}, "1", "", "", 4},
		{[]string{"jq", "empty"}, "1", "", "", 0},
		{[]string{"jq", ".[", "j.json"}, "", "", "jq: error: syntax error, unexpected EOF at <top-level>, line 1:\n.[\njq: 1 compile error\n", 3},
		{[]string{"jq", "nosuchfn"}, "1", "", "jq: error: function not defined: nosuchfn/0 at <top-level>, line 1:\nnosuchfn\njq: 1 compile error\n", 3},
		{[]string{"jq", "-n", "import \"x\" as x; 1"}, "", "", "jq: error: cannot load module: \"x\" at <top-level>, line 1:\nimport \"x\" as x; 1\njq: 1 compile error\n", 3},
		{[]string{"jq", "-n", "error(\"boom\")"}, "", "", "jq: error (at <unknown>): boom\n", 5},
		{[]string{"jq", "error"}, "{\"a\":1}", "", "jq: error (at <stdin>:0) (not a string): {\"a\":1}\n", 5},
		{[]string{"jq", ".a + 1"}, "{\"a\":\"x\"}\n{\"a\":2}\n", "3\n", "jq: error (at <stdin>:0): cannot add: string (\"x\") and number (1)\n", 0},
		{[]string{"jq", ".a + 1"}, "{\"a\":2}\n{\"a\":\"x\"}\n", "3\n", "jq: error (at <stdin>:1): cannot add: string (\"x\") and number (1)\n", 5},
		{[]string{"jq", "-n", "\"bye\\n\" | halt_error"}, "", "", "bye\n", 5},
		{[]string{"jq", "-n", "{a: 1} | halt_error(2)"}, "", "", "{\"a\":1}\n", 2},
		{[]string{"jq", "1, halt, 2"}, "0 0", "1\n", "", 0},
		{[]string{"jq", "-n", "1 | debug | 2"}, "", "2\n", "[\"DEBUG:\",1]\n", 0},
		{[]string{"jq", "-n", "{a:1} | stderr | \"x\" | stderr | empty"}, "", "", "{\"a\":1}x", 0},
		{[]string{"jq", ".", "bad.json"}, "", "{\n  \"a\": 1\n}\n", "jq: parse error: Unfinished JSON term at EOF at line 3, column 0\n", 5},
		{[]string{"jq", "."}, "{\"a\" 1}", "", "jq: parse error: Objects must consist of key:value pairs at line 1, column 6\n", 5},
		{[]string{"jq", "."}, "1 x", "1\n", "jq: parse error: Invalid literal at line 1, column 3\n", 5},
		{[]string{"jq", "."}, "[1 2]", "", "jq: parse error: Expected separator between values at line 1, column 4\n", 5},
		{[]string{"jq", "."}, "\"\\ud83d\\ude00\\u00e9\" nan", "\"😀é\"\nnull\n", "", 0},
		{[]string{"jq", ".", "nope", "two.json"}, "", "{\n  \"n\": 1\n}\n{\n  \"n\": 2\n}\n", "jq: error: Could not open nope: No such file or directory\n", 2},
		{[]string{"jq", "-C", "-c", "."}, "{\"a\":[1,null,\"s\",true]}", "\x1b[1;37m{\x1b[0m\x1b[34;1m\"a\"\x1b[0m\x1b[1;37m:\x1b[0m\x1b[1;37m[\x1b[0m\x1b[0;37m1\x1b[0m\x1b[1;37m,\x1b[0m\x1b[1;30mnull\x1b[0m\x1b[1;37m,\x1b[0m\x1b[0;32m\"s\"\x1b[0m\x1b[1;37m,\x1b[0m\x1b[0;37mtrue\x1b[0m\x1b[1;37m]\x1b[0m\x1b[1;37m}\x1b[0m\n", "", 0},
		{[]string{"jq", "-Z", "."}, "", "", "jq: Unknown option: -Z\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n", 2},
		{[]string{"jq", "-L", "/x", "."}, "", "", "jq: modules are not available (-L)\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n", 2},
		{[]string{"jq", "--", "-n"}, "", "", "jq: error: function not defined: n/0 at <top-level>, line 1:\n-n\njq: 1 compile error\n", 3},
		{[]string{"jq", "-nr", "@sh \"echo \\(\"it's\")\", @csv \"\\([1, \"a\"])\""}, "", "echo 'it'\\''s'\n1,\"a\"\n", "", 0},
		{[]string{"jq", "-V"}, "", "jq-1.7.1\n", "", 0},
	})
}

func TestJQStreamsInput(t *testing.T) {
	t.Parallel()
	// Values are processed as they arrive, not after the input ends.
	r := &slowReader{chunks: []string{"{\"a\":1}\n", "{\"a\":2}\n"}}
	var out strings.Builder
	c := &builtins.Call{Args: []string{"jq", "-c", ".a"}, Stdin: r, Stdout: &out, Dir: "/work", FS: testTree(t)}
	if st := builtins.Run(testRegistry.Lookup("jq"), c); st != 0 || out.String() != "1\n2\n" {
		t.Errorf("got %q %d", out.String(), st)
	}
}

type slowReader struct{ chunks []string }

func (s *slowReader) Read(p []byte) (int, error) {
	if len(s.chunks) == 0 {
		return 0, io.EOF
	}
	n := copy(p, s.chunks[0])
	s.chunks[0] = s.chunks[0][n:]
	if s.chunks[0] == "" {
		s.chunks = s.chunks[1:]
	}
	return n, nil
}

// TestJQKeyOrder: objects print their keys in the order jq 1.6 does
// (insertion order) through the operations that make objects; every
// expectation is jq 1.6's output for the same program and input.
func TestJQKeyOrder(t *testing.T) {
	t.Parallel()
	runCases(t, testTree(t), []cmdCase{
		{[]string{"jq", "-c", "."}, "{\"b\":1,\"a\":2}", "{\"b\":1,\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "{z:1}+."}, "{\"b\":1,\"a\":2}", "{\"z\":1,\"b\":1,\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", ".+{z:1}"}, "{\"b\":1,\"a\":2}", "{\"b\":1,\"a\":2,\"z\":1}\n", "", 0},
		{[]string{"jq", "-c", ". * {c:{y:1,x:2}}"}, "{\"b\":1,\"a\":2}", "{\"b\":1,\"a\":2,\"c\":{\"y\":1,\"x\":2}}\n", "", 0},
		{[]string{"jq", "-c", "{}|.y=1|.b=2|.a=3"}, "null", "{\"y\":1,\"b\":2,\"a\":3}\n", "", 0},
		{[]string{"jq", "-c", ".y=1|.b=2|.a=3"}, "{\"b\":1,\"a\":2}", "{\"b\":2,\"a\":3,\"y\":1}\n", "", 0},
		{[]string{"jq", "-c", "with_entries(.value+=1)"}, "{\"b\":1,\"a\":2}", "{\"b\":2,\"a\":3}\n", "", 0},
		{[]string{"jq", "-c", "with_entries(select(.key!=\"b\"))"}, "{\"b\":1,\"a\":2}", "{\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "to_entries"}, "{\"b\":1,\"a\":2}", "[{\"key\":\"b\",\"value\":1},{\"key\":\"a\",\"value\":2}]\n", "", 0},
		{[]string{"jq", "-c", "to_entries|from_entries"}, "{\"b\":1,\"a\":2}", "{\"b\":1,\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "keys_unsorted"}, "{\"b\":1,\"a\":2}", "[\"b\",\"a\"]\n", "", 0},
		{[]string{"jq", "-c", "keys"}, "{\"b\":1,\"a\":2}", "[\"a\",\"b\"]\n", "", 0},
		{[]string{"jq", "-c", "reduce range(3) as $i ({}; .[\"k\\($i)\"]=$i)"}, "null", "{\"k0\":0,\"k1\":1,\"k2\":2}\n", "", 0},
		{[]string{"jq", "-c", "reduce (\"z\",\"y\",\"x\") as $k ({}; .[$k]=1)"}, "null", "{\"z\":1,\"y\":1,\"x\":1}\n", "", 0},
		{[]string{"jq", "-c", "map({(.n):1})|add"}, "[{\"n\":\"z\"},{\"n\":\"a\"}]", "{\"z\":1,\"a\":1}\n", "", 0},
		{[]string{"jq", "-c", "{a,b}"}, "{\"b\":1,\"a\":2}", "{\"a\":2,\"b\":1}\n", "", 0},
		{[]string{"jq", "-c", "{b:.a, a:.b}"}, "{\"b\":1,\"a\":2}", "{\"b\":2,\"a\":1}\n", "", 0},
		{[]string{"jq", "-c", "del(.b)"}, "{\"b\":1,\"a\":2}", "{\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "del(.b)|.c=3"}, "{\"b\":1,\"a\":2}", "{\"a\":2,\"c\":3}\n", "", 0},
		{[]string{"jq", "-c", "map_values(.+1)"}, "{\"b\":1,\"a\":2}", "{\"b\":2,\"a\":3}\n", "", 0},
		{[]string{"jq", "-c", "add"}, "[{\"b\":1,\"a\":2},{\"d\":1,\"c\":2}]", "{\"b\":1,\"a\":2,\"d\":1,\"c\":2}\n", "", 0},
		{[]string{"jq", "-c", ".b"}, "{\"b\":{\"y\":1,\"x\":2},\"a\":2}", "{\"y\":1,\"x\":2}\n", "", 0},
		{[]string{"jq", "-c", ".b.w=0"}, "{\"b\":{\"y\":1,\"x\":2},\"a\":2}", "{\"b\":{\"y\":1,\"x\":2,\"w\":0},\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "tojson"}, "{\"b\":1,\"a\":2}", "\"{\\\"b\\\":1,\\\"a\\\":2}\"\n", "", 0},
		{[]string{"jq", "-c", "tostring"}, "{\"b\":1,\"a\":2}", "\"{\\\"b\\\":1,\\\"a\\\":2}\"\n", "", 0},
		{[]string{"jq", "-c", "{c:3} + ."}, "{\"b\":1,\"a\":2}", "{\"c\":3,\"b\":1,\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "{\"x\":1,\"w\":2} | .v=3"}, "null", "{\"x\":1,\"w\":2,\"v\":3}\n", "", 0},
		{[]string{"jq", "-c", "[{\"x\":1,\"w\":2}] | map(.v=3)"}, "null", "[{\"x\":1,\"w\":2,\"v\":3}]\n", "", 0},
		{[]string{"jq", "-c", ". as $o | {z:$o.a, y:$o.b}"}, "{\"b\":1,\"a\":2}", "{\"z\":2,\"y\":1}\n", "", 0},
		{[]string{"jq", "-c", "setpath([\"q\"];1)"}, "{\"b\":1,\"a\":2}", "{\"b\":1,\"a\":2,\"q\":1}\n", "", 0},
		{[]string{"jq", "-c", "{} | setpath([\"z\"];1) | setpath([\"a\"];2)"}, "null", "{\"z\":1,\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "map({id,name})"}, "[{\"name\":\"x\",\"id\":1},{\"name\":\"y\",\"id\":2}]", "[{\"id\":1,\"name\":\"x\"},{\"id\":2,\"name\":\"y\"}]\n", "", 0},
		{[]string{"jq", "-c", "INDEX(.name)"}, "[{\"name\":\"x\",\"id\":1},{\"name\":\"y\",\"id\":2}]", "{\"x\":{\"name\":\"x\",\"id\":1},\"y\":{\"name\":\"y\",\"id\":2}}\n", "", 0},
		{[]string{"jq", "-c", "to_entries|map(.key)|join(\",\")"}, "{\"b\":1,\"a\":2}", "\"b,a\"\n", "", 0},
		{[]string{"jq", "-c", "{\"b\":1,\"a\":2}|with_entries(.key|=ascii_upcase)"}, "null", "{\"B\":1,\"A\":2}\n", "", 0},
		{[]string{"jq", "-c", ".c|=.+{z:0}"}, "{\"c\":{\"b\":1,\"a\":2}}", "{\"c\":{\"b\":1,\"a\":2,\"z\":0}}\n", "", 0},
		{[]string{"jq", "-c", "[3,1,2]|{last:.[-1], first:.[0]}"}, "null", "{\"last\":2,\"first\":3}\n", "", 0},
		{[]string{"jq", "-c", "group_by(.)?, ({} + .)"}, "{\"b\":1,\"a\":2}", "{\"b\":1,\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", ".c.d.e = 1"}, "{\"b\":1,\"a\":2}", "{\"b\":1,\"a\":2,\"c\":{\"d\":{\"e\":1}}}\n", "", 0},
		{[]string{"jq", "-c", ".z.y = 1 | .a = 2"}, "null", "{\"z\":{\"y\":1},\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", ".b += 10"}, "{\"b\":1,\"a\":2}", "{\"b\":11,\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", ".b |= . * 3"}, "{\"b\":1,\"a\":2}", "{\"b\":3,\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "del(.a) | .a = 9"}, "{\"b\":1,\"a\":2,\"c\":3}", "{\"b\":1,\"c\":3,\"a\":9}\n", "", 0},
		{[]string{"jq", "-c", "del(.a)"}, "{\"b\":1,\"a\":2,\"c\":3}", "{\"b\":1,\"c\":3}\n", "", 0},
		{[]string{"jq", "-c", "to_entries | map(.key |= \"x\" + .) | from_entries"}, "{\"b\":1,\"a\":2}", "{\"xb\":1,\"xa\":2}\n", "", 0},
		{[]string{"jq", "-c", ". * {b:{e:3}}"}, "{\"b\":{\"d\":1,\"c\":2},\"a\":2}", "{\"b\":{\"d\":1,\"c\":2,\"e\":3},\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "map(. + {z:0})"}, "[{\"b\":1,\"a\":2},{\"b\":3,\"a\":4}]", "[{\"b\":1,\"a\":2,\"z\":0},{\"b\":3,\"a\":4,\"z\":0}]\n", "", 0},
		{[]string{"jq", "-c", "reduce .[] as $x ({}; .[$x.k] += [$x.v])"}, "[{\"k\":\"z\",\"v\":1},{\"k\":\"a\",\"v\":2},{\"k\":\"z\",\"v\":3}]", "{\"z\":[1,3],\"a\":[2]}\n", "", 0},
		{[]string{"jq", "-c", "[{a:1,b:2},{b:3,a:4}]"}, "null", "[{\"a\":1,\"b\":2},{\"b\":3,\"a\":4}]\n", "", 0},
		{[]string{"jq", "-c", "{(.b|tostring): 1, c: 2}"}, "{\"b\":1,\"a\":2}", "{\"1\":1,\"c\":2}\n", "", 0},
		{[]string{"jq", "-c", "{c: 1, (.a|tostring): 2}"}, "{\"b\":1,\"a\":2}", "{\"c\":1,\"2\":2}\n", "", 0},
		{[]string{"jq", "-c", "with_entries(select(.value > 1))"}, "{\"b\":1,\"a\":2}", "{\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "keys_unsorted, (.z = 1 | keys_unsorted)"}, "{\"b\":1,\"a\":2}", "[\"b\",\"a\"]\n[\"b\",\"a\",\"z\"]\n", "", 0},
		{[]string{"jq", "-c", ".z = 1 | tojson"}, "{\"b\":1,\"a\":2}", "\"{\\\"b\\\":1,\\\"a\\\":2,\\\"z\\\":1}\"\n", "", 0},
		{[]string{"jq", "-c", ".z = 1 | \"\\(.)\""}, "{\"b\":1,\"a\":2}", "\"{\\\"b\\\":1,\\\"a\\\":2,\\\"z\\\":1}\"\n", "", 0},
		{[]string{"jq", "-c", ".z = 1 | @json"}, "{\"b\":1,\"a\":2}", "\"{\\\"b\\\":1,\\\"a\\\":2,\\\"z\\\":1}\"\n", "", 0},
		{[]string{"jq", "-c", ".z = 1 | to_entries | map(.key)"}, "{\"b\":1,\"a\":2}", "[\"b\",\"a\",\"z\"]\n", "", 0},
		{[]string{"jq", "-c", "{} | .[\"b\"] = 1 | .[\"a\"] = 2 | .[\"b\"] = 3"}, "null", "{\"b\":3,\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "[3,1,2] | INDEX(tostring)"}, "null", "{\"3\":3,\"1\":1,\"2\":2}\n", "", 0},
		{[]string{"jq", "-c", ". as $x | {} | .a = $x.a | .b = $x.b"}, "{\"b\":1,\"a\":2}", "{\"a\":2,\"b\":1}\n", "", 0},
		{[]string{"jq", "-c", "setpath([\"c\",\"y\"]; 1) | setpath([\"c\",\"x\"]; 2)"}, "{\"b\":1,\"a\":2}", "{\"b\":1,\"a\":2,\"c\":{\"y\":1,\"x\":2}}\n", "", 0},
		{[]string{"jq", "-c", "delpaths([[\"b\"]]) | .b = 1"}, "{\"b\":1,\"a\":2}", "{\"a\":2,\"b\":1}\n", "", 0},
		{[]string{"jq", "-c", "map({key: .n, value: .v}) | from_entries"}, "[{\"n\":\"z\",\"v\":1},{\"n\":\"a\",\"v\":2}]", "{\"z\":1,\"a\":2}\n", "", 0},
		{[]string{"jq", "-c", "map_values(. + 1) | .c = 0"}, "{\"b\":1,\"a\":2}", "{\"b\":2,\"a\":3,\"c\":0}\n", "", 0},
		{[]string{"jq", "-c", "{\"x\":{\"b\":1,\"a\":2}} | .x.c = 3"}, "null", "{\"x\":{\"b\":1,\"a\":2,\"c\":3}}\n", "", 0},
		{[]string{"jq", "-c", ".b |= with_entries(.value += 1)"}, "{\"b\":{\"y\":1,\"x\":2}}", "{\"b\":{\"y\":2,\"x\":3}}\n", "", 0},
		{[]string{"jq", "-c", "[limit(3; repeat({b:1,a:2}))]"}, "null", "[{\"b\":1,\"a\":2},{\"b\":1,\"a\":2},{\"b\":1,\"a\":2}]\n", "", 0},
	})
}

// TestJQIterationOrder: moonix differs from jq here on purpose. Iterating
// an object (.[], paths) visits its keys sorted, as gojq does; jq 1.6
// visits them in insertion order ([1,2]; ["b"] ["a"]).
func TestJQIterationOrder(t *testing.T) {
	t.Parallel()
	runCases(t, testTree(t), []cmdCase{
		{[]string{"jq", "-c", "[.[]]"}, "{\"b\":1,\"a\":2}", "[2,1]\n", "", 0},
		{[]string{"jq", "-c", "paths"}, "{\"b\":1,\"a\":2}", "[\"a\"]\n[\"b\"]\n", "", 0},
		{[]string{"jq", "-c", "[paths]"}, "{\"b\":1,\"a\":2}", "[[\"a\"],[\"b\"]]\n", "", 0},
	})
}
