fs.exec guards running a file of the VFS as a program: by path, found on
PATH, through a symlink, from any command that runs others. The sandbox
may run everything; here we drop running /work/bin/hi.

  $ mkdir bin; printf '#!/bin/sh\necho ran\n' > bin/hi; chmod +x bin/hi; cp bin/hi bin/ok
  $ caps drop fs.exec:/work/bin/hi
  $ caps check fs.exec bin/hi
  denied: fs.exec /work/bin/hi (denied by fs.exec:/work/bin/hi)
  [1]
  $ caps check fs.exec bin/ok
  allowed: fs.exec /work/bin/ok (granted by fs.exec)

  $ bin/hi
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ ./bin/../bin/hi
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ /work/bin/hi
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ bin/ok
  ran
  $ export PATH=/work/bin:$PATH; hi
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ ln -s bin/hi link; ./link
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ [ -x bin/hi ] || echo not executable
  not executable
  $ [ -x bin/ok ] && echo executable
  executable
  $ type hi
  hi is hashed (/work/bin/hi)

Every route to a command: nested shells, eval, functions, command,
exec, env, xargs, find -exec, awk system():

  $ sh -c hi
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ eval hi
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ f() { hi; }; f
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ command hi
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ (exec hi)
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ env hi
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ echo arg | xargs hi
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  [126]
  $ find bin -name hi -exec {} \;
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)
  $ awk 'BEGIN { system("hi") }'
  moonix: exec /work/bin/hi: permission denied (needs fs.exec:/work/bin/hi)

Running a file also reads it: without fs.read on it, it runs neither as
a program nor through sh, and a PATH search does not see it (as a
listing would not):

  $ caps drop fs.read:/work/bin/ok
  $ bin/ok
  moonix: stat /work/bin/ok: permission denied (needs fs.read:/work/bin/ok)
  [126]
  $ sh bin/ok
  moonix: read /work/bin/ok: permission denied (needs fs.read:/work/bin/ok)
  [126]
  $ ok
  moonix: ok: command not found
  [127]

fs.exec is about running a file as a program. Reading it is fs.read:
`sh FILE` and `source FILE` read the file and run its text, as they would
a file without the executable bit, so they are not refused. Nor is a copy
elsewhere, since the rule names a path: drop fs.exec:/work/** (or
fs.read on the file) to keep it from running at all.

  $ sh bin/hi
  ran
  $ source bin/hi
  ran
  $ cp bin/hi copy; ./copy
  ran
  $ caps drop fs.exec:/work/**
  $ ./copy
  moonix: exec /work/copy: permission denied (needs fs.exec:/work/copy)
  [126]
