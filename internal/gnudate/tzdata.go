package gnudate

import (
	"archive/zip"
	"bytes"
	_ "embed"
	"encoding/binary"
	"io"
	"io/fs"
	"strings"
	"sync"
	"time"
)

// zoneinfoZip is the IANA time zone database (public domain) as Go's
// $GOROOT/lib/time/zoneinfo.zip holds it (tzdata 2025c, from Go 1.26):
// the zone files glibc would read from /usr/share/zoneinfo, which a
// session must never read from the host. time.LoadLocation reads the host's
// directory first and time/tzdata's copy is reachable only through it, so
// moonix keeps its own copy (RATIONALE.md); to update it, copy the file
// from a newer Go.
//
//go:embed zoneinfo.zip
var zoneinfoZip []byte

var zoneArchive = sync.OnceValue(func() *zip.Reader {
	r, err := zip.NewReader(bytes.NewReader(zoneinfoZip), int64(len(zoneinfoZip)))
	if err != nil {
		panic("gnudate: the embedded zoneinfo.zip is broken: " + err.Error())
	}
	return r
})

// zoneFiles caches the zones read from the archive by name (a nil
// *time.Location for a name it does not have).
var zoneFiles sync.Map

// zoneFile is the zone of the database named name ("Europe/London", or a
// path under /usr/share/zoneinfo as glibc takes it), or nil.
func zoneFile(name string) *time.Location {
	name = strings.TrimPrefix(name, "/usr/share/zoneinfo/")
	name = strings.TrimPrefix(name, "posix/") // Debian's copies of the zones
	if !fs.ValidPath(name) || name == "." {
		return nil
	}
	if loc, ok := zoneFiles.Load(name); ok {
		return loc.(*time.Location)
	}
	var loc *time.Location
	if f, err := zoneArchive().Open(name); err == nil {
		data, err := io.ReadAll(f)
		f.Close()
		if err == nil {
			if l, err := time.LoadLocationFromTZData(name, data); err == nil {
				loc = l
			}
		}
	}
	zoneFiles.Store(name, loc)
	return loc
}

// ruleZone is the zone of a POSIX TZ value with daylight-saving rules
// ("EET-2EEST,M3.5.0/3,M10.5.0/4", "EST5EDT" with the default US rules),
// built as a zone file without transitions whose footer is the value, so
// that the time package's own reading of POSIX rules applies to every
// instant. name and off are the standard time's, which apply when the
// time package cannot read the rules. nil if the value is not one the
// time package takes.
func ruleZone(tz, name string, off int) *time.Location {
	var b bytes.Buffer
	header := func(typecnt, charcnt uint32) {
		b.WriteString("TZif2")
		b.Write(make([]byte, 15))
		for _, n := range []uint32{0, 0, 0, 0, typecnt, charcnt} { // isut isstd leap time type char
			binary.Write(&b, binary.BigEndian, n)
		}
	}
	header(0, 0) // version 1 part, empty: readers of version 2 skip it
	header(1, uint32(len(name)+1))
	binary.Write(&b, binary.BigEndian, int32(off))
	b.Write([]byte{0, 0}) // not DST, abbreviation at 0
	b.WriteString(name + "\x00")
	b.WriteString("\n" + tz + "\n")
	loc, err := time.LoadLocationFromTZData(tz, b.Bytes())
	if err != nil {
		return nil
	}
	return loc
}
