test and [ decide by the number of arguments first (POSIX), so operators
are strings where the count says they are operands.

  $ test '!' = '!' && echo equal
  equal
  $ x='('; [ "$x" = '(' ] && echo equal
  equal
  $ test ! a = b -a ! c = c; echo $?
  1
  $ test '!' '!' = '!'; echo $?
  1
  $ [ -n ] && [ ! -z ] ; echo $?
  1
  $ test a b c
  moonix: test: b: binary operator expected
  [2]

-ef is true for two names of one file: hard links, a symlink and its
target, a directory and a path through `..`.

  $ echo x > a; ln a hard; ln -s a soft; echo x > other; mkdir d; ln -s d dl
  $ test a -ef hard && echo same
  same
  $ test soft -ef hard && [ a -ef soft ] && echo same
  same
  $ test a -ef other || echo different
  different
  $ mv hard moved; [ moved -ef a ] && echo same
  same
  $ cp a copy; [ copy -ef a ] || echo different
  different
  $ [[ dl -ef d && . -ef d/.. ]] && echo same
  same
  $ test a -ef missing || echo no
  no
