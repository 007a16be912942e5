moonix runs nothing on the host and reads nothing from it. Host programs do
not exist, even by absolute path; moonix's own commands stand in /bin, as
coreutils do:

  $ python3 -c 'print(1)'
  moonix: python3: command not found
  [127]
  $ /usr/bin/python3
  moonix: /usr/bin/python3: No such file or directory
  [127]
  $ git status
  moonix: git: command not found
  [127]
  $ command -v python3 git wget; echo $?
  1
  $ type -P ls; echo $?
  /bin/ls
  0
  $ which ls sh nope
  /bin/ls
  /bin/sh
  [1]
  $ type ls cd if
  ls is /bin/ls
  cd is a shell builtin
  if is a shell keyword

The filesystem is the virtual one, fresh for this session:

  $ ls /
  bin
  dev
  etc
  tmp
  usr
  work
  $ pwd; echo $HOME
  /work
  /work
  $ ls /etc
  $ cat /etc/passwd
  cat: /etc/passwd: No such file or directory
  [1]
  $ cd /opt
  moonix: cd: /opt: No such file or directory
  [1]
  $ echo ~root ~nobody
  /root ~nobody

The environment holds only moonix's own variables:

  $ env | sort
  HOME=/work
  HOSTNAME=moonix
  LOGNAME=user
  PATH=/bin:/usr/bin
  PWD=/work
  SHELL=/bin/sh
  TMPDIR=/tmp
  USER=user
  $ echo $$ $PPID $UID
  100 1 1000
  $ id
  uid=1000(user) gid=1000(user) groups=1000(user)

Process substitution runs in memory, through /dev/fd, with no host fifo:

  $ echo before; cat <(echo x)
  before
  x
  $ eval 'diff <(echo a) <(echo b)'
  1c1
  < a
  ---
  \x3e b (esc)
  [1]

Redirections to paths that would be host paths land in the VFS or fail there:

  $ echo x > /usr/local/x
  moonix: write /usr/local/x: permission denied (needs fs.write:/usr/local/x)
  [1]
  $ echo data > /tmp/sh-interp-123; cat /tmp/sh-interp-123
  data

Permissions are enforced:

  $ echo secret > f; chmod 000 f; cat f
  cat: f: Permission denied
  [1]
  $ [ -r f ] || echo unreadable
  unreadable
  $ chmod 644 f; mkdir d; chmod 300 d; ls d
  ls: cannot open directory 'd': Permission denied
  [2]
  $ cd d
  $ printf 'echo ran\n' > s.sh; ./s.sh
  moonix: ./s.sh: permission denied
  [126]
  $ chmod +x s.sh; ./s.sh
  ran

Devices:

  $ echo gone > /dev/null; cat /dev/null
  $ head -c 4 /dev/zero | od -An -tx1
   00 00 00 00
  $ echo err >/dev/stderr
  err
  $ echo in | cat /dev/stdin
  in
