package a2a

import (
	"fmt"
	"strings"

	sdk "github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/moonix-sh/moonix/agent"
)

// states are the task states of A2A 1.0, by the names moonix prints
// (the protocol's, lower case, without TASK_STATE_).
var states = []sdk.TaskState{
	sdk.TaskStateSubmitted, sdk.TaskStateWorking, sdk.TaskStateInputRequired, sdk.TaskStateAuthRequired,
	sdk.TaskStateCompleted, sdk.TaskStateFailed, sdk.TaskStateCanceled, sdk.TaskStateRejected,
}

// StateName is how moonix prints a state: "completed", "input-required".
func StateName(s sdk.TaskState) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(s.String(), "TASK_STATE_")), "_", "-")
}

// ParseState reads a state as moonix prints it or as the protocol
// spells it.
func ParseState(name string) (sdk.TaskState, error) {
	for _, s := range states {
		if strings.EqualFold(name, StateName(s)) || strings.EqualFold(name, string(s)) {
			return s, nil
		}
	}
	names := make([]string, len(states))
	for i, s := range states {
		names[i] = StateName(s)
	}
	return "", fmt.Errorf("unknown state %q (states: %s)", name, strings.Join(names, ", "))
}

// known reports whether s is a state of the protocol.
func known(s sdk.TaskState) bool {
	for _, k := range states {
		if s == k {
			return true
		}
	}
	return false
}

// StateError is a task in a state the protocol does not have: an
// error, never taken for "still working".
type StateError struct {
	Task  sdk.TaskID
	State sdk.TaskState
}

func (e *StateError) Error() string {
	return fmt.Sprintf("task %s is in unknown state %q", e.Task, e.State.String())
}

// Status is the exit status of a command that leaves a task in state s:
// 0 completed (or still under way), 1 failed, rejected or canceled, 4
// input or authentication required.
func Status(s sdk.TaskState) int {
	switch s {
	case sdk.TaskStateFailed, sdk.TaskStateRejected, sdk.TaskStateCanceled:
		return agent.StatusToolError
	case sdk.TaskStateInputRequired, sdk.TaskStateAuthRequired:
		return agent.StatusInputRequired
	}
	return agent.StatusOK
}
