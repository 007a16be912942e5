rmdir removes empty directories; -p also removes the named parents.

  $ mkdir -p a/b/c d
  $ touch d/file
  $ rmdir a/b/c
  $ rmdir -pv a/b
  rmdir: removing directory, 'a/b'
  rmdir: removing directory, 'a'
  $ rmdir d
  rmdir: failed to remove 'd': Directory not empty
  [1]
  $ rmdir --ignore-fail-on-non-empty d
  $ rmdir d/file
  rmdir: failed to remove 'd/file': Not a directory
  [1]
  $ rmdir nope
  rmdir: failed to remove 'nope': No such file or directory
  [1]
  $ mkdir -p p/q
  $ touch p/keep
  $ rmdir -p p/q
  rmdir: failed to remove directory 'p': Directory not empty
  [1]
  $ ls p
  keep
