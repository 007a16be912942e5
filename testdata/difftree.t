Besides comparing two files, diff compares snapshots: with no operand,
the current snapshot with the working tree; with ID, snapshot ID with the
working tree; with ID ID2, two snapshots. Each changed file gets a
git-style "diff --git" line and a unified diff; an added or removed file
has /dev/null on the missing side. The status is 1 when something
differs, 0 when nothing does.

  $ diff --help | grep -A1 'ID \[ID2\]'
    or:  diff [OPTION]... [ID [ID2]]
  Compare files line by line.

Before the first snapshot, every file is added (the /dev symlinks too):

  $ echo early > early
  $ diff | grep -e '^+++' -e '^+[^+]'
  +++ b/dev/stderr
  +/dev/fd/2
  +++ b/dev/stdin
  +/dev/fd/0
  +++ b/dev/stdout
  +/dev/fd/1
  +++ b/work/early
  +early
  $ rm early

  $ printf 'one\ntwo\nthree\n' > a
  $ printf 'gone\n' > b
  $ snapshot first
  e6cbd89
  $ diff
  $ printf 'one\n2\nthree\n' > a
  $ rm b
  $ printf 'new\n' > c
  $ diff
  diff --git a/work/a b/work/a
  --- a/work/a
  +++ b/work/a
  @@ -1,3 +1,3 @@
   one
  -two
  +2
   three
  diff --git a/work/b b/work/b
  --- a/work/b
  +++ /dev/null
  @@ -1 +0,0 @@
  -gone
  diff --git a/work/c b/work/c
  --- /dev/null
  +++ b/work/c
  @@ -0,0 +1 @@
  +new
  [1]
  $ snapshot second
  a7df7ed

With no operand and nothing changed there is nothing to print:

  $ diff

Any snapshot name works: id prefixes, branches, HEAD~N. The order of two
snapshots gives the direction:

  $ diff HEAD~1 HEAD
  diff --git a/work/a b/work/a
  --- a/work/a
  +++ b/work/a
  @@ -1,3 +1,3 @@
   one
  -two
  +2
   three
  diff --git a/work/b b/work/b
  --- a/work/b
  +++ /dev/null
  @@ -1 +0,0 @@
  -gone
  diff --git a/work/c b/work/c
  --- /dev/null
  +++ b/work/c
  @@ -0,0 +1 @@
  +new
  [1]
  $ diff main HEAD~1
  diff --git a/work/a b/work/a
  --- a/work/a
  +++ b/work/a
  @@ -1,3 +1,3 @@
   one
  -2
  +two
   three
  diff --git a/work/b b/work/b
  --- /dev/null
  +++ b/work/b
  @@ -0,0 +1 @@
  +gone
  diff --git a/work/c b/work/c
  --- a/work/c
  +++ /dev/null
  @@ -1 +0,0 @@
  -new
  [1]
  $ diff HEAD HEAD

With one ID, the working tree is the new side:

  $ printf 'one\n2\nthree\nfour\n' > a
  $ diff HEAD~1
  diff --git a/work/a b/work/a
  --- a/work/a
  +++ b/work/a
  @@ -1,3 +1,4 @@
   one
  -two
  +2
   three
  +four
  diff --git a/work/b b/work/b
  --- a/work/b
  +++ /dev/null
  @@ -1 +0,0 @@
  -gone
  diff --git a/work/c b/work/c
  --- /dev/null
  +++ b/work/c
  @@ -0,0 +1 @@
  +new
  [1]

Directories show only through the files in them; an empty file, a
symlink, binary content, an executable bit and a file that became a
directory each get their line:

  $ snapshot third
  ad47227
  $ mkdir -p d/empty
  $ printf 'in d\n' > d/f
  $ touch empty-file
  $ ln -s a link
  $ printf 'x\000y' > binary
  $ chmod +x a
  $ rm c
  $ mkdir c
  $ printf 'now a dir\n' > c/f
  $ diff
  diff --git a/work/a b/work/a
  mode changed
  diff --git a/work/binary b/work/binary
  Binary files /dev/null and b/work/binary differ
  diff --git a/work/c b/work/c
  --- a/work/c
  +++ /dev/null
  @@ -1 +0,0 @@
  -new
  diff --git a/work/c/f b/work/c/f
  --- /dev/null
  +++ b/work/c/f
  @@ -0,0 +1 @@
  +now a dir
  diff --git a/work/d/f b/work/d/f
  --- /dev/null
  +++ b/work/d/f
  @@ -0,0 +1 @@
  +in d
  diff --git a/work/empty-file b/work/empty-file
  --- /dev/null
  +++ b/work/empty-file
  diff --git a/work/link b/work/link
  --- /dev/null
  +++ b/work/link
  @@ -0,0 +1 @@
  +a
  \ No newline at end of file
  [1]

Options: -U N sets the context, -w and the other ignore options apply,
-c and --normal choose the other formats, -q only names the files:

  $ snapshot fourth
  72d3f72
  $ printf '1\n2\n3\n4\n5\n6\n7\n' > lines
  $ snapshot fifth
  da2aa07
  $ printf '1\n2\n3\nfour\n5\n6\n7\n' > lines
  $ diff -U1
  diff --git a/work/lines b/work/lines
  --- a/work/lines
  +++ b/work/lines
  @@ -3,3 +3,3 @@
   3
  -4
  +four
   5
  [1]
  $ diff --normal
  diff --git a/work/lines b/work/lines
  4c4
  < 4
  ---
  \x3e four (esc)
  [1]
  $ diff -c
  diff --git a/work/lines b/work/lines
  *** a/work/lines
  --- b/work/lines
  ***************
  *** 1,7 ****
    1
    2
    3
  ! 4
    5
    6
    7
  --- 1,7 ----
    1
    2
    3
  ! four
    5
    6
    7
  [1]
  $ diff -q
  Files a/work/lines and b/work/lines differ
  [1]
  $ printf '1\n2\n3\nfour   five\n5\n6\n7\n' > lines
  $ snapshot sixth
  73d184a
  $ printf '1\n2\n3\nfour five\n5\n6\n7\n' > lines
  $ diff -w
  $ diff -b
  $ diff -U0
  diff --git a/work/lines b/work/lines
  --- a/work/lines
  +++ b/work/lines
  @@ -4 +4 @@
  -four   five
  +four five
  [1]
  $ printf '1\n2\n3\nfourfive\n5\n6\n7\n' > lines
  $ diff -w
  $ diff -b -U0
  diff --git a/work/lines b/work/lines
  --- a/work/lines
  +++ b/work/lines
  @@ -4 +4 @@
  -four   five
  +fourfive
  [1]

--json prints an array with each changed file's path, kind and diff:

  $ printf '1\n2\n' > lines
  $ diff --json
  [{"path":"/work/lines","kind":"modified","diff":"diff --git a/work/lines b/work/lines\n--- a/work/lines\n+++ b/work/lines\n@@ -1,7 +1,2 @@\n 1\n 2\n-3\n-four   five\n-5\n-6\n-7\n"}]
  [1]
  $ diff --json HEAD HEAD
  []
  $ diff --json HEAD~1 HEAD | jq -r '.[] | "\(.kind) \(.path)"'
  modified /work/lines

When an operand names an existing file, diff is GNU diff; a snapshot needs
every operand to resolve:

  $ printf 'one\n' > HEAD
  $ diff HEAD
  diff: missing operand after 'HEAD'
  diff: Try 'diff --help' for more information.
  [2]
  $ diff HEAD a
  1a2,4
  \x3e 2 (esc)
  \x3e three (esc)
  \x3e four (esc)
  [1]
  $ diff nosuch
  diff: unknown snapshot "nosuch"
  [2]
  $ diff HEAD~1 nosuch
  diff: HEAD~1: No such file or directory
  diff: nosuch: No such file or directory
  [2]
  $ diff nosuch1 nosuch2
  diff: nosuch1: No such file or directory
  diff: nosuch2: No such file or directory
  [2]
  $ diff --json a HEAD
  diff: --json works only when comparing snapshots
  diff: Try 'diff --help' for more information.
  [2]
