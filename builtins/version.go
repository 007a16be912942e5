package builtins

// Version is moonix's version, reported by `uname -r`. The CLI sets it at
// start-up (from build information); "dev" is an unreleased build.
var Version = "dev"
