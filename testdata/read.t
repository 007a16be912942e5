read takes a line (or less, or more) from standard input and splits it on
IFS, with bash's options (-n -N -d -t -u...):

  $ printf 'abcdef' | { read -n 3 x; echo "[$x]"; read -n 2 y; echo "[$y]"; }
  [abc]
  [de]
  $ printf 'hello world' | { read -N 20 x; echo "$?[$x]"; }
  1[hello world]
  $ printf 'a:b:c\0d e\0' | while IFS=: read -r -d '' a b; do echo "<$a|$b>"; done
  <a|b:c>
  <d e|>
  $ printf '  x  y  z  \n' | { read -n 50 a b; echo "[$a][$b]"; }
  [x][y  z]
  $ echo '1 2 3' | { read -a arr -n 10; echo ${#arr[@]} ${arr[2]}; }
  3 3
  $ printf 'a,b,,c,\n' | { IFS=, read -d '' -r p q r; echo "[$p][$q][$r]"; }
  [a][b][,c,
  ]
  $ printf 'x\\\ny\n' | { read -n 10 v; echo "[$v]"; }
  [xy]
  $ sleep 1 | { read -t 0.1 x; echo $?; }
  142
  $ read -u 3 x
  moonix: read: 3: invalid file descriptor: Bad file descriptor
  [1]
  $ read -n x v
  moonix: read: x: invalid number
  [1]

Without -r a backslash escapes the next character, which then separates
nothing, and REPLY takes the line as it is:

  $ read a b <<< 'x\ y z'; echo "[$a][$b]"
  [x y][z]
  $ read -r a b <<< 'x\ y z'; echo "[$a][$b]"
  [x\][y z]
  $ IFS=: read a b c <<< 'a::b:'; echo "[$a][$b][$c]"
  [a][][b]
  $ echo '  a b  ' | { read; echo "[$REPLY]"; }
  [  a b  ]

  $ echo 'one two three' | { read a b; echo "[$a][$b]"; }
  [one][two three]
  $ printf 'l1\nl2\n' | while read line; do echo "got $line"; done
  got l1
  got l2

read takes no byte after its line: the next command that reads the same
input starts right after it, from a file, a pipe or a here-document.

  $ printf 'one\ntwo\nthree\n' > f
  $ { read a; cat; } < f
  two
  three
  $ seq 3 | { read a; cat; }
  2
  3
  $ while read l; do read m; echo "$l+$m"; done < f
  one+two
  three+
  $ { read a; read -d e b; echo "[$a][$b]"; cat; } < f
  [one][two
  thr]
  e
  $ { read a; read b; echo "$b"; cat; } <<'E'
  > 1
  > 2
  > 3
  > E
  2
  3
