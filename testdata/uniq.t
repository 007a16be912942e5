uniq filters adjacent repeated lines.

  $ printf 'a\na\nb\nB\nc\nc\nc\n' > u.txt
  $ uniq u.txt
  a
  b
  B
  c
  $ uniq -c u.txt
        2 a
        1 b
        1 B
        3 c
  $ uniq -d u.txt
  a
  c
  $ uniq -u u.txt
  b
  B
  $ uniq -i u.txt
  a
  b
  c
  $ uniq -D u.txt
  a
  a
  c
  c
  c
  $ uniq --all-repeated=separate u.txt
  a
  a
  
  c
  c
  c

Skipping fields and characters, comparing a prefix:

  $ printf 'x 1 foo\ny 2 foo\nz 1 bar\n' > f.txt
  $ uniq -f 2 f.txt
  x 1 foo
  z 1 bar
  $ uniq -s 2 -w 1 f.txt
  x 1 foo
  y 2 foo
  z 1 bar
  $ uniq -c -f 1 -w 1 f.txt
        3 x 1 foo

An output file operand:

  $ uniq u.txt out.txt
  $ cat out.txt
  a
  b
  B
  c

Errors:

  $ uniq nope.txt
  uniq: nope.txt: No such file or directory
  [1]
  $ uniq -D -c u.txt
  uniq: printing all duplicated lines and repeat counts is meaningless
  Try 'uniq --help' for more information.
  [1]
  $ uniq a b c
  uniq: extra operand 'c'
  Try 'uniq --help' for more information.
  [1]
