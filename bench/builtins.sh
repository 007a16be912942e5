#!/usr/bin/env bash
# Times moonix's builtins beside the GNU tools (and gawk) on the same data,
# in one run, and prints moonix, the reference and the ratio. Usage:
#
#	bench/builtins.sh [ROUNDS]
#	MOONIX_BEFORE=/path/to/old/moonix bench/builtins.sh [ROUNDS]
#	BENCH_ONLY='sort|sort_n' bench/builtins.sh [ROUNDS]
#
# With MOONIX_BEFORE, the old build runs beside the one built from this
# tree; in every round each build and the GNU tools take turns. Every
# figure is the median of ROUNDS rounds (default 5).
#
# The data, made on the host and copied into every session with --import
# (not timed): text, 50 MB of lines "N M the quick brown fox jumps over
# the lazy dog"; big, 100 MB (text twice); nums, 1,000,000 random numbers
# below 100,000, one a line; sorted, nums sorted; tree, 10,000 empty files
# in directories of 100. moonix times each workload inside the session
# with $EPOCHREALTIME (clock.read granted), so the figure is the builtins'
# work, not the process start; the GNU tools are timed the same way by
# bash, under LC_ALL=C (the reference) and LC_ALL=C.UTF-8 (shown beside).
# awk's reference is gawk (LC_ALL=C), which must be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
source bench/lib.sh
command -v gawk >/dev/null || { echo "bench/builtins.sh: gawk is needed (apt-get install gawk)" >&2; exit 1; }

echo "making the data..." >&2
d=$tmp/d
mkdir -p "$d"
awk 'BEGIN { for (i = 1; i <= 850000; i++) printf "%d %d the quick brown fox jumps over the lazy dog\n", i, (i * 7919) % 100000 }' >"$d/text"
cat "$d/text" "$d/text" >"$d/big"
awk 'BEGIN { srand(1); for (i = 0; i < 1000000; i++) printf "%d\n", int(rand() * 100000) }' >"$d/nums"
LC_ALL=C sort "$d/nums" >"$d/sorted"
for ((i = 0; i < 100; i++)); do
	mkdir -p "$d/tree/d$i"
	(cd "$d/tree/d$i" && touch $(seq -f 'f%g' 0 99))
done

# The workloads: name, then the script, with DATA for the data's
# directory.
# The same text runs in moonix and in bash. GNU grep stops at the first
# match when its output is /dev/null, so grep counts with wc.
rows=(
	wc_l 'wc -l DATA/text'
	cat_wc 'cat DATA/big | wc -c'
	seq_grep 'seq 100000 | grep 7 | wc -l'
	sort 'sort DATA/nums >/dev/null'
	sort_n 'sort -n DATA/nums >/dev/null'
	uniq_c 'uniq -c DATA/sorted >/dev/null'
	cut 'cut -d" " -f2 DATA/text >/dev/null'
	tr 'tr a-z A-Z <DATA/text >/dev/null'
	grep 'grep 99 DATA/text | wc -l'
	sed 'sed s/o/0/g DATA/text >/dev/null'
	head 'head -n 400000 DATA/text >/dev/null'
	tail 'tail -n 400000 DATA/text >/dev/null'
	find 'find DATA/tree -name "*7*" | wc -l'
	awk_sum 'awk "{ s += \$2 } END { print s }" DATA/text'
	awk_filter 'awk "\$2 > 50000" DATA/text >/dev/null'
)
# BENCH_ONLY=REGEX keeps the rows whose name it matches.
if [ -n "${BENCH_ONLY:-}" ]; then
	kept=()
	for ((i = 0; i < ${#rows[@]}; i += 2)); do
		[[ ${rows[i]} =~ ^($BENCH_ONLY)$ ]] && kept+=("${rows[i]}" "${rows[i + 1]}")
	done
	rows=("${kept[@]}")
fi
# script DIR AWK: one script that runs every workload once and prints
# "NAME SECONDS" for each (AWK: the name awk runs as).
script() {
	local i name cmd
	for ((i = 0; i < ${#rows[@]}; i += 2)); do
		name=${rows[i]}
		cmd=${rows[i + 1]//DATA/$1}
		cmd=${cmd//awk /$2 }
		printf 't0=$EPOCHREALTIME; %s >/dev/null; t1=$EPOCHREALTIME; echo "%s $t0 $t1" >&3\n' "$cmd" "$name"
	done
}
script /work/d awk >"$tmp/moonix.sh"
script "$d" gawk >"$tmp/gnu.sh"
sed -i 's/>&3$/>\&2/' "$tmp/moonix.sh" # moonix's scripts have no fd 3 from the host

# add WHO: append "NAME SECONDS" lines on stdin to $tmp/s/NAME.WHO.
add() { awk -v who="$1" -v dir="$tmp/s" 'NF == 3 { printf "%.6f\n", $3 - $2 >> (dir "/" $1 "." who) }'; }

for ((round = 0; round < rounds; round++)); do
	echo "round $((round + 1)) of $rounds..." >&2
	for k in "${!bins[@]}"; do
		(cd "$tmp" && "${bins[$k]}" --ephemeral --allow clock.read --import "$d:/work/d" "$tmp/moonix.sh" 2>&1 >/dev/null) | add "${names[$k]}"
	done
	LC_ALL=C bash "$tmp/gnu.sh" 3>&1 >/dev/null | add gnu
	LC_ALL=C.UTF-8 bash "$tmp/gnu.sh" 3>&1 >/dev/null | add utf8
done

# ms KEY SECONDS: milliseconds.
ms() { awk -v v="$2" 'BEGIN{ if (v == "") print "-"; else printf "%.1f ms", v * 1000 }'; }
header workload 12 11 "GNU (C)" "GNU (UTF-8)" "${names[-1]}/GNU"
for ((i = 0; i < ${#rows[@]}; i += 2)); do
	name=${rows[i]}
	line="$(printf '%-12s' "$name")"
	cells "$name" ms 11
	ref=$(median "$name" gnu)
	line+="$(printf ' %11s %11s %9s' "$(ms "$name" "$ref")" "$(ms "$name" "$(median "$name" utf8)")" "$(ratio "$last" "$ref")")"
	echo "$line"
done
