comm compares two sorted files: column 1 is only in the first, column 2
only in the second, column 3 in both.

  $ printf 'apple\nbanana\ncherry\n' > a
  $ printf 'apple\ncherry\ndate\n' > b
  $ comm a b
  \t\tapple (esc)
  banana
  \t\tcherry (esc)
  \tdate (esc)
  $ comm -12 a b
  apple
  cherry
  $ comm -3 a b
  banana
  \tdate (esc)
  $ comm -23 a b
  banana
  $ comm --output-delimiter=' | ' a b
   |  | apple
  banana
   |  | cherry
   | date
  $ comm --total -3 a b
  banana
  \tdate (esc)
  1\t1\t2\ttotal (esc)

Unsorted input is reported (--check-order stops at once, --nocheck-order
never complains).

  $ printf 'b\na\n' > u
  $ comm u a
  \tapple (esc)
  b
  comm: file 1 is not in sorted order
  a
  \tbanana (esc)
  \tcherry (esc)
  comm: input is not in sorted order
  [1]
  $ comm --nocheck-order -2 u a
  b
  a
  $ comm a
  comm: missing operand after 'a'
  Try 'comm --help' for more information.
  [1]
