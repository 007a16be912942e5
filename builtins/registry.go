package builtins

import (
	"slices"
	"strings"
)

// A Registry is a set of commands by name: what a shell can run without a
// file. The shell assembles one from the lists of the command packages
// (coreutils, sandbox, network, and those of the protocols), with
// NewRegistry, and may Decorate some before it shares it. Once shared it
// is read only and safe for concurrent use.
type Registry struct {
	list   []*Command // sorted by name
	byName map[string]*Command
}

// NewRegistry returns a registry of the commands in lists. Two commands
// with one name are a programming error: NewRegistry panics.
func NewRegistry(lists ...[]*Command) *Registry {
	r := &Registry{byName: map[string]*Command{}}
	for _, list := range lists {
		for _, cmd := range list {
			if r.byName[cmd.Name] != nil {
				panic("builtins: two commands named " + cmd.Name)
			}
			r.byName[cmd.Name] = cmd
			r.list = append(r.list, cmd)
		}
	}
	slices.SortFunc(r.list, func(a, b *Command) int { return strings.Compare(a.Name, b.Name) })
	return r
}

// Lookup returns the command called name, or nil.
func (r *Registry) Lookup(name string) *Command { return r.byName[name] }

// Commands returns every command, sorted by name.
func (r *Registry) Commands() []*Command { return r.list }

// Decorate replaces the command called name by what wrap makes of it
// (the history's diff of snapshots wraps diff's diff of files). It panics
// when there is no such command, or wrap renames it.
func (r *Registry) Decorate(name string, wrap func(*Command) *Command) {
	old := r.byName[name]
	if old == nil {
		panic("builtins: no command " + name + " to decorate")
	}
	cmd := wrap(old)
	if cmd.Name != name {
		panic("builtins: decorating " + name + " renamed it " + cmd.Name)
	}
	r.byName[name] = cmd
	r.list[slices.Index(r.list, old)] = cmd
}
