// mcpecho is a small MCP server (legacy era: initialize) on its standard
// input and output, for moonix's WebAssembly MCP server tests: one tool,
// echo, that returns its message; "upper" writes it in capitals to a file
// of the filesystem it runs on, which the gate governs.
package main

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
)

type request struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req request
		if json.Unmarshal(in.Bytes(), &req) != nil || req.ID == nil {
			continue // notifications need no answer
		}
		resp := map[string]any{"jsonrpc": "2.0", "id": req.ID}
		switch req.Method {
		case "initialize":
			resp["result"] = map[string]any{
				"protocolVersion": "2025-11-25",
				"capabilities":    map[string]any{"tools": map[string]any{}},
				"serverInfo":      map[string]any{"name": "mcpecho", "version": "1.0.0"},
			}
		case "tools/list":
			schema := map[string]any{"type": "object", "properties": map[string]any{"message": map[string]any{"type": "string"}}, "required": []string{"message"}}
			resp["result"] = map[string]any{"tools": []any{
				map[string]any{"name": "echo", "description": "Echoes the message", "inputSchema": schema},
				map[string]any{"name": "upper", "description": "Writes the message in capitals to /work/upper.txt", "inputSchema": schema},
			}}
		case "tools/call":
			var p struct {
				Name      string
				Arguments struct{ Message string }
			}
			json.Unmarshal(req.Params, &p)
			text, isError := p.Arguments.Message, false
			if p.Name == "upper" {
				if err := os.WriteFile("/work/upper.txt", []byte(strings.ToUpper(text)+"\n"), 0o644); err != nil {
					text, isError = err.Error(), true
				} else {
					text = "wrote /work/upper.txt"
				}
			}
			resp["result"] = map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}, "isError": isError}
		default:
			resp["error"] = map[string]any{"code": -32601, "message": "method not found: " + req.Method}
		}
		out.Encode(resp)
	}
}
