mkdir makes directories; -p makes parents and accepts existing ones.

  $ mkdir a
  $ mkdir a
  mkdir: cannot create directory 'a': File exists
  [1]
  $ mkdir x/y
  mkdir: cannot create directory 'x/y': No such file or directory
  [1]
  $ mkdir -pv x/y/z
  mkdir: created directory 'x'
  mkdir: created directory 'x/y'
  mkdir: created directory 'x/y/z'
  $ mkdir -p x/y/z a
  $ mkdir -v b c
  mkdir: created directory 'b'
  mkdir: created directory 'c'

-m sets the mode (octal or symbolic, as chmod) regardless of the umask.

  $ mkdir -m 700 private
  $ mkdir -m u=rwx,g=rx,o= group
  $ mkdir -m 1777 shared
  $ ls -ld private group shared
  drwxr-x--- 2 user user 4096 Jan  1 00:00 group
  drwx------ 2 user user 4096 Jan  1 00:00 private
  drwxrwxrwt 2 user user 4096 Jan  1 00:00 shared
  $ mkdir -m nonsense bad
  mkdir: invalid mode 'nonsense'
  [1]
  $ touch f
  $ mkdir -p f/sub
  mkdir: cannot create directory 'f': Not a directory
  [1]
  $ mkdir
  mkdir: missing operand
  Try 'mkdir --help' for more information.
  [1]
