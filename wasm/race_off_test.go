//go:build !race

package wasm

const raceEnabled = false
