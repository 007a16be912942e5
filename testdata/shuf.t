shuf writes its lines (or -e's words, or -i's numbers) in a random order,
from the session's random source (seeded unless random.read is granted).

  $ printf 'a\nb\nc\n' | shuf | sort
  a
  b
  c
  $ shuf -i 1-100 -n 3 | wc -l
  3
  $ shuf -r -n 4 -e x
  x
  x
  x
  x
  $ shuf -i 5-3
  shuf: invalid input range: '5-3'
  [1]
