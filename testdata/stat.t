stat shows what the filesystem knows about a file. Device numbers are made
up (the whole VFS is device 0,42) and there is no birth time.

  $ printf 'hello\n' > a
  $ stat a
    File: a
    Size: 6         	Blocks: 2          IO Block: 4096   regular file
  Device: 0,42	Inode: 15          Links: 1
  Access: (0644/-rw-r--r--)  Uid: ( 1000/    user)   Gid: ( 1000/    user)
  Access: 2026-01-01 00:00:00.000000000 +0000
  Modify: 2026-01-01 00:00:01.000000000 +0000
  Change: 2026-01-01 00:00:01.000000000 +0000
   Birth: -
  $ ln -s a link
  $ stat link
    File: link -> a
    Size: 1         	Blocks: 0          IO Block: 4096   symbolic link
  Device: 0,42	Inode: 16          Links: 1
  Access: (0777/lrwxrwxrwx)  Uid: ( 1000/    user)   Gid: ( 1000/    user)
  Access: 2026-01-01 00:00:03.000000000 +0000
  Modify: 2026-01-01 00:00:03.000000000 +0000
  Change: 2026-01-01 00:00:03.000000000 +0000
   Birth: -

-c FORMAT prints chosen fields (printf-style widths work); -L follows links.

  $ stat -c '%n %s %a %A %F %U:%G %u:%g %h' a link
  a 6 644 -rw-r--r-- regular file user:user 1000:1000 1
  link 1 777 lrwxrwxrwx symbolic link user:user 1000:1000 1
  $ stat -L -c '%n %F' link
  link regular file
  $ stat -c '%N' link
  'link' -> 'a'
  $ mkdir d
  $ stat -c '[%-10n] [%5s] %#a %f %i' d
  [d         ] [ 4096] 0755 41ed 17
  $ touch -d '2024-02-29 12:00:00' a
  $ stat -c '%y %Y %x' a
  2024-02-29 12:00:00.000000000 +0000 1709208000 2024-02-29 12:00:00.000000000 +0000
  $ stat -c '%b blocks of %B bytes, io %o, dev %d %D, mount %m' a
  2 blocks of 512 bytes, io 4096, dev 42 2a, mount /

--printf interprets escapes and adds no newline; -t is terse.

  $ stat --printf '%n\t%s\n' a d
  a	6
  d	4096
  $ stat -t a
  a 6 2 81a4 1000 1000 2a 15 1 0 0 1709208000 1709208000 1767225610 0 4096

Errors:

  $ stat nope
  stat: cannot statx 'nope': No such file or directory
  [1]
  $ stat
  stat: missing operand
  Try 'stat --help' for more information.
  [1]
