package coreutils

import (
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/builtins/internal/cmdtest"
)

// The archive tools' throughput on 4 MiB of text (b.SetBytes: go test
// -bench reports MB/s of uncompressed data).
func benchArchive(b *testing.B, prepare [][]string, args ...string) {
	fsys := cmdtest.Tree(b)
	cmdtest.WriteFile(b, fsys, "/work/d/a", strings.Repeat(seqText(1, 1000), 1100)[:4<<20])
	for _, p := range prepare {
		if _, errs, st := cmdtest.Run(b, testRegistry, fsys, nil, "", p...); st != 0 {
			b.Fatalf("%q: %s", p, errs)
		}
	}
	b.SetBytes(4 << 20)
	b.ResetTimer()
	for range b.N {
		if _, errs, st := cmdtest.Run(b, testRegistry, fsys, nil, "", args...); st != 0 {
			b.Fatalf("%q: %s", args, errs)
		}
	}
}

func BenchmarkGzip(b *testing.B) { benchArchive(b, nil, "gzip", "-c", "d/a") }
func BenchmarkGunzip(b *testing.B) {
	benchArchive(b, [][]string{{"gzip", "-k", "d/a"}}, "zcat", "d/a.gz")
}
func BenchmarkBzip2(b *testing.B) { benchArchive(b, nil, "bzip2", "-c", "d/a") }
func BenchmarkBunzip2(b *testing.B) {
	benchArchive(b, [][]string{{"bzip2", "-k", "d/a"}}, "bzcat", "d/a.bz2")
}
func BenchmarkXz(b *testing.B)   { benchArchive(b, nil, "xz", "-c", "d/a") }
func BenchmarkUnxz(b *testing.B) { benchArchive(b, [][]string{{"xz", "-k", "d/a"}}, "xzcat", "d/a.xz") }
func BenchmarkTarC(b *testing.B) { benchArchive(b, nil, "tar", "-cf", "a.tar", "d") }
func BenchmarkTarX(b *testing.B) {
	benchArchive(b, [][]string{{"tar", "-cf", "a.tar", "d"}}, "tar", "-xf", "a.tar", "-C", "/tmp")
}
func BenchmarkZip(b *testing.B) { benchArchive(b, nil, "zip", "-qr", "a.zip", "d") }
func BenchmarkUnzip(b *testing.B) {
	benchArchive(b, [][]string{{"zip", "-qr", "a.zip", "d"}}, "unzip", "-qo", "a.zip", "-d", "/tmp")
}
func BenchmarkDD(b *testing.B) {
	benchArchive(b, nil, "dd", "if=d/a", "of=/dev/null", "bs=64K", "status=none")
}
