package gnudiff

import (
	"bytes"
	"fmt"
	"strings"
)

// writeLine writes prefix and line, adding the marker GNU diff prints after
// a last line without a newline.
func writeLine(out *bytes.Buffer, prefix, line string) {
	out.WriteString(prefix)
	out.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		out.WriteString("\n\\ No newline at end of file\n")
	}
}

// normalRange prints lines a..b (0-based, inclusive) as GNU does.
func normalRange(a, b int) string {
	if b > a {
		return fmt.Sprintf("%d,%d", a+1, b+1)
	}
	return fmt.Sprint(b + 1)
}

func writeNormal(out *bytes.Buffer, f0, f1 []string, changes []change) {
	for _, ch := range changes {
		if ch.ignore {
			continue
		}
		op := byte('c')
		switch {
		case ch.deleted == 0:
			op = 'a'
		case ch.inserted == 0:
			op = 'd'
		}
		fmt.Fprintf(out, "%s%c%s\n", normalRange(ch.line0, ch.line0+ch.deleted-1), op, normalRange(ch.line1, ch.line1+ch.inserted-1))
		for _, l := range f0[ch.line0 : ch.line0+ch.deleted] {
			writeLine(out, "< ", l)
		}
		if op == 'c' {
			out.WriteString("---\n")
		}
		for _, l := range f1[ch.line1 : ch.line1+ch.inserted] {
			writeLine(out, "> ", l)
		}
	}
}

// hunks groups changes closer than 2*context+1 unchanged lines (context
// for an ignorable change), and drops groups made only of ignorable ones.
func hunks(changes []change, context int) [][]change {
	var out [][]change
	for i := 0; i < len(changes); {
		j := i + 1
		for j < len(changes) {
			top0 := changes[j-1].line0 + changes[j-1].deleted
			thresh := 2*context + 1
			if changes[j].ignore {
				thresh = context
			}
			if changes[j].line0-top0 >= thresh {
				break
			}
			j++
		}
		group := changes[i:j]
		keep := false
		for _, ch := range group {
			keep = keep || !ch.ignore
		}
		if keep {
			out = append(out, group)
		}
		i = j
	}
	return out
}

// hunkBounds returns the first and last lines (0-based, inclusive) of a
// hunk in each file, context included.
func hunkBounds(h []change, n0, n1, context int) (first0, last0, first1, last1 int) {
	first, last := h[0], h[len(h)-1]
	first0 = max(first.line0-context, 0)
	first1 = max(first.line1-context, 0)
	last0 = min(last.line0+last.deleted-1+context, n0-1)
	last1 = min(last.line1+last.inserted-1+context, n1-1)
	return
}

func unifiedRange(a, b int) string {
	switch {
	case b < a:
		return fmt.Sprintf("%d,0", b+1)
	case b == a:
		return fmt.Sprint(b + 1)
	}
	return fmt.Sprintf("%d,%d", a+1, b-a+1)
}

func writeUnified(out *bytes.Buffer, f0, f1 []string, changes []change, context int) {
	for _, h := range hunks(changes, context) {
		first0, last0, first1, last1 := hunkBounds(h, len(f0), len(f1), context)
		fmt.Fprintf(out, "@@ -%s +%s @@\n", unifiedRange(first0, last0), unifiedRange(first1, last1))
		i, j := first0, first1
		k := 0
		for i <= last0 || j <= last1 {
			if k >= len(h) || i < h[k].line0 {
				writeLine(out, " ", f0[i])
				i++
				j++
				continue
			}
			for _, l := range f0[i : i+h[k].deleted] {
				writeLine(out, "-", l)
			}
			i += h[k].deleted
			for _, l := range f1[j : j+h[k].inserted] {
				writeLine(out, "+", l)
			}
			j += h[k].inserted
			k++
		}
	}
}

func contextRange(a, b int) string {
	if b > a {
		return fmt.Sprintf("%d,%d", a+1, b+1)
	}
	return fmt.Sprint(b + 1)
}

func writeContext(out *bytes.Buffer, f0, f1 []string, changes []change, context int) {
	for _, h := range hunks(changes, context) {
		first0, last0, first1, last1 := hunkBounds(h, len(f0), len(f1), context)
		old, new := false, false
		for _, ch := range h {
			if !ch.ignore {
				old = old || ch.deleted > 0
				new = new || ch.inserted > 0
			}
		}
		fmt.Fprintf(out, "***************\n*** %s ****\n", contextRange(first0, last0))
		if old {
			k := 0
			for i := first0; i <= last0; i++ {
				for k < len(h) && h[k].line0+h[k].deleted <= i {
					k++
				}
				prefix := "  "
				if k < len(h) && h[k].line0 <= i {
					prefix = "- "
					if h[k].inserted > 0 {
						prefix = "! "
					}
				}
				writeLine(out, prefix, f0[i])
			}
		}
		fmt.Fprintf(out, "--- %s ----\n", contextRange(first1, last1))
		if new {
			k := 0
			for j := first1; j <= last1; j++ {
				for k < len(h) && h[k].line1+h[k].inserted <= j {
					k++
				}
				prefix := "  "
				if k < len(h) && h[k].line1 <= j {
					prefix = "+ "
					if h[k].deleted > 0 {
						prefix = "! "
					}
				}
				writeLine(out, prefix, f1[j])
			}
		}
	}
}
