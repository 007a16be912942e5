jq filters JSON. Output is formatted like jq 1.7: two-space indent, keys in
the order they came in.

  $ echo '{"name":"moonix","tags":["shell","sandbox"],"meta":{"v":1,"ok":true}}' > p.json
  $ jq . p.json
  {
    "name": "moonix",
    "tags": [
      "shell",
      "sandbox"
    ],
    "meta": {
      "v": 1,
      "ok": true
    }
  }
  $ jq .name p.json
  "moonix"
  $ jq -r '.tags[]' p.json
  shell
  sandbox
  $ jq -c '{tags: (.tags | length), name}' p.json
  {"tags":2,"name":"moonix"}
  $ jq -c -S .meta p.json
  {"ok":true,"v":1}
  $ jq --tab .meta p.json
  {
  	"v": 1,
  	"ok": true
  }
  $ jq --indent 1 .tags p.json
  [
   "shell",
   "sandbox"
  ]
  $ jq -j '.tags[]' p.json
  shellsandbox (no-eol)
  $ echo '"é"' | jq -a .
  "\u00e9"

Options for input: -n (null input), -s (slurp), -R (raw lines):

  $ jq -n '[range(3)] | map(. * 2)' -c
  [0,2,4]
  $ printf '1 2\n3\n' | jq -s -c .
  [1,2,3]
  $ printf 'a\nb\n' | jq -R .
  "a"
  "b"
  $ printf 'a\nb\n' | jq -Rs .
  "a\nb\n"
  $ printf '{"n":1}\n{"n":2}\n' | jq -n '[inputs.n] | add'
  3

Variables: --arg, --argjson, --slurpfile, --rawfile, --args; $ENV is the
exported environment:

  $ jq -n -c --arg x 1 --argjson y '{"b":2,"a":1}' '[$x, $y]'
  ["1",{"b":2,"a":1}]
  $ printf 'text\n' > t.txt
  $ jq -n -c --slurpfile all p.json --rawfile raw t.txt '[($all | length), $raw]'
  [1,"text\n"]
  $ jq -n -c '$ARGS.positional' --args a b
  ["a","b"]
  $ export COLOR=blue
  $ jq -n -r '$ENV.COLOR, env.COLOR'
  blue
  blue
  $ jq input_filename p.json
  "p.json"

Exit statuses: -e reflects the last output (1 for false or null, 4 for
none), 3 for a bad program, 5 for runtime errors and bad input, 2 for files
that cannot be read:

  $ jq -e .missing p.json
  null
  [1]
  $ jq -e 'empty' p.json
  [4]
  $ jq '.[' p.json
  jq: error: syntax error, unexpected EOF at <top-level>, line 1:
  .[
  jq: 1 compile error
  [3]
  $ jq -n '"boom" | error'
  jq: error (at <unknown>): boom
  [5]
  $ echo '{"a":1} {' | jq -c .
  {"a":1}
  jq: parse error: Unfinished JSON term at EOF at line 2, column 0
  [5]
  $ jq . nope.json
  jq: error: Could not open nope.json: No such file or directory
  [2]
