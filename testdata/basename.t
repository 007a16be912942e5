basename prints a name without its directory, and without a suffix when
one is given.

  $ basename /usr/lib/libc.so.6
  libc.so.6
  $ basename /work/notes.txt .txt
  notes
  $ basename dir/sub/
  sub
  $ basename /
  /

The suffix is not removed when it is the whole name:

  $ basename .txt .txt
  .txt

-a takes several names; -s SUFFIX implies -a:

  $ basename -a a/one b/two
  one
  two
  $ basename -s .c src/main.c src/util.c README
  main
  util
  README

-z ends each name with NUL instead of newline (cat -v shows NUL as ^@):

  $ basename -az a/b c | cat -v
  b^@c^@ (no-eol)

Errors:

  $ basename
  basename: missing operand
  Try 'basename --help' for more information.
  [1]
  $ basename a b c
  basename: extra operand 'c'
  Try 'basename --help' for more information.
  [1]
