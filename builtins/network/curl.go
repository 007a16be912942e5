package network

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/effects"
	"github.com/moonix-sh/moonix/vfs"
)

func curlCommand(d Deps) *builtins.Command {
	return &builtins.Command{
		Name:    "curl",
		Summary: "transfer a URL over HTTP(S), through the capability gate",
		Usage:   curlUsage,
		// curl's own words after a usage error, and its status (2).
		UsageStatus: 2,
		TryHelp:     "curl: try 'curl --help' for more information\n",
		Version:     "curl 8.0.0 (moonix)",
		Run:         func(c *builtins.Call) int { return runCurl(c, d) },
	}
}

const curlUsage = `Usage: curl [OPTION...] URL...
Makes HTTP(S) requests from the sandbox to the network. Each connection
needs net.connect on HOST:PORT as the URL names it (80 for http, 443 for
https), checked before anything is looked up or connected, and again for
every redirect before it is followed; a denied host fails with exit 7 and
the gate's message, even with -s. No host proxy setting is read. A URL
without a scheme is http://.
Every request the gate lets through is recorded in the effect log before
it is sent (kind http, one effect per request: a redirect followed is a new
effect), with its outcome after: the status code or "error: ..."; a denied
one is logged as a denial only. Secrets are redacted there (Authorization,
cookies, -u passwords, token-, key-, secret- and password-like query, form
and JSON fields).

  -X, --request METHOD     the method (default GET; POST with data; HEAD with -I)
  -d, --data DATA          send DATA as application/x-www-form-urlencoded
                           (several are joined with &); @FILE reads a file of
                           the VFS (@- standard input) without its newlines
      --data-binary DATA   like -d, but @FILE is sent exactly as it is
      --data-raw DATA      like -d, with no @FILE
      --data-urlencode D   URL-encode D: TEXT, =TEXT, NAME=TEXT, @FILE, NAME@FILE
      --json DATA          send JSON (like --data-binary) with Content-Type and
                           Accept application/json
  -G, --get                put the data in the URL's query and use GET
  -H, --header 'NAME: V'   add a header (repeatable); 'NAME:' removes one,
                           'NAME;' sends it empty
  -A, --user-agent NAME    the User-Agent (default moonix-curl/VERSION)
  -u, --user USER:PASS     basic authentication
  -o, --output FILE        write the body to FILE in the VFS instead of stdout;
                           the first -o is for the first URL, and so on
  -O, --remote-name        write to the URL's last path segment, in the
                           working directory
  -i, --include            include the response headers in the output
  -I, --head               HEAD: show the headers only
  -L, --location           follow redirects
      --max-redirs N       follow at most N redirects (default 50; -1: no
                           limit); one more is exit 47
  -f, --fail               on HTTP status 400 or above, write no body and exit 22
      --fail-with-body     on HTTP status 400 or above, write the body and exit 22
  -m, --max-time SECONDS   give up on a transfer after SECONDS (exit 28)
      --max-filesize BYTES stop a body after BYTES (suffix k, M, G allowed)
      --compressed         ask for gzip or deflate and decompress
  -w, --write-out FORMAT   print FORMAT after each transfer: %{http_code},
                           %{size_download}, %{size_upload}, %{url_effective},
                           %{content_type}, %{num_redirects}, %{redirect_url},
                           %{method}, %{http_version}, %{exitcode},
                           %{errormsg}, %header{NAME}, %%, \n, \t, \r, \\
  -s, --silent             no error messages (capability denials still show)
  -S, --show-error         error messages even with -s
  -v, --verbose            show the request and response headers on stderr
A response body longer than the session's limit (64 MiB unless configured)
or --max-filesize is cut there: what fits is written, then curl stops with
exit 63. Output files are opened before the request is sent (a file that
cannot be written stops it) and are left untouched, or not created, when
nothing arrives. Headers are shown with canonical names, sorted. There is no
progress meter. Exit statuses are curl's: 1 unsupported protocol, 2 usage,
3 malformed URL, 6 cannot resolve host, 7 cannot connect or denied, 22 HTTP
error with -f, 23 write error, 26 read error, 28 timeout, 47 too many
redirects, 52 empty reply, 56 receive error, 60 and 35 TLS errors, 63 body
too large.
`

// curlData is one piece of request data and the option that gave it.
type curlData struct {
	kind  string // data, binary, raw, urlencode, json
	value string
}

type curlOpts struct {
	method       string
	data         []curlData
	get          bool
	headers      []string
	outputs      []string // "" for -O, the remote name
	silent       bool
	showErr      bool
	include      bool
	head         bool
	location     bool
	maxRedirs    int
	fail         bool
	failWithBody bool
	writeOut     string
	maxTime      float64
	user         string
	userAgent    string
	compressed   bool
	verbose      bool
	maxFilesize  int64
}

// dataFlag collects the data options in the order given, whatever their
// flavour, as curl joins them.
type dataFlag struct {
	list *[]curlData
	kind string
}

func (d dataFlag) String() string { return "" }
func (d dataFlag) Type() string   { return "string" }
func (d dataFlag) Set(v string) error {
	*d.list = append(*d.list, curlData{d.kind, v})
	return nil
}

// outFlag collects -o FILE and -O in one list: the Nth is for the Nth URL.
type outFlag struct {
	list   *[]string
	remote bool
}

func (o outFlag) String() string { return "" }
func (o outFlag) Type() string {
	if o.remote {
		return "bool"
	}
	return "string"
}
func (o outFlag) Set(v string) error {
	if !o.remote {
		if v == "" {
			return errors.New("empty file name")
		}
		*o.list = append(*o.list, v)
		return nil
	}
	if on, err := strconv.ParseBool(v); err != nil || !on {
		return errors.New("takes no value")
	}
	*o.list = append(*o.list, "")
	return nil
}

// sizeFlag reads a byte count with an optional k, M or G suffix.
type sizeFlag struct{ n *int64 }

func (s sizeFlag) String() string { return "" }
func (s sizeFlag) Type() string   { return "bytes" }
func (s sizeFlag) Set(v string) error {
	mult := int64(1)
	if n := len(v); n > 0 {
		switch v[n-1] {
		case 'k', 'K':
			mult, v = 1<<10, v[:n-1]
		case 'm', 'M':
			mult, v = 1<<20, v[:n-1]
		case 'g', 'G':
			mult, v = 1<<30, v[:n-1]
		}
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64/mult {
		return errors.New("expected a proper numerical parameter")
	}
	*s.n = n * mult
	return nil
}

// parseCurl reads the options; when ok is false curl exits with status.
func parseCurl(c *builtins.Call) (o *curlOpts, urls []string, status int, ok bool) {
	o = &curlOpts{}
	fl := c.Flags()
	fl.StringVarP(&o.method, "request", "X", "", "")
	fl.VarP(dataFlag{&o.data, "data"}, "data", "d", "")
	fl.Var(dataFlag{&o.data, "data"}, "data-ascii", "")
	fl.Var(dataFlag{&o.data, "binary"}, "data-binary", "")
	fl.Var(dataFlag{&o.data, "raw"}, "data-raw", "")
	fl.Var(dataFlag{&o.data, "urlencode"}, "data-urlencode", "")
	fl.Var(dataFlag{&o.data, "json"}, "json", "")
	fl.BoolVarP(&o.get, "get", "G", false, "")
	fl.StringArrayVarP(&o.headers, "header", "H", nil, "")
	fl.StringVarP(&o.userAgent, "user-agent", "A", "moonix-curl/"+builtins.Version, "")
	fl.StringVarP(&o.user, "user", "u", "", "")
	fl.VarP(outFlag{list: &o.outputs}, "output", "o", "")
	fl.VarPF(outFlag{list: &o.outputs, remote: true}, "remote-name", "O", "").NoOptDefVal = "true"
	fl.BoolVarP(&o.silent, "silent", "s", false, "")
	fl.BoolVarP(&o.showErr, "show-error", "S", false, "")
	fl.BoolVarP(&o.include, "include", "i", false, "")
	fl.BoolVarP(&o.head, "head", "I", false, "")
	fl.BoolVarP(&o.location, "location", "L", false, "")
	fl.IntVar(&o.maxRedirs, "max-redirs", 50, "")
	fl.BoolVarP(&o.fail, "fail", "f", false, "")
	fl.BoolVar(&o.failWithBody, "fail-with-body", false, "")
	fl.StringVarP(&o.writeOut, "write-out", "w", "", "")
	fl.Float64VarP(&o.maxTime, "max-time", "m", 0, "")
	fl.Var(sizeFlag{&o.maxFilesize}, "max-filesize", "")
	fl.BoolVar(&o.compressed, "compressed", false, "")
	fl.BoolVarP(&o.verbose, "verbose", "v", false, "")
	var urlFlags []string
	fl.StringArrayVar(&urlFlags, "url", nil, "")
	if st, ok := c.Parse(fl); !ok {
		return nil, nil, st, false
	}
	if o.maxTime < 0 || math.IsNaN(o.maxTime) || math.IsInf(o.maxTime, 0) {
		return nil, nil, c.Usage("option --max-time: expected a proper numerical parameter"), false
	}
	if o.maxRedirs < -1 {
		return nil, nil, c.Usage("option --max-redirs: expected -1 or more"), false
	}
	urls = append(urlFlags, fl.Args()...)
	if len(urls) == 0 {
		return nil, nil, c.Usage("no URL specified!"), false
	}
	if o.head && len(o.data) > 0 && !o.get {
		c.Fail("(2) You can only select one HTTP request method! You asked for both POST (-d, --data) and HEAD (-I, --head).")
		return nil, nil, 2, false
	}
	if len(o.outputs) > len(urls) {
		return nil, nil, c.Usage("more output files than URLs"), false
	}
	return o, urls, 0, true
}

func runCurl(c *builtins.Call, d Deps) int {
	o, urls, status, ok := parseCurl(c)
	if !ok {
		return status
	}
	body, ctype, status := o.requestBody(c)
	if status != 0 {
		return status
	}
	result := 0
	for i, u := range urls {
		t := &transfer{c: c, d: d, o: o, rawURL: u, body: body, ctype: ctype, status: -1}
		if i < len(o.outputs) {
			t.output, t.hasOutput = o.outputs[i], true
		}
		st := t.run()
		if st == 130 {
			return st
		}
		if st != 0 {
			result = st
		}
	}
	return result
}

// requestBody joins the data options into the request body and says its
// content type ("" with no data). A file that cannot be read is exit 26.
func (o *curlOpts) requestBody(c *builtins.Call) ([]byte, string, int) {
	if len(o.data) == 0 {
		return nil, "", 0
	}
	var parts [][]byte
	sep, ctype := []byte("&"), "application/x-www-form-urlencoded"
	for _, d := range o.data {
		var part []byte
		switch d.kind {
		case "raw":
			part = []byte(d.value)
		case "data", "binary", "json":
			if name, ok := strings.CutPrefix(d.value, "@"); ok {
				b, st := curlReadFile(c, name)
				if st != 0 {
					return nil, "", st
				}
				if d.kind == "data" {
					b = bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\r"), nil), []byte("\n"), nil)
				}
				part = b
			} else {
				part = []byte(d.value)
			}
			if d.kind == "json" {
				sep, ctype = nil, "application/json"
			}
		case "urlencode":
			p, st := urlencodeData(c, d.value)
			if st != 0 {
				return nil, "", st
			}
			part = p
		}
		parts = append(parts, part)
	}
	return bytes.Join(parts, sep), ctype, 0
}

// urlencodeData is one --data-urlencode: TEXT, =TEXT, NAME=TEXT, @FILE or
// NAME@FILE.
func urlencodeData(c *builtins.Call, v string) ([]byte, int) {
	name, content := "", v
	if i := strings.IndexAny(v, "=@"); i >= 0 {
		name, content = v[:i], v[i+1:]
		if v[i] == '@' {
			b, st := curlReadFile(c, content)
			if st != 0 {
				return nil, st
			}
			content = string(b)
		}
	}
	enc := url.QueryEscape(content)
	if name == "" {
		return []byte(enc), 0
	}
	return []byte(name + "=" + enc), 0
}

// curlReadFile reads a data file from the VFS (- is standard input).
func curlReadFile(c *builtins.Call, name string) ([]byte, int) {
	r, err := c.Open(name)
	if err == nil {
		b, rerr := io.ReadAll(r)
		r.Close()
		if err = rerr; err == nil {
			return b, 0
		}
	}
	if !c.FailDenied(err) {
		c.FailWith(err, "(26) Failed to read data from file %s: %s", name, builtins.Reason(err))
	}
	return nil, 26
}

// errTooManyRedirects stops a redirect beyond --max-redirs.
var errTooManyRedirects = errors.New("too many redirects")

// transfer is one URL's request, its redirects and its response.
type transfer struct {
	c         *builtins.Call
	d         Deps
	o         *curlOpts
	rawURL    string
	body      []byte
	ctype     string
	output    string
	hasOutput bool

	out        *curlOutput
	cur        *http.Request // the request under way (the last hop)
	resp       *http.Response
	status     int // the final status code, -1 before any
	redirects  int
	downloaded int64
	uploaded   int64
	exit       int
	errmsg     string
	deadline   time.Duration // --max-time, 0 for none
	ctx        context.Context
}

// run does the transfer and returns its exit status; -w is printed after.
func (t *transfer) run() int {
	st := t.do()
	t.exit = st
	if t.o.writeOut != "" && st != 130 {
		t.writeOut()
	}
	return st
}

// fail reports a curl error "curl: (N) message" unless silenced, and
// returns N.
func (t *transfer) fail(code int, format string, args ...any) int {
	t.errmsg = fmt.Sprintf(format, args...)
	if !t.o.silent || t.o.showErr {
		t.c.Fail("(%d) %s", code, t.errmsg)
	}
	return code
}

func (t *transfer) do() int {
	c := t.c
	u, st := t.parseURL()
	if st != 0 {
		return st
	}
	method := "GET"
	switch {
	case t.o.head:
		method = "HEAD"
	case len(t.o.data) > 0 && !t.o.get:
		method = "POST"
	}
	if t.o.method != "" {
		method = t.o.method
	}
	var body io.Reader
	if len(t.o.data) > 0 {
		if t.o.get {
			if u.RawQuery != "" {
				u.RawQuery += "&"
			}
			u.RawQuery += string(t.body)
		} else {
			body = bytes.NewReader(t.body)
			t.uploaded = int64(len(t.body))
		}
	}
	if t.o.maxTime > 0 {
		t.deadline = time.Duration(t.o.maxTime * float64(time.Second))
	}
	ctx := c.Ctx
	if t.deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t.deadline)
		defer cancel()
	}
	t.ctx = ctx
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return t.fail(3, "URL rejected: %v", err)
	}
	t.setHeaders(req)
	if st := t.openOutput(u); st != 0 {
		return st
	}
	ok := false
	defer func() { t.out.finish(ok) }()

	if t.d.Client == nil {
		t.cur = req
		host, port, _ := net.SplitHostPort(caps.URLAddr(u))
		return t.fail(7, "Failed to connect to %s port %s: %v", host, port, caps.ErrNoNetwork)
	}
	client := *t.d.Client
	check := t.d.Client.CheckRedirect
	client.CheckRedirect = func(next *http.Request, via []*http.Request) error {
		if !t.o.location {
			return http.ErrUseLastResponse
		}
		if st := t.hopDone(next.Response); st != 0 {
			return errWriteOut
		}
		if t.o.maxRedirs >= 0 && len(via) > t.o.maxRedirs {
			return errTooManyRedirects
		}
		t.redirects++
		t.begin(next)
		if check != nil {
			return check(next, via)
		}
		return nil
	}
	t.begin(req)
	resp, err := client.Do(req)
	if err != nil {
		var re *effects.RecordError
		switch {
		case errors.Is(err, errWriteOut):
			return t.writeFailed()
		case errors.As(err, &re):
			return t.fail(55, "Failed sending network data: %v", re)
		}
		return t.transportError(err)
	}
	defer resp.Body.Close()
	st = t.response(resp)
	ok = st == 0 || st == 22 && t.o.failWithBody
	return st
}

// errWriteOut stops a redirect whose headers could not be written.
var errWriteOut = errors.New("write error")

// parseURL reads the URL operand: http:// is assumed, and only http and
// https are spoken.
func (t *transfer) parseURL() (*url.URL, int) {
	raw := t.rawURL
	if !strings.Contains(raw, "://") {
		raw = "http://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, t.fail(3, "URL rejected: Malformed input to a URL function")
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
	default:
		return nil, t.fail(1, "Protocol \"%s\" not supported", u.Scheme)
	}
	if u.Hostname() == "" {
		return nil, t.fail(3, "URL rejected: No host part in the URL")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return nil, t.fail(3, "URL rejected: Port number was not a decimal number between 0 and 65535")
		}
	}
	return u, 0
}

// setHeaders puts curl's default headers, the data's content type, -A,
// -u, --compressed and -H on req.
func (t *transfer) setHeaders(req *http.Request) {
	h := req.Header
	h.Set("User-Agent", t.o.userAgent)
	h.Set("Accept", "*/*")
	if req.Body != nil && t.ctype != "" {
		h.Set("Content-Type", t.ctype)
	}
	if t.ctype == "application/json" {
		h.Set("Accept", "application/json")
	}
	if t.o.compressed {
		h.Set("Accept-Encoding", "deflate, gzip")
	}
	if t.o.user != "" {
		user, pass, _ := strings.Cut(t.o.user, ":")
		req.SetBasicAuth(user, pass)
	}
	// A header given with -H replaces curl's own of that name; given
	// again, it is added.
	given := map[string]bool{}
	for _, line := range t.o.headers {
		name, value, found := strings.Cut(line, ":")
		name = strings.TrimSpace(name)
		if !found {
			if n, ok := strings.CutSuffix(name, ";"); ok && n != "" {
				h.Set(n, "") // NAME; sends NAME empty
			}
			continue // curl ignores a header line without a colon
		}
		key := http.CanonicalHeaderKey(name)
		value = strings.TrimSpace(value)
		switch {
		case name == "":
			continue
		case value == "":
			h.Del(key) // NAME: removes it
		case key == "Host":
			req.Host = value
		case given[key]:
			h.Add(key, value)
		default:
			h.Set(key, value)
		}
		given[key] = true
	}
	if _, ok := h["User-Agent"]; !ok {
		h["User-Agent"] = []string{""} // removed: Go must not add its own
	}
}

// begin shows a request about to go out (-v).
func (t *transfer) begin(req *http.Request) {
	t.cur = req
	if t.o.verbose {
		t.showRequest(req)
	}
}

// hopDone handles a redirect response before the redirect is followed:
// its headers are shown (-i, -v).
func (t *transfer) hopDone(resp *http.Response) int {
	t.status = resp.StatusCode
	t.showHeaders(resp, true)
	if t.out.err != nil {
		return 23
	}
	return 0
}

// showHeaders writes a response's status line and headers to standard
// error (-v) and, when output is true, to the output (-i, -I).
func (t *transfer) showHeaders(resp *http.Response, output bool) {
	lines := responseHead(resp)
	if t.o.verbose {
		var b strings.Builder
		for _, l := range lines {
			b.WriteString("< " + l + "\n")
		}
		b.WriteString("<\n")
		io.WriteString(t.c.Stderr, b.String())
	}
	if output && (t.o.include || t.o.head) {
		t.out.Write([]byte(strings.Join(lines, "\r\n") + "\r\n\r\n"))
	}
}

// responseHead is a response's status line and header lines, names
// sorted.
func responseHead(resp *http.Response) []string {
	status := fmt.Sprintf("HTTP/%d.%d %s", resp.ProtoMajor, resp.ProtoMinor, resp.Status)
	if resp.ProtoMajor >= 2 {
		status = fmt.Sprintf("HTTP/%d %d", resp.ProtoMajor, resp.StatusCode)
	}
	lines := []string{status}
	h := resp.Header.Clone()
	if len(resp.TransferEncoding) > 0 && h.Get("Transfer-Encoding") == "" {
		h["Transfer-Encoding"] = []string{strings.Join(resp.TransferEncoding, ", ")}
	}
	names := make([]string, 0, len(h))
	for k := range h {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		for _, v := range h[k] {
			lines = append(lines, k+": "+v)
		}
	}
	return lines
}

// showRequest writes the request to standard error (-v).
func (t *transfer) showRequest(req *http.Request) {
	var b strings.Builder
	fmt.Fprintf(&b, "> %s %s HTTP/1.1\n", req.Method, req.URL.RequestURI())
	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	fmt.Fprintf(&b, "> Host: %s\n", host)
	names := make([]string, 0, len(req.Header))
	for k := range req.Header {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		for _, v := range req.Header[k] {
			if v != "" {
				fmt.Fprintf(&b, "> %s: %s\n", k, v)
			}
		}
	}
	b.WriteString(">\n")
	io.WriteString(t.c.Stderr, b.String())
}

// transportError reports a request that got no (final) response: denied,
// unreachable, timed out, too many redirects.
func (t *transfer) transportError(err error) int {
	if t.c.Ctx.Err() != nil {
		return 130
	}
	var d *caps.DeniedError
	if errors.As(err, &d) {
		t.errmsg = d.Error()
		t.c.FailDenied(d)
		return 7
	}
	code, msg := t.classify(err)
	return t.fail(code, "%s", msg)
}

// timedOut reports whether --max-time ran out.
func (t *transfer) timedOut() bool {
	return t.deadline > 0 && errors.Is(t.ctx.Err(), context.DeadlineExceeded)
}

func (t *transfer) timeoutMessage() string {
	return fmt.Sprintf("Operation timed out after %d milliseconds with %d bytes received", t.deadline.Milliseconds(), t.downloaded)
}

// classify turns a transport error into curl's exit status and message.
func (t *transfer) classify(err error) (int, string) {
	if errors.Is(err, errTooManyRedirects) {
		return 47, fmt.Sprintf("Maximum (%d) redirects followed", t.o.maxRedirs)
	}
	if t.timedOut() {
		return 28, t.timeoutMessage()
	}
	host, port, _ := net.SplitHostPort(caps.URLAddr(t.cur.URL))
	var dns *net.DNSError
	var opErr *net.OpError
	var certErr *tls.CertificateVerificationError
	var recErr tls.RecordHeaderError
	switch {
	case errors.As(err, &dns):
		return 6, "Could not resolve host: " + host
	case errors.Is(err, caps.ErrNoNetwork):
		return 7, fmt.Sprintf("Failed to connect to %s port %s: %v", host, port, caps.ErrNoNetwork)
	case errors.As(err, &opErr) && opErr.Op == "dial":
		reason := innermost(opErr).Error()
		switch {
		case errors.Is(err, syscall.ECONNREFUSED):
			reason = "Connection refused"
		case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded):
			reason = "Timeout was reached"
		}
		return 7, fmt.Sprintf("Failed to connect to %s port %s: %s", host, port, reason)
	case errors.As(err, &certErr):
		return 60, "SSL certificate problem: " + innermost(certErr).Error()
	case errors.As(err, &recErr):
		return 35, "SSL connect error: " + recErr.Error()
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return 52, "Empty reply from server"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return 56, "Failure when receiving data from the peer: " + err.Error()
}

// innermost is the last error err wraps.
func innermost(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}

// response handles the final response: headers, body, -f.
func (t *transfer) response(resp *http.Response) int {
	t.resp, t.status = resp, resp.StatusCode
	failing := resp.StatusCode >= 400 && (t.o.fail || t.o.failWithBody)
	if failing && !t.o.failWithBody {
		t.showHeaders(resp, false)
		return t.fail(22, "The requested URL returned error: %d", resp.StatusCode)
	}
	t.showHeaders(resp, true)
	if t.out.err != nil {
		return t.writeFailed()
	}
	if st := t.readBody(resp); st != 0 {
		return st
	}
	if failing {
		return t.fail(22, "The requested URL returned error: %d", resp.StatusCode)
	}
	return 0
}

// limit is the most body bytes a response may give: the session's bound
// and --max-filesize, whichever is smaller; 0 for none.
func (t *transfer) limit() int64 {
	n := t.d.MaxBody
	if m := t.o.maxFilesize; m > 0 && (n <= 0 || m < n) {
		n = m
	}
	return n
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}

// readBody copies the body to the output, up to the limit, and returns
// the exit status of the copy.
func (t *transfer) readBody(resp *http.Response) int {
	if resp.Request.Method == "HEAD" || t.o.head {
		return 0
	}
	var r io.Reader = countingReader{resp.Body, &t.downloaded}
	if t.o.compressed {
		var err error
		switch strings.ToLower(resp.Header.Get("Content-Encoding")) {
		case "gzip", "x-gzip":
			r, err = gzip.NewReader(r)
		case "deflate":
			r, err = zlib.NewReader(r)
		}
		if err != nil {
			return t.bodyError(err)
		}
	}
	limit := t.limit()
	var written int64
	buf := make([]byte, 32*1024)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			chunk := buf[:n]
			over := limit > 0 && written+int64(n) > limit
			if over {
				chunk = chunk[:limit-written]
			}
			if len(chunk) > 0 {
				if _, werr := t.out.Write(chunk); werr != nil {
					return t.writeFailed()
				}
				written += int64(len(chunk))
			}
			if over {
				return t.fail(63, "Maximum file size exceeded (%d bytes)", limit)
			}
		}
		if err == io.EOF {
			return 0
		}
		if err != nil {
			return t.bodyError(err)
		}
	}
}

// bodyError reports a failure while reading a body.
func (t *transfer) bodyError(err error) int {
	switch {
	case t.c.Ctx.Err() != nil:
		return 130
	case t.timedOut():
		return t.fail(28, "%s", t.timeoutMessage())
	case errors.Is(err, gzip.ErrHeader) || errors.Is(err, gzip.ErrChecksum) || errors.Is(err, zlib.ErrHeader) || errors.Is(err, zlib.ErrChecksum):
		return t.fail(61, "Unrecognized or bad HTTP Content or Transfer-Encoding")
	}
	return t.fail(56, "Failure when receiving data from the peer: %v", err)
}

func (t *transfer) writeFailed() int {
	var d *caps.DeniedError
	if errors.As(t.out.err, &d) {
		t.c.FailDenied(d)
		t.errmsg = d.Error()
		return 23
	}
	return t.fail(23, "Failure writing output to destination")
}

// openOutput opens where the body goes: standard output, or a file of the
// VFS opened now, before anything is sent, so that a file that cannot be
// written stops the request.
func (t *transfer) openOutput(u *url.URL) int {
	t.out = &curlOutput{w: t.c.Stdout}
	if !t.hasOutput {
		return 0
	}
	name := t.output
	if name == "" {
		name = path.Base(u.Path)
		if strings.HasSuffix(u.Path, "/") || name == "." || name == "" {
			return t.fail(23, "Remote file name has no length")
		}
	}
	if name == "-" {
		return 0
	}
	p := t.c.Abs(name)
	_, statErr := t.c.FS.Lstat(p)
	f, err := t.c.FS.OpenFile(p, os.O_WRONLY|os.O_CREATE, 0o666&^t.c.Umask)
	if err != nil {
		if t.c.FailDenied(err) {
			t.errmsg = err.Error()
			return 23
		}
		return t.fail(23, "Failed to open the output file %s: %s", name, builtins.Reason(err))
	}
	if info, err := f.Stat(); err == nil && info.IsDir() {
		f.Close()
		return t.fail(23, "Failed to open the output file %s: is a directory", name)
	}
	t.out = &curlOutput{f: f, fs: t.c.FS, path: p, created: errors.Is(statErr, fs.ErrNotExist)}
	return 0
}

// curlOutput is where a transfer's output goes. A file is truncated at
// the first write; if nothing is written it is left as it was, or removed
// when the transfer created it and failed.
type curlOutput struct {
	w       io.Writer
	f       vfs.File
	fs      vfs.FS
	path    string
	created bool
	wrote   bool
	err     error
}

func (o *curlOutput) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	if o.f == nil {
		n, err := o.w.Write(p)
		o.err = err
		return n, err
	}
	if !o.wrote {
		o.wrote = true
		if err := o.truncate(); err != nil {
			o.err = err
			return 0, err
		}
	}
	n, err := o.f.Write(p)
	o.err = err
	return n, err
}

func (o *curlOutput) truncate() error {
	if info, err := o.f.Stat(); err == nil && !info.Mode().IsRegular() {
		return nil // /dev/null and other devices
	}
	return o.f.Truncate(0)
}

// finish closes a file: a transfer that succeeded with an empty body
// leaves it empty; one that failed before writing leaves it as it was.
func (o *curlOutput) finish(ok bool) {
	if o == nil || o.f == nil {
		return
	}
	if !o.wrote && ok {
		o.truncate()
	}
	o.f.Close()
	if !o.wrote && !ok && o.created {
		o.fs.Remove(o.path)
	}
}

// writeOut prints -w's format for the transfer.
func (t *transfer) writeOut() {
	var b strings.Builder
	f := t.o.writeOut
	for i := 0; i < len(f); i++ {
		ch := f[i]
		switch {
		case ch == '\\' && i+1 < len(f):
			i++
			switch f[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '\\':
				b.WriteByte('\\')
			default:
				b.WriteByte('\\')
				b.WriteByte(f[i])
			}
		case ch == '%' && strings.HasPrefix(f[i:], "%%"):
			b.WriteByte('%')
			i++
		case ch == '%' && strings.HasPrefix(f[i:], "%{"):
			end := strings.IndexByte(f[i:], '}')
			if end < 0 {
				b.WriteString(f[i:])
				i = len(f)
				continue
			}
			name := f[i+2 : i+end]
			if v, ok := t.variable(name); ok {
				b.WriteString(v)
			} else if !t.o.silent {
				fmt.Fprintf(t.c.Stderr, "curl: unknown --write-out variable: '%s'\n", name)
			}
			i += end
		case ch == '%' && strings.HasPrefix(f[i:], "%header{"):
			end := strings.IndexByte(f[i:], '}')
			if end < 0 {
				b.WriteString(f[i:])
				i = len(f)
				continue
			}
			if t.resp != nil {
				b.WriteString(strings.Join(t.resp.Header.Values(f[i+8:i+end]), ", "))
			}
			i += end
		default:
			b.WriteByte(ch)
		}
	}
	io.WriteString(t.c.Stdout, b.String())
}

// variable is the value of a -w variable.
func (t *transfer) variable(name string) (string, bool) {
	switch name {
	case "http_code", "response_code":
		if t.status < 0 {
			return "000", true
		}
		return fmt.Sprintf("%03d", t.status), true
	case "size_download":
		return strconv.FormatInt(t.downloaded, 10), true
	case "size_upload":
		return strconv.FormatInt(t.uploaded, 10), true
	case "url_effective":
		if t.cur != nil {
			return t.cur.URL.String(), true
		}
		return t.rawURL, true
	case "url":
		return t.rawURL, true
	case "content_type":
		if t.resp != nil {
			return t.resp.Header.Get("Content-Type"), true
		}
		return "", true
	case "num_redirects":
		return strconv.Itoa(t.redirects), true
	case "redirect_url":
		if t.resp != nil && t.resp.StatusCode/100 == 3 {
			if loc, err := t.resp.Location(); err == nil {
				return loc.String(), true
			}
		}
		return "", true
	case "method":
		if t.cur != nil {
			return t.cur.Method, true
		}
		return "", true
	case "http_version":
		if t.resp == nil {
			return "0", true
		}
		if t.resp.ProtoMajor >= 2 {
			return strconv.Itoa(t.resp.ProtoMajor), true
		}
		return fmt.Sprintf("%d.%d", t.resp.ProtoMajor, t.resp.ProtoMinor), true
	case "exitcode":
		return strconv.Itoa(t.exit), true
	case "errormsg":
		return t.errmsg, true
	}
	return "", false
}
