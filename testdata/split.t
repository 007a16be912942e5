split writes pieces of a file to xaa, xab...: -l lines, -b bytes, -C
whole lines up to a size, -n a number of pieces.

  $ seq 7 > f
  $ split -l 3 f; cat xab
  4
  5
  6
  $ split --verbose -n l/2 -d f part.
  creating file 'part.00'
  creating file 'part.01'
  $ cat part.01
  5
  6
  7
  $ split -n r/3/3 f
  3
  6
  $ split -l 0 f
  split: invalid number of lines: '0': Numerical result out of range
  [1]
