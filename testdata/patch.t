patch applies what diff -u (or diff -c, or plain diff) printed. A file
that moved on still takes the hunks, at an offset or with fuzz, as GNU
patch says.

  $ seq 1 12 > old
  $ seq 1 12 | sed 's/^6$/six/' > new
  $ diff -u old new > fix.diff
  [1]
  $ cp old work.txt
  $ patch work.txt fix.diff
  patching file work.txt
  $ grep six work.txt
  six
  $ (echo header; cat old) > moved.txt
  $ patch moved.txt < fix.diff
  patching file moved.txt
  Hunk #1 succeeded at 4 (offset 1 line).
  $ ls moved.txt*
  moved.txt
  moved.txt.orig

Applied twice, the patch is seen as reversed; -R takes it back; --dry-run
changes nothing.

  $ patch -N work.txt fix.diff
  patching file work.txt
  Reversed (or previously applied) patch detected!  Skipping patch.
  1 out of 1 hunk ignored -- saving rejects to file work.txt.rej
  [1]
  $ patch -R --dry-run work.txt fix.diff
  checking file work.txt
  $ patch -R work.txt fix.diff
  patching file work.txt
  $ cmp work.txt old

A hunk that finds no place is saved in FILE.rej.

  $ seq 1 12 | sed 's/^6$/VI/' > other.txt
  $ patch other.txt fix.diff
  patching file other.txt
  Hunk #1 FAILED at 3.
  1 out of 1 hunk FAILED -- saving rejects to file other.txt.rej
  [1]
  $ tail -4 other.txt.rej
  +six
   7
   8
   9

Patches for several files, with -p to strip the directories; /dev/null
creates and deletes.

  $ mkdir proj && echo 'old line' > proj/a.txt && echo bye > proj/gone.txt
  $ cat > multi.diff <<'EOF2'
  > --- a/a.txt
  > +++ b/a.txt
  > @@ -1 +1 @@
  > -old line
  > +new line
  > --- /dev/null
  > +++ b/added.txt
  > @@ -0,0 +1 @@
  > +hello
  > --- a/gone.txt
  > +++ /dev/null
  > @@ -1 +0,0 @@
  > -bye
  > EOF2
  $ patch -d proj -p1 -i ../multi.diff
  patching file a.txt
  patching file added.txt
  patching file gone.txt
  $ ls proj
  a.txt
  added.txt
  $ cat proj/a.txt
  new line
