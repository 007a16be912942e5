dirname prints each name without its last component.

  $ dirname /usr/lib/libc.so.6
  /usr/lib
  $ dirname notes.txt
  .
  $ dirname a//b/
  a
  $ dirname /
  /
  $ dirname /work
  /

Several names are handled in turn:

  $ dirname a/b c /d/e
  a
  .
  /d

-z ends each line with NUL:

  $ dirname -z a/b c | cat -v
  a^@.^@ (no-eol)

  $ dirname
  dirname: missing operand
  Try 'dirname --help' for more information.
  [1]
