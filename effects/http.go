package effects

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// RecordError is a request that was not sent because the log could not
// record it: a call that cannot be recorded must not happen.
type RecordError struct{ Err error }

func (e *RecordError) Error() string {
	return "the effect log cannot record the request: " + e.Err.Error()
}

func (e *RecordError) Unwrap() error { return e.Err }

// Transport wraps next so that every HTTP request it carries is an effect
// in log, whichever command makes it (curl; the protocols' clients): a
// begin entry before next sees the request (kind http, the URL as target
// and "METHOD URL" as summary, with secrets redacted, the request headers
// redacted, the body stored redacted), and an end entry when the response
// body is read to its end or closed: the status as outcome ("200"; "302 ->
// LOCATION" as summary for a redirect), the response headers redacted, the
// body as read (redacted, the first maxBody bytes, 0 for no bound) and, if
// it was not read to its end, the field "truncated". A request that got
// no response ends "error: REASON" ("error: interrupted" when canceled).
// A redirect followed is a new request, and a new effect.
//
// The capability gate goes outside Transport: a request the gate refuses
// never reaches the log as an effect (the gate audits it as a denial). A
// request the log cannot record is not sent: RoundTrip returns a
// *RecordError. Transport is safe for concurrent use if next is.
func Transport(next http.RoundTripper, log *Log, maxBody int64) http.RoundTripper {
	return &recorder{next: next, log: log, max: maxBody}
}

type recorder struct {
	next http.RoundTripper
	log  *Log
	max  int64
}

func (t *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	target := RedactURL(req.URL.String())
	p := &Payload{Summary: req.Method + " " + target, Fields: headerFields(req.Header, secretHeaders(req.Context()))}
	if req.Body != nil && req.Body != http.NoBody {
		body, err := requestBody(req)
		if err != nil {
			return nil, err
		}
		if len(body) > 0 {
			stored := RedactBody(req.Header.Get("Content-Type"), body)
			d, err := t.log.Store(stored)
			if err != nil {
				req.Body.Close()
				return nil, &RecordError{err}
			}
			p.Digest, p.Size = d, int64(len(stored))
		}
	}
	op, err := t.log.Begin(HTTP, target, p)
	if err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, &RecordError{err}
	}
	resp, err := t.next.RoundTrip(req)
	if err != nil {
		op.End(errorOutcome(req.Context(), err), nil)
		return nil, err
	}
	b := &recordedBody{rc: resp.Body, t: t, op: op, resp: resp, ctx: req.Context()}
	if resp.Body == nil || resp.Body == http.NoBody {
		b.finish(true, nil)
		return resp, nil
	}
	resp.Body = b
	return resp, nil
}

// CloseIdleConnections passes on to next, so that http.Client's reaches
// the transport underneath.
func (t *recorder) CloseIdleConnections() {
	if c, ok := t.next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// requestBody reads the body of req to record it, and leaves req able to
// send it: from GetBody when the request can replay it, else from what
// was read.
func requestBody(req *http.Request) ([]byte, error) {
	if req.GetBody != nil {
		rc, err := req.GetBody()
		if err != nil {
			return nil, err
		}
		defer rc.Close()
		return io.ReadAll(rc)
	}
	body, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, err
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	return body, nil
}

// errorOutcome is the outcome of a request that got no response.
func errorOutcome(ctx context.Context, err error) string {
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return "error: interrupted"
	}
	return "error: " + err.Error()
}

// recordedBody is a response body that ends its effect once read to the
// end, failed or closed, keeping what was read for the log.
type recordedBody struct {
	rc   io.ReadCloser
	t    *recorder
	op   *Op
	resp *http.Response
	ctx  context.Context // the request's

	mu      sync.Mutex
	kept    bytes.Buffer
	read    int64
	dropped bool // more was read than the log keeps
	done    bool
}

func (b *recordedBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	b.mu.Lock()
	b.read += int64(n)
	if room := b.t.max - int64(b.kept.Len()); b.t.max <= 0 || int64(n) <= room {
		b.kept.Write(p[:n])
	} else {
		b.kept.Write(p[:max(room, 0)])
		b.dropped = true
	}
	b.mu.Unlock()
	switch {
	case err == io.EOF:
		b.finish(true, nil)
	case err != nil:
		b.finish(false, err)
	}
	return n, err
}

func (b *recordedBody) Close() error {
	err := b.rc.Close()
	b.finish(false, nil)
	return err
}

// finish ends the effect, once: whole says the body was read to its end;
// err is why reading it failed.
func (b *recordedBody) finish(whole bool, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.done {
		return
	}
	b.done = true
	resp := b.resp
	p := &Payload{Summary: resp.Status, Fields: headerFields(resp.Header, nil)}
	if loc := resp.Header.Get("Location"); loc != "" && resp.StatusCode/100 == 3 {
		p.Summary += " -> " + RedactURL(loc)
	}
	if b.kept.Len() > 0 {
		stored := RedactBody(resp.Header.Get("Content-Type"), b.kept.Bytes())
		d, serr := b.t.log.Store(stored)
		if serr != nil {
			// The response came: its entry is written, without the body.
			p.Summary += " (body not kept: " + serr.Error() + ")"
		}
		p.Digest, p.Size = d, int64(len(stored))
	}
	if b.read > 0 && (!whole || b.dropped) {
		p.Fields = withField(p.Fields, "truncated", "at "+strconv.FormatInt(int64(b.kept.Len()), 10)+" bytes")
	}
	outcome := strconv.Itoa(resp.StatusCode)
	if err != nil {
		outcome = errorOutcome(b.ctx, err)
	}
	b.op.End(outcome, p)
}

// headerFields flattens headers for the log, secrets redacted: those
// named like secrets, and those named in secret.
func headerFields(h http.Header, secret []string) map[string]string {
	if len(h) == 0 {
		return nil
	}
	out := make(map[string]string, len(h))
	for k, vs := range h {
		if v := strings.Join(vs, ", "); v != "" {
			out[k] = v
		}
		for _, name := range secret {
			if http.CanonicalHeaderKey(name) == k && out[k] != "" {
				out[k] = Redacted
			}
		}
	}
	return RedactFields(out)
}

type secretHeadersKey struct{}

// WithSecretHeaders returns ctx under which Transport redacts the values
// of the named request headers too, whatever their names: headers an
// agent's configuration sets may carry a token under any name.
func WithSecretHeaders(ctx context.Context, names ...string) context.Context {
	return context.WithValue(ctx, secretHeadersKey{}, append(secretHeaders(ctx), names...))
}

func secretHeaders(ctx context.Context) []string {
	names, _ := ctx.Value(secretHeadersKey{}).([]string)
	return names
}

func withField(m map[string]string, k, v string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	m[k] = v
	return m
}
