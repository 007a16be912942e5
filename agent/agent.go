// Package agent holds what moonix's agent surfaces share, so that each is
// defined once: the result of running a script as one structured value
// (Result: moonix --json, the MCP server's run tool, a2a serve; its JSON
// Schema is Schema), and the exit statuses of the protocol client
// commands (mcp, and later a2a).
//
// agent imports only the standard library: the surfaces that use it sit
// above it (shell fills a Result, mcp serves one), and it knows nothing of
// them. Its types are plain values; a Stream is safe for concurrent use.
package agent

import (
	_ "embed"
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

// Version is the version of Result's JSON form, its "v" field: it
// changes when a field changes meaning or goes away, not when one is
// added. result.schema.json beside this file is its JSON Schema.
const Version = 1

// Schema is the JSON Schema (draft 2020-12) of a Result's JSON form
// (result.schema.json).
//
//go:embed result.schema.json
var Schema []byte

// Result is what running one script or one statement returned. Every
// surface that runs scripts for an agent (moonix --json, one Result per
// top-level statement; the MCP server's run tool; a2a serve) answers
// with this value, encoded as JSON.
//
// A stream that is valid UTF-8 is its text; one that is not is the
// standard base64 of its bytes, with its encoding field set to "base64",
// so that no byte is lost or changed in JSON. Each stream keeps its first
// MaxStream bytes (cut at a character boundary when it is text);
// StdoutTruncated and StderrTruncated say that one was cut.
type Result struct {
	V              int    `json:"v"`
	Stdout         string `json:"stdout"`
	StdoutEncoding string `json:"stdout_encoding,omitempty"`
	Stderr         string `json:"stderr"`
	StderrEncoding string `json:"stderr_encoding,omitempty"`
	ExitCode       int    `json:"exit_code"`
	// DurationMS is how long the run took on the host's clock, in
	// milliseconds; 0 when the session has no real clock (tests,
	// replays), so that results stay deterministic.
	DurationMS      int64 `json:"duration_ms"`
	StdoutTruncated bool  `json:"stdout_truncated"`
	StderrTruncated bool  `json:"stderr_truncated"`
	// Cwd is the working directory after the run.
	Cwd string `json:"cwd"`
	// ChangedPaths are the paths the run added, changed or removed,
	// sorted: files, links and empty directories, as history records
	// them (content and the executable bit).
	ChangedPaths []string `json:"changed_paths"`
	// Effects are the short ids of the effects the run made (HTTP
	// requests, MCP calls, real clock reads...), oldest first; denials
	// are not effects. `effects show ID` shows one in full.
	Effects []string `json:"effects"`
	// Snapshot is the current snapshot's short id after the run, ""
	// before the first snapshot.
	Snapshot string `json:"snapshot"`
	// Dirty says that the working state differs from Snapshot (there
	// are unsaved changes).
	Dirty bool `json:"dirty"`
	// Limit names the limit that stopped the run, by its flag
	// ("max-depth", "max-procs", "max-memory", "max-disk",
	// "max-inodes", "max-commands", "max-loop", "max-output"); empty
	// when none did.
	Limit string `json:"limit,omitempty"`
}

// SetStdout and SetStderr fill a stream's fields from what s collected,
// and note when it was cut.
func (r *Result) SetStdout(s *Stream) {
	r.Stdout, r.StdoutEncoding, r.StdoutTruncated = s.Text()
}

// SetStderr: see SetStdout.
func (r *Result) SetStderr(s *Stream) {
	r.Stderr, r.StderrEncoding, r.StderrTruncated = s.Text()
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
