branch lists the branches, the current one marked *; branch NAME makes a
branch at the current snapshot without switching to it. The first branch
is main, even before the first snapshot:

  $ branch --help | head -1
  branch - list branches, or make one at the current snapshot
  $ switch --help | head -1
  switch - make another branch current and put the tree back to its newest snapshot
  $ fork --help | head -1
  fork - start a new branch at any snapshot and switch to it
  $ branch
  * main
  $ branch --json
  [{"name":"main","id":null,"short":null,"message":null,"current":true}]
  $ branch early
  branch: no snapshots yet (make one with 'snapshot')
  [1]

  $ echo base > f
  $ export MODE=base
  $ snapshot base
  11fe166
  $ branch feature
  $ branch
    feature
  * main
  $ branch -v
    feature  11fe166  base
  * main     11fe166  base

switch NAME makes NAME the current branch and restores its newest
snapshot. It refuses when the tree has changes since the current
snapshot, unless --discard:

  $ switch feature
  switched to branch feature at 11fe166 (base)
  $ echo feature > f
  $ switch main
  switch: the tree has changes since the last snapshot; snapshot them or use --discard
  [1]
  $ cat f
  feature
  $ snapshot feature work
  3932a29
  $ switch main
  switched to branch main at 11fe166 (base)
  $ cat f
  base
  $ switch feature
  switched to branch feature at 3932a29 (feature work)
  $ cat f
  feature
  $ echo scratch > f
  $ switch --discard main
  switched to branch main at 11fe166 (base)
  $ cat f
  base
  $ branch -v
    feature  3932a29  feature work
  * main     11fe166  base

switch restores the environment and the working directory too:

  $ switch feature
  switched to branch feature at 3932a29 (feature work)
  $ export MODE=feature
  $ mkdir -p sub
  $ cd sub
  $ snapshot feature in sub
  d75c538
  $ switch main
  switched to branch main at 11fe166 (base)
  $ pwd; echo "MODE=$MODE"
  /work
  MODE=base
  $ switch feature
  switched to branch feature at d75c538 (feature in sub)
  $ pwd; echo "MODE=$MODE"
  /work/sub
  MODE=feature
  $ cd /work

fork ID NAME starts a branch at any snapshot and switches to it. Fork
from an old snapshot, diverge, and switch back and forth:

  $ history --all
  * d75c538  2026-01-01 00:00:27  feature in sub
    3932a29  2026-01-01 00:00:17  feature work
    11fe166  2026-01-01 00:00:10  base
  $ fork HEAD~1 experiment
  forked branch experiment at 3932a29 (feature work)
  $ pwd; echo "MODE=$MODE"; cat f
  /work
  MODE=base
  feature
  $ echo experiment > f
  $ rm -r sub 2>/dev/null; touch only-here
  $ snapshot experiment
  1e23013
  $ branch -v
  * experiment  1e23013  experiment
    feature     d75c538  feature in sub
    main        11fe166  base
  $ switch feature
  switched to branch feature at d75c538 (feature in sub)
  $ pwd; cat /work/f; ls /work
  /work/sub
  feature
  f
  sub
  $ switch experiment
  switched to branch experiment at 1e23013 (experiment)
  $ cat f; ls
  experiment
  f
  only-here
  $ switch main
  switched to branch main at 11fe166 (base)
  $ cat f; ls
  base
  f
  $ history --all
    1e23013  2026-01-01 00:00:35  experiment
    d75c538  2026-01-01 00:00:27  feature in sub
    3932a29  2026-01-01 00:00:17  feature work
  * 11fe166  2026-01-01 00:00:10  base

fork has the same rule about unsnapshotted changes as switch:

  $ touch junk
  $ fork main other
  fork: the tree has changes since the last snapshot; snapshot them or use --discard
  [1]
  $ fork --discard main other
  forked branch other at 11fe166 (base)
  $ ls
  f
  $ branch
    experiment
    feature
    main
  * other

--json prints the branch and the snapshot:

  $ switch --json main
  {"branch":"main","id":"11fe16665cb822ae66277c532c75c83452517e6e","short":"11fe166","message":"base","time":"2026-01-01T00:00:10Z","parent":null,"dir":"/work","env":["HOME=/work","HOSTNAME=moonix","LOGNAME=user","MODE=base","PATH=/bin:/usr/bin","SHELL=/bin/sh","TMPDIR=/tmp","USER=user"]}
  $ fork --json experiment again
  {"branch":"again","id":"1e2301381993552dbdc09c42c2cb98891a4a4415","short":"1e23013","message":"experiment","time":"2026-01-01T00:00:35Z","parent":"3932a299c654d2148386187d8c0cf66a3c1869cc","dir":"/work","env":["HOME=/work","HOSTNAME=moonix","LOGNAME=user","MODE=base","PATH=/bin:/usr/bin","SHELL=/bin/sh","TMPDIR=/tmp","USER=user"]}
  $ branch --json
  [{"name":"again","id":"1e2301381993552dbdc09c42c2cb98891a4a4415","short":"1e23013","message":"experiment","current":true},{"name":"experiment","id":"1e2301381993552dbdc09c42c2cb98891a4a4415","short":"1e23013","message":"experiment","current":false},{"name":"feature","id":"d75c5380a1b7d9acc7bd5b229aae787ed8d991e6","short":"d75c538","message":"feature in sub","current":false},{"name":"main","id":"11fe16665cb822ae66277c532c75c83452517e6e","short":"11fe166","message":"base","current":false},{"name":"other","id":"11fe16665cb822ae66277c532c75c83452517e6e","short":"11fe166","message":"base","current":false}]
  $ branch --json extra
  {"name":"extra","id":"1e2301381993552dbdc09c42c2cb98891a4a4415","short":"1e23013","message":"experiment","current":false}
  $ branch -v
  * again       1e23013  experiment
    experiment  1e23013  experiment
    extra       1e23013  experiment
    feature     d75c538  feature in sub
    main        11fe166  base
    other       11fe166  base

Errors:

  $ branch main
  branch: branch "main" already exists
  [1]
  $ branch 'bad name'
  branch: "bad name" is not a valid branch name
  [1]
  $ branch a b
  branch: extra operand 'b' (try 'branch --help')
  [2]
  $ switch nosuch
  switch: no branch "nosuch"
  [1]
  $ switch
  switch: missing branch name (try 'switch --help')
  [2]
  $ fork nosuch x
  fork: unknown snapshot "nosuch"
  [1]
  $ fork HEAD main
  fork: branch "main" already exists
  [1]
  $ fork HEAD
  fork: missing operand after 'HEAD' (try 'fork --help')
  [2]
  $ fork a b c
  fork: extra operand 'c' (try 'fork --help')
  [2]
