Without clock.read, time is the session's logical clock: it starts at
2026-01-01 00:00:00 UTC and moves one second for each command run and by
what sleep sleeps, so a transcript gives the same dates every time.
Without random.read, $RANDOM and $SRANDOM come from a seeded generator:
the same numbers in every fresh session.

  $ caps check clock.read; caps check random.read
  denied: clock.read (no grant covers it)
  denied: random.read (no grant covers it)
  [1]
  $ date
  Thu Jan  1 00:00:03 UTC 2026
  $ date -u +%FT%T
  2026-01-01T00:00:04
  $ sleep 1; date +%T
  00:00:07
  $ echo > f; stat -c %y f
  2026-01-01 00:00:07.000000000 +0000
  $ echo $RANDOM $RANDOM
  26734 3628
  $ echo $SRANDOM
  354645127
  $ case $SRANDOM in *[!0-9]*) echo not a number;; *) echo a number;; esac
  a number
