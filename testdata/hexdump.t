hexdump -C shows hex bytes beside the printable characters.

  $ printf 'hello world\n' > f
  $ hexdump -C f
  00000000  68 65 6c 6c 6f 20 77 6f  72 6c 64 0a              |hello world.|
  0000000c
  $ hexdump f
  0000000 6568 6c6c 206f 6f77 6c72 0a64          
  000000c
  $ hexdump -C -s 6 -n 5 f
  00000006  77 6f 72 6c 64                                    |world|
  0000000b
  $ printf '%048d' 0 | hexdump -C
  00000000  30 30 30 30 30 30 30 30  30 30 30 30 30 30 30 30  |0000000000000000|
  *
  00000030
