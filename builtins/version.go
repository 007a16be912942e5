package builtins

// Version is moonix's version: uname -r, sh --version and the CLI report it.
const Version = "0.1.0-dev"
