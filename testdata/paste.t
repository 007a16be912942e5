paste joins corresponding lines of files with tabs.

  $ printf 'a\nb\nc\n' > letters
  $ printf '1\n2\n' > digits
  $ paste letters digits
  a	1
  b	2
  c	
  $ paste -d, letters digits
  a,1
  b,2
  c,

-d takes a list of delimiters used in turn; \n \t \\ and \0 (none) are escapes.

  $ paste -d ':\n' letters digits letters
  a:1
  a
  b:2
  b
  c:
  c
  $ paste -d '\0' letters digits
  a1
  b2
  c

-s pastes each file on one line.

  $ paste -s letters digits
  a	b	c
  1	2
  $ paste -s -d + digits
  1+2

Each - reads the next line of standard input.

  $ seq 5 | paste - -
  1	2
  3	4
  5	
  $ seq 6 | paste -d ' ' - - -
  1 2 3
  4 5 6

A missing file stops paste before any output.

  $ paste letters nope
  paste: nope: No such file or directory
  [1]
