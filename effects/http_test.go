package effects

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// respond is a transport that answers every request with status, headers
// and body, and counts the requests it saw.
func respond(status int, header http.Header, body string, seen *int) http.RoundTripper {
	return roundTripFunc(func(r *http.Request) (*http.Response, error) {
		*seen++
		return &http.Response{
			StatusCode: status, Status: http.StatusText(status), Header: header,
			Body: io.NopCloser(strings.NewReader(body)), Request: r,
		}, nil
	})
}

func effectsOf(t *testing.T, log *Log) []Effect {
	t.Helper()
	entries, err := log.Entries()
	if err != nil {
		t.Fatal(err)
	}
	return Collapse(entries)
}

func TestTransportRecordsARequest(t *testing.T) {
	t.Parallel()
	log := Memory()
	seen := 0
	rt := Transport(respond(200, http.Header{"Set-Cookie": {"id=1"}, "Content-Type": {"application/json"}}, `{"token":"t","n":1}`, &seen), log, 0)
	req, _ := http.NewRequest("POST", "http://u:pw@example.com/x?api_key=k&q=1", strings.NewReader(`{"password":"p","a":2}`))
	req.Header.Set("Authorization", "Bearer s")
	req.Header.Set("Content-Type", "application/json")
	resp, err := rt.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	if effs := effectsOf(t, log); len(effs) != 1 || effs[0].End != nil {
		t.Fatalf("before the body is read: %+v, want a begin without its end", effs)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != `{"token":"t","n":1}` || seen != 1 {
		t.Fatalf("the caller got %q, the server saw %d requests", body, seen)
	}
	effs := effectsOf(t, log)
	if len(effs) != 1 || effs[0].End == nil {
		t.Fatalf("%+v, want one effect with its end", effs)
	}
	e := effs[0]
	if e.Kind != HTTP || e.Target != "http://u:%5Bredacted%5D@example.com/x?api_key=%5Bredacted%5D&q=1" ||
		e.Request.Summary != "POST "+e.Target || e.Request.Fields["Authorization"] != Redacted {
		t.Errorf("begin: %+v %+v", e.Entry, e.Request)
	}
	if stored, _ := log.Load(e.Request.Digest); string(stored) != `{"a":2,"password":"[redacted]"}` {
		t.Errorf("request body stored as %q", stored)
	}
	end := e.End
	if end.Outcome != "200" || end.Response.Fields["Set-Cookie"] != Redacted || end.Response.Fields["truncated"] != "" {
		t.Errorf("end: %+v %+v", end, end.Response)
	}
	if stored, _ := log.Load(end.Response.Digest); string(stored) != `{"n":1,"token":"[redacted]"}` {
		t.Errorf("response body stored as %q", stored)
	}
}

// A body closed before its end, or longer than the log keeps, is
// recorded as far as it was kept, and says so; a redirect says where to.
func TestTransportTruncatedAndRedirect(t *testing.T) {
	t.Parallel()
	log := Memory()
	seen := 0
	rt := Transport(respond(200, nil, "0123456789", &seen), log, 4)
	req, _ := http.NewRequest("GET", "http://example.com/", nil)
	resp, _ := rt.RoundTrip(req)
	buf := make([]byte, 6)
	io.ReadFull(resp.Body, buf)
	resp.Body.Close()
	rt = Transport(respond(302, http.Header{"Location": {"http://example.com/next?token=s"}}, "", &seen), log, 0)
	resp, _ = rt.RoundTrip(req)
	resp.Body.Close()
	effs := effectsOf(t, log)
	if len(effs) != 2 {
		t.Fatalf("%d effects, want 2", len(effs))
	}
	if r := effs[0].End.Response; r.Fields["truncated"] != "at 4 bytes" || r.Size != 4 {
		t.Errorf("cut body: %+v", r)
	}
	if r := effs[1].End; r.Outcome != "302" || r.Response.Summary != "Found -> http://example.com/next?token=%5Bredacted%5D" {
		t.Errorf("redirect: %s %+v", r.Outcome, r.Response)
	}
}

// A request that gets no response ends with the error; a canceled one
// with "error: interrupted".
func TestTransportErrors(t *testing.T) {
	t.Parallel()
	log := Memory()
	rt := Transport(roundTripFunc(func(r *http.Request) (*http.Response, error) {
		if err := r.Context().Err(); err != nil {
			return nil, err
		}
		return nil, errors.New("connection refused")
	}), log, 0)
	req, _ := http.NewRequest("GET", "http://example.com/", nil)
	if _, err := rt.RoundTrip(req); err == nil {
		t.Fatal("no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rt.RoundTrip(req.WithContext(ctx))
	effs := effectsOf(t, log)
	if len(effs) != 2 || effs[0].Outcome() != "error: connection refused" || effs[1].Outcome() != "error: interrupted" {
		t.Errorf("%d effects: %q %q", len(effs), effs[0].Outcome(), effs[1].Outcome())
	}
}

// A request the log cannot record is not sent.
func TestTransportFullLog(t *testing.T) {
	t.Parallel()
	log := Memory()
	log.MaxBytes = 1
	seen := 0
	rt := Transport(respond(200, nil, "", &seen), log, 0)
	req, _ := http.NewRequest("GET", "http://example.com/", nil)
	_, err := rt.RoundTrip(req)
	var re *RecordError
	if !errors.As(err, &re) || !errors.Is(err, ErrFull) || seen != 0 {
		t.Errorf("err %v, sent %d; want a RecordError and nothing sent", err, seen)
	}
}

// Headers named under WithSecretHeaders are redacted whatever their
// names (an agent's configured headers); the others are kept.
func TestTransportSecretHeaders(t *testing.T) {
	t.Parallel()
	log := Memory()
	seen := 0
	rt := Transport(respond(200, nil, "", &seen), log, 0)
	ctx := WithSecretHeaders(context.Background(), "x-team")
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://example.com/", nil)
	req.Header.Set("X-Team", "blue-s3cret")
	req.Header.Set("X-Other", "kept")
	resp, err := rt.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	f := effectsOf(t, log)[0].Request.Fields
	if f["X-Team"] != Redacted || f["X-Other"] != "kept" {
		t.Errorf("request fields %v", f)
	}
}
