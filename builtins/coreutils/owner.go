package coreutils

// Owners' names, from the sandbox's one identity.

import (
	"strconv"

	"github.com/moonix-sh/moonix/builtins"
)

// userName names a uid from the sandbox's identity.
func userName(c *builtins.Call, uid uint32) string {
	switch {
	case int(uid) == c.Who.UID && c.Who.User != "":
		return c.Who.User
	case uid == 0:
		return "root"
	}
	return strconv.FormatUint(uint64(uid), 10)
}

// groupName names a gid from the sandbox's identity.
func groupName(c *builtins.Call, gid uint32) string {
	switch {
	case int(gid) == c.Who.GID && c.Who.Group != "":
		return c.Who.Group
	case gid == 0:
		return "root"
	}
	return strconv.FormatUint(uint64(gid), 10)
}
