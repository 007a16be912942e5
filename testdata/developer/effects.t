Under the developer preset (clock.read, random.read) the clock and the
random source are real. Each real read a command makes is an effect, which
a rollback cannot undo: the effect log keeps it (kind clock or random,
the command as target, the value read), one entry per command and kind.
The ids hash the values read, so they differ from run to run.

The reads moonix makes for itself are none: a session that reads no time
and no randomness logs nothing.

  $ true
  $ echo $RANDOM > /dev/null; ls; echo hi > note; cat note
  hi
  $ effects

After a snapshot, date and $SRANDOM read the real clock and randomness:

  $ snapshot -m before
  b2170af
  $ date +%Y
  20[0-9]{2} (re)
  $ echo $SRANDOM
  [0-9]+ (re)
  $ effects --since HEAD
  [0-9a-f]{12}  1  clock   date      ok  b2170af (re)
  [0-9a-f]{12}  2  random  \$SRANDOM  ok  b2170af (re)
  $ effects show 1 | grep -E '^(seq|kind|target|outcome|response):'
  seq:      1
  kind:     clock
  target:   date
  outcome:  ok
  response: 20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z (re)

The entry holds the number $SRANDOM gave:

  $ n=$SRANDOM
  $ effects --json | jq -r '.[2].response.summary' | grep -cx "$n"
  1

/dev/urandom, mktemp names and $EPOCHSECONDS are real reads too:

  $ echo changed > note
  $ snapshot -m after
  7669bea
  $ head -c 8 /dev/urandom | wc -c
  8
  $ mktemp -u
  /tmp/tmp.[A-Za-z0-9]{10} (re)
  $ echo $EPOCHSECONDS
  [0-9]{10} (re)
  $ effects --since HEAD
  [0-9a-f]{12}  4  random  /dev/urandom   ok  7669bea (re)
  [0-9a-f]{12}  5  random  mktemp         ok  7669bea (re)
  [0-9a-f]{12}  6  clock   \$EPOCHSECONDS  ok  7669bea (re)
  $ effects --since HEAD~1 --kind clock
  [0-9a-f]{12}  1  clock  date           ok  b2170af (re)
  [0-9a-f]{12}  6  clock  \$EPOCHSECONDS  ok  7669bea (re)

Rolling back to the first snapshot warns of the effects made since, on
stderr, one line each as effects lists them; --dry-run warns the same and
changes nothing. The log keeps every entry.

  $ rollback --dry-run HEAD~1
  warning: 6 external effect(s) cannot be undone
    [0-9a-f]{12}  1  clock   date           ok  b2170af (re)
    [0-9a-f]{12}  2  random  \$SRANDOM       ok  b2170af (re)
    [0-9a-f]{12}  3  random  \$SRANDOM       ok  b2170af (re)
    [0-9a-f]{12}  4  random  /dev/urandom   ok  7669bea (re)
    [0-9a-f]{12}  5  random  mktemp         ok  7669bea (re)
    [0-9a-f]{12}  6  clock   \$EPOCHSECONDS  ok  7669bea (re)
  M /work/note
  $ cat note
  changed
  $ rollback HEAD~1 2>/dev/null
  rolled back to b2170af (before)
  $ cat note
  hi
  $ effects | wc -l
  6
  $ effects verify
  effects verify: ok (6 entries)

Back at the newest snapshot, only what came after it is left to warn of:

  $ rollback 7669bea 2>&1 >/dev/null | head -1
  warning: 3 external effect(s) cannot be undone
