package coreutils

import (
	"sync"

	"github.com/moonix-sh/moonix/builtins"
)

// Commands returns the coreutils. They need nothing but their Call, so
// the list is made once, on first use, and shared: do not change it.
func Commands() []*builtins.Command { return commands() }

var commands = sync.OnceValue(func() []*builtins.Command {
	cmds := []*builtins.Command{
		// files and directories
		catCommand(), chmodCommand(), cpCommand(), dfCommand(), duCommand(),
		findCommand(), lnCommand(), lsCommand(), mkdirCommand(), mkfifoCommand(), mktempCommand(),
		mvCommand(), readlinkCommand(), realpathCommand(), rmCommand(),
		rmdirCommand(), statCommand(), touchCommand(), treeCommand(),
		// text filters and the two little languages
		grepCommand(), egrepCommand(), fgrepCommand(), sedCommand(), trCommand(),
		cutCommand(), exprCommand(), headCommand(), tailCommand(), wcCommand(),
		lessCommand(), moreCommand(),
		sortCommand(), uniqCommand(), teeCommand(), xargsCommand(), awkCommand(),
		jqCommand(), bcCommand(),
		// data: compare, number, encode, reshape
		base32Command(), base64Command(), cmpCommand(), commCommand(),
		diffCommand(), factorCommand(), md5sumCommand(), expandCommand(), foldCommand(),
		hexdumpCommand(), joinCommand(), nlCommand(), odCommand(), pasteCommand(),
		revCommand(), seqCommand(), sha1sumCommand(), sha224sumCommand(),
		sha256sumCommand(), sha384sumCommand(), sha512sumCommand(), tacCommand(),
		unexpandCommand(), uudecodeCommand(), uuencodeCommand(), xxdCommand(),
		columnCommand(), csplitCommand(), installCommand(), numfmtCommand(), shufCommand(), splitCommand(), stringsCommand(), sumBSDCommand(), tsortCommand(), truncateCommand(),
		// system information, printing, time
		basenameCommand(), calCommand(), clearCommand(), echoCommand(), printfCommand(),
		dateCommand(), dirnameCommand(), envCommand(), envsubstCommand(), hostnameCommand(),
		idCommand(), printenvCommand(), sleepCommand(), unameCommand(),
		whoamiCommand(), yesCommand(),
		// the session's processes
		psCommand(), pidofCommand(),
	}
	// archives and compression
	cmds = append(cmds, gzipCommands()...)
	cmds = append(cmds, bzip2Commands()...)
	cmds = append(cmds, xzCommands()...)
	cmds = append(cmds, tarCommand(), patchCommand(), ddCommand(), zipCommand(), unzipCommand(), fileCommand(), iconvCommand())
	for _, cmd := range cmds {
		if pkg := gnuPackage(cmd.Name); pkg != "" {
			cmd.Version = cmd.Name + " (moonix " + pkg + ") " + builtins.Version
		}
	}
	return cmds
})

// gnuPackage is the GNU package whose tool of that name the command
// follows, or "" for the tools from elsewhere (jq, GoAWK, util-linux's
// hexdump and rev, vim's xxd, tree...). --version names it on its first
// line, where scripts look for it ("sed --version | grep -q 'GNU sed'"),
// beside moonix, which the rest of the text is about.
func gnuPackage(name string) string {
	switch name {
	case "bc":
		return "GNU bc"
	case "uuencode", "uudecode":
		return "GNU sharutils"
	case "envsubst":
		return "GNU gettext-runtime"
	case "grep", "egrep", "fgrep":
		return "GNU grep"
	case "sed":
		return "GNU sed"
	case "gzip", "gunzip", "zcat":
		return "GNU gzip"
	case "tar":
		return "GNU tar"
	case "patch":
		return "GNU patch"
	case "iconv":
		return "GNU libc"
	case "bzip2", "bunzip2", "bzcat", "xz", "unxz", "xzcat", "zip", "unzip", "file":
		return ""
	case "diff", "cmp":
		return "GNU diffutils"
	case "find", "xargs":
		return "GNU findutils"
	case "strings":
		return "GNU binutils"
	case "awk", "jq", "hexdump", "xxd", "rev", "tree", "clear", "hostname", "column", "ps", "pidof", "less", "more", "cal":
		return ""
	}
	return "GNU coreutils"
}
