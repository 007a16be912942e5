rollback ID puts the filesystem, the exported environment and the working
directory back to a snapshot, which becomes the current one.

  $ rollback --help | head -1
  Usage: rollback [--dry-run] [--json] ID
  $ rollback HEAD
  rollback: no snapshots yet (make one with 'snapshot')
  [1]

Three snapshots, each changing, adding and removing files:

  $ echo one > file
  $ echo keep > kept
  $ snapshot one
  e54c5d5
  $ echo two > file
  $ echo new > added
  $ snapshot two
  fd41f2e
  $ echo three > file
  $ rm kept
  $ snapshot three
  c6b0db5
  $ history
  * c6b0db5  2026-01-01 00:00:07  three
    fd41f2e  2026-01-01 00:00:05  two
    e54c5d5  2026-01-01 00:00:04  one

Rolling back restores what later snapshots changed, removed and added,
and the newer snapshots stay listed (the * marks the current one):

  $ rollback HEAD~2
  rolled back to e54c5d5 (one)
  $ cat file kept
  one
  keep
  $ ls
  file
  kept
  $ history
    c6b0db5  2026-01-01 00:00:07  three
    fd41f2e  2026-01-01 00:00:05  two
  * e54c5d5  2026-01-01 00:00:04  one

Rolling forward works the same way, with any unique prefix of an id
(4 characters at least), the full id, or the branch name (its newest
snapshot):

  $ rollback c6b0
  rolled back to c6b0db5 (three)
  $ cat file; ls
  three
  added
  file
  $ rollback fd41f2e
  rolled back to fd41f2e (two)
  $ cat file; ls
  two
  added
  file
  kept
  $ rollback main
  rolled back to c6b0db5 (three)
  $ cat file; ls
  three
  added
  file
  $ rollback HEAD^
  rolled back to fd41f2e (two)
  $ cat file; ls
  two
  added
  file
  kept
  $ rollback e54c5d5
  rolled back to e54c5d5 (one)
  $ rollback c6b0db5acdc71b55a0faef43fe6bfb8ff3311eb2
  rolled back to c6b0db5 (three)
  $ cat file; ls
  three
  added
  file
  $ rollback HEAD~1
  rolled back to fd41f2e (two)
  $ history
    c6b0db5  2026-01-01 00:00:07  three
  * fd41f2e  2026-01-01 00:00:05  two
    e54c5d5  2026-01-01 00:00:04  one

rollback puts back what changed since the last snapshot, and keeps it as a
snapshot on no branch first (see rollback-keep.t):

  $ echo scratch > file
  $ touch junk
  $ rollback HEAD
  rollback: unsaved changes (2 paths) kept as 1afa3ed; 'rollback -' brings them back
  rolled back to fd41f2e (two)
  $ cat file; ls
  two
  added
  file
  kept

--dry-run (-n) lists what rollback would do and changes nothing: A for a
path it would create, M for one it would change, D for one it would
remove.

  $ echo scratch > file
  $ touch junk
  $ rollback --dry-run HEAD~1
  D /work/added
  M /work/file
  D /work/junk
  $ rollback -n HEAD
  M /work/file
  D /work/junk
  $ cat file; ls; status
  scratch
  added
  file
  junk
  kept
  M /work/file
  A /work/junk

The environment and the working directory come back too:

  $ rollback HEAD
  rollback: unsaved changes (2 paths) kept as a476aba; 'rollback -' brings them back
  rolled back to fd41f2e (two)
  $ export STAGE=build
  $ mkdir -p src/lib
  $ cd src
  $ snapshot in src with STAGE
  d7895a3
  $ export STAGE=test EXTRA=yes
  $ cd lib
  $ snapshot in lib
  4a0f5cf
  $ rollback HEAD~1
  rolled back to d7895a3 (in src with STAGE)
  $ pwd; echo "STAGE=$STAGE EXTRA=${EXTRA-unset}"
  /work/src
  STAGE=build EXTRA=unset
  $ rollback HEAD~1
  rolled back to fd41f2e (two)
  $ pwd; echo "STAGE=${STAGE-unset}"
  /work
  STAGE=unset
  $ rollback main
  rolled back to 4a0f5cf (in lib)
  $ pwd; echo "STAGE=$STAGE EXTRA=$EXTRA"
  /work/src/lib
  STAGE=test EXTRA=yes
  $ cd /work

Empty directories, symlinks, modes and executables survive a round trip:

  $ mkdir -p empty/deeper
  $ ln -s file link
  $ ln -s /nowhere broken
  $ printf 'secret\n' > private
  $ chmod 600 private
  $ printf '#!/bin/sh\necho run\n' > tool
  $ chmod 755 tool
  $ chmod 700 empty
  $ snapshot kinds
  c556801
  $ rm -rf empty link broken private tool
  $ ls
  added
  file
  kept
  src
  $ rollback HEAD
  rollback: unsaved changes (6 paths) kept as 26da246; 'rollback -' brings them back
  rolled back to c556801 (kinds)
  $ ls -l
  total 5
  -rw-r--r-- 1 user user    4 Jan  1 00:00 added
  lrwxrwxrwx 1 user user    8 Jan  1 00:00 broken -> /nowhere
  drwx------ 3 user user 4096 Jan  1 00:00 empty
  -rw-r--r-- 1 user user    4 Jan  1 00:00 file
  -rw-r--r-- 1 user user    5 Jan  1 00:00 kept
  lrwxrwxrwx 1 user user    4 Jan  1 00:00 link -> file
  -rw------- 1 user user    7 Jan  1 00:00 private
  drwxr-xr-x 3 user user 4096 Jan  1 00:00 src
  -rwxr-xr-x 1 user user   19 Jan  1 00:00 tool
  $ ls -ld empty empty/deeper
  drwx------ 3 user user 4096 Jan  1 00:00 empty
  drwxr-xr-x 2 user user 4096 Jan  1 00:00 empty/deeper
  $ readlink link broken
  file
  /nowhere
  $ cat private
  secret

--json prints the snapshot with its directory and environment; with
--dry-run, the changes too:

  $ rm tool
  $ rollback --dry-run --json HEAD
  {"id":"c556801426c5442e84b733a12fddaec19fb60ba3","short":"c556801","message":"kinds","time":"2026-01-01T00:00:56Z","parent":"4a0f5cff8caab8501b61ca588f0e25f14adfd2d1","dir":"/work","env":["EXTRA=yes","HOME=/work","HOSTNAME=moonix","LOGNAME=user","PATH=/bin:/usr/bin","SHELL=/bin/sh","STAGE=test","TMPDIR=/tmp","USER=user"],"changes":[{"path":"/work/tool","kind":"added"}]}
  $ rollback --json HEAD
  rollback: unsaved changes (1 path) kept as 0439c67; 'rollback -' brings them back
  {"id":"c556801426c5442e84b733a12fddaec19fb60ba3","short":"c556801","message":"kinds","time":"2026-01-01T00:00:56Z","parent":"4a0f5cff8caab8501b61ca588f0e25f14adfd2d1","dir":"/work","env":["EXTRA=yes","HOME=/work","HOSTNAME=moonix","LOGNAME=user","PATH=/bin:/usr/bin","SHELL=/bin/sh","STAGE=test","TMPDIR=/tmp","USER=user"]}

Bad names get one line and status 1; a missing or extra operand is a usage
error:

  $ rollback nosuch
  rollback: unknown snapshot "nosuch"
  [1]
  $ rollback abcdef0
  rollback: unknown snapshot "abcdef0"
  [1]
  $ rollback HEAD~99
  rollback: HEAD~99: HEAD has only 4 older snapshots
  [1]
  $ rollback HEAD~x
  rollback: bad snapshot name "HEAD~x"
  [1]
  $ rollback
  rollback: missing snapshot id
  Try 'rollback --help' for more information.
  [2]
  $ rollback a b
  rollback: extra operand 'b'
  Try 'rollback --help' for more information.
  [2]
  $ rollback --bogus HEAD
  rollback: unrecognized option '--bogus'
  Try 'rollback --help' for more information.
  [2]

An ambiguous prefix lists the snapshots it matches (the 300 snapshots are
the same on every run, so two of them always share the prefix d47c):

  $ for i in $(seq 1 300); do echo $i > n; snapshot -m "n$i" >/dev/null; done
  $ rollback d47c
  rollback: snapshot id "d47c" is ambiguous: it matches d47c5b1, d47cee9
  [1]
  $ history | grep ' d47c'
    d47cee9  2026-01-01 00:04:08  n174
    d47c5b1  2026-01-01 00:02:55  n101
  $ rollback d47c5
  rolled back to d47c5b1 (n101)
  $ cat n
  101
