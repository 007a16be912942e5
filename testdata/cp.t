cp copies files; into a directory when the last operand is one.

  $ printf 'hello\n' > a
  $ mkdir dir
  $ cp a b
  $ cat b
  hello
  $ cp a b dir
  $ ls dir
  a
  b
  $ cp -v a dir/c
  'a' -> 'dir/c'
  $ cp a dir/
  $ cp -t dir a

Directories need -r (or -R, -a):

  $ mkdir -p src/sub
  $ printf 'x\n' > src/x
  $ printf 'y\n' > src/sub/y
  $ ln -s x src/link
  $ cp src copy
  cp: -r not specified; omitting directory 'src'
  [1]
  $ cp -rv src copy
  'src' -> 'copy'
  'src/link' -> 'copy/link'
  'src/sub' -> 'copy/sub'
  'src/sub/y' -> 'copy/sub/y'
  'src/x' -> 'copy/x'
  $ readlink copy/link
  x

Copying onto an existing directory copies into it; -T copies onto it.

  $ cp -r src copy
  $ ls copy
  link
  src
  sub
  x
  $ mkdir merged
  $ cp -rT src merged
  $ ls merged
  link
  sub
  x

A directory cannot be copied into itself:

  $ cp -r src src/sub
  cp: cannot copy a directory, 'src', into itself, 'src/sub/src'
  [1]

Without -r, symlinks are followed; -P (and -r, -a) copy them as links.

  $ ln -s a alink
  $ cp alink plain
  $ ls -l plain
  -rw-r--r-- 1 user user 6 Jan  1 00:00 plain
  $ cp -P alink copied-link
  $ readlink copied-link
  a

-p keeps mode and times; without it the new file gets the source mode
minus the umask.

  $ chmod 751 a
  $ touch -d '2024-05-06 07:08:09' a
  $ cp a nop
  $ cp -p a withp
  $ stat -c '%A %y %n' a nop withp
  -rwxr-x--x 2024-05-06 07:08:09.000000000 +0000 a
  -rwxr-x--x 2026-01-01 00:00:30.000000000 +0000 nop
  -rwxr-x--x 2024-05-06 07:08:09.000000000 +0000 withp

-n never overwrites, -u only replaces older files:

  $ printf 'new\n' > n
  $ cp -n n b
  $ cat b
  hello
  $ cp -u n b
  $ cat b
  new

Errors:

  $ cp a a
  cp: 'a' and 'a' are the same file
  [1]
  $ cp nope x
  cp: cannot stat 'nope': No such file or directory
  [1]
  $ cp a nodir/
  cp: cannot create regular file 'nodir/': Not a directory
  [1]
  $ cp a b nodir
  cp: target 'nodir': No such file or directory
  [1]
  $ cp -r src a
  cp: cannot overwrite non-directory 'a' with directory 'src'
  [1]
  $ cp a
  cp: missing destination file operand after 'a'
  Try 'cp --help' for more information.
  [1]
  $ touch -- -x
  $ cp -- -x y
  $ ls y
  y

-a, -d and --preserve=links keep two names of one file one file in the
copy; --parents copies a file under the directory by its whole name:

  $ mkdir hl; echo one > hl/a; ln hl/a hl/b
  $ cp -a hl hl2; echo two >> hl2/a; cat hl2/b
  one
  two
  $ cp -r hl hl3; echo two >> hl3/a; cat hl3/b
  one
  $ mkdir -p src/deep under; echo x > src/deep/f
  $ cp -v --parents src/deep/f under
  src -> under/src
  src/deep -> under/src/deep
  'src/deep/f' -> 'under/src/deep/f'
