base32 encodes with the RFC 4648 base32 alphabet; -d decodes.

  $ printf 'abc' | base32
  MFRGG===
  $ echo MFRGG=== | base32 -d
  abc (no-eol)
  $ printf 'hello world' | base32 -w 16
  NBSWY3DPEB3W64TM
  MQ======
  $ echo 'MFR*GG===' | base32 -d -i
  abc (no-eol)
  $ echo 'MFRGG' | base32 -d
  base32: invalid input
  [1]
