// Drives an MCP server the way an agent host does, for moonix's server
// tests: node client.mjs SDK MODE TRANSPORT TARGET [TOKEN]
//   SDK        v1 (@modelcontextprotocol/sdk 1.x) or v2 (@modelcontextprotocol/client)
//   MODE       legacy (initialize) or modern (v2 only: server/discover, pinned 2026-07-28)
//   TRANSPORT  stdio (TARGET is the command line, JSON array) or http (TARGET is the URL)
//   TOKEN      a bearer token to send (http)
// It lists the tools, runs "echo hi" twice in the same session (a
// variable set by the first is read by the second), stores and reads a
// state value, and prints one JSON line of what it saw. A failure to
// connect prints {"error": MESSAGE} and exits 1.
const [sdk, mode, transport, target, token] = process.argv.slice(2);

async function load() {
  if (sdk === "v1") {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    return { Client, StdioClientTransport, StreamableHTTPClientTransport, options: {} };
  }
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
  const options = mode === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {};
  return { Client, StdioClientTransport, StreamableHTTPClientTransport, options };
}

const { Client, StdioClientTransport, StreamableHTTPClientTransport, options } = await load();
const client = new Client({ name: `peer-client-${sdk}`, version: "1.0.0" }, options);
let t;
if (transport === "stdio") {
  const [command, ...args] = JSON.parse(target);
  t = new StdioClientTransport({ command, args, stderr: "inherit" });
} else {
  const requestInit = token ? { headers: { Authorization: `Bearer ${token}` } } : undefined;
  t = new StreamableHTTPClientTransport(new URL(target), { requestInit });
}
const out = {};
try {
  await client.connect(t);
} catch (e) {
  console.log(JSON.stringify({ error: String(e.message ?? e) }));
  process.exit(1);
}
out.protocolVersion = client.getNegotiatedProtocolVersion?.() ?? "legacy";
out.server = client.getServerVersion()?.name;
const tools = await client.listTools();
out.tools = tools.tools.map((x) => x.name).sort();
const first = await client.callTool({ name: "run", arguments: { script: "greeting=hi; echo $greeting" } });
const second = await client.callTool({ name: "run", arguments: { script: "echo again $greeting; cd /tmp" } });
out.stdout = [first.structuredContent.stdout, second.structuredContent.stdout];
out.cwd = second.structuredContent.cwd;
await client.callTool({ name: "state_store", arguments: { key: `from-${sdk}`, value: { mode } } });
const got = await client.callTool({ name: "state_retrieve", arguments: { key: `from-${sdk}` } });
out.state = got.structuredContent.value;
const denied = await client.callTool({ name: "write_file", arguments: { path: "/etc/motd", content: "x" } });
out.denied = denied.isError ? denied.content[0].text : "not denied";
console.log(JSON.stringify(out));
await client.close();
