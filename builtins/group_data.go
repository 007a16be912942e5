package builtins

// dataCommands compare, number, encode and reshape data.
func dataCommands() []*Command {
	return []*Command{
		expandCommand(),
		foldCommand(),
		nlCommand(),
		pasteCommand(),
		revCommand(),
		seqCommand(),
		tacCommand(),
		unexpandCommand(),
	}
}
