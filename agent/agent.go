// Package agent holds what moonix's agent surfaces share, so that each is
// defined once: the result of running a script as one structured value
// (Result: the MCP server's run tool, and later moonix --json and a2a
// serve), and the exit statuses of the protocol client commands (mcp,
// and later a2a).
//
// agent imports only the standard library: the surfaces that use it sit
// above it (shell fills a Result, mcp serves one), and it knows nothing of
// them. Its types are plain values; a Stream is safe for concurrent use.
package agent

import (
	"encoding/base64"
	"errors"
	"sync"
	"unicode/utf8"
)

// Exit statuses of the protocol client commands (mcp, a2a). They are the
// same for every protocol, so that a script handles them once.
const (
	// StatusOK: the operation succeeded.
	StatusOK = 0
	// StatusToolError: the remote side reported an error of its own (an
	// MCP tool result with isError, or a JSON-RPC error a tool raised).
	StatusToolError = 1
	// StatusUsage: a usage, configuration, schema or capability error;
	// nothing was sent.
	StatusUsage = 2
	// StatusProtocol: a protocol or transport error, including a server
	// that died or wrote something that is not the protocol.
	StatusProtocol = 3
	// StatusInputRequired: the server needs input the shell cannot give
	// (an MCP input_required result, an elicitation).
	StatusInputRequired = 4
	// StatusTimeout: the operation timed out.
	StatusTimeout = 124
	// StatusInterrupted: the operation was interrupted (Ctrl-C, a
	// cancelled context).
	StatusInterrupted = 130
)

// MaxStream is how much of each output stream a Result keeps: 1 MiB.
const MaxStream = 1 << 20

// Base64 is the encoding of a stream that is not valid UTF-8.
const Base64 = "base64"

// Result is what running one script returned. Every surface that runs
// scripts for an agent (the MCP server's run tool; moonix --json and a2a
// serve once they land) answers with this value, encoded as JSON.
//
// A stream that is valid UTF-8 is its text; one that is not is the
// standard base64 of its bytes, with its encoding field set to "base64",
// so that no byte is lost or changed in JSON. Each stream keeps its first
// MaxStream bytes (cut at a character boundary when it is text);
// Truncated says that one of them was cut.
type Result struct {
	Stdout         string `json:"stdout"`
	StdoutEncoding string `json:"stdout_encoding,omitempty"`
	Stderr         string `json:"stderr"`
	StderrEncoding string `json:"stderr_encoding,omitempty"`
	ExitCode       int    `json:"exit_code"`
	Truncated      bool   `json:"truncated"`
	// ChangedPaths are the paths the script added, changed or removed,
	// sorted: files, links and empty directories, as history records
	// them (content and the executable bit).
	ChangedPaths []string `json:"changed_paths"`
	// Effects are the effects the script made (HTTP requests, MCP calls,
	// real clock reads...), oldest first; denials are not effects.
	Effects []Effect `json:"effects"`
	// Snapshot is the current snapshot's short id after the script, ""
	// before the first snapshot.
	Snapshot string `json:"snapshot"`
	// Cwd is the working directory after the script.
	Cwd string `json:"cwd"`
}

// Effect is one effect as a Result lists it (effects show ID has it in
// full).
type Effect struct {
	ID      string `json:"id"` // short id
	Seq     int64  `json:"seq"`
	Kind    string `json:"kind"`
	Target  string `json:"target"`
	Outcome string `json:"outcome"`
}

// SetStdout and SetStderr fill a stream's fields from what s collected,
// and note when it was cut.
func (r *Result) SetStdout(s *Stream) {
	var cut bool
	r.Stdout, r.StdoutEncoding, cut = s.Text()
	r.Truncated = r.Truncated || cut
}

// SetStderr: see SetStdout.
func (r *Result) SetStderr(s *Stream) {
	var cut bool
	r.Stderr, r.StderrEncoding, cut = s.Text()
	r.Truncated = r.Truncated || cut
}

// Decode returns the bytes of a stream given as text and its encoding
// (the inverse of Stream.Text).
func Decode(text, encoding string) ([]byte, error) {
	switch encoding {
	case "":
		return []byte(text), nil
	case Base64:
		return base64.StdEncoding.DecodeString(text)
	}
	return nil, errors.New("unknown encoding " + encoding)
}

// Stream collects one output stream: it keeps the first Limit bytes
// (MaxStream when Limit is 0) and counts the rest. The zero value is
// ready to use; it is safe for concurrent use (a pipeline's stages and
// background jobs write at once).
type Stream struct {
	Limit int

	mu    sync.Mutex
	buf   []byte
	total int64
}

func (s *Stream) limit() int {
	if s.Limit > 0 {
		return s.Limit
	}
	return MaxStream
}

// Write keeps what fits and never fails: a writer must not see an error
// for output that was only left out of the result.
func (s *Stream) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total += int64(len(p))
	if room := s.limit() - len(s.buf); room > 0 {
		s.buf = append(s.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// Len is the number of bytes written in all.
func (s *Stream) Len() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.total
}

// Text returns what was kept as text, or as base64 with encoding
// "base64" when it is not valid UTF-8, and whether the stream was cut. A
// cut that split a character drops the split character's bytes, so that
// text stays text.
func (s *Stream) Text() (text, encoding string, truncated bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.buf
	truncated = s.total > int64(len(kept))
	if truncated {
		// the start of the last character, if the cut split it
		for i := 1; i < utf8.UTFMax && i <= len(kept); i++ {
			if tail := kept[len(kept)-i:]; utf8.RuneStart(tail[0]) {
				if !utf8.FullRune(tail) && utf8.Valid(kept[:len(kept)-i]) {
					kept = kept[:len(kept)-i]
				}
				break
			}
		}
	}
	if utf8.Valid(kept) {
		return string(kept), "", truncated
	}
	return base64.StdEncoding.EncodeToString(kept), Base64, truncated
}
