state keeps JSON values by key, one file per key under
$HOME/.local/state/moonix/kv/, shared with the MCP server's state tool.

  $ state store user.name '"ada"'
  $ state store config '{ "retries": 3,  "verbose": true }'
  $ state get config
  {"retries":3,"verbose":true}
  $ state get config | jq .retries
  3
  $ echo '[1, 2, 3]' | state store ns/list -
  $ state ls
  config
  ns/list
  user.name
  $ state ls ns/
  ns/list
  $ state exists user.name && echo yes
  yes
  $ state exists nobody || echo no
  no

The values are files in the tree, so history sees them:

  $ ls ~/.local/state/moonix/kv/
  config
  ns%2Flist
  user.name
  $ cat ~/.local/state/moonix/kv/ns%2Flist
  [1,2,3]
  $ snapshot -m values >/dev/null
  $ state rm user.name
  $ state get user.name
  state: get: user.name: no such key
  [1]
  $ rollback HEAD
  rollback: unsaved changes (1 path) kept as *; 'rollback -' brings them back (glob)
  rolled back to * (values) (glob)
  $ state get user.name
  "ada"

Bad keys name the rule they break; bad values are refused:

  $ state store 'a/../b' 1
  state: store: invalid key "a/../b": it contains ".."
  [2]
  $ state store '' 1
  state: store: invalid key "": it is empty
  [2]
  $ state store k '{"a":'
  state: store: k: the value is not valid JSON
  [2]
  $ state rm nothing
  state: rm: nothing: no such key
  [1]
  $ state frob
  state: unknown operation 'frob'
  Try 'state --help' for more information.
  [2]
  $ state get
  state: get: missing operand
  Try 'state --help' for more information.
  [2]

Reads and writes go through the gate like any file operation:

  $ caps drop fs.write:/work/.local/**
  $ state store k 1
  moonix: write /work/.local/state/moonix/kv/k: permission denied (needs fs.write:/work/.local/state/moonix/kv/k)
  [1]
