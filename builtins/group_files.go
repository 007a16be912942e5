package builtins

// fileCommands are the commands that work on files and directories.
func fileCommands() []*Command {
	return []*Command{
		catCommand(),
	}
}
