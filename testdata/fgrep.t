fgrep is grep -F: the patterns are plain strings.

  $ printf 'a.b\naxb\n[x]\n' > f
  $ fgrep a.b f
  a.b
  $ fgrep -e '[x]' -e axb f
  axb
  [x]
  $ fgrep -x -i 'A.B' f
  a.b
