package coreutils

import (
	"io"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func teeCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "tee",
		Summary: "copy standard input to standard output and files",
		Usage: `Usage: tee [-aip] [FILE]...
Copy standard input to standard output and files.

  -a, --append               append to the FILEs, do not overwrite
  -i, --ignore-interrupts    accepted for compatibility
  -p, --output-error[=MODE]  keep writing to the files when standard output
                             goes away (MODE is accepted and ignored)
Each FILE that cannot be opened or written is reported; tee goes on with
the others and exits 1.
`,
		Run: runTee,
	}
}

func runTee(c *builtins.Call) int {
	fl := c.Flags()
	appending := fl.BoolP("append", "a", false, "")
	fl.BoolP("ignore-interrupts", "i", false, "")
	keepGoing := false
	f := fl.VarPF(callbackFlag(func(string) error { keepGoing = true; return nil }), "output-error", "p", "")
	f.NoOptDefVal = "warn-nopipe"
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	status := 0
	type sink struct {
		name string
		f    vfs.File
	}
	var sinks []*sink
	for _, name := range fl.Args() {
		file, err := c.Create(name, *appending)
		if err != nil {
			c.FailErr(name, err)
			status = 1
			continue
		}
		sinks = append(sinks, &sink{name, file})
	}
	defer func() {
		for _, s := range sinks {
			if s.f != nil {
				s.f.Close()
			}
		}
	}()
	stdoutOK := true
	buf := make([]byte, 32*1024)
	for {
		if c.Canceled() {
			return 130
		}
		n, err := c.Stdin.Read(buf)
		if n > 0 {
			if stdoutOK {
				if _, werr := c.Stdout.Write(buf[:n]); werr != nil {
					if !keepGoing {
						return status
					}
					stdoutOK = false
				}
				// Pass data on as it comes: tee sits in pipelines.
				if fw, ok := c.Stdout.(interface{ Flush() error }); ok && stdoutOK {
					if fw.Flush() != nil && !keepGoing {
						return status
					}
				}
			}
			for _, s := range sinks {
				if s.f == nil {
					continue
				}
				if _, werr := s.f.Write(buf[:n]); werr != nil {
					c.FailErr(s.name, werr)
					status = 1
					s.f.Close()
					s.f = nil
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			c.FailErr("standard input", err)
			status = 1
			break
		}
	}
	for _, s := range sinks {
		if s.f != nil {
			if err := s.f.Close(); err != nil {
				c.FailErr(s.name, err)
				status = 1
			}
			s.f = nil
		}
	}
	return status
}
