package coreutils

import (
	"sync"

	"github.com/moonix-sh/moonix/builtins"
)

// Commands returns the coreutils. They need nothing but their Call, so
// the list is made once, on first use, and shared: do not change it.
func Commands() []*builtins.Command { return commands() }

var commands = sync.OnceValue(func() []*builtins.Command {
	return []*builtins.Command{
		// files and directories
		catCommand(), chmodCommand(), cpCommand(), dfCommand(), duCommand(),
		findCommand(), lnCommand(), lsCommand(), mkdirCommand(), mktempCommand(),
		mvCommand(), readlinkCommand(), realpathCommand(), rmCommand(),
		rmdirCommand(), statCommand(), touchCommand(), treeCommand(),
		// text filters and the two little languages
		grepCommand(), egrepCommand(), fgrepCommand(), sedCommand(), trCommand(),
		cutCommand(), exprCommand(), headCommand(), tailCommand(), wcCommand(),
		sortCommand(), uniqCommand(), teeCommand(), xargsCommand(), awkCommand(),
		jqCommand(),
		// data: compare, number, encode, reshape
		base32Command(), base64Command(), cmpCommand(), commCommand(),
		diffCommand(), md5sumCommand(), expandCommand(), foldCommand(),
		hexdumpCommand(), joinCommand(), nlCommand(), odCommand(), pasteCommand(),
		revCommand(), seqCommand(), sha1sumCommand(), sha224sumCommand(),
		sha256sumCommand(), sha384sumCommand(), sha512sumCommand(), tacCommand(),
		unexpandCommand(), xxdCommand(),
		// system information, printing, time
		basenameCommand(), clearCommand(), echoCommand(), printfCommand(),
		dateCommand(), dirnameCommand(), envCommand(), hostnameCommand(),
		idCommand(), printenvCommand(), sleepCommand(), unameCommand(),
		whoamiCommand(), yesCommand(),
	}
})
