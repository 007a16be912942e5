package shell

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The shell parser recurses once or more for every level of nesting ({,
// (, $(, `, ${, $((, [[, if, while, case...), and so do the printer, the
// walkers and the interpreter after it. Go cannot recover from a stack
// overflow (it is a fatal error, not a panic), so nesting is bounded before
// the stack is: the parser reads its input through a reader that counts,
// each time the parser asks for more, the frames the parser has stacked
// above the function that started it (parse, parseWords or Session.stream), and unwinds with
// a syntax error once they are more than parseFrames. The parser asks for
// at most 1 KiB at a time and recurses a bounded number of frames per byte,
// so it never gets far past the limit. This holds for every construct that
// nests, and for every text moonix parses: programs, eval, trap and alias
// text, sourced files, nested shells.

// parseFrames is how many stack frames a parse may use: about 1,000
// levels of braces, command substitutions or if/while, 350 of parentheses
// in arithmetic (the costliest, some 27 frames each), a few MB of stack.
const parseFrames = 10000

// shortText is the length under which a text cannot make the parser
// recurse parseFrames deep (it takes at most some 30 frames a byte): such
// a text is parsed without counting.
const shortText = parseFrames / 32

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

// tooDeep is the panic that unwinds a parse gone too deep; parse and
// Session.stream turn it into a *DepthError (see recoverParse).
type tooDeep struct{}

// boundedReader is the parser's input: it panics with tooDeep when the
// parser is too deep above the function that started it.
type boundedReader struct{ r io.Reader }

func (b boundedReader) Read(p []byte) (int, error) {
	if parserTooDeep() {
		panic(tooDeep{})
	}
	n, err := b.r.Read(p)
	return dropNULs(p[:n]), err
}

// dropNULs removes the NUL bytes of program text in place, as bash does: a
// shell string has none, and the interpreter panics quoting one. It returns
// the new length.
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

// parserTooDeep reports whether more than parseFrames frames separate its
// caller from the nearest frame of a function that starts a parse. Its cost follows the
// parser's depth, not the whole stack's, which may be deep in a recursive
// program.
func parserTooDeep() bool {
	var small [64]uintptr
	buf := small[:]
	for {
		n := runtime.Callers(2, buf)
		for _, pc := range buf[:n] {
			if f := runtime.FuncForPC(pc - 1); f != nil && parseStarts[f.Entry()] {
				return false
			}
		}
		if n < len(buf) {
			return false // not started by a bounded parse
		}
		if len(buf) >= parseFrames {
			return true
		}
		buf = make([]uintptr, min(4*len(buf), parseFrames))
	}
}

// parseStarts are the entry points of the functions that start a bounded
// parse; they are not inlined, so that they keep a frame of their own.
var parseStarts = map[uintptr]bool{
	reflect.ValueOf(parse).Pointer():             true,
	reflect.ValueOf(parseWords).Pointer():        true,
	reflect.ValueOf(continuation).Pointer():      true,
	reflect.ValueOf((*Session).stream).Pointer(): true,
}

// recoverParse turns a panic of the parser into an error in *err: a
// *DepthError for nesting too deep, an internal error otherwise.
func recoverParse(err *error, name string) {
	if v := recover(); v != nil {
		if _, ok := v.(tooDeep); ok {
			*err = &DepthError{Name: name}
			return
		}
		if name != "" {
			name += ": "
		}
		*err = fmt.Errorf("%sinternal error: %s", name, oneLine(v))
	}
}

// parse parses a whole program with its nesting bounded.
//
//go:noinline
func parse(src io.Reader, name string) (f *syntax.File, err error) {
	defer recoverParse(&err, name)
	return syntax.NewParser().Parse(boundedReader{src}, name)
}

// parseWords parses src as interp parses an alias's value: words.
//
//go:noinline
func parseWords(src string) (words []*syntax.Word, err error) {
	defer recoverParse(&err, "")
	for w, err := range syntax.NewParser().WordsSeq(boundedReader{strings.NewReader(src)}) {
		if err != nil {
			return nil, err
		}
		words = append(words, w)
	}
	return words, nil
}

// continuation reads src as Session.stream reads a stream, line by line,
// and reports whether it ends inside an unfinished statement, and then
// whether what is open is literal text (a here-document's body, a
// single-quoted string). err is a *DepthError for input nested too deeply,
// which is not unfinished.
//
//go:noinline
func continuation(src string) (incomplete, literal bool, err error) {
	defer func() {
		if err != nil {
			incomplete, literal = false, false
		}
	}()
	defer recoverParse(&err, "")
	if !strings.HasSuffix(src, "\n") {
		src += "\n" // a last line is complete as a line
	}
	p := syntax.NewParser()
	for _, err := range p.InteractiveSeq(boundedReader{strings.NewReader(src)}) {
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
	return incomplete, literal, nil
}

// parseString is parse of a string.
func parseString(src, name string) (f *syntax.File, err error) {
	if len(src) < shortText {
		defer recoverParse(&err, name)
		src = strings.ReplaceAll(src, "\x00", "")
		return syntax.NewParser().Parse(strings.NewReader(src), name)
	}
	return parse(strings.NewReader(src), name)
}

// runFrames bounds the stack of a running program: recursion through
// functions, eval, source and command substitution is refused beyond it
// (see Session.deepRecursion), some 1,200 function calls deep (interp is
// slow beyond: every call adds a scope its lookups go through) and 15 MB
// of stack, far from Go's limit of 1 GB.
const runFrames = 15000

// callFrames is more than the frames a recursion adds from one command
// to the next (a shell function call adds some 12, eval 18, a command
// substitution 22).
const callFrames = 64

// maxDepthGap is the most commands run between two measures of the stack.
const maxDepthGap = 256

// depthGap measures the caller's stack. It returns -1 when it is deeper
// than runFrames, else how many commands may run before the next measure:
// as many as cannot take the stack past the limit. A measure walks the
// stack, so the deeper it is the rarer the walks, each of them some frames
// closer to the limit.
func depthGap() int {
	var buf [512]uintptr
	if d := runtime.Callers(1, buf[:]); d < len(buf) {
		return min(maxDepthGap, (runFrames-d)/callFrames)
	}
	for rest := runFrames / 2; rest >= callFrames; rest /= 2 {
		if !deeperThan(runFrames - rest) {
			return min(maxDepthGap, rest/callFrames)
		}
	}
	if deeperThan(runFrames) {
		return -1
	}
	return 1
}

// deeperThan reports whether the caller's stack has more than n frames. It
// costs a walk of at most n frames.
func deeperThan(n int) bool {
	var pc [1]uintptr
	return runtime.Callers(n+1, pc[:]) > 0
}
