# gains.jq: the 30 Oils spec files where moonix's engine documents most more
# cases than mvdan/sh's interpreter did; see gains.md for the command.
def per(d): d | group_by(.Key | split(":")[0])
  | map({key: (.[0].Key | split(":")[0]), value: {n: length, ok: (map(select(.Documented)) | length)}})
  | from_entries;
per($i[0]) as $I | per($e[0]) as $E | per($b[0]) as $B
| [$E | to_entries[] | {file: .key, cases: .value.n, interp: $I[.key].ok, moonix: .value.ok, bash: $B[.key].ok, gain: (.value.ok - $I[.key].ok)}]
| sort_by(-.gain, .file) | .[:30][]
| "| \(.file) | \(.cases) | \(.interp) | \(.moonix) | +\(.gain) | \(.bash) |"
