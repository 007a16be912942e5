package a2a

import (
	"testing"

	sdk "github.com/a2aproject/a2a-go/v2/a2a"
)

func TestStates(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		state  sdk.TaskState
		name   string
		status int
		stops  bool
	}{
		{sdk.TaskStateSubmitted, "submitted", 0, false},
		{sdk.TaskStateWorking, "working", 0, false},
		{sdk.TaskStateInputRequired, "input-required", 4, true},
		{sdk.TaskStateAuthRequired, "auth-required", 4, true},
		{sdk.TaskStateCompleted, "completed", 0, true},
		{sdk.TaskStateFailed, "failed", 1, true},
		{sdk.TaskStateCanceled, "canceled", 1, true},
		{sdk.TaskStateRejected, "rejected", 1, true},
	} {
		if got := StateName(tc.state); got != tc.name {
			t.Errorf("StateName(%s) = %q", tc.state, got)
		}
		for _, spelling := range []string{tc.name, string(tc.state), "Task_State_" + string(tc.state[len("TASK_STATE_"):])} {
			if got, err := ParseState(spelling); got != tc.state || err != nil {
				t.Errorf("ParseState(%q) = %s, %v", spelling, got, err)
			}
		}
		if Status(tc.state) != tc.status || Stopped(tc.state) != tc.stops || !known(tc.state) {
			t.Errorf("%s: status %d, stopped %v", tc.name, Status(tc.state), Stopped(tc.state))
		}
	}
	if _, err := ParseState("done"); err == nil {
		t.Error("ParseState took done")
	}
	if known("TASK_STATE_PONDERING") || known(sdk.TaskStateUnspecified) {
		t.Error("an unknown state is known")
	}
}

// The tracker builds a task from a stream's events: appended chunks join
// their artifact, a chunk that does not append replaces it, and a task
// read again replaces what was built.
func TestTracker(t *testing.T) {
	t.Parallel()
	info := sdk.TaskInfo{TaskID: "t", ContextID: "c"}
	var tr tracker
	tr.add(sdk.NewStatusUpdateEvent(info, sdk.TaskStateWorking, nil))
	first := sdk.NewArtifactUpdateEvent(info, "a", sdk.NewTextPart("one"))
	more := sdk.NewArtifactUpdateEvent(info, "a", sdk.NewTextPart(" two")) // appends
	other := sdk.NewArtifactUpdateEvent(info, "b", sdk.NewTextPart("b"))
	tr.add(first)
	tr.add(more)
	tr.add(other)
	if got := tr.task; got.ID != "t" || got.ContextID != "c" || got.Status.State != sdk.TaskStateWorking || len(got.Artifacts) != 2 || partsText(got.Artifacts[0].Parts) != "one two" {
		t.Fatalf("task %+v", got)
	}
	if len(first.Artifact.Parts) != 1 {
		t.Error("appending changed the event's artifact")
	}
	replace := sdk.NewArtifactUpdateEvent(info, "a", sdk.NewTextPart("new"))
	replace.Append = false
	tr.add(replace)
	if partsText(tr.task.Artifacts[0].Parts) != "new" {
		t.Errorf("a chunk that does not append: %q", partsText(tr.task.Artifacts[0].Parts))
	}
	tr.add(&sdk.Task{ID: "t", ContextID: "c", Status: sdk.TaskStatus{State: sdk.TaskStateCompleted}})
	if len(tr.task.Artifacts) != 0 || tr.task.Status.State != sdk.TaskStateCompleted {
		t.Errorf("the task read again: %+v", tr.task)
	}
	tr.add(sdk.NewMessage(sdk.MessageRoleAgent, sdk.NewTextPart("hi")))
	if tr.msg == nil {
		t.Error("a message was not kept")
	}
}
