The minimal preset reads and runs everything and may change nothing: no
writes or deletes anywhere, not even in /work or /tmp, no snapshots, the
logical clock and seeded randomness.

  $ caps
  allow fs.read
  allow fs.exec
  $ caps --json
  {"allow":["fs.read","fs.exec"],"deny":[]}
  $ caps check fs.read /etc/passwd
  allowed: fs.read /etc/passwd (granted by fs.read)
  $ caps check fs.exec /bin/sh
  allowed: fs.exec /bin/sh (granted by fs.exec)
  $ caps check fs.write /work/a
  denied: fs.write /work/a (no grant covers it)
  [1]
  $ caps check fs.delete /tmp/a
  denied: fs.delete /tmp/a (no grant covers it)
  [1]
  $ caps check git.snapshot
  denied: git.snapshot (no grant covers it)
  [1]
  $ caps check clock.read
  denied: clock.read (no grant covers it)
  [1]

Reading and listing work:

  $ ls /
  bin
  dev
  etc
  tmp
  usr
  work
  $ ls /dev
  fd
  null
  random
  stderr
  stdin
  stdout
  urandom
  zero
  $ head -c 4 /dev/zero | od -An -tx1
   00 00 00 00
  $ pwd; ls
  /work

Nothing can be created, changed or removed:

  $ echo x > a
  moonix: write /work/a: permission denied (needs fs.write:/work/a)
  [1]
  $ echo x > /tmp/a
  moonix: write /tmp/a: permission denied (needs fs.write:/tmp/a)
  [1]
  $ touch a; mkdir d; ln -s /etc e
  moonix: write /work/a: permission denied (needs fs.write:/work/a)
  moonix: mkdir /work/d: permission denied (needs fs.write:/work/d)
  moonix: symlink /work/e: permission denied (needs fs.write:/work/e)
  [1]
  $ cp /dev/null .
  moonix: write /work/null: permission denied (needs fs.write:/work/null)
  [1]
  $ echo x | tee a
  moonix: write /work/a: permission denied (needs fs.write:/work/a)
  x
  [1]
  $ rm -r /tmp
  moonix: remove /tmp: permission denied (needs fs.delete:/tmp)
  [1]
  $ mv /dev/null /work/
  moonix: rename /dev/null: permission denied (needs fs.delete:/dev/null)
  [1]
  $ [ -w /work ] || echo /work is not writable
  /work is not writable
  $ sh -c 'echo x > a'
  moonix: write /work/a: permission denied (needs fs.write:/work/a)
  [1]
  $ ls; ls /tmp

No snapshots (rollback has nothing to go back to), and no branches:

  $ snapshot
  moonix: snapshot: permission denied (needs git.snapshot)
  [1]
  $ history
  $ rollback HEAD
  rollback: no snapshots yet (make one with 'snapshot')
  [1]
  $ branch x
  moonix: branch: permission denied (needs git.branch)
  [1]

Commands and nested shells still run, and the clock is logical:

  $ echo 'echo from a script' | sh
  from a script
  $ date
  Thu Jan  1 00:00:29 UTC 2026
