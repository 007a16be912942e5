package caps

import (
	"fmt"
	"slices"
	"strings"
)

// PresetNames lists the presets, least to most.
var PresetNames = []string{"minimal", "sandbox", "developer", "agent", "unrestricted"}

// DefaultPreset is what the REPL and scripts get unless told otherwise.
const DefaultPreset = "sandbox"

func all(kinds ...Kind) []Cap {
	out := make([]Cap, len(kinds))
	for i, k := range kinds {
		out[i] = Cap{Kind: k}
	}
	return out
}

// Preset returns a fresh set for a preset name:
//
//   - minimal: read and run everything (WebAssembly programs are themselves
//     confined by the gate)
//   - sandbox: minimal, plus write and delete under /work and /tmp, and
//     the local history: snapshot, rollback and branches (branch, switch,
//     fork), which a person expects at the prompt
//   - developer: all of the filesystem, all of git, the real clock and
//     randomness, the host environment
//   - agent: developer; the network, MCP and A2A patterns come from the
//     policy file
//   - unrestricted: everything
func Preset(name string) (*Set, error) {
	var allow []Cap
	switch name {
	case "minimal":
		allow = all(FSRead, FSExec)
	case "sandbox":
		allow = append(all(FSRead, FSExec, GitSnapshot, GitRollback, GitBranch),
			Cap{FSWrite, "/work/**"}, Cap{FSDelete, "/work/**"},
			Cap{FSWrite, "/tmp/**"}, Cap{FSDelete, "/tmp/**"})
	case "developer", "agent":
		allow = all(FSRead, FSWrite, FSDelete, FSExec, GitSnapshot, GitRollback, GitBranch, ClockRead, RandomRead, EnvRead)
	case "unrestricted":
		allow = all(Kinds...)
	default:
		return nil, fmt.Errorf("unknown preset %q (presets: %s)", name, strings.Join(PresetNames, ", "))
	}
	return NewSet(allow, nil), nil
}

// String lists a set's rules: grants, then denials with a leading "!".
func (s *Set) String() string {
	var parts []string
	for _, c := range s.Grants() {
		parts = append(parts, c.String())
	}
	for _, c := range s.Denials() {
		parts = append(parts, "!"+c.String())
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}
