The a2a built-in: a client of Agent2Agent agents. Agents are configured
in /etc/moonix/a2a.json, then $HOME/.a2a.json; add and remove edit the
latter.

  $ a2a list
  $ a2a add echo http://127.0.0.1:41241 --header 'Authorization: Bearer ${env:ECHO_TOKEN}'
  $ a2a add rest http://agents.example.com/a2a --transport rest --timeout 30s
  $ a2a list
  echo  http://127.0.0.1:41241         auto
  rest  http://agents.example.com/a2a  rest
  $ cat .a2a.json
  {
    "agents": {
      "echo": {
        "url": "http://127.0.0.1:41241",
        "headers": {
          "Authorization": "Bearer ${env:ECHO_TOKEN}"
        }
      },
      "rest": {
        "url": "http://agents.example.com/a2a",
        "transport": "rest",
        "timeout": "30s"
      }
    }
  }
  $ a2a add echo http://127.0.0.1:1
  a2a: /work/.a2a.json: agent "echo" already exists (remove it first)
  [2]
  $ a2a remove rest
  $ a2a remove rest
  a2a: /work/.a2a.json: no agent "rest"
  [2]
  $ a2a list --json
  {"echo":{"url":"http://127.0.0.1:41241","headers":{"Authorization":"Bearer ${env:ECHO_TOKEN}"}}}

Bad configuration is named with its file:

  $ echo '{"agents": {"x": {"url": "http://h", "transport": "grpc"}}}' > .a2a.json
  $ a2a list
  a2a: /work/.a2a.json: agent "x": transport "grpc" is not auto, jsonrpc or rest
  [2]
  $ echo '{"agents": {"x": {"url": "http://h", "timeout": "soon"}}}' > .a2a.json
  $ a2a list
  a2a: /work/.a2a.json: agent "x": bad timeout "soon" (a positive number of milliseconds, or a duration such as "30s")
  [2]
  $ echo '{"agents": [1]}' > .a2a.json
  $ a2a discover x
  a2a: /work/.a2a.json: agents must be an object, not array
  [2]
  $ echo '{"agents": {"x": {"url": 3}}}' > .a2a.json
  $ a2a list
  a2a: /work/.a2a.json: agent "x": url must be a string, not number
  [2]
  $ printf '{\n  "agents": {,}\n}\n' > .a2a.json
  $ a2a add y http://h
  a2a: /work/.a2a.json: invalid JSON on line 2: invalid character ',' looking for beginning of object key string
  [2]
  $ rm .a2a.json

The sandbox preset delegates to no agent: every request needs
a2a.delegate on the agent (its name, or the host of a URL) and
net.connect on its address, checked before anything is sent.

  $ a2a add echo http://127.0.0.1:41241
  $ a2a discover echo
  moonix: discover echo: permission denied (needs a2a.delegate:echo)
  [2]
  $ a2a delegate http://agents.example.com/a2a summarise this
  moonix: send agents.example.com: permission denied (needs a2a.delegate:agents.example.com)
  [2]
  $ a2a status 0199abcd --agent echo
  moonix: get echo: permission denied (needs a2a.delegate:echo)
  [2]
  $ a2a serve --http 127.0.0.1:0
  moonix: serve: permission denied (needs a2a.receive)
  [2]
  $ effects --denied | wc -l
  4

A task's agent is found in the effect log, or named with --agent:

  $ a2a status 0199abcd
  a2a: 0199abcd: no agent known for this task in the effect log (name it with --agent)
  [2]
  $ a2a cancel 0199abcd --agent nobody
  a2a: nobody: no such agent (not in /work/.a2a.json; a URL is accepted too)
  [2]

Usage errors:

  $ a2a
  a2a: missing operation (try 'a2a --help')
  [2]
  $ a2a frob
  a2a: unknown operation 'frob' (try 'a2a --help')
  [2]
  $ a2a delegate echo
  a2a: delegate: missing message (TEXT, --data or --file) (try 'a2a --help')
  [2]
  $ a2a delegate echo --stream --async hi
  a2a: delegate: --stream and --async cannot be used together (try 'a2a --help')
  [2]
  $ a2a delegate echo --data '{"a":' hi
  a2a: delegate: --data is not JSON: unexpected end of JSON input (try 'a2a --help')
  [2]
  $ a2a delegate echo --file missing.txt
  a2a: missing.txt: No such file or directory
  [2]
  $ a2a delegate echo --timeout -1s hi
  a2a: delegate: --timeout must be positive (try 'a2a --help')
  [2]
  $ a2a list echo --state finished
  a2a: list: unknown state "finished" (states: submitted, working, input-required, auth-required, completed, failed, canceled, rejected) (try 'a2a --help')
  [2]
  $ a2a list --state working
  a2a: list: --state and --context need an agent (try 'a2a --help')
  [2]
  $ a2a add x ftp://h
  a2a: /work/.a2a.json: agent "x": url "ftp://h" is not an http or https URL
  [2]
  $ a2a add 'a b' http://h
  a2a: /work/.a2a.json: agent "a b": an agent name is letters, digits, '.', '_' and '-'
  [2]
  $ a2a add x http://h --header nocolon
  a2a: add: bad header 'nocolon' (want 'NAME: VALUE') (try 'a2a --help')
  [2]
  $ a2a status
  a2a: status: missing operand (try 'a2a --help')
  [2]
  $ a2a wait a b
  a2a: wait: extra operand 'b' (try 'a2a --help')
  [2]
  $ a2a --help | head -3
  usage: a2a discover AGENT [--json]
         a2a delegate AGENT TEXT... [--stream | --async] [--task ID]
                  [--context ID] [--data JSON] [--file PATH]... [--timeout D]
