package shell

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
)

// seen is a request as the test server saw it.
type seen struct {
	Method, Path, Query string
	Header              http.Header
	Body                string
}

// testServer is an HTTP server on 127.0.0.1 that counts and keeps the
// requests it gets.
type testServer struct {
	*httptest.Server
	hits atomic.Int64
	mu   sync.Mutex
	reqs []seen
}

func (s *testServer) last() seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.reqs) == 0 {
		return seen{}
	}
	return s.reqs[len(s.reqs)-1]
}

// addr is the server's host:port.
func (s *testServer) addr() string { return strings.TrimPrefix(s.URL, "http://") }

// newTestServer serves:
//
//	/hello          "hello\n" as text/plain
//	/echo           the request's method, path and body
//	/status/N       status N with the body "status N\n"
//	/redirect/N     N redirects (302) before "done\n"
//	/loop           a redirect to itself
//	/to?url=U       a redirect (302) to U
//	/big?n=N        N bytes of x
//	/slow           nothing until the client gives up (or 10s)
//	/gzip           "compressed\n", gzip-encoded
func newTestServer(t *testing.T) *testServer {
	t.Helper()
	s := &testServer{}
	mux := http.NewServeMux()
	mux.HandleFunc("/hello", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "hello\n")
	})
	mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Set-Cookie", "session=s3cr3t")
		fmt.Fprintf(w, "%s %s\n", r.Method, r.URL.RequestURI())
	})
	mux.HandleFunc("/status/{n}", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.PathValue("n"))
		w.WriteHeader(n)
		fmt.Fprintf(w, "status %d\n", n)
	})
	mux.HandleFunc("/redirect/{n}", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.PathValue("n"))
		if n <= 0 {
			io.WriteString(w, "done\n")
			return
		}
		http.Redirect(w, r, fmt.Sprintf("/redirect/%d", n-1), http.StatusFound)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	mux.HandleFunc("/to", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Query().Get("url"), http.StatusFound)
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		w.Write(bytes.Repeat([]byte("x"), n))
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	})
	mux.HandleFunc("/gzip", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		io.WriteString(zw, "compressed\n")
		zw.Close()
	})
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.reqs = append(s.reqs, seen{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Clone(), string(body)})
		s.mu.Unlock()
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// netRun is what a script run with the network gave.
type netRun struct {
	out, err string
	status   int
	log      *effects.Log
	fs       vfs.FS
}

// netConfig is a session that may connect to 127.0.0.1 on any port, with
// the host's dialer and an effect log in memory.
func netConfig(t *testing.T, allow ...string) Config {
	t.Helper()
	set, err := caps.Preset("sandbox")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range append([]string{"net.connect:127.0.0.1:*"}, allow...) {
		c, err := caps.Parse(a)
		if err != nil {
			t.Fatal(err)
		}
		set.Allow(c)
	}
	return Config{Caps: set, Dial: (&net.Dialer{}).DialContext, Effects: effects.Memory()}
}

// runNet runs script in a session on cfg and returns what it gave.
func runNet(t *testing.T, cfg Config, script string) netRun {
	t.Helper()
	out, errb := &syncBuffer{}, &syncBuffer{}
	cfg.Stdout, cfg.Stderr = out, errb
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s.Run(ctx, script, "moonix")
	status := s.Exit(ctx)
	return netRun{out: out.String(), err: errb.String(), status: status, log: s.cfg.Effects, fs: s.FS()}
}

func TestCurl(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	u := srv.URL
	for _, tc := range []struct {
		name, script string
		out, err     string
		status       int
	}{
		{"get", "curl " + u + "/hello", "hello\n", "", 0},
		{"no scheme", "curl " + srv.addr() + "/hello", "hello\n", "", 0},
		{"post", "curl -d a=1 -d b=2 " + u + "/echo", "POST /echo\n", "", 0},
		{"method", "curl -X DELETE " + u + "/echo", "DELETE /echo\n", "", 0},
		{"get with data", "curl -G -d q=x --data-urlencode 'w=a b' " + u + "/echo", "GET /echo?q=x&w=a+b\n", "", 0},
		{"head", "curl -sI " + u + "/hello | head -1", "HTTP/1.1 200 OK\r\n", "", 0},
		{"include", "curl -i " + u + "/hello | tr -d '\\r' | grep -v ^Date",
			"HTTP/1.1 200 OK\nContent-Length: 6\nContent-Type: text/plain\n\nhello\n", "", 0},
		{"write-out", `curl -s -o /dev/null -w '%{http_code} %{size_download} %{content_type} %{method}\n' ` + u + "/hello",
			"200 6 text/plain GET\n", "", 0},
		{"write-out url", `curl -s -w '%{url_effective}|%{num_redirects}|%header{content-type}|%%|%{exitcode}' -o /dev/null -L ` + u + "/redirect/2",
			u + "/redirect/0|2|text/plain; charset=utf-8|%|0", "", 0},
		{"write-out unknown", `curl -o /dev/null -w '%{nope}x' ` + u + "/hello", "x", "curl: unknown --write-out variable: 'nope'\n", 0},
		{"write-out unknown silent", `curl -s -o /dev/null -w '%{nope}x' ` + u + "/hello", "x", "", 0},
		{"remote name dir", "curl -O " + u + "/dir/", "", "curl: (23) Remote file name has no length\n", 23},
		{"fail include", "curl -sif " + u + "/status/404", "", "", 22},
		{"output file", "curl -s -o got " + u + "/hello && cat got", "hello\n", "", 0},
		{"remote name", "cd /tmp && curl -sO " + u + "/hello && cat /tmp/hello", "hello\n", "", 0},
		{"remote name empty", "curl -O " + u + "/", "", "curl: (23) Remote file name has no length\n", 23},
		{"not found", "curl -s " + u + "/status/404; echo $?", "status 404\n0\n", "", 0},
		{"fail", "curl " + u + "/status/404 -f", "", "curl: (22) The requested URL returned error: 404\n", 22},
		{"fail silent", "curl -sf " + u + "/status/500", "", "", 22},
		{"fail show", "curl -sSf " + u + "/status/500", "", "curl: (22) The requested URL returned error: 500\n", 22},
		{"fail write-out", "curl -sf -w '%{http_code}' " + u + "/status/404", "404", "", 22},
		{"fail with body", "curl --fail-with-body " + u + "/status/404", "status 404\n", "curl: (22) The requested URL returned error: 404\n", 22},
		{"fail no output file", "curl -sf -o f " + u + "/status/404; ls f", "", "ls: cannot access 'f': No such file or directory\n", 2},
		{"redirect not followed", "curl -s -w '%{http_code} %{redirect_url}' -o /dev/null " + u + "/redirect/1", "302 " + u + "/redirect/0", "", 0},
		{"redirect followed", "curl -L " + u + "/redirect/3", "done\n", "", 0},
		{"redirect headers", "curl -sLi " + u + "/redirect/1 | grep -a HTTP/ | tr -d '\\r'", "HTTP/1.1 302 Found\nHTTP/1.1 200 OK\n", "", 0},
		{"max redirs", "curl -L --max-redirs 2 " + u + "/loop", "", "curl: (47) Maximum (2) redirects followed\n", 47},
		{"max redirs zero", "curl -L --max-redirs 0 " + u + "/redirect/1", "", "curl: (47) Maximum (0) redirects followed\n", 47},
		{"max filesize", "curl --max-filesize 4 " + u + "/hello", "hell", "curl: (63) Maximum file size exceeded (4 bytes)\n", 63},
		{"max filesize fits", "curl --max-filesize 6 " + u + "/hello", "hello\n", "", 0},
		{"compressed", "curl --compressed " + u + "/gzip", "compressed\n", "", 0},
		{"timeout", "curl -m 0.2 " + u + "/slow", "", "curl: (28) Operation timed out after 200 milliseconds with 0 bytes received\n", 28},
		{"nested shell", "sh -c 'curl " + u + "/hello'", "hello\n", "", 0},
		{"xargs", "echo " + u + "/hello | xargs curl -s", "hello\n", "", 0},
		{"two urls", "curl -s -o a " + u + "/hello " + u + "/echo; cat a", "GET /echo\nhello\n", "", 0},
		{"denied host", "curl -s http://localhost:" + strings.Split(srv.addr(), ":")[1] + "/hello",
			"", "moonix: connect localhost:" + strings.Split(srv.addr(), ":")[1] + ": permission denied (needs net.connect:localhost:" + strings.Split(srv.addr(), ":")[1] + ")\n", 7},
		{"bad protocol", "curl ftp://127.0.0.1/x", "", "curl: (1) Protocol \"ftp\" not supported\n", 1},
		{"bad port", "curl http://127.0.0.1:99999/", "", "curl: (3) URL rejected: Port number was not a decimal number between 0 and 65535\n", 3},
		{"no url", "curl -s", "", "curl: no URL specified!\ncurl: try 'curl --help' for more information\n", 2},
		{"missing data file", "curl -d @nope " + u + "/echo", "", "curl: (26) Failed to read data from file nope: No such file or directory\n", 26},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := runNet(t, netConfig(t), tc.script)
			if r.out != tc.out || r.err != tc.err || r.status != tc.status {
				t.Errorf("%s\n got (%q, %q, %d)\nwant (%q, %q, %d)", tc.script, r.out, r.err, r.status, tc.out, tc.err, tc.status)
			}
		})
	}
}

// TestCurlSends checks what the server receives.
func TestCurlSends(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, script string
		check        func(t *testing.T, got seen)
	}{
		{"form", "curl -s -d 'a=1' -d 'b=2' URL", func(t *testing.T, got seen) {
			if got.Method != "POST" || got.Body != "a=1&b=2" || got.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
				t.Errorf("got %+v", got)
			}
		}},
		{"data file strips newlines", "printf 'a=1\\nb=2\\n' > f; curl -s -d @f URL", func(t *testing.T, got seen) {
			if got.Body != "a=1b=2" {
				t.Errorf("body %q", got.Body)
			}
		}},
		{"binary file", "printf 'a\\r\\nb\\n' > f; curl -s --data-binary @f URL", func(t *testing.T, got seen) {
			if got.Body != "a\r\nb\n" {
				t.Errorf("body %q", got.Body)
			}
		}},
		{"stdin", "echo '{\"x\":1}' | curl -s --json @- URL", func(t *testing.T, got seen) {
			if got.Body != "{\"x\":1}\n" || got.Header.Get("Content-Type") != "application/json" || got.Header.Get("Accept") != "application/json" {
				t.Errorf("got %+v", got)
			}
		}},
		{"raw", "curl -s --data-raw '@not-a-file' URL", func(t *testing.T, got seen) {
			if got.Body != "@not-a-file" {
				t.Errorf("body %q", got.Body)
			}
		}},
		{"headers", "curl -s -H 'X-One: 1' -H 'X-Two: 2' -H 'x-two: 3' -H 'Accept: text/plain' -A agent/1 URL", func(t *testing.T, got seen) {
			h := got.Header
			if h.Get("X-One") != "1" || strings.Join(h.Values("X-Two"), ",") != "2,3" || strings.Join(h.Values("Accept"), ",") != "text/plain" || h.Get("User-Agent") != "agent/1" {
				t.Errorf("headers %v", h)
			}
		}},
		{"header replaces -u", "curl -s -u a:b -H 'Authorization: Bearer x' URL", func(t *testing.T, got seen) {
			if v := got.Header.Values("Authorization"); len(v) != 1 || v[0] != "Bearer x" {
				t.Errorf("Authorization %v", v)
			}
		}},
		{"removed headers", "curl -s -H 'User-Agent:' -H 'Accept:' -H 'X-Empty;' URL", func(t *testing.T, got seen) {
			h := got.Header
			if _, ok := h["User-Agent"]; ok {
				t.Errorf("User-Agent sent: %v", h)
			}
			if _, ok := h["Accept"]; ok {
				t.Errorf("Accept sent: %v", h)
			}
			if v, ok := h["X-Empty"]; !ok || v[0] != "" {
				t.Errorf("X-Empty: %v", h)
			}
		}},
		{"defaults", "curl -s URL", func(t *testing.T, got seen) {
			h := got.Header
			if got.Method != "GET" || h.Get("Accept") != "*/*" || !strings.HasPrefix(h.Get("User-Agent"), "moonix-curl/") || h.Get("Accept-Encoding") != "" {
				t.Errorf("got %+v", got)
			}
		}},
		{"basic auth", "curl -s -u bob:pw URL", func(t *testing.T, got seen) {
			if got.Header.Get("Authorization") != "Basic Ym9iOnB3" {
				t.Errorf("Authorization %q", got.Header.Get("Authorization"))
			}
		}},
		{"head", "curl -sI URL", func(t *testing.T, got seen) {
			if got.Method != "HEAD" {
				t.Errorf("method %q", got.Method)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newTestServer(t)
			r := runNet(t, netConfig(t), strings.ReplaceAll(tc.script, "URL", srv.URL+"/echo"))
			if r.status != 0 || r.err != "" {
				t.Fatalf("status %d, stderr %q", r.status, r.err)
			}
			if srv.hits.Load() != 1 {
				t.Fatalf("%d requests", srv.hits.Load())
			}
			tc.check(t, srv.last())
		})
	}
}

// TestCurlDeniedConnectsNothing: a host the set does not allow is refused
// before any connection; the log shows the denial, and no effect: the
// gate stands outside the effect recorder.
func TestCurlDeniedConnectsNothing(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	cfg := netConfig(t)
	cfg.Caps.Deny(caps.Cap{Kind: caps.NetConnect, Pattern: srv.addr()})
	r := runNet(t, cfg, "curl -s "+srv.URL+"/hello")
	want := fmt.Sprintf("moonix: connect %s: permission denied (needs net.connect:%s)\n", srv.addr(), srv.addr())
	if r.status != 7 || r.err != want || r.out != "" {
		t.Errorf("got (%q, %q, %d), want a denial with status 7: %q", r.out, r.err, r.status, want)
	}
	if n := srv.hits.Load(); n != 0 {
		t.Errorf("the server saw %d requests", n)
	}
	checkLog(t, r.log, []string{
		"denied " + srv.addr() + " denied",
	})
}

// TestCurlRedirectToDeniedHost: a redirect to a host the set does not
// allow is stopped before it is followed: the log has the first request
// and the denial, and no effect for the refused one.
func TestCurlRedirectToDeniedHost(t *testing.T) {
	t.Parallel()
	srv, other := newTestServer(t), newTestServer(t)
	// The other server is reached as localhost, which 127.0.0.1:* does
	// not cover.
	target := "http://localhost:" + strings.Split(other.addr(), ":")[1] + "/hello"
	r := runNet(t, netConfig(t), "curl -sL -w '%{http_code} %{num_redirects}' '"+srv.URL+"/to?url="+target+"'")
	hostPort := strings.TrimPrefix(strings.TrimSuffix(target, "/hello"), "http://")
	want := fmt.Sprintf("moonix: connect %s: permission denied (needs net.connect:%s)\n", hostPort, hostPort)
	if r.status != 7 || r.err != want || r.out != "302 1" {
		t.Errorf("got (%q, %q, %d), want (%q, %q, 7)", r.out, r.err, r.status, "302 1", want)
	}
	if srv.hits.Load() != 1 || other.hits.Load() != 0 {
		t.Errorf("hits: first %d (want 1), denied %d (want 0)", srv.hits.Load(), other.hits.Load())
	}
	checkLog(t, r.log, []string{
		"http begin GET " + srv.URL + "/to?url=" + target,
		"http end 302",
		"denied " + hostPort + " denied",
	})
}

// TestCurlMaxRedirs: one redirect more than --max-redirs is exit 47, and
// the server saw exactly the requests allowed.
func TestCurlMaxRedirs(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	r := runNet(t, netConfig(t), "curl -sSL --max-redirs 3 "+srv.URL+"/loop")
	if r.status != 47 || r.err != "curl: (47) Maximum (3) redirects followed\n" {
		t.Errorf("got (%q, %d)", r.err, r.status)
	}
	if n := srv.hits.Load(); n != 4 {
		t.Errorf("the server saw %d requests, want 4", n)
	}
	effs := effects.Collapse(entries(t, r.log))
	if len(effs) != 4 {
		t.Fatalf("%d effects, want 4 (one per request)", len(effs))
	}
	for _, e := range effs {
		if e.Outcome() != "302" {
			t.Errorf("effect %d: outcome %q", e.Seq, e.Outcome())
		}
	}
}

// TestCurlBodyLimit: a body beyond the session's limit is cut there, the
// output keeps what fits, and curl says so.
func TestCurlBodyLimit(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	cfg := netConfig(t)
	cfg.HTTPMaxBody = 1000
	r := runNet(t, cfg, "curl -s -o big '"+srv.URL+"/big?n=100000'; echo $?; wc -c < big; curl -s '"+srv.URL+"/big?n=1000' | wc -c")
	if r.out != "63\n1000\n1000\n" || r.err != "" {
		t.Errorf("got (%q, %q)", r.out, r.err)
	}
	cfg.Effects = effects.Memory()
	r = runNet(t, cfg, "curl -sS '"+srv.URL+"/big?n=1001' > /dev/null")
	if r.status != 63 || r.err != "curl: (63) Maximum file size exceeded (1000 bytes)\n" {
		t.Errorf("got (%q, %d)", r.err, r.status)
	}
	effs := effects.Collapse(entries(t, r.log))
	if len(effs) != 1 || effs[0].End == nil || effs[0].End.Response.Fields["truncated"] != "at 1000 bytes" || effs[0].End.Response.Size != 1000 {
		t.Errorf("log: %+v", effs)
	}
}

// TestCurlRefused: nothing listening is exit 7, logged as an error.
func TestCurlRefused(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strings.Split(l.Addr().String(), ":")[1]
	l.Close()
	r := runNet(t, netConfig(t), "curl http://127.0.0.1:"+port+"/")
	want := "curl: (7) Failed to connect to 127.0.0.1 port " + port + ": Connection refused\n"
	if r.status != 7 || r.err != want {
		t.Errorf("got (%q, %d), want (%q, 7)", r.err, r.status, want)
	}
	effs := effects.Collapse(entries(t, r.log))
	if len(effs) != 1 || !strings.HasPrefix(effs[0].Outcome(), "error: ") || !strings.HasSuffix(effs[0].Outcome(), "connection refused") {
		t.Errorf("log: %+v", effs)
	}
}

// TestCurlNoNetwork: a session without a host dialer has no network, even
// for the hosts its set allows.
func TestCurlNoNetwork(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	cfg := netConfig(t)
	cfg.Dial = nil
	r := runNet(t, cfg, "curl "+srv.URL+"/hello")
	want := fmt.Sprintf("curl: (7) Failed to connect to 127.0.0.1 port %s: no network in this session\n", strings.Split(srv.addr(), ":")[1])
	if r.status != 7 || r.err != want || srv.hits.Load() != 0 {
		t.Errorf("got (%q, %d) with %d hits, want (%q, 7)", r.err, r.status, srv.hits.Load(), want)
	}
}

// TestCurlOutputDenied: an output file the set does not let curl write
// stops the request before it is sent.
func TestCurlOutputDenied(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	r := runNet(t, netConfig(t), "curl -o /etc/got "+srv.URL+"/hello")
	if r.status != 23 || r.err != "moonix: write /etc/got: permission denied (needs fs.write:/etc/got)\n" {
		t.Errorf("got (%q, %d)", r.err, r.status)
	}
	if srv.hits.Load() != 0 {
		t.Errorf("the request was sent")
	}
	r = runNet(t, netConfig(t), "curl -o nodir/got "+srv.URL+"/hello")
	if r.status != 23 || r.err != "curl: (23) Failed to open the output file nodir/got: No such file or directory\n" {
		t.Errorf("got (%q, %d)", r.err, r.status)
	}
}

// TestCurlOutputKeptOnFailure: a failed transfer leaves an existing output
// file as it was.
func TestCurlOutputKeptOnFailure(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	r := runNet(t, netConfig(t), "echo old > f; curl -sf -o f "+srv.URL+"/status/500; cat f; curl -s -o f "+srv.URL+"/hello; cat f")
	if r.out != "old\nhello\n" {
		t.Errorf("got %q", r.out)
	}
}

// TestCurlLog: each request is a begin entry before it goes out and an
// end after, with secrets redacted and bodies in the store.
func TestCurlLog(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	r := runNet(t, netConfig(t), "curl -s -u bob:hunter2 -H 'X-Api-Key: k123' -d 'user=bob&password=hunter2' '"+srv.URL+"/echo?token=t0k&q=1'")
	if r.status != 0 {
		t.Fatalf("status %d: %s", r.status, r.err)
	}
	es := entries(t, r.log)
	if len(es) != 2 || es[0].Phase != effects.PhaseBegin || es[1].Phase != effects.PhaseEnd || es[1].Begin != es[0].Seq {
		t.Fatalf("want a begin and its end, got %+v", es)
	}
	begin, end := es[0], es[1]
	if strings.Contains(begin.Target, "t0k") || !strings.Contains(begin.Target, "q=1") {
		t.Errorf("target %q", begin.Target)
	}
	req := begin.Request
	if req.Fields["Authorization"] != effects.Redacted || req.Fields["X-Api-Key"] != effects.Redacted || req.Fields["Accept"] != "*/*" {
		t.Errorf("request fields %v", req.Fields)
	}
	if !strings.HasPrefix(req.Summary, "POST http://127.0.0.1:") {
		t.Errorf("request summary %q", req.Summary)
	}
	body, err := r.log.Load(req.Digest)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(body), "hunter2") || !strings.Contains(string(body), "user=bob") || req.Size != int64(len(body)) {
		t.Errorf("stored request body %q (size %d)", body, req.Size)
	}
	if end.Outcome != "200" || end.Response.Summary != "200 OK" || end.Response.Fields["Set-Cookie"] != effects.Redacted {
		t.Errorf("end %+v", end.Response)
	}
	got, err := r.log.Load(end.Response.Digest)
	if err != nil || string(got) != "POST /echo?token=t0k&q=1\n" {
		t.Errorf("stored response body %q, %v", got, err)
	}
	if strings.Contains(fmt.Sprint(es), "hunter2") {
		t.Error("a secret reached the log")
	}
}

// TestCurlConcurrent: curls running at once keep the log's chain whole.
func TestCurlConcurrent(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	var script strings.Builder
	const n = 12
	for i := range n {
		fmt.Fprintf(&script, "curl -s -o /dev/null %s/redirect/%d -L & ", srv.URL, i%3)
	}
	script.WriteString("wait; curl -s " + srv.URL + "/hello | cat & wait")
	r := runNet(t, netConfig(t), script.String())
	if r.out != "hello\n" || r.err != "" {
		t.Fatalf("got (%q, %q)", r.out, r.err)
	}
	count, err := r.log.Verify()
	if err != nil {
		t.Fatal(err)
	}
	requests := int(srv.hits.Load())
	if count != 2*requests {
		t.Errorf("%d entries for %d requests", count, requests)
	}
	for _, e := range effects.Collapse(entries(t, r.log)) {
		if e.End == nil {
			t.Errorf("effect %d has no end", e.Seq)
		}
	}
}

// TestCurlCancel: a run canceled while curl waits ends it promptly.
func TestCurlCancel(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	cfg := netConfig(t)
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	status, _ := s.Run(ctx, "curl -s "+srv.URL+"/slow", "moonix")
	if time.Since(start) > 5*time.Second {
		t.Errorf("curl went on for %v after the cancel", time.Since(start))
	}
	if status == 0 {
		t.Errorf("status 0 after a cancel")
	}
}

func entries(t *testing.T, log *effects.Log) []effects.Entry {
	t.Helper()
	es, err := log.Entries()
	if err != nil {
		t.Fatal(err)
	}
	return es
}

// checkLog compares the log with lines "KIND PHASE SUMMARY-OR-OUTCOME"
// ("denied TARGET denied" for a denial).
func checkLog(t *testing.T, log *effects.Log, want []string) {
	t.Helper()
	if _, err := log.Verify(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries(t, log) {
		switch {
		case e.Kind == effects.Denied:
			got = append(got, fmt.Sprintf("denied %s %s", e.Target, e.Outcome))
		case e.Phase == effects.PhaseBegin:
			got = append(got, fmt.Sprintf("%s begin %s", e.Kind, e.Request.Summary))
		default:
			got = append(got, fmt.Sprintf("%s end %s", e.Kind, e.Outcome))
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("log:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCurlDropCoversOpenConnections: once a host is dropped, no request
// reaches it, not even over a connection kept alive from before.
func TestCurlDropCoversOpenConnections(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	cfg := netConfig(t)
	out := &syncBuffer{}
	cfg.Stdout, cfg.Stderr = out, out
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if status, _ := s.Run(ctx, "curl -s "+srv.URL+"/hello", "moonix"); status != 0 {
		t.Fatalf("status %d: %s", status, out)
	}
	s.Caps().Drop(caps.Cap{Kind: caps.NetConnect, Pattern: srv.addr()})
	if status, _ := s.Run(ctx, "curl -s "+srv.URL+"/hello", "moonix"); status != 7 {
		t.Errorf("status %d after the drop, want 7", status)
	}
	if n := srv.hits.Load(); n != 1 {
		t.Errorf("the server saw %d requests, want 1", n)
	}
}

// TestCurlTLS: https goes through the gate on port 443's address as
// dialed, and a certificate the host's roots do not trust is exit 60.
func TestCurlTLS(t *testing.T) {
	t.Parallel()
	var hits atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake
	srv.StartTLS()
	defer srv.Close()
	r := runNet(t, netConfig(t), "curl "+srv.URL+"/")
	if r.status != 60 || !strings.HasPrefix(r.err, "curl: (60) SSL certificate problem: ") || hits.Load() != 0 {
		t.Errorf("got (%q, %d), %d requests; want exit 60 and none", r.err, r.status, hits.Load())
	}
}

// TestCurlDeniedAddressSpellings: a denial of an address range holds for
// every spelling of an address in it and for every name that leads
// there; an allowed spelling reaches what it names. (0.0.0.0 reached a
// loopback server past --deny net.connect:127.0.0.0/8: the gate matched
// the address as written.)
func TestCurlDeniedAddressSpellings(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	port := strings.Split(srv.addr(), ":")[1]
	lookup := func(_ context.Context, host string) ([]netip.Addr, error) {
		if host == "loopback.test" {
			return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
		}
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	denied := netConfig(t, "net.connect:*")
	denied.Lookup = lookup
	for _, d := range []string{"net.connect:127.0.0.0/8", "net.connect:localhost"} {
		c, err := caps.Parse(d)
		if err != nil {
			t.Fatal(err)
		}
		denied.Caps.Deny(c)
	}
	for _, host := range []string{"127.0.0.1", "0.0.0.0", "127.1", "0x7f000001", "2130706433", "0177.0.0.1", "[::ffff:127.0.0.1]", "localhost", "loopback.test"} {
		r := runNet(t, denied, "curl -s http://"+host+":"+port+"/hello")
		if r.status != 7 || r.out != "" || !strings.Contains(r.err, "permission denied (needs net.connect:") {
			t.Errorf("%s: (%q, %q, %d), want a denial", host, r.out, r.err, r.status)
		}
	}
	if n := srv.hits.Load(); n != 0 {
		t.Errorf("the server saw %d requests", n)
	}
	allowed := netConfig(t)
	allowed.Lookup = lookup
	for _, host := range []string{"127.1", "0x7f.0.0.1", "[::ffff:127.0.0.1]"} {
		if r := runNet(t, allowed, "curl -s http://"+host+":"+port+"/hello"); r.status != 0 || r.out != "hello\n" {
			t.Errorf("%s: (%q, %q, %d), want hello from 127.0.0.1", host, r.out, r.err, r.status)
		}
	}
}

// TestLazyTransport: the session's transport is made by its first
// request, not before, so that a session that never reaches the network
// (-c true) neither builds one nor sets up HTTP/2 when it closes; once
// made, it is the one every request uses and Close reaches.
func TestLazyTransport(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") }))
	defer srv.Close()
	var made atomic.Int32
	lt := &lazyTransport{make: func() *http.Transport {
		made.Add(1)
		return &http.Transport{}
	}}
	lt.CloseIdleConnections()
	if n := made.Load(); n != 0 {
		t.Fatalf("closing the idle connections made %d transport(s) before any request", n)
	}
	client := &http.Client{Transport: lt}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := client.Get(srv.URL)
			if err != nil {
				t.Error(err)
				return
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if string(body) != "ok" {
				t.Errorf("body %q", body)
			}
		}()
	}
	wg.Wait()
	if n := made.Load(); n != 1 {
		t.Fatalf("4 requests made %d transports, want 1", n)
	}
	lt.CloseIdleConnections()
}
