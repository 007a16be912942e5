rm removes files; directories need -r (or -d when empty).

  $ mkdir -p d/sub empty
  $ touch a b d/x d/sub/y
  $ rm a
  $ rm -v b
  removed 'b'
  $ rm d
  rm: cannot remove 'd': Is a directory
  [1]
  $ rm -d d
  rm: cannot remove 'd': Directory not empty
  [1]
  $ rm -dv empty
  removed directory 'empty'
  $ rm -rv d
  removed 'd/sub/y'
  removed directory 'd/sub'
  removed 'd/x'
  removed directory 'd'
  $ ls

Missing files are an error unless -f:

  $ rm nope
  rm: cannot remove 'nope': No such file or directory
  [1]
  $ rm -f nope
  $ rm -rf nope also-missing
  $ rm
  rm: missing operand
  Try 'rm --help' for more information.
  [1]

rm refuses . and .., and / when recursive:

  $ rm -r .
  rm: refusing to remove '.' or '..' directory: skipping '.'
  [1]
  $ rm -rf /
  rm: it is dangerous to operate recursively on '/'
  rm: use --no-preserve-root to override this failsafe
  [1]

A symlink is removed, not what it points to; -- protects names like -x.

  $ mkdir keep
  $ ln -s keep link
  $ rm link
  $ ls
  keep
  $ touch -- -x
  $ rm -- -x
  $ ls
  keep
