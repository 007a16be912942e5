package a2a

import (
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	sdk "github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/moonix-sh/moonix/agent"
)

// lineWriter passes writes on and remembers whether the last byte ended
// a line.
type lineWriter struct {
	w     io.Writer
	ended bool
}

func (l *lineWriter) Write(p []byte) (int, error) {
	if len(p) > 0 {
		l.ended = p[len(p)-1] == '\n'
	}
	return l.w.Write(p)
}

// endLine ends the line under way, if any.
func (l *lineWriter) endLine() {
	if !l.ended {
		l.Write([]byte{'\n'})
	}
}

// printer prints what an agent sent: a task's artifacts, a message, the
// events of a stream as they come.
type printer struct {
	*cmd
	json, streaming bool
	// state is the last state a stream reported; artifacts says that
	// some were printed.
	state     sdk.TaskState
	artifacts bool
	files     int
	failed    bool
	// printed counts the parts of each artifact printed so far: a task
	// read again when a stream resumes prints only what is new.
	printed map[sdk.ArtifactID]int
}

// event prints one event of a stream as it arrives: the parts of an
// artifact chunk or of a message on stdout, changes of state (before
// the last) on stderr; with --json, the event as a line.
func (p *printer) event(ev sdk.Event) {
	if p.json {
		p.printJSON(sdk.StreamResponse{Event: ev})
		return
	}
	switch e := ev.(type) {
	case *sdk.Message:
		p.parts(e.Parts)
	case *sdk.Task:
		for _, a := range e.Artifacts {
			p.artifact(a.ID, a.Parts[min(p.printed[a.ID], len(a.Parts)):])
		}
		p.stateChange(e.ID, e.Status)
	case *sdk.TaskArtifactUpdateEvent:
		if e.Artifact != nil {
			if !e.Append {
				delete(p.printed, e.Artifact.ID)
			}
			p.artifact(e.Artifact.ID, e.Artifact.Parts)
		}
	case *sdk.TaskStatusUpdateEvent:
		p.stateChange(e.TaskID, e.Status)
	}
}

// artifact prints parts of artifact id, and counts them.
func (p *printer) artifact(id sdk.ArtifactID, parts []*sdk.Part) {
	if p.printed == nil {
		p.printed = map[sdk.ArtifactID]int{}
	}
	p.artifacts = true
	p.printed[id] += len(parts)
	p.parts(parts)
}

// stateChange reports a new state of a task under way on stderr; the
// state it stops in is the last line's (result).
func (p *printer) stateChange(id sdk.TaskID, st sdk.TaskStatus) {
	if st.State == p.state || Stopped(st.State) {
		return
	}
	p.state = st.State
	p.out.endLine()
	line := fmt.Sprintf("a2a: task %s %s", id, StateName(st.State))
	if st.Message != nil {
		if text := oneLineText(partsText(st.Message.Parts)); text != "" {
			line += ": " + text
		}
	}
	fmt.Fprintln(p.Stderr, line)
}

// result prints the end of a request: with --json the task or message as
// received; else what was not streamed (the artifacts), the task's
// status message (on stderr, unless the task completed without
// artifacts: then it is the answer, on stdout), and the task's line on
// stderr. It returns the exit
// status.
func (p *printer) result(resp *Response, asJSON bool) int {
	if resp.Message != nil {
		switch {
		case asJSON:
			p.printJSON(resp.Message)
		case !p.streaming:
			p.parts(resp.Message.Parts)
		}
		p.out.endLine()
		return p.status(agent.StatusOK)
	}
	t := resp.Task
	if asJSON || p.json {
		if asJSON {
			p.printJSON(t)
		}
		return p.status(Status(t.Status.State))
	}
	if !p.streaming {
		for _, a := range t.Artifacts {
			p.artifacts = true
			p.parts(a.Parts)
		}
	}
	if m := t.Status.Message; m != nil {
		if t.Status.State == sdk.TaskStateCompleted {
			if !p.artifacts {
				p.parts(m.Parts)
			}
		} else if text := partsText(m.Parts); text != "" {
			p.out.endLine()
			io.WriteString(p.Stderr, text)
			if !strings.HasSuffix(text, "\n") {
				io.WriteString(p.Stderr, "\n")
			}
		}
	}
	p.out.endLine()
	p.stateLine(t)
	return p.status(Status(t.Status.State))
}

// status is st, or 1 when a file part could not be saved.
func (p *printer) status(st int) int {
	if p.failed && st == agent.StatusOK {
		return agent.StatusToolError
	}
	return st
}

// parts prints parts on stdout: text as it is, data as JSON lines, file
// contents saved in the working directory (their names printed), file
// URLs printed.
func (p *printer) parts(parts []*sdk.Part) {
	for _, part := range parts {
		switch v := part.Content.(type) {
		case sdk.Text:
			io.WriteString(&p.out, string(v))
		case sdk.Data:
			p.out.endLine()
			p.printJSON(v.Value)
		case sdk.URL:
			p.out.endLine()
			fmt.Fprintf(&p.out, "%s\n", v)
		case sdk.Raw:
			if part.Filename == "" && strings.HasPrefix(part.MediaType, "text/") && utf8.Valid(v) {
				p.out.Write(v)
				continue
			}
			p.save(part.Filename, v)
		}
	}
}

// save writes a file part into the working directory, under the base of
// the name the agent gave it (part-N without one), and prints the name.
func (p *printer) save(name string, data []byte) {
	p.files++
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	if name == "." || name == "/" || name == ".." || name == "" {
		name = "part-" + strconv.Itoa(p.files)
	}
	p.out.endLine()
	f, err := p.Create(name, false)
	if err == nil {
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		p.failed = true
		p.FailErr(name, err)
		return
	}
	fmt.Fprintf(&p.out, "%s\n", name)
}
