#!/usr/bin/env bash
# Times moonix's workspaces and history beside git on the same files, in
# one run, and prints moonix, git and the ratio. Usage:
#
#	bench/history.sh [ROUNDS]
#	MOONIX_BEFORE=/path/to/old/moonix bench/history.sh [ROUNDS]
#
# With MOONIX_BEFORE, the old build runs beside the one built from this
# tree (paired: the two and git take turns in every round), and the table
# shows both. Every figure is the median of ROUNDS rounds (default 5); the
# machine is shared, so single runs mean little.
#
# The data: files of 1 KiB in directories of 100, made on the host by a
# bash loop and copied into moonix with --import, 10,000 of them (and
# 100,000 for the rows that say so). The rows:
#
#   open              moonix --workspace W -c true      git status --porcelain
#   open, 1,000 snapshots  moonix --workspace W -c true on a one-file
#                     workspace whose history holds 1,000 snapshots; the
#                     reference is the same on one holding 1 snapshot (by
#                     the build from this tree): what history adds
#   reopen, 500 MB    the same, on a workspace holding one 500 MB file (and
#                     its maximum resident set)
#   write 500 MiB     head -c 500M /dev/zero > /work/big  (moonix --ephemeral):
#                     maximum resident set, beside the file's size
#   snapshot, 1 file  echo >> f; snapshot               echo >> f; git add -A && git commit -q
#   rollback, 1 file  rollback A; rollback B            git checkout -q A; git checkout -q B
#   snapshot, all new --import the files, time snapshot  git add -A && git commit -q (new repo)
#   eager, per command  (eager run - lazy run) / 200 for a script of 200
#                     `echo N > /work/e` statements on the 10,000-file workspace
#
# moonix times snapshots and rollbacks with the shell's `time` around a
# loop inside one session (the workspace on disk, lazy write mode); git's
# are timed around each command, with core.fsync=none as moonix does not
# fsync either. Process times are wall times of whole runs.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
source bench/lib.sh
export GIT_CONFIG_NOSYSTEM=1 HOME="$tmp" GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@localhost \
	GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@localhost
git config --global core.fsync none
git config --global gc.auto 0

# mkfiles DIR N: N files of 1 KiB in directories of 100 under DIR.
mkfiles() {
	local i j
	for ((i = 0; i < $2 / 100; i++)); do
		mkdir -p "$1/d$i"
		for ((j = 0; j < 100; j++)); do
			printf "%1024s" "d$i/f$j" >"$1/d$i/f$j"
		done
	done
}

# now: the wall clock in seconds, from bash (no process started).
now() { echo "$EPOCHREALTIME"; }
# since T0: seconds since T0.
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN{printf "%.6f", b - a}'; }
# timed CMD...: run CMD (output discarded), print its wall seconds.
timed() {
	local t0=$EPOCHREALTIME
	"$@" >/dev/null 2>&1
	since "$t0"
}
# rss CMD...: run CMD (output discarded), print its maximum resident set
# in bytes.
rss() {
	/usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>&1
	awk '{print $1 * 1024}' "$tmp/rss"
}
# session BIN WS SCRIPT [FLAG...]: run SCRIPT in workspace WS with the
# real clock; print the seconds of every `time` it ran (the shell prints
# them on standard error, as bash does; the logical clock would make each
# one a second; SCRIPT sends everything else to /dev/null).
session() {
	local bin=$1 ws=$2 script=$3
	shift 3
	(cd "$tmp" && "$bin" --workspace "$ws" --allow clock.read "$@" -c "$script" 2>&1 >/dev/null) |
		awk '$1 == "real" { split($2, t, "m"); sub("s", "", t[2]); print t[1] * 60 + t[2] }'
}
# per N: the seconds on stdin divided by N.
per() { awk -v n="$1" '{printf "%.6f\n", $1 / n}'; }

# Samples go to $tmp/s/ROW.WHO, one a line.
add() { cat >>"$tmp/s/$1.$2"; }

echo "making the files..." >&2
mkfiles "$tmp/h10k" 10000
mkfiles "$tmp/h100k" 100000
# git work trees with the same files, committed, their index fresh.
for n in 10k 100k; do
	mkdir -p "$tmp/g$n"
	cp -r "$tmp/h$n" "$tmp/g$n/data"
	(cd "$tmp/g$n" && git init -q && git add -A && git commit -q -m base && git status --porcelain >/dev/null)
done
mkdir -p "$tmp/g500"
head -c 500M /dev/zero >"$tmp/g500/big"
(cd "$tmp/g500" && git init -q && git add -A && git commit -q -m big && git status --porcelain >/dev/null)
# moonix workspaces, one per build.
for k in "${!bins[@]}"; do
	b=${bins[$k]}
	w="$tmp/ws-${names[$k]}"
	"$b" --workspace "$w-10k" --import "$tmp/h10k:/work/data" -c 'snapshot -m base >/dev/null'
	"$b" --workspace "$w-100k" --import "$tmp/h100k:/work/data" -c 'snapshot -m base >/dev/null'
	"$b" --workspace "$w-500" -c 'head -c 500M /dev/zero > /work/big; snapshot -m big >/dev/null'
	for n in 1 1000; do
		"$b" --workspace "$w-h$n" -c "for i in \$(seq $n); do echo \$i > /work/f; snapshot -m s >/dev/null; done"
	done
done
for ((i = 0; i < 200; i++)); do echo "echo $i > /work/e"; done >"$tmp/eager.sh"

change='f() { echo "$1" >> /work/data/d0/f0; }'
inner=10 # snapshots and rollbacks per session
for ((round = 0; round < rounds; round++)); do
	echo "round $((round + 1)) of $rounds..." >&2
	for k in "${!bins[@]}"; do
		b=${bins[$k]}
		who=${names[$k]}
		w="$tmp/ws-$who"
		timed "$b" --workspace "$w-10k" -c true | add open10k "$who"
		timed "$b" --workspace "$w-100k" -c true | add open100k "$who"
		for ((i = 0; i < 10; i++)); do # short runs: 10 samples a round
			timed "$b" --workspace "$w-h1000" -c true | add openhist "$who"
			if [ "$who" = "${names[-1]}" ]; then
				timed "$b" --workspace "$w-h1" -c true | add openhist git
			fi
		done
		rss "$b" --workspace "$w-100k" -c true | add open100k_rss "$who"
		timed "$b" --workspace "$w-500" -c true | add reopen500 "$who"
		rss "$b" --workspace "$w-500" -c true | add reopen500_rss "$who"
		(cd "$tmp" && rss "$b" --ephemeral -c 'head -c 500M /dev/zero > /work/big') | add write500_rss "$who"
		for n in 10k 100k; do
			session "$b" "$w-$n" "$change; time for r in \$(seq $inner); do f \$r; snapshot -m one >/dev/null; done" |
				per $inner | add "snap1_$n" "$who"
			session "$b" "$w-$n" "time for r in \$(seq $inner); do rollback HEAD~1 >/dev/null; rollback main >/dev/null; done" |
				per $((2 * inner)) | add "rollback1_$n" "$who"
		done
		rm -rf "$tmp/new"
		session "$b" "$tmp/new" 'time snapshot -m all >/dev/null' --import "$tmp/h10k:/work/data" | add snapall10k "$who"
		e=$(timed "$b" --workspace "$w-10k" --write-mode eager "$tmp/eager.sh")
		l=$(timed "$b" --workspace "$w-10k" --write-mode lazy "$tmp/eager.sh")
		awk -v e="$e" -v l="$l" 'BEGIN{printf "%.6f\n", (e - l) / 200}' | add eager "$who"
	done
	# git
	(cd "$tmp/g10k" && timed git status --porcelain) | add open10k git
	(cd "$tmp/g100k" && timed git status --porcelain) | add open100k git
	(cd "$tmp/g100k" && rss git status --porcelain) | add open100k_rss git
	(cd "$tmp/g500" && timed git status --porcelain) | add reopen500 git
	(cd "$tmp/g500" && rss git status --porcelain) | add reopen500_rss git
	echo $((500 << 20)) | add write500_rss git # the reference is the file's size
	for n in 10k 100k; do
		(
			cd "$tmp/g$n"
			total=0
			for ((r = 0; r < inner; r++)); do
				echo "$r" >>data/d0/f0
				t=$(timed sh -c 'git add -A && git commit -q -m one')
				total=$(awk -v a="$total" -v b="$t" 'BEGIN{print a + b}')
			done
			echo "$total" | per $inner
		) | add "snap1_$n" git
		(
			cd "$tmp/g$n"
			git tag -f A HEAD~1 >/dev/null && git tag -f B HEAD >/dev/null
			t0=$(now)
			for ((r = 0; r < inner; r++)); do git checkout -q A && git checkout -q B; done
			since "$t0" | per $((2 * inner))
			git checkout -q master 2>/dev/null || git checkout -q main
		) | add "rollback1_$n" git
	done
	rm -rf "$tmp/gnew" && mkdir "$tmp/gnew" && cp -r "$tmp/h10k" "$tmp/gnew/data"
	(cd "$tmp/gnew" && git init -q && timed sh -c 'git add -A && git commit -q -m all') | add snapall10k git
done

# fmt KIND VALUE: seconds as ms, bytes as MB.
fmt() {
	case $1 in
	*_rss) awk -v v="$2" 'BEGIN{ if (v == "") print "-"; else printf "%.0f MB", v / 1e6 }' ;;
	*) awk -v v="$2" 'BEGIN{ if (v == "") print "-"; else if (v >= 1) printf "%.2f s", v; else printf "%.2f ms", v * 1000 }' ;;
	esac
}
header operation 42 11 reference "${names[-1]}/ref"
row() {
	local key=$1 label=$2 line ref last
	line="$(printf '%-42s' "$label")"
	cells "$key" fmt 11
	ref=$(median "$key" git)
	line+="$(printf ' %11s %9s' "$(fmt "$key" "$ref")" "$(ratio "$last" "$ref")")"
	echo "$line"
}
row open10k "open 10k files (-c true | git status)"
row open100k "open 100k files"
row open100k_rss "open 100k files, max RSS"
row openhist "open, 1,000 snapshots (ref: 1 snapshot)"
row reopen500 "reopen a 500 MB file (-c true | git status)"
row reopen500_rss "reopen a 500 MB file, max RSS"
row write500_rss "write 500 MiB, max RSS (ref: the size)"
row snap1_10k "snapshot, 1 of 10k files changed"
row snap1_100k "snapshot, 1 of 100k files changed"
row rollback1_10k "rollback, 1 of 10k files differs"
row rollback1_100k "rollback, 1 of 100k files differs"
row snapall10k "snapshot of 10k new files (git add+commit)"
row eager "eager mode, per command, 10k files"
