mcp is a client of MCP servers configured in $HOME/.mcp.json (and
/etc/moonix/mcp.json), the mcpServers format other agent tools share.
The sandbox preset grants no mcp.call, so configuring works and calling
is refused before anything starts.

  $ mcp list
  $ mcp add everything -- npx -y @modelcontextprotocol/server-everything
  $ mcp add api --url https://api.example.com/mcp --header 'Authorization: Bearer ${env:API_TOKEN}'
  $ cat ~/.mcp.json
  {
    "mcpServers": {
      "api": {
        "url": "https://api.example.com/mcp",
        "headers": {
          "Authorization": "Bearer ${env:API_TOKEN}"
        }
      },
      "everything": {
        "command": "npx",
        "args": [
          "-y",
          "@modelcontextprotocol/server-everything"
        ]
      }
    }
  }
  $ mcp call everything/echo message=hi
  moonix: list everything/*: permission denied (needs mcp.call:everything/*)
  [2]
  $ export API_TOKEN=t0k3n
  $ mcp list
  moonix: list api/*: permission denied (needs mcp.call:api/*)
  moonix: list everything/*: permission denied (needs mcp.call:everything/*)
  NAME        TRANSPORT  STATE   REVISION  TOOLS
  api         http       denied  -         -
  everything  stdio      denied  -         -
  [2]
  $ effects --denied | awk '{print $4}' | sort
  api/*
  everything/*
  everything/*

A variable the configuration names must be set when the server starts:

  $ unset API_TOKEN
  $ mcp info api
  mcp: server "api" needs API_TOKEN, which the shell's environment does not have
  [2]

Errors name what is wrong, with the usual statuses:

  $ mcp call nowhere/tool
  mcp: nowhere: no such server (not in /work/.mcp.json)
  [2]
  $ mcp call everything
  mcp: call: 'everything' is not SERVER/TOOL
  Try 'mcp --help' for more information.
  [2]
  $ mcp add everything -- npx
  mcp: /work/.mcp.json: server "everything" already exists (remove it first)
  [2]
  $ mcp remove api
  $ mcp remove api
  mcp: /work/.mcp.json: no server "api"
  [2]
  $ echo '{"mcpServers": {"x": {"command": "a",' > ~/.mcp.json
  $ mcp list
  mcp: /work/.mcp.json: invalid JSON on line 2: unexpected end of JSON input
  [2]
  $ mcp ps
  $ mcp --help | head -3
  Usage: mcp list [SERVER] [--json]
    or:  mcp info SERVER [--json]
    or:  mcp call SERVER/TOOL [KEY=VALUE]... [KEY:=JSON]... [--args JSON|-] [--json | --structured] [--timeout D] [--max-output N]
  $ mcp frob
  mcp: unknown operation 'frob'
  Try 'mcp --help' for more information.
  [2]

Serving MCP from inside a session needs mcp.serve:

  $ mcp serve
  moonix: serve: permission denied (needs mcp.serve)
  [2]
