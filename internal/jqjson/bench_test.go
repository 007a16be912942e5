package jqjson

import (
	"testing"

	"github.com/itchyny/gojq"
)

func BenchmarkReduceSetpath(b *testing.B) {
	for range b.N {
		o := NewOrder()
		q, err := gojq.Parse(`reduce range(3000) as $i ({}; .[$i|tostring] = $i) | length`)
		if err != nil {
			b.Fatal(err)
		}
		o.Prepare(q)
		pre, _ := gojq.Parse(Prelude + ".")
		q.FuncDefs = append(pre.FuncDefs, q.FuncDefs...)
		code, err := gojq.Compile(q, o.Functions(&Encoder{Order: o})...)
		if err != nil {
			b.Fatal(err)
		}
		it := code.Run(nil)
		v, _ := it.Next()
		if v != 3000 {
			b.Fatal(v)
		}
	}
}

func BenchmarkReduceSetpathPlain(b *testing.B) {
	for range b.N {
		q, _ := gojq.Parse(`reduce range(3000) as $i ({}; .[$i|tostring] = $i) | length`)
		code, _ := gojq.Compile(q)
		it := code.Run(nil)
		if v, _ := it.Next(); v != 3000 {
			b.Fatal(v)
		}
	}
}

func benchProgram(b *testing.B, src string, ordered bool) {
	for range b.N {
		q, err := gojq.Parse(src)
		if err != nil {
			b.Fatal(err)
		}
		var opts []gojq.CompilerOption
		if ordered {
			o := NewOrder()
			o.Prepare(q)
			pre, _ := gojq.Parse(Prelude + ".")
			q.FuncDefs = append(pre.FuncDefs, q.FuncDefs...)
			opts = o.Functions(&Encoder{Order: o})
		}
		code, err := gojq.Compile(q, opts...)
		if err != nil {
			b.Fatal(err)
		}
		it := code.Run(nil)
		if v, _ := it.Next(); v == nil {
			b.Fatal(v)
		}
	}
}

func BenchmarkSum(b *testing.B)      { benchProgram(b, `reduce range(300000) as $i (0; .+$i)`, true) }
func BenchmarkSumPlain(b *testing.B) { benchProgram(b, `reduce range(300000) as $i (0; .+$i)`, false) }
