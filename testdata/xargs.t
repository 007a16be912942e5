xargs builds command lines from its input; the default command is echo.

  $ printf 'a b\n"c d" e\\ f\n' | xargs
  a b c d e f
  $ printf 'a b c d e\n' | xargs -n 2
  a b
  c d
  e
  $ printf 'one\ntwo\n' | xargs -n 1 echo item:
  item: one
  item: two

-I runs the command once per line, replacing a string; -L takes lines:

  $ printf '  spaced  out\nsecond\n' | xargs -I {} echo '[{}]'
  [spaced  out]
  [second]
  $ printf 'a b\nc\n\nd \ne\n' | xargs -L 1
  a b
  c
  d e

Other separators: NUL (-0) or any character (-d):

  $ printf 'a b\0c\0' | xargs -0 -n 1 echo item:
  item: a b
  item: c
  $ printf 'x,y,z' | xargs -d , -n 1
  x
  y
  z

-r does not run the command on empty input; -t traces each command line:

  $ printf '' | xargs echo ran
  ran
  $ printf '' | xargs -r echo ran
  $ echo 'it is' | xargs -t -n 1 echo 2>&1
  echo it
  it
  echo is
  is
  $ printf 'a\nSTOP\nb\n' | xargs -E STOP
  a

The commands run through moonix's shell, files and all:

  $ printf 'f1\nf2\n' | xargs touch
  $ ls
  f1
  f2
  $ printf 'f1\nf2\n' | xargs -P 2 -n 1 sh -c 'echo "$0" > "$0.out"'
  $ cat f1.out f2.out
  f1
  f2

Exit statuses: 123 when a command failed, 124 when one exited 255 (xargs
stops), 127 for a command that is not found:

  $ printf 'a\nb\n' | xargs -n 1 sh -c 'exit 3'
  [123]
  $ printf 'a\nb\n' | xargs -n 1 sh -c 'echo $0; exit 255'
  a
  xargs: sh: exited with status 255; aborting
  [124]
  $ echo a | xargs nosuchcommand
  moonix: nosuchcommand: command not found
  [127]
  $ printf 'a "b\n' | xargs
  a
  xargs: unmatched double quote; by default quotes are special to xargs unless you use the -0 option
  [1]
  $ echo a | xargs -n 0
  xargs: value 0 for -n option should be >= 1
  Try 'xargs --help' for more information.
  [1]

-e takes its end-of-file string glued on, as GNU's does (-E takes it as
the next word):

  $ printf 'a b\nEOF\nc\n' | xargs -eEOF echo
  a b
  $ printf 'a b\nEOF\nc\n' | xargs -e echo
  a b EOF c
