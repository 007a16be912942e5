package engine

import (
	"fmt"
	"strings"
)

// opt numbers the shell's options: set -o options first, then shopt's.
type opt uint8

// The set -o options, in bash's listing order.
const (
	optAllexport opt = iota
	optBraceexpand
	optEmacs
	optErrexit
	optErrtrace
	optFunctrace
	optHashall
	optHistexpand
	optHistory
	optIgnoreeof
	optInteractiveComments
	optKeyword
	optMonitor
	optNoclobber
	optNoexec
	optNoglob
	optNolog
	optNotify
	optNounset
	optOnecmd
	optPhysical
	optPipefail
	optPosix
	optPrivileged
	optVerbose
	optVi
	optXtrace
	numSetOpts
)

var setOptNames = [numSetOpts]string{
	"allexport", "braceexpand", "emacs", "errexit", "errtrace", "functrace",
	"hashall", "histexpand", "history", "ignoreeof", "interactive-comments",
	"keyword", "monitor", "noclobber", "noexec", "noglob", "nolog", "notify",
	"nounset", "onecmd", "physical", "pipefail", "posix", "privileged",
	"verbose", "vi", "xtrace",
}

// setOptLetters maps set's one-letter flags to options.
var setOptLetters = map[byte]opt{
	'a': optAllexport, 'B': optBraceexpand, 'e': optErrexit, 'E': optErrtrace,
	'T': optFunctrace, 'h': optHashall, 'H': optHistexpand, 'k': optKeyword,
	'm': optMonitor, 'C': optNoclobber, 'n': optNoexec, 'f': optNoglob,
	'b': optNotify, 'u': optNounset, 't': optOnecmd, 'P': optPhysical,
	'p': optPrivileged, 'v': optVerbose, 'x': optXtrace,
}

// The shopt options, in bash's listing order.
var shoptNames = []string{
	"autocd", "assoc_expand_once", "cdable_vars", "cdspell", "checkhash",
	"checkjobs", "checkwinsize", "cmdhist", "compat31", "compat32", "compat40",
	"compat41", "compat42", "compat43", "compat44", "complete_fullquote",
	"direxpand", "dirspell", "dotglob", "execfail", "expand_aliases",
	"extdebug", "extglob", "extquote", "failglob", "force_fignore",
	"globasciiranges", "globskipdots", "globstar", "gnu_errfmt", "histappend",
	"histreedit", "histverify", "hostcomplete", "huponexit", "inherit_errexit",
	"interactive_comments", "lastpipe", "lithist", "localvar_inherit",
	"localvar_unset", "login_shell", "mailwarn", "no_empty_cmd_completion",
	"nocaseglob", "nocasematch", "noexpand_translation", "nullglob",
	"patsub_replacement", "progcomp", "progcomp_alias", "promptvars",
	"restricted_shell", "shift_verbose", "sourcepath", "varredir_close",
	"xpg_echo",
}

// shoptOn are the shopt options on by default in a non-interactive bash.
var shoptOn = []string{
	"checkwinsize", "cmdhist", "complete_fullquote", "extquote", "force_fignore",
	"globasciiranges", "globskipdots", "hostcomplete", "interactive_comments",
	"patsub_replacement", "progcomp", "promptvars", "sourcepath",
}

func shopt(name string) opt {
	for i, n := range shoptNames {
		if n == name {
			return numSetOpts + opt(i)
		}
	}
	panic("engine: no shopt " + name)
}

// The shopt options the engine reads.
var (
	optDotglob         = shopt("dotglob")
	optExpandAliases   = shopt("expand_aliases")
	optExtglob         = shopt("extglob")
	optFailglob        = shopt("failglob")
	optGlobstar        = shopt("globstar")
	optInheritErrexit  = shopt("inherit_errexit")
	optLastpipe        = shopt("lastpipe")
	optNocaseglob      = shopt("nocaseglob")
	optNocasematch     = shopt("nocasematch")
	optNullglob        = shopt("nullglob")
	optPatsubReplace   = shopt("patsub_replacement")
	optXpgEcho         = shopt("xpg_echo")
	optGlobskipdots    = shopt("globskipdots")
	optShiftVerbose    = shopt("shift_verbose")
	optExtdebug        = shopt("extdebug")
	optSourcepath      = shopt("sourcepath")
	optLocalvarInherit = shopt("localvar_inherit")
	optExecfail        = shopt("execfail")
	optNoExpandTransl  = shopt("noexpand_translation")
	optAssocExpandOnce = shopt("assoc_expand_once")
)

// opts is a set of options.
type opts [2]uint64

func (o *opts) has(n opt) bool { return o[n/64]&(1<<(n%64)) != 0 }

func (o *opts) set(n opt, on bool) {
	if on {
		o[n/64] |= 1 << (n % 64)
	} else {
		o[n/64] &^= 1 << (n % 64)
	}
}

func defaultOpts() opts {
	var o opts
	o.set(optBraceexpand, true)
	o.set(optHashall, true)
	o.set(optInteractiveComments, true)
	for _, name := range shoptOn {
		o.set(shopt(name), true)
	}
	return o
}

func setOptByName(name string) (opt, bool) {
	for i, n := range setOptNames {
		if n == name {
			return opt(i), true
		}
	}
	return 0, false
}

func shoptByName(name string) (opt, bool) {
	for i, n := range shoptNames {
		if n == name {
			return numSetOpts + opt(i), true
		}
	}
	return 0, false
}

// dashFlags is $-.
func (p *proc) dashFlags() string {
	var b strings.Builder
	for _, l := range "abefhkmnptuvxBCEHPT" {
		if o, ok := setOptLetters[byte(l)]; ok && p.opts.has(o) {
			b.WriteRune(l)
		}
	}
	if p.sh.cfg.Interactive {
		b.WriteByte('i')
	}
	if p.sh.cfg.DashC {
		b.WriteByte('c')
	} else if !p.sh.cfg.Interactive {
		b.WriteByte('s')
	}
	return b.String()
}

// shellopts is $SHELLOPTS: the set -o options that are on.
func (p *proc) shellopts() string {
	var on []string
	for i, name := range setOptNames {
		if p.opts.has(opt(i)) {
			on = append(on, name)
		}
	}
	return strings.Join(on, ":")
}

// bashopts is $BASHOPTS: the shopt options that are on.
func (p *proc) bashopts() string {
	var on []string
	for i, name := range shoptNames {
		if p.opts.has(numSetOpts + opt(i)) {
			on = append(on, name)
		}
	}
	return strings.Join(on, ":")
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// optLine is one line of set -o or shopt listings.
func optLine(name string, on bool) string {
	return fmt.Sprintf("%-15s\t%s\n", name, onOff(on))
}
