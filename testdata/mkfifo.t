mkfifo makes a FIFO in the filesystem: a pipe between the session's jobs
that has a name.

  $ mkfifo f
  $ ls -l f
  prw-r--r-- 1 user user 0 Jan  1 00:00 f
  $ test -p f && echo a fifo; test -f f || echo not a file
  a fifo
  not a file
  $ stat -c '%F %a %s' f
  fifo 644 0
  $ cat f & echo hi > f; wait
  hi
  $ { echo one; echo two; } > f & tr a-z A-Z < f; wait
  ONE
  TWO
  $ mkfifo -m 600 g; ls -l g
  prw------- 1 user user 0 Jan  1 00:00 g
  $ find . -type p
  ./f
  ./g
  $ mkfifo f
  mkfifo: cannot create fifo 'f': File exists
  [1]
  $ mkfifo -m u+s h
  mkfifo: mode must specify only file permission bits
  [1]

An end waits for the other; O_RDWR does not wait:

  $ exec 3<>f; echo through >&3; read line <&3; echo $line; exec 3>&-
  through
  $ cat f > out & echo late > f; wait; cat out
  late

A wait nobody ends is ended by kill, as any job (and by Ctrl-C or a
limit, as any command):

  $ echo lost > f &
  $ kill %1; wait %1; echo $?
  143
  $ sh -c 'cat f'&
  $ kill $!; wait
  $ cp f copy & kill %1; wait %1; echo $?; ls copy
  143
  ls: cannot access 'copy': No such file or directory
  [2]

Snapshots record a FIFO (git holds an empty file, moonix.json its mode
marked p), never its data; a rollback makes it a FIFO again:

  $ snapshot -m fifos
  [0-9a-f]{7} (re)
  $ rm f g; echo plain > f; status
  M /work/f
  D /work/g
  $ rollback HEAD >/dev/null 2>&1; ls -l f g
  prw-r--r-- 1 user user 0 Jan  1 00:00 f
  prw------- 1 user user 0 Jan  1 00:00 g
  $ cat f & echo again > f; wait
  again
