sum prints a 16-bit checksum and the count of blocks: BSD's (1K blocks)
by default or with -r, System V's (512-byte blocks) with -s.

  $ echo hello > a
  $ sum a
  36979     1 a
  $ sum -s < a
  542 1
