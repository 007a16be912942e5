package shell

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"time"

	"github.com/moonix-sh/moonix/builtins"
	"github.com/moonix-sh/moonix/vfs"
)

// The commands of moonix stand as files in /bin and /usr/bin: each
// directory is a read-only mount of the session's commands (vfs.Mount),
// so that ls, test -x, find and stat see what which, type and command -v
// name, and running /bin/NAME runs the command NAME. History does not
// record them.

// commandDirs are the directories the commands are mounted at.
var commandDirs = []string{"/bin", "/usr/bin"}

// programBuiltins are the shell's builtins that GNU systems also have as
// programs in /usr/bin: they stand there too.
var programBuiltins = []string{"[", "test", "true", "false", "pwd", "kill"}

// standsInBin reports whether name is a command that stands as a file in
// /bin and /usr/bin.
func (s *Session) standsInBin(name string) bool {
	return pathCommands[name] || s.commands.Lookup(name) != nil ||
		slices.Contains(programBuiltins, name) && s.isShellBuiltin(name)
}

// binNames lists the commands that stand in /bin, sorted.
func (s *Session) binNames() []string {
	var names []string
	for name := range pathCommands {
		names = append(names, name)
	}
	for _, cmd := range s.commands.Commands() {
		names = append(names, cmd.Name)
	}
	names = append(names, programBuiltins...)
	slices.Sort(names)
	return slices.Compact(names)
}

// mountCommands mounts the command listings on the session's tree.
func (s *Session) mountCommands(tree *vfs.Tree) error {
	names := s.binNames()
	for _, dir := range commandDirs {
		src := &commandSource{dir: dir, names: names, time: s.clock.Now()}
		if err := tree.Mount(dir, src, vfs.ReadOnly); err != nil {
			return fmt.Errorf("mount %s: %s (it holds moonix's commands: mount elsewhere)", dir, builtins.Reason(err))
		}
	}
	return nil
}

// commandSource is the source of a command listing: a flat directory
// of executable files, each the stand-in text of its command.
type commandSource struct {
	dir   string
	names []string
	time  time.Time
}

func (c *commandSource) ReadDir(rel string) ([]vfs.SourceEntry, error) {
	if rel != "" {
		return nil, fs.ErrNotExist
	}
	out := make([]vfs.SourceEntry, len(c.names))
	for i, name := range c.names {
		out[i] = vfs.SourceEntry{Name: name, Mode: 0o755, Size: int64(len(standIn(c.dir, name))), ModTime: c.time}
	}
	return out, nil
}

func (c *commandSource) ReadFile(rel string) ([]byte, error) {
	if !slices.Contains(c.names, rel) {
		return nil, fs.ErrNotExist
	}
	return []byte(standIn(c.dir, rel)), nil
}

// standIn is the content of the file that stands for the command name in
// dir: a script that runs it, so that a copy of the file runs it too.
func standIn(dir, name string) string {
	return "#!/bin/sh\n# " + name + " is built into moonix: this file stands for it.\nexec " +
		dir + "/" + name + " \"$@\"\n"
}

// standsFor returns the command the file p stands for: NAME in /bin or
// /usr/bin, or in another directory where scripts look for programs
// (/usr/local/bin, /sbin...) when no such file exists there (missing).
// Running p runs the command, not the file.
func (s *Session) standsFor(p string, missing bool) (string, bool) {
	dir, base := path.Split(path.Clean(p))
	dir = path.Clean(dir)
	if !binDirs[dir] || !missing && !slices.Contains(commandDirs, dir) {
		return "", false
	}
	return base, s.commandFor(base) != nil || s.isShellBuiltin(base)
}
