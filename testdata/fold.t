fold wraps lines at a width (80 by default).

  $ echo 'the quick brown fox jumps' > f
  $ fold -w 10 f
  the quick 
  brown fox 
  jumps

-s breaks after the last blank instead of mid-word; -b counts bytes.

  $ fold -s -w 7 f
  the 
  quick 
  brown 
  fox 
  jumps
  $ printf 'a\tbc\n' | fold -w 3
  a
  \t (esc)
  bc
  $ printf 'a\tbc\n' | fold -b -w 3
  a\tb (esc)
  c
  $ fold -w 12 f
  the quick br
  own fox jump
  s
  $ fold -w 0 f
  fold: invalid number of columns: '0': Numerical result out of range
  [1]
