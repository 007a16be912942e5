#!/usr/bin/env bash
# Times moonix beside bash and dash on the same workloads, in one run, and
# prints the ratios; then the rest of issue 17's table, each part by its
# own script: start-up and an idle REPL beside a Go hello-world and bash
# (bench/startup.sh), what linking each group of dependencies costs a
# hello-world (bench/linkcost.sh), the builtins beside the GNU tools and
# gawk (bench/builtins.sh), workspaces and history beside git
# (bench/history.sh). Usage:
#
#	bench/compare.sh [ROUNDS]
#	MOONIX_BEFORE=/path/to/old/moonix BENCH_PARTS="startup builtins" bench/compare.sh
#
# BENCH_PARTS chooses the parts (default: shell startup linkcost
# builtins history); MOONIX_BEFORE goes to the scripts that take it. In the shell
# part each workload runs ROUNDS times (default 20) per shell; the figure
# is the mean wall time per run. moonix runs with --ephemeral so nothing
# is written. The other parts take their own rounds (BENCH_ROUNDS, or
# each script's default).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-20}
parts=${BENCH_PARTS:-shell startup linkcost builtins history}
for part in startup linkcost builtins history; do
	if [[ " $parts " == *" $part "* ]]; then
		echo "== $part"
		bench/$part.sh ${BENCH_ROUNDS:-}
	fi
done
[[ " $parts " == *" shell "* ]] || exit 0
echo "== shell"
source bench/lib.sh

loop='i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done'
files='mkdir -p d; i=0; while [ $i -lt 500 ]; do echo $i > d/f$i; i=$((i+1)); done; cat d/* | wc -l >/dev/null'
pipe='seq 1 20000 | sort -rn | head -n 1 >/dev/null'
funcs='f() { echo "$1" >/dev/null; }; i=0; while [ $i -lt 5000 ]; do f $i; i=$((i+1)); done'
reads='seq 1 20000 | while read x; do :; done; seq 1 20000 > r; while read x; do :; done < r'
# bash-only workloads (dash has no (( )), arrays or ${s^^}): the engine's
# loops, function calls, string operations and arrays
arith='for ((i=0; i<50000; i++)); do :; done'
calls='f() { local x=$1; echo "$x"; }; for ((i=0; i<20000; i++)); do f $i; done >/dev/null'
strings='for ((i=0; i<20000; i++)); do s=abcdefghij$i; t=${s//[aeiou]/_}; u=${s:1:3}; v=${s^^}; w=${#s}; x=${s#abc}; y=${s%%[0-9]*}; done'
arrays='a=(); for ((i=0; i<5000; i++)); do a+=($i); done; for x in "${a[@]}"; do :; done; declare -A m; for ((i=0; i<2000; i++)); do m[k$i]=$i; done; for k in "${!m[@]}"; do v=${m[$k]}; done'

# time_ms CMD...: mean milliseconds per run of CMD over $rounds runs.
time_ms() {
	local start end
	start=$(date +%s%N)
	for ((r = 0; r < rounds; r++)); do "$@" >/dev/null 2>&1; done
	end=$(date +%s%N)
	echo $(((end - start) / rounds / 1000)) | awk '{printf "%.2f", $1 / 1000}'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", a/b}'; }

printf '%-10s %10s %10s %10s %12s\n' workload moonix_ms bash_ms dash_ms moonix/bash
for name in true loop files pipe funcs reads arith calls strings arrays; do
	case $name in
	true) script=true ;;
	*) script=${!name} ;;
	esac
	e=$(cd "$tmp" && mkdir -p e && cd e && time_ms "$tmp/moonix" --ephemeral -c "$script")
	b=$(cd "$tmp" && mkdir -p b && cd b && time_ms bash -c "$script")
	case $name in
	arith | calls | strings | arrays) d=- ;;
	*) d=$(cd "$tmp" && mkdir -p d2 && cd d2 && time_ms dash -c "$script") ;;
	esac
	printf '%-10s %10s %10s %10s %12s\n' "$name" "$e" "$b" "$d" "$(ratio "$e" "$b")"
done
