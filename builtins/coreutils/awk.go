package coreutils

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"

	"github.com/benhoyt/goawk/interp"
	"github.com/benhoyt/goawk/lexer"
	"github.com/benhoyt/goawk/parser"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

func awkCommand() *builtins.Command {
	return &builtins.Command{
		Name:        "awk",
		UsageStatus: 2,
		Summary:     "pattern scanning and processing language",
		Usage: `Usage: awk [-F FS] [-v VAR=VALUE]... 'PROGRAM' [FILE | VAR=VALUE]...
  or:  awk [-F FS] [-v VAR=VALUE]... [-f PROGFILE | -e PROGRAM]... [FILE | VAR=VALUE]...
Pattern scanning and processing language.

  -F FS         set the field separator FS ('t' means a tab)
  -v VAR=VALUE  assign VALUE to VAR before the program starts
  -f PROGFILE   read program text from PROGFILE (may be repeated)
  -e PROGRAM    program text (--source; may be repeated): the texts of -f
                and -e, in their order, make the program
The language is POSIX awk with the usual extensions (implemented by GoAWK)
and these of GNU awk: the func keyword, and(), or(), xor(), compl(),
lshift(), rshift(), gensub(re, repl, how[, target]), strtonum(), systime(),
strftime([format[, time[, utc]]]) and mktime("YYYY MM DD HH MM SS"[, utc])
(in TZ's zone; the time is the session clock's), asort(src[, dest[, how]]),
asorti(src[, dest[, how]]), typeof(x), isarray(x), IGNORECASE (regex
matches, index, string comparisons, FS and RS of more than one
character) and PROCINFO["sorted_in"] ("@ind_str_asc", "@ind_num_asc",
"@val_type_asc", "@val_str_asc", "@val_num_asc", their _desc forms,
"@unsorted" or the name of a function f(i1, v1, i2, v2)). Without
sorted_in, for (k in a) visits integer indexes in increasing order, then
the others in byte order. Files are read from the moonix filesystem;
ENVIRON holds the exported variables. system(), "cmd" | getline and
print | "cmd" run CMD with moonix's sh; getline < FILE and print > FILE
use moonix's files. Strings are of UTF-8 characters (length, substr,
index, match, printf %c, toupper) unless LC_ALL, LC_CTYPE or LANG names
a locale that is not UTF-8, such as C: then of bytes. Numbers use the C
locale.
`,
		Run: runAwk,
	}
}

// awkVarAssign matches a VAR=VALUE operand.
var awkVarAssign = &lazyRegexp{expr: `^[A-Za-z_][A-Za-z0-9_]*=`}

// awkSource is program text from -e, or the name of a -f file.
type awkSource struct {
	text string
	file bool
}

func runAwk(c *builtins.Call) int {
	var sources []awkSource
	var vars []string
	var fieldSep *string
	args := c.Args[1:]
	i := 0
	usage := func(format string, a ...any) int {
		c.Fail(format, a...)
		io.WriteString(c.Stderr, "usage: awk [-F FS] [-v VAR=VALUE] [-f PROGFILE | -e PROGRAM | 'PROGRAM'] [FILE ...]\n")
		return 2
	}
	for i < len(args) {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		opt := a[1]
		var val string
		switch opt {
		case 'F', 'v', 'f', 'e':
			if len(a) > 2 {
				val = a[2:]
			} else {
				if i+1 >= len(args) {
					return usage("option requires an argument -- '%c'", opt)
				}
				i++
				val = args[i]
			}
		case '-':
			switch {
			case a == "--version":
				io.WriteString(c.Stdout, "awk (GoAWK 1.31.0 in moonix)\n")
				return 0
			default:
				name, v, hasValue := strings.Cut(a[2:], "=")
				short, ok := map[string]byte{"field-separator": 'F', "assign": 'v', "file": 'f', "source": 'e'}[name]
				if !ok {
					return usage("unknown option %s", a)
				}
				if !hasValue {
					if i+1 >= len(args) {
						return usage("option '--%s' requires an argument", name)
					}
					i++
					v = args[i]
				}
				opt, val = short, v
			}
		default:
			return usage("unknown option -%c", opt)
		}
		switch opt {
		case 'F':
			fs := val
			if fs == "t" {
				fs = "\t"
			} else if u, err := lexer.Unescape(fs); err == nil {
				fs = u
			}
			fieldSep = &fs
		case 'v':
			name, value, ok := strings.Cut(val, "=")
			if !ok || !awkVarAssign.get().MatchString(val) {
				return usage("invalid -v argument '%s'", val)
			}
			if u, err := lexer.Unescape(value); err == nil {
				value = u
			}
			vars = append(vars, name, value)
		case 'f', 'e':
			sources = append(sources, awkSource{val, opt == 'f'})
		}
		i++
	}
	var src string
	if len(sources) > 0 {
		var sb strings.Builder
		for _, s := range sources {
			if !s.file {
				sb.WriteString(s.text + "\n")
				continue
			}
			data, err := readInput(c, s.text)
			if err != nil {
				c.FailWith(err, "can't open source file '%s' for reading: %s", s.text, builtins.Reason(err))
				return 2
			}
			sb.Write(data)
			sb.WriteByte('\n')
		}
		src = sb.String()
	} else {
		if i >= len(args) {
			return usage("no program given")
		}
		src = args[i]
		i++
	}
	operands := args[i:]
	if fieldSep != nil {
		vars = append([]string{"FS", *fieldSep}, vars...)
	}

	r := &awkRun{c: c, ins: map[string]*awkIn{}}
	r.out = &awkOut{c: c, streams: map[string]*awkStream{}}
	r.out.cur = r.out.stdout()
	r.mux = &awkMux{c: c}
	r.funcs = r.natives()
	r.gawkFuncs(r.funcs)

	if tooDeep(src) {
		c.Fail("program nested too deeply (limit %d)", maxProgramNesting)
		return 2
	}
	// Parse the program as the user wrote it, for error messages.
	prog, err := parser.ParseProgram([]byte(src), &parser.ParserConfig{Funcs: r.funcs})
	if err != nil {
		awkParseError(c, src, err)
		return 2
	}
	var calls []reflect.Value
	awkWalk(reflect.ValueOf(&prog.ResolvedProgram.Program).Elem(), func(v reflect.Value) {
		if v.Type().String() == awkUserCallExpr {
			calls = append(calls, v)
		}
	})
	defined := map[string]bool{}
	for _, f := range prog.ResolvedProgram.Program.Functions {
		defined[f.Name] = true
	}
	if err := gawkArity(calls, defined); err != nil {
		c.Fail("%s", err)
		return 2
	}
	final, err := r.rewrite(prog, src)
	if err != nil {
		c.Fail("internal error: %s", err)
		return 2
	}
	prog, err = parser.ParseProgram([]byte(final), &parser.ParserConfig{Funcs: r.funcs})
	if err != nil {
		c.Fail("internal error: %s", err)
		return 2
	}

	environ := []string{}
	for _, kv := range c.Env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			environ = append(environ, k, v)
		}
	}
	config := &interp.Config{
		Stdin:        r.mux,
		Output:       r.out,
		Error:        c.Stderr,
		Argv0:        "awk",
		Args:         operands,
		Vars:         vars,
		Chars:        !byteLocale(c),
		Funcs:        r.funcs,
		NoExec:       true,
		NoFileWrites: true,
		NoFileReads:  true,
		ShellCommand: []string{"moonix-no-shell"},
		Environ:      environ,
	}
	it, err := interp.New(prog)
	if err != nil {
		c.Fail("%s", err)
		return 2
	}
	// GoAWK builds its values where no limit sees them: the program runs
	// on a memory budget.
	ctx, outOfMemory := c.WatchMemory()
	status, err := it.ExecuteContext(ctx, config)
	oom := outOfMemory()
	closeErr := r.closeAll()
	switch {
	case c.Canceled():
		return 130
	case oom:
		return c.OutOfMemory()
	case r.out.broken:
		return 0
	case err != nil:
		msg := err.Error()
		msg = strings.Replace(msg, " due to NoFileReads", " (reading files named in ARGV before the BEGIN actions end is not supported)", 1)
		c.FailWith(err, "%s", msg)
		return 2
	case closeErr != nil:
		c.FailWith(closeErr, "%s", closeErr)
		return 2
	}
	if status == 0 && r.mux.failed {
		return 2
	}
	return status
}

func awkParseError(c *builtins.Call, src string, err error) {
	var pe *parser.ParseError
	if errors.As(err, &pe) {
		c.Fail("%s", pe.Error())
		lines := strings.Split(src, "\n")
		if l := pe.Position.Line; l >= 1 && l <= len(lines) {
			line := lines[l-1]
			fmt.Fprintf(c.Stderr, "awk: %s\n", line)
			col := pe.Position.Column - 1
			if col > len(line) {
				col = len(line)
			}
			if col < 0 {
				col = 0
			}
			pad := []byte(line[:col])
			for j, b := range pad {
				if b != '\t' {
					pad[j] = ' '
				}
			}
			fmt.Fprintf(c.Stderr, "awk: %s^\n", pad)
		}
		return
	}
	c.FailWith(err, "%s", err)
}

// awkRun is one execution of an awk program: the moonix side of every
// operation that would reach outside the interpreter.
type awkRun struct {
	c     *builtins.Call
	out   *awkOut
	mux   *awkMux
	ins   map[string]*awkIn
	funcs map[string]any

	line   string // the record read by the last __moonix_getline
	status int    // its result

	regexes   map[string]*regexp.Regexp // gensub's
	ownGensub bool                      // the program defines a gensub of its own
}

// The program is rewritten so that I/O goes through these functions:
//
//	print ... > F          print ... > __moonix_out(">", F)   (also >>, |)
//	print ...              print ... > __moonix_out("", "")   (when any print redirects)
//	getline [V] < F        (__moonix_getline(0, F, RS) > 0 ? __moonix_one(V = __moonix_line()) : __moonix_status())
//	C | getline [V]        the same with kind 1, and NR++
//	system(C), close(F), fflush(F), srand()
//	nextfile               { __moonix_nextfile(); nextfile }
//
// __moonix_out returns "-", which GoAWK sends to Config.Output, and selects
// where the awkOut writer sends the bytes of that print.
func (r *awkRun) natives() map[string]any {
	c := r.c
	return map[string]any{
		"__moonix_out": func(op, name string) (string, error) {
			if err := r.out.selectStream(op, name); err != nil {
				return "", err
			}
			return "-", nil
		},
		"__moonix_getline": func(kind int, src, rs string) int {
			r.status, r.line = r.getline(kind, src, rs)
			return r.status
		},
		"__moonix_line":   func() string { return r.line },
		"__moonix_status": func() int { return r.status },
		"__moonix_one":    func(...string) int { return 1 },
		"__moonix_system": func(cmd string) int {
			r.out.flushFiles()
			return c.Run([]string{"sh", "-c", cmd}, c.Stdin, c.Stdout, c.Stderr)
		},
		"__moonix_close": func(name string) int {
			if in, ok := r.ins[name]; ok {
				delete(r.ins, name)
				return in.status
			}
			st, ok, _ := r.out.close(name)
			if !ok {
				return -1
			}
			return st
		},
		"__moonix_fflush": func(name string) int {
			if s, ok := r.out.streams[name]; ok {
				if s.w != nil {
					s.w.Flush()
				}
				return 0
			}
			if name == "" || name == "/dev/stdout" {
				return 0
			}
			return -1
		},
		"__moonix_nextfile": func() int {
			r.mux.skip = true
			return 0
		},
		"__moonix_filename": func() string { return r.mux.name },
		"__moonix_arg": func(v string) string {
			if v == "" || awkVarAssign.get().MatchString(v) {
				return v
			}
			r.mux.queue = append(r.mux.queue, v)
			return "-"
		},
		"__moonix_time": func() int { return int(c.Clock.Now().Unix()) },
	}
}

// Names of the AST node types (from goawk's internal/ast) that the rewrite
// looks for.
const (
	awkPrintStmt    = "*ast.PrintStmt"
	awkPrintfStmt   = "*ast.PrintfStmt"
	awkGetlineExpr  = "*ast.GetlineExpr"
	awkCallExpr     = "*ast.CallExpr"
	awkUserCallExpr = "*ast.UserCallExpr"
	awkRegExpr      = "*ast.RegExpr"
	awkNextfileStmt = "*ast.NextfileStmt"
)

// rewrite returns the source to run: the user's program, rewritten when it
// does I/O of its own, plus a first rule that keeps FILENAME right and a
// BEGIN action that takes the file operands out of GoAWK's hands.
func (r *awkRun) rewrite(prog *parser.Program, src string) (string, error) {
	root := reflect.ValueOf(&prog.ResolvedProgram.Program).Elem()
	for _, f := range prog.ResolvedProgram.Program.Functions {
		r.ownGensub = r.ownGensub || f.Name == "gensub"
	}
	var (
		redirects    bool // some print or printf redirects
		needRewrite  bool
		getlineBegin bool // plain getline in BEGIN or a function
		getlinePlain bool // plain getline anywhere
	)
	awkWalk(root, func(v reflect.Value) {
		switch v.Type().String() {
		case awkPrintStmt, awkPrintfStmt:
			if !v.Elem().FieldByName("Dest").IsNil() {
				redirects, needRewrite = true, true
			}
		case awkGetlineExpr:
			e := v.Elem()
			if !e.FieldByName("File").IsNil() || !e.FieldByName("Command").IsNil() {
				needRewrite = true
			} else {
				getlinePlain = true
			}
		case awkCallExpr:
			switch lexer.Token(v.Elem().FieldByName("Func").Int()) {
			case lexer.F_SYSTEM, lexer.F_CLOSE, lexer.F_SRAND:
				needRewrite = true
			case lexer.F_FFLUSH:
				if v.Elem().FieldByName("Args").Len() > 0 {
					needRewrite = true
				}
			}
		case awkNextfileStmt:
			needRewrite = true
		case awkUserCallExpr:
			if v.Elem().FieldByName("Name").String() == "gensub" && !r.ownGensub {
				needRewrite = true
			}
		}
	})
	for _, part := range []reflect.Value{root.FieldByName("Begin"), root.FieldByName("Functions")} {
		awkWalk(part, func(v reflect.Value) {
			if v.Type().String() == awkGetlineExpr {
				e := v.Elem()
				if e.FieldByName("File").IsNil() && e.FieldByName("Command").IsNil() {
					getlineBegin = true
				}
			}
		})
	}
	body := src
	if needRewrite {
		var err error
		awkTransform(root, func(v reflect.Value) (reflect.Value, bool) {
			if err != nil {
				return reflect.Value{}, false
			}
			var nv reflect.Value
			nv, err = r.transform(v, redirects)
			return nv, nv.IsValid()
		})
		if err != nil {
			return "", err
		}
		if redirects {
			// A pattern without an action prints $0: make that print
			// explicit, so that it selects standard output too.
			for _, a := range prog.ResolvedProgram.Program.Actions {
				if a.Stmts == nil {
					stmt, err := r.template(`print > __moonix_out("", "")`, nil)
					if err != nil {
						return "", err
					}
					stmts := reflect.New(reflect.TypeOf(a.Stmts)).Elem()
					stmts = reflect.Append(stmts, stmt)
					reflect.ValueOf(a).Elem().FieldByName("Stmts").Set(stmts)
				}
			}
		}
		body = prog.String()
	}
	var sb strings.Builder
	hasMain := len(prog.ResolvedProgram.Program.Actions) > 0 || len(prog.ResolvedProgram.Program.End) > 0
	// FILENAME changes with the operand. A native call costs a reflected
	// call in GoAWK, so it is made only where the operand can have
	// changed: at a file's first record, or at every record when a plain
	// getline may have crossed into the next file; and not at all when
	// the program never names FILENAME.
	switch {
	case !hasMain || !strings.Contains(src, "FILENAME"):
	case getlinePlain:
		sb.WriteString("{ FILENAME = __moonix_filename() }\n")
	default:
		sb.WriteString("FNR == 1 { FILENAME = __moonix_filename() }\n")
	}
	const argvSync = "BEGIN { for (__moonix_i = 1; __moonix_i < ARGC; __moonix_i++) if (__moonix_i in ARGV) ARGV[__moonix_i] = __moonix_arg(ARGV[__moonix_i]) }\n"
	if getlineBegin {
		sb.WriteString(argvSync)
	}
	sb.WriteString(body)
	sb.WriteString("\n")
	if !getlineBegin {
		sb.WriteString(argvSync)
	}
	return sb.String(), nil
}

// awkWalk calls fn for every pointer node under v.
func awkWalk(v reflect.Value, fn func(reflect.Value)) {
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			awkWalk(v.Elem(), fn)
		}
	case reflect.Pointer:
		if !v.IsNil() {
			fn(v)
			awkWalk(v.Elem(), fn)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				awkWalk(v.Field(i), fn)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			awkWalk(v.Index(i), fn)
		}
	}
}

// awkTransform replaces nodes bottom-up: fn gets each node held in an
// interface (an expression or statement) after its children were done, and
// returns a replacement or false.
func awkTransform(v reflect.Value, fn func(reflect.Value) (reflect.Value, bool)) {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		awkTransform(v.Elem(), fn)
		if v.CanSet() {
			if nv, ok := fn(v.Elem()); ok {
				v.Set(nv)
			}
		}
	case reflect.Pointer:
		if !v.IsNil() {
			awkTransform(v.Elem(), fn)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				awkTransform(v.Field(i), fn)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			awkTransform(v.Index(i), fn)
		}
	}
}

// template parses an awk snippet and returns the expression or statement
// it consists of, with the variables named in subst replaced by nodes.
func (r *awkRun) template(stmtSrc string, subst map[string]reflect.Value) (reflect.Value, error) {
	prog, err := parser.ParseProgram([]byte("{ "+stmtSrc+" }"), &parser.ParserConfig{Funcs: r.funcs})
	if err != nil {
		return reflect.Value{}, fmt.Errorf("template %q: %w", stmtSrc, err)
	}
	awkTransform(reflect.ValueOf(prog.ResolvedProgram.Program.Actions[0]).Elem(), func(v reflect.Value) (reflect.Value, bool) {
		if v.Type().String() == "*ast.VarExpr" {
			if nv, ok := subst[v.Elem().FieldByName("Name").String()]; ok {
				return nv, true
			}
		}
		return reflect.Value{}, false
	})
	return reflect.ValueOf(prog.ResolvedProgram.Program.Actions[0].Stmts[0]), nil
}

// templateExpr returns the expression of a one-expression template.
func (r *awkRun) templateExpr(exprSrc string, subst map[string]reflect.Value) (reflect.Value, error) {
	stmt, err := r.template(exprSrc, subst)
	if err != nil {
		return reflect.Value{}, err
	}
	return stmt.Elem().FieldByName("Expr").Elem(), nil
}

func (r *awkRun) transform(v reflect.Value, redirects bool) (reflect.Value, error) {
	switch v.Type().String() {
	case awkPrintStmt, awkPrintfStmt:
		if !redirects {
			return reflect.Value{}, nil
		}
		e := v.Elem()
		dest := e.FieldByName("Dest")
		op := ""
		subst := map[string]reflect.Value{}
		if !dest.IsNil() {
			switch lexer.Token(e.FieldByName("Redirect").Int()) {
			case lexer.GREATER:
				op = ">"
			case lexer.APPEND:
				op = ">>"
			case lexer.PIPE:
				op = "|"
			}
			subst["__moonix_dest"] = dest.Elem()
		}
		destSrc := `""`
		if op != "" {
			destSrc = "__moonix_dest"
		}
		nd, err := r.templateExpr(fmt.Sprintf("__moonix_out(%q, %s)", op, destSrc), subst)
		if err != nil {
			return reflect.Value{}, err
		}
		e.FieldByName("Redirect").SetInt(int64(lexer.GREATER))
		dest.Set(nd)
		// Parenthesize the arguments, so that a > in them (a comparison)
		// cannot read as a redirection once the print has one.
		args := e.FieldByName("Args")
		for i := 0; i < args.Len(); i++ {
			arg := args.Index(i)
			if arg.Elem().Type().String() == "*ast.GroupingExpr" {
				continue
			}
			g, err := r.templateExpr("(__moonix_arg)", map[string]reflect.Value{"__moonix_arg": arg.Elem()})
			if err != nil {
				return reflect.Value{}, err
			}
			arg.Set(g)
		}
		return reflect.Value{}, nil // changed in place
	case awkGetlineExpr:
		e := v.Elem()
		file, cmd, target := e.FieldByName("File"), e.FieldByName("Command"), e.FieldByName("Target")
		if file.IsNil() && cmd.IsNil() {
			return reflect.Value{}, nil
		}
		subst := map[string]reflect.Value{}
		kind, nr := 0, ""
		if file.IsNil() {
			kind, nr = 1, ", NR++"
			subst["__moonix_src"] = cmd.Elem()
		} else {
			subst["__moonix_src"] = file.Elem()
		}
		tgt := "$0"
		if !target.IsNil() {
			tgt = "__moonix_tgt"
			subst["__moonix_tgt"] = target.Elem()
		}
		return r.templateExpr(fmt.Sprintf("(__moonix_getline(%d, __moonix_src, RS) > 0 ? __moonix_one(%s = __moonix_line()%s) : __moonix_status())", kind, tgt, nr), subst)
	case awkCallExpr:
		e := v.Elem()
		args := e.FieldByName("Args")
		subst := map[string]reflect.Value{}
		if args.Len() > 0 {
			subst["__moonix_a"] = args.Index(0).Elem()
		}
		switch lexer.Token(e.FieldByName("Func").Int()) {
		case lexer.F_SYSTEM:
			return r.templateExpr("__moonix_system(__moonix_a)", subst)
		case lexer.F_CLOSE:
			return r.templateExpr("__moonix_close(__moonix_a)", subst)
		case lexer.F_FFLUSH:
			if args.Len() > 0 {
				return r.templateExpr("__moonix_fflush(__moonix_a)", subst)
			}
		case lexer.F_SRAND:
			if args.Len() == 0 {
				return r.templateExpr("srand(__moonix_time())", subst)
			}
		}
		return reflect.Value{}, nil
	case awkNextfileStmt:
		return r.template("{ __moonix_nextfile(); nextfile }", nil)
	case awkUserCallExpr:
		if v.Elem().FieldByName("Name").String() == "gensub" && !r.ownGensub {
			return reflect.Value{}, r.gensubCall(v) // changed in place
		}
	}
	return reflect.Value{}, nil
}

// awkOut is GoAWK's output: it sends each print to the stream the last
// __moonix_out selected (standard output unless the program redirects).
type awkOut struct {
	c       *builtins.Call
	cur     io.Writer
	streams map[string]*awkStream
	order   []string
	broken  bool
}

type awkStream struct {
	name string
	pipe bool
	f    vfs.File
	w    *bufio.Writer
	buf  bytes.Buffer // what is piped to the command
}

type awkStdout struct{ o *awkOut }

func (s awkStdout) Write(p []byte) (int, error) {
	n, err := s.o.c.Stdout.Write(p)
	if err != nil {
		s.o.broken = true
	}
	return n, err
}

// WriteString spares GoAWK's prints a copy of each string into a new
// byte slice (io.WriteString makes one for a writer without it).
func (s awkStdout) WriteString(p string) (int, error) {
	n, err := io.WriteString(s.o.c.Stdout, p)
	if err != nil {
		s.o.broken = true
	}
	return n, err
}

func (o *awkOut) stdout() io.Writer { return awkStdout{o} }

func (o *awkOut) Write(p []byte) (int, error) { return o.cur.Write(p) }

func (o *awkOut) WriteString(p string) (int, error) { return io.WriteString(o.cur, p) }

// Flush is what GoAWK calls at fflush() and at the end.
func (o *awkOut) Flush() error {
	o.flushFiles()
	return nil
}

func (o *awkOut) flushFiles() {
	for _, s := range o.streams {
		if s.w != nil {
			s.w.Flush()
		}
	}
}

func (o *awkOut) selectStream(op, name string) error {
	switch {
	case op == "":
		o.cur = o.stdout()
		return nil
	case op != "|" && (name == "/dev/stdout" || name == "/dev/fd/1" || name == "-"):
		o.cur = o.stdout()
		return nil
	case op != "|" && (name == "/dev/stderr" || name == "/dev/fd/2"):
		o.cur = o.c.Stderr
		return nil
	}
	if s, ok := o.streams[name]; ok {
		if s.pipe {
			o.cur = &s.buf
		} else {
			o.cur = s.w
		}
		return nil
	}
	s := &awkStream{name: name, pipe: op == "|"}
	if s.pipe {
		o.cur = &s.buf
	} else {
		f, err := o.c.Create(name, op == ">>")
		if err != nil {
			return &causeError{fmt.Sprintf("can't redirect to '%s' (%s)", name, builtins.Reason(err)), err}
		}
		s.f = f
		s.w = bufio.NewWriter(f)
		o.cur = s.w
	}
	o.streams[name] = s
	o.order = append(o.order, name)
	return nil
}

// close closes an output stream: a file is flushed, a pipe's command runs
// on what was printed to it. ok is false when there is no such stream.
func (o *awkOut) close(name string) (status int, ok bool, err error) {
	s, ok := o.streams[name]
	if !ok {
		return -1, false, nil
	}
	delete(o.streams, name)
	for i, n := range o.order {
		if n == name {
			o.order = append(o.order[:i], o.order[i+1:]...)
			break
		}
	}
	if o.cur == s.w || o.cur == &s.buf {
		o.cur = o.stdout()
	}
	if s.pipe {
		o.flushFiles()
		st := o.c.Run([]string{"sh", "-c", name}, bytes.NewReader(s.buf.Bytes()), o.c.Stdout, o.c.Stderr)
		return st, true, nil
	}
	werr := s.w.Flush()
	cerr := s.f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr != nil {
		return -1, true, &causeError{fmt.Sprintf("close of '%s' failed: %s", name, builtins.Reason(werr)), werr}
	}
	return 0, true, nil
}

// causeError is a message about an operation that unwraps to why it
// failed, so that a capability denial under it is still reported as one.
type causeError struct {
	msg string
	err error
}

func (e *causeError) Error() string { return e.msg }

func (e *causeError) Unwrap() error { return e.err }

// closeAll ends the run: output files are flushed, piped commands run.
func (r *awkRun) closeAll() error {
	var first error
	for len(r.out.order) > 0 {
		if _, _, err := r.out.close(r.out.order[0]); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// awkIn is an input stream for getline < FILE or CMD | getline.
type awkIn struct {
	r      *bufio.Reader
	status int // exit status of the command
}

// getline reads a record from a file or a command's output. It returns
// 1 and the record, 0 at the end, -1 when the file cannot be read.
func (r *awkRun) getline(kind int, src, rs string) (int, string) {
	c := r.c
	in, ok := r.ins[src]
	if !ok {
		in = &awkIn{}
		if kind == 1 {
			r.out.flushFiles()
			var buf bytes.Buffer
			in.status = c.Run([]string{"sh", "-c", src}, c.Stdin, &buf, c.Stderr)
			in.r = bufio.NewReader(&buf)
		} else if src == "-" || src == "/dev/stdin" || src == "/dev/fd/0" {
			in.r = bufio.NewReader(c.Stdin)
		} else {
			r.out.flushFiles()
			f, err := c.Open(src)
			if err != nil {
				// -1 tells the program; a capability denial is
				// also said, as everywhere.
				c.FailDenied(err)
				return -1, ""
			}
			data, err := io.ReadAll(f)
			f.Close()
			if err != nil {
				return -1, ""
			}
			in.r = bufio.NewReader(bytes.NewReader(data))
		}
		r.ins[src] = in
	}
	rec, ok, err := awkReadRecord(in.r, rs)
	if err != nil {
		return -1, ""
	}
	if !ok {
		return 0, ""
	}
	return 1, rec
}

// awkReadRecord reads one record separated as RS says: a newline, one
// character, a blank line ("") or a regular expression.
func awkReadRecord(br *bufio.Reader, rs string) (string, bool, error) {
	switch {
	case rs == "":
		// Paragraph mode: skip blank lines, read until the next blank line.
		var lines []string
		for {
			line, err := br.ReadString('\n')
			if err != nil && err != io.EOF {
				return "", false, err
			}
			body := strings.TrimSuffix(line, "\n")
			if body == "" {
				if len(lines) > 0 {
					return strings.Join(lines, "\n"), true, nil
				}
				if err == io.EOF {
					return "", false, nil
				}
				continue
			}
			lines = append(lines, body)
			if err == io.EOF {
				return strings.Join(lines, "\n"), true, nil
			}
		}
	case len(rs) == 1:
		s, err := br.ReadString(rs[0])
		if err != nil && err != io.EOF {
			return "", false, err
		}
		if s == "" {
			return "", false, nil
		}
		s = strings.TrimSuffix(s, rs) // a \r before it stays, as in gawk
		return s, true, nil
	default:
		re, err := regexp.Compile(rs)
		if err != nil {
			return "", false, err
		}
		rest, err := io.ReadAll(br)
		if err != nil {
			return "", false, err
		}
		if len(rest) == 0 {
			return "", false, nil
		}
		loc := re.FindIndex(rest)
		if loc == nil || loc[0] == loc[1] {
			br.Reset(bytes.NewReader(nil))
			return string(rest), true, nil
		}
		br.Reset(bytes.NewReader(rest[loc[1]:]))
		return string(rest[:loc[0]]), true, nil
	}
}

// awkMux is GoAWK's standard input. The file operands are handed to GoAWK
// as "-", each once; every time GoAWK starts reading "-" again, the mux
// moves to the next operand, read from the moonix filesystem.
type awkMux struct {
	c       *builtins.Call
	queue   []string // operands not started yet
	cur     io.Reader
	closer  io.Closer
	started bool
	ended   bool // the current operand reached its end
	skip    bool // nextfile: abandon the current operand
	name    string
	failed  bool
}

func (m *awkMux) Read(p []byte) (int, error) {
	if !m.started || m.ended || m.skip {
		if m.closer != nil {
			m.closer.Close()
			m.closer = nil
		}
		m.ended, m.skip = false, false
		switch {
		case len(m.queue) > 0:
			name := m.queue[0]
			m.queue = m.queue[1:]
			m.name = name
			if name == "-" || name == "/dev/stdin" || name == "/dev/fd/0" {
				m.cur = m.c.Stdin
			} else {
				f, err := m.c.Open(name)
				if err != nil {
					if isEISDIR(err) {
						m.c.Fail("warning: command line argument '%s' is a directory: skipped", name)
					} else {
						m.c.FailWith(err, "cannot open file '%s' for reading: %s", name, builtins.Reason(err))
						m.failed = true
					}
					m.started, m.ended = true, true
					return 0, io.EOF
				}
				m.cur, m.closer = f, f
			}
		case !m.started:
			m.cur, m.name = m.c.Stdin, "" // no file operands
		default:
			m.ended = true
			return 0, io.EOF
		}
		m.started = true
	}
	n, err := m.cur.Read(p)
	if err == io.EOF {
		m.ended = true
	}
	return n, err
}
