rev reverses the characters of each line.

  $ printf 'hello\nworld\n' | rev
  olleh
  dlrow
  $ printf 'abc\nhé!\n' > f
  $ rev f
  cba
  !éh
  $ rev nope
  rev: nope: No such file or directory
  [1]
