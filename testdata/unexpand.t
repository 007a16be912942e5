unexpand turns spaces back into tabs. It converts leading blanks by
default, all of them with -a or -t.

  $ printf '        x       y\n' | unexpand
  \tx       y (esc)
  $ printf '        x       y\n' | unexpand -a
  \tx\ty (esc)
  $ printf '    x   y\n' | unexpand -t 4
  \tx\ty (esc)
  $ printf 'abcdefg  b\n' | unexpand -a
  abcdefg\t b (esc)
  $ unexpand -t 0
  unexpand: tab size cannot be 0
  [1]
