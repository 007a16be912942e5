join pairs lines of two sorted files that share a join field.

  $ printf '1 alice\n2 bob\n4 dan\n' > names
  $ printf '1 admin\n2 dev\n3 ops\n' > roles
  $ join names roles
  1 alice admin
  2 bob dev

-a also prints unpairable lines of a file; -v prints only those.

  $ join -a1 -a2 names roles
  1 alice admin
  2 bob dev
  3 ops
  4 dan
  $ join -v1 names roles
  4 dan

-o chooses the output fields (0 is the join field), -e fills missing ones.

  $ join -a2 -e NONE -o 0,1.2,2.2 names roles
  1 alice admin
  2 bob dev
  3 NONE ops
  $ join -a1 -e - -o auto names roles
  1 alice admin
  2 bob dev
  4 dan -

-t sets the field separator; -1 and -2 choose the join fields; -i folds case.

  $ printf 'alice,1\nbob,2\n' > ids
  $ printf '1,x\n2,y\n' > vals
  $ join -t, -1 2 -2 1 ids vals
  1,alice,x
  2,bob,y
  $ printf 'A 1\nb 2\n' > upper
  $ printf 'a x\nB y\n' > lower
  $ join -i upper lower
  A 1 x
  b 2 y

Unsorted input is reported.

  $ printf '3 c\n1 a\n' > unsorted
  $ printf '1 x\n3 y\n' > sorted
  $ join unsorted sorted
  join: unsorted:2: is not sorted: 1 a
  3 c y
  join: input is not in sorted order
  [1]
  $ join --nocheck-order unsorted sorted
  3 c y
  $ join names
  join: missing operand after 'names'
  Try 'join --help' for more information.
  [1]
