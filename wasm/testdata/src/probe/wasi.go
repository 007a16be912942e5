package main

import (
	"fmt"
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// The WASI functions wasiProbe calls directly, with arguments Go's own
// library never passes.
//
//go:wasmimport wasi_snapshot_preview1 fd_filestat_set_size
func fdFilestatSetSize(fd int32, size int64) int32

//go:wasmimport wasi_snapshot_preview1 fd_filestat_set_times
func fdFilestatSetTimes(fd int32, atim, mtim int64, flags int32) int32

//go:wasmimport wasi_snapshot_preview1 fd_pwrite
func fdPwrite(fd int32, iovs unsafe.Pointer, iovsLen int32, offset int64, nwritten unsafe.Pointer) int32

// ciovec is WASI's ciovec: a buffer's address in linear memory and its
// length, 32 bits each.
type ciovec struct {
	buf, len uint32
}

//go:wasmimport wasi_snapshot_preview1 fd_prestat_dir_name
func fdPrestatDirName(fd int32, path unsafe.Pointer, pathLen int32) int32

//go:wasmimport wasi_snapshot_preview1 path_remove_directory
func pathRemoveDirectory(fd int32, path unsafe.Pointer, pathLen int32) int32

// WASI's fstflags: set a time to the one given, or to now.
const (
	fstflagsAtim    = 1
	fstflagsAtimNow = 2
	fstflagsMtim    = 4
	fstflagsMtimNow = 8
)

// wasiProbe makes files under dir and calls WASI functions on them and on
// the standard streams, printing each call's errno: "ok" or its name.
func wasiProbe(dir string) {
	errnoOf := func(what string, n int32) {
		fmt.Printf("%s: %s\n", what, errText(errnoErr(n)))
	}
	f, err := os.Create(dir + "/raw")
	must(err)
	fd := int32(f.Fd())
	errnoOf("set_size 2^62", fdFilestatSetSize(fd, 1<<62))
	errnoOf("set_size -1", fdFilestatSetSize(fd, -1))
	errnoOf("set_size 3", fdFilestatSetSize(fd, 3))
	ro, err := os.Open(dir + "/raw")
	must(err)
	errnoOf("set_size on a read-only fd", fdFilestatSetSize(int32(ro.Fd()), 0))
	for fd, name := range []string{"stdin", "stdout", "stderr"} {
		errnoOf("set_size "+name, fdFilestatSetSize(int32(fd), 0))
		errnoOf("set_times "+name, fdFilestatSetTimes(int32(fd), 0, 0, fstflagsAtimNow|fstflagsMtimNow))
	}
	errnoOf("set_times both now and given", fdFilestatSetTimes(fd, 0, 0, fstflagsMtim|fstflagsMtimNow))
	errnoOf("set_times", fdFilestatSetTimes(fd, 0, 0, fstflagsAtim|fstflagsMtim))
	a, err := os.OpenFile(dir+"/log", os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	must(err)
	_, err = a.Write([]byte("0123"))
	must(err)
	_, err = a.Seek(1, 0)
	must(err)
	// Go's WriteAt refuses an O_APPEND file itself: call fd_pwrite.
	data := []byte("abc")
	iov := ciovec{buf: uint32(uintptr(unsafe.Pointer(&data[0]))), len: uint32(len(data))}
	var n uint32
	errnoOf("pwrite on O_APPEND", fdPwrite(int32(a.Fd()), unsafe.Pointer(&iov), 1, 0, unsafe.Pointer(&n)))
	runtime.KeepAlive(data)
	off, _ := a.Seek(0, 1)
	fmt.Printf("wrote %d, offset %d, file %s\n", n, off, readAll(dir+"/log"))
	must(os.Mkdir(dir+"/empty", 0o755))
	d, err := os.Open(dir + "/empty")
	must(err)
	for _, p := range []string{".", "./"} {
		b := []byte(p)
		errnoOf("rmdir "+p, pathRemoveDirectory(int32(d.Fd()), unsafe.Pointer(&b[0]), int32(len(b))))
	}
	_, err = os.Stat(dir + "/empty")
	fmt.Println("empty still there:", errText(err))
	// The preopen is fd 3, named "/".
	name := []byte("xxxx")
	errnoOf("prestat_dir_name into 0 bytes", fdPrestatDirName(3, unsafe.Pointer(&name[0]), 0))
	errnoOf("prestat_dir_name into 4 bytes", fdPrestatDirName(3, unsafe.Pointer(&name[0]), 4))
	fmt.Printf("name buffer: %q\n", name)
	errnoOf("prestat_dir_name of a file", fdPrestatDirName(fd, unsafe.Pointer(&name[0]), 4))
}

func errnoErr(n int32) error {
	if n == 0 {
		return nil
	}
	return syscall.Errno(n)
}
