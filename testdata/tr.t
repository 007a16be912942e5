tr translates, deletes or squeezes bytes of standard input.

  $ echo hello | tr a-z A-Z
  HELLO
  $ echo hello | tr lo x
  hexxx
  $ echo hello | tr -t lo xy
  hexxy
  $ echo 'Hello World' | tr '[:upper:][:lower:]' '[:lower:][:upper:]'
  hELLO wORLD
  $ echo hello | tr a-z n-za-m
  uryyb

Deleting, complementing and squeezing:

  $ echo 'a1b2c3' | tr -d '[:digit:]'
  abc
  $ echo 'hello 123' | tr -cd 'a-z\n'
  hello
  $ echo 'a    b  c' | tr -s ' '
  a b c
  $ echo 'hello, world!' | tr -cs '[:alpha:]' '\n'
  hello
  world
  $ echo aabbcc | tr -ds a b
  bcc

Escapes, octal and repeats:

  $ printf 'a b\tc\n' | tr '[:blank:]' '_'
  a_b_c
  $ printf 'a\nb\n' | tr '\n' ' '
  a b  (no-eol)
  $ echo abc | tr abc '\101[B*]'
  ABB
  $ echo abcd | tr a-d 'x[y*2]z'
  xyyz

Errors:

  $ echo abc | tr z-a x
  tr: range-endpoints of 'z-a' are in reverse collating sequence order
  [1]
  $ echo abc | tr abc
  tr: missing operand after 'abc'
  Two strings must be given when translating.
  Try 'tr --help' for more information.
  [1]
  $ echo abc | tr a-z '[:digit:]'
  tr: when translating, the only character classes that may appear in
  string2 are 'upper' and 'lower'
  [1]
