package shell

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moonix-sh/moonix/effects"
)

// A loop of denied writes to ever new paths cannot fill the host's disk:
// the workspace's log rotates its denials out within its bound, and its
// chain still verifies.
func TestDenialLoopBounded(t *testing.T) {
	t.Parallel()
	const max = 8 << 10
	dir := t.TempDir()
	log, err := effects.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	log.MaxBytes = max
	r := runNet(t, Config{Effects: log},
		`i=0; while [ $i -lt 400 ]; do echo x > /etc/$i; echo x > /etc/$i; i=$((i+1)); done 2>/dev/null; effects verify`)
	if r.status != 0 || !strings.Contains(r.out, "effects verify: ok (") || !strings.Contains(r.out, "older entries of denials rotated out") {
		t.Errorf("status %d, out %q, err %q", r.status, r.out, r.err)
	}
	var size int64
	filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			size += info.Size()
		}
		return nil
	})
	if bound := int64(max + 2*max/8); size > bound {
		t.Errorf("the log holds %d bytes on disk, bound %d", size, bound)
	}
}

// When the effects fill the log, a new request is refused before it is
// sent, and the real clock and randomness stop being granted (once, with
// a message): nothing irreversible happens unrecorded.
func TestFullLogRefusesEffects(t *testing.T) {
	t.Parallel()
	srv := newTestServer(t)
	cfg := netConfig(t, "clock.read", "random.read")
	cfg.Effects.MaxBytes = 4 << 10
	r := runNet(t, cfg, fmt.Sprintf(`
		for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
			curl -sS -o /dev/null %s/ || { echo "curl $i: $?"; break; }
		done
		for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do date +%%Y; done | sort -u
		caps check clock.read`, srv.URL))
	for _, want := range []string{
		"curl: (55) Failed sending network data: the effect log cannot record the request: effect log full: it holds 4096 bytes of effects, which are never dropped\n",
		"moonix: the effect log is full: clock.read and random.read are dropped (time is logical and randomness seeded from now on)\n",
	} {
		if strings.Count(r.err, want) != 1 {
			t.Errorf("stderr %q lacks %q once", r.err, want)
		}
	}
	if !strings.Contains(r.out, "curl ") || !strings.Contains(r.out, "\n2026\n") || !strings.Contains(r.out, "denied") {
		t.Errorf("stdout %q", r.out)
	}
	es := entries(t, r.log)
	var begins, ends int
	for _, e := range es {
		switch {
		case e.Kind == effects.HTTP && e.Phase == effects.PhaseBegin:
			begins++
		case e.Kind == effects.HTTP && e.Phase == effects.PhaseEnd:
			ends++
		}
	}
	if begins == 0 || begins != ends || int64(begins) != srv.hits.Load() {
		t.Errorf("%d begins, %d ends, %d requests served", begins, ends, srv.hits.Load())
	}
	if _, err := r.log.Verify(); err != nil {
		t.Error(err)
	}
}
