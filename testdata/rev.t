rev reverses the characters of each line.

  $ printf 'hello\nworld\n' | rev
  olleh
  dlrow
  $ printf 'abc\nhé!\n' > f
  $ rev f
  cba
  !éh
  $ rev nope
  rev: nope: No such file or directory
  [1]
  $ printf 'a\000b\n' | rev | od -An -c
     b  \0   a  \n
  $ printf 'ab\000cd\000' | rev -0 | od -An -c
     b   a  \0   d   c  \0
