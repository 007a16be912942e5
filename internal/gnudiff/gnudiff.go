// Package gnudiff compares two texts line by line and writes the
// differences in GNU diff's formats: normal, unified (-u) and context (-c),
// with its ignore options (-i, -w, -b, -B, --strip-trailing-cr) and its
// messages for binary, identical and differing files.
//
// go-udiff's Myers algorithm finds the changed lines; what GNU diff adds on
// top of a longest common subsequence is written here: cutting long inputs
// at lines unique to both sides, sliding runs of changes where GNU's
// shift_boundaries puts them, and the three output formats with their
// headers and "\ No newline at end of file" markers. No Go library writes
// those formats (see RATIONALE.md).
//
// gnudiff imports the standard library, go-udiff's lcs package and pflag
// (for the options, which the diff command and the history's diff of
// snapshots share). Options are safe for concurrent use once set.
package gnudiff

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"
)

// Format is one of GNU diff's output formats.
type Format int

const (
	Normal  Format = iota // 1c1, < old, ---, > new
	Unified               // -u: @@ -1 +1 @@
	Context               // -c: *** 1 ****, --- 1 ----
)

// Options say how two files are compared and their differences written.
// The zero value is GNU diff's default: the normal format, nothing
// ignored.
type Options struct {
	Format  Format
	Context int // lines of context around a hunk (unified and context)
	// Brief only says whether the files differ (-q); Identical also says
	// when they are the same (-s); Text compares binary files as text (-a).
	Brief, Identical, Text bool
	// What the comparison ignores: case (-i), all white space (-w),
	// changes in its amount (-b), changes whose lines are all blank (-B),
	// a carriage return at the end of lines.
	IgnoreCase, AllSpace, SpaceChange, BlankLines, StripCR bool
	// Labels replace the names and times of the files in the headers
	// (--label, once per file).
	Labels []string
}

// File is one side of a comparison: its name as the messages print it,
// its contents, and the time the headers show (asked only when a header
// shows it: the time of standard input is a read of the clock).
type File struct {
	Name string
	Data []byte
	Time func() time.Time
}

// Compare writes the differences between a and b to w in o's format, head
// first when there are any (the "diff ... a/x b/x" line of a directory
// comparison). It returns 0 when the files are the same (or differ only in
// what o ignores) and 1 when they differ, with the error of the write.
func (o *Options) Compare(w io.Writer, a, b File, head string) (int, error) {
	if bytes.Equal(a.Data, b.Data) {
		return o.same(w, a, b)
	}
	binary := !o.Text && (IsBinary(a.Data) || IsBinary(b.Data))
	if binary || o.Brief {
		var err error
		switch {
		case binary && !o.Brief:
			_, err = fmt.Fprintf(w, "Binary files %s and %s differ\n", o.label(0, a.Name), o.label(1, b.Name))
		case !o.hasIgnores() || o.changes(a.Data, b.Data) != nil:
			_, err = fmt.Fprintf(w, "Files %s and %s differ\n", o.label(0, a.Name), o.label(1, b.Name))
		default:
			return 0, nil
		}
		return 1, err
	}
	f0, f1 := splitLines(a.Data), splitLines(b.Data)
	changes := o.scriptLines(f0, f1)
	if len(changes) == 0 {
		return o.same(w, a, b)
	}
	if o.BlankLines {
		all := true
		for i := range changes {
			changes[i].ignore = allBlank(f0[changes[i].line0:changes[i].line0+changes[i].deleted]) &&
				allBlank(f1[changes[i].line1:changes[i].line1+changes[i].inserted])
			all = all && changes[i].ignore
		}
		if all {
			return 0, nil
		}
	}
	var out bytes.Buffer
	out.WriteString(head)
	switch o.Format {
	case Normal:
		writeNormal(&out, f0, f1, changes)
	case Unified:
		fmt.Fprintf(&out, "--- %s\n+++ %s\n", o.header(0, a), o.header(1, b))
		writeUnified(&out, f0, f1, changes, o.Context)
	case Context:
		fmt.Fprintf(&out, "*** %s\n--- %s\n", o.ctxHeader(0, a), o.ctxHeader(1, b))
		writeContext(&out, f0, f1, changes, o.Context)
	}
	_, err := w.Write(out.Bytes())
	return 1, err
}

// same reports two files without differences: nothing, unless -s.
func (o *Options) same(w io.Writer, a, b File) (int, error) {
	if !o.Identical {
		return 0, nil
	}
	_, err := fmt.Fprintf(w, "Files %s and %s are identical\n", a.Name, b.Name)
	return 0, err
}

func (o *Options) label(i int, name string) string {
	if i < len(o.Labels) {
		return o.Labels[i]
	}
	return name
}

func (o *Options) header(i int, f File) string {
	if i < len(o.Labels) {
		return o.Labels[i]
	}
	return f.Name + "\t" + f.Time().Format("2006-01-02 15:04:05.000000000 -0700")
}

// ctxHeader is the context format's header: GNU diff prints the time as
// ctime(3) does there.
func (o *Options) ctxHeader(i int, f File) string {
	if i < len(o.Labels) {
		return o.Labels[i]
	}
	return f.Name + "\t" + f.Time().Format("Mon Jan _2 15:04:05 2006")
}

func (o *Options) hasIgnores() bool {
	return o.IgnoreCase || o.AllSpace || o.SpaceChange || o.BlankLines || o.StripCR
}

// changes are the changes between two texts that o does not ignore.
func (o *Options) changes(data0, data1 []byte) []change {
	f0, f1 := splitLines(data0), splitLines(data1)
	changes := o.scriptLines(f0, f1)
	if o.BlankLines {
		var kept []change
		for _, ch := range changes {
			if !allBlank(f0[ch.line0:ch.line0+ch.deleted]) || !allBlank(f1[ch.line1:ch.line1+ch.inserted]) {
				kept = append(kept, ch)
			}
		}
		changes = kept
	}
	return changes
}

// IsBinary reports whether data looks binary to GNU diff: a NUL byte in
// its first 32 KiB.
func IsBinary(data []byte) bool {
	if len(data) > 32*1024 {
		data = data[:32*1024]
	}
	return bytes.IndexByte(data, 0) >= 0
}

// key is the text a line is compared by under the ignore options.
func (o *Options) key(line string) string {
	nl := strings.HasSuffix(line, "\n")
	s := strings.TrimSuffix(line, "\n")
	if o.StripCR {
		s = strings.TrimSuffix(s, "\r")
	}
	if o.IgnoreCase {
		s = strings.ToLower(s)
	}
	switch {
	case o.AllSpace:
		s = strings.Map(func(r rune) rune {
			if r == ' ' || r == '\t' || r == '\v' || r == '\f' || r == '\r' {
				return -1
			}
			return r
		}, s)
	case o.SpaceChange:
		var b strings.Builder
		space := false
		for _, r := range s {
			if r == ' ' || r == '\t' || r == '\v' || r == '\f' || r == '\r' {
				space = true
				continue
			}
			if space {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		}
		s = b.String()
	}
	if nl {
		s += "\n"
	}
	return s
}
