package coreutils

import (
	"bufio"
	"fmt"
	"io"

	"github.com/moonix-sh/moonix/builtins"
)

func sumBSDCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "sum",
		Summary: "checksum and count the blocks in a file",
		Usage: `Usage: sum [OPTION]... [FILE]...
Print or check BSD (16-bit) checksums.

With no FILE, or when FILE is -, read standard input.

  -r              use BSD sum algorithm (the default), use 1K blocks
  -s, --sysv      use System V sum algorithm, use 512 bytes blocks
`,
		Run: runSumBSD,
	}
}

func runSumBSD(c *builtins.Call) int {
	fl := c.Flags()
	sysv := false
	callbackBoolFlag(fl, "r", "r", func() { sysv = false })
	callbackBoolFlag(fl, "sysv", "s", func() { sysv = true })
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	named := len(fl.Args()) > 0
	return inputs(c, fl.Args(), func(name string, r io.Reader) error {
		br := bufio.NewReaderSize(r, 64*1024)
		var bsd uint32
		var total, bytes uint64
		for {
			if c.Canceled() {
				return errStop
			}
			b, err := br.ReadByte()
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
			bsd = (bsd>>1 | (bsd&1)<<15) + uint32(b)
			bsd &= 0xffff
			total += uint64(b)
			bytes++
		}
		var line string
		if sysv {
			r := total&0xffff + total&0xffffffff>>16
			line = fmt.Sprintf("%d %d", r&0xffff+r>>16, (bytes+511)/512)
		} else {
			line = fmt.Sprintf("%05d %5d", bsd, (bytes+1023)/1024)
		}
		if named {
			line += " " + name
		}
		fmt.Fprintln(c.Stdout, line)
		return nil
	})
}
