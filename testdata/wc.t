wc counts lines, words and bytes.

  $ printf 'hello world\nfoo bar baz\n' > w.txt
  $ printf 'one\n' > one.txt
  $ wc w.txt
   2  5 24 w.txt
  $ wc -l w.txt
  2 w.txt
  $ wc -w w.txt
  5 w.txt
  $ wc -c w.txt
  24 w.txt
  $ wc -L w.txt
  11 w.txt
  $ wc -lw w.txt one.txt
   2  5 w.txt
   1  1 one.txt
   3  6 total

Standard input from a pipe gets GNU's wide columns, except for a single
count:

  $ cat w.txt | wc
        2       5      24
  $ cat w.txt | wc -l
  2
  $ wc -m < one.txt
  4

Errors:

  $ wc nope.txt one.txt
  wc: nope.txt: No such file or directory
  1 1 4 one.txt
  1 1 4 total
  [1]
