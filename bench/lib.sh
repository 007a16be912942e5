# Sourced by the bench scripts, from the repository's root: $tmp, a
# directory removed at exit; the moonix built from this tree as README
# installs it (static: CGO_ENABLED=0) and, with MOONIX_BEFORE=/path, that
# older build beside it: names and bins hold them, in the order each
# round runs them. Samples go to $tmp/s/ROW.WHO, one a line; median ROW
# WHO prints their median ("" when there are none).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# gobuild OUT ARG...: go build ARG... into OUT, through a copy made with
# cp. The linker writes its output through a memory map, which leaves
# the file in the page cache in 4 KiB pages; cp's write(2) leaves the
# same bytes in 64 KiB folios (/proc/kpageflags), and the copy started
# 20-25% faster here (medians of 300 runs). A build compared with an
# older binary copied into place was at a disadvantage: every program
# a bench times is written the same way.
gobuild() {
	local out=$1
	shift
	CGO_ENABLED=0 go build -o "$out.link" "$@"
	cp "$out.link" "$out"
	rm "$out.link"
}
gobuild "$tmp/moonix" ./cmd/moonix
if [ -n "${MOONIX_BEFORE:-}" ]; then
	cp "$MOONIX_BEFORE" "$tmp/before"
	names=(before after)
	bins=("$tmp/before" "$tmp/moonix")
else
	names=(moonix)
	bins=("$tmp/moonix")
fi
mkdir -p "$tmp/s"
median() {
	[ -s "$tmp/s/$1.$2" ] || { echo ""; return; }
	sort -g "$tmp/s/$1.$2" | awk '{a[NR] = $1} END {
		if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}
# cells KEY FORMAT WIDTH appends to $line one cell a build, the median of
# KEY as "FORMAT KEY VALUE" prints it, and leaves the last build's median
# in $last; ratio A B prints A/B ("-" when either is missing).
cells() {
	local who v
	for who in "${names[@]}"; do
		v=$(median "$1" "$who")
		line+="$(printf " %${3}s" "$($2 "$1" "$v")")"
		last=$v
	done
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ if (a == "" || b == "" || b == 0) print "-"; else printf "%.2f", a / b }'; }
# header FIRST W1 W COLUMN...: the table's header, FIRST in W1 columns,
# then a column a build and each COLUMN, W wide.
header() {
	local h w=$3 c
	h=$(printf "%-${2}s" "$1")
	shift 3
	for c in "${names[@]}" "$@"; do h+=$(printf " %${w}s" "$c"); done
	echo "$h"
}
# add ROW WHO appends its input to the samples of ROW for WHO.
add() { cat >>"$tmp/s/$1.$2"; }
# cpu WHO CMD...: the task-clock (ms) and page faults of 20 runs of CMD,
# one sample each (needs perf): a median of single runs is not moved by
# the run that another program on the machine made slow, as a mean is.
cpu() {
	local who=$1 i t f
	shift
	for ((i = 0; i < 20; i++)); do
		perf stat -x, -e task-clock,page-faults "$@" 2>"$tmp/perf" >/dev/null </dev/null
		read -r t f < <(awk -F, '$3 == "task-clock" { t = $1 } $3 == "page-faults" { f = $1 } END { print t, f }' "$tmp/perf")
		echo "$t" | add cpu "$who"
		echo "$f" | add faults "$who"
	done
}
