install copies files and sets their mode (rwxr-xr-x unless -m); -d makes
directories, -D the ones leading to DEST. Not being root, it may not give
a file to another owner.

  $ echo hi > tool
  $ install -v -m 644 tool bin/tool
  'tool' -> 'bin/tool'
  install: cannot create regular file 'bin/tool': No such file or directory
  [1]
  $ install -D -m 644 tool bin/tool; stat -c '%a %n' bin/tool
  644 bin/tool
  $ install -d -v share/doc
  install: creating directory 'share'
  install: creating directory 'share/doc'
  $ install -o root tool x
  install: cannot change ownership of 'x': Operation not permitted
  [1]
