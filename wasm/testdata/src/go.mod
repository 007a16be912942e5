// Test programs for package wasm, built for GOOS=wasip1 GOARCH=wasm by the
// tests themselves. A module of its own, so that the main module's
// ./... leaves it alone.
module moonix.test/wasmprobe

go 1.26
