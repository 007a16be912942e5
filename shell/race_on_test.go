//go:build race

package shell

// raceEnabled says whether the tests run under the race detector.
const raceEnabled = true
