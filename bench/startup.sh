#!/usr/bin/env bash
# Times moonix's start-up and measures an idle REPL beside a Go
# hello-world and bash, in one run. Usage:
#
#	bench/startup.sh [ROUNDS]
#	MOONIX_BEFORE=/path/to/old/moonix bench/startup.sh [ROUNDS]
#
# The rows:
#
#   start-up CPU       moonix --ephemeral -c true: CPU time (perf stat's
#                      task-clock, 20 runs a round), beside a Go
#                      hello-world (fmt.Println, built static here),
#                      "deps": the same hello-world linking every package
#                      moonix links but none of moonix's own (their
#                      initialisers run, nothing else: the floor of a
#                      binary holding these dependencies), and
#                      bash -c true; the reference is the hello-world
#   start-up faults    the page faults of the same runs
#   idle REPL RSS      moonix --ephemeral under a pseudo-terminal, one
#                      second after its prompt: VmRSS from /proc, beside
#                      bash -i; and the part of it that is not the
#                      binary's own pages (RssAnon)
#
# Every figure is the median of the samples of ROUNDS rounds (default
# 7): 20 runs a round for CPU and faults, one REPL for RSS; in each round
# the programs take turns. Needs perf and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-7}
source bench/lib.sh
for tool in perf python3; do
	command -v $tool >/dev/null || { echo "bench/startup.sh: $tool is needed" >&2; exit 1; }
done

mkdir -p "$tmp/hello"
printf 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hello") }\n' >"$tmp/hello/main.go"
printf 'module hello\n' >"$tmp/hello/go.mod"
(cd "$tmp/hello" && gobuild "$tmp/hello.bin" .)
# deps: the hello-world importing every package of moonix's build but
# moonix's own (those under an internal/ or vendor/ directory come in
# through the packages that import them), in a module of its own with
# moonix's requirements.
mkdir -p "$tmp/deps"
{
	printf 'package main\n\nimport (\n\t"fmt"\n'
	CGO_ENABLED=0 go list -deps ./cmd/moonix | grep -v '^github.com/moonix-sh/' |
		grep -v '/internal/\|/internal$\|^internal/\|^vendor/\|^unsafe$' | sed 's/.*/\t_ "&"/'
	printf ')\n\nfunc main() { fmt.Println("hello") }\n'
} >"$tmp/deps/main.go"
sed "s#^module .*#module deps#; s#=> \./#=> $PWD/#" go.mod >"$tmp/deps/go.mod"
cp go.sum "$tmp/deps/"
(cd "$tmp/deps" && gobuild "$tmp/deps.bin" .)

# idle_rss.py PROGRAM ARG...: start PROGRAM under a pseudo-terminal, wait for
# its output (the prompt) to settle, and print VmRSS and RssAnon in bytes.
cat >"$tmp/idle_rss.py" <<'PY'
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm"
    os.execvp(sys.argv[1], sys.argv[1:])
out, end = b"", time.time() + 10
while time.time() < end:
    ready, _, _ = select.select([fd], [], [], 0.3)
    if ready:
        try:
            out += os.read(fd, 4096)
        except OSError:
            break
    elif out:
        break
time.sleep(1)
status = dict(l.split(":", 1) for l in open("/proc/%d/status" % pid))
print(int(status["VmRSS"].split()[0]) * 1024, int(status["RssAnon"].split()[0]) * 1024)
os.kill(pid, 9)
PY

cd "$tmp"
for ((round = 0; round < rounds; round++)); do
	echo "round $((round + 1)) of $rounds..." >&2
	for k in "${!bins[@]}"; do
		cpu "${names[$k]}" "${bins[$k]}" --ephemeral -c true
		read -r rss anon < <(python3 "$tmp/idle_rss.py" "${bins[$k]}" --ephemeral)
		echo "$rss" | add rss "${names[$k]}"
		echo "$anon" | add anon "${names[$k]}"
	done
	cpu hello "$tmp/hello.bin"
	cpu deps "$tmp/deps.bin"
	cpu bash bash -c true
	read -r rss anon < <(python3 "$tmp/idle_rss.py" bash --norc -i)
	echo "$rss" | add rss bash
	echo "$anon" | add anon bash
done

fmt() {
	case $1 in
	cpu) awk -v v="$2" 'BEGIN{ if (v == "") print "-"; else printf "%.2f ms", v }' ;;
	faults) awk -v v="$2" 'BEGIN{ if (v == "") print "-"; else printf "%.0f", v }' ;;
	*) awk -v v="$2" 'BEGIN{ if (v == "") print "-"; else printf "%.1f MB", v / 1e6 }' ;;
	esac
}
header measure 34 10 deps hello bash "${names[-1]}/ref" "deps/ref"
row() {
	local key=$1 label=$2 ref=$3 line last who
	line="$(printf '%-34s' "$label")"
	cells "$key" fmt 10
	for who in deps hello bash; do
		line+="$(printf ' %10s' "$(fmt "$key" "$(median "$key" "$who")")")"
	done
	line+="$(printf ' %10s %10s' "$(ratio "$last" "$(median "$key" "$ref")")" "$(ratio "$(median "$key" deps)" "$(median "$key" "$ref")")")"
	echo "$line"
}
row cpu "start-up CPU (-c true; ref hello)" hello
row faults "start-up page faults (ref hello)" hello
row rss "idle REPL RSS (ref bash -i)" bash
row anon "idle REPL RSS, anonymous (ref bash)" bash
