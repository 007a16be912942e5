package vfs

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"strings"
	"syscall"
)

// maxSymlinks bounds the symlinks one resolution follows, in all and at
// every depth of nesting, as Linux bounds a path lookup (MAXSYMLINKS).
const maxSymlinks = 40

// Must says which elements of a path must exist for a resolution.
type Must int

const (
	// AllButLast: every element but the last must exist (readlink -f,
	// creating a file).
	AllButLast Must = iota
	// Existing: every element must exist (realpath -e, realpath(3)).
	Existing
	// Nothing needs to exist (realpath -m).
	Nothing
)

// stepper is a filesystem as resolve walks it, one directory entry at a
// time. A Tree answers on its nodes under its own lock, each step costing
// the same whatever the depth; any FS answers through Lstat and Readlink
// (fsStepper). N is what names an entry to the stepper.
type stepper[N any] interface {
	root() (N, fs.FileMode, error)
	// child looks name up in dir, a directory the walk may search.
	child(dir N, name string) (N, fs.FileMode, error)
	// parent is the directory that holds dir (the root for the root).
	parent(dir N) (N, fs.FileMode)
	// readlink is the target of the symlink n.
	readlink(n N) (string, error)
}

// resolution is where resolve ended.
type resolution[N any] struct {
	// path is the canonical path; after a failure, the path resolved up to
	// the element that failed, followed by the rest of the name as written
	// (.. taken lexically): what the name would be were that element an
	// ordinary directory.
	path  string
	found bool // the last element exists (node and mode are it)
	node  N
	mode  fs.FileMode
	// dir is the directory that holds the last element, and base that
	// element's name, when the walk reached it.
	dir  N
	base string
}

// resolve is the one path resolution of moonix: every operation of a Tree
// walks its names with it, and Resolve (the capability gate, realpath,
// readlink -f) walks any FS with it, so that they cannot disagree about
// what a name reaches. It resolves every symlink, "." and ".." of the
// absolute name, the last element's symlink only when follow is set; ".."
// is the parent of the directory reached, not of the name as written.
// Every directory walked through must be searchable (its owner x bit).
// It follows at most maxSymlinks symlinks in all (ELOOP beyond), and
// fails with the error of the first element it cannot walk, unless must
// allows it: a missing last element (AllButLast), anything missing or not
// a searchable directory (Nothing, which then takes the rest lexically).
// Errors are the bare causes (syscall.Errno, fs.Err*); r.path is set
// whatever happens.
func resolve[N any](s stepper[N], name string, follow bool, must Must) (r resolution[N], err error) {
	if name == "" {
		return resolution[N]{path: name}, fs.ErrNotExist
	}
	if !path.IsAbs(name) {
		return resolution[N]{path: name}, fs.ErrInvalid
	}
	// cur is where the walk is, and buf its canonical path ("" for the
	// root); dir is the directory that holds cur when hasDir (it is not
	// kept across ..).
	cur, curMode, rerr := s.root()
	var dir N
	hasDir := false
	buf := make([]byte, 0, len(name))
	// todo holds what is still to walk: the rest of name, and of each link
	// followed, the innermost last; next takes its first element.
	todo := []string{name}
	next := func() (part string, last bool) {
		for len(todo) > 0 {
			rest := strings.TrimLeft(todo[len(todo)-1], "/")
			part, rest, _ = strings.Cut(rest, "/")
			rest = strings.TrimLeft(rest, "/")
			if rest == "" {
				todo = todo[:len(todo)-1]
			} else {
				todo[len(todo)-1] = rest
			}
			if part != "" {
				return part, len(todo) == 0
			}
		}
		return "", true
	}
	// lexical: an element failed (or is missing, for Nothing); the rest
	// is appended as written.
	lexical := false
	fail := func(e error) {
		if must != Nothing || errors.Is(e, syscall.ELOOP) {
			if err == nil {
				err = e
			}
		}
		lexical = true
	}
	if rerr != nil {
		fail(rerr)
	}
	var zero N
	add := func(part string, n N, m fs.FileMode) {
		buf = append(append(buf, '/'), part...)
		dir, hasDir = cur, true
		cur, curMode = n, m
	}
	// stop fails at the element part, which is then taken as written
	stop := func(part string, e error) {
		fail(e)
		add(part, zero, 0)
	}
	hops := 0
	for len(todo) > 0 {
		part, last := next()
		if part == "" {
			break // nothing but slashes was left
		}
		if !lexical {
			switch {
			case !curMode.IsDir():
				fail(syscall.ENOTDIR)
			case curMode&0o100 == 0:
				fail(fs.ErrPermission)
			}
		}
		switch part {
		case ".":
			continue
		case "..":
			if len(buf) > 0 {
				buf = buf[:bytes.LastIndexByte(buf, '/')]
				if !lexical {
					cur, curMode = s.parent(cur)
				}
				hasDir = false
			}
			continue
		}
		if lexical {
			add(part, zero, 0)
			continue
		}
		n, m, cerr := s.child(cur, part)
		if cerr != nil {
			if last && must == AllButLast && errors.Is(cerr, fs.ErrNotExist) {
				r.dir, r.base = cur, part
				add(part, zero, 0)
				r.path = string(buf)
				return r, nil
			}
			stop(part, cerr)
			continue
		}
		if m&fs.ModeSymlink != 0 && (!last || follow) {
			if hops++; hops > maxSymlinks {
				stop(part, syscall.ELOOP)
				continue
			}
			target, lerr := s.readlink(n)
			if lerr == nil && target == "" {
				lerr = fs.ErrNotExist // as Linux: an empty link names nothing
			}
			if lerr != nil {
				stop(part, lerr)
				continue
			}
			if path.IsAbs(target) {
				buf = buf[:0]
				cur, curMode, _ = s.root()
				hasDir = false
			}
			todo = append(todo, target)
			continue
		}
		add(part, n, m)
	}
	r.path = string(buf)
	if r.path == "" {
		r.path = "/"
	}
	if err != nil || lexical {
		return r, err
	}
	r.found, r.node, r.mode = true, cur, curMode
	if len(buf) > 0 { // the root is held by no directory
		if !hasDir {
			dir, _ = s.parent(cur)
		}
		r.dir, r.base = dir, string(buf[bytes.LastIndexByte(buf, '/')+1:])
	}
	return r, nil
}

// fsStepper walks any FS: an entry is named by its path.
type fsStepper struct{ fsys FS }

func (s fsStepper) root() (string, fs.FileMode, error) {
	info, err := s.fsys.Lstat("/")
	if err != nil {
		return "", 0, underlying(err)
	}
	return "/", info.Mode(), nil
}

func (s fsStepper) child(dir, name string) (string, fs.FileMode, error) {
	p := dir + "/" + name
	if dir == "/" {
		p = dir + name
	}
	info, err := s.fsys.Lstat(p)
	if err != nil {
		return "", 0, underlying(err)
	}
	return p, info.Mode(), nil
}

func (s fsStepper) parent(p string) (string, fs.FileMode) {
	p = path.Dir(p)
	info, err := s.fsys.Lstat(p)
	if err != nil {
		return p, 0 // not a directory one may walk: the walk fails there
	}
	return p, info.Mode()
}

func (s fsStepper) readlink(p string) (string, error) {
	target, err := s.fsys.Readlink(p)
	return target, underlying(err)
}

// Resolve resolves name in fsys as every operation of a Tree does (see
// the FS's Canonical for the rules), so that a check made on its result
// is about the file an operation on name reaches: the last element's
// symlink is followed when follow is set, and must says what may be
// missing. On failure it returns the bare cause (a syscall.Errno or
// fs.Err*: ELOOP past 40 symlinks in all) and, as the path, where the
// resolution failed with the rest of name appended as written. A Tree
// resolves on its nodes under its lock, in time linear in the length of
// the name; another FS is walked through Lstat and Readlink.
func Resolve(fsys FS, name string, follow bool, must Must) (string, error) {
	if t, ok := fsys.(*Tree); ok {
		t.mu.RLock()
		defer t.mu.RUnlock()
		r, err := resolve(treeStepper{t}, name, follow, must)
		return r.path, err
	}
	r, err := resolve(fsStepper{fsys}, name, follow, must)
	return r.path, err
}

// Canonical resolves every symlink, "." and ".." in the absolute path name,
// like GNU's canonicalize_filename_mode, going through fsys for each step.
func Canonical(fsys FS, name string, must Must) (string, error) {
	p, err := Resolve(fsys, name, true, must)
	if err != nil {
		return "", &fs.PathError{Op: "realpath", Path: name, Err: err}
	}
	return p, nil
}

// EvalSymlinks returns name with every symlink resolved, like realpath(3).
// Every element must exist.
func EvalSymlinks(fsys FS, name string) (string, error) {
	return Canonical(fsys, name, Existing)
}
