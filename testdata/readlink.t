readlink prints the target of a symbolic link, and fails quietly for
anything else.

  $ mkdir d
  $ touch d/file
  $ ln -s d/file link
  $ ln -s link chain
  $ ln -s nowhere dangling
  $ readlink link chain
  d/file
  link
  $ readlink d
  [1]
  $ readlink -v d
  readlink: d: Invalid argument
  [1]
  $ readlink -n link
  d/file (no-eol)

-f resolves every link (all but the last part must exist), -e requires
everything to exist, -m nothing.

  $ readlink -f chain
  /work/d/file
  $ readlink -f dangling
  /work/nowhere
  $ readlink -e dangling
  [1]
  $ readlink -e chain d/../link
  /work/d/file
  /work/d/file
  $ readlink -m missing/../x/y
  /work/x/y
  $ readlink -f missing/x
  [1]
