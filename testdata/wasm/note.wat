;; note.wasm FILE: writes "from wasm" and a newline to FILE (an absolute
;; path), creating or truncating it. Exits 0; 1, saying so on standard
;; error, when FILE cannot be written; 2 without FILE.
;; Build: wat2wasm note.wat -o note.wasm (WABT); the transcripts hold it as
;; base64.
(module
  (import "wasi_snapshot_preview1" "args_sizes_get" (func $args_sizes_get (param i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "args_get" (func $args_get (param i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "path_open" (func $path_open (param i32 i32 i32 i32 i32 i64 i64 i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "fd_write" (func $fd_write (param i32 i32 i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "proc_exit" (func $proc_exit (param i32)))
  (memory (export "memory") 1)
  ;; 0: argc; 4: size of the arguments; 8: the opened fd; 12: bytes
  ;; written; 32: iovecs; 1024: argv; 2048: the arguments' text.
  (data (i32.const 100) "from wasm\n")
  (data (i32.const 120) "note: cannot write ")
  (data (i32.const 140) "\n")
  (func $strlen (param $p i32) (result i32)
    (local $n i32)
    (block $done
      (loop $next
        (br_if $done (i32.eqz (i32.load8_u (i32.add (local.get $p) (local.get $n)))))
        (local.set $n (i32.add (local.get $n) (i32.const 1)))
        (br $next)))
    (local.get $n))
  (func (export "_start")
    (local $path i32)
    (drop (call $args_sizes_get (i32.const 0) (i32.const 4)))
    (if (i32.lt_u (i32.load (i32.const 0)) (i32.const 2))
      (then (call $proc_exit (i32.const 2))))
    (drop (call $args_get (i32.const 1024) (i32.const 2048)))
    ;; The path is opened relative to the preopened "/" (fd 3).
    (local.set $path (i32.load (i32.const 1028)))
    (block $done
      (loop $slash
        (br_if $done (i32.ne (i32.load8_u (local.get $path)) (i32.const 47)))
        (local.set $path (i32.add (local.get $path) (i32.const 1)))
        (br $slash)))
    ;; oflags CREAT|TRUNC, rights FD_WRITE, following symlinks.
    (if (call $path_open (i32.const 3) (i32.const 1) (local.get $path) (call $strlen (local.get $path))
          (i32.const 9) (i64.const 64) (i64.const 0) (i32.const 0) (i32.const 8))
      (then
        (i32.store (i32.const 32) (i32.const 120))
        (i32.store (i32.const 36) (i32.const 19))
        (i32.store (i32.const 40) (i32.load (i32.const 1028)))
        (i32.store (i32.const 44) (call $strlen (i32.load (i32.const 1028))))
        (i32.store (i32.const 48) (i32.const 140))
        (i32.store (i32.const 52) (i32.const 1))
        (drop (call $fd_write (i32.const 2) (i32.const 32) (i32.const 3) (i32.const 12)))
        (call $proc_exit (i32.const 1))))
    (i32.store (i32.const 32) (i32.const 100))
    (i32.store (i32.const 36) (i32.const 10))
    (drop (call $fd_write (i32.load (i32.const 8)) (i32.const 32) (i32.const 1) (i32.const 12))))
)
