package builtins

// miscCommands are the remaining utilities: system information, encoding,
// arithmetic, time.
func miscCommands() []*Command {
	return []*Command{}
}
