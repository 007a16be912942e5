atomic runs a command so that it either succeeds or leaves nothing
behind: when it fails, the tree (unsaved changes included), the exported
environment and the working directory are put back as they were before
it, and stderr says so.

Before any snapshot, a failure puts back what was there:

  $ echo one > f
  $ atomic sh -c 'echo two > f; rm -f f; exit 3'
  atomic: rolled back (exit 3)
  [3]
  $ cat f
  one

Success keeps the changes, unsaved (the status is the command's):

  $ atomic sh -c 'echo two > f; touch g'
  $ cat f; ls
  two
  f
  g
  $ snapshot -m two
  4fcf552

Unsaved changes made before the atomic are part of what it puts back:

  $ echo unsaved >> f
  $ atomic rm f g
  $ ls
  $ echo again > f
  $ atomic sh -c 'rm f; false'
  atomic: rolled back (exit 1)
  [1]
  $ cat f
  again
  $ status
  M /work/f
  D /work/g

A function runs in the calling shell: when it succeeds, its cd and
export stay; when it fails, they are undone with its files.

  $ ok() { mkdir -p /work/d; cd /work/d; export STAGE=built; echo x > out; }
  $ atomic ok
  $ pwd; echo $STAGE; cat out
  /work/d
  built
  x
  $ cd /work; unset STAGE
  $ bad() { mkdir -p /work/e; cd /work/e; export STAGE=broken; echo y > out; return 4; }
  $ atomic bad
  atomic: rolled back (exit 4)
  [4]
  $ pwd; echo ${STAGE-unset}; ls /work
  /work
  unset
  d
  f

A variable exported before is restored to its value, and one unset by the
command comes back:

  $ export KEEP=1 GONE=2
  $ change() { export KEEP=3; unset GONE; false; }
  $ atomic change
  atomic: rolled back (exit 1)
  [1]
  $ echo $KEEP $GONE
  1 2

-m takes a snapshot when the command succeeds, and none when it fails:

  $ atomic -m 'add h' sh -c 'echo h > h'
  atomic: snapshot a10c7ed (add h)
  $ atomic -m 'fails' sh -c 'echo i > i; false'
  atomic: rolled back (exit 1)
  [1]
  $ history
  * a10c7ed  2026-01-01 00:00:27  add h
    4fcf552  2026-01-01 00:00:10  two
  $ ls
  d
  f
  h

Snapshots the failing command took stay in the history, as after a
rollback; the current snapshot is the one before:

  $ atomic sh -c 'echo j > j; snapshot -m inside >/dev/null; false'
  atomic: rolled back (exit 1)
  [1]
  $ history
    c3c95b2  2026-01-01 00:00:34  inside
  * a10c7ed  2026-01-01 00:00:27  add h
    4fcf552  2026-01-01 00:00:10  two
  $ ls
  d
  f
  h

Nested: the inner failure is undone by the inner atomic, and the outer
one fails only if its command does.

  $ atomic sh -c 'echo k > k; atomic sh -c "echo l > l; exit 5"; echo inner $?'
  atomic: rolled back (exit 5)
  inner 5
  $ ls
  d
  f
  h
  k
  $ atomic sh -c 'echo m > m; atomic sh -c "echo n > n"; exit 6'
  atomic: rolled back (exit 6)
  [6]
  $ ls
  d
  f
  h
  k

A limit that stops the command stops the statement too, after the
rollback (call depth here):

  $ deep() { echo deep > deep; deep; }
  $ atomic deep
  moonix: deep: maximum function nesting level exceeded (1000)
  atomic: rolled back (exit 1)
  [1]
  $ ls
  d
  f
  h
  k

Usage:

  $ atomic
  atomic: missing command
  Try 'atomic --help' for more information.
  [2]
  $ atomic -x true
  atomic: invalid option -- 'x'
  Try 'atomic --help' for more information.
  [2]
  $ atomic ls -d /work
  /work
