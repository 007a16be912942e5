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

-e takes a format string, as util-linux's hexdump does: units of
ITERATIONS/BYTES "TEXT" with printf's conversions and hexdump's own
(%_a the offset, %_p a character or '.', %_c, %_u); -b -c -d -o -x are
formats of this kind.

  $ hexdump -e '"%04_ax: " 4/1 "%02x "' -e '" |" 4/1 "%_p" "|\n"' f
  0000: 68 65 6c 6c |hell|
  0004: 6f 20 77 6f |o wo|
  0008: 72 6c 64 0a |rld.|
  $ hexdump -c f
  0000000   h   e   l   l   o       w   o   r   l   d  \n                
  000000c

A format that would print more than the session's memory holds is
refused before anything is printed:

  $ hexdump -e '99999999999/1 "%x"' f
  moonix: hexdump: out of memory (limit 2048 MiB)
  [1]
