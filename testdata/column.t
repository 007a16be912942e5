column fills columns with lines, as util-linux's column does; -t makes a
table of the lines' fields, -N names its columns, -J writes it as JSON.

  $ seq 6 | column -c 20
  1\t4 (esc)
  2\t5 (esc)
  3\t6 (esc)
  $ printf 'name size\nmoonix 12\nbash 1\n' | column -t
  name    size
  moonix  12
  bash    1
  $ printf 'a:b\nc:d\n' | column -t -s: -N x,y -R y
  x  y
  a  b
  c  d
  $ printf 'a b\n' | column -J -N x,y
  {
     "table": [
        {
           "x": "a",
           "y": "b"
        }
     ]
  }
