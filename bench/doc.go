// Package bench holds moonix's benchmarks that span packages or need a
// workspace on disk (history_test.go), beside the scripts that set moonix
// against other programs (compare.sh, which runs startup.sh, builtins.sh
// and history.sh; lib.sh is what they share). It has no code of its
// own; its tests import vfs and clock.
package bench
