package shell

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/moonix-sh/moonix/internal/stack"
)

// The engine parses programs with their nesting bounded (engine.Parse,
// package stack); so does the line reader's continuation check here: past
// the bound the parse is a syntax error, *DepthError.

// DepthError is the syntax error of a program nested too deeply.
type DepthError struct{ Name string }

func (e *DepthError) Error() string {
	if e.Name == "" {
		return "nesting too deep"
	}
	return e.Name + ": nesting too deep"
}

// nulFree is program text without its NUL bytes, as bash reads it: a
// shell string has none.
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
