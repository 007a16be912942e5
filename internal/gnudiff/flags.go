package gnudiff

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"
)

// Flags are GNU diff's options as a command's flags: the diff command and
// the history's diff of snapshots read the same ones.
type Flags struct {
	// Options is filled by Resolve.
	Options
	// Styled says that a format option was given (-u, -U, -c, -C,
	// --normal); without one the format is Normal.
	Styled bool
	// The directory options: -r, -N, -x.
	Recursive, NewFile bool
	Excludes           []string
	// JSON asks for the snapshots' diff as JSON.
	JSON bool

	unified, ctx, normal *bool
	unifiedN, ctxN       *int
	unifiedLong, ctxLong *string
}

// AddFlags defines diff's options on fl.
func AddFlags(fl *pflag.FlagSet) *Flags {
	f := &Flags{}
	f.unified = fl.BoolP("u", "u", false, "")
	f.unifiedN = fl.IntP("U", "U", -1, "")
	f.unifiedLong = fl.String("unified", "", "")
	fl.Lookup("unified").NoOptDefVal = "3"
	f.ctx = fl.BoolP("c", "c", false, "")
	f.ctxN = fl.IntP("C", "C", -1, "")
	f.ctxLong = fl.String("context", "", "")
	fl.Lookup("context").NoOptDefVal = "3"
	f.normal = fl.Bool("normal", false, "")
	fl.BoolVarP(&f.Brief, "brief", "q", false, "")
	fl.BoolVarP(&f.Identical, "report-identical-files", "s", false, "")
	fl.BoolVarP(&f.Recursive, "recursive", "r", false, "")
	fl.BoolVarP(&f.NewFile, "new-file", "N", false, "")
	fl.StringArrayVarP(&f.Excludes, "exclude", "x", nil, "")
	fl.BoolVarP(&f.Text, "text", "a", false, "")
	fl.BoolVarP(&f.IgnoreCase, "ignore-case", "i", false, "")
	fl.BoolVarP(&f.AllSpace, "ignore-all-space", "w", false, "")
	fl.BoolVarP(&f.SpaceChange, "ignore-space-change", "b", false, "")
	fl.BoolVarP(&f.BlankLines, "ignore-blank-lines", "B", false, "")
	fl.BoolVar(&f.StripCR, "strip-trailing-cr", false, "")
	fl.StringArrayVar(&f.Labels, "label", nil, "")
	fl.BoolVar(&f.JSON, "json", false, "")
	return f
}

// Resolve sets the format and the context length from the parsed flags.
// Its error is the usage message.
func (f *Flags) Resolve() error {
	f.Context = 3
	styles := 0
	if *f.unified || *f.unifiedN >= 0 || *f.unifiedLong != "" {
		f.Format = Unified
		styles++
	}
	if *f.ctx || *f.ctxN >= 0 || *f.ctxLong != "" {
		f.Format = Context
		styles++
	}
	if *f.normal {
		f.Format = Normal
		styles++
	}
	f.Styled = styles > 0
	if styles > 1 {
		return errors.New("conflicting output style options")
	}
	for _, n := range []int{*f.unifiedN, *f.ctxN} {
		if n >= 0 {
			f.Context = n
		}
	}
	for _, s := range []string{*f.unifiedLong, *f.ctxLong} {
		if s != "" {
			var n int
			if _, err := fmt.Sscanf(s, "%d", &n); err != nil || n < 0 {
				return fmt.Errorf("invalid context length '%s'", s)
			}
			f.Context = n
		}
	}
	return nil
}
