branch lists the branches, the current one marked *; branch NAME makes a
branch at the current snapshot without switching to it. The first branch
is main, even before the first snapshot:

  $ branch --help | head -1
  Usage: branch [-v] [--json] [NAME]
  $ switch --help | head -1
  Usage: switch [--discard] [--json] NAME
  $ fork --help | head -1
  Usage: fork [--discard] [--json] ID NAME
  $ branch
  * main
  $ branch --json
  [{"name":"main","id":null,"short":null,"message":null,"current":true}]
  $ branch early
  branch: no snapshots yet (make one with 'snapshot')
  [1]
  $ switch main
  switch: no snapshots yet (make one with 'snapshot')
  [1]
  $ fork HEAD early
  fork: no snapshots yet (make one with 'snapshot')
  [1]

  $ echo base > f
  $ export MODE=base
  $ snapshot base
  1c0d18e
  $ branch feature
  $ branch
    feature
  * main
  $ branch -v
    feature  1c0d18e  base
  * main     1c0d18e  base

switch NAME makes NAME the current branch and restores its newest
snapshot. It refuses when the tree has changes since the current
snapshot, unless --discard:

  $ switch feature
  switched to branch feature at 1c0d18e (base)
  $ echo feature > f
  $ switch main
  switch: the tree has changes since the last snapshot; snapshot them or use --discard
  [1]
  $ cat f
  feature
  $ snapshot feature work
  a84edc2
  $ switch main
  switched to branch main at 1c0d18e (base)
  $ cat f
  base
  $ switch feature
  switched to branch feature at a84edc2 (feature work)
  $ cat f
  feature
  $ echo scratch > f
  $ switch --discard main
  switched to branch main at 1c0d18e (base)
  $ cat f
  base
  $ branch -v
    feature  a84edc2  feature work
  * main     1c0d18e  base

switch restores the environment and the working directory too:

  $ switch feature
  switched to branch feature at a84edc2 (feature work)
  $ export MODE=feature
  $ mkdir -p sub
  $ cd sub
  $ snapshot feature in sub
  83039f5
  $ switch main
  switched to branch main at 1c0d18e (base)
  $ pwd; echo "MODE=$MODE"
  /work
  MODE=base
  $ switch feature
  switched to branch feature at 83039f5 (feature in sub)
  $ pwd; echo "MODE=$MODE"
  /work/sub
  MODE=feature
  $ cd /work

fork ID NAME starts a branch at any snapshot and switches to it. Fork
from an old snapshot, diverge, and switch back and forth:

  $ history --all
  * 83039f5  2026-01-01 00:00:29  feature in sub
    a84edc2  2026-01-01 00:00:19  feature work
    1c0d18e  2026-01-01 00:00:12  base
  $ fork HEAD~1 experiment
  forked branch experiment at a84edc2 (feature work)
  $ pwd; echo "MODE=$MODE"; cat f
  /work
  MODE=base
  feature
  $ echo experiment > f
  $ rm -r sub 2>/dev/null; touch only-here
  $ snapshot experiment
  9d80ba4
  $ branch -v
  * experiment  9d80ba4  experiment
    feature     83039f5  feature in sub
    main        1c0d18e  base
  $ switch feature
  switched to branch feature at 83039f5 (feature in sub)
  $ pwd; cat /work/f; ls /work
  /work/sub
  feature
  f
  sub
  $ switch experiment
  switched to branch experiment at 9d80ba4 (experiment)
  $ cat f; ls
  experiment
  f
  only-here
  $ switch main
  switched to branch main at 1c0d18e (base)
  $ cat f; ls
  base
  f
  $ history --all
    9d80ba4  2026-01-01 00:00:37  experiment
    83039f5  2026-01-01 00:00:29  feature in sub
    a84edc2  2026-01-01 00:00:19  feature work
  * 1c0d18e  2026-01-01 00:00:12  base

fork has the same rule about unsnapshotted changes as switch:

  $ touch junk
  $ fork main other
  fork: the tree has changes since the last snapshot; snapshot them or use --discard
  [1]
  $ fork --discard main other
  forked branch other at 1c0d18e (base)
  $ ls
  f
  $ branch
    experiment
    feature
    main
  * other

--json prints the branch and the snapshot:

  $ switch --json main
  {"branch":"main","id":"1c0d18e6a9b4b4333bb77c35a1b31b929c486e74","short":"1c0d18e","message":"base","time":"2026-01-01T00:00:12Z","parent":null,"dir":"/work","env":["HOME=/work","HOSTNAME=moonix","LOGNAME=user","MODE=base","PATH=/bin:/usr/bin","SHELL=/bin/sh","TMPDIR=/tmp","USER=user"]}
  $ fork --json experiment again
  {"branch":"again","id":"9d80ba4b5aa1bba51bbb16d50621081a84b2b36c","short":"9d80ba4","message":"experiment","time":"2026-01-01T00:00:37Z","parent":"a84edc2114103c2807c0a24ce12719eae5f50d67","dir":"/work","env":["HOME=/work","HOSTNAME=moonix","LOGNAME=user","MODE=base","PATH=/bin:/usr/bin","SHELL=/bin/sh","TMPDIR=/tmp","USER=user"]}
  $ branch --json
  [{"name":"again","id":"9d80ba4b5aa1bba51bbb16d50621081a84b2b36c","short":"9d80ba4","message":"experiment","current":true},{"name":"experiment","id":"9d80ba4b5aa1bba51bbb16d50621081a84b2b36c","short":"9d80ba4","message":"experiment","current":false},{"name":"feature","id":"83039f522df520022ab49a8b2455743b5984b943","short":"83039f5","message":"feature in sub","current":false},{"name":"main","id":"1c0d18e6a9b4b4333bb77c35a1b31b929c486e74","short":"1c0d18e","message":"base","current":false},{"name":"other","id":"1c0d18e6a9b4b4333bb77c35a1b31b929c486e74","short":"1c0d18e","message":"base","current":false}]
  $ branch --json extra
  {"name":"extra","id":"9d80ba4b5aa1bba51bbb16d50621081a84b2b36c","short":"9d80ba4","message":"experiment","current":false}
  $ branch --verbose
  * again       9d80ba4  experiment
    experiment  9d80ba4  experiment
    extra       9d80ba4  experiment
    feature     83039f5  feature in sub
    main        1c0d18e  base
    other       1c0d18e  base

Errors:

  $ branch main
  branch: branch "main" already exists
  [1]
  $ branch 'bad name'
  branch: "bad name" is not a valid branch name
  [1]
  $ branch a b
  branch: extra operand 'b'
  Try 'branch --help' for more information.
  [2]
  $ switch nosuch
  switch: no branch "nosuch"
  [1]
  $ switch
  switch: missing branch name
  Try 'switch --help' for more information.
  [2]
  $ fork nosuch x
  fork: unknown snapshot "nosuch"
  [1]
  $ fork HEAD main
  fork: branch "main" already exists
  [1]
  $ fork HEAD
  fork: missing operand after 'HEAD'
  Try 'fork --help' for more information.
  [2]
  $ fork a b c
  fork: extra operand 'c'
  Try 'fork --help' for more information.
  [2]
