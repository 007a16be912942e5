The shell language is mvdan/sh's, run statement by statement.

  $ x=3; echo $((x * 2)) "${x}x" ${#x}
  6 3x 1
  $ a=(one two three); echo ${a[1]} ${#a[@]}
  two 3
  $ f() { local v=$1; echo "f got $v"; return 4; }; f arg; echo $?
  f got arg
  4
  $ for i in 1 2 3; do echo -n "$i "; done; echo
  1 2 3 
  $ case foo in f*) echo matched;; esac
  matched
  $ [[ abc == a* && -d /tmp ]] && echo yes
  yes
  $ cat <<EOF
  > here $((1 + 1))
  > EOF
  here 2
  $ echo $(echo nested $(echo deep))
  nested deep
  $ false | true; echo $?
  0
  $ set -o pipefail; false | true; echo $?; set +o pipefail
  1
  $ (exit 3); echo $?
  3
  $ sleep 0.1 & wait; echo waited
  waited

$0 is the shell's name; nested shells get their own:

  $ echo $0
  moonix
  $ sh -c 'echo $0 $1 $#' name a b
  name a 2
  $ bash -c 'exit 7'; echo $?
  7

Nested shells share the filesystem, the directory and exported variables:

  $ cd /tmp; export SHARED=yes; NOTEXPORTED=no
  $ sh -c 'echo "$SHARED ${NOTEXPORTED-unset} $(pwd)"; echo made > nested.txt'
  yes unset /tmp
  $ cat /tmp/nested.txt; cd /work
  made
  $ echo 'echo "script $0 got $1"' > s.sh; sh s.sh arg
  script s.sh got arg
  $ echo 'echo from stdin' | sh
  from stdin
  $ printf '#!/bin/sh\necho shebang $1\n' > run; chmod +x run; ./run x
  shebang x
  $ printf '#!/usr/bin/env bash\necho env-shebang\n' > run2; chmod +x run2; ./run2
  env-shebang
  $ mkdir -p bin2; cp run bin2/tool; PATH=$PATH:/work/bin2 tool y
  shebang y
  $ /bin/echo via /bin; /usr/bin/env printf '%s\n' via-env
  via /bin
  via-env

Traps run at the end of the session; signal names are accepted:

  $ trap 'echo bye' EXIT INT; trap
  trap -- 'echo bye' EXIT
  trap -- 'echo bye' INT
  $ trap - EXIT INT; trap

Functions take precedence over builtins, as in bash:

  $ type() { echo "my type: $*"; }; type x; command type cat; unset -f type
  my type: x
  cat is a shell builtin
  $ command -v cd cat
  cd
  cat

source finds files on PATH in the VFS, then in the working directory:

  $ echo 'greet() { echo "hi $1"; }' > lib.sh; . ./lib.sh; greet you
  hi you

Syntax errors name the place and fail with status 2:

  $ echo 'if then' > bad.sh; sh bad.sh
  moonix: bad.sh:1:1: `if` must be followed by a statement list
  [2]
  $ sh -c 'echo (('
  moonix: sh:1:6: `((` can only be used to open an arithmetic cmd
  [2]

So is a program nested more deeply than the parser's stack allows (about
a thousand levels), and a recursion deeper than some thousand calls fails
with a message; the shell goes on:

  $ deep=$(printf '%.0s{ ' $(seq 100000)); eval "$deep"; echo $?
  moonix: eval: nesting too deep
  2
  $ sh -c "$(printf '%.0s$(' $(seq 100000))"
  moonix: sh: nesting too deep
  [2]
  $ f() { f; }; f; echo $?
  moonix: f: maximum function nesting level exceeded (1000)
  1

Unknown commands and bad paths:

  $ nosuch
  moonix: nosuch: command not found
  [127]
  $ ./nosuch
  moonix: ./nosuch: No such file or directory
  [127]
  $ /work
  moonix: /work: is a directory
  [126]
  $ umask; umask 077; touch u; stat -c %a u; umask 022
  0022
  600
