awk runs pattern-action programs over lines and fields.

  $ printf 'alice 30 paris\nbob 25 rome\ncarol 35 paris\n' > people.txt
  $ awk '{ print $1 }' people.txt
  alice
  bob
  carol
  $ awk '$2 > 28 { print $1, $3 }' people.txt
  alice paris
  carol paris
  $ awk '{ sum += $2 } END { print "total", sum, "avg", sum / NR }' people.txt
  total 90 avg 30
  $ awk '/paris/ { n++ } END { print n }' people.txt
  2
  $ awk '{ count[$3]++ } END { for (c in count) print c, count[c] | "sort" }' people.txt
  paris 2
  rome 1

Field separators (-F), variables (-v and VAR=VALUE operands), and programs
from files (-f):

  $ echo 'a:b:c' | awk -F: '{ print $2, NF }'
  b 3
  $ awk -v who=world 'BEGIN { print "hello", who }'
  hello world
  $ printf 'x\n' > one.txt
  $ awk '{ print v, $0 }' v=1 one.txt v=2 one.txt
  1 x
  2 x
  $ printf '{ print toupper($1) }\n' > up.awk
  $ awk -f up.awk people.txt
  ALICE
  BOB
  CAROL
  $ printf 'x,y\n' | awk 'BEGIN { FS = ","; OFS = "-" } { $1 = $1; print }'
  x-y

FILENAME, FNR and NR across files; ENVIRON holds the exported variables:

  $ awk 'FNR == 1 { print FILENAME, FNR, NR }' people.txt one.txt
  people.txt 1 1
  one.txt 1 4
  $ export GREETING=hi
  $ awk 'BEGIN { print ENVIRON["GREETING"] }'
  hi
  $ printf 'a b\n' | awk '{ printf "%-3s|%5.1f|%d\n", $1, 3.14159, "42x" }'
  a  |  3.1|42

The program's own input and output stay inside moonix: files are moonix
files and commands run in moonix's shell.

  $ awk '{ print $1 > ($3 ".txt") }' people.txt
  $ cat paris.txt
  alice
  carol
  $ awk 'BEGIN { while ((getline line < "rome.txt") > 0) print "read", line }'
  read bob
  $ awk 'BEGIN { system("echo from system"); "echo piped" | getline x; print x }'
  from system
  piped
  $ awk 'BEGIN { print "to stderr" > "/dev/stderr" }'
  to stderr
  $ awk 'BEGIN { print (getline l < "/etc/passwd") }'
  -1

Errors:

  $ awk 'BEGIN { print 1/0 }'
  awk: division by zero
  [2]
  $ awk '{ print }' nope.txt
  awk: cannot open file 'nope.txt' for reading: No such file or directory
  [2]
  $ awk 'BEGIN { exit 3 }'
  [3]
  $ awk '{ print $1'
  awk: parse error at 1:11: expected , instead of EOF
  awk: { print $1
  awk:           ^
  [2]

gawk's extensions that scripts use: the bit functions, gensub, func, -e.

  $ awk 'BEGIN { print and(12, 10), or(5, 3), xor(5, 3), lshift(1, 10), rshift(1024, 3), compl(0) }'
  8 7 6 1024 128 9007199254740991
  $ echo 'hello world' | awk '{ print gensub(/(o)/, "[\\1]", "g"), gensub(/o/, "0", 2) }'
  hell[o] w[o]rld hello w0rld
  $ awk -e 'func twice(x) { return 2 * x }' -e 'BEGIN { print twice(21) }'
  42

for (k in a) visits the indexes in the same order on every run: integers
in increasing order, then the rest in byte order.

  $ echo 'c a b' | awk '{ split($0, w); for (i in w) seen[w[i]] = i } END { for (k in seen) print k, seen[k] }'
  a 2
  b 3
  c 1

asort and asorti sort an array's values or indexes into another;
PROCINFO["sorted_in"] orders for (k in a) as gawk's does; typeof says
what a value is; IGNORECASE makes matches and comparisons blind to case.

  $ printf 'pear 3\napple 10\nfig 7\n' > fruit
  $ awk '{ n[$1] = $2 } END { k = asorti(n, names); for (i = 1; i <= k; i++) printf "%s ", names[i]; print ""; PROCINFO["sorted_in"] = "@val_num_desc"; for (f in n) print f, n[f] }' fruit
  apple fig pear 
  apple 10
  fig 7
  pear 3
  $ echo '10 ten' | awk '{ a[1]; print typeof($1), typeof($2), typeof($3), typeof(x), typeof(a) }'
  strnum string unassigned untyped array
  $ printf 'Apple\nbanana\nAPRICOT\n' | awk -v IGNORECASE=1 '/^ap/'
  Apple
  APRICOT

Strings are UTF-8 characters, unless the locale is one of bytes.

  $ echo 'héllo' | awk '{ print length($0), substr($0, 2, 2), toupper($0) }'
  5 él HÉLLO
  $ echo 'héllo' | LC_ALL=C awk '{ print length($0), toupper($0) }'
  6 HéLLO
