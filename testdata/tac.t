tac prints the lines of files last first.

  $ seq 3 | tac
  3
  2
  1
  $ printf 'a\nb' | tac
  ba

-s changes the separator; -b puts it before each record.

  $ printf 'a,b,c,' | tac -s ,
  c,b,a, (no-eol)
  $ printf '/usr/local/bin' | tac -b -s /
  /bin/local/usr (no-eol)

-r takes the separator as a regular expression.

  $ printf 'a1b22c' | tac -r -s '[0-9]+'
  cb22a1 (no-eol)
  $ tac nope
  tac: nope: No such file or directory
  [1]
