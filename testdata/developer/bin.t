/bin and /usr/bin are read-only: with every capability, a change there
fails as on a read-only file system.

  $ touch /bin/x
  touch: cannot touch '/bin/x': Read-only file system
  [1]
  $ touch /bin/ls
  touch: cannot touch '/bin/ls': Read-only file system
  [1]
  $ rm /usr/bin/env
  rm: cannot remove '/usr/bin/env': Read-only file system
  [1]
  $ chmod 600 /bin/ls
  chmod: changing permissions of '/bin/ls': Read-only file system
  [1]
  $ echo x > /bin/ls
  moonix: /bin/ls: Read-only file system
  [1]
  $ echo x >> /bin/new
  moonix: /bin/new: Read-only file system
  [1]
  $ mkdir /bin/d
  mkdir: cannot create directory '/bin/d': Read-only file system
  [1]
  $ ln -s ls /usr/bin/l
  ln: failed to create symbolic link '/usr/bin/l': Read-only file system
  [1]
  $ mv /bin/ls /bin/ls2
  mv: cannot move '/bin/ls' to '/bin/ls2': Read-only file system
  [1]
  $ test -w /bin/ls || echo not writable
  not writable
  $ rmdir /bin
  rmdir: failed to remove '/bin': Device or resource busy
  [1]
  $ mv /usr/bin /work
  mv: cannot move '/usr/bin' to '/work/bin': Device or resource busy
  [1]
  $ ls -d /bin /usr/bin
  /bin
  /usr/bin

Nothing changed, for history either:

  $ snapshot -m base
  a44b568
  $ touch /bin/ls 2>/dev/null; status
  $ history | wc -l
  1
