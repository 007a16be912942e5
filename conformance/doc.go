// Package conformance runs test suites written by others against moonix,
// in-process: the Oils project's shell spec cases (spec/*.test.sh from
// github.com/oils-for-unix/oils), compared with the expectations written in
// the cases, and the WebAssembly System Interface test suite (the prebuilt
// wasm32-wasip1 programs of github.com/WebAssembly/wasi-testsuite), run
// through the shell's exec path and compared with their specs. TestOils
// and TestWASI are conformance gates of CI; the code outside the tests is
// the spec-file parser, the helper programs the cases call (argv.py and
// friends, as session commands), the runner of one case, and the runner of
// one WASI program (RunWASI, which says how a program's root becomes its
// "/").
//
// The spec files are not part of the repository. The test reads them from
// $MOONIX_OILS_DIR, else from shared/conformance/oils beside the repository
// root (or beside one of its ancestors, for worktrees); without them it
// skips, unless MOONIX_REQUIRE_OILS=1.
//
// Each case runs as Oils' own harness (test/sh_spec.py) runs it: the script
// on standard input of a fresh shell, a fresh filesystem, the working
// directory and $TMP the same empty directory, $SH naming a shell to nest.
// A case passes when its stdout, stderr (when the case gives one) and status
// match the unqualified expectation (ideal), or one qualified for bash (OK,
// BUG or N-I bash: documented). The gate is "documented": every case of the
// posix and bash groups that fails must be listed in known-failures.txt.
//
// TestWASI unpacks shared/conformance/wasi-testsuite-wasip1.tar.xz (found
// as the Oils files are) into a temporary directory with tar -xJf; without
// it, it skips, unless MOONIX_REQUIRE_WASI=1. The programs that fail are
// listed, each with its reason, in wasi-known-failures.txt.
//
// Knobs of TestOils, all environment variables:
//
//	MOONIX_UPDATE_KNOWN=1    rewrite known-failures.txt from this run
//	MOONIX_OILS_TIMEOUT=5s   time allowed to one case
//	MOONIX_OILS_JOBS=N       cases run at once
//	MOONIX_OILS_DUMP=f.json  write every case's output, for comparisons
//
// conformance imports shell, builtins, caps, wasm (for the session's
// compilation cache) and vfs. Run and RunWASI are safe for concurrent use:
// each case has its own session on its own filesystem.
package conformance
