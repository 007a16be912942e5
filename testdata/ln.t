ln makes hard links, or symbolic links with -s.

  $ printf 'data\n' > a
  $ ln a hard
  $ stat -c '%h %n' a hard
  2 a
  2 hard
  $ ln -s a soft
  $ ls -l soft
  lrwxrwxrwx 1 user user 1 Jan  1 00:00 soft -> a
  $ ln -sv /work/a abs
  'abs' -> '/work/a'
  $ ln -v a hard2
  'hard2' => 'a'

Into a directory, or in the current one when there is no link name:

  $ mkdir d
  $ ln -s ../a d
  $ cat d/a
  data
  $ ln -s /tmp
  $ ls -l tmp
  lrwxrwxrwx 1 user user 4 Jan  1 00:00 tmp -> /tmp

Existing names need -f; -n (or -T) replaces a symlink to a directory
instead of linking inside it.

  $ ln -s a soft
  ln: failed to create symbolic link 'soft': File exists
  [1]
  $ ln -sf hard soft
  $ readlink soft
  hard
  $ ln -s d dlink
  $ ln -sfn a dlink
  $ readlink dlink
  a

Errors:

  $ ln nope x
  ln: failed to access 'nope': No such file or directory
  [1]
  $ ln d dirlink
  ln: d: hard link not allowed for directory
  [1]
  $ ln -f a a
  ln: 'a' and 'a' are the same file
  [1]
  $ ln
  ln: missing file operand
  Try 'ln --help' for more information.
  [1]
