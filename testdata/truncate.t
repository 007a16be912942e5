truncate sets the size of files: cut off, or extended with zero bytes;
+ - < > / % adjust the current size (or --reference's).

  $ printf 'hello world\n' > f
  $ truncate -s 5 f; cat f; echo
  hello
  $ truncate -s +3 f; od -An -c f
     h   e   l   l   o  \0  \0  \0
  $ truncate -s %16 f; wc -c < f
  16
  $ truncate -s 1K new; wc -c < new
  1024
  $ truncate f
  truncate: you must specify either '--size' or '--reference'
  Try 'truncate --help' for more information.
  [1]
