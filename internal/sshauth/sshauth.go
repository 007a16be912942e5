// Package sshauth is what an ssh client of moonix's knows of hosts and
// keys, read from text its caller hands it: known_hosts lines (OpenSSH's
// format: patterns, hashed names, [HOST]:PORT, negations, @revoked)
// matched as OpenSSH's strict checking matches them, and private keys
// (OpenSSH's and PEM's formats, encrypted or not). It reads no file and
// no environment variable: golang.org/x/crypto/ssh/knownhosts opens host
// files by name, which moonix never does, so the matching is done here
// over lines read from the sandbox.
//
// It imports golang.org/x/crypto/ssh and the standard library only. Its
// values are safe for concurrent use once built. Refusals are *Error,
// worded as OpenSSH words them.
package sshauth

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"path"
	"strconv"
	"strings"

	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/knownhosts"
)

// Error is a refusal in ssh's words: the lines ssh prints on its
// standard error, the last of which (Error) says why it gave up
// ("Host key verification failed.").
type Error struct {
	Said string // the lines, without a final newline
}

func (e *Error) Error() string {
	return e.Said[strings.LastIndexByte(e.Said, '\n')+1:]
}

// Detail is what ssh said before its last line, each line ending in a
// newline ("" for a one-line refusal).
func (e *Error) Detail() string {
	i := strings.LastIndexByte(e.Said, '\n')
	return e.Said[:i+1]
}

// line is a known_hosts line that names hosts and a key.
type line struct {
	file     string
	num      int
	revoked  bool
	patterns []string
	key      ssh.PublicKey
}

// KnownHosts is the host keys a client knows: known_hosts files' lines,
// in the order added.
type KnownHosts struct {
	lines []line
	first string // the first file added: where ssh says to put a key
}

// Add reads data, the known_hosts file named file (as messages name
// it). Lines that do not parse are skipped, as OpenSSH skips them, and
// so are @cert-authority lines: host certificates are not checked.
func (k *KnownHosts) Add(file string, data []byte) {
	if k.first == "" {
		k.first = file
	}
	for i, text := range bytes.Split(data, []byte("\n")) {
		marker, hosts, key, _, _, err := ssh.ParseKnownHosts(text)
		if err != nil || key == nil || marker == "cert-authority" {
			continue
		}
		k.lines = append(k.lines, line{file: file, num: i + 1, revoked: marker == "revoked", patterns: hosts, key: key})
	}
}

// hostName is how known_hosts names the host at addr (HOST:PORT): HOST
// for port 22, else [HOST]:PORT, lower case.
func hostName(addr string) string {
	return strings.ToLower(knownhosts.Normalize(addr))
}

// matches reports whether the host name, as hostName gives it, is one
// of the line's patterns and none of its negated ones.
func (l *line) matches(name string) bool {
	found := false
	for _, p := range l.patterns {
		neg := strings.HasPrefix(p, "!")
		p = strings.TrimPrefix(p, "!")
		var ok bool
		if strings.HasPrefix(p, "|1|") {
			ok = hashMatches(p, name)
		} else {
			ok, _ = path.Match(wildcard(strings.ToLower(p)), name)
		}
		if ok && neg {
			return false
		}
		found = found || ok
	}
	return found
}

// wildcard makes an OpenSSH pattern (* and ? its only wildcards) one of
// path.Match's: its other special characters are escaped.
func wildcard(p string) string {
	var b strings.Builder
	for _, r := range p {
		if r == '[' || r == ']' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// hashMatches reports whether the hashed name |1|SALT|HASH is name:
// HASH is HMAC-SHA1 of name keyed with SALT, both in base64.
func hashMatches(hashed, name string) bool {
	parts := strings.Split(hashed, "|")
	if len(parts) != 4 {
		return false
	}
	salt, err1 := base64.StdEncoding.DecodeString(parts[2])
	want, err2 := base64.StdEncoding.DecodeString(parts[3])
	if err1 != nil || err2 != nil {
		return false
	}
	mac := hmac.New(sha1.New, salt)
	mac.Write([]byte(name))
	return hmac.Equal(mac.Sum(nil), want)
}

// KeyType is OpenSSH's name for a key's type in its messages: ED25519,
// RSA, ECDSA...
func KeyType(key ssh.PublicKey) string {
	t := key.Type()
	if c, ok := key.(*ssh.Certificate); ok {
		t = c.Key.Type()
	}
	switch {
	case t == ssh.KeyAlgoED25519:
		return "ED25519"
	case t == ssh.KeyAlgoRSA:
		return "RSA"
	case t == ssh.KeyAlgoDSA:
		return "DSA"
	case t == ssh.KeyAlgoSKED25519:
		return "ED25519-SK"
	case t == ssh.KeyAlgoSKECDSA256:
		return "ECDSA-SK"
	case strings.HasPrefix(t, "ecdsa-"):
		return "ECDSA"
	}
	return strings.ToUpper(t)
}

// Check checks that key is the host key of the host at addr (HOST:PORT,
// as dialled), as OpenSSH's strict checking does: a revoked key, a host
// whose key of that type is another (it has changed) and a host with
// no key of that type known are refused. It is an ssh.HostKeyCallback.
func (k *KnownHosts) Check(addr string, _ net.Addr, key ssh.PublicKey) error {
	name := hostName(addr)
	kt := KeyType(key)
	for _, l := range k.lines {
		if l.revoked && l.matches(name) && bytes.Equal(l.key.Marshal(), key.Marshal()) {
			return &Error{Said: "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n" +
				"@       WARNING: REVOKED HOST KEY DETECTED!               @\n" +
				"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n" +
				fmt.Sprintf("The %s host key for %s is marked as revoked.\n", kt, name) +
				"This could mean that a stolen key is being used to\nimpersonate this host.\n" +
				fmt.Sprintf("%s host key for %s was revoked and you have requested strict checking.\n", kt, name) +
				"Host key verification failed."}
		}
	}
	var other *line
	for i := range k.lines {
		l := &k.lines[i]
		switch {
		case l.revoked || !l.matches(name):
		case bytes.Equal(l.key.Marshal(), key.Marshal()):
			return nil
		case other == nil && KeyType(l.key) == kt:
			other = l
		}
	}
	if other != nil {
		return &Error{Said: "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n" +
			"@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n" +
			"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n" +
			"IT IS POSSIBLE THAT SOMEONE IS DOING SOMETHING NASTY!\n" +
			"Someone could be eavesdropping on you right now (man-in-the-middle attack)!\n" +
			"It is also possible that a host key has just been changed.\n" +
			fmt.Sprintf("The fingerprint for the %s key sent by the remote host is\n%s.\n", kt, ssh.FingerprintSHA256(key)) +
			"Please contact your system administrator.\n" +
			fmt.Sprintf("Add correct host key in %s to get rid of this message.\n", k.first) +
			fmt.Sprintf("Offending %s key in %s:%d\n", kt, other.file, other.num) +
			fmt.Sprintf("Host key for %s has changed and you have requested strict checking.\n", name) +
			"Host key verification failed."}
	}
	return &Error{Said: fmt.Sprintf("No %s host key is known for %s and you have requested strict checking.\nHost key verification failed.", kt, name)}
}

// Algorithms are the host key algorithms to ask the host at addr for,
// those of the keys known for it first (so that a host with several
// keys shows the one known here, as OpenSSH asks); nil when none is
// known (x/crypto's defaults).
func (k *KnownHosts) Algorithms(addr string) []string {
	name := hostName(addr)
	var out []string
	seen := map[string]bool{}
	for _, l := range k.lines {
		if l.revoked || !l.matches(name) {
			continue
		}
		for _, a := range algorithmsOf(l.key.Type()) {
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
	}
	return out
}

// algorithmsOf is the signature algorithms a host key of type t signs
// with: RSA keys with SHA-2 first.
func algorithmsOf(t string) []string {
	if t == ssh.KeyAlgoRSA {
		return []string{ssh.KeyAlgoRSASHA512, ssh.KeyAlgoRSASHA256, ssh.KeyAlgoRSA}
	}
	return []string{t}
}

// ErrPassphrase: the key is encrypted and no passphrase was given.
var ErrPassphrase = errors.New("passphrase needed")

// ParseKey reads the private key named name (in messages) from data,
// decrypting it with passphrase when it is encrypted (havePass: one was
// given). Errors read as OpenSSH's: Load key "NAME": WHY.
func ParseKey(name string, data []byte, passphrase string, havePass bool) (ssh.Signer, error) {
	signer, err := ssh.ParsePrivateKey(data)
	var missing *ssh.PassphraseMissingError
	if errors.As(err, &missing) {
		if !havePass {
			return nil, fmt.Errorf("Load key %s: %w", strconv.Quote(name), ErrPassphrase)
		}
		signer, err = ssh.ParsePrivateKeyWithPassphrase(data, []byte(passphrase))
		if err != nil {
			return nil, fmt.Errorf("Load key %s: incorrect passphrase supplied to decrypt private key", strconv.Quote(name))
		}
	}
	if err != nil {
		return nil, fmt.Errorf("Load key %s: invalid format", strconv.Quote(name))
	}
	return signer, nil
}
