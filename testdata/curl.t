curl makes HTTP(S) requests from the sandbox. Every connection needs
net.connect on HOST:PORT, which the sandbox preset does not grant: a
request is refused before anything is looked up or connected, with the
gate's message (even under -s) and curl's exit status 7. The tests that
reach a server are Go tests (shell/curl_test.go) and
testdata/cli/curl.txtar.

  $ curl --help | head -1
  Usage: curl [OPTION...] URL...
  $ curl http://example.com/
  moonix: connect example.com:80: permission denied (needs net.connect:example.com:80)
  [7]
  $ curl -s https://example.com/index.html
  moonix: connect example.com:443: permission denied (needs net.connect:example.com:443)
  [7]
  $ curl -s example.com:8080
  moonix: connect example.com:8080: permission denied (needs net.connect:example.com:8080)
  [7]
  $ curl -s 'http://[::1]:9/'
  moonix: connect [::1]:9: permission denied (needs net.connect:[::1]:9)
  [7]

-w still reports the transfer that did not happen; -o creates no file when
nothing arrived:

  $ curl -s -w '%{http_code} %{exitcode} %{url_effective}\n' http://example.com/x
  moonix: connect example.com:80: permission denied (needs net.connect:example.com:80)
  000 7 http://example.com/x
  [7]
  $ curl -s -o page.html http://example.com/; ls
  moonix: connect example.com:80: permission denied (needs net.connect:example.com:80)

Following a redirect does not get round the gate either: the first request
is refused already.

  $ curl -sL --max-redirs 3 http://example.com/
  moonix: connect example.com:80: permission denied (needs net.connect:example.com:80)
  [7]

An output file that cannot be written, or request data that cannot be read,
stops curl before it sends anything:

  $ curl -o /etc/page http://example.com/
  moonix: write /etc/page: permission denied (needs fs.write:/etc/page)
  [23]
  $ curl -o nodir/page http://example.com/
  curl: (23) Failed to open the output file nodir/page: No such file or directory
  [23]
  $ curl -d @missing.txt http://example.com/
  curl: (26) Failed to read data from file missing.txt: No such file or directory
  [26]

Usage errors and URLs curl cannot use:

  $ curl
  curl: no URL specified!
  curl: try 'curl --help' for more information
  [2]
  $ curl --bogus http://example.com/
  curl: unrecognized option '--bogus'
  curl: try 'curl --help' for more information
  [2]
  $ curl -I -d x=1 http://example.com/
  curl: (2) You can only select one HTTP request method! You asked for both POST (-d, --data) and HEAD (-I, --head).
  [2]
  $ curl -m -1 http://example.com/
  curl: option --max-time: expected a proper numerical parameter
  curl: try 'curl --help' for more information
  [2]
  $ curl ftp://example.com/file
  curl: (1) Protocol "ftp" not supported
  [1]
  $ curl http://example.com:99999/
  curl: (3) URL rejected: Port number was not a decimal number between 0 and 65535
  [3]
  $ curl 'http://exa mple.com/'
  curl: (3) URL rejected: Malformed input to a URL function
  [3]
  $ curl http:///nohost
  curl: (3) URL rejected: No host part in the URL
  [3]
  $ curl -O http://example.com/
  curl: (23) Remote file name has no length
  [23]
