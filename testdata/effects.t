effects lists the effect log: what a rollback cannot undo (HTTP requests,
reads of the real clock and of real randomness), one effect a line, and,
for audit, every capability denial.

  $ effects --help | head -1
  Usage: effects [--since ID] [--kind KIND]... [--denied | --all] [--json]
  $ effects
  $ effects verify
  effects verify: ok (0 entries)

Under the sandbox preset the clock is logical and randomness seeded:
reading them is no effect, and nothing is logged.

  $ date
  Thu Jan  1 00:00:05 UTC 2026
  $ echo $SRANDOM $EPOCHSECONDS
  354645127 1767225605
  $ mktemp
  /tmp/tmp.kAoGGx0zvp
  $ head -c 4 /dev/urandom | od -An -tx1
   1f a6 c1 35
  $ effects

A denial is logged, for audit: it is no effect, and effects lists the
denials only with --denied (or --all, or --kind denied).

  $ echo x > /etc/x
  moonix: write /etc/x: permission denied (needs fs.write:/etc/x)
  [1]
  $ rmdir /bin
  moonix: remove /bin: permission denied (needs fs.delete:/bin)
  [1]
  $ effects
  $ effects --denied
  b2ba6d037264  1  denied  /etc/x  denied  -
  711cd5b5759a  2  denied  /bin    denied  -
  $ effects --all
  b2ba6d037264  1  denied  /etc/x  denied  -
  711cd5b5759a  2  denied  /bin    denied  -
  $ effects show 2
  id:       711cd5b5759a67957a09b5f714e1b8ac7974a9fbf94640e3888f4c7747607ddd
  seq:      2
  kind:     denied
  target:   /bin
  time:     2026-01-01T00:00:10Z
  snapshot: - (none yet)
  outcome:  denied
  note:     a capability denial, logged for audit: not an effect
  prev:     b2ba6d0372646e21fd95703403516f5314c98746acbfeae76315cfa5668e4f93
  request:  remove
    needs: fs.delete:/bin
  $ effects --denied --json | jq -c '.[] | [.seq, .kind, .target, .outcome, .request.fields.needs, .irreversible]'
  [1,"denied","/etc/x","denied","fs.write:/etc/x",false]
  [2,"denied","/bin","denied","fs.delete:/bin",false]

Each denial names the snapshot that was current:

  $ echo a > a
  $ snapshot -m first
  1ef06b3
  $ touch /etc/y
  moonix: write /etc/y: permission denied (needs fs.write:/etc/y)
  [1]
  $ effects --denied
  b2ba6d037264  1  denied  /etc/x  denied  -
  711cd5b5759a  2  denied  /bin    denied  -
  3f5626c5a2ee  3  denied  /etc/y  denied  1ef06b3
  $ effects --denied --since HEAD
  3f5626c5a2ee  3  denied  /etc/y  denied  1ef06b3
  $ effects verify
  effects verify: ok (3 entries)

A denial that repeats the entry before it (same operation, target,
capability and snapshot: echo and touch both write) is counted rather
than logged again. A loop of denied writes leaves two entries, the second
saying how many more times it happened and when the last was; it is
written when the statement ends, and a later statement that repeats the
same denial adds one more. The log stays append-only.

  $ for i in 1 2 3 4 5 6 7 8 9 10; do echo x > /etc/x; touch /etc/x; done 2>/dev/null
  [1]
  $ for i in 1 2 3 4 5 6 7 8 9 10; do echo x > /etc/x; done 2>/dev/null
  [1]
  $ effects --denied --since HEAD
  3f5626c5a2ee  3  denied  /etc/y  denied            1ef06b3
  ffaac8522353  4  denied  /etc/x  denied            1ef06b3
  321385a66a01  5  denied  /etc/x  denied (19 more)  1ef06b3
  b14700c37626  6  denied  /etc/x  denied (10 more)  1ef06b3
  $ effects show 6 | grep note
  note:     10 more denials like seq 4, the last at 2026-01-01T00:00:31Z: logged for audit, not effects
  $ effects verify
  effects verify: ok (6 entries)

A denial is no effect: rollback has nothing to warn of (see
developer/effects.t for effects that a rollback cannot undo).

  $ echo b > b
  $ rollback --dry-run HEAD
  D /work/b
  $ rollback HEAD
  rollback: unsaved changes (1 path) kept as 4f505b8; 'rollback -' brings them back
  rolled back to 1ef06b3 (first)

Errors:

  $ effects --kind disk
  effects: unknown kind 'disk' (kinds: http, ssh, clock, random, mcp, process, a2a, git-push, git-fetch, mcp-in, a2a-in, denied)
  [2]
  $ effects show
  effects: missing entry
  Try 'effects --help' for more information.
  [2]
  $ effects show 99
  effects: no entry '99' (give its sequence number or 4 characters of its id at least)
  [1]
  $ effects show zz
  effects: no entry 'zz' (give its sequence number or 4 characters of its id at least)
  [1]
  $ effects list
  effects: extra operand 'list'
  Try 'effects --help' for more information.
  [2]
  $ effects verify --all
  effects: verify takes no options
  Try 'effects --help' for more information.
  [2]
  $ effects --since nope
  effects: unknown snapshot "nope"
  [1]
