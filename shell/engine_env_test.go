package shell

import "os"

// MOONIX_ENGINE=moonix runs the package's tests on moonix's engine.
func init() {
	if e := os.Getenv("MOONIX_ENGINE"); e != "" {
		defaultEngine = e
	}
}

// engineResult is what a script gives on moonix's engine where that
// differs from interp: bash's behaviour and wording (with moonix's
// prefix), and what interp cannot do (process substitution, >|, <>).
type engineResult struct {
	want   string
	status int
}

// engineScripts overrides TestScripts cases on moonix's engine.
var engineScripts = map[string]engineResult{
	"declarations as calls": {"moonix: c: readonly variable\n", 1}, // bash abandons the line
	"nested shopt":          {"< >\nmoonix: nope: invalid shell option name\n2\n", 0},
	"trap bad signal":       {"moonix: trap: NOPE: invalid signal specification\n1\n", 0},
	"trap 0 and signals":    {"trap -- 'echo bye' EXIT\ntrap -- 'echo bye' SIGINT\ntrap -- 'echo bye' SIGTERM\ntrap -- 'echo bye' EXIT\nbye\n", 0},
	"type":                  {"cd is a shell builtin\ncat is /bin/cat\nif is a shell keyword\nmoonix: type: nope: not found\n1\n", 0},
	"cd missing":            {"moonix: cd: /nope: no such file or directory\n1\n/work\n", 0},
	"procsubst":             {"before\nx\n", 0},
	"procsubst out":         {"x\n", 0},
	"procsubst eval":        {"x\n0\n", 0},
	"procsubst trap":        {"0\nx\n", 0},
	// moonix's commands stand as files in /bin, as coreutils do
	"function shadows type":   {"mine x\ncat is /bin/cat\ncat is /bin/cat\n", 0},
	"host programs invisible": {"/bin/bash\n0\n", 0},
	"which":                   {"/bin/cat\n/bin/sh\n1\n", 0},
	"command -V":              {"cat is /bin/cat\n", 0},
	"command -v":              {"cd\n/bin/cat\nf\n1\n", 0},
	"type -t":                 {"builtin\nfile\nfunction\nkeyword\n", 0},
}

// scriptWant is what a TestScripts case expects on the engine under test.
func scriptWant(name, want string, status int) (string, int) {
	if defaultEngine == EngineMoonix {
		if r, ok := engineScripts[name]; ok {
			return r.want, r.status
		}
	}
	return want, status
}

// engineGate overrides the words the gate suite expects, on moonix's
// engine: it handles >| and <> and redirections inside aliases, so the
// gate refuses the writes.
var engineGate = map[string][]string{
	"redirect/<>": {"write /etc/passwd: permission denied", "read /work/secret/key: permission denied"},
	"redirect/>|": {"write /etc/passwd: permission denied"},
	// aliases are expanded lexically, so a redirection in one works
	"alias/redirect in the value": {"write /work/keep/f: permission denied"},
}

// engineQuiet are the gate cases that fail before the gate on moonix's
// engine, and why.
var engineQuiet = map[string]string{
	"env/PATH": "sh is found along PATH, which /work is alone on: the command is not found",
}

// gateForEngine adapts the gate cases to the engine under test.
func gateForEngine(cases []gateCase) []gateCase {
	if defaultEngine != EngineMoonix {
		return cases
	}
	for i := range cases {
		if want, ok := engineGate[cases[i].name]; ok {
			cases[i].want = want
		}
		if why, ok := engineQuiet[cases[i].name]; ok {
			cases[i].check, cases[i].why = quiet, why
		}
	}
	return cases
}
