cut prints selected fields, characters or bytes of each line.

  $ printf 'a:b:c\nd\ne:f\n' > c.txt
  $ cut -d: -f2 c.txt
  b
  d
  f
  $ cut -d: -f1,3 c.txt
  a:c
  d
  e
  $ cut -d: -f2- -s c.txt
  b:c
  f
  $ cut -d: --complement -f1 c.txt
  b:c
  d
  f
  $ printf 'one\ttwo\tthree\n' | cut -f2,3 --output-delimiter=' | '
  two | three

Characters and bytes, with open ranges:

  $ echo abcdef | cut -c 2-4
  bcd
  $ echo abcdef | cut -b -2,5-
  abef
  $ echo abcdef | cut -c 1,3,5 --output-delimiter=,
  a,c,e
  $ echo abcdef | cut --complement -c 2-3
  adef

Errors:

  $ cut c.txt
  cut: you must specify a list of bytes, characters, or fields
  Try 'cut --help' for more information.
  [1]
  $ cut -f0 c.txt
  cut: fields are numbered from 1
  Try 'cut --help' for more information.
  [1]
  $ cut -c 3-1 c.txt
  cut: invalid decreasing range
  Try 'cut --help' for more information.
  [1]
  $ cut -d ab -f1 c.txt
  cut: the delimiter must be a single character
  Try 'cut --help' for more information.
  [1]
  $ cut -f1 nope
  cut: nope: No such file or directory
  [1]
