moonix's commands stand in /bin and /usr/bin as files, as coreutils do on
a GNU system: a read-only view of the commands that exist, so that ls,
test, find and stat agree with which, type and command -v.

  $ ls /bin | head -4
  [
  a2a
  atomic
  awk
Every entry is a command on PATH, every command that is not part of the
shell itself has its entry, and both directories list the same:

  $ for c in $(ls /bin); do [ "$(type -P "$c")" = "/bin/$c" ] || echo "not a command: $c"; done
  $ help --json | jq -r '.[].name' | while read -r c; do [ "$(type -t "$c")" != file ] || [ -x "/bin/$c" ] || echo "missing: $c"; done
  $ [ "$(ls /bin)" = "$(ls /usr/bin)" ] && echo same
  same
  $ ls -l /usr/bin | sed -n '/ ls$/p'
  -rwxr-xr-x 1 user user 84 Jan  1 00:00 ls
  $ test -x /bin/sh && echo executable
  executable
  $ [ -e /usr/bin/env ] && [ -f /bin/cat ] && echo exists
  exists
  $ [ -e /bin/python3 ] || echo no python3
  no python3
  $ find /bin /usr/bin -name ls
  /bin/ls
  /usr/bin/ls
  $ stat -c '%n %A %s %F' /bin/ls
  /bin/ls -rwxr-xr-x 80 regular file
  $ which ls; command -v ls; type -a ls | head -2
  /bin/ls
  /bin/ls
  ls is /bin/ls
  ls is /usr/bin/ls
  $ for f in /bin/*; do [ "$(command -v "${f#/bin/}")" = "$f" ] || [ "$(type -t "${f#/bin/}")" = builtin ] || echo "$f disagrees"; done

Running one runs the command; reading one shows a script that runs it,
so a copy runs it too:

  $ /bin/ls -d /work; /usr/bin/env printf '%s\n' via-env
  /work
  via-env
  $ cat /bin/ls
  #!/bin/sh
  # ls is built into moonix: this file stands for it.
  exec /bin/ls "$@"
  $ cp /bin/ls /work/myls && /work/myls -d /tmp
  /tmp

The gate applies there as anywhere: the sandbox preset writes only under
/work and /tmp:

  $ touch /bin/ls
  moonix: touch /bin/ls: permission denied (needs fs.write:/bin/ls)
  [1]
  $ rm /usr/bin/env
  moonix: remove /usr/bin/env: permission denied (needs fs.delete:/usr/bin/env)
  [1]

History does not record them:

  $ status
  A /bin
  A /dev
  A /dev/fd
  A /dev/stderr
  A /dev/stdin
  A /dev/stdout
  A /etc
  A /tmp
  A /work
  A /work/myls
  $ snapshot -m first
  b93a24a
  $ ls /usr/bin >/dev/null; cat /bin/sh >/dev/null
  $ status
  $ diff
