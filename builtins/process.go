package builtins

import "time"

// Process is one process of the session as ps and pidof show it: a
// shell (the session's, or one nested in it), a background job, or the
// command asking. Nothing of the host is one.
type Process struct {
	PID, PPID int
	// Args is its command line; Args[0] names the program.
	Args []string
	// Shell: the process runs shell code (a shell, or a job between
	// commands), so Args[1] may be the script it runs (pidof -x).
	Shell bool
	// Start is when it started and Elapsed how long ago that was, on
	// the session's logical clock (as file times are).
	Start   time.Time
	Elapsed time.Duration
}
