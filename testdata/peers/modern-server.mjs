// A modern MCP server (2026-07-28: server/discover, no handshake) on the
// v2 SDK's serveStdio, which serves a legacy opening too.
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

serveStdio(() => {
  const server = new McpServer({ name: "modern-peer", version: "2.0.0" }, { capabilities: { tools: {} } });
  server.registerTool("forecast", {
    description: "A forecast for a city, as structured content",
    inputSchema: z.object({ city: z.string(), days: z.number().int() }),
    outputSchema: z.object({ city: z.string(), days: z.number(), sky: z.string() }),
  }, async ({ city, days }) => {
    const out = { city, days, sky: "clear" };
    return { content: [{ type: "text", text: `${city}: clear for ${days} days` }], structuredContent: out };
  });
  return server;
});
