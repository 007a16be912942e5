#!/usr/bin/env bash
# What linking a dependency costs at start-up, whatever the program does:
# a Go hello-world, and the same hello-world importing one group of
# moonix's dependencies (blank imports: their initialisers run, their
# code is not called). Go runs the initialisers of every package linked
# in, so a group's row is a floor for any program holding it. Usage:
#
#	bench/linkcost.sh [ROUNDS]
#
# CPU is perf stat's task-clock of single runs, 20 a round, and page
# faults of the same runs; RSS is the maximum resident set of one run a
# round (GNU time); every figure is a median over ROUNDS rounds (default
# 5), in each of which the programs take turns. The groups share
# standard packages (net/http, crypto), so their costs do not add up:
# the "all" row links every group. Needs perf and GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
source bench/lib.sh
for tool in perf /usr/bin/time; do
	command -v $tool >/dev/null || { echo "bench/linkcost.sh: $tool is needed" >&2; exit 1; }
done

groups=(hello sh cli yaml archive nethttp gojq wazero a2a mcp gogit all)
declare -A pkgs=(
	[hello]=""
	[sh]="mvdan.cc/sh/v3/syntax"
	[cli]="github.com/spf13/cobra github.com/chzyer/readline golang.org/x/term"
	[yaml]="gopkg.in/yaml.v3"
	[archive]="github.com/ulikunitz/xz github.com/dsnet/compress/bzip2 compress/bzip2 github.com/benhoyt/goawk/interp"
	[nethttp]="net/http"
	[gojq]="github.com/itchyny/gojq"
	[wazero]="github.com/tetratelabs/wazero github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	[a2a]="github.com/a2aproject/a2a-go/v2/a2a github.com/a2aproject/a2a-go/v2/a2aclient github.com/a2aproject/a2a-go/v2/a2asrv"
	[mcp]="github.com/modelcontextprotocol/go-sdk/mcp"
	[gogit]="github.com/go-git/go-git/v5 github.com/go-git/go-git/v5/plumbing/transport/client"
)
for g in "${groups[@]}"; do
	[ "$g" = all ] || pkgs[all]+=" ${pkgs[$g]}"
done

# One module with moonix's requirements, one main package a group.
mkdir -p "$tmp/lc"
sed "s#^module .*#module linkcost#; s#=> \./#=> $PWD/#" go.mod >"$tmp/lc/go.mod"
cp go.sum "$tmp/lc/"
for g in "${groups[@]}"; do
	mkdir -p "$tmp/lc/$g"
	{
		printf 'package main\n\nimport (\n\t"fmt"\n'
		for p in ${pkgs[$g]}; do printf '\t_ "%s"\n' "$p"; done
		printf ')\n\nfunc main() { fmt.Println("hello") }\n'
	} >"$tmp/lc/$g/main.go"
	(cd "$tmp/lc" && gobuild "$tmp/$g.bin" "./$g")
done

for ((round = 0; round < rounds; round++)); do
	echo "round $((round + 1)) of $rounds..." >&2
	for g in "${groups[@]}"; do
		cpu "$g" "$tmp/$g.bin"
		/usr/bin/time -f %M -o "$tmp/rss" "$tmp/$g.bin" >/dev/null
		echo $(($(cat "$tmp/rss") * 1024)) | add rss "$g"
	done
done

hello=$(median cpu hello)
printf '%-8s %10s %12s %8s %10s  %s\n' group CPU "over hello" faults "max RSS" packages
for g in "${groups[@]}"; do
	c=$(median cpu "$g")
	printf '%-8s %10s %12s %8s %10s  %s\n' "$g" \
		"$(awk -v v="$c" 'BEGIN { printf "%.2f ms", v }')" \
		"$(awk -v v="$c" -v h="$hello" 'BEGIN { printf "%+.2f ms", v - h }')" \
		"$(median faults "$g")" \
		"$(awk -v v="$(median rss "$g")" 'BEGIN { printf "%.1f MB", v / 1e6 }')" \
		"$([ "$g" = all ] && echo "(every group)" || echo "${pkgs[$g]:-fmt}")"
done
