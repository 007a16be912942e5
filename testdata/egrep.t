egrep is grep -E: extended regular expressions.

  $ printf 'color\ncolour\ncolouur\n' > words
  $ egrep 'colou?r' words
  color
  colour
  $ egrep -c 'u{2}' words
  1
  $ egrep -o '(co|ou)+' words
  co
  co
  ou
  co
  ou
