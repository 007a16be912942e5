package coreutils

// How the file commands word their messages: GNU's quoting of names in
// them, its usage line and its "cannot ... 'NAME': reason".

import "github.com/moonix-sh/moonix/builtins"

// failOn reports "cmd: what 'name': reason", GNU's wording for most file
// errors ("cannot remove 'x': no such file or directory").
func failOn(c *builtins.Call, what, name string, err error) {
	c.FailWith(err, "%s %s: %s", what, builtins.Quote(name), builtins.Reason(err))
}
