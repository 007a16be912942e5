The transcript format, as moonix replay and cram3 read it. Unindented lines
are prose. Each file is one fresh session whose working directory is /work.

  $ pwd
  /work
  $ echo "$HOME $USER"
  /work user

Output lines are compared exactly; stdout and stderr are merged in order.

  $ echo out; echo err >&2; echo out again
  out
  err
  out again

A non-zero exit status is written after the output.

  $ false
  [1]
  $ sh -c 'echo failing; exit 3'
  failing
  [3]

Commands continue over several lines with "> ".

  $ for fruit in apple pear; do
  >   echo "a $fruit"
  > done
  a apple
  a pear

Output without a final newline is marked (no-eol); control characters and
non-ASCII bytes are written escaped and marked (esc).

  $ printf 'no newline'
  no newline (no-eol)
  $ printf 'a\tb\n'
  a\tb (esc)
  $ printf 'caf\303\251\n'
  caf\xc3\xa9 (esc)

A line can match by regular expression or by glob.

  $ echo "took 42ms"
  took \d+ms (re)
  $ echo /work/report-2026.txt
  /work/report-*.txt (glob)

State carries from one command to the next within a file.

  $ greeting=hello
  $ cd /tmp && echo "$greeting from $PWD"
  hello from /tmp
  $ printf 'line 1\nline 2\n' > notes.txt
  $ cat notes.txt
  line 1
  line 2
