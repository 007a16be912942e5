history lists the snapshots of the current branch, newest first: a *
marking the current one, the short id, the time (UTC, from the logical
clock) and the first line of the message.

  $ history --help | head -1
  Usage: history [-n N] [--all] [--json]

Before the first snapshot there is nothing to list:

  $ history
  $ history --json
  []

  $ echo 1 > f
  $ snapshot first
  8486f84
  $ echo 2 > f
  $ snapshot second
  99be409
  $ echo 3 > f
  $ snapshot -m 'third
  > with a second line'
  bf4d2eb
  $ history
  * bf4d2eb  2026-01-01 00:00:07  third
    99be409  2026-01-01 00:00:06  second
    8486f84  2026-01-01 00:00:05  first
  $ history --json -n 1 | jq -r '.[0].message'
  third
  with a second line

-n N (--max-count) keeps the N newest:

  $ history -n 2
  * bf4d2eb  2026-01-01 00:00:07  third
    99be409  2026-01-01 00:00:06  second
  $ history --max-count=1
  * bf4d2eb  2026-01-01 00:00:07  third
  $ history -n 0
  $ history -n 9
  * bf4d2eb  2026-01-01 00:00:07  third
    99be409  2026-01-01 00:00:06  second
    8486f84  2026-01-01 00:00:05  first

After a rollback the newer snapshots stay listed; the * moves:

  $ rollback HEAD~2
  rolled back to 8486f84 (first)
  $ history
    bf4d2eb  2026-01-01 00:00:07  third
    99be409  2026-01-01 00:00:06  second
  * 8486f84  2026-01-01 00:00:05  first

A snapshot made after a rollback starts a new line from there; the line
it left is kept, and --all (-a) lists every snapshot, newest first:

  $ echo other > f
  $ snapshot on a new line
  4f10d32
  $ history
  * 4f10d32  2026-01-01 00:00:17  on a new line
    8486f84  2026-01-01 00:00:05  first
  $ history --all
  * 4f10d32  2026-01-01 00:00:17  on a new line
    bf4d2eb  2026-01-01 00:00:07  third
    99be409  2026-01-01 00:00:06  second
    8486f84  2026-01-01 00:00:05  first
  $ history -a -n 2
  * 4f10d32  2026-01-01 00:00:17  on a new line
    bf4d2eb  2026-01-01 00:00:07  third

Other branches' snapshots appear only with --all:

  $ fork HEAD~1 side
  forked branch side at 8486f84 (first)
  $ echo side > f
  $ snapshot on side
  1fc9cb3
  $ history
  * 1fc9cb3  2026-01-01 00:00:22  on side
    8486f84  2026-01-01 00:00:05  first
  $ switch main
  switched to branch main at 4f10d32 (on a new line)
  $ history
  * 4f10d32  2026-01-01 00:00:17  on a new line
    8486f84  2026-01-01 00:00:05  first
  $ history --all
    1fc9cb3  2026-01-01 00:00:22  on side
  * 4f10d32  2026-01-01 00:00:17  on a new line
    bf4d2eb  2026-01-01 00:00:07  third
    99be409  2026-01-01 00:00:06  second
    8486f84  2026-01-01 00:00:05  first

--json prints an array of objects (the message whole, the time in RFC
3339, the parent's full id, or null for the first snapshot):

  $ history --json -n 2
  [{"id":"4f10d326dfd380903d3fedf13edc498680445d83","short":"4f10d32","message":"on a new line","time":"2026-01-01T00:00:17Z","parent":"8486f847f138dd5e261a4778a515a17e8af07b62","current":true},{"id":"8486f847f138dd5e261a4778a515a17e8af07b62","short":"8486f84","message":"first","time":"2026-01-01T00:00:05Z","parent":null,"current":false}]
  $ history --json | jq -r '.[] | "\(.short) \(.current) \(.parent // "none")"'
  4f10d32 true 8486f847f138dd5e261a4778a515a17e8af07b62
  8486f84 false none

Errors:

  $ history -n -1
  history: invalid number of snapshots: '-1'
  [2]
  $ history -n x
  history: invalid number of snapshots: 'x'
  [2]
  $ history extra
  history: extra operand 'extra'
  Try 'history --help' for more information.
  [2]
