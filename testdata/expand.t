expand turns tabs into spaces; unexpand turns spaces back into tabs.

  $ printf 'a\tb\n\tc\n' | expand
  a       b
          c
  $ printf 'a\tb\tc\n' | expand -t 4
  a   b   c
  $ printf 'a\tb\tc\td\n' | expand -t 4,6
  a   b c d
  $ printf '\ta\tb\n' | expand -i
          a\tb (esc)

unexpand converts leading blanks by default, all of them with -a or -t.

  $ printf '        x       y\n' | unexpand
  \tx       y (esc)
  $ printf '        x       y\n' | unexpand -a
  \tx\ty (esc)
  $ printf '    x   y\n' | unexpand -t 4
  \tx\ty (esc)
  $ expand -t 4,2
  expand: tab sizes must be ascending
  [1]
