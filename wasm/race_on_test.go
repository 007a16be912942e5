//go:build race

package wasm

// raceEnabled says whether the tests run under the race detector.
const raceEnabled = true
