package wasm

import (
	"context"

	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// wazero's WASI functions hold the descriptor table, and cannot be
// wrapped from outside its module; two of them answer wrongly for
// arguments that moonix can recognise before the call. A function
// listener on wazero's WASI module (experimental, meant for logging) sees
// each call's parameters in the very slice the function then reads, and
// rewrites them into ones that get the right answer. It listens to those
// two functions alone: every other call runs as if there were no
// listener. TestWASICalls fails if a later wazero hands its listeners a
// copy.
type wasiFixes struct{}

var _ experimental.FunctionListenerFactory = wasiFixes{}

func (wasiFixes) NewFunctionListener(def api.FunctionDefinition) experimental.FunctionListener {
	if def.ModuleName() != wasi_snapshot_preview1.ModuleName {
		return nil
	}
	switch def.Name() {
	case "fd_filestat_set_times":
		return streamTimes{}
	case "fd_prestat_dir_name":
		return prestatName{}
	}
	return nil
}

// mountName is the name of the one directory moonix preopens: the VFS,
// mounted as the guest's "/".
const mountName = "/"

// streamTimes keeps fd_filestat_set_times on the standard streams from
// ending the run. wazero answers the call, for a descriptor whose file
// cannot set its own times, through the path on the descriptor's
// filesystem, and the streams it makes of the shell's readers and writers
// have no filesystem: the nil dereference ended the run (status 126).
// Descriptors 0 to 2 become one that is never open: the answer is EBADF,
// as wasmtime gives for a stream.
type streamTimes struct{ listener }

// notOpen is a descriptor no module has: WASI's fd is an i32, and wazero
// refuses the negative ones.
const notOpen = uint64(0xffffffff)

func (streamTimes) Before(_ context.Context, _ api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	if fd := int32(params[0]); fd >= 0 && fd <= 2 {
		params[0] = notOpen
	}
}

// prestatName gives fd_prestat_dir_name the meaning WASI gives it
// (fd, path, path_len): a buffer shorter than the name is NAMETOOLONG, a
// longer one takes the name. wazero has it the other way round (a longer
// buffer is NAMETOOLONG, a shorter one gets the name cut). Every preopen
// moonix makes is named mountName, so the length is made exactly that of
// the name when the buffer holds it, and one more when it does not; a
// descriptor that is not a preopen is EBADF before the length counts.
type prestatName struct{ listener }

func (prestatName) Before(_ context.Context, _ api.Module, _ api.FunctionDefinition, params []uint64, _ experimental.StackIterator) {
	if n := uint32(params[2]); n >= uint32(len(mountName)) {
		params[2] = uint64(len(mountName))
	} else {
		params[2] = uint64(len(mountName) + 1)
	}
}

// listener is what the listeners do after a call: nothing.
type listener struct{}

func (listener) After(context.Context, api.Module, api.FunctionDefinition, []uint64) {}

func (listener) Abort(context.Context, api.Module, api.FunctionDefinition, error) {}
