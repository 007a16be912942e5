package coreutils

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/itchyny/gojq"
	"github.com/itchyny/timefmt-go"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/internal/jqjson"
)

func jqCommand() *builtins.Command {
	return &builtins.Command{
		Name:        "jq",
		UsageStatus: 2,
		Summary:     "command-line JSON processor",
		Usage: `Usage: jq [OPTION]... FILTER [FILE]...
  or:  jq [OPTION]... --args FILTER [STRING]...
  or:  jq [OPTION]... --jsonargs FILTER [JSON]...
Apply FILTER to each JSON text read from the FILEs (or standard input) and
print the results as JSON. The language is jq 1.7's (implemented by gojq).
Objects print their keys in jq's order (as read, as written, new keys
last), but iterating an object (.[], paths, map) visits its keys sorted.

  -n, --null-input        use null as the single input; read inputs with
                          input and inputs
  -R, --raw-input         read each line as a string instead of JSON
  -s, --slurp             read all inputs into one array (with -R: one string)
  -c, --compact-output    compact instead of pretty-printed output
  -r, --raw-output        print strings without quotes and escapes
      --raw-output0       like -r, with a NUL after each output
  -j, --join-output       like -r, without a newline after each output
  -a, --ascii-output      escape all non-ASCII characters
  -S, --sort-keys         print the keys of objects sorted
  -C, --color-output      colorize the output (the default on a terminal)
  -M, --monochrome-output do not colorize
      --tab               indent with tabs
      --indent N          indent with N spaces (0-7, default 2)
  -e, --exit-status       exit 1 if the last output was false or null, 4 if
                          there was no output
  -f, --from-file FILE    read the filter from FILE
      --arg NAME VALUE    set $NAME to the string VALUE
      --argjson NAME JSON set $NAME to the JSON value
      --slurpfile NAME FILE  set $NAME to an array of the JSON texts in FILE
      --rawfile NAME FILE set $NAME to the contents of FILE
      --args, --jsonargs  remaining arguments are positional strings or JSON
                          texts, in $ARGS.positional
$ENV and env are the exported variables. Modules (import, include, -L) are
not available. Exit status: 2 usage or file errors, 3 compile errors, 5
runtime and input errors, and -e's 1 and 4.
`,
		Run: runJQ,
	}
}

type jqOptions struct {
	nullInput, rawInput, slurp   bool
	raw, raw0, join, ascii, sort bool
	color, exitStatus, fromFile  bool
	indent                       string
	named                        map[string]any
	namedOrder                   []string
	positional                   []any
}

func runJQ(c *builtins.Call) int {
	o := jqOptions{indent: "  ", named: map[string]any{}}
	// Like jq, color on a terminal unless NO_COLOR says otherwise.
	o.color = c.Width > 0 && c.Getenv("NO_COLOR") == ""
	order := jqjson.NewOrder()
	var program *string
	var files []string
	argMode := "" // "args" or "jsonargs"
	args := c.Args[1:]
	usage := func(format string, a ...any) int {
		fmt.Fprintf(c.Stderr, "jq: "+format+"\n", a...)
		fmt.Fprintf(c.Stderr, "Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq\n")
		return 2
	}
	setNamed := func(name string, v any) {
		if _, ok := o.named[name]; !ok {
			o.named[name] = v
			o.namedOrder = append(o.namedOrder, name)
		}
	}
	optsDone := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		isOpt := !optsDone && len(a) >= 2 && a[0] == '-' && (a[1] == '-' || sortIsAlpha(a[1]))
		if !isOpt {
			switch {
			case program == nil:
				p := a
				program = &p
			case argMode == "args":
				o.positional = append(o.positional, a)
			case argMode == "jsonargs":
				v, err := jqParseOne(a, order)
				if err != nil {
					return usage("invalid JSON text passed to --jsonargs")
				}
				o.positional = append(o.positional, v)
			default:
				files = append(files, a)
			}
			continue
		}
		if a == "--" {
			optsDone = true
			continue
		}
		need := func(n int, msg string) bool {
			if i+n >= len(args) {
				usage("%s", msg)
				return false
			}
			return true
		}
		if strings.HasPrefix(a, "--") {
			switch a[2:] {
			case "null-input":
				o.nullInput = true
			case "raw-input":
				o.rawInput = true
			case "slurp":
				o.slurp = true
			case "compact-output":
				o.indent = ""
			case "raw-output":
				o.raw = true
			case "raw-output0":
				o.raw, o.join, o.raw0 = true, true, true
			case "join-output":
				o.raw, o.join = true, true
			case "ascii-output":
				o.ascii = true
			case "sort-keys":
				o.sort = true
			case "color-output":
				o.color = true
			case "monochrome-output":
				o.color = false
			case "tab":
				o.indent = "\t"
			case "indent":
				if !need(1, "--indent takes one parameter") {
					return 2
				}
				n, err := strconv.Atoi(args[i+1])
				if err != nil {
					n = 0
				}
				if n < -1 || n > 7 {
					return usage("--indent takes a number between -1 and 7")
				}
				switch {
				case n == -1:
					o.indent = "\t"
				default:
					o.indent = strings.Repeat(" ", n)
				}
				i++
			case "unbuffered":
			case "exit-status":
				o.exitStatus = true
			case "from-file":
				o.fromFile = true
			case "args":
				argMode = "args"
			case "jsonargs":
				argMode = "jsonargs"
			case "arg":
				if !need(2, "--arg takes two parameters (e.g. --arg varname value)") {
					return 2
				}
				setNamed(args[i+1], args[i+2])
				i += 2
			case "argjson":
				if !need(2, "--argjson takes two parameters (e.g. --argjson varname text)") {
					return 2
				}
				v, err := jqParseOne(args[i+2], order)
				if err != nil {
					return usage("invalid JSON text passed to --argjson")
				}
				setNamed(args[i+1], v)
				i += 2
			case "slurpfile", "rawfile":
				which := a[2:]
				if !need(2, fmt.Sprintf("--%s takes two parameters (e.g. --%s varname filename)", which, which)) {
					return 2
				}
				v, err := jqLoadFile(c, args[i+2], which == "rawfile", order)
				if err != nil {
					fmt.Fprintf(c.Stderr, "jq: Bad JSON in --%s %s %s: %s\n", which, args[i+1], args[i+2], err)
					return 2
				}
				setNamed(args[i+1], v)
				i += 2
			case "library-path":
				return usage("modules are not available (-L)")
			case "seq", "stream", "stream-errors":
				return usage("--%s is not supported", a[2:])
			case "version":
				io.WriteString(c.Stdout, "jq-1.7.1\n")
				return 0
			case "help":
				// Run answers a lone --help; here it came with others.
				io.WriteString(c.Stdout, jqCommand().Usage)
				return 0
			default:
				return usage("Unknown option: %s", a)
			}
			continue
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'n':
				o.nullInput = true
			case 'R':
				o.rawInput = true
			case 's':
				o.slurp = true
			case 'c':
				o.indent = ""
			case 'r':
				o.raw = true
			case 'j':
				o.raw, o.join = true, true
			case 'a':
				o.ascii = true
			case 'S':
				o.sort = true
			case 'C':
				o.color = true
			case 'M':
				o.color = false
			case 'e':
				o.exitStatus = true
			case 'f':
				o.fromFile = true
			case 'h':
				io.WriteString(c.Stdout, jqCommand().Usage)
				return 0
			case 'V':
				io.WriteString(c.Stdout, "jq-1.7.1\n")
				return 0
			case 'L':
				return usage("modules are not available (-L)")
			default:
				return usage("Unknown option: %s", a)
			}
		}
	}
	if program == nil {
		p := "."
		program = &p
	}
	src := *program
	progName := "<top-level>"
	if o.fromFile {
		data, err := readInput(c, src)
		if err != nil {
			fmt.Fprintf(c.Stderr, "jq: error: Could not open %s: %s\n", src, builtins.Reason(err))
			return 2
		}
		progName = src
		src = string(data)
	}

	if tooDeep(src) {
		fmt.Fprintf(c.Stderr, "jq: error: program nested too deeply (limit %d) at %s\njq: 1 compile error\n", maxProgramNesting, progName)
		return 3
	}
	query, err := gojq.Parse(src)
	if err != nil {
		jqCompileError(c, src, progName, err)
		return 3
	}
	order.Prepare(query)
	prelude, err := gojq.Parse(jqjson.Prelude + jqPrelude)
	if err != nil {
		panic("jq prelude: " + err.Error())
	}
	query.FuncDefs = append(prelude.FuncDefs, query.FuncDefs...)

	// Variables: the named arguments, then $ARGS.
	named := map[string]any{}
	var varNames []string
	var varValues []any
	for _, name := range o.namedOrder {
		named[name] = o.named[name]
		varNames = append(varNames, "$"+name)
		varValues = append(varValues, o.named[name])
	}
	positional := o.positional
	if positional == nil {
		positional = []any{}
	}
	argsObj := map[string]any{"positional": positional, "named": named}
	order.Keep(named, o.namedOrder)
	order.Keep(argsObj, []string{"positional", "named"})
	varNames = append(varNames, "$ARGS")
	varValues = append(varValues, argsObj)

	in := &jqInputs{c: c, o: &o, files: files, order: order}
	if len(files) == 0 {
		in.files = []string{"-"}
		in.stdinOnly = true
	}
	enc := &jqjson.Encoder{Indent: o.indent, ASCII: o.ascii, Sorted: o.sort, Color: o.color, Order: order}
	compact := &jqjson.Encoder{Order: order}

	code, err := gojq.Compile(query, append(order.Functions(compact),
		gojq.WithVariables(varNames),
		gojq.WithEnvironLoader(func() []string { return c.Env }),
		gojq.WithInputIter(in),
		gojq.WithFunction("input_filename", 0, 0, func(any, []any) any {
			if in.current == "" || in.current == "-" || o.nullInput && !in.usedInput {
				return nil
			}
			return in.current
		}),
		gojq.WithFunction("debug", 0, 0, func(v any, _ []any) any {
			var sb strings.Builder
			compact.Encode(&sb, []any{"DEBUG:", v})
			sb.WriteByte('\n')
			io.WriteString(c.Stderr, sb.String())
			return v
		}),
		gojq.WithFunction("stderr", 0, 0, func(v any, _ []any) any {
			if s, ok := v.(string); ok {
				io.WriteString(c.Stderr, s)
			} else {
				var sb strings.Builder
				compact.Encode(&sb, v)
				io.WriteString(c.Stderr, sb.String())
			}
			return v
		}),
		gojq.WithFunction("_moonix_now", 0, 0, func(any, []any) any {
			t := c.Clock.Now()
			return float64(t.UnixNano()) / 1e9
		}),
		gojq.WithFunction("_moonix_localtime", 0, 0, func(v any, _ []any) any {
			return jqGmtime(v, "localtime")
		}),
		gojq.WithFunction("_moonix_strptime", 1, 1, func(v any, a []any) any {
			s, ok1 := v.(string)
			f, ok2 := a[0].(string)
			if !ok1 || !ok2 {
				return fmt.Errorf("strptime/1 requires string inputs and arguments")
			}
			t, err := timefmt.ParseInLocation(s, f, time.UTC)
			if err != nil {
				return fmt.Errorf("strptime/1: %s", err)
			}
			t = t.UTC()
			return []any{t.Year(), int(t.Month()) - 1, t.Day(), t.Hour(), t.Minute(),
				float64(t.Second()) + float64(t.Nanosecond())/1e9, int(t.Weekday()), t.YearDay() - 1}
		}),
	)...)
	if err != nil {
		jqCompileError(c, src, progName, err)
		return 3
	}

	ret := jqNoOutput
	lastResult := -1
	halted := false
	// gojq builds its values where no limit sees them: the evaluation
	// runs on a memory budget (def f: [f]; f grew until the runtime died).
	ctx, outOfMemory := c.WatchMemory()
	oom := false
	runOne := func(v any) {
		if c.Canceled() || oom {
			return
		}
		ret = jqNoOutput
		iter := code.RunWithContext(ctx, v, varValues...)
		for {
			if c.Canceled() {
				return
			}
			x, ok := iter.Next()
			if !ok {
				break
			}
			if err, ok := x.(error); ok {
				if ctx.Err() != nil && !c.Canceled() {
					oom = true
					return
				}
				var halt *gojq.HaltError
				if errors.As(err, &halt) {
					halted = true
					if hv := halt.Value(); hv != nil {
						if s, ok := hv.(string); ok {
							io.WriteString(c.Stderr, s)
						} else {
							var sb strings.Builder
							compact.Encode(&sb, hv)
							sb.WriteByte('\n')
							io.WriteString(c.Stderr, sb.String())
						}
					}
					ret = halt.ExitCode()
					return
				}
				pos := in.position()
				if ve, ok := err.(gojq.ValueError); ok {
					if s, ok := ve.Value().(string); ok {
						fmt.Fprintf(c.Stderr, "jq: error (at %s): %s\n", pos, s)
					} else {
						var sb strings.Builder
						compact.Encode(&sb, ve.Value())
						fmt.Fprintf(c.Stderr, "jq: error (at %s) (not a string): %s\n", pos, sb.String())
					}
				} else {
					fmt.Fprintf(c.Stderr, "jq: error (at %s): %s\n", pos, err)
				}
				ret = jqErrorUnknown
				return
			}
			var sb strings.Builder
			if s, ok := x.(string); ok && o.raw {
				if o.ascii {
					jqjson.Quote(&sb, s, true)
				} else {
					if o.raw0 && strings.IndexByte(s, 0) >= 0 {
						fmt.Fprintf(c.Stderr, "jq: error (at %s): Cannot dump a string containing NUL with --raw-output0 option\n", in.position())
						ret = jqErrorUnknown
						return
					}
					sb.WriteString(s)
				}
				ret = 0
			} else {
				if x == nil || x == false {
					ret = jqOKNull
				} else {
					ret = 0
				}
				enc.Encode(&sb, x)
			}
			if !o.join {
				sb.WriteByte('\n')
			}
			if o.raw0 {
				sb.WriteByte(0)
			}
			if _, err := io.WriteString(c.Stdout, sb.String()); err != nil {
				halted = true
				return
			}
		}
	}

	if o.nullInput {
		runOne(nil)
		if ret <= 0 && ret != jqNoOutput {
			lastResult = jqBool(ret != jqOKNull)
		}
	} else {
		for !halted && !oom {
			v, ok := in.Next()
			if !ok {
				break
			}
			if err, ok := v.(error); ok {
				if _, isParse := err.(*jqjson.ParseError); isParse {
					fmt.Fprintf(c.Stderr, "jq: parse error: %s\n", err)
					ret = jqErrorUnknown
					break
				}
				continue // an unreadable file, already reported
			}
			runOne(v)
			// The values of this input are gone once its results are out.
			order.Release()
			if ret <= 0 && ret != jqNoOutput {
				lastResult = jqBool(ret != jqOKNull)
			}
		}
	}
	if c.Canceled() {
		return 130
	}
	if outOfMemory() || oom {
		return c.OutOfMemory()
	}
	if in.fileErrors > 0 {
		ret = jqErrorSystem
	}
	if o.exitStatus {
		if ret != jqNoOutput {
			return jqAbs(ret)
		}
		switch lastResult {
		case -1:
			return 4
		case 0:
			return 1
		}
		return 0
	}
	if ret > 0 {
		return ret
	}
	return 0
}

const (
	jqOKNull       = -1
	jqErrorSystem  = 2
	jqNoOutput     = -4
	jqErrorUnknown = 5
)

func jqBool(b bool) int {
	if b {
		return 1
	}
	return 0
}

func jqAbs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// jqPrelude replaces the builtins that would reach the host (the clock, the
// local time zone); jqjson.Prelude, before it, those whose key order
// matters to output.
const jqPrelude = `
def now: _moonix_now;
def localtime: _moonix_localtime;
def strflocaltime(f): _moonix_localtime | strftime(f);
def strptime(f): _moonix_strptime(f);
.`

// jqGmtime is localtime in a sandbox whose only zone is UTC.
func jqGmtime(v any, name string) any {
	f, ok := gojq.ToFloat64(v)
	if !ok {
		return fmt.Errorf("%s() requires a number", name)
	}
	sec := int64(f)
	t := time.Unix(sec, int64((f-float64(sec))*1e9)).UTC()
	return []any{t.Year(), int(t.Month()) - 1, t.Day(), t.Hour(), t.Minute(),
		float64(t.Second()) + float64(t.Nanosecond())/1e9, int(t.Weekday()), t.YearDay() - 1}
}

// jqCompileError reports a parse or compile error like jq.
func jqCompileError(c *builtins.Call, src, name string, err error) {
	var pe *gojq.ParseError
	if errors.As(err, &pe) {
		offset := pe.Offset - len(pe.Token)
		if offset < 0 {
			offset = 0
		}
		if offset > len(src) {
			offset = len(src)
		}
		line := strings.Count(src[:offset], "\n") + 1
		start := strings.LastIndexByte(src[:offset], '\n') + 1
		end := strings.IndexByte(src[offset:], '\n')
		text := src[start:]
		if end >= 0 {
			text = src[start : offset+end]
		}
		fmt.Fprintf(c.Stderr, "jq: error: syntax error, %s at %s, line %d:\n%s\njq: 1 compile error\n", err, name, line, text)
		return
	}
	fmt.Fprintf(c.Stderr, "jq: error: %s at %s, line 1:\n%s\njq: 1 compile error\n", err, name, strings.TrimRight(src, "\n"))
}

// jqParseOne parses exactly one JSON text (for --argjson and --jsonargs).
func jqParseOne(s string, order *jqjson.Order) (any, error) {
	d := jqjson.NewDecoder(strings.NewReader(s), order)
	v, err := d.Next()
	if err != nil {
		return nil, err
	}
	if _, err := d.Next(); err != io.EOF {
		return nil, errors.New("trailing data")
	}
	return v, nil
}

// jqLoadFile reads --rawfile (a string) or --slurpfile (an array) from the
// VFS.
func jqLoadFile(c *builtins.Call, name string, raw bool, order *jqjson.Order) (any, error) {
	data, err := readInput(c, name)
	if err != nil {
		return nil, fmt.Errorf("Could not open %s: %s", name, builtins.Reason(err))
	}
	if raw {
		return jqjson.ValidUTF8(string(data)), nil
	}
	d := jqjson.NewDecoder(strings.NewReader(string(data)), order)
	out := []any{}
	for {
		v, err := d.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
}

// jqInputs yields the input values from the files in turn; it is also the
// iterator behind input and inputs.
type jqInputs struct {
	c          *builtins.Call
	o          *jqOptions
	files      []string
	stdinOnly  bool
	order      *jqjson.Order
	idx        int
	current    string
	dec        *jqjson.Decoder
	lines      *bufio.Reader
	closer     io.Closer
	fileErrors int
	rawLine    int
	slurped    bool
	usedInput  bool
	done       bool
}

// position is "<stdin>:LINE" or "FILE:LINE" for messages, LINE being the
// newlines read so far, as jq counts; "<unknown>" before any input.
func (in *jqInputs) position() string {
	if in.current == "" {
		return "<unknown>"
	}
	name := in.current
	if name == "-" {
		name = "<stdin>"
	}
	line := in.rawLine
	if in.dec != nil {
		line = in.dec.Line()
	}
	return fmt.Sprintf("%s:%d", name, line)
}

// open moves to the next file that can be opened; false when none is left.
func (in *jqInputs) open() bool {
	for in.idx < len(in.files) {
		name := in.files[in.idx]
		in.idx++
		r, err := in.c.Open(name)
		if err != nil {
			fmt.Fprintf(in.c.Stderr, "jq: error: Could not open %s: %s\n", name, builtins.Reason(err))
			in.fileErrors++
			continue
		}
		in.current = name
		in.closer = r
		if in.o.rawInput {
			in.lines = bufio.NewReaderSize(r, 64*1024)
			in.dec = nil
		} else {
			in.dec = jqjson.NewDecoder(r, in.order)
			in.lines = nil
		}
		return true
	}
	return false
}

func (in *jqInputs) closeCurrent() {
	if in.closer != nil {
		in.closer.Close()
		in.closer = nil
	}
}

// nextRaw reads one value (or line) without slurping.
func (in *jqInputs) nextRaw() (any, bool) {
	for {
		if in.done || in.c.Canceled() {
			return nil, false
		}
		if in.dec == nil && in.lines == nil {
			if !in.open() {
				in.done = true
				return nil, false
			}
		}
		if in.lines != nil {
			s, err := in.lines.ReadString('\n')
			if strings.HasSuffix(s, "\n") {
				in.rawLine++
			}
			if s != "" {
				return jqjson.ValidUTF8(strings.TrimSuffix(s, "\n")), true
			}
			if err != nil && err != io.EOF {
				in.done = true
				return err, true
			}
			in.closeCurrent()
			in.lines = nil
			continue
		}
		v, err := in.dec.Next()
		if err == io.EOF {
			in.closeCurrent()
			in.dec = nil
			continue
		}
		if err != nil {
			in.done = true
			return err, true
		}
		return v, true
	}
}

// Next implements gojq.Iter for input/inputs and the main loop.
func (in *jqInputs) Next() (any, bool) {
	in.usedInput = true
	if !in.o.slurp {
		return in.nextRaw()
	}
	if in.slurped {
		return nil, false
	}
	in.slurped = true
	if in.o.rawInput {
		var sb strings.Builder
		for {
			if in.c.Canceled() {
				return nil, false
			}
			if in.lines == nil && !in.open() {
				break
			}
			data, err := in.c.ReadAll(in.lines)
			sb.Write(data)
			in.closeCurrent()
			in.lines = nil
			if err != nil {
				return err, true
			}
		}
		return jqjson.ValidUTF8(sb.String()), true
	}
	all := []any{}
	for {
		v, ok := in.nextRaw()
		if !ok {
			break
		}
		if err, ok := v.(error); ok {
			return err, true
		}
		all = append(all, v)
	}
	return all, true
}
