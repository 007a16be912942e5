;; link.wasm TARGET LINK: makes LINK (an absolute path) a symbolic link to
;; TARGET. Exits 0; 1 when the link cannot be made; 2 without both
;; arguments.
;; Build: wat2wasm link.wat -o link.wasm (WABT); the transcripts hold it as
;; base64.
(module
  (import "wasi_snapshot_preview1" "args_sizes_get" (func $args_sizes_get (param i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "args_get" (func $args_get (param i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "path_symlink" (func $path_symlink (param i32 i32 i32 i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "proc_exit" (func $proc_exit (param i32)))
  (memory (export "memory") 1)
  ;; 0: argc; 4: size of the arguments; 1024: argv; 2048: the arguments'
  ;; text.
  (func $strlen (param $p i32) (result i32)
    (local $n i32)
    (block $done
      (loop $next
        (br_if $done (i32.eqz (i32.load8_u (i32.add (local.get $p) (local.get $n)))))
        (local.set $n (i32.add (local.get $n) (i32.const 1)))
        (br $next)))
    (local.get $n))
  (func (export "_start")
    (local $target i32)
    (local $link i32)
    (drop (call $args_sizes_get (i32.const 0) (i32.const 4)))
    (if (i32.lt_u (i32.load (i32.const 0)) (i32.const 3))
      (then (call $proc_exit (i32.const 2))))
    (drop (call $args_get (i32.const 1024) (i32.const 2048)))
    (local.set $target (i32.load (i32.const 1028)))
    ;; The link is made relative to the preopened "/" (fd 3).
    (local.set $link (i32.load (i32.const 1032)))
    (block $done
      (loop $slash
        (br_if $done (i32.ne (i32.load8_u (local.get $link)) (i32.const 47)))
        (local.set $link (i32.add (local.get $link) (i32.const 1)))
        (br $slash)))
    (if (call $path_symlink (local.get $target) (call $strlen (local.get $target))
          (i32.const 3) (local.get $link) (call $strlen (local.get $link)))
      (then (call $proc_exit (i32.const 1)))))
)
