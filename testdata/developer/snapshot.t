snapshot records the whole filesystem, the exported environment and the
working directory as a new snapshot on the current branch, and prints its
short id. The ids are the same every time a transcript runs: commits use
a fixed author and the logical clock.

  $ snapshot --help | head -1
  Usage: snapshot [-m MESSAGE] [--json] [MESSAGE...]
  $ echo hello > greeting
  $ snapshot
  344f3de
  $ history
  * 344f3de  2026-01-01 00:00:03  snapshot

When nothing changed since the current snapshot, no snapshot is made: the
current id is printed and stderr says so (the status is still 0).

  $ snapshot
  344f3de
  snapshot: nothing changed since 344f3de
  $ snapshot -m again
  344f3de
  snapshot: nothing changed since 344f3de

The message is the words given, joined by spaces, or -m MESSAGE (which
the words follow):

  $ echo bye > greeting
  $ snapshot changed the greeting
  cd98743
  $ echo again >> greeting
  $ snapshot -m 'with -m'
  b5bdd0b
  $ echo more >> greeting
  $ snapshot -m first then words
  cbae86d
  $ history -n 3
  * cbae86d  2026-01-01 00:00:09  first then words
    b5bdd0b  2026-01-01 00:00:08  with -m
    cd98743  2026-01-01 00:00:07  changed the greeting

A snapshot captures deletions, new directories (empty ones too), symlinks
and modes:

  $ rm greeting
  $ mkdir -p empty/nested
  $ ln -s target dangling
  $ echo '#!/bin/sh' > script
  $ chmod 755 script
  $ snapshot deletions and more
  c84ce12
  $ show HEAD~1:greeting
  bye
  again
  more
  $ show HEAD:greeting
  show: 'HEAD:greeting': No such file or directory
  [1]
  $ show HEAD:dangling; echo
  target
  $ diff HEAD~1 HEAD
  diff --git a/work/dangling b/work/dangling
  --- /dev/null
  +++ b/work/dangling
  @@ -0,0 +1 @@
  +target
  \ No newline at end of file
  diff --git a/work/greeting b/work/greeting
  --- a/work/greeting
  +++ /dev/null
  @@ -1,3 +0,0 @@
  -bye
  -again
  -more
  diff --git a/work/script b/work/script
  --- /dev/null
  +++ b/work/script
  @@ -0,0 +1 @@
  +#!/bin/sh
  [1]

The exported environment and the working directory belong to a snapshot:
exporting a variable or changing directory is a change worth a snapshot,
setting an unexported one is not.

  $ snapshot
  c84ce12
  snapshot: nothing changed since c84ce12
  $ unexported=1
  $ snapshot
  c84ce12
  snapshot: nothing changed since c84ce12
  $ export COLOR=blue
  $ snapshot exported COLOR
  90dcf7d
  $ cd empty
  $ snapshot moved to empty
  6b69c72
  $ snapshot --json
  {"id":"6b69c72a7d9920553478f112b2952f43967e9064","short":"6b69c72","message":"moved to empty","time":"2026-01-01T00:00:23Z","parent":"90dcf7d17eb73f907a47bb5ff146f79a5d657ea6","branch":"main","created":false}
  $ rollback HEAD~2
  rolled back to c84ce12 (deletions and more)
  $ pwd; echo "COLOR=$COLOR"
  /work
  COLOR=

--json prints one object, with "created" saying whether a snapshot was made:

  $ cd /work
  $ snapshot --json
  {"id":"c84ce12cf552f2152c271b9b05dce6be8fbc0527","short":"c84ce12","message":"deletions and more","time":"2026-01-01T00:00:15Z","parent":"cbae86db19996ea5187bdb0ddfefc322218c4b22","branch":"main","created":false}
  $ echo x > x
  $ snapshot --json -m 'with --json'
  {"id":"3cea345284f43761affb02bfadc1d436214bad28","short":"3cea345","message":"with --json","time":"2026-01-01T00:00:27Z","parent":"c84ce12cf552f2152c271b9b05dce6be8fbc0527","branch":"main","created":true}

A snapshot of an empty filesystem works, and can be rolled back (the
commands in /bin and /usr/bin cannot be removed, and history does not
record them):

  $ cd /
  $ rm -rf /etc /tmp /work
  $ ls -A /
  bin
  dev
  usr
  $ snapshot nothing left
  c9970f7
  $ rollback HEAD~1
  rolled back to 3cea345 (with --json)
  $ ls /work
  dangling
  empty
  script
  x

The long form of -m is --message:

  $ echo long > long
  $ snapshot --message='the long form'
  f450f9e
  $ history -n 1
  * f450f9e  2026-01-01 00:00:33  the long form

Errors:

  $ snapshot --bogus
  snapshot: unrecognized option '--bogus'
  Try 'snapshot --help' for more information.
  [2]
