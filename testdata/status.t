status lists the paths that changed since the current snapshot, sorted:
A added, M modified, D removed. Before the first snapshot everything is
added (devices aside: the history does not keep them):

  $ status --help | head -1
  Usage: status [--json]
  $ status
  A /bin
  A /dev
  A /dev/fd
  A /dev/stderr
  A /dev/stdin
  A /dev/stdout
  A /etc
  A /tmp
  A /work
  $ status --json | jq -c '{branch, id, dirty, n: (.changes | length)}'
  {"branch":"main","id":null,"dirty":true,"n":9}
  $ snapshot start
  ad5401a

A clean tree prints nothing:

  $ status
  $ status --json
  {"branch":"main","id":"ad5401ac931e2e6dfd9526e316cd56ea9e9000ed","short":"ad5401a","dirty":false,"changes":[]}

Additions (directories are listed with what they hold), changes and
removals:

  $ echo one > a
  $ echo two > b
  $ mkdir -p dir/empty
  $ echo three > dir/c
  $ snapshot files
  23ee3c4
  $ status
  $ echo changed > a
  $ rm b
  $ rm -r dir
  $ mkdir new
  $ ln -s a link
  $ status
  M /work/a
  D /work/b
  D /work/dir
  D /work/dir/c
  D /work/dir/empty
  A /work/link
  A /work/new

A file that becomes a directory is removed, then added:

  $ rm a
  $ mkdir a
  $ touch a/inside
  $ status
  D /work/a
  A /work/a
  A /work/a/inside
  D /work/b
  D /work/dir
  D /work/dir/c
  D /work/dir/empty
  A /work/link
  A /work/new

Making a file executable is a change; other mode changes are kept by a
snapshot but not listed, as in git:

  $ snapshot more
  1f38835
  $ chmod +x a/inside
  $ status
  M /work/a/inside
  $ snapshot x
  09211ad
  $ chmod 600 a/inside
  $ status
  M /work/a/inside
  $ chmod 700 a/inside
  $ status
  $ status --json
  {"branch":"main","id":"09211ad7246ab35e09f806c8a03b60948a83bab7","short":"09211ad","dirty":true,"changes":[]}

Writing back the same content is no change:

  $ snapshot y
  50fd42e
  $ cat a/inside > copy; rm a/inside; mv copy a/inside; chmod 700 a/inside
  $ status

--json gives the branch, the current snapshot, whether the tree is dirty
(differs from the snapshot, modes included), and the changes:

  $ echo new > n
  $ status --json
  {"branch":"main","id":"50fd42e51b681f688bd9af82db956641566b9a4f","short":"50fd42e","dirty":true,"changes":[{"path":"/work/n","kind":"added"}]}

Errors:

  $ status extra
  status: extra operand 'extra'
  Try 'status --help' for more information.
  [2]
  $ status --bogus
  status: unrecognized option '--bogus'
  Try 'status --help' for more information.
  [2]
