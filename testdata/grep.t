grep prints the lines that match a POSIX regular expression.

  $ printf 'foo\nbar\nFoo bar\nbaz foo_x\n' > a.txt
  $ printf 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n' > n.txt
  $ grep foo a.txt
  foo
  baz foo_x

Case, inversion, line numbers, counts:

  $ grep -i foo a.txt
  foo
  Foo bar
  baz foo_x
  $ grep -v foo a.txt
  bar
  Foo bar
  $ grep -n o a.txt
  1:foo
  3:Foo bar
  4:baz foo_x
  $ grep -c foo a.txt n.txt
  a.txt:2
  n.txt:0
  $ grep -vc o n.txt
  4

Whole words and whole lines:

  $ grep -w foo a.txt
  foo
  $ grep -x 'f.*' n.txt
  four
  five

Only the matching parts, with byte offsets:

  $ grep -o 'o\+' a.txt
  oo
  oo
  oo
  $ grep -ob 'o' n.txt
  0:o
  6:o
  15:o

Basic (default), extended and fixed-string syntax:

  $ grep 'ba\(r\|z\)' a.txt
  bar
  Foo bar
  baz foo_x
  $ grep -E 'fo+|^ba[rz]$' a.txt
  foo
  bar
  baz foo_x
  $ grep -F 'o.' a.txt
  [1]
  $ echo 'a.b axb' | grep -oF 'a.b'
  a.b
  $ grep -E -F x a.txt
  grep: conflicting matchers specified
  [2]

Several patterns, from -e or a file:

  $ grep -e bar -e one a.txt n.txt
  a.txt:bar
  a.txt:Foo bar
  n.txt:one
  $ printf 'bar\nsix\n' > pats
  $ grep -h -f pats a.txt n.txt
  bar
  Foo bar
  six

Back-references work too:

  $ printf 'hello\nworld\nabab\n' | grep '\(.\)\1'
  hello
  $ printf 'hello\nworld\nabab\n' | grep -E '(ab)\1'
  abab

A pattern whose matching takes exponential work (a back-reference after
nested repetition) gives up after a budget of steps per line. That is an
error, status 2, and the search stops: never a silent "no match".

  $ a31=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
  $ printf 'aab\n%s\nab\n' $a31 | grep '\(a*\)*\1b'
  aab
  grep: (standard input):2: regular expression too complex: backtracking limit exceeded
  [2]
  $ printf '%s\n' $a31 | grep -v -c '\(a*\)*\1b'
  grep: (standard input):1: regular expression too complex: backtracking limit exceeded
  [2]
  $ printf 'aab aab\n' | grep -o '\(a*\)*\1b'
  aab
  aab

File names, lists, quiet mode, max count:

  $ grep -H five n.txt
  n.txt:five
  $ grep -l o a.txt n.txt
  a.txt
  n.txt
  $ grep -L bar a.txt n.txt
  n.txt
  $ grep -q seven n.txt && echo found
  found
  $ grep -m 2 o n.txt
  one
  two

Context lines; -- separates groups:

  $ grep -n -C1 -e two -e six n.txt
  1-one
  2:two
  3-three
  --
  5-five
  6:six
  7-seven
  $ grep -A1 four n.txt
  four
  five
  $ grep -B2 three n.txt
  one
  two
  three
  $ grep -1 five n.txt
  four
  five
  six

Standard input is "(standard input)", or --label:

  $ echo hit | grep -H hit
  (standard input):hit
  $ echo hit | grep -c --label=in -H hit
  in:1

Recursive search walks directories in sorted order:

  $ mkdir -p d/sub
  $ echo 'int foo;' > d/x.c
  $ echo foo > d/y.h
  $ echo foofoo > d/sub/z.c
  $ grep -r foo d
  d/sub/z.c:foofoo
  d/x.c:int foo;
  d/y.h:foo
  $ grep -rl --include='*.c' foo d
  d/sub/z.c
  d/x.c
  $ grep -r --exclude='*.c' foo d
  d/y.h:foo
  $ grep -r --exclude-dir=sub -c foo d
  d/x.c:1
  d/y.h:1
  $ cd d && grep -r foofoo; cd ..
  sub/z.c:foofoo

Binary files, NUL-separated data:

  $ printf 'a\000foo\n' > bin
  $ grep foo bin
  grep: bin: binary file matches
  $ grep -c foo bin
  1
  $ printf 'one\000two\000' | grep -z t | tr '\000' '\n'
  two

Errors: a missing file is reported and the status is 2.

  $ grep foo nope a.txt
  grep: nope: No such file or directory
  a.txt:foo
  a.txt:baz foo_x
  [2]
  $ grep -s foo nope
  [2]
  $ grep foo d
  grep: d: Is a directory
  [2]
  $ grep 'a\{1'
  grep: Unmatched \{
  [2]
  $ grep
  Usage: grep [OPTION]... PATTERNS [FILE]...
  Try 'grep --help' for more information.
  [2]
  $ grep zzz a.txt
  [1]

In a UTF-8 locale (moonix's unless LC_ALL, LC_CTYPE or LANG says
otherwise) a byte that is not part of a character matches only itself,
not `.`, and a line to print that holds one makes the file binary, as
with GNU grep; in the C locale every byte is a character.

  $ export LC_ALL=C.UTF-8
  $ printf 'a\377b\n\376\n' > raw
  $ grep -c "$(printf '\377')" raw
  1
  $ grep -c 'a.b' raw
  0
  [1]
  $ LC_ALL=C grep -c 'a.b' raw
  1
  $ grep b raw
  grep: raw: binary file matches
  $ grep -a b raw | od -An -c
     a 377   b  \n
  $ sed 's/./<&>/g' raw | od -An -c
     <   a   > 377   <   b   >  \n 376  \n
