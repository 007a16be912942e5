sed runs an editing script over each line.

  $ printf 'one\ntwo\nthree\nfour\nfive\n' > n.txt
  $ printf 'hello world\nfoo bar\n' > h.txt

Substitution: flags g, p, N, I, and & or \1..\9 in the replacement.

  $ sed 's/o/0/' n.txt
  0ne
  tw0
  three
  f0ur
  five
  $ sed 's/o/0/g' h.txt
  hell0 w0rld
  f00 bar
  $ sed -n 's/o/0/gp' n.txt
  0ne
  tw0
  f0ur
  $ sed 's/o/[&]/2' h.txt
  hello w[o]rld
  fo[o] bar
  $ sed 's/l/L/2g' h.txt
  helLo worLd
  foo bar
  $ sed 's/HELLO/hi/I' h.txt
  hi world
  foo bar
  $ sed 's/\(\w\+\) \(\w\+\)/\2 \1/' h.txt
  world hello
  bar foo
  $ sed -E 's/(o+)/<\1>/g' h.txt
  hell<o> w<o>rld
  f<oo> bar
  $ sed 's|o|/|g;s,/,\,,' h.txt
  hell, w/rld
  f,/ bar
  $ sed 's/ /\n/' h.txt
  hello
  world
  foo
  bar
  $ sed 's/\w\+/\u&/g;s/o/\U&/' h.txt
  HellO World
  FOo Bar

Addresses: numbers, $, regexes, ranges, steps, negation.

  $ sed -n '2p;$p' n.txt
  two
  five
  $ sed '2,4d' n.txt
  one
  five
  $ sed '2,4!d' n.txt
  two
  three
  four
  $ sed -n '/two/,/four/p' n.txt
  two
  three
  four
  $ sed -n '\%^t%p' n.txt
  two
  three
  $ sed -n '0~2p' n.txt
  two
  four
  $ sed -n '1~2p' n.txt
  one
  three
  five
  $ sed -n '2,+1p' n.txt
  two
  three
  $ sed -n '0,/o/p' n.txt
  one
  $ sed -n '/o/{/w/p}' n.txt
  two

Appending, inserting and changing lines (GNU one-line and POSIX forms):

  $ sed '2a after two' n.txt
  one
  two
  after two
  three
  four
  five
  $ sed '1i\
  > first\
  > lines' h.txt
  first
  lines
  hello world
  foo bar
  $ sed '2,4c\
  > middle' n.txt
  one
  middle
  five
  $ sed -e '$a\' -e 'the end' h.txt
  hello world
  foo bar
  the end

Multi-line tricks with N, D, P, the hold space and branches:

  $ sed '$!N;s/\n/ /' n.txt
  one two
  three four
  five
  $ sed -n '1!G;h;$p' n.txt
  five
  four
  three
  two
  one
  $ sed ':a;N;$!ba;s/\n/,/g' n.txt
  one,two,three,four,five
  $ sed 's/o/O/;tx;s/$/ (none)/;:x' n.txt
  One
  twO
  three (none)
  fOur
  five (none)
  $ printf 'a\na\nb\nb\nb\nc\n' | sed '$!N;/^\(.*\)\n\1$/!P;D'
  a
  b
  c

Quitting, line numbers, y, l, =:

  $ sed 3q n.txt
  one
  two
  three
  $ sed -n '/four/{=;q5}' n.txt
  4
  [5]
  $ sed 2Q n.txt
  one
  $ echo hello | sed 'y/lo/LO/'
  heLLO
  $ printf 'a\tb\001\n' | sed -n l
  a\tb\001$
  $ sed -n '$=' n.txt h.txt
  7

Several files as one stream, or separate with -s:

  $ sed -n '$p' n.txt h.txt
  foo bar
  $ sed -s -n '$p' n.txt h.txt
  five
  foo bar
  $ sed -s 1F n.txt h.txt | head -3
  n.txt
  one
  two

A missing final newline is kept:

  $ printf 'a\nb' | sed 's/b/B/'
  a
  B (no-eol)

Reading and writing files:

  $ printf 'x\ny\n' > r.txt
  $ sed '1r r.txt' h.txt
  hello world
  x
  y
  foo bar
  $ sed 'R r.txt' h.txt
  hello world
  x
  foo bar
  y
  $ sed -n '/o/w out.txt' n.txt
  $ cat out.txt
  one
  two
  four

Scripts from -e, -f and #n:

  $ printf '#n\n/e$/p\n' > s.sed
  $ sed -f s.sed n.txt
  one
  three
  five
  $ sed -e 1d -e 's/e/E/g' h.txt
  foo bar

Editing in place, with an optional backup suffix:

  $ sed -i.bak 's/world/there/' h.txt
  $ cat h.txt
  hello there
  foo bar
  $ cat h.txt.bak
  hello world
  foo bar
  $ sed -i 1d h.txt
  $ cat h.txt
  foo bar

Errors say where the script is wrong:

  $ sed 's/a/b' n.txt
  sed: -e expression #1, char 5: unterminated `s' command
  [1]
  $ sed -e p -e 'k' n.txt
  sed: -e expression #2, char 1: unknown command: `k'
  [1]
  $ sed 's/\(a\)/\2/' n.txt
  sed: -e expression #1, char 11: invalid reference \2 on `s' command's RHS
  [1]
  $ sed -E 's/(a/b/' n.txt
  sed: -e expression #1, char 7: Unmatched ( or \(
  [1]
  $ sed p nope
  sed: can't read nope: No such file or directory
  [2]

A range whose first line was deleted still starts, on the next line it
sees; a label ends at a blank or `;`, so it can be followed in one line.

  $ printf '1\n2\n3\n4\n' | sed -n '1d;1,3p'
  2
  3
  $ echo xxx | sed ': a;s/x/y/;t a'
  yyy
  $ printf 'a\nb\n' | sed -n '/a/{b end};p;:end'
  b
