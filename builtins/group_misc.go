package builtins

// miscCommands are the remaining utilities: system information, encoding,
// arithmetic, time, the session's capabilities.
func miscCommands() []*Command {
	return []*Command{
		basenameCommand(),
		capsCommand(),
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
		stateCommand(),
		unameCommand(),
		whoamiCommand(),
		yesCommand(),
	}
}
