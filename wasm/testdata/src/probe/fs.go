package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"syscall"
	"time"
)

// fsProbe runs every file operation the VFS bridge supports under dir and
// prints what happened, in words that do not depend on the host: the
// tests compare its output under moonix with its output under wazero on a
// host directory.
func fsProbe(dir string) {
	p := func(name string) string { return filepath.Join(dir, name) }

	fmt.Println("== mkdir")
	check("mkdir d", os.Mkdir(p("d"), 0o755))
	check("mkdir d again", os.Mkdir(p("d"), 0o755))
	check("mkdir missing/x", os.Mkdir(p("missing/x"), 0o755))

	fmt.Println("== open flags")
	f, err := os.OpenFile(p("f1"), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	check("create f1 excl", err)
	_, err = os.OpenFile(p("f1"), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	check("create f1 excl again", err)
	_, err = os.OpenFile(p("nope"), os.O_RDONLY, 0)
	check("open missing", err)
	_, err = os.OpenFile(p("f1/x"), os.O_RDONLY, 0)
	check("open f1/x", err)
	_, err = os.OpenFile(p("d"), os.O_WRONLY, 0)
	check("open dir for writing", err)
	_, err = os.OpenFile(p("f1"), os.O_RDONLY|syscall.O_DIRECTORY, 0)
	check("open file O_DIRECTORY", err)
	_, err = os.Stat(p("f1") + "/")
	check("stat f1/", err)

	fmt.Println("== read write seek")
	_, err = f.Write([]byte("hello world"))
	check("write", err)
	off, err := f.Seek(0, io.SeekStart)
	fmt.Println("seek start:", off, errText(err))
	buf := make([]byte, 64)
	n, err := f.Read(buf)
	fmt.Printf("read: %q %s\n", buf[:n], errText(err))
	n, err = f.Read(buf)
	fmt.Printf("read at eof: %d %s\n", n, errText(err))
	off, _ = f.Seek(6, io.SeekStart)
	n, _ = f.Read(buf[:5])
	fmt.Printf("seek 6 read 5: %d %q\n", off, buf[:n])
	off, _ = f.Seek(-5, io.SeekEnd)
	fmt.Println("seek -5 from end:", off)
	off, _ = f.Seek(-2, io.SeekCurrent)
	fmt.Println("seek -2 from current:", off)
	_, err = f.Seek(-100, io.SeekCurrent)
	check("seek before start", err)
	off, _ = f.Seek(20, io.SeekStart)
	_, err = f.Write([]byte("!"))
	fmt.Println("write past end at", off, errText(err), readAll(p("f1")))

	fmt.Println("== pread pwrite")
	n, err = f.ReadAt(buf[:5], 6)
	fmt.Printf("pread 6: %q %s\n", buf[:n], errText(err))
	n, err = f.ReadAt(buf[:10], 18)
	fmt.Printf("pread past end: %q %s\n", buf[:n], errText(err))
	_, err = f.WriteAt([]byte("WORLD"), 6)
	check("pwrite 6", err)
	off, _ = f.Seek(0, io.SeekCurrent)
	fmt.Println("offset after pwrite:", off, readAll(p("f1")))

	fmt.Println("== truncate")
	check("ftruncate 5", f.Truncate(5))
	fmt.Println(readAll(p("f1")))
	check("truncate path 8", os.Truncate(p("f1"), 8))
	fmt.Println(readAll(p("f1")))
	must(f.Close())

	fmt.Println("== append")
	must(os.WriteFile(p("log"), []byte("one\n"), 0o644))
	a, err := os.OpenFile(p("log"), os.O_WRONLY|os.O_APPEND, 0)
	check("open append", err)
	a.Seek(0, io.SeekStart)
	_, err = a.Write([]byte("two\n"))
	check("append write", err)
	must(a.Close())
	fmt.Println(readAll(p("log")))
	tr, err := os.OpenFile(p("log"), os.O_WRONLY|os.O_TRUNC, 0)
	check("open trunc", err)
	tr.Close()
	fmt.Println("after O_TRUNC:", readAll(p("log")))

	fmt.Println("== readdir")
	must(os.Mkdir(p("many"), 0o755))
	for i := range 300 {
		must(os.WriteFile(p(fmt.Sprintf("many/e%03d", i)), nil, 0o644))
	}
	entries, err := os.ReadDir(p("many"))
	fmt.Println("entries:", len(entries), errText(err), entries[0].Name(), entries[len(entries)-1].Name())
	df, err := os.Open(p("many"))
	check("open dir", err)
	var names []string
	chunks := 0
	for {
		batch, err := df.Readdirnames(7)
		if len(batch) > 0 {
			chunks++
		}
		names = append(names, batch...)
		if err == io.EOF {
			break
		}
		if err != nil {
			check("readdirnames", err)
			break
		}
	}
	sort.Strings(names)
	fmt.Println("readdirnames by 7:", len(names), chunks, names[0], names[len(names)-1])
	_, err = df.Seek(0, io.SeekStart)
	check("rewind dir", err)
	again, err := df.Readdirnames(-1)
	fmt.Println("after rewind:", len(again), errText(err))
	df.Close()

	fmt.Println("== rename")
	must(os.WriteFile(p("a"), []byte("A"), 0o644))
	must(os.WriteFile(p("b"), []byte("B"), 0o644))
	check("rename a b (over existing)", os.Rename(p("a"), p("b")))
	fmt.Println("b:", readAll(p("b")), "a:", readAll(p("a")))
	must(os.Mkdir(p("d1"), 0o755))
	must(os.Mkdir(p("d2"), 0o755))
	check("rename d1 d2 (empty dir)", syscall.Rename(p("d1"), p("d2")))
	must(os.WriteFile(p("d2/x"), nil, 0o644))
	must(os.Mkdir(p("d3"), 0o755))
	check("rename d3 d2 (not empty)", syscall.Rename(p("d3"), p("d2")))
	check("rename b d2 (file over dir)", syscall.Rename(p("b"), p("d2")))
	check("rename d3 b (dir over file)", syscall.Rename(p("d3"), p("b")))
	check("rename missing", os.Rename(p("zz"), p("yy")))

	fmt.Println("== unlink and rmdir")
	must(os.WriteFile(p("open"), []byte("still here"), 0o644))
	of, err := os.Open(p("open"))
	check("open", err)
	check("unlink open file", syscall.Unlink(p("open")))
	n, err = of.Read(buf)
	fmt.Printf("read after unlink: %q %s\n", buf[:n], errText(err))
	_, err = os.Stat(p("open"))
	check("stat after unlink", err)
	of.Close()
	check("rmdir not empty", syscall.Rmdir(p("d2")))
	check("rmdir file", syscall.Rmdir(p("b")))
	check("unlink dir", syscall.Unlink(p("d3")))
	check("rmdir d3", syscall.Rmdir(p("d3")))
	check("unlink missing", syscall.Unlink(p("d3")))

	fmt.Println("== symlinks")
	must(os.WriteFile(p("target"), []byte("T"), 0o644))
	check("symlink", os.Symlink("target", p("link")))
	check("symlink again", os.Symlink("target", p("link")))
	t, err := os.Readlink(p("link"))
	fmt.Println("readlink:", t, errText(err))
	li, err := os.Lstat(p("link"))
	fmt.Println("lstat link:", li.Mode().Type() == os.ModeSymlink, errText(err))
	si, err := os.Stat(p("link"))
	fmt.Println("stat link:", si.Mode().IsRegular(), si.Size(), errText(err))
	fmt.Println("read through link:", readAll(p("link")))
	_, err = os.OpenFile(p("link"), os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	check("open link O_NOFOLLOW", err)
	check("dangling symlink", os.Symlink("nowhere", p("dangling")))
	_, err = os.Stat(p("dangling"))
	check("stat dangling", err)
	_, err = os.Lstat(p("dangling"))
	check("lstat dangling", err)
	must(os.Symlink("loop2", p("loop1")))
	must(os.Symlink("loop1", p("loop2")))
	_, err = os.Stat(p("loop1"))
	check("stat loop", err)
	check("mkdir sub", os.Mkdir(p("sub"), 0o755))
	check("symlink to dir", os.Symlink("sub", p("sublink")))
	must(os.WriteFile(p("sublink/in"), []byte("via link"), 0o644))
	fmt.Println("write via dir link:", readAll(p("sub/in")))
	check("unlink link", syscall.Unlink(p("link")))
	fmt.Println("target after unlinking link:", readAll(p("target")))
	_, err = os.Readlink(p("target"))
	check("readlink regular file", err)

	fmt.Println("== hard links")
	check("link", os.Link(p("target"), p("hard")))
	check("link again", os.Link(p("target"), p("hard")))
	hi, _ := os.Stat(p("hard"))
	ti, _ := os.Stat(p("target"))
	fmt.Println("same file:", os.SameFile(hi, ti), "nlink:", nlink(hi), nlink(ti))
	must(os.WriteFile(p("hard"), []byte("changed"), 0o644))
	fmt.Println("target after writing hard:", readAll(p("target")))

	fmt.Println("== chmod and utimes")
	check("chmod 600", os.Chmod(p("target"), 0o600))
	ti, _ = os.Stat(p("target"))
	fmt.Println("mode:", ti.Mode())
	check("chmod missing", os.Chmod(p("zz"), 0o600))
	when := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	check("chtimes", os.Chtimes(p("target"), when, when))
	ti, _ = os.Stat(p("target"))
	fmt.Println("mtime:", ti.ModTime().UTC().Format(time.RFC3339))
	check("chtimes missing", os.Chtimes(p("zz"), when, when))

	fmt.Println("== stat fields")
	for _, name := range []string{"target", "d", "sub", "sublink", "many"} {
		fi, err := os.Lstat(p(name))
		if err != nil {
			check("lstat "+name, err)
			continue
		}
		size := fmt.Sprint(fi.Size())
		if fi.IsDir() {
			size = "-" // directory sizes are the host's business
		}
		fmt.Printf("%s: %s size %s dir %v\n", name, fi.Mode(), size, fi.IsDir())
	}
	fi, _ := os.Stat(p("target"))
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		fmt.Println("ino set:", st.Ino != 0, "nlink:", st.Nlink)
	}

	fmt.Println("== fsync")
	sf, _ := os.OpenFile(p("target"), os.O_RDWR, 0)
	check("fsync", sf.Sync())
	sf.Close()

	fmt.Println("== listing")
	top, err := os.ReadDir(dir)
	check("readdir", err)
	for _, e := range top {
		fmt.Printf("%s %s\n", e.Name(), e.Type())
	}
}

func nlink(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Nlink
	}
	return 0
}

// permProbe tries what the capabilities or the file modes refuse: each
// argument is OP:PATH with OP one of read, write, create, mkdir, remove,
// list, stat.
func permProbe(ops []string) {
	for _, op := range ops {
		kind, name, _ := cut(op)
		var err error
		switch kind {
		case "read":
			_, err = os.ReadFile(name)
		case "write":
			var f *os.File
			if f, err = os.OpenFile(name, os.O_WRONLY, 0); err == nil {
				f.Close()
			}
		case "create":
			err = os.WriteFile(name, []byte("x"), 0o644)
		case "mkdir":
			err = os.Mkdir(name, 0o755)
		case "remove":
			err = os.Remove(name)
		case "list":
			var entries []os.DirEntry
			entries, err = os.ReadDir(name)
			for _, e := range entries {
				fmt.Println("  entry", e.Name())
			}
		case "stat":
			_, err = os.Stat(name)
		}
		check(op, err)
	}
}

func cut(s string) (string, string, bool) {
	for i := range s {
		if s[i] == ':' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
