ls lists a directory (the current one by default) sorted by name in byte
order, one entry per line when the output is not a terminal.

  $ mkdir -p d/sub e
  $ printf 'hello\n' > a
  $ printf 'x' > B
  $ printf '0123456789' > d/x
  $ touch .hidden
  $ ln -s a link
  $ ls
  B
  a
  d
  e
  link

-a shows dot files with . and .., -A without them:

  $ ls -a
  .
  ..
  .hidden
  B
  a
  d
  e
  link
  $ ls -A d
  sub
  x

-l is the long listing: mode, links, owner, group, size, time, name, and
the target of a symlink. "total" counts KiB used by the listed files.

  $ ls -l
  total 2
  -rw-r--r-- 1 user user    1 Jan  1 00:00 B
  -rw-r--r-- 1 user user    6 Jan  1 00:00 a
  drwxr-xr-x 3 user user 4096 Jan  1 00:00 d
  drwxr-xr-x 2 user user 4096 Jan  1 00:00 e
  lrwxrwxrwx 1 user user    1 Jan  1 00:00 link -> a

Several operands: files first, then each directory under a header.

  $ ls d a e
  a
  
  d:
  sub
  x
  
  e:

-d lists directories themselves; a trailing slash follows a symlink.

  $ ls -d d e
  d
  e
  $ ln -s d dl
  $ ls -l dl
  lrwxrwxrwx 1 user user 1 Jan  1 00:00 dl -> d
  $ ls dl/
  sub
  x

-R recurses:

  $ ls -R d
  d:
  sub
  x
  
  d/sub:

Sorting: -t by modification time (newest first), -S by size, -r reversed.

  $ touch -d '2025-06-01 12:00' a
  $ touch -d '2024-01-01' B
  $ ls -t a B d/x
  d/x
  a
  B
  $ ls -S a B d/x
  d/x
  a
  B
  $ ls -lr a B
  -rw-r--r-- 1 user user 6 Jun  1  2025 a
  -rw-r--r-- 1 user user 1 Jan  1  2024 B

Times within six months of now show the clock time, older ones the year.

  $ touch -d '2025-12-01 13:14' a
  $ ls -l a
  -rw-r--r-- 1 user user 6 Dec  1 13:14 a
  $ ls -l --full-time a
  -rw-r--r-- 1 user user 6 2025-12-01 13:14:00.000000000 +0000 a

-h gives human sizes, -i inode numbers, -F type indicators, -1 one per line.

  $ printf '%2000s' x > big
  $ ls -lh big
  -rw-r--r-- 1 user user 2.0K Jan  1 00:00 big
  $ chmod +x big
  $ ls -F
  B
  a
  big*
  d/
  dl@
  e/
  link@
  $ ls -i -d /work
  2 /work

-C lays out columns (the default on a terminal), -x across; -w sets the width.

  $ ls -C -w 30
  B  a  big  d  dl  e  link
  $ ls -C -w 12
  B    dl
  a    e
  big  link
  d
  $ ls -x -w 12
  B     a
  big   d
  dl    e
  link

Errors: a missing operand exits 2 after listing the others.

  $ ls nope a
  ls: cannot access 'nope': No such file or directory
  a
  [2]
  $ ls a/
  ls: cannot access 'a/': Not a directory
  [2]

Names that look like options need --:

  $ touch -- -x
  $ ls -- -x
  -x

--time-style writes a long listing's times in the full-iso, long-iso or iso
style, or in a date format (+OLD\nRECENT: the second for the last six
months); TIME_STYLE is the default. Time is the session's clock:

  $ touch recent; touch -d 2020-03-04 old
  $ ls -go --time-style=iso recent old
  -rw-r--r-- 1 0 2020-03-04  old
  -rw-r--r-- 1 0 01-01 00:00 recent
  $ ls -go --time-style=$'+%Y\n%b %d %H:%M' recent old
  -rw-r--r-- 1 0 2020 old
  -rw-r--r-- 1 0 Jan 01 00:00 recent
  $ TIME_STYLE=long-iso ls -go recent
  -rw-r--r-- 1 0 2026-01-01 00:00 recent
  $ ls -l --time-style=bogus recent 2>&1 | head -n 1
  ls: invalid argument 'bogus' for 'time style'
