csplit cuts a file before the lines that patterns name (line numbers,
/REGEXP/ or, to skip, %REGEXP%, each with an offset and a repeat count),
and prints the size of each piece.

  $ seq 12 > f
  $ csplit f 4 /10/
  6
  12
  9
  $ cat xx01
  4
  5
  6
  7
  8
  9
  $ csplit -s -f part -b '%d.txt' f '/[05]$/' '{*}'; ls part*
  part0.txt
  part1.txt
  part2.txt
  $ csplit f /99/
  27
  csplit: '/99/': match not found
  [1]
