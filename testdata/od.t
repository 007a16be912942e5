od dumps bytes: octal words by default, other formats with -t.

  $ printf 'hello\n' > f
  $ od f
  0000000 062550 066154 005157
  0000006
  $ od -c f
  0000000   h   e   l   l   o  \n
  0000006
  $ od -A x -t x1z f
  000000 68 65 6c 6c 6f 0a                                >hello.<
  000006
  $ od -A n -t u1 f
   104 101 108 108 111  10
  $ od -t x1 -t c f
  0000000  68  65  6c  6c  6f  0a
            h   e   l   l   o  \n
  0000006
  $ od -A d -t d2 -N 4 f
  0000000  25960  27756
  0000004
  $ od -j 2 -N 3 -c f
  0000002   l   l   o
  0000005

Repeated lines become * unless -v.

  $ printf '%032d' 0 | od -t x1
  0000000 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30
  *
  0000040
  $ printf 'ab' | od -t q
  od: invalid character 'q' in type string 'q'
  [1]

GNU's legacy letters (-h -B -D -H -X -O -I -L -e -F) and, with
--traditional, an offset and a label after the file:

  $ printf 'abcdefgh' > abc
  $ od -h abc
  0000000 6261 6463 6665 6867
  0000010
  $ od -X abc
  0000000 64636261 68676665
  0000010
  $ od --traditional -c abc 4 100
  0000004 (0000100)   e   f   g   h
  0000010 (0000104)
