// Package kv is the key/value state store that the state built-in and
// the MCP server's state tool share: JSON values, one file per key, in
// the versioned VFS under the session user's XDG state directory
// ($HOME/.local/state/moonix/kv/), so that values are snapshotted, rolled
// back, branched and visible in history and diff like every other file,
// and every read and write goes through the gate like any file operation.
//
// kv imports vfs and the standard library. A Store holds no state of its
// own beyond its directory: it is safe for concurrent use as far as its
// FS is, and a batch is all or nothing only against failures, not
// against a concurrent writer.
package kv

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/moonix-sh/moonix/vfs"
)

// MaxKey is the longest key, in bytes.
const MaxKey = 256

// Dir is where a store keeps its files, under the user's home.
const Dir = ".local/state/moonix/kv"

// Store is the key/value store of one user.
type Store struct {
	fs  vfs.FS
	dir string
}

// New returns the store of the user whose home is home, on fsys (the
// session's gated FS).
func New(fsys vfs.FS, home string) *Store {
	return &Store{fs: fsys, dir: path.Join(home, Dir)}
}

// Dir is the directory holding the store's files.
func (s *Store) Dir() string { return s.dir }

// KeyError is a key that breaks one of the rules; Rule says which.
type KeyError struct {
	Key  string
	Rule string
}

func (e *KeyError) Error() string {
	return fmt.Sprintf("invalid key %q: %s", e.Key, e.Rule)
}

// ErrNotFound is a key with no value.
var ErrNotFound = errors.New("no such key")

// CheckKey says whether key is a valid key: non-empty, at most MaxKey
// bytes of UTF-8, without "..", a NUL byte or another control character.
func CheckKey(key string) error {
	switch {
	case key == "":
		return &KeyError{key, "it is empty"}
	case len(key) > MaxKey:
		return &KeyError{key[:32] + "...", fmt.Sprintf("it is longer than %d bytes", MaxKey)}
	case !utf8.ValidString(key):
		return &KeyError{key, "it is not valid UTF-8"}
	case strings.Contains(key, ".."):
		return &KeyError{key, `it contains ".."`}
	case strings.ContainsRune(key, 0):
		return &KeyError{key, "it contains a NUL byte"}
	case strings.ContainsFunc(key, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return &KeyError{key, "it contains a control character"}
	}
	return nil
}

// CheckValue says whether value is one JSON value.
func CheckValue(value []byte) error {
	if !json.Valid(value) {
		return errors.New("the value is not valid JSON")
	}
	return nil
}

// fileName is the file that holds key: the key itself, with '%' and '/'
// (and a key that is all dots) percent-escaped, so that every key is one
// file of the store's directory and the names stay readable.
func fileName(key string) string {
	var b strings.Builder
	for i := 0; i < len(key); i++ {
		switch c := key[i]; {
		case c == '%' || c == '/' || c == '.' && strings.Trim(key, ".") == "":
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// keyOf is the key a file name holds, false for a name that is not one.
func keyOf(name string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		if name[i] != '%' {
			b.WriteByte(name[i])
			continue
		}
		if i+2 >= len(name) {
			return "", false
		}
		c, err := strconv.ParseUint(name[i+1:i+3], 16, 8)
		if err != nil {
			return "", false
		}
		b.WriteByte(byte(c))
		i += 2
	}
	key := b.String()
	return key, CheckKey(key) == nil && fileName(key) == name
}

func (s *Store) file(key string) string { return path.Join(s.dir, fileName(key)) }

// Put stores value (one JSON value, kept compact) under key.
func (s *Store) Put(key string, value []byte) error {
	data, err := encode(key, value)
	if err != nil {
		return err
	}
	if err := vfs.MkdirAll(s.fs, s.dir, 0o755); err != nil {
		return err
	}
	return vfs.WriteFile(s.fs, s.file(key), data, 0o644)
}

// encode checks key and value and returns the file's content.
func encode(key string, value []byte) ([]byte, error) {
	if err := CheckKey(key); err != nil {
		return nil, err
	}
	if err := CheckValue(value); err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	var b bytes.Buffer
	json.Compact(&b, value)
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// Get returns the value under key, or ErrNotFound.
func (s *Store) Get(key string) (json.RawMessage, error) {
	if err := CheckKey(key); err != nil {
		return nil, err
	}
	data, err := vfs.ReadFile(s.fs, s.file(key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	data = bytes.TrimSpace(data)
	if !json.Valid(data) {
		return nil, fmt.Errorf("%s: the stored value is not valid JSON (%s was edited)", key, s.file(key))
	}
	return data, nil
}

// Exists reports whether key has a value.
func (s *Store) Exists(key string) (bool, error) {
	if err := CheckKey(key); err != nil {
		return false, err
	}
	_, err := s.fs.Stat(s.file(key))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// Delete removes key's value; it reports whether there was one.
func (s *Store) Delete(key string) (bool, error) {
	if err := CheckKey(key); err != nil {
		return false, err
	}
	err := s.fs.Remove(s.file(key))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// List returns the keys that begin with prefix, sorted.
func (s *Store) List(prefix string) ([]string, error) {
	entries, err := s.fs.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return []string{}, nil
	}
	if err != nil {
		return nil, err
	}
	keys := []string{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		if key, ok := keyOf(e.Name()); ok && strings.HasPrefix(key, prefix) {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys)
	return keys, nil
}

// Item is one key and its value.
type Item struct {
	Key   string          `json:"key"`
	Value json.RawMessage `json:"value"`
}

// PutAll stores every item, or none: every key and value is checked
// before anything is written, and when a write fails the items already
// written get their old values back (or go away).
func (s *Store) PutAll(items []Item) error {
	data := make([][]byte, len(items))
	for i, it := range items {
		d, err := encode(it.Key, it.Value)
		if err != nil {
			return fmt.Errorf("item %d: %w", i+1, err)
		}
		data[i] = d
	}
	// the old values, to put back if a write fails
	type old struct {
		data   []byte
		exists bool
	}
	olds := make([]old, len(items))
	for i, it := range items {
		d, err := vfs.ReadFile(s.fs, s.file(it.Key))
		switch {
		case err == nil:
			olds[i] = old{d, true}
		case !errors.Is(err, fs.ErrNotExist):
			return err
		}
	}
	if err := vfs.MkdirAll(s.fs, s.dir, 0o755); err != nil {
		return err
	}
	for i, it := range items {
		if err := vfs.WriteFile(s.fs, s.file(it.Key), data[i], 0o644); err != nil {
			for j := i; j >= 0; j-- {
				name := s.file(items[j].Key)
				if olds[j].exists {
					vfs.WriteFile(s.fs, name, olds[j].data, 0o644)
				} else {
					s.fs.Remove(name)
				}
			}
			return err
		}
	}
	return nil
}

// Found is one key of GetAll: its value, or Found false.
type Found struct {
	Key   string          `json:"key"`
	Found bool            `json:"found"`
	Value json.RawMessage `json:"value,omitempty"`
}

// GetAll returns the value of every key, in order; a key without a value
// is Found false. An invalid key or a failed read fails the whole batch.
func (s *Store) GetAll(keys []string) ([]Found, error) {
	out := make([]Found, 0, len(keys))
	for _, key := range keys {
		v, err := s.Get(key)
		switch {
		case errors.Is(err, ErrNotFound):
			out = append(out, Found{Key: key})
		case err != nil:
			return nil, err
		default:
			out = append(out, Found{Key: key, Found: true, Value: v})
		}
	}
	return out, nil
}
