package builtins

// miscCommands are the remaining utilities: system information, encoding,
// arithmetic, time.
func miscCommands() []*Command {
	return []*Command{
		basenameCommand(),
		clearCommand(),
		echoCommand(),
		printfCommand(),
		curlCommand(),
		dateCommand(),
		dirnameCommand(),
		envCommand(),
		hostnameCommand(),
		idCommand(),
		printenvCommand(),
		sleepCommand(),
		unameCommand(),
		whoamiCommand(),
		yesCommand(),
	}
}
