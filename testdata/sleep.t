sleep waits for the sum of its operands: seconds, or NUMBER with a suffix
s, m, h or d; fractions are fine. It really waits, and then the session's
logical clock moves on by the time slept (on top of its one second per
command):

  $ date -d @0 +%T; sleep 0.25 0.25s; date +%N
  00:00:00
  500000000
  $ sleep 0.001m
  $ echo $?
  0

Errors:

  $ sleep
  sleep: missing operand
  Try 'sleep --help' for more information.
  [1]
  $ sleep 1x
  sleep: invalid time interval '1x'
  Try 'sleep --help' for more information.
  [1]
  $ sleep -1
  sleep: invalid option -- '1'
  Try 'sleep --help' for more information.
  [1]
