Under the developer preset the clock is real, and reading it is an
effect. atomic undoes the files of a command that failed, not what it did
outside: it lists the effects made meanwhile, as rollback does.

  $ echo before > f
  $ atomic sh -c 'date +%Y > f; false'
  atomic: rolled back (exit 1)
  warning: 1 external effect(s) cannot be undone
    [0-9a-f]{12}  1  clock  date  ok  - (re)
  [1]
  $ cat f
  before

A command that succeeds keeps its effects, and says nothing of them:

  $ atomic sh -c 'date +%Y > /dev/null'
  $ effects | wc -l
  2
