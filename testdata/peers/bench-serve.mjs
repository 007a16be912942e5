// Times moonix mcp serve's run of "echo hi" as an agent host sees it:
// node bench-serve.mjs PATH-TO-MOONIX legacy|modern
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
const [bin, mode] = process.argv.slice(2);
const opts = mode === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {};
const c = new Client({ name: "bench", version: "1" }, opts);
await c.connect(new StdioClientTransport({ command: bin, args: ["mcp", "serve", "--ephemeral"] }));
await c.callTool({ name: "run", arguments: { script: "echo hi" } });
const n = 500;
const t0 = performance.now();
for (let i = 0; i < n; i++) await c.callTool({ name: "run", arguments: { script: "echo hi" } });
console.log(`${mode}: run of echo hi: ${((performance.now() - t0) / n).toFixed(3)} ms`);
await c.close();
