package sshauth

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/knownhosts"

	"github.com/moonix-sh/moonix/internal/sshtest"
)

var key = sshtest.Key

func pub(seed byte) ssh.PublicKey { return sshtest.Signer(seed).PublicKey() }

// authorized is the key of seed as known_hosts writes it (TYPE BASE64).
func authorized(seed byte) string {
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(pub(seed))))
}

// hashed is name hashed as ssh-keygen -H writes it, with a fixed salt.
func hashed(name string) string {
	salt := []byte("0123456789abcdefghij")
	mac := hmac.New(sha1.New, salt)
	mac.Write([]byte(name))
	return "|1|" + base64.StdEncoding.EncodeToString(salt) + "|" + base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// TestKnownHosts: a host is known by its name (port 22), [NAME]:PORT,
// a hashed name, a wildcard, in any case; a negated pattern excludes; a
// revoked key is refused even where another line knows it; a key of
// another type than the known one is unknown, one of the same type
// changed; lines that do not parse are skipped.
func TestKnownHosts(t *testing.T) {
	t.Parallel()
	var k KnownHosts
	k.Add("/work/.ssh/known_hosts", []byte(strings.Join([]string{
		"# a comment",
		"not a line at all",
		"git.example.com " + authorized(1),
		"[git.example.com]:2222 " + authorized(2),
		hashed("hidden.example.com") + " " + authorized(3),
		"*.corp.example,!bad.corp.example " + authorized(4),
		"Mixed.Example.COM " + authorized(5),
		"old.example.com " + authorized(6),
		"@revoked * " + authorized(7),
		"stolen.example.com " + authorized(7),
		"@cert-authority *.example.com " + authorized(8),
	}, "\n")))
	for _, tc := range []struct {
		addr string
		seed byte
		err  string
	}{
		{"git.example.com:22", 1, ""},
		{"GIT.example.com:22", 1, ""},
		{"git.example.com:2222", 2, ""},
		{"git.example.com:2222", 1, "REMOTE HOST IDENTIFICATION HAS CHANGED!"},
		{"git.example.com:22", 2, "Offending ED25519 key in /work/.ssh/known_hosts:3\nHost key for git.example.com has changed"},
		{"hidden.example.com:22", 3, ""},
		{"hidden2.example.com:22", 3, "No ED25519 host key is known for hidden2.example.com and you have requested strict checking.\nHost key verification failed."},
		{"a.corp.example:22", 4, ""},
		{"bad.corp.example:22", 4, "No ED25519 host key is known for bad.corp.example"},
		{"mixed.example.com:22", 5, ""},
		{"stolen.example.com:22", 7, "The ED25519 host key for stolen.example.com is marked as revoked."},
		{"other.example.com:22", 8, "No ED25519 host key is known for other.example.com"},
		{"[::1]:2200", 1, "No ED25519 host key is known for [::1]:2200"},
	} {
		err := k.Check(tc.addr, nil, pub(tc.seed))
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s with key %d: %v", tc.addr, tc.seed, err)
		case tc.err != "" && (err == nil || !strings.Contains((err.(*Error)).Said, tc.err)):
			t.Errorf("%s with key %d: %v; want %q", tc.addr, tc.seed, err, tc.err)
		case err != nil && err.Error() != "Host key verification failed.":
			t.Errorf("%s: the last line is %q", tc.addr, err.Error())
		}
	}
	if got := k.Algorithms("git.example.com:2222"); len(got) != 1 || got[0] != ssh.KeyAlgoED25519 {
		t.Errorf("Algorithms = %q", got)
	}
	if got := k.Algorithms("nowhere:22"); got != nil {
		t.Errorf("Algorithms of an unknown host = %q", got)
	}
	if knownhosts.Normalize("h:22") != "h" {
		t.Fatal("knownhosts.Normalize changed")
	}
}

// TestParseKey: a plain key, an encrypted one with its passphrase; an
// encrypted one without (refused: the passphrase is needed) or with a
// wrong one, and text that is no key, in OpenSSH's words.
func TestParseKey(t *testing.T) {
	t.Parallel()
	plain, _ := ssh.MarshalPrivateKey(key(1), "")
	locked, _ := ssh.MarshalPrivateKeyWithPassphrase(key(1), "", []byte("sesame"))
	for _, tc := range []struct {
		what     string
		data     []byte
		pass     string
		havePass bool
		err      string
	}{
		{"plain", pem.EncodeToMemory(plain), "", false, ""},
		{"locked, with its passphrase", pem.EncodeToMemory(locked), "sesame", true, ""},
		{"locked, no passphrase", pem.EncodeToMemory(locked), "", false, `Load key "/work/.ssh/id_ed25519": passphrase needed`},
		{"locked, a wrong one", pem.EncodeToMemory(locked), "open", true, `Load key "/work/.ssh/id_ed25519": incorrect passphrase supplied to decrypt private key`},
		{"no key", []byte("hello\n"), "", false, `Load key "/work/.ssh/id_ed25519": invalid format`},
	} {
		s, err := ParseKey("/work/.ssh/id_ed25519", tc.data, tc.pass, tc.havePass)
		switch {
		case tc.err == "" && (err != nil || string(s.PublicKey().Marshal()) != string(pub(1).Marshal())):
			t.Errorf("%s: %v", tc.what, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%s: %v; want %q", tc.what, err, tc.err)
		}
	}
	_, err := ParseKey("k", pem.EncodeToMemory(locked), "", false)
	if !errors.Is(err, ErrPassphrase) {
		t.Errorf("no passphrase: %v is not ErrPassphrase", err)
	}
}

// FuzzKnownHosts: any known_hosts text, any address, any key text: no
// panic, and a refusal is always in ssh's words.
func FuzzKnownHosts(f *testing.F) {
	f.Add("git.example.com "+authorized(1)+"\n", "git.example.com:22", "")
	f.Add(hashed("h")+","+"!x*,[h]:2 "+authorized(2)+"\n@revoked * "+authorized(1), "[h]:2", "")
	f.Add("|1|%%|%% "+authorized(1), "h:22", "-----BEGIN OPENSSH PRIVATE KEY-----\n")
	f.Fuzz(func(t *testing.T, text, addr, keyText string) {
		var k KnownHosts
		k.Add("known_hosts", []byte(text))
		if err := k.Check(addr, nil, pub(1)); err != nil && err.Error() != "Host key verification failed." {
			t.Errorf("refused with %q", err)
		}
		k.Algorithms(addr)
		ParseKey("k", []byte(keyText), "p", true)
		ParseKey("k", []byte(keyText), "", false)
	})
}
