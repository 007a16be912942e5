package transcript_test

import (
	"fmt"
	"strings"

	"github.com/moonix-sh/moonix/internal/transcript"
)

func Example() {
	t := transcript.Parse([]byte(`Greet:
  $ echo hello
  hello
  $ date +%s
  \d+ (re)
  $ false
  [1]
`))
	// A Runner runs each command in one session; here a canned one.
	outputs := map[string]string{"echo hello\n": "hello\n", "date +%s\n": "1767225600\n"}
	res := t.Run(func(src string) ([]byte, int, bool) {
		if src == "false\n" {
			return nil, 1, false
		}
		return []byte(outputs[src]), 0, false
	})
	fmt.Println("commands:", t.Commands(), "failed:", res.Failed())

	// A mismatch gives cram's diff.
	res = transcript.Parse([]byte("  $ echo hi\n  hello\n")).Run(func(string) ([]byte, int, bool) {
		return []byte("hi\n"), 0, false
	})
	fmt.Print(res.Diff("a.t", "a.t.err"))
	fmt.Print(strings.ReplaceAll(string(res.Updated()), " ", "·"))
	// Output:
	// commands: 3 failed: false
	// --- a.t
	// +++ a.t.err
	// @@ -1,2 +1,2 @@
	//    $ echo hi
	// -  hello
	// +  hi
	// ··$·echo·hi
	// ··hi
}
