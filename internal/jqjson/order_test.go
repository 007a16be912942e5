package jqjson

import (
	"strings"
	"testing"

	"github.com/itchyny/gojq"
)

// run runs the jq program src on input (JSON text) with o keeping the
// order, and returns its outputs as compact JSON, one a line.
func run(t *testing.T, o *Order, src, input string) string {
	t.Helper()
	q, err := gojq.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	o.Prepare(q)
	pre, err := gojq.Parse(Prelude + ".")
	if err != nil {
		t.Fatal(err)
	}
	q.FuncDefs = append(pre.FuncDefs, q.FuncDefs...)
	enc := &Encoder{Order: o}
	code, err := gojq.Compile(q, o.Functions(enc)...)
	if err != nil {
		t.Fatal(err)
	}
	v, err := NewDecoder(strings.NewReader(input), o).Next()
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for it := code.Run(v); ; {
		x, ok := it.Next()
		if !ok {
			break
		}
		if err, ok := x.(error); ok {
			t.Fatalf("%s: %v", src, err)
		}
		enc.Encode(&sb, x)
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TestOrderBudget: past its budget of keys, an Order forgets the oldest
// objects the program made (they print sorted), and always the same ones.
func TestOrderBudget(t *testing.T) {
	t.Parallel()
	for range 2 {
		o := NewOrder()
		o.budget = 4
		got := run(t, o, `[range(3) as $i | {b: $i, (["a"][0]): $i}]`, "null")
		if want := `[{"a":0,"b":0},{"b":1,"a":1},{"b":2,"a":2}]` + "\n"; got != want {
			t.Errorf("got %s want %s", got, want)
		}
	}
}

// TestOrderReduceKeepsOne: a reduce that builds an object key by key
// keeps the last one alive, not one per step, and its order is right.
func TestOrderReduceKeepsOne(t *testing.T) {
	t.Parallel()
	o := NewOrder()
	got := run(t, o, `reduce ("z", "y", "x", "w") as $k ({}; .[$k] = 1)`, "null")
	if want := `{"z":1,"y":1,"x":1,"w":1}` + "\n"; got != want {
		t.Errorf("got %s want %s", got, want)
	}
	if len(o.known) != 1 {
		t.Errorf("the Order knows %d objects after the reduce, want 1 (the result)", len(o.known))
	}
}

// TestOrderReduceKeepsWhatItHolds: a step's object that the next step
// keeps inside the new one is not forgotten.
func TestOrderReduceKeepsWhatItHolds(t *testing.T) {
	t.Parallel()
	got := run(t, NewOrder(), `reduce (1, 2) as $i ({z: 0, a: 0}; {prev: ., n: $i} | .m = 0)`, "null")
	if want := `{"prev":{"prev":{"z":0,"a":0},"n":1,"m":0},"n":2,"m":0}` + "\n"; got != want {
		t.Errorf("got %s want %s", got, want)
	}
}

// TestOrderRelease: Release forgets the input's objects and the
// program's, not the arguments'.
func TestOrderRelease(t *testing.T) {
	t.Parallel()
	o := NewOrder()
	arg := map[string]any{"b": 1, "a": 2}
	o.Keep(arg, []string{"b", "a"})
	if got := run(t, o, `.`, `{"d":1,"c":2}`); got != `{"d":1,"c":2}`+"\n" {
		t.Errorf("input: got %s", got)
	}
	o.Release()
	if len(o.known) != 1 || strings.Join(o.Keys(arg), ",") != "b,a" {
		t.Errorf("after Release the Order knows %d objects, the argument's keys %q", len(o.known), o.Keys(arg))
	}
}
