package coreutils

import (
	"io/fs"
	"testing"
)

func TestFileModeString(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mode fs.FileMode
		want string
	}{
		{0o644, "-rw-r--r--"},
		{fs.ModeDir | 0o755, "drwxr-xr-x"},
		{fs.ModeDir | fs.ModeSticky | 0o777, "drwxrwxrwt"},
		{fs.ModeSymlink | 0o777, "lrwxrwxrwx"},
		{fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky | 0o644, "-rwSr-Sr-T"},
		{fs.ModeSetuid | 0o755, "-rwsr-xr-x"},
		{fs.ModeDevice | fs.ModeCharDevice | 0o666, "crw-rw-rw-"},
		{fs.ModeNamedPipe | 0o600, "prw-------"},
	} {
		if got := fileModeString(tc.mode); got != tc.want {
			t.Errorf("fileModeString(%v) = %q, want %q", tc.mode, got, tc.want)
		}
	}
}
