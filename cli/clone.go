package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/moonix-sh/moonix/caps"
	"github.com/moonix-sh/moonix/shell"
	"github.com/moonix-sh/moonix/vfs"
)

// cloneCommand is `moonix clone URL DIR`: a new workspace in DIR whose
// history is a copy of the remote URL's, with URL as its remote origin.
func (p *Program) cloneCommand(std stdio, o *options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "clone URL DIR",
		Short: "make a workspace from a remote's history",
		Long: `clone makes the workspace DIR (missing or empty) a copy of the history of
the remote URL: a bare git repository on the host (a path, or
file:///PATH), over HTTP (http://, https://) or over ssh
(ssh://[USER@]HOST[:PORT]/PATH, [USER@]HOST:PATH), such as a workspace's
push made. Every branch of the remote becomes a branch, URL becomes the
remote origin, and the tree, the exported environment and the working
directory are those of the newest snapshot of the remote's current
branch (main when it names none). Over ssh, the host key must be known
from --env MOONIX_SSH_KNOWN_HOSTS=LINES (known_hosts lines), and the key
comes from --env MOONIX_SSH_KEY (with MOONIX_SSH_PASSPHRASE for an
encrypted one) or the agent of --ssh-agent SOCKET: nothing of the host's
~/.ssh is read. Capabilities do not apply: this is you acting
outside the sandbox. The fetch is kept in the workspace's effect log.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 2 {
				return usageErr("clone: want two operands: URL DIR")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			url, dir := args[0], args[1]
			if !strings.Contains(url, "://") && !vfs.IsSSH(url) {
				abs, err := filepath.Abs(url)
				if err != nil {
					return &exitError{status: 1, msg: "clone: " + err.Error()}
				}
				url = abs
			}
			entries, err := os.ReadDir(dir)
			switch {
			case err == nil && len(entries) > 0:
				return &exitError{status: 1, msg: fmt.Sprintf("clone: destination path '%s' already exists and is not an empty directory", dir)}
			case err != nil && !os.IsNotExist(err):
				return hostPathError("clone: "+dir, err, 1)
			}
			set, serr := o.capSet(caps.DefaultPreset)
			if serr != nil {
				return serr
			}
			env, serr := p.environ(o.env, set)
			if serr != nil {
				return serr
			}
			made := err != nil // DIR did not exist
			fmt.Fprintf(std.err, "Cloning into '%s'...\n", dir)
			o.workspace, o.ephemeral = dir, false
			ws, err := p.openWorkspace(cmd.Context(), o, std.err)
			if err != nil {
				return err
			}
			_, err = shell.Clone(cmd.Context(), shell.CloneConfig{
				Repo: ws.repo, URL: url, Dial: p.Dial, Lookup: p.Lookup, Effects: ws.effects,
				Env: env, SSHAgent: p.agent(o),
			})
			ws.close()
			if err != nil {
				// leave nothing behind, as git does
				if made {
					os.RemoveAll(dir)
				} else if entries, rerr := os.ReadDir(dir); rerr == nil {
					for _, e := range entries {
						os.RemoveAll(filepath.Join(dir, e.Name()))
					}
				}
				var said interface{ Detail() string }
				if errors.As(err, &said) {
					io.WriteString(std.err, said.Detail())
				}
				return &exitError{status: 1, msg: "clone: " + err.Error()}
			}
			return nil
		},
	}
	return cmd
}
