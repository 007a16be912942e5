package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalEndsRun: a signal that ends a run that is not interactive
// (SIGTERM, SIGHUP, SIGINT) interrupts the running command and keeps the
// working state as a clean exit does, in the lazy write mode too; the
// status is 128 + the signal's number.
func TestSignalEndsRun(t *testing.T) {
	t.Parallel()
	const script = "echo kept > /work/f; echo ready; sleep 1000; echo never > /work/g"
	dir := t.TempDir()
	file := filepath.Join(dir, "script.sh")
	if err := os.WriteFile(file, []byte(strings.ReplaceAll(script, "; ", "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		for _, mode := range []struct {
			name  string
			args  []string
			stdin string
		}{
			{"-c", []string{"-c", script}, ""},
			{"file", []string{file}, ""},
			{"stdin", []string{"-s"}, strings.ReplaceAll(script, "; ", "\n")},
		} {
			t.Run(sig.String()+"/"+mode.name, func(t *testing.T) {
				t.Parallel()
				ws := filepath.Join(t.TempDir(), "ws")
				notified := make(chan chan<- os.Signal, 1)
				p := &Program{
					NotifyEnd:  func(c chan<- os.Signal) { notified <- c },
					StopNotify: func(chan<- os.Signal) {},
				}
				buf := &lockedBuffer{}
				out := ""
				status := make(chan int, 1)
				args := append([]string{"--workspace", ws, "--write-mode", "lazy"}, mode.args...)
				go func() { status <- p.Run(strings.NewReader(mode.stdin), buf, buf, args) }()
				sigs := <-notified
				for deadline := time.Now().Add(10 * time.Second); !strings.Contains(out, "ready"); time.Sleep(5 * time.Millisecond) {
					if time.Now().After(deadline) {
						t.Fatalf("the script did not start; output %q", out)
					}
					out += string(buf.take())
				}
				sigs <- sig
				select {
				case got := <-status:
					if got != 128+int(sig) {
						t.Errorf("status %d, want %d; output %q", got, 128+int(sig), out+string(buf.take()))
					}
				case <-time.After(time.Minute):
					t.Fatalf("the signal did not end the run; output %q", out+string(buf.take()))
				}
				check := &bytes.Buffer{}
				if got := (&Program{}).Run(nil, check, check, []string{"--workspace", ws, "-c", "cat /work/f; ls /work"}); got != 0 || check.String() != "kept\nf\n" {
					t.Errorf("the next run: status %d, output %q, want the file kept and nothing after the signal", got, check.String())
				}
			})
		}
	}
}
