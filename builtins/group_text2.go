package builtins

// textCommands2 are more text filters: the line pickers and counters (head,
// tail, wc, sort, uniq, tee), xargs, and the two little languages (awk, jq).
func textCommands2() []*Command {
	return []*Command{
		headCommand(),
		tailCommand(),
		wcCommand(),
		sortCommand(),
		uniqCommand(),
		teeCommand(),
		xargsCommand(),
		awkCommand(),
		jqCommand(),
	}
}
