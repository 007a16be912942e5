package coreutils

// tar --transform: sed's s command (sed.go parses it and makes the
// replacement) on member names, with GNU tar's extra flags: r, s and h
// (R, S, H to turn them off) say whether it applies to regular names,
// symbolic link targets and hard link targets, x that the regex is an
// extended one. Expressions are separated by ';' or given one per option.

import (
	"errors"
	"strings"
)

// tarXform is one s expression and where it applies.
type tarXform struct {
	cmd                        *sedCmd
	names, symlinks, hardlinks bool
}

var errTransform = errors.New("Invalid transform expression")

// parseTransforms reads the expressions of one --transform option.
func parseTransforms(expr string) ([]tarXform, error) {
	var out []tarXform
	for expr != "" {
		if len(expr) < 2 || expr[0] != 's' {
			return nil, errTransform
		}
		delim := expr[1]
		i, parts := 2, 0
		for ; i < len(expr) && parts < 2; i++ {
			switch expr[i] {
			case '\\':
				i++
			case delim:
				parts++
			}
		}
		if parts < 2 {
			return nil, errTransform
		}
		x := tarXform{names: true, symlinks: true, hardlinks: true}
		flags, ext := "", false
		for ; i < len(expr) && expr[i] != ';'; i++ {
			switch c := expr[i]; c {
			case 'r', 'R':
				x.names = c == 'r'
			case 's', 'S':
				x.symlinks = c == 's'
			case 'h', 'H':
				x.hardlinks = c == 'h'
			case 'x':
				ext = true
			default:
				flags += string(c)
			}
		}
		body := expr[:strings.LastIndexByte(expr[:i], delim)+1]
		cmds, err := parseSed([]sedChunk{{text: body + flags, num: 1}}, ext, false)
		if err != nil || len(cmds) != 1 || cmds[0].name != 's' || cmds[0].re.m == nil {
			return nil, errTransform
		}
		x.cmd = cmds[0]
		out = append(out, x)
		expr = strings.TrimPrefix(expr[i:], ";")
	}
	return out, nil
}

// transform applies the expressions that apply to a name of that kind
// ('r' a member's name, 's' a symlink's target, 'h' a hard link's), in
// order.
func (t *tarRun) transform(name string, kind byte) string {
	for _, x := range t.xforms {
		if kind == 'r' && x.names || kind == 's' && x.symlinks || kind == 'h' && x.hardlinks {
			name, _ = x.cmd.replaceIn(x.cmd.re.m, name)
		}
	}
	return name
}
