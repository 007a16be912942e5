package builtins

// textCommands are the commands that filter and transform text.
func textCommands() []*Command {
	return []*Command{
		grepCommand(),
		egrepCommand(),
		fgrepCommand(),
		sedCommand(),
		trCommand(),
		cutCommand(),
		exprCommand(),
	}
}
