find walks directories in name order and prints what matches.

  $ mkdir -p src/lib docs empty
  $ printf 'package main\n' > src/main.go
  $ printf 'package lib\n' > src/lib/lib.go
  $ printf '# notes\n' > docs/README.md
  $ touch docs/.hidden src/lib/lib_test.go
  $ ln -s src/main.go main-link
  $ find
  .
  ./docs
  ./docs/.hidden
  ./docs/README.md
  ./empty
  ./main-link
  ./src
  ./src/lib
  ./src/lib/lib.go
  ./src/lib/lib_test.go
  ./src/main.go
  $ find src docs/
  src
  src/lib
  src/lib/lib.go
  src/lib/lib_test.go
  src/main.go
  docs/
  docs/.hidden
  docs/README.md

Tests: -name/-iname (shell patterns), -path, -type, -size, -empty, -newer...

  $ find . -name '*.go'
  ./src/lib/lib.go
  ./src/lib/lib_test.go
  ./src/main.go
  $ find . -iname 'readme*'
  ./docs/README.md
  $ find . -path './src/*' -name '*_test.go'
  ./src/lib/lib_test.go
  $ find . -type d
  .
  ./docs
  ./empty
  ./src
  ./src/lib
  $ find . -type l
  ./main-link
  $ find -L . -name 'main*' -type f
  ./main-link
  ./src/main.go
  $ find . -type f -empty
  ./docs/.hidden
  ./src/lib/lib_test.go
  $ find . -empty -type d
  ./empty
  $ find . -type f -size +10c
  ./src/lib/lib.go
  ./src/main.go
  $ touch -d 2020-01-01 docs/README.md
  $ find docs -newer docs/README.md
  docs
  docs/.hidden
  $ find . -maxdepth 1 -type f -o -maxdepth 1 -type l
  ./main-link
  $ find src -mindepth 2
  src/lib/lib.go
  src/lib/lib_test.go

Operators: ! (or -not), -a (implied), -o, parentheses; -prune skips a tree.

  $ find . -type f ! -name '*.go'
  ./docs/.hidden
  ./docs/README.md
  $ find . \( -name '*.md' -o -name '*_test.go' \) -print
  ./docs/README.md
  ./src/lib/lib_test.go
  $ find . -path ./src -prune -o -type f -print
  ./docs/.hidden
  ./docs/README.md

Actions: -print0, -printf, -delete, -exec (one file per run with ;, many
with +), -quit.

  $ find src -name '*.go' -printf '%f %s %d %h\n'
  lib.go 12 2 src/lib
  lib_test.go 0 2 src/lib
  main.go 13 1 src
  $ find src -type f -printf '%P\t%m %y %M\n'
  lib/lib.go	644 f -rw-r--r--
  lib/lib_test.go	644 f -rw-r--r--
  main.go	644 f -rw-r--r--
  $ find src -name '*.go' -exec cat {} \;
  package lib
  package main
  $ find src -name '*.go' -exec stat -c %n {} +
  src/lib/lib.go
  src/lib/lib_test.go
  src/main.go
  $ find . -name '*.go' -print -quit
  ./src/lib/lib.go
  $ find . -name '*_test.go' -delete
  $ find src
  src
  src/lib
  src/lib/lib.go
  src/main.go

Errors:

  $ find nope
  find: 'nope': No such file or directory
  [1]
  $ find . -bogus
  find: unknown predicate `-bogus'
  [1]
  $ find . -name
  find: missing argument to `-name'
  [1]
  $ find . -name a extra
  find: paths must precede expression: `extra'
  [1]
