package shell

// The adversarial suite for the capability gate: scripts that try to reach
// what the set forbids by every spelling and every route, each in a fresh
// session on a fresh tree. After each script the suite checks that nothing
// outside the writable area (and nothing under the protected /work/keep)
// changed, that no secret reached the output in any usual encoding, that a
// denial was audited and worded (unless the case says why not), and that
// the session goes on.

import (
	"context"
	"crypto/md5"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/clock"
	"github.com/moonix-sh/moonix/vfs"
)

// What a case expects besides "nothing protected changed, no secret shown,
// the session goes on".
type gateCheck int

const (
	// worded: a denial reached Audit and stderr says "permission denied
	// (needs ".
	worded gateCheck = iota
	// audited: a denial reached Audit; the command is silent by nature
	// (test operators, globs, listings that leave entries out).
	audited
	// quiet: no denial is expected; the route fails earlier for another
	// reason or filters silently (why says which).
	quiet
)

type gateCase struct {
	name   string
	route  string
	script string
	check  gateCheck
	why    string   // for quiet and audited: why there is no worded denial
	want   []string // substrings stdout+stderr must contain
	hide   []string // substrings neither stdout nor stderr may contain
	deny   []string // denials on top of the suite's set
	git    bool     // the history must not change either (branches, snapshots)
}

// The suite's secrets: unreadable under the suite's set.
const (
	topSecret  = "TOPSECRET"
	workSecret = "WORKSECRET"
)

// gateTree is the tree every case starts from.
func gateTree(t testing.TB, clk *clock.Logical) *vfs.Tree {
	t.Helper()
	tree := vfs.NewDefault(vfs.Options{Clock: clk, Uid: 1000, Gid: 1000})
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"/work/secret", "/work/keep", "/work/sub", "/work/sub/deeper", "/etc/conf.d"} {
		must(tree.Mkdir(d, 0o755))
	}
	for name, data := range map[string]string{
		"/etc/secret":        topSecret + "\n",
		"/etc/passwd":        "root:x:0:0:root:/root:/bin/sh\nuser:x:1000:1000::/work:/bin/sh\n",
		"/etc/conf.d/a.conf": "a=1\n",
		"/work/secret/key":   workSecret + "\n",
		"/work/keep/f":       "keep\n",
		"/work/f":            "plain\n",
		"/work/sub/g":        "sub\n",
	} {
		must(vfs.WriteFile(tree, name, []byte(data), 0o644))
	}
	for link, target := range map[string]string{
		"/work/out":     "/etc",
		"/work/outfile": "/etc/passwd",
		"/work/loop":    "/work/loop",
		"/work/a":       "/work/b",
		"/work/b":       "/etc",
		"/etc/back":     "/work/sub", // a link from a protected place into the writable one
	} {
		must(tree.Symlink(target, link))
	}
	return tree
}

// gateSet is the sandbox preset with the suite's denials: the two secrets
// are unreadable, /work/keep may be neither written nor deleted.
func gateSet(t testing.TB, preset string, extra []string) *caps.Set {
	t.Helper()
	set, err := caps.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range append([]string{
		"fs.read:/etc/secret", "fs.read:/work/secret/**",
		"fs.write:/work/keep/**", "fs.delete:/work/keep/**",
	}, extra...) {
		c, err := caps.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		set.Deny(c)
	}
	return set
}

// protected says whether the suite's set keeps a script from changing
// name: everything but /work and /tmp, and /work/keep whatever happens
// around it.
func protected(name string) bool {
	under := func(dir string) bool { return name == dir || strings.HasPrefix(name, dir+"/") }
	if name == "/" {
		return true
	}
	if under("/work/keep") {
		return true
	}
	return !under("/work") && !under("/tmp")
}

// fingerprint describes every protected entry of tree: type and mode,
// size, content, link target, link count and modification time. Devices
// are described by their mode only.
func fingerprint(t testing.TB, tree *vfs.Tree) map[string]string {
	t.Helper()
	fp := map[string]string{}
	err := vfs.WalkDir(tree, "/", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !protected(name) {
			if d.IsDir() && !strings.HasPrefix("/work/keep", name+"/") {
				return fs.SkipDir
			}
			return nil
		}
		info, err := tree.Lstat(name)
		if err != nil {
			return err
		}
		if name == "/" {
			// its entries are checked one by one; /work and /tmp, which
			// may go, change its times and link count
			fp[name] = info.Mode().String()
			return nil
		}
		desc := fmt.Sprintf("%v nlink=%d", info.Mode(), vfs.StatOf(info).Nlink)
		switch {
		case info.Mode()&fs.ModeCharDevice != 0 || strings.HasPrefix(name, "/dev/"):
		case info.Mode()&fs.ModeSymlink != 0:
			target, err := tree.Readlink(name)
			if err != nil {
				return err
			}
			desc += " -> " + target
		case info.Mode().IsRegular():
			data, err := vfs.ReadFile(tree, name)
			if err != nil {
				return err
			}
			desc += fmt.Sprintf(" size=%d mtime=%s %q", info.Size(), info.ModTime().Format(time.RFC3339Nano), data)
		default:
			desc += " mtime=" + info.ModTime().Format(time.RFC3339Nano)
		}
		fp[name] = desc
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fp
}

// leaks lists the forms of the secrets that must never reach the output:
// as they are, in any case, reversed, and as a dump, base64, hex or digest
// would show them.
var leaks = func() []*regexp.Regexp {
	var res []*regexp.Regexp
	for _, s := range []string{topSecret, workSecret} {
		line := s + "\n"
		rev := []byte(s)
		slices.Reverse(rev)
		md := md5.Sum([]byte(line))
		sha := sha256.Sum256([]byte(line))
		spaced := strings.Join(strings.Split(s[:5], ""), `\s+`) // od -c
		for _, lit := range []string{
			s, string(rev),
			base64.StdEncoding.EncodeToString([]byte(s[:9])),
			hex.EncodeToString([]byte(s[:6])),
			hex.EncodeToString(md[:]), hex.EncodeToString(sha[:]),
		} {
			res = append(res, regexp.MustCompile("(?i)"+regexp.QuoteMeta(lit)))
		}
		res = append(res, regexp.MustCompile("(?i)"+spaced))
		// xxd and hexdump group bytes in pairs or singly
		h := hex.EncodeToString([]byte(s[:6]))
		res = append(res, regexp.MustCompile(`(?i)`+h[:4]+` ?`+h[4:8]+` ?`+h[8:]))
		res = append(res, regexp.MustCompile(`(?i)`+h[:2]+` `+h[2:4]+` `+h[4:6]+` `+h[6:8]))
	}
	return res
}()

// runGate runs a case and returns its output and denials; the checks are
// the caller's.
type gateRun struct {
	stdout, stderr string
	denials        []string
	before, after  map[string]string
	branches       [2]string
	snapshots      [2]int
}

// runGate's setup functions, if any, add to the tree and to the session's
// configuration before the run (WebAssembly modules and their cache).
func runGate(t testing.TB, preset string, deny []string, script string, setup ...func(*vfs.Tree, *Config)) gateRun {
	t.Helper()
	clk := clock.NewLogical(clock.Epoch)
	tree := gateTree(t, clk)
	var cfg Config
	for _, f := range setup {
		f(tree, &cfg)
	}
	repo, _, err := vfs.OpenRepo(tree, vfs.RepoOptions{Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := repo.Snapshot("start", vfs.State{Dir: "/work"}); err != nil {
		t.Fatal(err)
	}
	history := func() (string, int) {
		bs, err := repo.Branches()
		if err != nil {
			t.Fatal(err)
		}
		cur, _, _ := repo.Current()
		log, err := repo.Log(0, true)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("%v current=%s", bs, cur), len(log)
	}
	var r gateRun
	r.branches[0], r.snapshots[0] = history()
	var mu sync.Mutex
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	cfg.FS, cfg.Repo, cfg.Clock, cfg.Caps = tree, repo, clk, gateSet(t, preset, deny)
	cfg.Stdout, cfg.Stderr = stdout, stderr
	cfg.Audit = func(d *caps.DeniedError) {
		mu.Lock()
		defer mu.Unlock()
		r.denials = append(r.denials, d.Error())
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r.before = fingerprint(t, tree) // with the commands mounted at /bin and /usr/bin
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s.Run(ctx, script+"\necho alive", "moonix")
	s.Run(ctx, "echo still alive", "moonix")
	s.Exit(ctx)
	r.stdout, r.stderr = stdout.String(), stderr.String()
	r.after = fingerprint(t, tree)
	r.branches[1], r.snapshots[1] = history()
	mu.Lock()
	defer mu.Unlock()
	return r
}

func (tc gateCase) verify(t *testing.T, r gateRun) {
	t.Helper()
	if problems := tc.problems(r); len(problems) > 0 {
		denials := r.denials
		if len(denials) > 5 {
			denials = append(denials[:5:5], fmt.Sprintf("... %d in all", len(r.denials)))
		}
		t.Errorf("%s\nscript:\n%s\nstdout:\n%s\nstderr:\n%s\ndenials: %q",
			strings.Join(problems, "\n"), tc.script, r.stdout, r.stderr, denials)
	}
}

// problems lists what the run did that the case forbids.
func (tc gateCase) problems(r gateRun) []string {
	var problems []string
	report := func(format string, args ...any) {
		problems = append(problems, fmt.Sprintf(format, args...))
	}
	var changed []string
	for name, was := range r.before {
		if now, ok := r.after[name]; !ok {
			changed = append(changed, "gone: "+name+" (was "+was+")")
		} else if now != was {
			changed = append(changed, "changed: "+name+": "+was+" => "+now)
		}
	}
	for name, now := range r.after {
		if _, ok := r.before[name]; !ok {
			changed = append(changed, "created: "+name+" "+now)
		}
	}
	slices.Sort(changed)
	if len(changed) > 0 {
		report("a protected entry changed:\n  %s", strings.Join(changed, "\n  "))
	}
	if tc.git && (r.branches[0] != r.branches[1] || r.snapshots[0] != r.snapshots[1]) {
		report("the history changed: %s, %d snapshots => %s, %d snapshots", r.branches[0], r.snapshots[0], r.branches[1], r.snapshots[1])
	}
	out := r.stdout + r.stderr
	for _, re := range leaks {
		if loc := re.FindStringIndex(out); loc != nil {
			report("a secret leaked: %q", out[loc[0]:loc[1]])
		}
	}
	for _, h := range tc.hide {
		if strings.Contains(out, h) {
			report("the output shows %q", h)
		}
	}
	for _, w := range tc.want {
		if !strings.Contains(out, w) {
			report("the output lacks %q", w)
		}
	}
	lines := strings.Split(r.stdout, "\n")
	if !slices.Contains(lines, "alive") || !slices.Contains(lines, "still alive") {
		report("the session did not go on")
	}
	if strings.Contains(r.stderr, "panic") || strings.Contains(r.stderr, "goroutine ") {
		report("panic")
	}
	switch tc.check {
	case worded:
		if len(r.denials) == 0 {
			report("no denial reached the audit")
		}
		if !strings.Contains(r.stderr, "permission denied (needs ") {
			report("stderr does not word a denial")
		}
	case audited:
		if len(r.denials) == 0 {
			report("no denial reached the audit")
		}
	case quiet:
		if tc.why == "" {
			report("a quiet case must say why")
		}
	}
	return problems
}

// A spelling of a target: a prefix that prepares it (cd, a link the script
// makes) and the path as the route will write it.
type spelling struct {
	name, prep, path string
	// link: the path is itself a symlink, so routes on the entry (rm, mv)
	// act on the link, which the sandbox may do.
	link bool
	// glob: the path is a pattern the shell expands.
	glob bool
}

// Spellings of /etc/passwd (writable by nobody here).
var passwdSpellings = []spelling{
	{name: "plain", path: "/etc/passwd"},
	{name: "dotdot", path: "/work/../etc/passwd"},
	{name: "dot dotdot", path: "/work/./../../etc/passwd"},
	{name: "slashes", path: "//etc///passwd"},
	{name: "tmp dotdot", path: "/tmp/../../../etc/./passwd"},
	{name: "relative after cd", prep: "cd /work/sub; ", path: "../../etc/passwd"},
	{name: "cd .. chain", prep: "cd /work/sub/deeper; cd ..; cd ..; cd ..; ", path: "etc/passwd"},
	{name: "symlink dir", path: "/work/out/passwd"},
	{name: "symlink file", path: "/work/outfile", link: true},
	{name: "symlink chain", path: "/work/a/passwd"},
	{name: "script's symlink", prep: "ln -s /etc /work/new; ", path: "/work/new/passwd"},
	{name: "script's relative symlink", prep: "ln -s ../.. /work/sub/up; ", path: "/work/sub/up/etc/passwd"},
	{name: "script's symlink chain", prep: "ln -s /work/c2 /work/c1; ln -s out /work/c2; ", path: "/work/c1/passwd"},
	{name: "variable", prep: "p=/etc; ", path: "$p/passwd"},
}

// Spellings of the secret /work/secret/key (readable by nobody here).
var keySpellings = []spelling{
	{name: "plain", path: "/work/secret/key"},
	{name: "dot and slashes", path: "//work/./secret//key"},
	{name: "tmp dotdot", path: "/tmp/../work/secret/key"},
	{name: "relative after cd", prep: "cd /work/sub; ", path: "../secret/key"},
	{name: "cd .. chain", prep: "cd /work/sub/deeper; cd ..; cd ..; ", path: "secret/key"},
	{name: "script's symlink dir", prep: "ln -s /work/secret /work/s2; ", path: "/work/s2/key"},
	{name: "script's symlink file", prep: "ln -s secret/key /work/k2; ", path: "/work/k2"},
	{name: "script's symlink chain", prep: "ln -s c2 /work/c1; ln -s secret /work/c2; ", path: "/work/c1/key"},
	{name: "glob", path: "/work/sec*/k?y", glob: true},
}

// Spellings of /etc/secret.
var topSpellings = []spelling{
	{name: "plain", path: "/etc/secret"},
	{name: "symlink dir", path: "/work/out/secret"},
	{name: "symlink chain", path: "/work/a/secret"},
	{name: "dotdot from sub", prep: "cd /work/sub; ", path: "../../etc/../etc/secret"},
	{name: "glob", path: "/e*/sec*", glob: true},
}

// A route that writes, deletes or changes T.
type writeRoute struct {
	route, name, script string
	entry               bool // acts on the entry itself: a symlink is moved or removed, not followed
	onto                bool // puts a new file at the name: a symlink there is replaced, not followed
}

var writeRoutes = []writeRoute{
	{route: "redirect >", name: ">", script: "echo pwned > T"},
	{route: "redirect >>", name: ">>", script: "echo pwned >> T"},
	{route: "redirect &>", name: "&>", script: "echo pwned &> T"},
	{route: "truncate by redirect", name: ": >", script: ": > T"},
	{route: "here-doc into a file", name: "here-doc", script: "cat <<EOF > T\npwned\nEOF"},
	{route: "here-string into a file", name: "here-string", script: "cat <<< pwned > T"},
	{route: "tee", name: "tee", script: "echo pwned | tee T"},
	{route: "tee -a", name: "tee -a", script: "echo pwned | tee -a T"},
	{route: "cp", name: "cp into", script: "cp /work/f T"},
	{route: "sed -i", name: "sed -i", script: "sed -i s/root/pwned/ T", onto: true},
	{route: "touch", name: "touch", script: "touch T"},
	{route: "chmod", name: "chmod", script: "chmod 600 T"},
	{route: "rm", name: "rm", script: "rm -f T", entry: true},
	{route: "mv", name: "mv out", script: "mv T /work/moved", entry: true},
	{route: "mv", name: "mv onto", script: "mv /work/f T", onto: true},
	{route: "ln", name: "ln -f onto", script: "ln -f /work/f T", onto: true},
	{route: "awk print >", name: "awk >", script: `awk 'BEGIN { print "pwned" > "T" }'`},
	{route: "subshell", name: "subshell", script: "(echo pwned > T)"},
	{route: "background job", name: "background", script: "echo pwned > T & wait"},
	{route: "nested sh -c", name: "sh -c", script: `sh -c 'echo pwned > "$1"' sh T`},
	{route: "eval", name: "eval", script: `eval 'echo pwned > T'`},
}

// A route that reads T.
type readRoute struct{ route, name, script string }

var readRoutes = []readRoute{
	{"cat", "cat", "cat T"},
	{"redirect <", "<", "cat < T"},
	{"head", "head", "head -c 100 T"},
	{"tail", "tail", "tail -n 1 T"},
	{"grep", "grep", "grep -h . T"},
	{"sort", "sort", "sort T"},
	{"wc", "wc", "wc -c T"},
	{"od", "od", "od -c T"},
	{"base64", "base64", "base64 T"},
	{"xxd", "xxd", "xxd T"},
	{"tac", "tac", "tac T"},
	{"awk", "awk", "awk '{ print }' T"},
	{"awk getline <", "awk getline", `awk 'BEGIN { while ((getline l < "T") > 0) print l }'`},
	{"sed", "sed", "sed -n p T"},
	{"jq", "jq -R", "jq -R . T"},
	{"diff", "diff", "diff T /work/f"},
	{"cmp", "cmp", "cmp -l T /work/f"},
	{"sha256sum", "sha256sum", "sha256sum T"},
	{"cp then read", "cp", "cp T /work/stolen; cat /work/stolen"},
	{"source", "source", "source T"},
	{". (dot)", ".", ". T"},
	{"read builtin", "read", `read -r l < T; echo "$l"`},
	{"command substitution", "$(<)", `echo "$(< T)"`},
}

// gateCases is the whole table.
func gateCases() []gateCase {
	var cases []gateCase
	for _, sp := range passwdSpellings {
		for _, r := range writeRoutes {
			if sp.link && r.entry {
				continue // moving or removing the link itself is allowed
			}
			script := sp.prep + strings.ReplaceAll(r.script, "T", sp.path)
			if strings.Contains(r.script, `"T"`) && strings.HasPrefix(sp.path, "$") {
				// awk does not expand shell variables inside its program
				script = sp.prep + strings.ReplaceAll(r.script, `"T"`, `"'"`+sp.path+`"'"`)
			}
			tc := gateCase{name: "write/" + r.name + "/" + sp.name, route: r.route, script: script}
			if sp.link && r.onto {
				tc.check = quiet
				tc.why = "the link in /work is replaced by a file, as GNU tools do; its target is untouched"
			}
			cases = append(cases, tc)
		}
	}
	for _, spells := range [][]spelling{keySpellings, topSpellings} {
		for _, sp := range spells {
			for _, r := range readRoutes {
				tc := gateCase{
					name:   "read/" + r.name + "/" + sp.name + "/" + sp.path,
					route:  r.route,
					script: sp.prep + strings.ReplaceAll(r.script, "T", sp.path),
				}
				if r.name == "awk getline" {
					tc.check, tc.why = audited, "getline returns -1 without a word, as in every awk"
				}
				if sp.glob {
					// The listing leaves the unreadable entry out, so the
					// pattern matches nothing and the command gets it as
					// written: a name that does not exist.
					tc.check, tc.why = quiet, "a pattern cannot match what the listing leaves out"
				}
				cases = append(cases, tc)
			}
		}
	}
	cases = append(cases, chainCases()...)
	return append(cases, explicitGateCases...)
}

// maxHops is how many symlinks one resolution follows in all, as Linux's
// MAXSYMLINKS: one more is "Too many levels of symbolic links".
const maxHops = 40

// chainLinks are the links the chains end in, one hop each.
var chainLinks = map[string]string{"e": "/etc", "sec": "/work/secret", "tl": "/tmp"}

// A chain is a way to spell, with a given number of symlinks followed in
// all, each of the chainLinks' targets: prep makes the links, and spell
// names the target of one of them.
type chain struct {
	name, prep string
	spell      func(link string) string
}

// chains spell the chainLinks' targets with hops symlinks to follow:
// level after level (s -> t -> . is two hops, u -> . one), nested in a
// link's target (m -> s/s/s/s/s is eleven), one link after another
// (e1 -> e2 -> ... -> /etc).
func chains(hops int) []chain {
	prep := "ln -s t /work/s; ln -s . /work/t; ln -s . /work/u; ln -s s/s/s/s/s /work/m; "
	sequences := ""
	for _, link := range slices.Sorted(maps.Keys(chainLinks)) {
		prep += fmt.Sprintf("ln -s %s /work/%s; ", chainLinks[link], link)
		sequences += fmt.Sprintf("i=1; while [ $i -lt %d ]; do ln -s %s$((i+1)) /work/%s$i; i=$((i+1)); done; ln -s %s /work/%s%d; ",
			hops, link, link, chainLinks[link], link, hops)
	}
	levels := func(n int) string { return strings.Repeat("/s", n/2) + strings.Repeat("/u", n%2) }
	return []chain{
		{fmt.Sprintf("levels of %d", hops), prep, func(l string) string { return "/work" + levels(hops-1) + "/" + l }},
		{fmt.Sprintf("nested %d", hops), prep, func(l string) string { return "/work/m/m/m" + levels(hops-1-33) + "/" + l }},
		{fmt.Sprintf("sequence of %d", hops), sequences, func(l string) string { return "/work/" + l + "1" }},
	}
}

// chainRoutes are routes beyond reading and writing a file, through
// chains to /etc (E), /work/secret (S) and /tmp (T). Up to the limit,
// what the gate says (denials, caps check); beyond it, "too many levels
// of symbolic links" from every one of them, and nothing done.
var chainRoutes = []struct {
	name, script     string
	check            gateCheck
	why              string
	want             []string // either way
	inWant, loopWant []string // up to the limit; beyond it
	// loopWhy: beyond the limit, why the route does not say "too many
	// levels of symbolic links"
	loopWhy string
}{
	{name: "caps check", script: "caps check fs.write E/passwd; caps check fs.read S/key; caps check fs.write T/x",
		check: quiet, why: "asking is not an operation: caps check is not audited",
		inWant: []string{"denied: fs.write /etc/passwd", "denied: fs.read /work/secret/key", "allowed: fs.write /tmp/x"}},
	{name: "caps drop", script: "caps drop 'fs.write:/tmp/**'; echo pwned > T/x; cat /tmp/x",
		want: []string{"cat: /tmp/x: No such file or directory"}},
	{name: "test", script: "[ -w E/passwd ]; echo w=$?; [ -r S/key ]; echo r=$?; [ -e E/passwd ]; echo e=$?; [ -w T ]; echo t=$?",
		check: audited, why: "test prints nothing", inWant: []string{"w=1\nr=1\ne=0\nt=0\n"}, loopWant: []string{"w=1\nr=1\ne=1\nt=1\n"},
		loopWhy: "test prints nothing"},
	{name: "cd", script: "cd S && cat key"},
	{name: "ls", script: "ls S/"},
	{name: "find", script: "find S/"},
	{name: "grep -r", script: "grep -r . S"},
	{name: "mkdir -p", script: "mkdir -p E/d/e"},
	{name: "rm -rf", script: "rm -rf E/conf.d E/passwd"},
	{name: "mv", script: "mv S/key /work/k; cat /work/k"},
	{name: "ln -s into", script: "ln -s /work E/l"},
	{name: "exec", script: "printf 'cat /work/secret/key' > /tmp/x.sh; chmod +x /tmp/x.sh; caps drop 'fs.exec:/tmp/**'; T/x.sh"},
}

// chainCases are the symlink-chain family: every read and write route,
// and the chainRoutes, through chains of symlinks around the limit. Up
// to the limit the name resolves and the gate denies what it reaches;
// beyond it the name fails to resolve, for the gate and the tree alike,
// and nothing happens.
func chainCases() []gateCase {
	var cases []gateCase
	for hops := maxHops - 2; hops <= maxHops+2; hops++ {
		loop := func(tc gateCase) gateCase {
			if hops > maxHops {
				tc.check, tc.why = quiet, "the name never resolves: Too many levels of symbolic links"
				tc.want = append(tc.want, "Too many levels of symbolic links")
			}
			return tc
		}
		for _, ch := range chains(hops) {
			for _, r := range chainRoutes {
				script := strings.NewReplacer("E", ch.spell("e"), "S", ch.spell("sec"), "T", ch.spell("tl")).Replace(r.script)
				tc := loop(gateCase{name: "chain/" + r.name + "/" + ch.name, route: "symlink chains", script: ch.prep + script, want: r.want})
				if hops > maxHops {
					if r.loopWhy != "" {
						tc.why, tc.want = r.loopWhy, r.want
					}
					tc.want = append(tc.want, r.loopWant...)
				} else {
					tc.check, tc.why = r.check, r.why
					tc.want = append(tc.want, r.inWant...)
				}
				cases = append(cases, tc)
			}
			for _, r := range writeRoutes {
				cases = append(cases, loop(gateCase{
					name:   "chain/write/" + r.name + "/" + ch.name,
					route:  "symlink chains",
					script: ch.prep + strings.ReplaceAll(r.script, "T", ch.spell("e")+"/passwd"),
				}))
			}
			for _, r := range readRoutes {
				tc := loop(gateCase{
					name:   "chain/read/" + r.name + "/" + ch.name,
					route:  "symlink chains",
					script: ch.prep + strings.ReplaceAll(r.script, "T", ch.spell("sec")+"/key"),
				})
				if r.name == "awk getline" {
					// getline returns -1 without a word, as in every awk
					tc.check, tc.why, tc.want = audited, "getline fails silently", nil
					if hops > maxHops {
						tc.check = quiet
					}
				}
				cases = append(cases, tc)
			}
		}
	}
	return cases
}

// explicitGateCases are the routes that do not fit the cross product.
var explicitGateCases = []gateCase{
	// Redirects and exec.
	{name: "redirect/exec >file in a subshell", route: "exec >file", script: "(exec > /etc/passwd; echo pwned)"},
	{name: "redirect/exec >file in sh -c", route: "exec >file", script: "sh -c 'exec > /work/out/passwd; echo pwned'"},
	{name: "redirect/exec 3>", route: "exec 3>", script: "(exec 3> /etc/passwd; echo pwned >&3)"},
	{name: "redirect/exec 0< secret", route: "exec <file", script: "(exec < /work/secret/key; cat)"},
	{name: "redirect/<>", route: "redirect <>", script: "echo pwned 1<> /etc/passwd; cat 0<> /work/secret/key",
		want: []string{"write /etc/passwd: permission denied", "read /work/secret/key: permission denied"}},
	{name: "redirect/>|", route: "redirect >|", script: "echo pwned >| /etc/passwd", want: []string{"write /etc/passwd: permission denied"}},
	{name: "redirect/group", route: "redirect >", script: "{ echo pwned; echo more; } > /etc/passwd"},
	{name: "redirect/loop body", route: "redirect >", script: "for i in 1 2; do echo $i; done > /work/a/passwd"},
	{name: "redirect/while read <", route: "redirect <", script: "while read -r l; do echo \"$l\"; done < /work/secret/key"},
	{name: "redirect/2>", route: "redirect >", script: "ls /nope 2> /etc/passwd"},
	{name: "redirect/trailing slash", route: "redirect >", script: "echo pwned > /etc/passwd/"},
	{name: "redirect/new file in /etc", route: "redirect >", script: "echo pwned > /etc/new"},
	{name: "redirect/new file through a dangling link", route: "symlinks", script: "ln -s /etc/new /work/dang; echo pwned > /work/dang"},
	{name: "redirect/dangling relative link reached through /etc", route: "symlinks",
		script: "ln -s ../new /work/sub/rdang; echo inside > /etc/back/rdang; cat /work/new",
		check:  quiet, why: "the link resolves from /work/sub, where it is, to /work/new, which may be written", want: []string{"inside"}},
	{name: "redirect/dotdot after a link from /etc", route: "symlinks", script: "echo pwned > /etc/back/../passwd; cd /etc/back && echo pwned > ../passwd"},
	{name: "redirect/symlink loop", route: "symlink loop", script: "echo pwned > /work/loop/x; echo pwned > /work/loop",
		check: quiet, why: "the loop never resolves: Too many levels of symbolic links", want: []string{"Too many levels"}},
	{name: "redirect/glob in a loop", route: "globs", script: "for f in /work/*/../../etc/pass*; do echo pwned > \"$f\"; done"},
	{name: "redirect/lexical dotdot stays inside", route: "symlinks",
		script: "echo inside > /work/out/../etc-copy; cat /work/etc-copy",
		check:  quiet, why: "the shell cleans .. lexically: /work/out/.. is /work, which may be written", want: []string{"inside"}},
	{name: "redirect/write into keep", route: "redirect >", script: "echo pwned > /work/keep/f"},
	{name: "redirect/create in keep", route: "redirect >", script: "echo pwned > /work/keep/new"},
	{name: "redirect/keep via dotdot", route: "redirect >", script: "cd /work/sub; echo pwned >> ../keep/./f"},
	{name: "redirect/glob target", route: "globs", script: "echo pwned > /work/k*/f", check: quiet,
		why: "interp expands no pattern in a redirect target: the literal name does not exist"},

	// cp
	{name: "cp/-r into /etc", route: "cp", script: "cp -r /work/sub /etc/"},
	{name: "cp/into keep", route: "cp", script: "cp /work/f /work/keep/f"},
	{name: "cp/through symlink file", route: "cp", script: "cp /work/f /work/outfile"},
	{name: "cp/-r secret dir", route: "cp", script: "cp -r /work/secret /work/stolen; cat /work/stolen/*"},
	{name: "cp/-r /etc leaves the secret out", route: "cp", script: "cp -r /etc /work/e2; cat /work/e2/*; ls /work/e2",
		check: quiet, why: "a listing leaves out what may not be read: the copy simply has no secret", hide: []string{"secret"}},
	{name: "cp/-l hard link to passwd", route: "hard links", script: "cp -l /etc/passwd /work/p; echo pwned >> /work/p"},
	{name: "cp/-l hard link to the secret", route: "hard links", script: "cp -l /work/secret/key /work/p; cat /work/p"},
	{name: "cp/-s then write", route: "symlinks", script: "cp -s /etc/passwd /work/p; echo pwned >> /work/p"},
	{name: "cp/glob sources", route: "globs", script: "cp /e*/sec* /work/s; cat /work/s", check: quiet,
		why: "a pattern cannot match what the listing leaves out"},

	// mv
	{name: "mv/protected dir renamed", route: "mv", script: "mv /work/keep /work/kept"},
	{name: "mv/file out of keep", route: "mv", script: "mv /work/keep/f /work/g"},
	{name: "mv/file into keep", route: "mv", script: "mv /work/f /work/keep/"},
	{name: "mv/into /etc through a link", route: "mv", script: "mv /work/f /work/out/"},
	{name: "mv//etc away", route: "mv", script: "mv /etc /work/etc"},
	{name: "mv/secret dir renamed then read", route: "mv", script: "mv /work/secret /work/open; cat /work/open/key"},
	{name: "mv/secret file renamed then read", route: "mv", script: "mv /work/secret/key /work/k; cat /work/k"},
	{name: "mv/the whole of /work", route: "mv", script: "cd /; mv work tmp/w; cat /tmp/w/secret/key; echo pwned > /tmp/w/keep/f"},
	{name: "mv/the whole of /work back and forth", route: "mv", script: "mv /work /tmp/w && mv /tmp/w /work"},
	{name: "mv/parent of keep after cd", route: "mv", script: "cd /tmp; mv ../work ./w; echo pwned >> w/keep/f"},

	// ln
	{name: "ln/hard link to passwd then append", route: "hard links", script: "ln /etc/passwd /work/p; echo pwned >> /work/p"},
	{name: "ln/hard link via dotdot", route: "hard links", script: "cd /work/sub; ln ../../etc/passwd p; echo pwned >> p"},
	{name: "ln/hard link to keep", route: "hard links", script: "ln /work/keep/f /work/kf; echo pwned >> /work/kf"},
	{name: "ln/hard link to the secret", route: "hard links", script: "ln /work/secret/key /work/k; cat /work/k"},
	{name: "ln/hard link through a link", route: "hard links", script: "ln /work/outfile /work/p; echo pwned >> /work/p"},
	{name: "ln/-s into /etc", route: "ln -s", script: "ln -s /work /etc/l"},
	{name: "ln/-sf replace a link then write", route: "ln -s", script: "ln -s /work/sub /work/l; ln -sfn /etc /work/l; echo pwned > /work/l/passwd"},
	{name: "ln/-s to the secret then read", route: "ln -s", script: "ln -s /work/secret/key /work/k; cat /work/k"},
	{name: "ln/-s relative out of /work", route: "ln -s", script: "ln -s ../../../etc /work/sub/deeper/e; echo pwned > /work/sub/deeper/e/passwd"},
	{name: "ln/script's link then mkdir in it", route: "ln -s", script: "ln -s /etc /work/new; mkdir /work/new/d"},
	{name: "ln/brief's own route", route: "ln -s", script: "ln -s /etc /work/new; echo x > /work/new/pwned"},

	// sed
	{name: "sed/-i keep", route: "sed -i", script: "sed -i s/keep/pwned/ /work/keep/f"},
	{name: "sed/-i the secret", route: "sed -i", script: "sed -i s/x/y/ /work/secret/key; cat /work/secret/key"},
	{name: "sed/w command", route: "sed w", script: "echo pwned | sed 'w /etc/pw'"},
	{name: "sed/r command", route: "sed r", script: "sed 'r /work/secret/key' /work/f", check: audited,
		why: "sed reads an unreadable r file as empty without a word, as GNU sed does", want: []string{"plain"}},

	// touch, chmod, mkdir
	{name: "touch/new in /etc", route: "touch", script: "touch /etc/new"},
	{name: "touch/new through link", route: "touch", script: "touch /work/out/new"},
	{name: "touch/-d keep", route: "touch", script: "touch -d 2000-01-01 /work/keep/f"},
	{name: "chmod/-R through a link", route: "chmod", script: "chmod -R 777 /work/out/"},
	{name: "chmod/keep", route: "chmod", script: "chmod 000 /work/keep/f"},
	{name: "chmod/keep dir", route: "chmod", script: "chmod 777 /work/keep"},
	{name: "chmod/glob", route: "globs", script: "chmod 777 /e*/pass*"},
	{name: "mkdir/in /etc", route: "mkdir", script: "mkdir /etc/d"},
	{name: "mkdir/-p through a link", route: "mkdir -p", script: "mkdir -p /work/out/d/e"},
	{name: "mkdir/-p dotdot", route: "mkdir -p", script: "mkdir -p /work/../etc/d/e"},
	{name: "mkdir/in keep", route: "mkdir", script: "mkdir /work/keep/d"},
	{name: "mkdir/-p chain", route: "mkdir -p", script: "mkdir -p /work/a/x/y"},
	{name: "mkdir/top level", route: "mkdir", script: "mkdir /evil"},

	// rm, rmdir, find, xargs
	{name: "rm/-rf /etc", route: "rm -rf", script: "rm -rf /etc"},
	{name: "rm/-rf through a link with a slash", route: "rm -rf", script: "rm -rf /work/out/", check: quiet,
		why: "moonix's rm removes the link itself, which /work allows (GNU rm would empty the target)"},
	{name: "rm/-rf link contents", route: "rm -rf", script: "rm -rf /work/out/*"},
	{name: "rm/-rf chain with a slash", route: "rm -rf", script: "rm -rf /work/a/", check: quiet,
		why: "moonix's rm removes the link itself, which /work allows (GNU rm would empty the target)"},
	{name: "rm/-rf chain contents", route: "rm -rf", script: "rm -rf /work/a/passwd /work/a/conf.d"},
	{name: "rm/-rf keep", route: "rm -rf", script: "rm -rf /work/keep"},
	{name: "rm/keep file", route: "rm", script: "rm /work/keep/f"},
	{name: "rm/-rf dotdot after cd", route: "rm -rf", script: "cd /work/sub; rm -rf ../../etc"},
	{name: "rm/-rf / refused", route: "rm -rf", script: "rm -rf /", check: quiet,
		why: "rm refuses / before anything (--preserve-root)", want: []string{"dangerous"}},
	{name: "rm/-rf / keeps what is protected", route: "rm -rf", script: "rm -rf --no-preserve-root /"},
	{name: "rm/-r /work", route: "rm -rf", script: "cd /; rm -r /work"},
	{name: "rm/glob", route: "globs", script: "rm -f /e*/*"},
	{name: "rm/glob through links", route: "globs", script: "rm -rf /work/*/../../etc/*"},
	{name: "rmdir/bin", route: "rmdir", script: "rmdir /bin"},
	{name: "rmdir/via link dotdot", route: "rmdir", script: "rmdir /work/out/conf.d"},
	{name: "rmdir/keep", route: "rmdir", script: "rm -f /work/keep/f; rmdir /work/keep"},
	{name: "find/-delete", route: "find -delete", script: "find /etc -name passwd -delete"},
	{name: "find/-delete through a link", route: "find -delete", script: "find /work/out/ -delete"},
	{name: "find/-L -delete", route: "find -delete", script: "find -L /work -name passwd -delete"},
	{name: "find/-delete keep", route: "find -delete", script: "find /work/keep -delete"},
	{name: "find/-exec rm", route: "find -exec rm", script: `find /etc -type f -exec rm {} \;`},
	{name: "find/-exec rm +", route: "find -exec rm", script: `find /work/a/ -name passwd -exec rm -f {} +`},
	{name: "find/-exec sh -c write", route: "find -exec", script: `find /etc -name passwd -exec sh -c 'echo pwned > "$1"' sh {} \;`},
	{name: "find/-exec cat the secret", route: "find -exec", script: `find /work -name key -exec cat {} \;; find /work/secret -exec cat {} \;`},
	{name: "xargs/rm", route: "xargs rm", script: "echo /etc/passwd | xargs rm"},
	{name: "xargs/rm -rf via find", route: "xargs rm", script: "find /etc -name 'pass*' | xargs rm -rf"},
	{name: "xargs/sh -c", route: "xargs rm", script: `echo /work/out/passwd | xargs -I{} sh -c 'echo pwned > {}'`},
	{name: "xargs/cat the secret", route: "xargs", script: "echo /work/secret/key | xargs cat"},

	// Listings and globs: the names under an unreadable directory, and the
	// unreadable entries of a readable one, are not shown.
	{name: "list/ls denied dir", route: "ls", script: "ls /work/secret", hide: []string{"key"}},
	{name: "list/ls -la /work", route: "ls", script: "ls -la /work", check: quiet,
		why: "a listing leaves out the unreadable entry without a denial", hide: []string{"secret"}},
	{name: "list/ls -R /work", route: "ls", script: "ls -R /work", check: quiet,
		why: "a listing leaves out the unreadable entry without a denial", hide: []string{"secret", "key"}},
	{name: "list/ls /etc", route: "ls", script: "ls /etc; ls /work/out/", check: quiet,
		why: "a listing leaves out the unreadable entry without a denial", hide: []string{"secret"}},
	{name: "list/ls -d the glob", route: "ls", script: "ls -d /work/secret/*", check: audited,
		why: "ls is given the unexpanded pattern", hide: []string{"/work/secret/key"}},
	{name: "list/ls via a link the script makes", route: "ls", script: "ln -s secret /work/s; ls /work/s/ /work/s", hide: []string{"key"}},
	{name: "list/find denied dir", route: "find", script: "find /work/secret", hide: []string{"/work/secret/key"}},
	{name: "list/find /", route: "find", script: "find / -name 'key*'; find / -name 'secret*'", check: quiet,
		why: "find walks listings that leave the unreadable entries out", hide: []string{"/work/secret", "/etc/secret"}},
	{name: "list/find -L through links", route: "find", script: "find -L /work -name '*secret*'", check: quiet,
		why: "find walks listings that leave the unreadable entries out", hide: []string{"/etc/secret", "secret/key"}},
	{name: "list/tree", route: "tree", script: "tree /work /etc", check: quiet,
		why: "a listing leaves out the unreadable entry without a denial", hide: []string{"secret", "key"}},
	{name: "list/du -a", route: "du", script: "du -a /work /etc", check: quiet,
		why: "a listing leaves out the unreadable entry without a denial", hide: []string{"secret", "key"}},
	{name: "list/grep -r", route: "grep -r", script: "grep -r SECRET /work /etc", check: quiet,
		why: "a listing leaves out the unreadable entries"},
	{name: "list/grep -r the dir", route: "grep -r", script: "grep -r . /work/secret"},
	{name: "glob/echo dir/*", route: "globs", script: "echo /work/secret/*", check: audited,
		why: "a pattern that does not expand stays as it is", hide: []string{"/work/secret/key"}, want: []string{"/work/secret/*"}},
	{name: "glob/*/k*", route: "globs", script: "echo /work/*/k*", check: quiet,
		why: "the unreadable directory is left out of the listing of /work", hide: []string{"/work/secret/key"}},
	{name: "glob//e*/sec*", route: "globs", script: "echo /e*/sec*", check: quiet,
		why: "the unreadable entry is left out of the listing of /etc", want: []string{"/e*/sec*"}},
	{name: "glob/through a link and dotdot", route: "globs", script: "echo /work/*/../../etc/*", check: quiet,
		why: "the unreadable entry is left out of the listing of /etc", hide: []string{"/etc/secret"}},
	{name: "glob/globstar", route: "globs", script: "shopt -s globstar; echo /work/**", check: quiet,
		why: "the unreadable directory is left out of the listing of /work", hide: []string{"secret"}},
	{name: "glob/for loop reading", route: "globs", script: `for f in /work/secret/* /etc/*; do cat "$f"; done`},
	{name: "glob/nullglob", route: "globs", script: "shopt -s nullglob; a=(/work/secret/*); echo ${#a[@]} ${a[*]}", check: audited,
		why: "a glob over an unreadable directory expands to nothing", hide: []string{"key"}, want: []string{"0"}},
	{name: "glob/escaped through a link the script makes", route: "globs", script: "ln -s /work/secret /work/s; echo /work/s/*", check: audited,
		why: "a pattern that does not expand stays as it is", hide: []string{"/work/s/key"}},

	// test operators: no oracle. A denied path behaves as a missing one.
	{name: "test/-e", route: "test", script: "test -e /work/secret/key; echo e=$?; test -e /work/secret/none; echo e=$?", check: audited,
		why: "test prints nothing", want: []string{"e=1\ne=1\n"}},
	{name: "test/-r", route: "test", script: "[ -r /work/secret/key ]; echo r=$?; [ -r /work/secret/none ]; echo r=$?", check: audited,
		why: "test prints nothing", want: []string{"r=1\nr=1\n"}},
	{name: "test/-s", route: "test", script: "[ -s /work/secret/key ]; echo s=$?; [ -s /etc/secret ]; echo s=$?", check: audited,
		why: "test prints nothing", want: []string{"s=1\ns=1\n"}},
	{name: "test/-f through a link", route: "test", script: "ln -s secret /work/s; [ -f /work/s/key ]; echo f=$?", check: audited,
		why: "test prints nothing", want: []string{"f=1\n"}},
	{name: "test/[[ -d ]]", route: "test", script: "[[ -d /work/secret ]]; echo d=$?; [[ -d /work/sub/../secret/ ]]; echo d=$?", check: audited,
		why: "test prints nothing", want: []string{"d=1\nd=1\n"}},
	{name: "test/-nt", route: "test", script: "[ /work/secret/key -nt /work/f ]; echo nt=$?; [ /work/f -nt /work/secret/key ]; echo nt=$?", check: audited,
		why: "test prints nothing"},
	{name: "stat/secret", route: "stat", script: "stat /work/secret/key"},
	{name: "stat/-c %s", route: "stat", script: "stat -c %s /etc/secret"},
	{name: "stat/via link", route: "stat", script: "ln -s secret /work/s; stat -L /work/s/key"},
	{name: "readlink/-f into the secret dir", route: "readlink", script: "readlink /work/secret/key; readlink -e /work/secret/key; realpath /work/secret/key"},
	{name: "wc/-c size", route: "wc", script: "wc -c /work/secret/key /etc/secret"},
	{name: "readlink/-f silent", route: "readlink", script: "readlink -f /work/secret/key; echo rl=$?", check: audited,
		why: "readlink -f says nothing when it fails, as in GNU"},
	{name: "tree/denied dir", route: "tree", script: "tree /work/secret"},
	{name: "tree/link to the denied dir", route: "tree", script: "ln -s secret /work/s; tree /work", hide: []string{"key"}, check: audited,
		why: "tree does not descend into a link; it only stats the target to classify it"},
	{name: "du/denied dir", route: "du", script: "du -a /work/secret"},
	{name: "sort/-o", route: "sort -o", script: "sort -o /etc/passwd /work/f"},
	{name: "uniq/output operand", route: "uniq", script: "uniq /work/f /work/out/x"},
	{name: "xxd/-r output operand", route: "xxd -r", script: "xxd -r /work/f /work/keep/f"},
	{name: "mktemp/-p /etc", route: "mktemp", script: "mktemp -p /etc; mktemp /work/out/XXXX"},
	{name: "awk/-f program file", route: "awk", script: "awk -f /work/secret/key /work/f"},
	{name: "grep/-f patterns file", route: "grep", script: "grep -o -f /work/secret/key /work/f"},
	{name: "sed/-f script file", route: "sed", script: "sed -f /work/secret/key /work/f"},
	{name: "jq/-f program file", route: "jq", script: "jq -n -f /work/secret/key"},
	{name: "date/-f dates file", route: "date", script: "date -f /work/secret/key"},
	{name: "date/-r reference", route: "date", script: "date -r /work/secret/key"},
	{name: "touch/-r reference", route: "touch", script: "touch -r /work/secret/key /work/x"},
	{name: "sha256sum/-c list", route: "sha256sum", script: "sha256sum -c /work/secret/key"},
	{name: "xargs/-a args file", route: "xargs", script: "xargs -a /work/secret/key echo"},
	{name: "paste/comm/join", route: "paste", script: "paste /work/secret/key; comm /work/secret/key /work/f; join /work/secret/key /work/f"},
	{name: "hexdump/-C", route: "hexdump", script: "hexdump -C /work/secret/key; base32 /work/secret/key; rev /work/secret/key"},

	// source, cd, nested shells, eval
	{name: "source/through a link", route: "source", script: "ln -s /work/secret/key /work/k; . /work/k"},
	{name: "source/PATH search", route: "source", script: "PATH=/work/secret; . key"},
	{name: "sh/script file", route: "nested sh", script: "sh /work/secret/key"},
	{name: "sh/stdin from the secret", route: "nested sh", script: "sh < /work/secret/key"},
	{name: "bash/-c cat", route: "nested bash -c", script: "bash -c 'cat /work/secret/key'"},
	{name: "bash/-c nested twice", route: "nested bash -c", script: `bash -c "sh -c 'rm -f /etc/passwd'"`},
	{name: "sh/piped script", route: "nested sh", script: "echo 'echo pwned > /etc/passwd' | sh"},
	{name: "sh/script file written", route: "nested sh", script: "echo 'cat /work/secret/key; rm -rf /work/keep' > /work/s.sh; sh /work/s.sh"},
	{name: "moonix/-c", route: "nested sh", script: "moonix -c 'echo pwned > /work/a/passwd'"},
	{name: "dash/-c", route: "nested sh", script: "dash -c 'cd /work/out && echo pwned > passwd'"},
	{name: "cd/into denied dir", route: "cd", script: "cd /work/secret && cat key"},
	{name: "cd/via dotdot", route: "cd", script: "cd /work/sub/../secret; pwd; cat key"},
	{name: "cd/via a link", route: "cd", script: "ln -s secret /work/s; cd /work/s && ls"},
	{name: "cd/pushd", route: "cd", script: "pushd /work/secret && cat key"},
	{name: "cd/-P", route: "cd", script: "cd -P /work/secret && cat key"},
	{name: "cd/--", route: "cd", script: "cd -- /work/a/../secret && cat key"},
	{name: "cd/HOME", route: "cd", script: "HOME=/work/secret; cd && cat key"},
	{name: "cd/-", route: "cd", script: "OLDPWD=/work/secret; cd - && cat key"},
	{name: "cd/then relative write", route: "cd", script: "cd /work/out; echo pwned > passwd"},
	{name: "cd/-P then relative", route: "cd", script: "cd -P /work/a; echo pwned > ./passwd"},
	{name: "eval/cat", route: "eval", script: `eval "cat /work/secret/key"`},
	{name: "eval/variable", route: "eval", script: `cmd='rm -f /etc/passwd'; eval "$cmd"`},
	{name: "eval/twice", route: "eval", script: `eval eval "'echo pwned > /work/out/passwd'"`},
	{name: "eval/in a function", route: "eval", script: `f() { eval "$1"; }; f 'mv /work/keep /tmp/k'`},

	// Functions, aliases, command, builtin, env, exec
	{name: "func/rm wrapper", route: "functions", script: `rm() { command rm -f "$@"; }; rm /etc/passwd`},
	{name: "func/cat wrapper", route: "functions", script: `cat() { command cat "$@"; }; cat /work/secret/key`},
	{name: "func/echo redirects", route: "functions", script: `echo() { builtin echo "$@" > /etc/passwd; }; echo pwned; unset -f echo`},
	{name: "func/cd wrapper", route: "functions", script: `cd() { builtin cd /work/secret; }; cd; cat key`},
	{name: "func/test shadowed", route: "functions", script: `test() { return 0; }; test -e /etc/passwd && echo pwned > /etc/passwd`},
	{name: "func/recursion into a denial", route: "functions", script: `f() { [ $1 -gt 0 ] && f $(($1-1)) || rm -f /etc/passwd; }; f 3`},
	{name: "alias/cat", route: "aliases", script: "shopt -s expand_aliases; alias cat='cat /work/secret/key'\ncat"},
	{name: "alias/ls", route: "aliases", script: "shopt -s expand_aliases; alias ls='rm -rf /etc'\nls"},
	{name: "alias/echo", route: "aliases", script: "shopt -s expand_aliases; alias echo='rm -f /work/keep/f'\necho hi\nunalias echo"},
	// aliases are expanded lexically, so a redirection in one works
	{name: "alias/redirect in the value", route: "aliases", script: "shopt -s expand_aliases; alias w='echo pwned >> /work/keep/f'\nw",
		want: []string{"write /work/keep/f: permission denied"}},
	{name: "command/rm", route: "command", script: "command rm /etc/passwd"},
	{name: "command/-p cat", route: "command", script: "command -p cat /work/secret/key"},
	{name: "builtin/cat", route: "builtin", script: "builtin cat /work/secret/key; echo status=$?", check: quiet,
		why: "builtin runs interp's own builtins only: builtin cat fails (silently) before any open", want: []string{"status=1"}},
	{name: "builtin/cd", route: "builtin", script: "builtin cd /work/secret && ls"},
	{name: "builtin/source", route: "builtin", script: "builtin source /work/secret/key"},
	{name: "command/cd", route: "command", script: "command cd /work/secret/ && ls"},
	{name: "command/.", route: "command", script: "command . /work/a/secret"},
	{name: "builtin/echo >", route: "builtin", script: "builtin echo pwned > /etc/passwd"},
	{name: "env/rm", route: "env", script: "env rm /etc/passwd"},
	{name: "env/cat", route: "env", script: "env cat /work/secret/key"},
	{name: "env/-i sh -c", route: "env", script: "env -i sh -c 'echo pwned > /etc/passwd'"},
	{name: "env/PATH", route: "env", script: "env PATH=/work sh -c 'touch /etc/passwd'", check: quiet,
		why: "sh is found along PATH, which /work is alone on: the command is not found"},
	{name: "exec/rm in a subshell", route: "exec", script: "(exec rm /etc/passwd)"},
	{name: "exec/cat in sh -c", route: "exec", script: "sh -c 'exec cat /work/secret/key'"},
	{name: "exec/by path", route: "exec", script: "/bin/sh -c 'rm /work/keep/f'; /usr/bin/cat /etc/secret"},

	// awk, jq, diff
	{name: "awk/system rm", route: "awk system()", script: `awk 'BEGIN { system("rm -f /etc/passwd") }'`},
	{name: "awk/system write", route: "awk system()", script: `awk 'BEGIN { system("echo pwned > /work/out/passwd") }'`},
	{name: "awk/print > new", route: "awk print >", script: `awk 'BEGIN { print "x" > "/etc/x" }'`},
	{name: "awk/print >> keep", route: "awk print >", script: `awk 'BEGIN { print "x" >> "/work/keep/f" }'`},
	{name: "awk/print | command", route: "awk pipes", script: `awk 'BEGIN { print "x" | "cat > /etc/passwd" }'`},
	{name: "awk/command | getline", route: "awk pipes", script: `awk 'BEGIN { "cat /work/secret/key" | getline l; print l }'`},
	{name: "awk/getline < through a link", route: "awk getline <", script: `awk 'BEGIN { getline l < "/work/out/secret"; print l }'`,
		check: audited, why: "getline returns -1 without a word, as in every awk"},
	{name: "jq/--rawfile", route: "jq", script: `jq -n --rawfile s /work/secret/key '$s'`},
	{name: "jq/--slurpfile", route: "jq", script: `jq -n --slurpfile s /etc/secret '$s'`},
	{name: "jq/parse error", route: "jq", script: "jq . /work/secret/key"},
	{name: "diff/two secrets", route: "diff", script: "diff /etc/secret /work/secret/key"},
	{name: "diff/-r", route: "diff", script: "diff -r /work/secret /work/sub"},
	{name: "diff/-u with a link", route: "diff", script: "diff -u /work/out/secret /dev/null"},

	// Pipelines, subshells, background jobs, traps
	{name: "pipe/cat | cat", route: "pipelines", script: "cat /work/secret/key | cat"},
	{name: "pipe/into a writer", route: "pipelines", script: "echo pwned | (cat > /etc/passwd)"},
	{name: "pipe/while read", route: "pipelines", script: `echo pwned | while read -r l; do echo "$l" > /work/keep/f; done`},
	{name: "bg/echo &", route: "background jobs", script: "echo x > /etc/p &\nwait"},
	{name: "bg/group &", route: "background jobs", script: "{ rm -f /etc/passwd; } & wait"},
	{name: "bg/many jobs", route: "background jobs", script: "for i in 1 2 3 4 5; do echo $i >> /work/out/passwd & done; wait"},
	{name: "subst/command substitution write", route: "subshells", script: "x=$(echo pwned > /etc/passwd); echo \"$x\""},
	{name: "subst/command substitution read", route: "subshells", script: "x=$(cat /work/secret/key); echo \"$x\""},
	{name: "trap/EXIT in nested shell", route: "trap", script: `sh -c "trap 'echo x > /etc/t' EXIT; echo in"`},
	{name: "trap/EXIT in a subshell", route: "trap", script: `(trap 'rm -f /etc/passwd' EXIT; true)`, check: quiet,
		why: "interp runs no EXIT trap set in a subshell"},
	{name: "trap/ERR", route: "trap", script: `sh -c "trap 'cat /work/secret/key' ERR; false"`},

	// History: branch, switch and fork fail once git.branch is denied,
	// snapshot and rollback once their kind is.
	{name: "git/branch", route: "git.branch", script: "branch x", git: true, deny: []string{"git.branch"}},
	{name: "git/switch", route: "git.branch", script: "switch main", git: true, deny: []string{"git.branch"}},
	{name: "git/fork", route: "git.branch", script: "fork HEAD x", git: true, deny: []string{"git.branch"}},
	{name: "git/snapshot denied", route: "git.snapshot", script: "echo a > /work/f; snapshot -m mine", git: true, deny: []string{"git.snapshot"}},
	{name: "git/rollback denied", route: "git.rollback", script: "echo changed > /work/f; rollback HEAD; cat /work/f", git: true,
		deny: []string{"git.rollback"}, want: []string{"changed"}},
	{name: "git/diff of the working tree", route: "snapshot diff", script: "echo more >> /work/secret/key; echo y >> /work/f; diff; diff -u",
		check: quiet, why: "a list of changes leaves out what may not be read, as a listing does", hide: []string{"secret"}, want: []string{"+y"}},
	{name: "git/diff of two snapshots", route: "snapshot diff", script: "echo more >> /work/secret/key; snapshot -m two; diff HEAD~1 HEAD; diff -u HEAD~1 HEAD",
		check: quiet, why: "a list of changes leaves out what may not be read, as a listing does", hide: []string{"secret"}},
	{name: "git/status names", route: "snapshot diff", script: "echo more >> /work/secret/key; status; status --json; rollback --dry-run HEAD",
		check: quiet, why: "a list of changes leaves out what may not be read, as a listing does", hide: []string{"secret"}},
	{name: "git/show through links", route: "show", script: "ln -s secret /work/s2; snapshot -m links; show HEAD:/work/out/secret; show HEAD:/work/a/secret; show HEAD:/work/s2/key",
		check: quiet, why: "a snapshot's files are looked up without following links: the paths do not exist there", want: []string{"Not a directory"}},
	{name: "git/show dotdot", route: "show", script: "cd /; show HEAD:work/secret/../secret/key; cd /work/sub; show HEAD:../secret/./key"},
	{name: "git/diff through links", route: "snapshot diff", script: "ln -s secret /work/s2; snapshot -m links; echo x >> /work/secret/key; diff HEAD; diff --json",
		check: quiet, why: "a list of changes leaves out what may not be read, as a listing does", hide: []string{"secret/key"}},
	{name: "git/show the secret", route: "show", script: "show HEAD:/work/secret/key; show HEAD:/etc/secret; cd /work/sub; show HEAD:../secret/key"},
}

func TestGateAdversarial(t *testing.T) {
	t.Parallel()
	cases := gateCases()
	seen := map[string]bool{}
	for _, tc := range cases {
		if seen[tc.name] {
			t.Fatalf("two cases named %q", tc.name)
		}
		seen[tc.name] = true
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.verify(t, runGate(t, "sandbox", tc.deny, tc.script))
		})
	}
}

// TestGateAdversarialMounted runs the suite again on a tree whose /work
// and /etc are host directories mounted copy-on-write (what the suite's
// tree holds there, copied to the host): the gate holds on mounted paths
// as on any other, the mounts' links resolve in the VFS, and the host
// directories never change.
func TestGateAdversarialMounted(t *testing.T) {
	t.Parallel()
	for _, tc := range gateCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var hosts, sums []string
			r := runGate(t, "sandbox", tc.deny, tc.script, func(tree *vfs.Tree, _ *Config) {
				hosts = mountOnHost(t, tree, "/work", "/etc")
				for _, dir := range hosts {
					sums = append(sums, hostSum(t, dir))
				}
			})
			tc.verify(t, r)
			for i, dir := range hosts {
				if got := hostSum(t, dir); got != sums[i] {
					t.Errorf("the host directory of a mount changed:\n%s\nwas\n%s", got, sums[i])
				}
			}
		})
	}
}

// mountOnHost moves what tree holds at each of paths to a new host
// directory, mounted there copy-on-write, and returns the directories.
func mountOnHost(t testing.TB, tree *vfs.Tree, paths ...string) []string {
	t.Helper()
	var dirs []string
	for _, p := range paths {
		dir := t.TempDir()
		err := vfs.WalkDir(tree, p, func(name string, d fs.DirEntry, err error) error {
			if err != nil || name == p {
				return err
			}
			host := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(name, p+"/")))
			info, err := tree.Lstat(name)
			if err != nil {
				return err
			}
			switch {
			case info.IsDir():
				return os.Mkdir(host, info.Mode().Perm())
			case info.Mode()&fs.ModeSymlink != 0:
				target, err := tree.Readlink(name)
				if err != nil {
					return err
				}
				return os.Symlink(target, host)
			}
			data, err := vfs.ReadFile(tree, name)
			if err != nil {
				return err
			}
			return os.WriteFile(host, data, info.Mode().Perm())
		})
		if err != nil {
			t.Fatal(err)
		}
		entries, err := tree.ReadDir(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if err := vfs.RemoveAll(tree, p+"/"+e.Name()); err != nil {
				t.Fatal(err)
			}
		}
		src, err := vfs.OpenHostDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := tree.Mount(p, src, vfs.CopyOnWrite); err != nil {
			t.Fatal(err)
		}
		if ov, err := tree.Overlay(p); err != nil || len(ov) != 0 {
			t.Fatalf("%s is not the host's alone: %v %v", p, ov, err)
		}
		dirs = append(dirs, dir)
	}
	return dirs
}

// hostSum lists a host directory: every path with its mode, and a file's
// content or a link's target.
func hostSum(t testing.TB, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := os.Lstat(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %v", p, info.Mode())
		switch {
		case info.Mode().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, " %q", data)
		case info.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			fmt.Fprintf(&b, " -> %s", target)
		}
		b.WriteByte('\n')
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestGateSymlinkRace flips a link between an allowed and a forbidden
// directory while writes go through it: the check and the operation must
// see the same link.
func TestGateSymlinkRace(t *testing.T) {
	t.Parallel()
	tc := gateCase{
		name: "race/symlink flip", route: "symlink race", check: quiet,
		why: "a write that wins the race is denied; one that loses it is allowed",
		script: `mkdir /work/d; echo ok > /work/d/passwd; ln -s /work/d /work/l
(for i in $(seq 300); do ln -sfn /etc /work/l; ln -sfn /work/d /work/l; done) &
for i in $(seq 300); do echo pwned 2>/dev/null > /work/l/passwd; done; wait`,
	}
	tc.verify(t, runGate(t, "sandbox", nil, tc.script))
}

// TestGateClockAndRandom: under the sandbox, time and randomness are the
// logical clock and the seeded source, the same in every fresh session;
// under developer they are real.
func TestGateClockAndRandom(t *testing.T) {
	t.Parallel()
	const script = `date +%Y; date +%s; echo $SRANDOM $SRANDOM`
	run := func(preset string, deny ...string) string {
		r := runGate(t, preset, deny, script)
		return strings.TrimSuffix(r.stdout, "alive\nstill alive\n")
	}
	a, b := run("sandbox"), run("sandbox")
	if a != b {
		t.Errorf("two sandbox sessions differ:\n%s\n%s", a, b)
	}
	var year, secs int64
	if _, err := fmt.Sscanf(a, "%d\n%d\n", &year, &secs); err != nil || year != 2026 ||
		secs < clock.Epoch.Unix() || secs > clock.Epoch.Unix()+60 {
		t.Errorf("sandbox clock: %q, want the logical clock near %d", a, clock.Epoch.Unix())
	}
	d1, d2 := run("developer"), run("developer")
	if d1 == d2 {
		t.Errorf("two developer sessions agree on the clock and randomness:\n%s", d1)
	}
	l1, l2 := strings.Split(d1, "\n"), strings.Split(a, "\n")
	if l1[1] == l2[1] || l1[2] == l2[2] {
		t.Errorf("developer gives the logical clock or the seeded values:\n%s\n%s", d1, a)
	}
	dropped := run("developer", "clock.read", "random.read")
	if dropped != a {
		t.Errorf("developer without clock.read and random.read:\n%s\nwant the sandbox's\n%s", dropped, a)
	}
}

// TestGateSuiteCatches runs scripts that do what the suite forbids, where
// the set allows it (developer may write /etc) or without any gate in the
// way (the secrets typed in), and checks that the suite's checks see it:
// a suite that cannot fail proves nothing.
func TestGateSuiteCatches(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		preset, script, want string
		check                gateCheck
	}{
		{"developer", "echo x > /etc/passwd", "changed: /etc/passwd", quiet},
		{"developer", ": > /etc/passwd", "changed: /etc/passwd", quiet},
		{"developer", "touch /etc/passwd", "changed: /etc/passwd", quiet},
		{"developer", "chmod 600 /etc/passwd", "changed: /etc/passwd", quiet},
		{"developer", "ln /etc/passwd /work/p", "changed: /etc/passwd", quiet},
		{"developer", "mkdir /etc/d", "created: /etc/d", quiet},
		{"developer", "mkdir /evil", "created: /evil", quiet},
		{"developer", "rm /etc/conf.d/a.conf", "gone: /etc/conf.d/a.conf", quiet},
		{"sandbox", "echo TOPSECRET", "a secret leaked", quiet},
		{"sandbox", "echo workSecret", "a secret leaked", quiet},
		{"sandbox", "echo TOPSECRET | rev", "a secret leaked", quiet},
		{"sandbox", "echo TOPSECRET | base64", "a secret leaked", quiet},
		{"sandbox", "echo WORKSECRET | od -c", "a secret leaked", quiet},
		{"sandbox", "echo WORKSECRET | xxd", "a secret leaked", quiet},
		{"sandbox", "echo WORKSECRET | hexdump -C", "a secret leaked", quiet},
		{"sandbox", "echo TOPSECRET | sha256sum", "a secret leaked", quiet},
		{"sandbox", "echo TOPSECRET | md5sum", "a secret leaked", quiet},
		{"sandbox", "echo x", "no denial reached the audit", worded},
		{"sandbox", "echo 'permission denied (needs x)' >&2", "no denial reached the audit", worded},
		{"sandbox", "test -e /work/secret/key", "stderr does not word a denial", worded},
		{"sandbox", "exit 0", "the session did not go on", quiet},
	} {
		r := runGate(t, tc.preset, nil, tc.script)
		got := strings.Join(gateCase{script: tc.script, check: tc.check, why: "-"}.problems(r), "\n")
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s (%s): the checks found %q, want %q", tc.script, tc.preset, got, tc.want)
		}
	}
	// /work/keep is protected whatever the preset, so changes to it are
	// made on the tree directly.
	for _, tc := range []struct {
		change func(*vfs.Tree) error
		want   string
	}{
		{func(t *vfs.Tree) error { return t.Symlink("/work", "/work/keep/l") }, "created: /work/keep/l"},
		{func(t *vfs.Tree) error { return vfs.RemoveAll(t, "/work/keep") }, "gone: /work/keep"},
		{func(t *vfs.Tree) error { return t.Rename("/work", "/tmp/w") }, "gone: /work/keep/f"},
		{func(t *vfs.Tree) error { return t.Chmod("/work/keep", 0o700) }, "changed: /work/keep"},
		{func(t *vfs.Tree) error { return vfs.WriteFile(t, "/work/keep/f", nil, 0o644) }, "changed: /work/keep/f"},
	} {
		tree := gateTree(t, clock.NewLogical(clock.Epoch))
		r := gateRun{stdout: "alive\nstill alive\n", before: fingerprint(t, tree)}
		if err := tc.change(tree); err != nil {
			t.Fatal(err)
		}
		r.after = fingerprint(t, tree)
		got := strings.Join(gateCase{check: quiet, why: "-"}.problems(r), "\n")
		if !strings.Contains(got, tc.want) {
			t.Errorf("the checks found %q, want %q", got, tc.want)
		}
	}
}
