package cli_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/moonix-sh/moonix/cli"
)

// A Program runs in-process; its zero value sees nothing of the host
// (--ephemeral: no workspace directory either).
func ExampleProgram_Run() {
	var p cli.Program
	status := p.Run(strings.NewReader(""), os.Stdout, os.Stdout,
		[]string{"--ephemeral", "-c", `cd /tmp && echo "$1 from $PWD" > note && cat note; exit 3`, "moonix", "hello"})
	fmt.Println("status", status)
	// Output:
	// hello from /tmp
	// status 3
}
