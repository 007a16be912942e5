package builtins

// dataCommands compare, number, encode and reshape data.
func dataCommands() []*Command {
	return []*Command{
		base32Command(),
		base64Command(),
		cmpCommand(),
		commCommand(),
		diffCommand(),
		md5sumCommand(),
		expandCommand(),
		foldCommand(),
		hexdumpCommand(),
		joinCommand(),
		nlCommand(),
		odCommand(),
		pasteCommand(),
		revCommand(),
		seqCommand(),
		sha1sumCommand(),
		sha224sumCommand(),
		sha256sumCommand(),
		sha384sumCommand(),
		sha512sumCommand(),
		tacCommand(),
		unexpandCommand(),
		xxdCommand(),
	}
}
