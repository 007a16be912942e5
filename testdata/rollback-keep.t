rollback loses nothing: the unsaved working state it replaces becomes a
snapshot on no branch, which history --all lists, and rollback - goes back
to it, as cd - goes back to the previous directory.

- names the state before the last rollback; before any, there is none:

  $ rollback -
  rollback: no previous snapshot: nothing was rolled back yet
  [1]
  $ echo one > f
  $ snapshot -m one
  689c378
  $ rollback -
  rollback: no previous snapshot: nothing was rolled back yet
  [1]
  $ echo new > g
  $ echo changed > f
  $ rollback HEAD
  rollback: unsaved changes (2 paths) kept as 6952953; 'rollback -' brings them back
  rolled back to 689c378 (one)
  $ ls; cat f
  f
  one
  $ history
  * 689c378  2026-01-01 00:00:02  one
  $ history --all
    6952953  2026-01-01 00:00:04  unsaved changes before rollback to 689c378
  * 689c378  2026-01-01 00:00:02  one
  $ rollback -
  rolled back to 6952953 (unsaved changes before rollback to 689c378)
  $ ls; cat f g
  f
  g
  changed
  new

With nothing unsaved, rollback keeps nothing and says nothing; - is then
the snapshot that was current, so rollback - goes back and forth:

  $ rollback -
  rolled back to 689c378 (one)
  $ cat f
  one
  $ rollback -
  rolled back to 6952953 (unsaved changes before rollback to 689c378)
  $ cat f
  changed

A rollback that fails replaces nothing and keeps nothing: - still names
the same state.

  $ rollback nosuch
  rollback: unknown snapshot "nosuch"
  [1]
  $ rollback -
  rolled back to 689c378 (one)
