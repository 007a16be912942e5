chmod sets permissions from an octal mode or symbolic clauses.

  $ touch a
  $ chmod 755 a
  $ stat -c %A a
  -rwxr-xr-x
  $ chmod u=rw,go=r a
  $ stat -c %A a
  -rw-r--r--
  $ chmod g+w,o-r a
  $ stat -c %A a
  -rw-rw----
  $ chmod o=g a
  $ stat -c %A a
  -rw-rw-rw-
  $ chmod a-w a
  $ stat -c %A a
  -r--r--r--
  $ chmod 4755 a
  $ stat -c '%a %A' a
  4755 -rwsr-xr-x
  $ chmod u-x,+t a
  $ stat -c '%a %A' a
  5655 -rwSr-xr-t

A mode like -w is not an option. Clauses without u/g/o/a respect the umask
(022 here), and chmod says so when that leaves bits it was asked to change.

  $ chmod 666 a
  $ chmod -w a
  chmod: a: new permissions are r--rw-rw-, not r--r--r--
  [1]
  $ chmod +x a
  $ stat -c %A a
  -r-xrwxrwx

X adds execute only to directories and files that already have some:

  $ mkdir d
  $ touch d/f
  $ chmod -R a-x d/f
  $ chmod 600 d/f
  $ chmod -R a+X d
  $ stat -c '%A %n' d d/f
  drwxr-xr-x d
  -rw------- d/f

-v and -c report; -R recurses; --reference copies another file's mode.

  $ chmod -v 700 d
  mode of 'd' changed from 0755 (rwxr-xr-x) to 0700 (rwx------)
  $ chmod -c 700 d
  $ chmod -Rv go= d
  mode of 'd' retained as 0700 (rwx------)
  mode of 'd/f' retained as 0600 (rw-------)
  $ chmod --reference=d a
  $ stat -c %a a
  700

Errors:

  $ chmod 999 a
  chmod: invalid mode: '999'
  Try 'chmod --help' for more information.
  [1]
  $ chmod 644 nope
  chmod: cannot access 'nope': No such file or directory
  [1]
  $ chmod 644
  chmod: missing operand after '644'
  Try 'chmod --help' for more information.
  [1]
