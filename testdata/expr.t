expr evaluates an expression given as separate arguments.

  $ expr 1 + 2 \* 3
  7
  $ expr \( 1 + 2 \) \* 3
  9
  $ expr 7 / 2; expr -7 % 3
  3
  -1
  $ expr 99999999999999999999 + 1
  100000000000000000000

Comparisons are numeric for integers, byte order otherwise:

  $ expr 10 \> 9; expr 10 \> 9a
  1
  0
  [1]
  $ expr abc = abc
  1

| and & pick an operand; a 0 or empty result exits 1:

  $ expr '' \| fallback
  fallback
  $ expr 0 \& 5
  0
  [1]

Strings and regular expressions (anchored at the start):

  $ expr length hello
  5
  $ expr substr hello 2 3
  ell
  $ expr index hello lo
  3
  $ expr report.txt : '\(.*\)\.txt'
  report
  $ expr abc : 'a.'
  2
  $ expr match abc 'b'
  0
  [1]
  $ expr + length
  length

Errors exit 2:

  $ expr 1 +
  expr: syntax error: missing argument after '+'
  [2]
  $ expr a + 1
  expr: non-integer argument
  [2]
  $ expr 1 / 0
  expr: division by zero
  [2]
  $ expr
  expr: missing operand
  Try 'expr --help' for more information.
  [2]
