uname describes the system: moonix, not the host it runs on.

  $ uname
  Moonix
  $ uname -s -n -m -o
  Moonix moonix wasm32 Moonix
  $ uname -v
  #1 Moonix sandbox
  $ uname -r
  .+ (re)
  $ uname -a
  Moonix moonix .+ #1 Moonix sandbox wasm32 Moonix (re)
  $ uname -p -i
  unknown unknown
  $ uname x
  uname: extra operand 'x'
  Try 'uname --help' for more information.
  [1]
