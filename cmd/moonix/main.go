// Command moonix is the moonix shell; everything it does is in package cli,
// the only package it imports.
package main

import (
	"os"

	"github.com/moonix-sh/moonix/cli"
)

func main() { os.Exit(cli.Main(os.Stdin, os.Stdout, os.Stderr, os.Args[1:])) }
