package cli

import (
	"context"
	"fmt"
	"net"

	"github.com/moonix-sh/moonix/shell"
)

// hostToken is the bearer token a server requires, read from the host
// variable tokenEnv ("" when there is none): an empty or unset one is a
// usage error of op.
func (p *Program) hostToken(op, tokenEnv string) (string, error) {
	if tokenEnv == "" {
		return "", nil
	}
	token := ""
	if p.LookupEnv != nil {
		token, _ = p.LookupEnv(tokenEnv)
	}
	if token == "" {
		return "", usageErr("%s: --token-env %s: the variable is not set or empty", op, tokenEnv)
	}
	return token, nil
}

// serveSession runs serve on one persistent session made from the
// session flags, on the workspace, until serve returns (a signal ends
// its context); the status is serve's, or 128 + the signal's number,
// and the workspace keeps the session's state as at a clean exit (mcp
// serve, a2a serve).
func (p *Program) serveSession(ctx context.Context, o *options, std stdio, serve func(context.Context, *shell.Captured) int) (int, error) {
	cfg, _, err := p.sessionConfig(o, std)
	if err != nil {
		return 0, err
	}
	ws, err := p.prepare(ctx, o, std, &cfg)
	if err != nil {
		return 0, err
	}
	if ws != nil {
		defer ws.close()
	}
	sh, err := shell.NewCaptured(cfg)
	if err != nil {
		return 0, &exitError{status: 1, msg: err.Error()}
	}
	sh.Now, sh.MaxOutput = p.Now, o.limits.output
	ctx, ended := p.endOnSignal(ctx)
	status := serve(ctx, sh)
	if sig := ended(); sig != nil {
		status = 128 + signalNumber(sig)
	}
	if ws != nil {
		status = ws.exit(sh.Session(), status)
	}
	sh.Close()
	return status, nil
}

// listen listens on addr for op and says on stderr where (port 0 picks
// a free one); nil when it cannot, which it says.
func listen(std stdio, op, addr string) net.Listener {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(std.err, "moonix: %s: %v\n", op, err)
		return nil
	}
	fmt.Fprintf(std.err, "moonix: %s: listening on http://%s/\n", op, ln.Addr())
	return ln
}
