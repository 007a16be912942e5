package engine

import (
	"io/fs"
	"slices"
	"strings"

	"github.com/moonix-sh/moonix/vfs"
)

// glob expands a pattern into the matching paths, sorted; nil when
// nothing matches. With failglob an empty result is an error (reported;
// ok false).
func (p *proc) glob(pat string) ([]string, bool) {
	extglob := p.opts.has(optExtglob)
	if !hasPatternMeta(pat, extglob) {
		return nil, true
	}
	mode := patFile
	if extglob {
		mode |= patExtglob
	}
	if p.opts.has(optNocaseglob) {
		mode |= patNocase
	}
	ignore := p.globIgnore()
	dotglob := p.opts.has(optDotglob) || ignore != nil
	segs := splitPatternPath(pat)
	abs := strings.HasPrefix(pat, "/")
	var results []string
	start := ""
	if abs {
		start = "/"
	}
	g := globber{p: p, mode: mode, dotglob: dotglob, globstar: p.opts.has(optGlobstar), extglob: extglob, ignoring: ignore != nil}
	g.walk(start, segs, &results)
	if ignore != nil {
		results = slices.DeleteFunc(results, func(r string) bool {
			base := r
			for _, ig := range ignore {
				if p.compile(ig, mode).full(base) {
					return true
				}
			}
			return false
		})
	}
	if len(results) == 0 {
		if p.opts.has(optFailglob) {
			// the command does not run, nor the rest of its line
			p.errorf("no match: %s", unescapePattern(pat))
			p.failLine(1)
			return nil, false
		}
		return nil, true
	}
	slices.Sort(results)
	if g.globstar && strings.Count(pat, "**") > 1 {
		// **/** reaches a file by several paths: bash lists it once
		results = slices.Compact(results)
	}
	return results, true
}

// globIgnore is GLOBIGNORE split into patterns; nil when unset or empty.
func (p *proc) globIgnore() []string {
	v, ok := p.getStr("GLOBIGNORE")
	if !ok || v == "" {
		return nil
	}
	// colons separate the patterns, but not inside a bracket
	// expression ([[:alnum:]])
	var out []string
	start := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '[':
			if _, end, ok := parseClass(v, i, 0); ok {
				i = end - 1
			}
		case ':':
			out = append(out, v[start:i])
			start = i + 1
		}
	}
	return append(out, v[start:])
}

// splitPatternPath splits a pattern at its slashes.
func splitPatternPath(pat string) []string {
	var segs []string
	cur := 0
	for i := 0; i < len(pat); i++ {
		switch pat[i] {
		case '\\':
			i++
		case '/':
			segs = append(segs, pat[cur:i])
			cur = i + 1
		}
	}
	segs = append(segs, pat[cur:])
	if len(segs) > 0 && segs[0] == "" && strings.HasPrefix(pat, "/") {
		segs = segs[1:]
	}
	return segs
}

type globber struct {
	p        *proc
	mode     patMode
	dotglob  bool
	globstar bool
	extglob  bool
	// ignoring: GLOBIGNORE is set (. and .. never match)
	ignoring bool
}

// walk matches the remaining segments under prefix (a path as the result
// will show it: "" for the working directory).
func (g *globber) walk(prefix string, segs []string, out *[]string) {
	if len(segs) == 0 {
		*out = append(*out, prefix)
		return
	}
	seg := segs[0]
	rest := segs[1:]
	dir := g.dirOf(prefix)
	if seg == "" {
		// a trailing slash (or //): directories only
		if info, err := g.p.sh.cfg.FS.Stat(dir); err == nil && info.IsDir() {
			g.walk(joinGlob(prefix, ""), rest, out)
		}
		return
	}
	if g.globstar && seg == "**" {
		g.star(prefix, rest, out)
		return
	}
	if !hasPatternMeta(seg, g.extglob) {
		name := unescapePattern(seg)
		next := joinGlob(prefix, name)
		if len(rest) == 0 {
			if _, err := g.p.sh.cfg.FS.Lstat(g.dirOf(next)); err == nil {
				*out = append(*out, next)
			}
			return
		}
		g.walk(next, rest, out)
		return
	}
	entries, err := g.p.sh.cfg.FS.ReadDir(dir)
	if err != nil {
		return
	}
	cp := g.p.compile(seg, g.mode)
	explicitDot := strings.HasPrefix(seg, ".") || strings.HasPrefix(seg, "\\.")
	names := g.names(entries)
	if explicitDot && !g.p.opts.has(optGlobskipdots) && !g.ignoring {
		names = append([]string{".", ".."}, names...)
	}
	for _, name := range names {
		if name == "." || name == ".." {
			if seg != name && !(explicitDot && !g.p.opts.has(optGlobskipdots)) {
				continue
			}
		} else if name[0] == '.' && !explicitDot && !g.dotglob {
			continue
		}
		if !cp.full(name) {
			continue
		}
		next := joinGlob(prefix, name)
		if len(rest) > 0 {
			if !g.isDir(next) {
				continue
			}
		}
		g.walk(next, rest, out)
	}
}

// names lists a directory's entries.
func (g *globber) names(entries []fs.DirEntry) []string {
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names
}

// star matches ** (globstar): this directory and every directory below.
func (g *globber) star(prefix string, rest []string, out *[]string) {
	if len(rest) == 0 {
		// ** alone: every file and directory below, the prefix's
		// contents first
		g.all(prefix, out)
		return
	}
	g.walk(prefix, rest, out)
	g.below(prefix, func(next string, dir bool) {
		if dir {
			g.star(next, rest, out)
		}
	})
}

func (g *globber) all(prefix string, out *[]string) {
	g.below(prefix, func(next string, dir bool) {
		*out = append(*out, next)
		if dir {
			g.all(next, out)
		}
	})
}

// below calls fn for each entry of the directory prefix that globstar
// walks (hidden ones only with dotglob), saying whether it is a
// directory (symbolic links are not followed).
func (g *globber) below(prefix string, fn func(next string, dir bool)) {
	entries, err := g.p.sh.cfg.FS.ReadDir(g.dirOf(prefix))
	if err != nil {
		return
	}
	for _, name := range g.names(entries) {
		if name[0] == '.' && !g.dotglob {
			continue
		}
		next := joinGlob(prefix, name)
		info, err := g.p.sh.cfg.FS.Lstat(g.dirOf(next))
		fn(next, err == nil && info.IsDir())
	}
}

func (g *globber) isDir(path string) bool {
	info, err := g.p.sh.cfg.FS.Stat(g.dirOf(path))
	return err == nil && info.IsDir()
}

// dirOf is the absolute path of a result path.
func (g *globber) dirOf(prefix string) string {
	if prefix == "" {
		return g.p.dir
	}
	return vfs.Clean(g.p.dir, prefix)
}

func joinGlob(prefix, name string) string {
	switch {
	case prefix == "":
		return name
	case strings.HasSuffix(prefix, "/"):
		return prefix + name
	}
	return prefix + "/" + name
}
