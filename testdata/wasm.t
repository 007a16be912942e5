External programs are WebAssembly modules (WASI preview1) that live in the
VFS; moonix runs them in-process with wazero. These are hand-written:
upper copies its input in upper case, note writes "from wasm" to a file,
link makes a symbolic link, tables grows a table. Their sources are
testdata/wasm/NAME.wat; the base64 below is `wat2wasm NAME.wat -o - | base64 -w0`.

  $ printf %s 'AGFzbQEAAAABEANgBH9/f38Bf2ABfwBgAAACZwMWd2FzaV9zbmFwc2hvdF9wcmV2aWV3MQdmZF9yZWFkAAAWd2FzaV9zbmFwc2hvdF9wcmV2aWV3MQhmZF93cml0ZQAAFndhc2lfc25hcHNob3RfcHJldmlldzEJcHJvY19leGl0AAEDAgECBQMBAAEHEwIGbWVtb3J5AgAGX3N0YXJ0AAMKkQEBjgEBA38DQEEAQcAANgIAQQRBgCA2AgBBAEEAQQFBEBAABEBBAhACC0EQKAIAIQAgAEUEQA8LQQAhAQNAQcAAIAFqLQAAIQIgAkHhAE8gAkH6AE1xBEBBwAAgAWogAkEgazoAAAsgAUEBaiEBIAEgAEkNAAtBBCAANgIAQQFBAEEBQRAQAQRAQQEQAgsMAAsL' | base64 -d > upper.wasm
  $ printf %s 'AGFzbQEAAAABKAZgAn9/AX9gCX9/f39/fn5/fwF/YAR/f39/AX9gAX8AYAF/AX9gAAACswEFFndhc2lfc25hcHNob3RfcHJldmlldzEOYXJnc19zaXplc19nZXQAABZ3YXNpX3NuYXBzaG90X3ByZXZpZXcxCGFyZ3NfZ2V0AAAWd2FzaV9zbmFwc2hvdF9wcmV2aWV3MQlwYXRoX29wZW4AARZ3YXNpX3NuYXBzaG90X3ByZXZpZXcxCGZkX3dyaXRlAAIWd2FzaV9zbmFwc2hvdF9wcmV2aWV3MQlwcm9jX2V4aXQAAwMDAgQFBQMBAAEHEwIGbWVtb3J5AgAGX3N0YXJ0AAYK5AECIAEBfwJAA0AgACABai0AAEUNASABQQFqIQEMAAsLIAELwAEBAX9BAEEEEAAaQQAoAgBBAkkEQEECEAQLQYAIQYAQEAEaQYQIKAIAIQACQANAIAAtAABBL0cNASAAQQFqIQAMAAsLQQNBASAAIAAQBUEJQsAAQgBBAEEIEAIEQEEgQfgANgIAQSRBEzYCAEEoQYQIKAIANgIAQSxBhAgoAgAQBTYCAEEwQYwBNgIAQTRBATYCAEECQSBBA0EMEAMaQQEQBAtBIEHkADYCAEEkQQo2AgBBCCgCAEEgQQFBDBADGgsLMQMAQeQACwpmcm9tIHdhc20KAEH4AAsTbm90ZTogY2Fubm90IHdyaXRlIABBjAELAQo=' | base64 -d > note.wasm
  $ printf %s 'AGFzbQEAAAABHAVgAn9/AX9gBX9/f39/AX9gAX8AYAF/AX9gAAAClAEEFndhc2lfc25hcHNob3RfcHJldmlldzEOYXJnc19zaXplc19nZXQAABZ3YXNpX3NuYXBzaG90X3ByZXZpZXcxCGFyZ3NfZ2V0AAAWd2FzaV9zbmFwc2hvdF9wcmV2aWV3MQxwYXRoX3N5bWxpbmsAARZ3YXNpX3NuYXBzaG90X3ByZXZpZXcxCXByb2NfZXhpdAACAwMCAwQFAwEAAQcTAgZtZW1vcnkCAAZfc3RhcnQABQqGAQIgAQF/AkADQCAAIAFqLQAARQ0BIAFBAWohAQwACwsgAQtjAQJ/QQBBBBAAGkEAKAIAQQNJBEBBAhADC0GACEGAEBABGkGECCgCACEAQYgIKAIAIQECQANAIAEtAABBL0cNASABQQFqIQEMAAsLIAAgABAEQQMgASABEAQQAgRAQQEQAwsL' | base64 -d > link.wasm
  $ chmod +x upper.wasm note.wasm link.wasm

A module reads standard input and writes standard output, and streams in
a pipeline: head ending early ends the endless pipeline.

  $ printf 'one\ntwo\n' | ./upper.wasm | nl
       1	ONE
       2	TWO
  $ yes abc | ./upper.wasm | head -2
  ABC
  ABC

Commands are found on PATH as NAME or NAME.wasm.

  $ mkdir bin && mv upper.wasm note.wasm link.wasm bin/ && PATH=/work/bin:$PATH
  $ echo hi | upper
  HI
  $ type upper; command -v note.wasm; which note
  upper is /work/bin/upper.wasm
  /work/bin/note.wasm
  /work/bin/note.wasm

What a module writes lands in the VFS, and snapshots capture it.

  $ id=$(snapshot before)
  $ note /work/out.txt && cat out.txt
  from wasm
  $ rollback $id > /dev/null; cat out.txt
  rollback: unsaved changes (1 path) kept as 709532e; 'rollback -' brings them back
  cat: out.txt: No such file or directory
  [1]

A link a module makes keeps the target it was given, after the module
has exited and another run has reused its memory, in the tree and in the
snapshot. Its target may not be absolute (WASI forbids it); the shell's
may, and modules follow those too.

  $ link out.txt /work/l && echo from the shell > out.txt
  $ echo abc | upper
  ABC
  $ readlink l; cat l
  out.txt
  from the shell
  $ id=$(snapshot links); show $id:/work/l; echo
  out.txt
  $ link /work/out.txt /work/abs
  [1]
  $ ln -s /work/out.txt abs && cat abs | upper
  FROM THE SHELL

A write the capabilities refuse fails inside the module, which reports it
its own way.

  $ note /etc/out.txt
  note: cannot write /etc/out.txt
  [1]
  $ ls /etc/out.txt
  ls: cannot access '/etc/out.txt': No such file or directory
  [2]

The exit status of the module is $?; a file without the execute bit does
not run.

  $ note
  [2]
  $ chmod -x bin/note.wasm; note /work/x
  moonix: note: permission denied
  [126]

A module's tables hold 1,048,576 elements in all at most: past that,
table.grow fails (returns -1) and the module goes on, as a program goes on
when malloc fails. tables grows a table 65,536 elements at a time until
table.grow fails (or the table holds twice the limit), and exits with its
size in units of 65,536.

  $ printf %s 'AGFzbQEAAAABCAJgAX8AYAAAAiQBFndhc2lfc25hcHNob3RfcHJldmlldzEJcHJvY19leGl0AAADAgEBBAQBcAAABwoBBl9zdGFydAABCikBJwADQNBwQYCABPwPAEF/RwRA/BAAQYCAgAFJDQELC/wQAEEQdhAACw==' | base64 -d > tables.wasm; chmod +x tables.wasm
  $ ./tables.wasm
  [16]
