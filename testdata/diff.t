diff compares files line by line. The default "normal" format gives each
change as a command (a: add, d: delete, c: change) with < old and > new lines.

  $ printf '1\n2\n3\n' > a
  $ printf '1\n3\n4\n' > b
  $ diff a b
  2d1
  < 2
  3a3
  \x3e 4 (esc)
  [1]
  $ diff a a
  $ printf 'one\ntwo\n' > x
  $ printf 'one\nTWO\n' > y
  $ diff x y
  2c2
  < two
  ---
  \x3e TWO (esc)
  [1]

-u gives a unified diff; file times come from the virtual filesystem.

  $ diff -u a b
  --- a\t2026-01-01 00:00:01.000000000 +0000 (esc)
  +++ b\t2026-01-01 00:00:02.000000000 +0000 (esc)
  @@ -1,3 +1,3 @@
   1
  -2
   3
  +4
  [1]
  $ diff -u --label old --label new a b
  --- old
  +++ new
  @@ -1,3 +1,3 @@
   1
  -2
   3
  +4
  [1]
  $ diff -U0 --label old --label new a b
  --- old
  +++ new
  @@ -2 +1,0 @@
  -2
  @@ -3,0 +3 @@
  +4
  [1]

-c gives a context diff.

  $ diff -c --label old --label new x y
  *** old
  --- new
  ***************
  *** 1,2 ****
    one
  ! two
  --- 1,2 ----
    one
  ! TWO
  [1]

A last line without a newline is marked.

  $ printf 'a\nb' > n1
  $ printf 'a\nc' > n2
  $ diff n1 n2
  2c2
  < b
  \ No newline at end of file
  ---
  \x3e c (esc)
  \ No newline at end of file
  [1]

-q and -s only report; -i, -w, -b and -B ignore some differences.

  $ diff -q a b
  Files a and b differ
  [1]
  $ diff -s a a
  Files a and a are identical
  $ diff -i x y
  $ printf 'a  b\n' > s1
  $ printf 'a b\n' > s2
  $ diff -b s1 s2
  $ printf 'a\n\nb\n' > blank
  $ printf 'a\nb\n' > noblank
  $ diff -B blank noblank

Directories: -r recurses, -N treats absent files as empty.

  $ mkdir -p d1/sub d2/sub
  $ echo same > d1/same; echo same > d2/same
  $ echo old > d1/sub/f; echo new > d2/sub/f
  $ echo gone > d1/gone
  $ echo added > d2/added
  $ diff d1 d2
  Only in d2: added
  Only in d1: gone
  Common subdirectories: d1/sub and d2/sub
  [1]
  $ diff -r d1 d2
  Only in d2: added
  Only in d1: gone
  diff -r d1/sub/f d2/sub/f
  1c1
  < old
  ---
  \x3e new (esc)
  [1]
  $ diff -rq d1 d2
  Only in d2: added
  Only in d1: gone
  Files d1/sub/f and d2/sub/f differ
  [1]
  $ diff -rN d1 d2
  diff -rN d1/added d2/added
  0a1
  \x3e added (esc)
  diff -rN d1/gone d2/gone
  1d0
  < gone
  diff -rN d1/sub/f d2/sub/f
  1c1
  < old
  ---
  \x3e new (esc)
  [1]

Trouble exits 2.

  $ diff a nope
  diff: nope: No such file or directory
  [2]
  $ diff -u -c a b
  diff: conflicting output style options
  diff: Try 'diff --help' for more information.
  [2]
