head prints the first lines (or bytes) of files.

  $ seq() { i=$1; while [ $i -le $2 ]; do echo $i; i=$((i+1)); done; }
  $ seq 1 12 > n.txt
  $ head n.txt
  1
  2
  3
  4
  5
  6
  7
  8
  9
  10
  $ head -n 3 n.txt
  1
  2
  3
  $ head -2 n.txt
  1
  2

A negative count prints all but the last lines or bytes:

  $ head -n -9 n.txt
  1
  2
  3
  $ printf 'abcdef' | head -c -2
  abcd (no-eol)
  $ head -c 3 n.txt
  1
  2 (no-eol)

Counts take GNU multipliers:

  $ head -c 1K n.txt | wc -c
  27

Several files get headers; -q drops them, -v adds one for a single file:

  $ printf 'x\ny\n' > xy.txt
  $ head -n 1 n.txt xy.txt
  ==> n.txt <==
  1
  
  ==> xy.txt <==
  x
  $ head -q -n 1 n.txt xy.txt
  1
  x
  $ echo in | head -v
  ==> standard input <==
  in

Errors:

  $ head nope.txt xy.txt
  head: cannot open 'nope.txt' for reading: No such file or directory
  ==> xy.txt <==
  x
  y
  [1]
  $ head -n x n.txt
  head: invalid number of lines: 'x'
  [1]
  $ mkdir d
  $ head d
  head: error reading 'd': Is a directory
  [1]
