strings prints the runs of at least 4 printable characters in a file, as
GNU binutils' strings -a does; -t gives their offsets, -e wider encodings.

  $ printf 'ab\000hello\001xyzw\nline two\377' > bin
  $ strings bin
  hello
  xyzw
  line two
  $ strings -t x -n 2 bin
        0 ab
        3 hello
        9 xyzw
        e line two
  $ printf 'h\000i\000!\000!\000' | strings -e l
  hi!!
  $ mkdir d; strings d
  strings: Warning: 'd' is a directory
  [1]
