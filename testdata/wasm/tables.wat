;; tables.wasm: grows a table by 65,536 elements at a time until table.grow
;; fails or the table holds 2,097,152, and exits with its size in units of
;; 65,536 elements.
;; Build: wat2wasm tables.wat -o tables.wasm (WABT); the transcripts hold it
;; as base64.
(module
  (import "wasi_snapshot_preview1" "proc_exit" (func $proc_exit (param i32)))
  (table $t 0 funcref)
  (func (export "_start")
    (loop $grow
      (if (i32.ne (table.grow $t (ref.null func) (i32.const 65536)) (i32.const -1))
        (then (br_if $grow (i32.lt_u (table.size $t) (i32.const 2097152))))))
    (call $proc_exit (i32.shr_u (table.size $t) (i32.const 16))))
)
