#!/usr/bin/env bash
# Times moonix beside bash and dash on the same workloads, in one run, and
# prints the ratios. Usage: bench/compare.sh [ROUNDS]
#
# Each workload runs ROUNDS times (default 20) per shell; the figure is the
# mean wall time per run. moonix runs with --ephemeral so nothing is written.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/moonix" ./cmd/moonix

loop='i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done'
files='mkdir -p d; i=0; while [ $i -lt 500 ]; do echo $i > d/f$i; i=$((i+1)); done; cat d/* | wc -l >/dev/null'
pipe='seq 1 20000 | sort -rn | head -n 1 >/dev/null'
funcs='f() { echo "$1" >/dev/null; }; i=0; while [ $i -lt 5000 ]; do f $i; i=$((i+1)); done'

# time_ms CMD...: mean milliseconds per run of CMD over $rounds runs.
time_ms() {
	local start end
	start=$(date +%s%N)
	for ((r = 0; r < rounds; r++)); do "$@" >/dev/null 2>&1; done
	end=$(date +%s%N)
	echo $(((end - start) / rounds / 1000)) | awk '{printf "%.2f", $1 / 1000}'
}

printf '%-22s %10s %10s %10s %12s %12s\n' workload moonix_ms bash_ms dash_ms moonix/bash moonix/dash
for name in true loop files pipe funcs; do
	case $name in
	true) script=true ;;
	*) script=${!name} ;;
	esac
	m=$(cd "$tmp" && time_ms "$tmp/moonix" --ephemeral -c "$script")
	b=$(cd "$tmp" && mkdir -p b && cd b && time_ms bash -c "$script")
	d=$(cd "$tmp" && mkdir -p d2 && cd d2 && time_ms dash -c "$script")
	printf '%-22s %10s %10s %10s %12s %12s\n' "$name" "$m" "$b" "$d" \
		"$(awk -v a="$m" -v b="$b" 'BEGIN{printf "%.2f", a/b}')" \
		"$(awk -v a="$m" -v b="$d" 'BEGIN{printf "%.2f", a/b}')"
done
