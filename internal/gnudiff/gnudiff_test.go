package gnudiff

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// compare runs o.Compare on two texts named a and b.
func compare(t *testing.T, o Options, a, b string) (string, int) {
	t.Helper()
	var out strings.Builder
	epoch := func() time.Time { return time.Unix(0, 0).UTC() }
	status, err := o.Compare(&out, File{Name: "a", Data: []byte(a), Time: epoch}, File{Name: "b", Data: []byte(b), Time: epoch}, "")
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), status
}

// TestDiffApplies checks on random inputs that the normal and unified
// outputs are correct edit scripts, whichever hunks the algorithm picked.
func TestDiffApplies(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 2))
	alpha := []string{"a\n", "b\n", "c\n", "\n", "d\n"}
	gen := func() string {
		var b strings.Builder
		for range rnd.IntN(14) {
			b.WriteString(alpha[rnd.IntN(len(alpha))])
		}
		return b.String()
	}
	for i := range 200 {
		a, b := gen(), gen()
		if rnd.IntN(4) == 0 && b != "" {
			b = b[:len(b)-1] // no newline at the end
		}
		out, status := compare(t, Options{}, a, b)
		if (status == 0) != (a == b) {
			t.Fatalf("case %d: status %d for %q and %q", i, status, a, b)
		}
		if got := applyNormalDiff(t, a, out); got != b {
			t.Fatalf("case %d: diff a b on %q and %q:\n%s\napplied gives %q", i, a, b, out, got)
		}
		out, _ = compare(t, Options{Format: Unified, Context: 1}, a, b)
		if got := applyUnifiedDiff(t, a, out); got != b {
			t.Fatalf("case %d: diff -U1 a b on %q and %q:\n%s\napplied gives %q", i, a, b, out, got)
		}
	}
}

// applyNormalDiff applies a normal-format diff to a.
func applyNormalDiff(t *testing.T, a, script string) string {
	t.Helper()
	old := splitLines([]byte(a))
	var out []string
	next := 0 // next line of old to copy
	lines := splitLines([]byte(script))
	for i := 0; i < len(lines); i++ {
		cmd := strings.TrimSuffix(lines[i], "\n")
		j := strings.IndexAny(cmd, "acd")
		r0 := strings.Split(cmd[:j], ",")
		var from, to int
		fmt.Sscan(r0[0], &from)
		to = from
		if len(r0) == 2 {
			fmt.Sscan(r0[1], &to)
		}
		if cmd[j] == 'a' {
			out = append(out, old[next:from]...)
			next = from
		} else {
			out = append(out, old[next:from-1]...)
			next = to
		}
		for i+1 < len(lines) && !strings.ContainsAny(lines[i+1][:1], "0123456789") {
			i++
			l := lines[i]
			switch {
			case strings.HasPrefix(l, "> "):
				out = append(out, l[2:])
			case strings.HasPrefix(l, `\ No newline`):
				if strings.HasPrefix(lines[i-1], "> ") {
					out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], "\n")
				}
			}
		}
	}
	out = append(out, old[next:]...)
	return strings.Join(out, "")
}

// applyUnifiedDiff applies a unified diff to a.
func applyUnifiedDiff(t *testing.T, a, script string) string {
	t.Helper()
	old := splitLines([]byte(a))
	var out []string
	next := 0
	lines := splitLines([]byte(script))
	for i := 2; i < len(lines); i++ {
		var s0, s1 string
		fmt.Sscanf(lines[i], "@@ -%s +%s @@", &s0, &s1)
		var start, n int
		n = 1
		if k := strings.IndexByte(s0, ','); k >= 0 {
			fmt.Sscan(s0[:k], &start)
			fmt.Sscan(s0[k+1:], &n)
		} else {
			fmt.Sscan(s0, &start)
		}
		if n > 0 {
			start--
		}
		out = append(out, old[next:start]...)
		next = start
		for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "@@") {
			i++
			l := lines[i]
			switch l[0] {
			case ' ':
				out = append(out, old[next])
				next++
			case '-':
				next++
			case '+':
				out = append(out, l[1:])
			case '\\':
				if lines[i-1][0] != '-' {
					out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], "\n")
				}
			}
		}
	}
	out = append(out, old[next:]...)
	return strings.Join(out, "")
}

// TestDiffLarge checks that scattered changes in a long file stay small
// hunks: go-udiff alone gives up on minimality past about 50 edits.
func TestDiffLarge(t *testing.T) {
	t.Parallel()
	var a, b, want strings.Builder
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&a, "%d\n", i)
		if i%50 == 0 {
			fmt.Fprintf(&b, "x%d\n", i)
			fmt.Fprintf(&want, "%dc%d\n< %d\n---\n> x%d\n", i, i, i, i)
		} else {
			fmt.Fprintf(&b, "%d\n", i)
		}
	}
	out, status := compare(t, Options{}, a.String(), b.String())
	if out != want.String() || status != 1 {
		t.Errorf("diff of scattered changes: got %d bytes [%d], want %d bytes", len(out), status, want.Len())
	}
}
