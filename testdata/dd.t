dd copies in blocks: bs= (or ibs= and obs=), count=, skip= and seek=
count blocks; conv= converts; the summary counts full+partial records.

  $ printf 'hello world\n' > f
  $ dd if=f of=copy
  0+1 records in
  0+1 records out
  12 bytes copied, 0 s, Infinity B/s
  $ cat copy
  hello world
  $ dd if=f bs=4 skip=1 count=2 status=noxfer
  o world
  2+0 records in
  2+0 records out
  $ dd if=f conv=ucase status=none
  HELLO WORLD

The time is the session's clock, which stands still while a command runs
(unless the real clock is granted): a copy takes 0 s on it.

seek= writes into the middle of a file; conv=notrunc keeps the rest.

  $ printf 'abcdef' > out
  $ dd if=f of=out bs=1 seek=2 count=3 conv=notrunc status=none
  $ cat out
  abhelf (no-eol)
  $ dd if=f of=out bs=1 seek=2 count=3 status=none
  $ cat out
  abhel (no-eol)

Errors, in GNU's words.

  $ dd if=nope
  dd: failed to open 'nope': No such file or directory
  [1]
  $ dd bs=1Q
  dd: invalid number: '1Q'
  [1]
  $ dd if=f skip=9 status=noxfer
  dd: f: cannot skip to specified offset
  0+0 records in
  0+0 records out
