seq prints numbers from FIRST (default 1) by INCREMENT (default 1) to LAST.

  $ seq 3
  1
  2
  3
  $ seq 2 4
  2
  3
  4
  $ seq 10 -3 1
  10
  7
  4
  1

An empty range prints nothing.

  $ seq 5 1

Decimals keep the precision of FIRST and INCREMENT, like GNU seq.

  $ seq 0 0.1 0.3
  0.0
  0.1
  0.2
  0.3
  $ seq 1 0.5 2
  1.0
  1.5
  2.0

-w pads with zeros to equal width; -s changes the separator.

  $ seq -w 8 10
  08
  09
  10
  $ seq -w -1 1
  -1
  00
  01
  $ seq -s, 5
  1,2,3,4,5
  $ seq -s ' + ' 3
  1 + 2 + 3

-f takes a printf floating-point format.

  $ seq -f %e 1 2
  1.000000e+00
  2.000000e+00
  $ seq -f 'file%03g.txt' 3
  file001.txt
  file002.txt
  file003.txt
  $ seq -f %.2f 0 0.25 0.5
  0.00
  0.25
  0.50

Negative numbers are operands, not options.

  $ seq -3 -1
  -3
  -2
  -1
  $ seq -1 -1 -3
  -1
  -2
  -3

Errors.

  $ seq
  seq: missing operand
  Try 'seq --help' for more information.
  [1]
  $ seq 1 0 3
  seq: invalid Zero increment value: '0'
  Try 'seq --help' for more information.
  [1]
  $ seq one
  seq: invalid floating point argument: 'one'
  Try 'seq --help' for more information.
  [1]
  $ seq -f %d 3
  seq: format '%d' has unknown %d directive
  [1]
