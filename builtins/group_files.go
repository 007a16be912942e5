package builtins

// fileCommands are the commands that work on files and directories.
func fileCommands() []*Command {
	return []*Command{
		catCommand(),
		chmodCommand(),
		cpCommand(),
		dfCommand(),
		duCommand(),
		findCommand(),
		lnCommand(),
		lsCommand(),
		mkdirCommand(),
		mktempCommand(),
		mvCommand(),
		readlinkCommand(),
		realpathCommand(),
		rmCommand(),
		rmdirCommand(),
		statCommand(),
		touchCommand(),
		treeCommand(),
	}
}
