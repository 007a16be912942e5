// Package coreutils holds the commands people reach for on files and
// text: the file commands (ls, cp, mv, rm, find, stat...), the text filters
// (grep, sed, tr, cut, sort, head, tail...), the data commands (diff, cmp,
// od, seq, base64, the sums...), the two little languages (awk, jq) and
// the small utilities (date, env, id, printf, sleep...). It is flat, one
// file per command or small family, as the GNU tools are one family;
// helpers shared by several commands are in files named for what they
// hold (messages.go, mode.go, operand.go, sizes.go, cformat.go, input.go).
//
// Every command works on what its builtins.Call hands it, already wrapped
// by the session (the gated FS, clock and random source). A command that
// meets a capability denial reports it with FailErr or FailWith, which
// word it as the gate does.
//
// coreutils imports the command contract (builtins), vfs, clock, the
// engines under internal/ (regex, gnudate, gnudiff, jqjson), and the
// libraries named for their jobs: gojq (jq), goawk (awk), timefmt-go
// (jq's strptime), pflag. It does not import caps: a denial is known by
// builtins.IsDenied (cp, ln and mkdir tell it from the permission bits). Its commands are safe for concurrent use; each
// run keeps its state in its own Call.
package coreutils
