yes prints its operands (or y) over and over until its reader goes away:

  $ yes | head -n 3
  y
  y
  y
  $ yes hello world | head -n 2
  hello world
  hello world
  $ yes -- -n | head -n 1
  -n
