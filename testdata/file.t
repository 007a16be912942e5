file says what a file holds, from its first bytes, in the words of file
5.44.

  $ printf 'hello\n' > notes.txt
  $ printf 'one\r\ntwo\r\n' > dos.txt
  $ printf '#!/bin/sh\necho hi\n' > run.sh
  $ gzip -k notes.txt
  $ tar -cf notes.tar notes.txt
  $ mkdir dir && ln -s notes.txt link
  $ file notes.txt dos.txt run.sh notes.txt.gz notes.tar dir link
  notes.txt:    ASCII text
  dos.txt:      ASCII text, with CRLF line terminators
  run.sh:       POSIX shell script, ASCII text executable
  notes.txt.gz: gzip compressed data, was "notes.txt", last modified: Thu Jan  1 00:00:01 2026, from Unix, original size modulo 2^32 6
  notes.tar:    POSIX tar archive (GNU)
  dir:          directory
  link:         symbolic link to notes.txt
  $ file -L link
  link: ASCII text
  $ file -b --mime-type notes.txt.gz
  application/gzip
  $ file -i run.sh
  run.sh: text/x-shellscript; charset=us-ascii
  $ file missing
  missing: cannot open `missing' (No such file or directory)
