package coreutils

import (
	"strings"
	"testing"
)

func TestDf(t *testing.T) {
	t.Parallel()
	files := map[string]string{"a": string(make([]byte, 3000)), "b": "x"}
	runFileCases(t, []fileCase{
		{files: files, args: []string{"df"}, out: "Filesystem     1K-blocks  Used Available Use% Mounted on\nmoonix           1048576     3   1048573   1% /\n"},
		{files: files, args: []string{"df", "-k", "."}, out: "Filesystem     1K-blocks  Used Available Use% Mounted on\nmoonix           1048576     3   1048573   1% /\n"},
		{files: files, args: []string{"df", "-h"}, out: "Filesystem      Size  Used Avail Use% Mounted on\nmoonix          1.0G  3.0K  1.0G   1% /\n"},
		{files: files, args: []string{"df", "-T", "a", "/tmp"}, out: "Filesystem     Type 1K-blocks  Used Available Use% Mounted on\nmoonix         vfs    1048576     3   1048573   1% /\nmoonix         vfs    1048576     3   1048573   1% /\n"},
		{files: files, args: []string{"df", "nope"}, err: "df: nope: No such file or directory\n", status: 1},
		{name: "empty", args: []string{"df"}, out: "Filesystem     1K-blocks  Used Available Use% Mounted on\nmoonix           1048576     0   1048576   0% /\n"},
		{name: "hard links once", files: files, pre: [][]string{{"ln", "a", "c"}}, args: []string{"df"},
			out: "Filesystem     1K-blocks  Used Available Use% Mounted on\nmoonix           1048576     3   1048573   1% /\n"},
	})
}

func TestDfRow(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		used  int64
		human bool
		want  string
	}{
		{0, false, "moonix 1048576 0 1048576 0% /"},
		{1, false, "moonix 1048576 1 1048575 1% /"},
		{dfCapacity / 2, false, "moonix 1048576 524288 524288 50% /"},
		{dfCapacity / 2, true, "moonix 1.0G 512M 512M 50% /"},
		{dfCapacity, false, "moonix 1048576 1048576 0 100% /"},
		{dfCapacity + 2048, true, "moonix 1.1G 1.1G 0 100% /"},
	} {
		_, row := dfRow(tc.used, dfCapacity, tc.human)
		if got := strings.Join(row, " "); got != tc.want {
			t.Errorf("dfRow(%d, %v) = %q, want %q", tc.used, tc.human, got, tc.want)
		}
	}
}
