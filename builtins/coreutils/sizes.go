package coreutils

// Sizes as the VFS accounts them (whole KiB, one made-up device) and as
// GNU's -h prints them.

import (
	"fmt"
	"io/fs"
	"math"
	"strconv"
)

// diskKiB is the space a file takes in the VFS's accounting, in 1 KiB
// units: a regular file takes its size rounded up to whole KiB; directories,
// symlinks and devices take nothing of their own. ls's "total", stat's
// Blocks, du and df all use this one rule so that they agree.
func diskKiB(info fs.FileInfo) int64 {
	if !info.Mode().IsRegular() {
		return 0
	}
	return (info.Size() + 1023) / 1024
}

// fileDevice is the made-up device number of the VFS (stat's Device line).
const (
	devMajor = 0
	devMinor = 42
)

// ioBlock is the preferred I/O size stat reports.
const ioBlock = 4096

// humanSize renders a byte count like GNU's -h: "0", "1023", "1.1K", "11K",
// "1.0M", rounding up.
func humanSize(n int64) string {
	if n < 1024 {
		return strconv.FormatInt(n, 10)
	}
	const units = "KMGTPEZY"
	v := float64(n)
	e := 0
	for v >= 1024 && e < len(units) {
		v /= 1024
		e++
	}
	if v < 10 {
		r := math.Ceil(v*10) / 10
		if r < 10 {
			return fmt.Sprintf("%.1f%c", r, units[e-1])
		}
		v = r
	}
	r := math.Ceil(v)
	if r >= 1024 && e < len(units) {
		return fmt.Sprintf("%.1f%c", r/1024, units[e])
	}
	return fmt.Sprintf("%.0f%c", r, units[e-1])
}
