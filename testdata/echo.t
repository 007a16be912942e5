echo prints its arguments; -n drops the newline, -e expands escapes (bash's
set), -E turns that off again. Only leading words made of n, e and E are
options.

  $ echo hello   world
  hello world
  $ echo -n no newline; echo
  no newline
  $ echo -e 'tab:\there' 'nl:\n.' 'hex:\x41' 'octal:\0101' 'esc:\e[0m' | od -c | head -2
  0000000   t   a   b   :  \t   h   e   r   e       n   l   :  \n   .    
  0000020   h   e   x   :   A       o   c   t   a   l   :   A       e   s
  $ echo -e 'stop\chere'; echo
  stop
  $ echo -e '\1 is not an escape for echo'
  \1 is not an escape for echo
  $ echo -eE 'kept: \n'
  kept: \n
  $ echo -en 'a\tb\n'
  a	b
  $ echo -x -e
  -x -e
  $ echo --help
  --help
