package caps

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// The segments random spellings are made of: the tree's names, the links
// that lead in and out of what the set protects, and the empty, . and ..
// elements.
var fuzzSegments = []string{
	"", ".", "..", "etc", "work", "tmp", "passwd", "conf.d", "a", "b", "out",
	"rel", "up", "loop", "back", "keep", "in", "sub", "f", "g", "k", "dang",
	"rdang", "new", "x",
}

// fuzzTree is a small tree with links in every direction: out of /work
// (out, rel, up, a -> b), from a protected place into an allowed one
// (/etc/back, /work/keep/in), dangling ones (absolute and relative) and a
// loop. Each file holds its own path.
func fuzzTree(tb testing.TB) *vfs.Tree {
	tb.Helper()
	tree := vfs.NewTree(vfs.Options{Clock: clock.NewLogical(clock.Epoch)})
	for _, d := range []string{"/etc", "/etc/conf.d", "/work", "/work/sub", "/work/keep", "/tmp"} {
		if err := tree.Mkdir(d, 0o755); err != nil {
			tb.Fatal(err)
		}
	}
	for _, f := range []string{"/etc/passwd", "/etc/conf.d/a", "/work/f", "/work/sub/g", "/work/keep/k"} {
		if err := vfs.WriteFile(tree, f, []byte(f), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	for _, l := range [][2]string{
		{"/etc", "/work/out"}, {"../etc", "/work/rel"}, {"..", "/work/up"},
		{"/work/loop", "/work/loop"}, {"/work/b", "/work/a"}, {"/etc/conf.d", "/work/b"},
		{"/etc/new", "/work/dang"}, {"../new", "/work/sub/rdang"},
		{"/work/sub", "/etc/back"}, {"/work/sub", "/work/keep/in"},
	} {
		if err := tree.Symlink(l[0], l[1]); err != nil {
			tb.Fatal(err)
		}
	}
	return tree
}

// fuzzSet is the sandbox with /work/keep protected from writes and
// deletes, and /etc/conf.d, /work/keep/k and /work/sub/g unreadable (the
// last one may still be written, moved and linked).
func fuzzSet(tb testing.TB) *Set {
	tb.Helper()
	set, err := Preset("sandbox")
	if err != nil {
		tb.Fatal(err)
	}
	for _, s := range []string{
		"fs.write:/work/keep/**", "fs.delete:/work/keep/**",
		"fs.read:/etc/conf.d/**", "fs.read:/work/keep/k", "fs.read:/work/sub/g",
	} {
		c, err := Parse(s)
		if err != nil {
			tb.Fatal(err)
		}
		set.Deny(c)
	}
	return set
}

// treeState maps every entry of tree to what an operation could change:
// type and mode, a file's link count and content, a link's target. (A
// directory's link count changes with its subdirectories, which are
// entries of their own.)
func treeState(tb testing.TB, tree *vfs.Tree) map[string]string {
	tb.Helper()
	out := map[string]string{}
	err := vfs.WalkDir(tree, "/", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := tree.Lstat(p)
		if err != nil {
			return err
		}
		desc := info.Mode().String()
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			t, _ := tree.Readlink(p)
			desc += " -> " + t
		case info.Mode().IsRegular():
			data, _ := vfs.ReadFile(tree, p)
			desc += fmt.Sprintf(" %d %q", vfs.StatOf(info).Nlink, data)
		}
		out[p] = desc
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// fuzzOps are the operations tried on a spelling p. Each returns what it
// read, if it reads.
var fuzzOps = []struct {
	name string
	do   func(fsys vfs.FS, p string) (string, error)
}{
	{"read", func(fsys vfs.FS, p string) (string, error) {
		f, err := fsys.OpenFile(p, os.O_RDONLY, 0)
		if err != nil {
			return "", err
		}
		defer f.Close()
		data, err := io.ReadAll(f)
		return string(data), err
	}},
	{"create", func(fsys vfs.FS, p string) (string, error) {
		f, err := fsys.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			return "", err
		}
		f.Write([]byte("M"))
		return "", f.Close()
	}},
	{"append", func(fsys vfs.FS, p string) (string, error) {
		f, err := fsys.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return "", err
		}
		f.Write([]byte("M"))
		return "", f.Close()
	}},
	{"mkdir", func(fsys vfs.FS, p string) (string, error) { return "", fsys.Mkdir(p, 0o755) }},
	{"remove", func(fsys vfs.FS, p string) (string, error) { return "", fsys.Remove(p) }},
	{"symlink", func(fsys vfs.FS, p string) (string, error) { return "", fsys.Symlink("/etc", p) }},
	{"chmod", func(fsys vfs.FS, p string) (string, error) { return "", fsys.Chmod(p, 0o745) }},
	{"rename from", func(fsys vfs.FS, p string) (string, error) { return "", fsys.Rename(p, "/tmp/moved") }},
	{"rename to", func(fsys vfs.FS, p string) (string, error) { return "", fsys.Rename("/work/f", p) }},
	{"link from", func(fsys vfs.FS, p string) (string, error) { return "", fsys.Link(p, "/tmp/hard") }},
	{"link to", func(fsys vfs.FS, p string) (string, error) { return "", fsys.Link("/work/f", p) }},
}

// spell builds the path a fuzz input names: an operation, then segments.
func spell(data []byte) (op int, p string) {
	if len(data) == 0 {
		return 0, "/"
	}
	op = int(data[0]) % len(fuzzOps)
	segs := make([]string, 0, len(data)-1)
	for _, b := range data[1:] {
		segs = append(segs, fuzzSegments[int(b)%len(fuzzSegments)])
	}
	return op, "/" + strings.Join(segs, "/")
}

// fuzzInput is the input that spells p for operation op (a seed).
func fuzzInput(op string, p string) []byte {
	var data []byte
	for i, o := range fuzzOps {
		if o.name == op {
			data = append(data, byte(i))
		}
	}
	for _, s := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
		data = append(data, byte(slices.Index(fuzzSegments, s)))
	}
	return data
}

// FuzzPathSpelling: whatever the spelling, an operation through the gate
// either is denied and changes nothing, or does exactly what it does
// on the spelling's normal form without the gate, and then only to what
// the set allows. The decision
// for the spelling is the decision for the file it really reaches: a
// denial is only for an operation that would touch something the set
// protects (or fail anyway).
func FuzzPathSpelling(f *testing.F) {
	for _, s := range [][2]string{
		{"read", "/etc/conf.d/a"}, {"read", "/work/b/a"}, {"read", "/work/a/a"},
		{"read", "/work/up/etc/conf.d/a"}, {"read", "/work/keep/in/../k"},
		{"create", "/etc/passwd"}, {"create", "/work/out/passwd"}, {"create", "/work/rel/new"},
		{"create", "/work/dang"}, {"create", "/etc/back/rdang"}, {"create", "/work/sub/rdang"},
		{"create", "/etc/back/../passwd"}, {"create", "/work/keep/in/../k"},
		{"create", "/work/./../etc//passwd"}, {"create", "/work/loop/x"}, {"append", "/work/up/etc/passwd"},
		{"mkdir", "/work/out/x"}, {"mkdir", "/etc/back/x"}, {"remove", "/work/keep/k"},
		{"remove", "/work/keep/in/g"}, {"remove", "/etc/back/g"}, {"symlink", "/work/keep/x"},
		{"chmod", "/work/a/a"}, {"rename from", "/work/keep"}, {"rename from", "/work"},
		{"rename from", "/etc/back"}, {"rename to", "/work/keep/in"}, {"rename to", "/work/out/x"},
		{"link from", "/work/keep/k"}, {"link from", "/work/out/passwd"}, {"link to", "/etc/back/x"},
		{"link from", "/work/sub/g"}, {"rename from", "/work/sub"}, {"rename from", "/etc/back/g"},
	} {
		f.Add(fuzzInput(s[0], s[1]))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 12 {
			return
		}
		op, p := spell(data)
		set := fuzzSet(t)

		// The reference is the operation on the normal form of the
		// spelling, without the gate (a vfs.FS takes clean paths only).
		plain := fuzzTree(t)
		before := treeState(t, plain)
		readPlain, errPlain := fuzzOps[op].do(plain, path.Clean(p))
		changedPlain := diffTrees(before, treeState(t, plain))

		tree := fuzzTree(t)
		var audited []*DeniedError
		gated := NewGate(set, func(d *DeniedError) { audited = append(audited, d) }).FS(tree)
		readGated, errGated := fuzzOps[op].do(gated, p)
		changed := diffTrees(before, treeState(t, tree))

		where := fmt.Sprintf("%s %q", fuzzOps[op].name, p)
		if IsDenied(errGated) {
			if len(changed) > 0 {
				t.Fatalf("%s: denied (%v), yet changed %v", where, errGated, changed)
			}
			if len(audited) == 0 {
				t.Fatalf("%s: denied (%v) without an audit", where, errGated)
			}
			// Not more than the set asks: without the gate the operation
			// must touch something protected, or fail.
			if errPlain == nil && allowed(set, changedPlain) && (readPlain == "" || set.Allows(FSRead, readPlain)) &&
				fuzzOps[op].name != "rename from" && fuzzOps[op].name != "rename to" &&
				fuzzOps[op].name != "link from" && fuzzOps[op].name != "link to" {
				t.Fatalf("%s: denied (%v), yet without the gate it changes only %v and reads %q, which the set allows",
					where, errGated, changedPlain, readPlain)
			}
			return
		}
		if readGated != "" && !set.Allows(FSRead, readGated) {
			t.Fatalf("%s: read %s, which the set does not allow", where, readGated)
		}
		if !allowed(set, changed) {
			t.Fatalf("%s: changed %v, which the set does not allow", where, changed)
		}
		if !slices.Equal(changed, changedPlain) || readGated != readPlain || (errGated == nil) != (errPlain == nil) {
			t.Fatalf("%s: through the gate: %v, read %q, %v; without: %v, read %q, %v",
				where, changed, readGated, errGated, changedPlain, readPlain, errPlain)
		}
		// Nothing the set protects is given a name under which it may be
		// read or written: each original file holds its own first path.
		for q, d := range treeState(t, tree) {
			i := strings.Index(d, ` "/`)
			if i < 0 {
				continue
			}
			orig := strings.Trim(d[i+1:], `"`)
			for _, kind := range []Kind{FSRead, FSWrite} {
				if set.Allows(kind, q) && !set.Allows(kind, orig) {
					t.Fatalf("%s: %s is now at %s, where the set allows %s", where, orig, q, kind)
				}
			}
		}
		if errGated != nil && errors.Is(errGated, fs.ErrPermission) && len(audited) > 0 {
			t.Fatalf("%s: %v with an audit but no denial", where, errGated)
		}
	})
}

// diffTrees lists what changed between two descriptions: "+path" created,
// "-path" gone, "~path" modified.
func diffTrees(before, after map[string]string) []string {
	var out []string
	for p, d := range before {
		if a, ok := after[p]; !ok {
			out = append(out, "-"+p)
		} else if a != d {
			out = append(out, "~"+p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			out = append(out, "+"+p)
		}
	}
	slices.Sort(out)
	return out
}

// allowed says whether the set allows every change: writing what was
// created or modified, deleting what is gone.
func allowed(set *Set, changes []string) bool {
	for _, c := range changes {
		kind := FSWrite
		if c[0] == '-' {
			kind = FSDelete
		}
		if !set.Allows(kind, c[1:]) {
			return false
		}
	}
	return true
}
