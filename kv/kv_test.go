package kv

import (
	"encoding/json"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/vfs"
)

func newStore(t *testing.T) (*Store, vfs.FS) {
	t.Helper()
	tree := vfs.NewDefault(vfs.Options{})
	return New(tree, "/work"), tree
}

func TestCheckKey(t *testing.T) {
	t.Parallel()
	for key, rule := range map[string]string{
		"":                       "it is empty",
		strings.Repeat("k", 257): "it is longer than 256 bytes",
		"a/../b":                 `it contains ".."`,
		"..":                     `it contains ".."`,
		"a\x00b":                 "it contains a NUL byte",
		"a\nb":                   "it contains a control character",
		"\xff":                   "it is not valid UTF-8",
	} {
		var ke *KeyError
		if err := CheckKey(key); !errors.As(err, &ke) || ke.Rule != rule {
			t.Errorf("CheckKey(%q) = %v, want the rule %q", key, err, rule)
		}
	}
	for _, key := range []string{"a", "user.name", "ns/key", "100%", ".", "a.b.c", strings.Repeat("k", 256), "ünï cødé"} {
		if err := CheckKey(key); err != nil {
			t.Errorf("CheckKey(%q) = %v", key, err)
		}
	}
}

func TestStore(t *testing.T) {
	t.Parallel()
	s, tree := newStore(t)
	if err := s.Put("ns/user", []byte(`{ "name": "ada",  "n": 1 }`)); err != nil {
		t.Fatal(err)
	}
	// one file per key, compact JSON, in the XDG state directory
	data, err := vfs.ReadFile(tree, "/work/.local/state/moonix/kv/ns%2Fuser")
	if err != nil || string(data) != `{"name":"ada","n":1}`+"\n" {
		t.Fatalf("file holds %q, %v", data, err)
	}
	for _, k := range []string{".", "100%", "b"} {
		if err := s.Put(k, []byte(`true`)); err != nil {
			t.Fatal(err)
		}
	}
	if v, err := s.Get("ns/user"); err != nil || string(v) != `{"name":"ada","n":1}` {
		t.Errorf("Get = %s, %v", v, err)
	}
	if _, err := s.Get("missing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get(missing) = %v", err)
	}
	if keys, _ := s.List(""); !slices.Equal(keys, []string{".", "100%", "b", "ns/user"}) {
		t.Errorf("List() = %q", keys)
	}
	if keys, _ := s.List("ns/"); !slices.Equal(keys, []string{"ns/user"}) {
		t.Errorf("List(ns/) = %q", keys)
	}
	if ok, err := s.Exists("b"); !ok || err != nil {
		t.Errorf("Exists(b) = %v, %v", ok, err)
	}
	if ok, err := s.Delete("b"); !ok || err != nil {
		t.Errorf("Delete(b) = %v, %v", ok, err)
	}
	if ok, err := s.Delete("b"); ok || err != nil {
		t.Errorf("second Delete(b) = %v, %v", ok, err)
	}
	if ok, _ := s.Exists("b"); ok {
		t.Error("b exists after Delete")
	}
	if err := s.Put("x", []byte(`{"a":`)); err == nil || !strings.Contains(err.Error(), "not valid JSON") {
		t.Errorf("Put of bad JSON = %v", err)
	}
	found, err := s.GetAll([]string{"100%", "nope"})
	if err != nil || len(found) != 2 || !found[0].Found || string(found[0].Value) != "true" || found[1].Found {
		t.Errorf("GetAll = %+v, %v", found, err)
	}
}

// TestPutAllAllOrNothing: a batch with a bad item writes nothing, and one
// whose write is refused halfway leaves every key as it was.
func TestPutAllAllOrNothing(t *testing.T) {
	t.Parallel()
	s, tree := newStore(t)
	s.Put("a", []byte(`1`))
	err := s.PutAll([]Item{{"a", json.RawMessage(`2`)}, {"b", json.RawMessage(`2`)}, {"", json.RawMessage(`3`)}})
	if err == nil || !strings.Contains(err.Error(), "item 3: invalid key \"\": it is empty") {
		t.Fatalf("PutAll = %v", err)
	}
	if v, _ := s.Get("a"); string(v) != "1" {
		t.Errorf("a = %s after a refused batch", v)
	}
	// the gate refuses the write of c: a and b are put back
	gate := caps.NewGate(caps.NewSet([]caps.Cap{{Kind: caps.FSRead}, {Kind: caps.FSWrite}, {Kind: caps.FSDelete}},
		[]caps.Cap{{Kind: caps.FSWrite, Pattern: "/work/.local/state/moonix/kv/c"}}), nil)
	gs := New(gate.FS(tree), "/work")
	err = gs.PutAll([]Item{{"a", json.RawMessage(`2`)}, {"b", json.RawMessage(`2`)}, {"c", json.RawMessage(`2`)}})
	if !errors.Is(err, fs.ErrPermission) || !caps.IsDenied(err) {
		t.Fatalf("PutAll = %v", err)
	}
	if v, _ := s.Get("a"); string(v) != "1" {
		t.Errorf("a = %s after a failed batch", v)
	}
	if ok, _ := s.Exists("b"); ok {
		t.Error("b exists after a failed batch")
	}
	if err := gs.PutAll([]Item{{"a", json.RawMessage(`[1, 2]`)}, {"b", json.RawMessage(`"x"`)}}); err != nil {
		t.Fatal(err)
	}
	found, _ := s.GetAll([]string{"a", "b"})
	if string(found[0].Value) != "[1,2]" || string(found[1].Value) != `"x"` {
		t.Errorf("after the batch: %+v", found)
	}
}
