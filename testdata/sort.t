sort sorts lines; bytes compare as in the C locale.

  $ printf 'banana 3\napple 10\ncherry 2\nApple 7\napple 10\n' > f.txt
  $ sort f.txt
  Apple 7
  apple 10
  apple 10
  banana 3
  cherry 2
  $ sort -r f.txt
  cherry 2
  banana 3
  apple 10
  apple 10
  Apple 7
  $ sort -u f.txt
  Apple 7
  apple 10
  banana 3
  cherry 2
  $ sort -f -u f.txt
  apple 10
  Apple 7
  banana 3
  cherry 2

Keys: -k POS1[,POS2] with per-key options, -t for the field separator:

  $ sort -k2n f.txt
  cherry 2
  banana 3
  Apple 7
  apple 10
  apple 10
  $ sort -k2,2nr -k1,1 f.txt
  apple 10
  apple 10
  Apple 7
  banana 3
  cherry 2
  $ printf 'x,3\ny,1\nx,2\n' | sort -t, -k1,1 -k2n
  x,2
  x,3
  y,1
  $ printf 'b c\na c\n' | sort -s -k2,2
  b c
  a c

Numbers: -n, -g (floating point), -h (human sizes), -V (versions), -M
(months):

  $ printf '10\n9\n-1\n1.5\n' | sort -n
  -1
  1.5
  9
  10
  $ printf '1e3\n2\nnan\n' | sort -g
  nan
  2
  1e3
  $ printf '2K\n1M\n512\n' | sort -h
  512
  2K
  1M
  $ printf 'v1.10\nv1.9\nv1.2\n' | sort -V
  v1.2
  v1.9
  v1.10
  $ printf 'Mar\njan\nFEB\n' | sort -M
  jan
  FEB
  Mar

Checking, merging, and writing back to an input:

  $ sort -c f.txt
  sort: f.txt:2: disorder: apple 10
  [1]
  $ sort -C f.txt
  [1]
  $ sort -o f.txt f.txt
  $ sort -c f.txt
  $ printf 'a\nc\n' > 1.txt
  $ printf 'b\nd\n' > 2.txt
  $ sort -m 1.txt 2.txt
  a
  b
  c
  d

Errors:

  $ sort nope.txt
  sort: cannot read: nope.txt: No such file or directory
  [2]
  $ sort -k0 f.txt
  sort: field number is zero: invalid field specification '0'
  [2]
  $ sort -t ab f.txt
  sort: multi-character tab 'ab'
  [2]
  $ sort -gn f.txt
  sort: options '-gn' are incompatible
  [2]
