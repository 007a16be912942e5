package coreutils

// File modes in the forms the commands print and read them: POSIX
// numbers, ls -l's letters, stat's names and st_mode bits.

import "io/fs"

// posixMode converts the permission and special bits of m to the POSIX
// numeric form (04000 setuid, 02000 setgid, 01000 sticky, 0777).
func posixMode(m fs.FileMode) uint32 {
	p := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		p |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		p |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		p |= 0o1000
	}
	return p
}

// fromPosixMode is the inverse of posixMode.
func fromPosixMode(p uint32) fs.FileMode {
	m := fs.FileMode(p & 0o777)
	if p&0o4000 != 0 {
		m |= fs.ModeSetuid
	}
	if p&0o2000 != 0 {
		m |= fs.ModeSetgid
	}
	if p&0o1000 != 0 {
		m |= fs.ModeSticky
	}
	return m
}

// fileType is what a mode's type bits say a file is, in each of the forms
// the commands print it.
type fileType struct {
	char byte   // ls -l's first letter
	name string // stat's %F
	bits uint32 // the S_IFMT bits of st_mode
}

// fileTypeOf classifies m; anything that is not a directory, symlink, fifo,
// socket or device counts as a regular file.
func fileTypeOf(m fs.FileMode) fileType {
	switch {
	case m.IsDir():
		return fileType{'d', "directory", 0o040000}
	case m&fs.ModeSymlink != 0:
		return fileType{'l', "symbolic link", 0o120000}
	case m&fs.ModeNamedPipe != 0:
		return fileType{'p', "fifo", 0o010000}
	case m&fs.ModeSocket != 0:
		return fileType{'s', "socket", 0o140000}
	case m&fs.ModeCharDevice != 0:
		return fileType{'c', "character special file", 0o020000}
	case m&fs.ModeDevice != 0:
		return fileType{'b', "block special file", 0o060000}
	}
	return fileType{'-', "regular file", 0o100000}
}

// fileTypeChar is the first letter of ls -l's mode column.
func fileTypeChar(m fs.FileMode) byte { return fileTypeOf(m).char }

// permString renders the nine permission letters with setuid, setgid
// and sticky folded in: "rwsr-xr-t".
func permString(p uint32) string {
	b := []byte("rwxrwxrwx")
	for i := range 9 {
		if p&(1<<(8-i)) == 0 {
			b[i] = '-'
		}
	}
	special := func(i int, bit uint32, set, unset byte) {
		if p&bit != 0 {
			if b[i] == 'x' {
				b[i] = set
			} else {
				b[i] = unset
			}
		}
	}
	special(2, 0o4000, 's', 'S')
	special(5, 0o2000, 's', 'S')
	special(8, 0o1000, 't', 'T')
	return string(b)
}

// fileModeString is ls -l's ten-character mode: "drwxr-xr-x".
func fileModeString(m fs.FileMode) string {
	return string(fileTypeChar(m)) + permString(posixMode(m))
}

// fileTypeName is stat's %F.
func fileTypeName(info fs.FileInfo) string {
	k := fileTypeOf(info.Mode())
	if k.char == '-' && info.Size() == 0 {
		return "regular empty file"
	}
	return k.name
}

// rawMode is st_mode as a number (stat %f): type bits and permissions.
func rawMode(m fs.FileMode) uint32 {
	return fileTypeOf(m).bits | posixMode(m)
}
