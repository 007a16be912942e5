xxd makes a hex dump; -p a plain one; -r turns a dump back into bytes.

  $ printf 'hello world\n' > f
  $ xxd f
  00000000: 6865 6c6c 6f20 776f 726c 640a            hello world.
  $ xxd -p f
  68656c6c6f20776f726c640a
  $ xxd -p f | xxd -r -p
  hello world
  $ xxd f | xxd -r
  hello world
  $ xxd -c 4 -g 1 -l 8 f
  00000000: 68 65 6c 6c  hell
  00000004: 6f 20 77 6f  o wo
  $ xxd -i f
  unsigned char f[] = {
    0x68, 0x65, 0x6c, 0x6c, 0x6f, 0x20, 0x77, 0x6f, 0x72, 0x6c, 0x64, 0x0a
  };
  unsigned int f_len = 12;

With -r -p, as in vim's xxd, what comes before a line's first hex digit is
skipped, and after it three non-digits in a row end what the line gives:

  $ printf '41 42zz43\n44' | xxd -r -p; echo
  ABD
