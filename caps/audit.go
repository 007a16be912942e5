package caps

import (
	"encoding/json"
	"time"
)

// AuditRecord is one denial as the audit log keeps it: one JSON object
// per line of DIR/moonix/audit.jsonl in a workspace.
type AuditRecord struct {
	Time     time.Time `json:"time"`               // when, by the host's clock
	Kind     Kind      `json:"kind"`               // the capability kind: fs.write
	Op       string    `json:"op"`                 // what was attempted: write, remove, exec
	Target   string    `json:"target,omitempty"`   // the resolved path, host, tool...
	Needs    string    `json:"needs"`              // the capability it needed: fs.write:/etc/x
	Snapshot string    `json:"snapshot,omitempty"` // the session's current snapshot
}

// NewAuditRecord describes d, met at t while snapshot was current.
func NewAuditRecord(d *DeniedError, t time.Time, snapshot string) AuditRecord {
	return AuditRecord{
		Time: t.UTC(), Kind: d.Cap.Kind, Op: d.Op, Target: d.Path,
		Needs: d.Cap.String(), Snapshot: snapshot,
	}
}

// MarshalLine is the record as one line of JSON, newline included.
func (r AuditRecord) MarshalLine() []byte {
	b, _ := json.Marshal(r) // plain strings and a time: cannot fail
	return append(b, '\n')
}
