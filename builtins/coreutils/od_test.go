package coreutils

import "testing"

func TestOd(t *testing.T) {
	t.Parallel()
	data := "hello world\n\x00\x01\xff\x7f abcdefghijklmnopqrstuv"
	zeros := "0000000000000000000000000000000000000000"
	floats := "\x00\x00\x80\x3f\x00\x00\x00\x00\x00\x00\xf0\x3f"
	runDataCases(t, map[string]string{"f": data, "z": zeros, "fl": floats}, []dataCase{
		{args: "od f", out: "0000000 062550 066154 020157 067567 066162 005144 000400 077777\n0000020 060440 061542 062544 063546 064550 065552 066554 067556\n0000040 070560 071562 072564 000166\n0000047\n"},
		{args: "od -c f", out: "0000000   h   e   l   l   o       w   o   r   l   d  \\n  \\0 001 377 177\n0000020       a   b   c   d   e   f   g   h   i   j   k   l   m   n   o\n0000040   p   q   r   s   t   u   v\n0000047\n"},
		{args: "od -t x1 -t c -N 4 f", out: "0000000  68  65  6c  6c\n          h   e   l   l\n0000004\n"},
		{args: "od -A x -t x2 -N 8 f", out: "000000 6568 6c6c 206f 6f77\n000008\n"},
		{args: "od -A d -t d1 -j 12 -N 4 f", out: "0000012    0    1   -1  127\n0000016\n"},
		{args: "od -t u1 -j 12 -N 4 f", out: "0000014   0   1 255 127\n0000020\n"},
		{args: "od -t a -N 16 f", out: "0000000   h   e   l   l   o  sp   w   o   r   l   d  nl nul soh del del\n0000020\n"},
		{args: "od -t d4 -N 16 f", out: "0000000  1819043176  1870078063   174353522  2147418368\n0000020\n"},
		{args: "od -t o1 -N 5 f", out: "0000000 150 145 154 154 157\n0000005\n"},
		{args: "od -An -tx1 -w8 -N 10 f", out: " 68 65 6c 6c 6f 20 77 6f\n 72 6c\n"},
		{args: "od -t x8 -N 8 f", out: "0000000 6f77206f6c6c6568\n0000010\n"},
		{args: "od -tx1z -N 4 f", out: "0000000 68 65 6c 6c                                      >hell<\n0000004\n"},
		{args: "od -t x4", stdin: "ab", out: "0000000 00006261\n0000002\n"},
		{args: "od -t f4 fl", out: "0000000               1               0           1.875\n0000014\n"},
		{args: "od -t f8 -j 4 fl", out: "0000004                        1\n0000014\n"},
		{args: "od -t x1 z", out: "0000000 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30\n*\n0000040 30 30 30 30 30 30 30 30\n0000050\n"},
		{args: "od -v -t x1 -N 32 z", out: "0000000 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30\n0000020 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30\n0000040\n"},
		{args: "od -x -c -N 2 f", out: "0000000    6568\n          h   e\n0000002\n"},
		{args: "od -b -N 2 f", out: "0000000 150 145\n0000002\n"},
		{args: "od -d -N 2 f", out: "0000000 25960\n0000002\n"},
		{args: "od -w -N 2 f", out: "0000000 062550\n0000002\n"},
		{args: "od -N 0x2 -", stdin: "abc", out: "0000000 061141\n0000002\n"},
		{args: "od", stdin: "", out: "0000000\n"},
		{args: "od -j 500 f", err: "od: cannot skip past end of combined input\n", status: 1},
		{args: "od -t q f", err: "od: invalid character 'q' in type string 'q'\n", status: 1},
		{args: "od -A q f", err: "od: invalid output address radix 'q'; it must be one character from [doxn]\n", status: 1},
		{args: "od nope", err: "od: nope: No such file or directory\n", status: 1},
		// GNU's legacy letters
		{args: "od -h -N 6 f", out: "0000000 6568 6c6c 206f\n0000006\n"},
		{args: "od -B -N 4 f", out: "0000000 062550 066154\n0000004\n"},
		{args: "od -D -N 8 f", out: "0000000 1819043176 1870078063\n0000010\n"},
		{args: "od -H -N 8 f", out: "0000000 6c6c6568 6f77206f\n0000010\n"},
		{args: "od -X -a -N 4 f", out: "0000000        6c6c6568\n          h   e   l   l\n0000004\n"},
		{args: "od -O -N 4 f", out: "0000000 15433062550\n0000004\n"},
		{args: "od -I -N 8 f", out: "0000000  8031924123371070824\n0000010\n"},
		{args: "od -L -j 12 -N 8 f", out: "0000014  7161393149686776064\n0000024\n"},
		{args: "od -e fl", out: "0000000         5.263544247e-315         5.299808824e-315\n0000014\n"},
		{args: "od -F -N 8 fl", out: "0000000         5.263544247e-315\n0000010\n"},
		{args: "od -hc -N 2 f", out: "0000000    6568\n          h   e\n0000002\n"},
		// an offset operand: after the file, or alone with +, when no
		// option but the letters is given; --traditional adds a label
		{args: "od -c f +40", out: "0000040   p   q   r   s   t   u   v\n0000047\n"},
		{args: "od -c f 40", out: "0000040   p   q   r   s   t   u   v\n0000047\n"},
		{args: "od -c +44", stdin: data, out: "0000044   t   u   v\n0000047\n"},
		{args: "od -c f 0x24", out: "0000044   t   u   v\n0000047\n"},
		{args: "od -t c f +40", out: "0000000   h   e   l   l   o       w   o   r   l   d  \\n  \\0 001 377 177\n0000020       a   b   c   d   e   f   g   h   i   j   k   l   m   n   o\n0000040   p   q   r   s   t   u   v\n0000047\n",
			err: "od: +40: No such file or directory\n", status: 1},
		{args: "od --traditional -c f 44", out: "0000044   t   u   v\n0000047\n"},
		{args: "od --traditional -c 44", stdin: data, out: "0000044   t   u   v\n0000047\n"},
		{args: "od --traditional -c -x f 44 100", out: "0000044 (0000100)   t   u   v\n           7574    0076\n0000047 (0000103)\n"},
		{args: "od --traditional -Ax -c f 0x24 0x100", out: "000024 (000100)   t   u   v\n000027 (000103)\n"},
		{args: "od --traditional -b f 1b", err: "od: cannot skip past end of combined input\n", status: 1},
		{args: "od --traditional f 1 2 3", err: "od: extra operand '1'\nod: compatibility mode supports at most one file\nTry 'od --help' for more information.\n", status: 1},
		{args: "od --traditional -c f 44.", err: "od: extra operand '44.'\nod: compatibility mode supports at most one file\nTry 'od --help' for more information.\n", status: 1},
	})
}

func TestHexdump(t *testing.T) {
	t.Parallel()
	data := "hello world\n\x00\x01\xff\x7f abcdefghijklmnopqrstuv"
	zeros := "0000000000000000000000000000000000000000"
	runDataCases(t, map[string]string{"f": data, "z": zeros}, []dataCase{
		{args: "hexdump f", out: "0000000 6568 6c6c 206f 6f77 6c72 0a64 0100 7fff\n0000010 6120 6362 6564 6766 6968 6b6a 6d6c 6f6e\n0000020 7170 7372 7574 0076                    \n0000027\n"},
		{args: "hexdump -C f", out: "00000000  68 65 6c 6c 6f 20 77 6f  72 6c 64 0a 00 01 ff 7f  |hello world.....|\n00000010  20 61 62 63 64 65 66 67  68 69 6a 6b 6c 6d 6e 6f  | abcdefghijklmno|\n00000020  70 71 72 73 74 75 76                              |pqrstuv|\n00000027\n"},
		{args: "hexdump -C", stdin: "abc", out: "00000000  61 62 63                                          |abc|\n00000003\n"},
		{args: "hexdump -C z", out: "00000000  30 30 30 30 30 30 30 30  30 30 30 30 30 30 30 30  |0000000000000000|\n*\n00000020  30 30 30 30 30 30 30 30                           |00000000|\n00000028\n"},
		{args: "hexdump -v -n 32 z", out: "0000000 3030 3030 3030 3030 3030 3030 3030 3030\n0000010 3030 3030 3030 3030 3030 3030 3030 3030\n0000020\n"},
		{args: "hexdump -n 5 -s 2 -C f", out: "00000002  6c 6c 6f 20 77                                    |llo w|\n00000007\n"},
		{args: "hexdump", stdin: "", out: ""},
		{args: "hexdump -C nope", err: "hexdump: nope: No such file or directory\nhexdump: all input file arguments failed\n", status: 1},
	})
}

func TestXxd(t *testing.T) {
	t.Parallel()
	data := "hello world\n\x00\x01\xff\x7f abcdefghijklmnopqrstuv"
	dump := "00000000: 6865 6c6c 6f20 776f 726c 640a 0001 ff7f  hello world.....\n00000010: 2061 6263 6465 6667 6869 6a6b 6c6d 6e6f   abcdefghijklmno\n00000020: 7071 7273 7475 76                        pqrstuv\n"
	runDataCases(t, map[string]string{"f": data, "dump": dump}, []dataCase{
		{args: "xxd f", out: dump},
		{args: "xxd -p f", out: "68656c6c6f20776f726c640a0001ff7f206162636465666768696a6b6c6d\n6e6f70717273747576\n"},
		{args: "xxd", stdin: "abc", out: "00000000: 6162 63                                  abc\n"},
		{args: "xxd -r -p", stdin: "61 62\n63\n", out: "abc"},
		// as vim's: anything before a line's first digit is skipped; after
		// it, a third non-digit in a row ends the line
		{args: "xxd -r -p", stdin: "41 42zz43\n44", out: "ABD"},
		{args: "xxd -p -r", stdin: "41z42\n4z1\nzz43\n4 4\r\n4gg5\n", out: "ABCD"},
		{args: "xxd -r -p", stdin: "414g243", out: "A$"},
		{args: "xxd -r dump", out: data},
		{args: "xxd -c 8 -l 8 f", out: "00000000: 6865 6c6c 6f20 776f  hello wo\n"},
		{args: "xxd -l 5 -s 2 f", out: "00000002: 6c6c 6f20 77                             llo w\n"},
		{args: "xxd -u -l 4 f", out: "00000000: 6865 6C6C                                hell\n"},
		{args: "xxd -g 4 -l 16 f", out: "00000000: 68656c6c 6f20776f 726c640a 0001ff7f  hello world.....\n"},
		{args: "xxd -i -l 3 f", out: "unsigned char f[] = {\n  0x68, 0x65, 0x6c\n};\nunsigned int f_len = 3;\n"},
		{args: "xxd f out", out: ""},
		{args: "xxd", stdin: "", out: ""},
		{args: "xxd nope", err: "xxd: nope: No such file or directory\n", status: 2},
	})
}
