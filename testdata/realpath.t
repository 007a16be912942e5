realpath prints absolute names with every symlink, . and .. resolved.

  $ mkdir -p d/sub
  $ touch d/file
  $ ln -s d/sub link
  $ realpath link d/./file . ..
  /work/d/sub
  /work/d/file
  /work
  /
  $ realpath link/new
  /work/d/sub/new
  $ realpath missing/new
  realpath: missing/new: No such file or directory
  [1]
  $ realpath -e link/new
  realpath: link/new: No such file or directory
  [1]
  $ realpath -m missing/../new
  /work/new
  $ realpath -s link/../file
  /work/file

--relative-to and --relative-base print relative names:

  $ realpath --relative-to=d/sub d/file /tmp
  ../file
  ../../../tmp
  $ realpath --relative-base=/work d/file /tmp
  d/file
  /tmp
