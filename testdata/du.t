du adds up space in KiB: a regular file counts its size rounded up to a
whole KiB; directories and symlinks count nothing of their own.

  $ mkdir -p d/sub
  $ printf '%3000s' x > d/sub/big
  $ printf 'small\n' > d/small
  $ ln -s sub/big d/link
  $ du
  3	./d/sub
  4	./d
  4	.
  $ du -a d
  0	d/link
  1	d/small
  3	d/sub/big
  3	d/sub
  4	d
  $ du -s d d/small
  4	d
  1	d/small
  $ du -sh d
  4.0K	d
  $ du -d 1 -c d
  3	d/sub
  4	d
  4	total
  $ du -sb d
  3006	d
  $ du nope
  du: cannot access 'nope': No such file or directory
  [1]
