package wasm

import (
	"context"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// streamTimes keeps fd_filestat_set_times on the standard streams from
// ending the run. wazero answers the call, for a descriptor whose file
// cannot set its own times, through the path on the descriptor's
// filesystem, and the streams it makes of the shell's readers and writers
// have no filesystem: the nil dereference ends the run (status 126). A
// function listener on wazero's WASI module sees each call's parameters
// before wazero does, in the very slice the function reads them from, and
// turns descriptors 0 to 2 into one that is never open: the answer is
// EBADF, as wasmtime gives for a stream. TestWASICalls fails if a later
// wazero hands its listeners a copy.
type streamTimes struct{}

var _ experimental.FunctionListenerFactory = streamTimes{}

// NewFunctionListener listens to fd_filestat_set_times alone; every other
// function runs as if there were no listener.
func (streamTimes) NewFunctionListener(def api.FunctionDefinition) experimental.FunctionListener {
	if def.ModuleName() == wasi_snapshot_preview1.ModuleName && def.Name() == "fd_filestat_set_times" {
		return streamTimes{}
	}
	return nil
}

// notOpen is a descriptor no module has: WASI's fd is an i32, and wazero
// refuses the negative ones.
const notOpen = uint64(0xffffffff)

func (streamTimes) Before(_ context.Context, _ api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	if fd := int32(params[0]); fd >= 0 && fd <= 2 {
		params[0] = notOpen
	}
}

func (streamTimes) After(context.Context, api.Module, api.FunctionDefinition, []uint64) {}

func (streamTimes) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}
