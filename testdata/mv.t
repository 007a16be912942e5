mv renames, moves into a directory, and replaces existing files.

  $ printf 'a\n' > a
  $ printf 'b\n' > b
  $ mkdir d e
  $ mv a c
  $ ls
  b
  c
  d
  e
  $ mv -v c d
  renamed 'c' -> 'd/c'
  $ mv d/c b
  $ cat b
  a
  $ mv b d/
  $ ls d
  b
  $ mv d /tmp/moved
  $ ls /tmp/moved
  b
  $ mv -t e /tmp/moved
  $ ls e
  moved

-n never overwrites; -T treats the destination as a plain name.

  $ printf 'x\n' > x
  $ printf 'y\n' > y
  $ mv -n x y
  $ cat y
  y
  $ mkdir t
  $ mv -T e t
  $ ls t
  moved

Errors:

  $ mv t t/moved
  mv: cannot move 't' to a subdirectory of itself, 't/moved/t'
  [1]
  $ mv x x
  mv: 'x' and 'x' are the same file
  [1]
  $ mv nope z
  mv: cannot stat 'nope': No such file or directory
  [1]
  $ mkdir -p full/t/inside
  $ mv t full
  mv: cannot move 't' to 'full/t': Directory not empty
  [1]
  $ mv t x
  mv: cannot overwrite non-directory 'x' with directory 't'
  [1]
  $ mv x y z
  mv: target 'z': No such file or directory
  [1]
  $ mv x
  mv: missing destination file operand after 'x'
  Try 'mv --help' for more information.
  [1]
