package shell

import (
	"encoding/binary"
	"fmt"
	"io"
	mathrand "math/rand/v2"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// The special variables. interp answers $$ and $PPID with the host's
// process ids, $SRANDOM with the host's randomness and a subshell's
// $RANDOM from it, whoever asks and however (Runner.lookupVar, which no
// Environ or handler can stand in for), and it lacks $EPOCHSECONDS,
// $EPOCHREALTIME and $BASHPID. So no
// program reaches interp naming them: prepare rewrites every place a
// program names one (parameter expansions with or without operators,
// arithmetic, the names of assignments, declarations, for loops, [[ -v ]]
// and namerefs), and the places where a name is only known when the
// program runs go through moonix, which knows them: an indirection
// ${!name} is resolved by an internal command, a declaration whose names
// are expanded is run by the call handler on its expanded words (see
// declCall), and eval, trap, source and alias text is prepared as a
// program is. The ids are moonix's (pidVar and ppidVar), the reads come
// from the session's clock and random source: real ones only under
// clock.read and random.read, and then recorded as effects.
//
// One route stays open: arithmetic takes the value of a variable named by
// another variable's value (x=PPID; $((x))), inside interp; closing it here
// would cost a command substitution for every variable in every
// arithmetic expression.

// valueParams are the special parameters that read moonix's variables:
// $0 (see arg0Var), and $$, $BASHPID and $PPID, which would be the host's
// process ids.
var valueParams = map[string]string{"0": arg0Var, "$": pidVar, "BASHPID": pidVar, "PPID": ppidVar}

// readParams are the variables whose every expansion reads the clock or
// a random source, and the internal commands that answer them. $RANDOM is
// the session's generator (see randomValue): interp's is the host's in a
// subshell.
var readParams = map[string]string{
	"SRANDOM": "srandom", "EPOCHSECONDS": "epochseconds", "EPOCHREALTIME": "epochrealtime",
	"RANDOM": "random",
}

// specialNames are the names interp treats specially where a program
// names a variable to set or declare: they are given moonix's, its
// variable for PPID (read-only, as bash's) and a variable that nothing
// reads for SRANDOM (bash ignores assignments to it).
var specialNames = map[string]string{"PPID": ppidVar, "SRANDOM": "MOONIX_SRANDOM", "RANDOM": randomVar}

// randomVar holds what was last assigned to RANDOM, the seed of the
// session's generator, with a count of the assignments (see randomSeed).
const randomVar = "MOONIX_RANDOM"

// Variables of the internal commands (see indirectSubst, readSubst).
const (
	emptyVar    = "MOONIX_EMPTY"    // set and empty, read-only (see nameSetCheck)
	indirectVar = "MOONIX_INDIRECT" // the value of an indirection with operators
	flagsVar    = "MOONIX_FLAGS"    // $- where an indirection is expanded
	valueVar    = "MOONIX_VALUE"    // a read value, with operators
)

// rewriteParts rewrites the parameter expansions among parts that interp
// must not answer: indirections, and the reads of the clock and the random
// source, with or without operators.
func rewriteParts(parts []syntax.WordPart) []syntax.WordPart {
	out := parts[:0:0]
	for _, part := range parts {
		if pe, ok := part.(*syntax.ParamExp); ok && pe.Param != nil {
			switch {
			case isIndirection(pe):
				out = append(out, nameSetCheck(pe), indirectSubst(pe))
				continue
			case readParams[pe.Param.Value] != "":
				part = readSubst(pe)
			}
		}
		out = append(out, part)
	}
	return out
}

// nameSetCheck is the expansion that fails, as ${!name} does, when name
// is unset: ${MOONIX_EMPTY:+${name?invalid indirect expansion}}, which
// expands to nothing otherwise. (interp expands the word of :+ even when
// it is not used, and its failure ends the command, as bash's does.)
func nameSetCheck(pe *syntax.ParamExp) *syntax.ParamExp {
	check := &syntax.ParamExp{Param: pe.Param, Index: pe.Index, Exp: &syntax.Expansion{
		Op: syntax.ErrorUnset, Word: litWord("invalid indirect expansion"),
	}}
	return &syntax.ParamExp{Param: &syntax.Lit{Value: emptyVar}, Exp: &syntax.Expansion{
		Op: syntax.AlternateUnsetOrNull, Word: &syntax.Word{Parts: []syntax.WordPart{check}},
	}}
}

// isIndirection reports whether pe is ${!name...}, not ${!prefix*} or the
// keys of an array, ${!name[@]}.
func isIndirection(pe *syntax.ParamExp) bool {
	if !pe.Excl || pe.Names != 0 {
		return false
	}
	if w, ok := pe.Index.(*syntax.Word); ok {
		if lit := w.Lit(); lit == "@" || lit == "*" {
			return false
		}
	}
	return true
}

// plain reports whether pe has no operator.
func plain(pe *syntax.ParamExp) bool {
	return pe.Exp == nil && !pe.Length && !pe.Width && !pe.IsSet && pe.Index == nil && pe.Slice == nil && pe.Repl == nil && !pe.Excl
}

// readSubst is the command substitution that expands pe, a parameter
// expansion of $SRANDOM, $EPOCHSECONDS or $EPOCHREALTIME, with a fresh read
// of the session's source or clock: $(\0srandom), or, with operators,
// $(\0srandom VAR; \0print "${VAR...}").
func readSubst(pe *syntax.ParamExp) *syntax.CmdSubst {
	cmd := exposed + readParams[pe.Param.Value]
	if plain(pe) {
		return cmdSubst(pe, call(cmd))
	}
	return cmdSubst(pe, call(cmd, litWord(valueVar)), printCall(pe, valueVar))
}

// indirectSubst is the command substitution that expands ${!name...}:
// moonix resolves the name, the value of ${name} (or ${name[i]}), given
// the positional parameters and $-, and the operators apply to what it
// found: $(MOONIX_NAME=${name} MOONIX_FLAGS=$- \0indirect "" "$@"), or
// $(... \0indirect VAR "$@"; \0print "${VAR...}"), where VAR is left
// unset for an unset variable. Like every command substitution, it drops
// the value's trailing newlines.
func indirectSubst(pe *syntax.ParamExp) *syntax.CmdSubst {
	name := &syntax.ParamExp{Dollar: pe.Dollar, Param: pe.Param, Index: pe.Index}
	resolve := call(exposed+"indirect", emptyWord(), dblQuoted(&syntax.ParamExp{Param: &syntax.Lit{Value: "@"}}))
	resolve.Assigns = []*syntax.Assign{
		{Name: &syntax.Lit{Value: nameVar}, Value: dblQuoted(name)},
		{Name: &syntax.Lit{Value: flagsVar}, Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "-"}}}}},
	}
	ops := *pe
	ops.Excl, ops.Index = false, nil
	if plain(&ops) {
		return cmdSubst(pe, resolve)
	}
	resolve.Args[1] = litWord(indirectVar)
	return cmdSubst(pe, resolve, printCall(&ops, indirectVar))
}

// printCall is \0print "${VAR...}": pe's operators applied to VAR.
func printCall(pe *syntax.ParamExp, name string) *syntax.CallExpr {
	ops := *pe
	ops.Param, ops.Short = &syntax.Lit{Value: name}, false
	return call(exposed+"print", dblQuoted(&ops))
}

func call(args ...any) *syntax.CallExpr {
	c := &syntax.CallExpr{}
	for _, a := range args {
		switch a := a.(type) {
		case string:
			c.Args = append(c.Args, litWord(a))
		case *syntax.Word:
			c.Args = append(c.Args, a)
		}
	}
	return c
}

// emptyWord is ”, a word that is one empty argument.
func emptyWord() *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{}}}
}

func dblQuoted(part syntax.WordPart) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{part}}}}
}

// cmdSubst is $(cmds...) in the place of pe.
func cmdSubst(pe *syntax.ParamExp, cmds ...*syntax.CallExpr) *syntax.CmdSubst {
	cs := &syntax.CmdSubst{Left: pe.Dollar, Right: pe.Rbrace}
	for _, c := range cmds {
		cs.Stmts = append(cs.Stmts, &syntax.Stmt{Cmd: c})
	}
	return cs
}

// renameParam makes pe read moonix's variable for $0, $$, $BASHPID or
// $PPID (not in ${!prefix*}, which names no variable).
func renameParam(pe *syntax.ParamExp) {
	if pe.Param == nil || pe.Names != 0 {
		return
	}
	if name, ok := valueParams[pe.Param.Value]; ok {
		pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: name}
		pe.Short = false
	}
}

// renameName gives a name that a program sets or declares moonix's
// variable when interp would treat it specially.
func renameName(lit *syntax.Lit) {
	if lit == nil {
		return
	}
	if name, ok := specialNames[lit.Value]; ok {
		lit.Value = name
	}
}

// arithm rewrites the special variables an arithmetic expression names:
// PPID and BASHPID read moonix's ids; SRANDOM, EPOCHSECONDS and
// EPOCHREALTIME read fresh values where they are read, and a variable
// that nothing reads where they are assigned.
func arithm(x syntax.ArithmExpr) syntax.ArithmExpr {
	switch x := x.(type) {
	case *syntax.Word:
		return arithmWord(x, false)
	case *syntax.BinaryArithm:
		if w, ok := x.X.(*syntax.Word); ok && isAssignOp(x.Op) {
			x.X = arithmWord(w, true)
		} else {
			x.X = arithm(x.X)
		}
		x.Y = arithm(x.Y)
	case *syntax.UnaryArithm:
		if w, ok := x.X.(*syntax.Word); ok && (x.Op == syntax.Inc || x.Op == syntax.Dec) {
			x.X = arithmWord(w, true)
		} else {
			x.X = arithm(x.X)
		}
	case *syntax.ParenArithm:
		x.X = arithm(x.X)
	}
	return x
}

func arithmWord(w *syntax.Word, assigned bool) *syntax.Word {
	lit := w.Lit()
	if name, ok := valueParams[lit]; ok && syntax.ValidName(lit) {
		return litWord(name)
	}
	if cmd, ok := readParams[lit]; ok {
		if assigned {
			return litWord(specialNames[lit])
		}
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.CmdSubst{Stmts: []*syntax.Stmt{{Cmd: call(exposed + cmd)}}}}}
	}
	return w
}

func isAssignOp(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn,
		syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
		return true
	}
	return false
}

// readValue reads a fresh value of the clock or random source for the
// internal command cmd (srandom, epochseconds, epochrealtime), recording
// a real read as an effect.
func (s *Session) readValue(cmd string, env expand.Environ) string {
	if cmd == "random" {
		return s.randomValue(env)
	}
	if cmd == "srandom" {
		r, _, rnd := s.recorded("$SRANDOM")
		v := strconv.FormatUint(uint64(uint32(rnd.Uint64())), 10)
		r.Show(v)
		s.flushReads(r)
		return v
	}
	r, clk, _ := s.recorded("$" + strings.ToUpper(cmd))
	t := clk.Now()
	s.flushReads(r)
	if cmd == "epochseconds" {
		return strconv.FormatInt(t.Unix(), 10)
	}
	return fmt.Sprintf("%d.%06d", t.Unix(), t.Nanosecond()/int(time.Microsecond))
}

// randomValue is the next $RANDOM of the session's generator, which is
// bash's (and interp's): numbers below 32768 from a ChaCha8 source seeded
// with the number last assigned to RANDOM, which env holds in randomVar.
// The session and its subshells share it, so that every $RANDOM comes from
// the seed the session started with (interp makes a subshell's from the
// host's randomness).
func (s *Session) randomValue(env expand.Environ) string {
	seed := env.Get(randomVar).String()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.random == nil || seed != s.randomSeed {
		n, _ := strconv.ParseInt(strings.Fields(seed + " 0")[0], 0, 64)
		var key [32]byte
		binary.LittleEndian.PutUint64(key[:], uint64(n))
		s.random, s.randomSeed = mathrand.New(mathrand.NewChaCha8(key)), seed
	}
	return strconv.Itoa(s.random.IntN(32768))
}

// randomSeed makes an assignment to RANDOM one to randomVar, its value
// followed by a count of such assignments: assigning a number again
// starts its sequence again, as in bash.
func randomSeed(a *syntax.Assign) {
	a.Name = &syntax.Lit{Value: randomVar}
	if a.Value == nil || a.Array != nil || a.Append {
		return
	}
	count := &syntax.ArithmExp{X: &syntax.UnaryArithm{Op: syntax.Inc, X: litWord("MOONIX_RANDOM_COUNT")}}
	a.Value.Parts = append(a.Value.Parts, &syntax.SglQuoted{Value: " "}, count)
}

// indirect resolves the name in env's MOONIX_NAME as ${!name} does, where
// the positional parameters are params and the status of the last
// command is status.
func (s *Session) indirect(env expand.Environ, params []string, status int) (value string, set bool) {
	name := env.Get(nameVar).String()
	for range 100 { // namerefs, followed as bash does (and not forever)
		switch name {
		case "":
			return "", false
		case "@", "*":
			return strings.Join(params, " "), len(params) > 0
		case "#":
			return strconv.Itoa(len(params)), true
		case "?":
			return strconv.Itoa(status), true
		case "-":
			return env.Get(flagsVar).String(), true
		}
		if n, err := strconv.Atoi(name); err == nil && n >= 0 {
			if n == 0 {
				return env.Get(arg0Var).String(), true
			}
			if n <= len(params) {
				return params[n-1], true
			}
			return "", false
		}
		if v, ok := valueParams[name]; ok {
			return env.Get(v).String(), true
		}
		if cmd, ok := readParams[name]; ok {
			return s.readValue(cmd, env), true
		}
		base, sub, isElem := strings.Cut(name, "[")
		vr := env.Get(base)
		if isElem {
			return element(vr, strings.TrimSuffix(sub, "]"))
		}
		if vr.Kind != expand.NameRef {
			return vr.String(), vr.IsSet()
		}
		name = vr.Str
	}
	return "", false
}

// element is ${vr[sub]} for a literal subscript, and whether it is set.
func element(vr expand.Variable, sub string) (string, bool) {
	all := sub == "@" || sub == "*"
	switch vr.Kind {
	case expand.Associative:
		if all {
			var vals []string
			for _, v := range vr.Map {
				vals = append(vals, v)
			}
			return strings.Join(vals, " "), len(vals) > 0
		}
		v, ok := vr.Map[sub]
		return v, ok
	case expand.Indexed:
		if all {
			return strings.Join(vr.List, " "), len(vr.List) > 0
		}
		i, err := strconv.Atoi(sub)
		if err != nil {
			return "", false
		}
		if vr.Indexes == nil {
			if i < 0 {
				i += len(vr.List)
			}
			if i >= 0 && i < len(vr.List) {
				return vr.List[i], true
			}
			return "", false
		}
		for j, k := range vr.Indexes {
			if k == i {
				return vr.List[j], true
			}
		}
	case expand.String:
		if sub == "0" || all {
			return vr.Str, true
		}
	}
	return "", false
}

// printValue is the internal print: its arguments, joined with spaces.
func printValue(w io.Writer, args []string) {
	io.WriteString(w, strings.Join(args, " "))
}

// declFlags reports whether a declaration has the literal option letter
// flag (declare -n, -A...).
func declFlags(d *syntax.DeclClause, flag string) bool {
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			if lit := a.Value.Lit(); len(lit) > 1 && lit[0] == '-' && strings.Contains(lit, flag) {
				return true
			}
		}
	}
	return false
}

// declNames gives moonix's variables to the names a declaration takes
// literally, quoted or not, where interp would treat them specially: the
// names it declares (declare -p PPID, export 'SRANDOM=1') and the names
// its namerefs refer to (declare -n r=PPID). (Its assignments' names are
// the walk's, as any assignment's.)
func declNames(d *syntax.DeclClause) {
	nameref := declFlags(d, "n")
	target := func(v string) string {
		if name, ok := valueParams[v]; ok && syntax.ValidName(v) {
			return name
		}
		if name, ok := specialNames[v]; ok {
			return name
		}
		return v
	}
	for _, a := range d.Args {
		v, ok := literalValue(a.Value)
		switch {
		case !ok:
		case !a.Naked:
			if nameref && target(v) != v {
				a.Value = litWord(target(v))
			}
		case a.Name == nil && !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+"):
			name, value, assigns := strings.Cut(v, "=")
			if to, ok := specialNames[strings.TrimSuffix(name, "+")]; ok {
				name = to
			}
			if assigns && nameref {
				value = target(value)
			}
			if assigns {
				name += "=" + value
			}
			if name != v {
				a.Value = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: name}}}
			}
		}
	}
}

// literalValue is the value of w when it has no expansion, quoted or not.
func literalValue(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", false
	}
	var b strings.Builder
	ok := literal(w, &b)
	return b.String(), ok
}

// declCall turns a declaration whose names or options are only known
// once expanded (declare -p $name, export "$v", local $opts x,
// declare -n ref=$name) into the
// command that the call handler then sees with its words expanded (see
// declArgs): interp would look those names up itself. Assignments keep
// their values whole, as in the declaration. It returns nil when the
// names are literal, or when the declaration cannot be written as a
// command (arrays, subscripts, values a command would glob or tilde-expand
// differently).
func declCall(d *syntax.DeclClause) *syntax.CallExpr {
	dynamic, nameref := false, declFlags(d, "n")
	for _, a := range d.Args {
		_, lit := literalValue(a.Value)
		expanded := a.Value != nil && !lit
		// a name, an option, or the name a nameref refers to
		dynamic = dynamic || expanded && (a.Naked && a.Name == nil || nameref)
	}
	if !dynamic {
		return nil
	}
	c := &syntax.CallExpr{Args: []*syntax.Word{litWord(d.Variant.Value)}}
	for _, a := range d.Args {
		var w *syntax.Word
		switch {
		case a.Array != nil || a.Index != nil:
			return nil
		case a.Naked && a.Name == nil:
			w = a.Value
		case a.Naked:
			w = litWord(a.Name.Value)
		default:
			if w = assignWord(a); w == nil {
				return nil
			}
		}
		c.Args = append(c.Args, w)
	}
	return c
}

// assignWord is NAME=VALUE as one word that expands as the assignment's
// value does (no splitting, no globbing), or nil.
func assignWord(a *syntax.Assign) *syntax.Word {
	op := "="
	if a.Append {
		op = "+="
	}
	w := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: a.Name.Value + op}}}
	if a.Value == nil {
		return w
	}
	for _, part := range a.Value.Parts {
		switch part := part.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(part.Value, "*?[~") {
				return nil
			}
		case *syntax.SglQuoted, *syntax.DblQuoted:
		case *syntax.ParamExp:
			if part.Param != nil && (part.Param.Value == "@" || part.Param.Value == "*") || part.Index != nil {
				return nil // "$@" would make several words
			}
			w.Parts = append(w.Parts, &syntax.DblQuoted{Parts: []syntax.WordPart{part}})
			continue
		case *syntax.CmdSubst, *syntax.ArithmExp:
			w.Parts = append(w.Parts, &syntax.DblQuoted{Parts: []syntax.WordPart{part}})
			continue
		default:
			return nil
		}
		w.Parts = append(w.Parts, part)
	}
	return w
}
