package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

// auditFile is in a workspace's markerDir: every capability denial, one
// JSON object per line, appended and never rewritten.
const auditFile = "audit.jsonl"

// auditLog appends the session's denials to the workspace's audit file.
// Each record is one write to a file opened for appending, so a kill
// leaves whole lines. Ephemeral runs keep none: they write nothing to the
// host, and the denial is on stderr.
type auditLog struct {
	mu     sync.Mutex
	f      *os.File
	repo   *vfs.Repo
	now    func() time.Time
	stderr io.Writer
	failed bool // the first write error is reported, not every one
}

func openAudit(dir string, repo *vfs.Repo, now func() time.Time, stderr io.Writer) (*auditLog, error) {
	f, err := os.OpenFile(filepath.Join(dir, markerDir, auditFile), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	return &auditLog{f: f, repo: repo, now: now, stderr: stderr}, nil
}

// record is the gate's Audit callback.
func (a *auditLog) record(d *caps.DeniedError) {
	snapshot := ""
	if _, snap, err := a.repo.Current(); err == nil && snap != nil {
		snapshot = snap.ID
	}
	line := caps.NewAuditRecord(d, a.now(), snapshot).MarshalLine()
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, err := a.f.Write(line); err != nil && !a.failed {
		a.failed = true
		fmt.Fprintf(a.stderr, "moonix: audit log: %v\n", err)
	}
}

func (a *auditLog) close() { a.f.Close() }
