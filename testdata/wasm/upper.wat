;; upper.wasm: copies standard input to standard output in upper case, a
;; read at a time (so it streams in a pipeline). Exits 0 at the end of
;; input, 1 when a write fails, 2 when a read fails.
;; Build: wat2wasm upper.wat -o upper.wasm (WABT); the transcripts hold it
;; as base64.
(module
  (import "wasi_snapshot_preview1" "fd_read" (func $fd_read (param i32 i32 i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "fd_write" (func $fd_write (param i32 i32 i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "proc_exit" (func $proc_exit (param i32)))
  (memory (export "memory") 1)
  ;; 0: the iovec {buf, len}; 16: bytes read or written; 64: the buffer.
  (func (export "_start")
    (local $n i32) (local $i i32) (local $c i32)
    (loop $read
      (i32.store (i32.const 0) (i32.const 64))
      (i32.store (i32.const 4) (i32.const 4096))
      (if (call $fd_read (i32.const 0) (i32.const 0) (i32.const 1) (i32.const 16))
        (then (call $proc_exit (i32.const 2))))
      (local.set $n (i32.load (i32.const 16)))
      (if (i32.eqz (local.get $n)) (then (return)))
      (local.set $i (i32.const 0))
      (loop $up
        (local.set $c (i32.load8_u (i32.add (i32.const 64) (local.get $i))))
        (if (i32.and (i32.ge_u (local.get $c) (i32.const 97)) (i32.le_u (local.get $c) (i32.const 122)))
          (then (i32.store8 (i32.add (i32.const 64) (local.get $i)) (i32.sub (local.get $c) (i32.const 32)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br_if $up (i32.lt_u (local.get $i) (local.get $n))))
      (i32.store (i32.const 4) (local.get $n))
      (if (call $fd_write (i32.const 1) (i32.const 0) (i32.const 1) (i32.const 16))
        (then (call $proc_exit (i32.const 1))))
      (br $read)))
)
