package engine

import (
	"os/exec"
	"strings"
	"testing"
)

// engineCase is a script, what it prints on stdout and its status, as
// bash 5.2 gives them (TestEngineConfirm checks the table against bash).
type engineCase struct {
	name, script, want string
	status             int
}

var engineCases = []engineCase{
	{"echo", `echo hello world; echo -n a; echo -e 'b\tc'; echo -- -n`, "hello world\nab\tc\n-- -n\n", 0},
	{"anonymous function", `()0; echo $?`, "", 2},
	{"kill a running job", `{ : > started; while :; do :; done; } & until [ -e started ]; do :; done; kill $!; wait $!; echo $?`, "143\n", 0},
	{"variables", `x=1; echo $x "$x" ${x}; unset x; echo "[$x]"`, "1 1 1\n[]\n", 0},
	{"for loop", `for i in a b c; do echo $i; done`, "a\nb\nc\n", 0},
	{"while loop", `i=0; while [ $i -lt 3 ]; do i=$((i+1)); done; echo $i`, "3\n", 0},
	{"until and break", `i=0; until false; do i=$((i+1)); [ $i = 5 ] && break; done; echo $i`, "5\n", 0},
	{"continue levels", `for i in 1 2; do for j in a b; do [ $j = a ] && continue 2; echo no; done; done; echo ok`, "ok\n", 0},
	{"function", `f() { echo "f:$1:$#"; return 3; }; f q r; echo $?`, "f:q:2\n3\n", 0},
	{"local scope", `x=g; f() { local x=l; g; }; g() { echo $x; }; f; echo $x`, "l\ng\n", 0},
	{"arrays", `a=(1 "2 3" 4); echo ${#a[@]} "${a[@]}" ${a[1]}; a[5]=x; echo ${!a[@]}`, "3 1 2 3 4 2 3\n0 1 2 5\n", 0},
	{"assoc order", `declare -A A=([a]=1 [b]=2 [c]=3); echo ${!A[@]}`, "c b a\n", 0},
	{"arithmetic", `echo $((3*4+1)) $((x=5, x*2)) $((2**10)) $((-7/2)) $((7%-3)) $((1<<3))`, "13 10 1024 -3 1 8\n", 0},
	{"arithmetic text", `x='1+2'; echo $((x*3)) $(($x*3))`, "9 7\n", 0},
	{"string ops", `s=hello; echo ${s^^} ${s:1:3} ${s/l/L} ${s//l/L} ${s#h*l} ${s%l*} ${#s}`, "HELLO ell heLlo heLLo lo hel 5\n", 0},
	{"defaults", `unset u; e=; echo ${u-a} ${e-b} ${e:-c} ${u+d} ${e+f} ${u:=g}; echo $u`, "a c f g\ng\n", 0},
	{"command substitution", `echo "$(echo sub)" ` + "`echo bq`" + `; x=$(echo -e 'a\n\n'); echo "[$x]"`, "sub bq\n[a]\n", 0},
	{"brace expansion", `echo {1..3} {a,b}c {01..3} {a..e..2} x{,y}`, "1 2 3 ac bc 01 02 03 a c e x xy\n", 0},
	{"word splitting", `IFS=:; v="a::b"; set -- $v; echo $#; IFS=' :'; v=" : a"; set -- $v; echo $#`, "3\n2\n", 0},
	{"quoted at", `set -- "a b" c; for x in "$@"; do echo "[$x]"; done; echo "$*"`, "[a b]\n[c]\na b c\n", 0},
	{"case", `case foo in f*) echo one;; *) echo two;; esac; case x in y|x) echo bar;& z) echo fall;; esac`, "one\nbar\nfall\n", 0},
	{"dbracket", `[[ abc == a* ]] && echo match; [[ abc =~ b(c) ]] && echo ${BASH_REMATCH[1]}; [[ -z "" && 1 -lt 2 ]] && echo ok`, "match\nc\nok\n", 0},
	{"test builtin", `[ a = a ]; echo $?; [ 1 -gt 2 ]; echo $?; test -n x -a -z ""; echo $?`, "0\n1\n0\n", 0},
	{"pipeline", `echo x | cat; false | true; echo $? ${PIPESTATUS[@]}`, "x\n0 1 0\n", 0},
	{"pipefail", `set -o pipefail; false | true; echo $?`, "1\n", 0},
	{"subshell", `x=1; (x=2; echo $x); echo $x; (exit 4); echo $?`, "2\n1\n4\n", 0},
	{"errexit", `set -e; false || true; echo a; false; echo b`, "a\n", 1},
	{"errexit in condition", `set -e; f() { false; echo in; }; f || true; echo out`, "in\nout\n", 0},
	{"exit trap", `trap 'echo bye $?' EXIT; exit 3`, "bye 3\n", 3},
	{"err trap", `trap 'echo err' ERR; false; true`, "err\n", 0},
	{"here document", "cat <<EOF\n$((1+1)) \\$x\nEOF\ncat <<'E'\n$y\nE", "2 $x\n$y\n", 0},
	{"here string", `cat <<< "a b"`, "a b\n", 0},
	{"fd juggling", `{ echo out; echo err >&2; } 3>&1 1>&2 2>&3`, "err\n", 0},
	{"exec fd", `exec 3>&1; echo via3 >&3; exec 3>&-; echo x >&3`, "via3\n", 1},
	{"named fd", `exec {fd}>&1; echo named >&$fd; [ $fd -ge 10 ] && echo big`, "named\nbig\n", 0},
	{"noclobber", `set -C; echo a > f; echo b > f; echo $?; echo c >| f; cat < f`, "1\nc\n", 0},
	{"read", `read a b <<< "  x  y  z "; echo "[$a][$b]"; IFS=: read a b <<< "1:2:3:"; echo "[$a][$b]"`, "[x][y  z]\n[1][2:3:]\n", 0},
	{"getopts", `set -- -ab foo -c; while getopts "ab:c" o; do echo "$o ${OPTARG-}"; done; echo $OPTIND`, "a \nb foo\nc \n4\n", 0},
	{"nameref", `x=1; declare -n r=x; r=2; echo $x ${!r}`, "2 x\n", 0},
	{"indirection", `a=b; b=c; echo ${!a}; arr=(x y); i='arr[1]'; echo ${!i}`, "c\ny\n", 0},
	{"indirection errors", "x='a b'; echo ${!x}; echo no\necho $?; unset x; echo ${!x-d}\necho $?", "1\n1\n", 0},
	{"array indirection with operators", `declare -A r=([k]=v); v=value; a=(1 2 3); echo "${!r[@]:2}" ${!r[@]}; r[k]='a[@]'; echo "${!r[@]#?}" "${!r[@]:-e}"`, "lue k\n   1 2 3\n", 0},
	{"nameref to a[@]", `declare -n r='a[@]'; a=("A B" C); for x in "$r" $r "${r[@]}"; do echo -n "<$x>"; done; echo; r=(X)` + "\necho $? ${a[1]}", "<A B><C><A><B><C>\n1 C\n", 0},
	{"nameref subscript expanded", `declare -n r='a[$(echo 1) + 1]'; a=(x y z); echo $r; r=Z; echo ${a[2]}`, "z\nZ\n", 0},
	{"circular nameref", "declare -n r1=r2 r2=r1; r1=z; echo same\necho $?", "1\n", 0},
	{"readonly abandons the line", "readonly x=1; f() { x=2; echo in; }; f; echo after\necho $?; eval 'x=3; echo in'; echo eval $?", "1\neval 1\n", 0},
	{"source abandons a line", "echo 'echo ${x!}; echo in\necho in2' > s.sh; . ./s.sh; echo $?", "in2\n0\n", 0},
	{"getopts ends past the last argument", `set -- -a x; getopts a o; getopts a o; echo $? $OPTIND; set --; getopts a o; echo $? $OPTIND; set -- -c v; OPTIND=1; getopts c: o-; echo $? $OPTIND $OPTARG`, "1 2\n1 1\n1 3 v\n", 0},
	{"set with lone + and -", `set -- a; set +; echo "$@"; set - +; echo "$@"; set + -; echo "$@"`, "a\n+\n+\n", 0},
	{"eval options", `eval -- echo hi; eval -z; echo $?`, "hi\n2\n", 0},
	{"continue with too many arguments", "for i in a b; do echo $i; continue 1 2; done; echo same\necho $?", "a\n1\n", 0},
	{"for with a bad name", `for - in a; do echo hi; done; echo $?`, "1\n", 0},
	{"directory stack arguments", `cd /tmp; pushd -n / >/dev/null; dirs; dirs +1; dirs -v -0; dirs a; echo $?; popd -z; echo $?; popd -n; dirs`, "/tmp /\n/\n 1  /\n2\n2\n/tmp\n/tmp\n", 0},
	{"process substitution output is kept", `{ echo 1; echo 2; } > >(cat)`, "1\n2\n", 0},
	{"process substitution held until exit", `exec 3> >(cat); echo x >&3`, "x\n", 0},
	{"tilde after brace expansion", `HOME=/h; echo {a~,~}/b ~{/c,}`, "a~/b /h/b /h/c /h\n", 0},
	{"pattern starting with a slash", `x=/a/; echo ${x////c} ${x///} ${x/\//-}`, "cac a -a/\n", 0},
	{"GLOBIGNORE", `>a.md; >a.txt; >.e; >B; GLOBIGNORE='*.txt:[[:upper:]]*'; echo *; GLOBIGNORE=; shopt -u globskipdots; echo .*`, ".e a.md\n. .. .e\n", 0},
	{"hash table", `hash; hash -p /x/y foo; hash -t foo; hash -l; type foo; command -V foo; hash -d foo; hash; hash -t nope; echo $?; hash -p /x/y foo; PATH=$PATH:/z; hash`, "hash: hash table empty\n/x/y\nbuiltin hash -p /x/y foo\nfoo is hashed (/x/y)\nfoo is hashed (/x/y)\nhash: hash table empty\n1\nhash: hash table empty\n", 0},
	{"read leaves the rest of a file", "echo -e 'one\\ntwo\\nthree' > f; { read a; cat; } < f; while read l; do read m; echo \"$l+$m\"; done < f; exec 3< f; read -u 3 x; echo \"[$x]\"; cat <&3; exec 3<&-; { read -d o a; read b; echo \"[$a][$b]\"; cat; } < f", "two\nthree\none+two\nthree+\n[one]\ntwo\nthree\n[][ne]\ntwo\nthree\n", 0},
	{"read leaves the rest of a pipe", "echo -e 'a\\nb\\nc' | { read x; cat; }; echo -e 'p\\\\\\nq\\nr\\ns' | { read x; echo \"[$x]\"; cat; }; echo -e 'x\\ny\\nz' | while read l; do echo \"<$l>\"; cat; done", "b\nc\n[pq]\nr\ns\n<x>\ny\nz\n", 0},
	{"read leaves the rest of a here-document", "{ read a; read b; echo \"$b\"; cat; } <<'E'\n1\n2\n3\nE\n", "2\n3\n", 0},
	{"read -N and continuations", "read -N 4 a b <<< 'a b c'; echo \"[$a][$b]\"; read -d , x <<'E'\na\\\nb,c\nE\necho \"[$x]\"; IFS=; read -a e <<< ''; echo ${#e[@]}", "[a b ][]\n[ab]\n0\n", 0},
	{"trap -p keeps newlines", "trap 'echo 1\necho 2' INT; trap -p INT", "trap -- 'echo 1\necho 2' SIGINT\n", 0},
	{"empty arithmetic and slices", `a=(1 2 3); (( )); echo $? $(( )) "[${a[@]: }]" "[${a[@]::}]" "[${a[@]: : }]"`, "1 0 [1 2 3] [] []\n", 0},
	{"operand quoting in double quotes", `x='a b'; echo "${u-\}}" "${u-'$x'}" "${u-'}'}"`, "} 'a b' '}'\n", 0},
	{"SHELLOPTS is read-only", "SHELLOPTS=x; echo same\necho $?; unset SHELLOPTS BASHOPTS; echo $?; set -o noglob; echo $SHELLOPTS", "1\n1\nbraceexpand:hashall:interactive-comments:noglob\n", 0},
	{"temporary variables of a function call", `unlocal() { unset -v "$1"; }; f() { local v=l; unlocal v; echo "${v-unset}"; }; g() { unset v; echo "${v-unset}"; }; h() { local v; echo "${v-unset}"; }; v=global; v=t f; v=t g; v=t h; v=t eval h`, "global\nglobal\nt\nt\n", 0},
	{"list assignment errors", "a=(1 2); a[-1]+=(3)\necho ${a[@]}; export a[1]=2; echo $?; s=str; declare -A s; declare -p s", "1 2\n1\ndeclare -A s=([0]=\"str\" )\n", 0},
	{"DEBUG and ERR traps inside each other", "trap 'false; echo $LINENO err' ERR; trap 'false; echo $LINENO debug' DEBUG\nfalse\ntrap - DEBUG ERR", "2 err\n2 debug\n2 debug\n2 debug\n2 err\n3 err\n3 debug\n", 0},
	{"wait errors", "wait bad; echo $?; wait -n %3; echo $?", "1\n127\n", 0},
	{"test: operators as operands (by count)", `test '!' = '!'; echo $?; test '(' = '('; echo $?; x='!'; [ "$x" = '!' ]; echo $?; test ')' = ')'; echo $?; test -a = -a; echo $?; test = = =; echo $?; test ! = a; echo $?`, "0\n0\n0\n0\n0\n0\n1\n", 0},
	{"test: POSIX's argument counts", `test -f = a -o b; echo $?; test ! a = b -a ! c = c; echo $?; test '!' '!' = '!'; echo $?; [ '(' foo ')' ]; echo $?; [ -n ]; echo $?; [ ! -z ]; echo $?; test '(' '!' ')'; echo $?; test '!' '(' a ')'; echo $?; test ! ! ! a; echo $?; test '(' a = a ')'; echo $?; test -x; echo $?`, "0\n1\n1\n0\n0\n1\n0\n1\n1\n0\n0\n", 0},
	{"test: errors by count", "test a b; echo $?; test a b c; echo $?; test a b c d; echo $?; test '(' ')'; echo $?; test a = a -o; echo $?", "2\n2\n2\n2\n2\n", 0},
	{"errexit does not apply under !", `set -e; f(){ "$@"; }; ! f false; echo ok1; g(){ false; echo in; }; ! g; echo ok2 $?; h(){ g; echo h; }; ! h; echo ok3; ! { false; echo brace; }; ! (false; echo paren); ! eval 'false; echo ev'; ! false; ! true; echo ok4`, "ok1\nin\nok2 1\nin\nh\nok3\nbrace\nparen\nev\nok4\n", 0},
	{"errexit in functions called from conditions", `set -e; f(){ false; echo in; }; if f; then echo then; fi; f || true; f && true; while f; do break; done; until f; do :; done; f || f; echo ok; f && false; echo no`, "in\nthen\nin\nin\nin\nin\nin\nok\nin\n", 1},
	{"errexit after the last && or || of a list", `set -e; f(){ false; echo in; }; false || f; echo no`, "", 1},
	{"test with -a and -o as operands", `[ -z -a ] ]; echo $?; [ -z -a -a ]; echo $?; [ "" -o "" ]; echo $?`, "0\n0\n1\n", 0},
	{"cd through a missing directory", "cd nonexistent/..; echo $?", "1\n", 0},
	{"negative length of a list slice", "a=(1 2 3); echo \"${a[@]: 1: -1}\"; echo same\necho $?; s=abc; echo ${s:1:-1}", "1\nb\n", 0},
	{"@K and @k of strings", `e=; x=x; echo ${x@K} ${e@K} ${u@K} ${x@k} ${u@k}.`, "'x' '' 'x' .\n", 0},
	{"declarations expand every word first", `x=0; declare x=1 y=$x; echo $y; d=declare; $d z=1 'w=(1 2)'; echo $z $w; declare +a 'v=(1 2)'; echo "$v"; declare -a 'u=(1 2)'; echo ${u[1]}`, "0\n1 (1 2)\n(1 2)\n2\n", 0},
	{"xtrace of declarations", "a=(1); set -x; declare a+=(2) x='a b'; export e=2; set +x", "", 0},
	{"(( that closes as subshells", "if ! ((test a = b) || (test a = c)); then echo no; fi; x=$((echo 1) 2>&1); echo $x\n(( echo 2\necho 3\n) )", "no\n1\n2\n3\n", 0},
	{"subscripts: quotes and spaces", "a[\"1\"]=2; echo $? ${#a[@]}\na['2']=3\necho $? ${#a[@]}; a[1 + 2]= echo ok; a[0 + 1]=x; echo ${a[1]}", "0 1\n1 1\nok\nx\n", 0},
	{"let read as words", "let x=1 y=x+2 # a comment\nlet z=( y * 3 ); let w='z+1'; echo $x $y $z $w", "1 3 9 10\n", 0},
	{"arithmetic quotes and constants", "echo $(( '1' + 2 ))\necho $?; echo $(( \"2\" * 3 ))\necho $(( 0#1 ))\necho $?", "1\n6\n1\n", 0},
	{"invalid names in declarations", "export FOO-BAR=foo; echo $?", "1\n", 0},
	{"regex with nocasematch and tilde", `HOME=/h; [[ /h =~ ~ ]]; echo $?; shopt -s nocasematch; [[ a =~ A ]]; echo $?; [[ aB =~ ^(a)b$ ]]; echo ${BASH_REMATCH[1]}`, "0\n0\na\n", 0},
	{"failglob leaves the line", "shopt -s failglob; echo *.ZZ; echo same\necho $?", "1\n", 0},
	{"declarations expand before their redirections", `readonly x=$(echo err >&2) 2>/dev/null; echo done`, "done\n", 0},
	{"brace sequences at the ends of int64", `echo {9223372036854775806..9223372036854775807} {-9223372036854775807..-9223372036854775808}; echo {1..3..-9223372036854775808} {1..3..9223372036854775807} {3..1..-1} {a..e..-2} {1..3..0}`, "9223372036854775806 9223372036854775807 -9223372036854775807 -9223372036854775808\n{1..3..-9223372036854775808} 1 3 2 1 a c e 1 2 3\n", 0},
	{"brace expansion in a redirection", `echo hi > a-{one,two}; echo $?; echo x >{,}; echo $?`, "1\n1\n", 0},
	{"!( ) in [[ ]] without extglob", "e=; s=x; [[ !($e) ]] && echo T; [[ !($s) ]] || echo F; builtin --; echo $?", "T\nF\n0\n", 0},
	{"empty extended globs", "shopt -s extglob\n[[ '' == @() ]] && echo T; [[ x == @(||) ]] || echo F", "T\nF\n", 0},
	{"a command writing into a closed pipe dies of SIGPIPE", `s=x; for i in {1..17}; do s=$s$s; done; cat <<< "$s" | :; echo ${PIPESTATUS[0]}`, "141\n", 0},
	{"the C locale counts bytes", "LC_ALL=C.UTF-8; s='_μ_'; echo ${#s} ${s//_?_/x}; LC_ALL=C; echo ${#s} ${s//_?_/x} ${s//_??_/y}; LC_ALL=C.UTF-8; echo ${#s}", "3 x\n4 _μ_ y\n3\n", 0},
	{"array literal subscripts see earlier elements", `a=([0]=1+2+3 [a[0]]=10 [a[6]]=hello); echo ${!a[@]} "${a[@]}"; b=(1 2); b=(${b[1]} x); echo ${b[@]}`, "0 6 10 1+2+3 10 hello\n2 x\n", 0},
	{"readonly -a of a bare name", `declare -a a1; readonly -a a2; readonly -A d2; readonly -a r=(1); declare -p a1 a2 d2 r`, "declare -a a1\ndeclare -r a2\ndeclare -r d2\ndeclare -ar r=([0]=\"1\")\n", 0},
	{"null lists", `set -- "" ""; IFS=; echo "[${*:-m}]" "[${*:+p}]"; a=("" ""); echo "[${a[*]:-m}]" "[${a[@]:-m}]"; unset IFS; echo "[${a[*]:-m}]"; e=(); set -- "${e[@]+x}"; echo $#`, "[m] []\n[m] [ ]\n[ ]\n0\n", 0},
	{"at ops", `x="it's"; echo ${x@Q}; a=(1 "2 3"); echo ${a[@]@Q}; declare -i n=3; echo ${n@a}`, "'it'\\''s'\n'1' '2 3'\ni\n", 0},
	{"declare -p", `declare -a a=(1 2); declare -i i=3; declare -A A=([k]=v); declare -p a i A`, "declare -a a=([0]=\"1\" [1]=\"2\")\ndeclare -i i=\"3\"\ndeclare -A A=([k]=\"v\" )\n", 0},
	{"background and wait", `{ echo job; exit 5; } & wait $!; echo $?`, "job\n5\n", 0},
	{"kill a job", `trap 'echo got' USR1; kill -USR1 $$; echo after`, "got\nafter\n", 0},
	{"time with TIMEFORMAT", `TIMEFORMAT='%0R|%0lR|%0U|%0lS|a%%b|%'; { time true; } 2>&1; TIMEFORMAT=; { time true; } 2>&1; echo x; TIMEFORMAT=%0R; { time true | false; } 2>&1; echo $?`, "0|0m0s|0|0m0s|a%b|%\nx\n0\n1\n", 0},
	{"time -p and the default format", "TIMEFORMAT=%0R; { time -p true; } 2>&1 | while read a b; do echo $a; done; unset TIMEFORMAT; { time true; } 2>&1 | while IFS=$'\\t' read a b; do echo \"[$a]\"; done; TIMEFORMAT=x%Q; x=$({ time true; } 2>&1); [[ $x == *\"TIMEFORMAT: \\`Q': invalid format character\" ]] && echo bad", "real\nuser\nsys\n[]\n[real]\n[user]\n[sys]\nbad\n", 0},
	{"kill -l, kill -0", `kill -l 15 TERM 143 0 sigkill; kill -0 $$; echo $?; { while :; do :; done; } & kill -0 %1; echo $?; kill -n 9 %1; wait %1 2>/dev/null; echo $?; kill -0 999999 2>/dev/null; echo $?`, "TERM\n15\nTERM\nEXIT\n9\n0\n0\n137\n1\n", 0},
	{"a job killed by SIGTERM is not reported", `exec 2>&1; spin() { : > s$1; while :; do :; done; }; spin 1 & until [ -e s1 ]; do :; done; kill %1; wait %1; echo $?; spin 2 & until [ -e s2 ]; do :; done; kill -s TERM %1; wait %1; echo $?`, "143\n143\n", 0},
	{"lineno", "echo $LINENO\n\necho $LINENO", "1\n3\n", 0},
	{"funcname", `f() { echo ${FUNCNAME[@]}; g; }; g() { echo ${FUNCNAME[@]}; }; f`, "f\ng f\n", 0},
	{"shift and set", `set -- a b c; shift; echo $# $1; set -- ; echo $#`, "2 b\n0\n", 0},
	{"eval", `eval 'x=5; echo $x'; eval echo '$((x+1))'`, "5\n6\n", 0},
	{"globbing", `>b; >a; >c; echo *; echo [ab]; shopt -s nullglob; echo none* end`, "a b c\na b\nend\n", 0},
	{"extglob", "shopt -s extglob\n" + `>x.c; >y.h; >z.o; echo *.@(c|h); echo !(*.o)`, "x.c y.h\nx.c y.h\n", 0},
	{"dotglob", `>.h; >v; echo *; shopt -s dotglob; echo *`, "v\n.h v\n", 0},
	{"nounset", `set -u; echo ${x-ok}; echo $x; echo no`, "ok\n", 1},
	{"printf -v absent host", `x=$(type -t cat); echo $x`, "file\n", 0},
}

func TestEngine(t *testing.T) {
	t.Parallel()
	for _, tc := range engineCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, errOut, status := runScript(t, tc.script, "")
			if out != tc.want || status != tc.status {
				t.Errorf("script:\n%s\ngot status %d, stdout:\n%s\nwant status %d, stdout:\n%s\nstderr:\n%s", tc.script, status, out, tc.status, tc.want, errOut)
			}
		})
	}
}

// TestEngineConfirm runs the table under bash (the script on its
// standard input, as runScript runs it), so that the table says what
// bash does.
func TestEngineConfirm(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skipf("bash is not on PATH: the table is not confirmed (%v)", err)
	}
	t.Parallel()
	for _, tc := range engineCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			cmd := exec.Command(bash)
			cmd.Stdin = strings.NewReader(tc.script)
			cmd.Dir = dir
			cmd.Env = []string{"HOME=/home/u", "PATH=/bin:/usr/bin", "LC_ALL=C"}
			var out strings.Builder
			cmd.Stdout = &out
			err := cmd.Run()
			status := 0
			if ee, ok := err.(*exec.ExitError); ok {
				status = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if out.String() != tc.want || status != tc.status {
				t.Errorf("bash disagrees with the table:\n%s\nbash: status %d, stdout:\n%s\ntable: status %d, stdout:\n%s", tc.script, status, out.String(), tc.status, tc.want)
			}
		})
	}
}
