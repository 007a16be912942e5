// Package bench holds moonix's benchmarks that span packages or need a
// workspace on disk (history_test.go), beside the scripts that set moonix
// against other programs (compare.sh, history.sh). It has no code of its
// own; its tests import vfs and clock.
package bench
