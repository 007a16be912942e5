tee copies standard input to standard output and to files.

  $ echo hello | tee a.txt b.txt
  hello
  $ cat a.txt b.txt
  hello
  hello
  $ echo more | tee -a a.txt > /dev/null
  $ cat a.txt
  hello
  more

A file that cannot be written is reported; tee goes on with the others:

  $ echo x | tee /nodir/f c.txt
  moonix: write /nodir/f: permission denied (needs fs.write:/nodir/f)
  x
  [1]
  $ cat c.txt
  x
