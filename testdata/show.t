show ID:PATH prints a file as it was in a snapshot, whatever the tree
holds now. PATH is relative to the working directory, or absolute.

  $ show --help | head -1
  Usage: show [--json] ID:PATH
  $ show HEAD:x
  show: no snapshots yet (make one with 'snapshot')
  [1]
  $ printf 'version 1\n' > notes
  $ mkdir dir
  $ printf 'inner\n' > dir/inner
  $ snapshot v1
  1454619
  $ printf 'version 2\n' > notes
  $ rm -r dir
  $ snapshot v2
  e14be2d
  $ printf 'version 3, not snapshotted\n' > notes

  $ show HEAD:notes
  version 2
  $ show HEAD~1:notes
  version 1
  $ show HEAD~1:/work/dir/inner
  inner
  $ show main:notes
  version 2
  $ show 1454:notes
  version 1
  $ cd /tmp
  $ show HEAD~1:../work/notes
  version 1
  $ cd /work
  $ cat notes
  version 3, not snapshotted

A symlink shows its target; binary content comes out as it is:

  $ ln -s notes link
  $ printf '\000\001\377' > bin
  $ snapshot v3
  3ad86b3
  $ show HEAD:link; echo
  notes
  $ show HEAD:bin | od -An -c
    \0 001 377

--json prints the content with its size, as UTF-8 text or else base64:

  $ show --json HEAD:notes
  {"id":"3ad86b3932820eb1a4a02bd0e13502e96d18f2ce","short":"3ad86b3","path":"/work/notes","size":27,"encoding":"utf-8","content":"version 3, not snapshotted\n"}
  $ show --json HEAD:bin
  {"id":"3ad86b3932820eb1a4a02bd0e13502e96d18f2ce","short":"3ad86b3","path":"/work/bin","size":3,"encoding":"base64","content":"AAH/"}

Errors: a path that is missing or a directory in that snapshot, an
unknown snapshot, an operand that is not ID:PATH:

  $ show HEAD~1:dir/inner
  show: 'HEAD~1:dir/inner': No such file or directory
  [1]
  $ show HEAD~2:dir
  show: 'HEAD~2:dir': Is a directory
  [1]
  $ show HEAD~2:notes/x
  show: 'HEAD~2:notes/x': Not a directory
  [1]
  $ show HEAD:nosuch
  show: 'HEAD:nosuch': No such file or directory
  [1]
  $ show nosuch:notes
  show: unknown snapshot "nosuch"
  [1]
  $ show notes
  show: notes: expected ID:PATH, a snapshot and a file in it
  Try 'show --help' for more information.
  [2]
  $ show
  show: missing operand ID:PATH
  Try 'show --help' for more information.
  [2]
  $ show a:b c:d
  show: extra operand 'c:d'
  Try 'show --help' for more information.
  [2]
