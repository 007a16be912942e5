package cli

import (
	"context"
	"encoding/json"
	"io"

	"github.com/moonix-sh/moonix/agent"
	"github.com/moonix-sh/moonix/shell"
)

// runJSON runs the statements of src in a captured session and prints
// one agent.Result per top-level statement on stdout, one JSON object a
// line, and nothing else (moonix --json). name names src in syntax
// errors. It returns the last status.
func (p *Program) runJSON(ctx context.Context, o *options, std stdio, cfg shell.Config, ws *workspace, src io.Reader, name string) (int, error) {
	sh, err := shell.NewCaptured(cfg)
	if err != nil {
		return 0, &exitError{status: 1, msg: err.Error()}
	}
	sh.Now, sh.MaxOutput = p.Now, o.limits.output
	enc := json.NewEncoder(std.out)
	enc.SetEscapeHTML(false) // "<" stays "<": the reader is a program, not a browser
	emit := func(r agent.Result) { enc.Encode(r) }
	ctx, ended := p.endOnSignal(ctx)
	status := p.bounded(ctx, o, std, func(ctx context.Context) int {
		sh.Statements(ctx, src, name, emit)
		status := sh.Exit(ctx, emit)
		if ws != nil {
			status = ws.exit(sh.Session(), status)
		}
		return status
	})
	if sig := ended(); sig != nil {
		return 128 + signalNumber(sig), nil
	}
	return status, nil
}
