package shell

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/internal/stack"
)

// Programs are parsed with their nesting bounded (package stack): past
// the bound the parse is a syntax error, *DepthError, for every text
// moonix parses: programs, eval, trap and alias text, sourced files,
// nested shells.

// maxTreeDepth bounds the depth of a syntax tree (see prepare): some 5,000
// commands chained with && or |, and more than the parser lets through
// otherwise.
const maxTreeDepth = 10000

// DepthError is the syntax error of a program nested too deeply.
type DepthError struct{ Name string }

func (e *DepthError) Error() string {
	if e.Name == "" {
		return "nesting too deep"
	}
	return e.Name + ": nesting too deep"
}

// nulFree is program text without its NUL bytes, as bash reads it: a
// shell string has none, and the interpreter panics quoting one.
type nulFree struct{ r io.Reader }

func (n nulFree) Read(p []byte) (int, error) {
	m, err := n.r.Read(p)
	return dropNULs(p[:m]), err
}

// dropNULs removes the NUL bytes of p in place and returns the new
// length.
func dropNULs(p []byte) int {
	n := 0
	for _, c := range p {
		if c != 0 {
			p[n] = c
			n++
		}
	}
	return n
}

// boundedParse runs parse on src with its nesting bounded: input nested
// too deeply gives a *DepthError, a panic of the parser an internal
// error.
func boundedParse(src io.Reader, name string, parse func(io.Reader) error) (err error) {
	defer recoverParse(&err, name)
	err = stack.Parse(nulFree{src}, parse)
	if errors.Is(err, stack.ErrTooDeep) {
		return &DepthError{Name: name}
	}
	return err
}

// recoverParse turns a panic of the parser into an internal error in
// *err.
func recoverParse(err *error, name string) {
	if v := recover(); v != nil {
		if name != "" {
			name += ": "
		}
		*err = fmt.Errorf("%sinternal error: %s", name, oneLine(v))
	}
}

// parse parses a whole program with its nesting bounded.
func parse(src io.Reader, name string) (f *syntax.File, err error) {
	err = boundedParse(src, name, func(r io.Reader) (err error) {
		f, err = syntax.NewParser().Parse(r, name)
		return err
	})
	return f, err
}

// parseWords parses src as interp parses an alias's value: words.
func parseWords(src string) (words []*syntax.Word, err error) {
	err = boundedParse(strings.NewReader(src), "", func(r io.Reader) error {
		for w, err := range syntax.NewParser().WordsSeq(r) {
			if err != nil {
				return err
			}
			words = append(words, w)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return words, nil
}

// continuation reads src as Session.stream reads a stream, line by line,
// and reports whether it ends inside an unfinished statement, and then
// whether what is open is literal text (a here-document's body, a
// single-quoted string). err is a *DepthError for input nested too deeply,
// which is not unfinished.
func continuation(src string) (incomplete, literal bool, err error) {
	if !strings.HasSuffix(src, "\n") {
		src += "\n" // a last line is complete as a line
	}
	err = boundedParse(strings.NewReader(src), "", func(r io.Reader) error {
		p := syntax.NewParser()
		for _, err := range p.InteractiveSeq(r) {
			if err != nil {
				// At the end of the input, the error says what is open.
				var perr syntax.ParseError
				if incomplete && errors.As(err, &perr) {
					literal = strings.HasPrefix(perr.Text, "unclosed here-document") ||
						strings.HasSuffix(perr.Text, "without closing quote `'`") ||
						strings.HasSuffix(perr.Text, "without closing quote `$'`")
				}
				break
			}
			incomplete = p.Incomplete()
		}
		return nil
	})
	if err != nil {
		return false, false, err
	}
	return incomplete, literal, nil
}

// parseString is parse of a string.
func parseString(src, name string) (f *syntax.File, err error) {
	if len(src) < stack.ShortText {
		defer recoverParse(&err, name)
		src = strings.ReplaceAll(src, "\x00", "")
		return syntax.NewParser().Parse(strings.NewReader(src), name)
	}
	return parse(strings.NewReader(src), name)
}
