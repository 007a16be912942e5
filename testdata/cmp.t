cmp reports the first byte where two files differ.

  $ printf 'abc\ndef\n' > a
  $ printf 'abc\ndxf\n' > b
  $ cmp a b
  a b differ: byte 6, line 2
  [1]
  $ cmp a a
  $ cmp -s a b
  [1]

-l lists every difference with octal values; -b shows the bytes.

  $ cmp -l a b
  6 145 170
  [1]
  $ cmp -b a b
  a b differ: byte 6, line 2 is 145 e 170 x
  [1]

-n limits the comparison; -i (or SKIP operands) skips leading bytes.

  $ cmp -n 5 a b
  $ cmp -i 1 a b
  a b differ: byte 5, line 2
  [1]

A shorter file is reported at its end.

  $ printf 'abc' > c
  $ cmp a c
  cmp: EOF on c after byte 3, line 1
  [1]
  $ cmp a nope
  cmp: nope: No such file or directory
  [2]
