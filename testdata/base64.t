base64 encodes data, wrapping lines at 76 columns; -d decodes.

  $ echo hello | base64
  aGVsbG8K
  $ echo aGVsbG8K | base64 -d
  hello
  $ printf 'abcdefghij' | base64 -w 8
  YWJjZGVm
  Z2hpag==
  $ printf 'abc' | base64 -w 0
  YWJj (no-eol)
  $ printf 'abc' > f
  $ base64 f
  YWJj

Garbage in the input is an error unless -i ignores it.

  $ printf 'YW*Jj' | base64 -d
  abase64: invalid input
  [1]
  $ printf 'YW*Jj' | base64 -d -i
  abc (no-eol)
