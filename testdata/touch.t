touch creates empty files and sets times to now (the session's clock).

  $ touch a
  $ ls -l a
  -rw-r--r-- 1 user user 0 Jan  1 00:00 a
  $ touch -c missing
  $ ls missing
  ls: cannot access 'missing': No such file or directory
  [2]

-d takes a date: @EPOCH, YYYY-MM-DD[ HH:MM[:SS]], RFC 3339, relative words.

  $ touch -d 2024-02-29 a
  $ stat -c %y a
  2024-02-29 00:00:00.000000000 +0000
  $ touch -d '2024-02-29 13:45:10' a
  $ stat -c %y a
  2024-02-29 13:45:10.000000000 +0000
  $ touch -d 2024-02-29T13:45:10+02:00 a
  $ stat -c %y a
  2024-02-29 11:45:10.000000000 +0000
  $ touch -d @0 a
  $ stat -c %Y a
  0
  $ touch -d '2 days ago' a
  $ stat -c %y a
  2025-12-30 00:00:13.000000000 +0000
  $ touch -d garbage a
  touch: invalid date format 'garbage'
  [1]

-t takes [[CC]YY]MMDDhhmm[.ss]; -r copies another file's times.

  $ touch -t 202001020304.05 a
  $ stat -c %y a
  2020-01-02 03:04:05.000000000 +0000
  $ touch -r a b
  $ stat -c %y b
  2020-01-02 03:04:05.000000000 +0000

-a and -m change only the access or the modification time.

  $ touch -m -d 2021-01-01 b
  $ stat -c '%x | %y' b
  2020-01-02 03:04:05.000000000 +0000 | 2021-01-01 00:00:00.000000000 +0000
  $ touch -a -d 2022-01-01 b
  $ stat -c '%x | %y' b
  2022-01-01 00:00:00.000000000 +0000 | 2021-01-01 00:00:00.000000000 +0000

Errors:

  $ touch nodir/f
  touch: cannot touch 'nodir/f': No such file or directory
  [1]
  $ touch
  touch: missing file operand
  Try 'touch --help' for more information.
  [1]
