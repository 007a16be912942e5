//go:build !linux

package vfs

import "syscall"

// exchange is not available here: rootFS.install renames over the file.
func exchange(a, b string) error { return syscall.ENOSYS }
