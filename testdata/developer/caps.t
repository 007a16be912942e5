The developer preset: all of the filesystem, all of git, the real clock,
real randomness and the host environment (env.read; no command reads it
yet). Dropping a capability takes it away for the rest of the session.

  $ caps
  allow fs.read
  allow fs.write
  allow fs.delete
  allow fs.exec
  allow git.snapshot
  allow git.rollback
  allow git.branch
  allow clock.read
  allow random.read
  allow env.read
  $ caps check fs.write /etc/motd
  allowed: fs.write /etc/motd (granted by fs.write)
  $ caps check fs.delete /bin
  allowed: fs.delete /bin (granted by fs.delete)
  $ caps check git.branch
  allowed: git.branch (granted by git.branch)
  $ caps check env.read HOME
  allowed: env.read HOME (granted by env.read)
  $ caps check net.connect example.com:443
  denied: net.connect example.com:443 (no grant covers it)
  [1]
  $ caps check process.spawn node
  denied: process.spawn node (no grant covers it)
  [1]

Writing anywhere:

  $ echo x > /etc/motd; cat /etc/motd; rm /etc/motd
  x

clock.read gives the real wall clock, not the logical one that starts at
2026-01-01 00:00:00:

  $ date
  \w{3} \w{3} [ 0-9]\d \d\d:\d\d:\d\d UTC \d{4} (re)
  $ [ "$(date +%s)" -gt 1767312000 ] && echo later than the logical clock
  later than the logical clock
  $ caps drop clock.read
  $ date
  Thu Jan  1 00:00:13 UTC 2026
  $ caps check clock.read
  denied: clock.read (denied by clock.read)
  [1]

random.read gives real randomness: $SRANDOM differs from run to run
(which one transcript cannot show; it is a number all the same). Without
it, the numbers are the seeded ones the sandbox gets:

  $ caps check random.read
  allowed: random.read (granted by random.read)
  $ case $SRANDOM in *[!0-9]*) echo not a number;; *) echo a number;; esac
  a number
  $ caps drop random.read
  $ echo $SRANDOM
  2507149290

git.branch: branch, switch and fork work. As they rewrite the working
tree, switch and fork also need fs.write and fs.delete on the paths they
would change:

  $ echo one > f; snapshot one
  400302e
  $ branch other; switch other; fork HEAD third
  switched to branch other at 400302e (one)
  forked branch third at 400302e (one)
  $ echo two > f; snapshot two
  9c11850
  $ caps drop fs.write:/work/f
  $ switch main
  moonix: switch /work/f: permission denied (needs fs.write:/work/f)
  [1]
  $ fork HEAD~1 fourth
  moonix: fork /work/f: permission denied (needs fs.write:/work/f)
  [1]
  $ cat f; branch
  two
    main
    other
  * third

Without git.branch, none of them works:

  $ caps drop git.branch
  $ branch fifth
  moonix: branch: permission denied (needs git.branch)
  [1]
  $ switch other
  moonix: switch: permission denied (needs git.branch)
  [1]
  $ fork HEAD fifth
  moonix: fork: permission denied (needs git.branch)
  [1]
  $ branch
    main
    other
  * third

Reading a file of a snapshot needs fs.read on its path; a tree diff leaves
out the files you may not read, as a listing does:

  $ caps drop fs.read:/work/private/**
  $ mkdir private; echo p > private/p; snapshot private
  f48901b
  $ show HEAD:private/p
  moonix: read /work/private/p: permission denied (needs fs.read:/work/private/p)
  [1]
  $ diff HEAD~1 HEAD
  $ status
