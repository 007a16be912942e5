// A legacy MCP server (2025-11-25 and older: initialize) on the v1 SDK,
// over stdio, for moonix's client tests: "slow" waits and says on its
// standard error when a call is cancelled, "crash" exits mid-call,
// "banner" writes a line that is not the protocol on its standard output.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "legacy-peer", version: "1.0.0" });

server.registerTool("slow", {
  description: "Waits for seconds, or until cancelled",
  inputSchema: { seconds: z.number() },
}, async ({ seconds }, extra) => {
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, seconds * 1000);
    extra.signal.addEventListener("abort", () => {
      clearTimeout(timer);
      console.error(`slow: cancelled (${extra.signal.reason ?? "no reason"})`);
      resolve();
    });
  });
  return { content: [{ type: "text", text: `waited ${seconds}s` }] };
});

server.registerTool("crash", { description: "Exits in the middle of the call" }, async () => {
  console.error("legacy-peer: crashing on purpose");
  process.exit(7);
});

server.registerTool("banner", { description: "Writes a line that is not JSON-RPC" }, async () => {
  process.stdout.write("Server ready!\n");
  return { content: [{ type: "text", text: "unreachable" }] };
});

server.registerTool("whoami", { description: "The variables it was given" }, async () => ({
  content: [{ type: "text", text: `TOKEN=${process.env.PEER_TOKEN ?? ""}` }],
}));

await server.connect(new StdioServerTransport());
console.error("legacy-peer: ready");
