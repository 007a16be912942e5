package coreutils

// tar's operations on an archive that exists: -r appends, -u appends what
// is newer than its copy in the archive, -A appends the members of other
// archives, --delete removes members. The archive is read whole and
// written again: its members are kept byte for byte, as GNU's are, and
// only uncompressed archives can be changed, as with GNU's.

import (
	"archive/tar"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

// tarMember is a member of an archive and the bytes it takes: its header
// blocks (GNU's long-name ones included) and its data.
type tarMember struct {
	hdr        *tar.Header
	start, end int
}

// tarScan lists the members of the archive data, and where the last one
// ends (where the end-of-archive blocks start).
func tarScan(data []byte) ([]tarMember, int, error) {
	cr := &countReader{r: bytes.NewReader(data)}
	tr := tar.NewReader(cr)
	var members []tarMember
	end := 0
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return members, end, nil
		}
		if err != nil {
			return members, end, err
		}
		start := end
		if hdr.Size < 0 || hdr.Size > int64(len(data)) {
			return members, start, io.ErrUnexpectedEOF
		}
		end = int(cr.n) + int((hdr.Size+511)/512*512)
		if end > len(data) {
			return members, start, io.ErrUnexpectedEOF
		}
		members = append(members, tarMember{hdr, start, end})
	}
}

// tarTrailer ends an archive: two zero blocks.
var tarTrailer = make([]byte, 1024)

// modify runs -r, -u, -A or --delete (op 'r', 'u', 'A', 'D') on the
// archive, names being relative to their -C directories (dirs).
func (t *tarRun) modify(op byte, names, dirs []string) int {
	c := t.c
	var data []byte
	if t.file == "-" {
		var err error
		if data, err = io.ReadAll(canceledReader{c, c.Stdin}); err != nil {
			t.failErr(err, "%s: Read error: %s", t.file, builtins.Reason(err))
			return t.fatal()
		}
	} else {
		t.archiveAbs = c.Abs(t.file)
		var err error
		data, err = vfs.ReadFile(c.FS, t.archiveAbs)
		if err != nil && (op == 'D' || op == 'A' || !errors.Is(err, fs.ErrNotExist)) {
			t.failErr(err, "%s: Cannot open: %s", t.file, builtins.Reason(err))
			return t.fatal()
		}
	}
	for _, cd := range []*codec{gzipCodec, bzip2Codec, xzCodec} {
		if bytes.HasPrefix(data, []byte(cd.magic)) {
			t.fail("Cannot update compressed archives")
			return t.fatal()
		}
	}
	members, end, err := tarScan(data)
	if err != nil {
		if len(members) == 0 {
			t.fail("This does not look like a tar archive")
		} else {
			t.fail("Unexpected EOF in archive")
		}
		return t.fatal()
	}
	var out bytes.Buffer
	switch op {
	case 'D':
		matched := make([]bool, len(names))
		for _, m := range members {
			del := false
			for i, n := range names {
				if tarMatch(n, m.hdr.Name) {
					matched[i], del = true, true
				}
			}
			if !del {
				out.Write(data[m.start:m.end])
			}
		}
		for i, n := range names {
			if !matched[i] {
				t.fail("%s: Not found in archive", n)
			}
		}
	case 'A':
		out.Write(data[:end])
		for _, name := range names {
			more, err := readInput(c, name)
			if err != nil {
				t.failErr(err, "%s: Cannot open: %s", name, builtins.Reason(err))
				continue
			}
			_, moreEnd, err := tarScan(more)
			if err != nil {
				t.fail("Skipping to next header")
			}
			out.Write(more[:moreEnd])
		}
	default:
		out.Write(data[:end])
		if op == 'u' {
			newest := map[string]time.Time{}
			for _, m := range members {
				if m.hdr.ModTime.After(newest[m.hdr.Name]) {
					newest[m.hdr.Name] = m.hdr.ModTime
				}
			}
			// a file goes in when it is newer, to the second, than
			// every copy of it the archive holds
			t.skip = func(member string, info fs.FileInfo) bool {
				archived, ok := newest[member]
				return ok && !info.ModTime().Truncate(time.Second).After(archived)
			}
		}
		t.listing = c.Stdout
		tw := tar.NewWriter(&out)
		if st := t.addAll(tw, names, dirs); st != 0 {
			return st
		}
		tw.Flush()
	}
	out.Write(tarTrailer)
	if t.file == "-" {
		if _, err := c.Stdout.Write(out.Bytes()); err != nil {
			t.failErr(err, "%s: Cannot write: %s", t.file, builtins.Reason(err))
			return t.fatal()
		}
		return t.done()
	}
	f, err := c.Create(t.file, false)
	if err == nil {
		_, err = f.Write(out.Bytes())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		t.failErr(err, "%s: Cannot write: %s", t.file, builtins.Reason(err))
		return t.fatal()
	}
	return t.done()
}
