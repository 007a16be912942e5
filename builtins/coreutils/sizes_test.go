package coreutils

import "testing"

func TestHumanSize(t *testing.T) {
	t.Parallel()
	for n, want := range map[int64]string{
		0: "0", 4: "4", 1023: "1023", 1024: "1.0K", 1025: "1.1K", 4096: "4.0K",
		10240: "10K", 10300: "11K", 1048575: "1.0M", 1 << 20: "1.0M",
		1<<30 - 12: "1.0G", 5 << 30: "5.0G", 123 << 20: "123M",
	} {
		if got := humanSize(n); got != want {
			t.Errorf("humanSize(%d) = %q, want %q", n, got, want)
		}
	}
}
