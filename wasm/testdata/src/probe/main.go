// Command probe is moonix's test program for WebAssembly: one binary whose
// first argument picks what it does, so that the tests build it once.
package main

import (
	"bufio"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
	"unsafe"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: probe MODE [ARG]...")
		os.Exit(2)
	}
	args := os.Args[2:]
	switch os.Args[1] {
	case "args":
		for i, a := range os.Args {
			fmt.Printf("%d=%s\n", i, a)
		}
	case "env":
		if len(args) == 0 {
			env := os.Environ()
			sort.Strings(env)
			for _, kv := range env {
				fmt.Println(kv)
			}
			return
		}
		for _, name := range args {
			if v, ok := os.LookupEnv(name); ok {
				fmt.Printf("%s=%s\n", name, v)
			} else {
				fmt.Printf("%s unset\n", name)
			}
		}
	case "pwd":
		wd, err := os.Getwd()
		fmt.Println(wd, errText(err))
	case "cat":
		// Copy standard input to standard output as it comes, a read at a time.
		buf := make([]byte, 4096)
		for {
			n, err := os.Stdin.Read(buf)
			if n > 0 {
				if _, werr := os.Stdout.Write(buf[:n]); werr != nil {
					os.Exit(1)
				}
			}
			if err != nil {
				return
			}
		}
	case "upper":
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			fmt.Println(strings.ToUpper(sc.Text()))
		}
	case "yes":
		// Write forever, ignoring errors: only being stopped ends it.
		line := []byte("y\n")
		for {
			os.Stdout.Write(line)
		}
	case "exit":
		n, _ := strconv.Atoi(args[0])
		fmt.Println("exiting", n)
		os.Exit(n)
	case "stderr":
		fmt.Fprintln(os.Stderr, strings.Join(args, " "))
	case "loop":
		fmt.Println("looping")
		n := 0
		for {
			n++
		}
	case "grow":
		// Allocate MiB mebibytes, touching every page.
		mib, _ := strconv.Atoi(args[0])
		var keep [][]byte
		for i := 0; i < mib; i += 16 {
			b := make([]byte, 16<<20)
			for j := 0; j < len(b); j += 4096 {
				b[j] = 1
			}
			keep = append(keep, b)
		}
		fmt.Println("allocated", len(keep)*16, "MiB")
	case "write":
		if err := os.WriteFile(args[0], []byte(strings.Join(args[1:], " ")+"\n"), 0o666); err != nil {
			fmt.Fprintln(os.Stderr, "probe:", err)
			os.Exit(1)
		}
	case "read":
		b, err := os.ReadFile(args[0])
		if err != nil {
			fmt.Fprintln(os.Stderr, "probe:", err)
			os.Exit(1)
		}
		os.Stdout.Write(b)
	case "ls":
		entries, err := os.ReadDir(args[0])
		if err != nil {
			fmt.Fprintln(os.Stderr, "probe:", err)
			os.Exit(1)
		}
		for _, e := range entries {
			fmt.Println(e.Name())
		}
	case "time":
		t0 := time.Now()
		fmt.Println("now", t0.UTC().Format(time.RFC3339Nano))
		time.Sleep(20 * time.Millisecond)
		fmt.Println("slept at least 20ms:", time.Since(t0) >= 20*time.Millisecond)
		b := make([]byte, 8)
		rand.Read(b)
		fmt.Printf("random %x\n", b)
	case "sleep":
		d, _ := time.ParseDuration(args[0])
		time.Sleep(d)
		fmt.Println("woke")
	case "symlink":
		// Make args[1] a link to args[0].
		if err := os.Symlink(args[0], args[1]); err != nil {
			fmt.Fprintln(os.Stderr, "probe:", err)
			os.Exit(1)
		}
	case "truncate":
		size, _ := strconv.ParseInt(args[1], 10, 64)
		if err := os.Truncate(args[0], size); err != nil {
			fmt.Fprintln(os.Stderr, "probe:", err)
			os.Exit(1)
		}
		fmt.Println("truncated")
	case "flip":
		flip(args[0], args[1], args[2], args[3])
	case "fs":
		fsProbe(args[0])
	case "wasi":
		wasiProbe(args[0])
	case "perm":
		permProbe(args)
	default:
		fmt.Fprintln(os.Stderr, "probe: unknown mode", os.Args[1])
		os.Exit(2)
	}
}

// errText is the error's cause without the path, the same text on every
// host: "ok" for none.
func errText(err error) string {
	if err == nil {
		return "ok"
	}
	var pe *os.PathError
	var le *os.LinkError
	var se *os.SyscallError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	case errors.As(err, &se):
		err = se.Err
	}
	return err.Error()
}

func check(what string, err error) {
	fmt.Printf("%s: %s\n", what, errText(err))
}

func must(err error) {
	if err != nil {
		fmt.Println("unexpected:", err)
		os.Exit(3)
	}
}

func readAll(name string) string {
	b, err := os.ReadFile(name)
	if err != nil {
		return "error: " + errText(err)
	}
	return strconv.Quote(string(b))
}

// flip makes link a symlink to a, handing over a target that lives in a
// buffer of its own, and then rewrites that buffer, turning a into b and
// back, until the file stop exists: a host that keeps the target as the
// module's memory sees it change under it. a and b have the same length.
func flip(link, a, b, stop string) {
	if len(a) != len(b) {
		fmt.Fprintln(os.Stderr, "probe: flip: the targets differ in length")
		os.Exit(2)
	}
	buf := []byte(a)
	if err := os.Symlink(unsafe.String(&buf[0], len(buf)), link); err != nil {
		fmt.Fprintln(os.Stderr, "probe:", err)
		os.Exit(1)
	}
	for {
		for range 1000 {
			copy(buf, b)
			copy(buf, a)
		}
		if _, err := os.Stat(stop); err == nil {
			return
		}
	}
}
