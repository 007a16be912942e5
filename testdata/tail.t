tail prints the last lines (or bytes) of files, or everything from a line on.

  $ seq() { i=$1; while [ $i -le $2 ]; do echo $i; i=$((i+1)); done; }
  $ seq 1 12 > n.txt
  $ tail n.txt
  3
  4
  5
  6
  7
  8
  9
  10
  11
  12
  $ tail -n 2 n.txt
  11
  12
  $ tail -3 n.txt
  10
  11
  12
  $ tail -n +11 n.txt
  11
  12
  $ tail +12 n.txt
  12
  $ tail -c 3 n.txt
  12
  $ tail -c +25 n.txt
  12
  $ printf 'a\nb' | tail -n 1
  b (no-eol)

Headers for several files:

  $ printf 'x\ny\n' > xy.txt
  $ tail -n 1 n.txt xy.txt
  ==> n.txt <==
  12
  
  ==> xy.txt <==
  y
  $ tail -qn1 n.txt xy.txt
  12
  y

Following a file makes no sense in moonix, where files do not grow while a
command runs:

  $ tail -f n.txt
  tail: following files (-f, -F) is not supported
  [2]
  $ tail nope.txt
  tail: cannot open 'nope.txt' for reading: No such file or directory
  [1]
  $ tail -c x n.txt
  tail: invalid number of bytes: 'x'
  [1]
