package bc

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// bcCase is a program on standard input and what GNU bc prints for it
// (TestConfirm runs the table under the host's bc). A runtime error's
// address is GNU's bytecode address: both sides' are replaced by N.
type bcCase struct {
	name, src string
	mathLib   bool
	out, err  string
}

var bcCases = []bcCase{
	{"arithmetic", "1+2*3; 7/2*2; -2^2; 2^3^2; (1+2)*3\n", false, "7\n6\n4\n512\n9\n", ""},
	{"scale rules", ".5; -0.5; 1/3; scale=5; 1/3; 2^-2; 10%3; 5.5%2; sqrt(2); length(123.45); scale(1.230)\n", false,
		".5\n-.5\n0\n.33333\n.25000\n.00001\n0\n1.41421\n5\n3\n", ""},
	{"obase and ibase", "obase=16; 255; -10.5; obase=2; 5; obase=20; 12345; obase=100; scale=4; 1/3; ibase=16; FF; A.8\n", false,
		"FF\n-A.8\n101\n 01 10 17 05\n.33 33\n 02 55\n 10.50\n", ""},
	{"long numbers break at 70", "2^300\n", false,
		"20370359763344860862684456884093781610514683936659362506361404493543\\\n81299763336706183397376\n", ""},
	{"math library", "s(1); c(1); a(1); l(2); e(1); j(1,2); s(0); e(0); l(1); e(-1); l(0.5); a(-3); 4*a(1); l(0)\n", true,
		".84147098480789650665\n.54030230586813971740\n.78539816339744830961\n.69314718055994530941\n2.71828182845904523536\n" +
			".57672480775687338720\n0\n1.00000000000000000000\n0\n.36787944117144232159\n-.69314718055994530941\n" +
			"-1.24904577239825442582\n3.14159265358979323844\n-99999999999999999999.00000000000000000000\n", ""},
	{"variables and last", "0.000; -0; x=5; x; x++; x; --x; last; .\n\"hi\\n\"; print 1, \"a\\n\"\n", false, "0\n0\n5\n5\n6\n5\n5\n5\nhi\\n1a\n", ""},
	{"functions, arrays, loops", "define f(x) { auto y; y = x*2; return (y+1); }\nf(3)\n" +
		"define fib(n) { if (n < 2) return n; return fib(n-1)+fib(n-2); }\nfib(15)\n" +
		"define s2(a[], n) { auto i, t; for (i=0; i<n; i++) t += a[i]; return t; }\nb[0]=1; b[1]=2; b[2]=3; s2(b[], 3)\n" +
		"define g(a[]) { a[0] = 9; return a[0]; }\nz[0] = 1; g(z[]); z[0]\n" +
		"i=0; while (i < 5) { i; i += 2 }\nfor (i=0; i<10; i++) { if (i == 3) continue; if (i == 6) break; i }\n" +
		"if (1 > 2) 10 else 20\n!0; 1 && 0; 0 || 3\n", false,
		"7\n610\n6\n9\n1\n0\n2\n4\n0\n1\n2\n4\n5\n20\n1\n0\n1\n", ""},
	{"quit is read, halt is run", "5; quit; 6\n", false, "", ""},
	{"halt", "4\nhalt; 5\n6\n", false, "4\n", ""},
	{"comments and continuations", "/* a\ncomment */ 3 # another\n12\\\n34\n", false, "3\n1234\n", ""},
	{"syntax errors", "1 +\n2\n(1\n3\n", false, "2\n3\n", "(standard_in) 2: syntax error\n(standard_in) 4: syntax error\n"},
	{"runtime errors", "1/0\n2\nsqrt(-1)\ndefine f(x) { return x/0; }\nf(1)\nnope(1)\n2%0\n", false, "2\n",
		"Runtime error (func=(main), adr=N): Divide by zero\nRuntime error (func=(main), adr=N): Square root of a negative number\n" +
			"Runtime error (func=f, adr=N): Divide by zero\nRuntime error (func=(main), adr=N): Function nope not defined.\n" +
			"Runtime error (func=(main), adr=N): Modulo by zero\n"},
	{"non-zero scale in exponent", "2^1.5\n", false, "2\n", "Runtime warning (func=(main), adr=N): non-zero scale in exponent\n"},
	{"print escapes", "print \"a\\tb\\q\\\\\\n\"\n", false, "a\tb\"\\\n", ""},
	{"sqrt of 0 and 1", "sqrt(0); sqrt(1.00); sqrt(100); scale=3; sqrt(2.0000)\n", false, "0\n1\n10\n1.4142\n", ""},
	{"modulus signs", "-7%3; 3.3%-2; scale=2; -7%3\n", false, "-1\n1.3\n-.01\n", ""},
}

var adr = regexp.MustCompile(`adr=\d+`)

func runBc(src string, mathLib bool) (string, string) {
	var out, errb bytes.Buffer
	in := New(Config{Stdout: &out, Stderr: &errb, MathLib: mathLib, LineLength: -1})
	in.Run("", src)
	return out.String(), adr.ReplaceAllString(errb.String(), "adr=N")
}

func TestBc(t *testing.T) {
	t.Parallel()
	for _, tc := range bcCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, errs := runBc(tc.src, tc.mathLib)
			if out != tc.out || errs != tc.err {
				t.Errorf("%q:\n got (%q, %q)\nwant (%q, %q)", tc.src, out, errs, tc.out, tc.err)
			}
		})
	}
}

// TestConfirm runs the table under the host's GNU bc.
func TestConfirm(t *testing.T) {
	host, err := exec.LookPath("bc")
	if err != nil {
		if os.Getenv("MOONIX_REQUIRE_CONFIRM") == "1" {
			t.Fatalf("no host bc to confirm the table with: %v", err)
		}
		t.Skipf("no host bc: the table is not confirmed (%v)", err)
	}
	t.Parallel()
	for _, tc := range bcCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			args := []string{}
			if tc.mathLib {
				args = append(args, "-l")
			}
			cmd := exec.Command(host, args...)
			cmd.Env = []string{"LC_ALL=C"}
			cmd.Stdin = strings.NewReader(tc.src)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Run(); err != nil {
				t.Fatal(err)
			}
			if got := adr.ReplaceAllString(errb.String(), "adr=N"); out.String() != tc.out || got != tc.err {
				t.Errorf("GNU bc disagrees with the table: %q:\n bc (%q, %q)\ntable (%q, %q)", tc.src, out.String(), got, tc.out, tc.err)
			}
		})
	}
}

// TestLineLength: BC_LINE_LENGTH's lengths, 0 for none.
func TestLineLength(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		ll   int
		want string
	}{{20, "126765060022822940\\\n1496703205376\n"}, {0, "1267650600228229401496703205376\n"}, {1, "1267650600228229401496703205376\n"}} {
		var out bytes.Buffer
		New(Config{Stdout: &out, Stderr: &out, LineLength: c.ll}).Run("", "2^100\n")
		if out.String() != c.want {
			t.Errorf("BC_LINE_LENGTH=%d: %q, want %q", c.ll, out.String(), c.want)
		}
	}
}

// FuzzBc: no program makes the interpreter panic; a step budget ends
// those that loop.
func FuzzBc(f *testing.F) {
	for _, tc := range bcCases {
		f.Add(tc.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		steps := 0
		var out bytes.Buffer
		in := New(Config{Stdout: &out, Stderr: &out, MathLib: true, LineLength: -1, Stop: func() bool {
			steps++
			return steps > 10000 || out.Len() > 1<<20
		}})
		in.Run("", src)
	})
}

// TestHugeResults: a result past 2^24 bits is refused, as GNU's bc
// would print it only after hours that nothing could interrupt: a power
// (^), the math library's e(x) (e(QQQQQQQ0) from FuzzBc), a product.
func TestHugeResults(t *testing.T) {
	t.Parallel()
	for _, src := range []string{"2^(2^25)\n", "e(20000000)\n", "e(QQQQQQQ0)\n"} {
		var out, errs bytes.Buffer
		New(Config{Stdout: &out, Stderr: &errs, MathLib: true}).Run("", src)
		if out.String() != "" || !strings.HasSuffix(errs.String(), ": exponent too large in raise\n") {
			t.Errorf("%q: stdout %q, stderr %q", src, out.String(), errs.String())
		}
	}
	// a product: x*=x doubles x's digits
	var out, errs bytes.Buffer
	New(Config{Stdout: &out, Stderr: &errs}).Run("", "x=2; while (1) x*=x\n")
	if out.String() != "" || !strings.HasSuffix(errs.String(), ": number too large\n") {
		t.Errorf("x*=x: stdout %q, stderr %q", out.String(), errs.String())
	}
	out.Reset()
	New(Config{Stdout: &out, Stderr: &out, MathLib: true}).Run("", "scale=0; e(1000)/10^434; x=2^(2^22); x*(x-1) > 0\n")
	if out.String() != "1\n1\n" {
		t.Errorf("e(1000), x*(x-1): %q", out.String())
	}
}
