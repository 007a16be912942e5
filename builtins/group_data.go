package builtins

// dataCommands compare, number, encode and reshape data.
func dataCommands() []*Command {
	return []*Command{
		cmpCommand(),
		commCommand(),
		diffCommand(),
		expandCommand(),
		foldCommand(),
		joinCommand(),
		nlCommand(),
		pasteCommand(),
		revCommand(),
		seqCommand(),
		tacCommand(),
		unexpandCommand(),
	}
}
