fs.delete guards removing entries: rm, rmdir, moving a file away, find
-delete. The sandbox may delete under /work and /tmp only; here we also
drop deleting in /work/keep. Writing there is still allowed.

  $ mkdir -p keep/d keep/sub; echo keep > keep/f; echo sub > keep/sub/s
  $ caps drop fs.delete:/work/keep/**
  $ caps check fs.delete keep/f
  denied: fs.delete /work/keep/f (denied by fs.delete:/work/keep/**)
  [1]
  $ caps check fs.write keep/f
  allowed: fs.write /work/keep/f (granted by fs.write:/work/**)

  $ rm -r /etc; rmdir /bin
  moonix: remove /etc: permission denied (needs fs.delete:/etc)
  moonix: remove /bin: permission denied (needs fs.delete:/bin)
  [1]
  $ rm keep/f
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  [1]
  $ rm -f keep/f
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  [1]
  $ rm -r keep
  moonix: remove /work/keep/d: permission denied (needs fs.delete:/work/keep/d)
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  moonix: remove /work/keep/sub/s: permission denied (needs fs.delete:/work/keep/sub/s)
  [1]
  $ rmdir keep/d
  moonix: remove /work/keep/d: permission denied (needs fs.delete:/work/keep/d)
  [1]
  $ mv keep/f f
  moonix: rename /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  [1]
  $ mv keep/sub /tmp/
  moonix: rename /work/keep/sub: permission denied (needs fs.delete:/work/keep/sub)
  [1]
  $ find keep -name f -delete
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  [1]
  $ echo keep/f | xargs rm
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  [123]
  $ find keep -name s -exec rm {} \;
  moonix: remove /work/keep/sub/s: permission denied (needs fs.delete:/work/keep/sub/s)
  $ cd keep; rm f; rm ../keep/sub/s; cd ..
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  moonix: remove /work/keep/sub/s: permission denied (needs fs.delete:/work/keep/sub/s)

Through nested shells, eval, functions and aliases named like builtins,
command, exec, env and awk system():

  $ sh -c 'rm keep/f'
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  [1]
  $ eval 'rm keep/f'
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  [1]
  $ rm() { command rm "$@"; }; rm keep/f; unset -f rm
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  $ shopt -s expand_aliases; alias rm='rm -f'
  $ rm keep/f; unalias rm
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  $ command rm keep/f
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  [1]
  $ (exec rm -r keep)
  moonix: remove /work/keep/d: permission denied (needs fs.delete:/work/keep/d)
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)
  moonix: remove /work/keep/sub/s: permission denied (needs fs.delete:/work/keep/sub/s)
  [1]
  $ env rmdir keep/d
  moonix: remove /work/keep/d: permission denied (needs fs.delete:/work/keep/d)
  [1]
  $ awk 'BEGIN { system("rm keep/f") }'
  moonix: remove /work/keep/f: permission denied (needs fs.delete:/work/keep/f)

Writing is not deleting: the file can still be changed, and replaced by a
rename (which deletes only the source's old name):

  $ echo changed > keep/f; cat keep/f
  changed
  $ echo new > n; mv n keep/f; cat keep/f
  new
  $ find keep | sort
  keep
  keep/d
  keep/f
  keep/sub
  keep/sub/s
