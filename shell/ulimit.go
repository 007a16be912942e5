package shell

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

// ulimit reports the session's limits in bash's words and units. Each
// resource that moonix bounds shows its bound; the others show what is
// true of the sandbox (no core files, no signals pending, no locked
// memory). The limits are fixed for a session: setting one to anything
// but its value fails, as raising a hard limit does in bash.

type ulimitResource struct {
	flag  byte
	name  string
	unit  string // as bash prints it: "blocks", "kbytes", ""...
	value func(s *Session) int64
}

const unlimited = -1

var ulimitResources = []ulimitResource{
	{'R', "real-time non-blocking time", "microseconds", fixed(unlimited)},
	{'c', "core file size", "blocks", fixed(0)},
	{'d', "data seg size", "kbytes", memoryKiB},
	{'e', "scheduling priority", "", fixed(0)},
	{'f', "file size", "blocks", func(s *Session) int64 { return s.diskLimits().Bytes >> 10 }},
	{'i', "pending signals", "", fixed(0)},
	{'l', "max locked memory", "kbytes", fixed(0)},
	{'m', "max memory size", "kbytes", memoryKiB},
	{'n', "open files", "", fixed(unlimited)},
	{'p', "pipe size", "512 bytes", fixed(8)},
	{'q', "POSIX message queues", "bytes", fixed(0)},
	{'r', "real-time priority", "", fixed(0)},
	{'s', "stack size", "kbytes", fixed(unlimited)},
	{'t', "cpu time", "seconds", fixed(unlimited)},
	{'u', "max user processes", "", func(s *Session) int64 { return int64(s.limits().Processes) }},
	{'v', "virtual memory", "kbytes", memoryKiB},
	{'x', "file locks", "", fixed(unlimited)},
}

func fixed(n int64) func(*Session) int64 { return func(*Session) int64 { return n } }

func memoryKiB(s *Session) int64 { return s.limits().Memory >> 10 }

// diskLimits are the filesystem's bounds (the session's, when the FS is
// not a tree that says).
func (s *Session) diskLimits() (l struct{ Bytes, Inodes int64 }) {
	if s.disk != nil {
		u := s.disk()
		return struct{ Bytes, Inodes int64 }{u.Limits.Bytes, u.Limits.Inodes}
	}
	d := s.limits().Disk
	return struct{ Bytes, Inodes int64 }{d.Bytes, d.Inodes}
}

const ulimitUsage = `usage: ulimit [-SHa] [-RcdefilmnpqrstuvxT] [limit]
Print the limits of the session: -a all of them, one flag one of them (-f
without a flag). moonix bounds memory (-d, -m, -v: --max-memory), the
size of the filesystem (-f: --max-disk, in 1024-byte blocks) and the jobs
and pipeline stages alive at once (-u: --max-procs); the call depth
(--max-depth) has no flag here. The limits are fixed for a session: a
limit can only be "set" to the value it has.
`

func (s *Session) ulimit(c *builtins.Call) int {
	var picked []ulimitResource
	all := false
	var value string
	args := c.Args[1:]
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		if a == "--help" {
			fmt.Fprint(c.Stdout, ulimitUsage)
			return 0
		}
		for i := 1; i < len(a); i++ {
			switch f := a[i]; f {
			case 'S', 'H':
			case 'a':
				all = true
			case 'T':
				picked = append(picked, ulimitResource{'T', "max user threads", "", func(s *Session) int64 { return int64(s.limits().Processes) }})
			default:
				r, ok := findResource(f)
				if !ok {
					c.Fail("-%c: invalid option", f)
					fmt.Fprint(c.Stderr, "ulimit: "+strings.SplitN(ulimitUsage, "\n", 2)[0]+"\n")
					return 2
				}
				picked = append(picked, r)
			}
		}
	}
	if len(args) > 0 {
		value, args = args[0], args[1:]
	}
	if len(args) > 0 {
		c.Fail("too many arguments")
		return 2
	}
	if all {
		picked = ulimitResources
	}
	if len(picked) == 0 {
		r, _ := findResource('f')
		picked = []ulimitResource{r}
	}
	if value != "" && !all {
		status := 0
		for _, r := range picked {
			if !sameLimit(value, r.value(s)) {
				c.Fail("%s: cannot modify limit: Operation not permitted", r.name)
				status = 1
			}
		}
		return status
	}
	for _, r := range picked {
		v := "unlimited"
		if n := r.value(s); n != unlimited {
			v = strconv.FormatInt(n, 10)
		}
		if len(picked) == 1 {
			fmt.Fprintln(c.Stdout, v)
			continue
		}
		label := "(-" + string(r.flag) + ")"
		if r.unit != "" {
			label = "(" + r.unit + ", -" + string(r.flag) + ")"
		}
		fmt.Fprintf(c.Stdout, "%-20s %20s%s\n", r.name, label+" ", v) // bash's layout
	}
	return 0
}

func findResource(f byte) (ulimitResource, bool) {
	for _, r := range ulimitResources {
		if r.flag == f {
			return r, true
		}
	}
	return ulimitResource{}, false
}

// sameLimit reports whether the value asked for is the limit n.
func sameLimit(value string, n int64) bool {
	if value == "unlimited" {
		return n == unlimited
	}
	v, err := strconv.ParseInt(value, 10, 64)
	return err == nil && v == n
}
