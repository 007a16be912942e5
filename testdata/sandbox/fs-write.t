fs.write guards creating and changing files and directories: redirects,
every command that writes, mkdir, links, chmod, touch. The sandbox may
write under /work and /tmp only; here we also drop writing /work/keep and
try every route. A refused write changes nothing: the check comes before
the file is opened, so nothing is created or truncated.

  $ echo keep > f; caps drop fs.write:/work/f
  $ echo x > f; cat f
  moonix: write /work/f: permission denied (needs fs.write:/work/f)
  keep

Removing is fs.delete, which is still granted: f can go, but not come
back.

  $ rm f; echo x > f
  moonix: write /work/f: permission denied (needs fs.write:/work/f)
  [1]
  $ ls

Now a whole directory:

  $ mkdir keep; echo keep > keep/f; echo src > src
  $ caps drop fs.write:/work/keep/**

Outside /work and /tmp, by any spelling, or through a symlink made inside
/work that points out of it:

  $ echo x > /etc/motd
  moonix: write /etc/motd: permission denied (needs fs.write:/etc/motd)
  [1]
  $ echo x > /work/../etc/motd
  moonix: write /etc/motd: permission denied (needs fs.write:/etc/motd)
  [1]
  $ ln -s /etc out; echo x > out/motd
  moonix: write /etc/motd: permission denied (needs fs.write:/etc/motd)
  [1]
  $ ln -s /etc/new dangling; echo x > dangling
  moonix: write /etc/new: permission denied (needs fs.write:/etc/new)
  [1]
  $ ln -s t s; ln -s . t; p=s$(printf '/s%.0s' $(seq 18))/t; echo x > $p/out/motd
  moonix: write /etc/motd: permission denied (needs fs.write:/etc/motd)
  [1]
  $ p=s$(printf '/s%.0s' $(seq 19)); echo x > $p/out/motd; touch $p/out/motd; cat /etc/motd
  moonix: s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/out/motd: Too many levels of symbolic links
  touch: cannot touch 's/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/out/motd': Too many levels of symbolic links
  cat: /etc/motd: No such file or directory
  [1]
  $ mkdir /etc/d; touch /bin/t
  moonix: mkdir /etc/d: permission denied (needs fs.write:/etc/d)
  moonix: write /bin/t: permission denied (needs fs.write:/bin/t)
  [1]
  $ ls /etc
  $ echo ok > /tmp/t; cat /tmp/t
  ok

Redirections: none of them creates or truncates anything.

  $ echo x > keep/f
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ echo x >> keep/f
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ echo x 2> keep/f
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ echo x &> keep/f
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ : > keep/new
  moonix: write /work/keep/new: permission denied (needs fs.write:/work/keep/new)
  [1]
  $ cat > keep/f <<END
  > here-doc
  > END
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ cat keep/f; ls keep
  keep
  f

<> and >| are not supported by the interpreter yet: they are refused
before anything is opened.

  $ cat <> keep/f
  unhandled redirect op: <>
  [1]
  $ echo x >| keep/f
  unhandled redirect op: >|
  [1]
  $ cat keep/f
  keep

Every command that writes:

  $ touch keep/f keep/new
  moonix: touch /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  moonix: write /work/keep/new: permission denied (needs fs.write:/work/keep/new)
  [1]
  $ mkdir keep/d
  moonix: mkdir /work/keep/d: permission denied (needs fs.write:/work/keep/d)
  [1]
  $ mkdir -p keep/a/b
  moonix: mkdir /work/keep/a: permission denied (needs fs.write:/work/keep/a)
  [1]
  $ cp src keep/f
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ cp src keep/
  moonix: write /work/keep/src: permission denied (needs fs.write:/work/keep/src)
  [1]
  $ cp -r keep keep2; cp keep2/f keep/g
  moonix: write /work/keep/g: permission denied (needs fs.write:/work/keep/g)
  [1]
  $ mv src keep/
  moonix: rename /work/keep/src: permission denied (needs fs.write:/work/keep/src)
  [1]
  $ ln src keep/hard
  moonix: link /work/keep/hard: permission denied (needs fs.write:/work/keep/hard)
  [1]
  $ ln -s ../src keep/soft
  moonix: symlink /work/keep/soft: permission denied (needs fs.write:/work/keep/soft)
  [1]

-f does not remove a destination it may not write: that would lose it and
still fail.

  $ cp -f src keep/f
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ ln -sf src keep/f
  moonix: symlink /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ cat keep/f
  keep

The rest:

  $ echo x | tee keep/f
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  x
  [1]
  $ sed -i s/keep/x/ keep/f
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [4]
  $ chmod 600 keep/f
  moonix: chmod /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ sort -o keep/f src
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [2]
  $ uniq src keep/f
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ mktemp -p keep
  moonix: write /work/keep/tmp.xkAoGGx0zv: permission denied (needs fs.write:/work/keep/tmp.xkAoGGx0zv)
  [1]
  $ printf 'a\n' | awk '{ print > "keep/f" }'
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [2]
  $ awk 'BEGIN { print "x" >> "keep/f" }'
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [2]
  $ ls -l keep
  total 1
  -rw-r--r-- 1 user user 5 Jan  1 00:00 f
  $ cat keep/f
  keep

cd into the directory is allowed (reading is), but relative writes from
there are refused:

  $ cd keep; echo x > f; touch new; echo x > ../keep/f; cd ..
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  moonix: write /work/keep/new: permission denied (needs fs.write:/work/keep/new)
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)

test -w says what a write would do:

  $ [ -w keep/f ] || echo not writable
  not writable
  $ [ -w /etc ] || echo not writable
  not writable
  $ [ -w src ] && echo writable
  writable

Nested shells, eval, functions and aliases named like builtins, command,
exec, env, xargs, find -exec and awk system() all reach the same gate:

  $ sh -c 'echo x > keep/f'
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ eval 'touch keep/f'
  moonix: touch /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ touch() { command touch "$@"; }; touch keep/f; unset -f touch
  moonix: touch /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  $ shopt -s expand_aliases; alias cp='cp -f'
  $ cp src keep/f; unalias cp
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  $ command cp src keep/f
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ builtin command mkdir keep/e
  moonix: mkdir /work/keep/e: permission denied (needs fs.write:/work/keep/e)
  [1]
  $ (exec touch keep/f)
  moonix: touch /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [1]
  $ env mkdir keep/e
  moonix: mkdir /work/keep/e: permission denied (needs fs.write:/work/keep/e)
  [1]
  $ echo keep/f | xargs touch
  moonix: touch /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  [123]
  $ find keep -name f -exec cp src {} \;
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)
  $ awk 'BEGIN { system("echo x > keep/f") }'
  moonix: write /work/keep/f: permission denied (needs fs.write:/work/keep/f)

keep is as it was:

  $ ls -l keep; cat keep/f
  total 1
  -rw-r--r-- 1 user user 5 Jan  1 00:00 f
  keep
