cat copies files to standard output; -v, -E and -T show what is invisible,
-e is -vE and -t is -vT, as in GNU cat.

  $ printf 'one\ntwo\n' > f
  $ cat f
  one
  two
  $ printf 'a\tb\001\n\r\n' | cat -e
  a\tb^A$ (esc)
  ^M$
  $ printf 'a\tb\n' | cat -t
  a^Ib
  $ printf 'a\tb\n' | cat -A
  a^Ib$
