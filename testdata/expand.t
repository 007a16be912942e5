expand turns tabs into spaces.

  $ printf 'a\tb\n\tc\n' | expand
  a       b
          c
  $ printf 'a\tb\tc\n' | expand -t 4
  a   b   c
  $ printf 'a\tb\tc\td\n' | expand -t 4,6
  a   b c d
  $ printf '\ta\tb\n' | expand -i
          a\tb (esc)

  $ expand -t 4,2
  expand: tab sizes must be ascending
  [1]
