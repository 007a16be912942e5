package effects

// Effect is one operation as listings show it: a one-part entry, or a
// begin entry with its end (nil until the operation finished; a begin
// whose end never came is an operation whose outcome is unknown).
type Effect struct {
	Entry        // the begin or one-part entry
	End   *Entry // the end of a two-part entry
}

// Outcome is the effect's outcome: its own, its end's, or "unknown
// outcome" for a begin without an end.
func (e Effect) Outcome() string {
	switch {
	case e.Phase != PhaseBegin:
		return e.Entry.Outcome
	case e.End == nil:
		return OutcomeUnknown
	}
	return e.End.Outcome
}

// Irreversible reports whether the effect may have changed something
// outside the sandbox: an audit entry (a denial, an inbound call) did
// not, nor did an operation refused before it started, nor a push that
// found the remote up to date.
func (e Effect) Irreversible() bool {
	switch {
	case e.Kind.Audit(), e.Outcome() == OutcomeDenied:
		return false
	case e.Kind == GitPush && e.Outcome() == OutcomeUpToDate:
		return false
	}
	return true
}

// Collapse pairs begin and end entries into effects, in the order the
// operations began. An end whose begin is not among entries stands alone.
func Collapse(entries []Entry) []Effect {
	var out []Effect
	begins := map[int64]int{} // a begin's Seq -> its index in out
	for i := range entries {
		e := entries[i]
		if e.Phase == PhaseEnd {
			if j, ok := begins[e.Begin]; ok {
				out[j].End = &e
				continue
			}
		}
		if e.Phase == PhaseBegin {
			begins[e.Seq] = len(out)
		}
		out = append(out, Effect{Entry: e})
	}
	return out
}

// After returns the effects that began after position pos (a Position
// kept by a snapshot).
func After(effects []Effect, pos int64) []Effect {
	for i, e := range effects {
		if e.Seq > pos {
			return effects[i:]
		}
	}
	return nil
}
