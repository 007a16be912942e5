package coreutils

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/moonix-sh/moonix/builtins"
)

func tsortCommand() *builtins.Command {
	return &builtins.Command{
		Name:    "tsort",
		Summary: "perform topological sort",
		Usage: `Usage: tsort [OPTION] [FILE]
Write totally ordered list consistent with the partial ordering in FILE.

With no FILE, or when FILE is -, read standard input.

  The input is pairs of words separated by blanks or newlines: "A B"
  means A comes before B; "A A" names A alone. Words with no order
  between them come in byte order, as in GNU tsort. A loop is reported
  on standard error, one of its relations is dropped, and the status is 1.
`,
		Run: runTsort,
	}
}

// tsortItem is a word of tsort's input.
type tsortItem struct {
	name    string
	count   int          // predecessors not yet written
	succ    []*tsortItem // in the order the relations were read
	qlink   *tsortItem   // next in the queue, or in the loop being traced
	printed bool
}

func runTsort(c *builtins.Call) int {
	fl := c.Flags()
	if st, ok := c.Parse(fl); !ok {
		return st
	}
	ops := fl.Args()
	if len(ops) > 1 {
		return c.Usage("extra operand %s", builtins.Quote(ops[1]))
	}
	data, name, ok := readSoleInput(c, ops)
	if !ok {
		return 1
	}
	words := bytes.FieldsFunc(data, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' })
	if len(words)%2 == 1 {
		c.Fail("%s: input contains an odd number of tokens", builtins.QuoteName(name))
		return 1
	}
	byName := map[string]*tsortItem{}
	item := func(w []byte) *tsortItem {
		it := byName[string(w)]
		if it == nil {
			it = &tsortItem{name: string(w)}
			byName[it.name] = it
		}
		return it
	}
	for i := 0; i < len(words); i += 2 {
		j, k := item(words[i]), item(words[i+1])
		if j != k {
			k.count++
			j.succ = append(j.succ, k)
		}
	}
	// GNU's tsort walks a search tree: in byte order.
	items := make([]*tsortItem, 0, len(byName))
	for _, it := range byName {
		items = append(items, it)
	}
	slices.SortFunc(items, func(a, b *tsortItem) int { return strings.Compare(a.name, b.name) })
	status := 0
	left := len(items)
	var loop *tsortItem
	for left > 0 {
		if c.Canceled() {
			return 130
		}
		var head, tail *tsortItem
		for _, it := range items {
			if it.count == 0 && !it.printed {
				if head == nil {
					head = it
				} else {
					tail.qlink = it
				}
				tail = it
			}
		}
		for ; head != nil; head = head.qlink {
			fmt.Fprintln(c.Stdout, head.name)
			head.printed = true
			left--
			for i := len(head.succ) - 1; i >= 0; i-- { // the last relation read first
				s := head.succ[i]
				if s.count--; s.count == 0 {
					tail.qlink = s
					tail = s
				}
			}
		}
		if left > 0 {
			c.Fail("%s: input contains a loop:", builtins.QuoteName(name))
			status = 1
			for {
				for _, it := range items {
					if tsortLoop(c, it, &loop) {
						break
					}
				}
				if loop == nil {
					break
				}
			}
		}
	}
	return status
}

// tsortLoop is one step of GNU tsort's search for a loop among the words
// left: it follows relations backwards from the first such word; meeting
// a word again, it prints the loop from there, drops the relation that
// closes it, and reports true.
func tsortLoop(c *builtins.Call, k *tsortItem, loop **tsortItem) bool {
	if k.count == 0 {
		return false
	}
	if *loop == nil {
		*loop = k
		return false
	}
	for i := len(k.succ) - 1; i >= 0; i-- {
		if k.succ[i] != *loop {
			continue
		}
		if k.qlink == nil {
			k.qlink = *loop
			*loop = k
			return false
		}
		for *loop != nil {
			next := (*loop).qlink
			c.Fail("%s", (*loop).name)
			if *loop == k {
				k.succ[i].count--
				k.succ = slices.Delete(k.succ, i, i+1)
				break
			}
			(*loop).qlink = nil
			*loop = next
		}
		for *loop != nil {
			next := (*loop).qlink
			(*loop).qlink = nil
			*loop = next
		}
		return true
	}
	return false
}
