df shows the sandbox's one filesystem: 1 GiB of room, of which the regular
files use their total size.

  $ df
  Filesystem     1K-blocks  Used Available Use% Mounted on
  moonix           1048576     0   1048576   0% /
  $ printf '%5000s' x > f
  $ df -k .
  Filesystem     1K-blocks  Used Available Use% Mounted on
  moonix           1048576     5   1048571   1% /
  $ df -h
  Filesystem      Size  Used Avail Use% Mounted on
  moonix          1.0G  5.0K  1.0G   1% /
  $ df -T /tmp
  Filesystem     Type 1K-blocks  Used Available Use% Mounted on
  moonix         vfs    1048576     5   1048571   1% /
  $ df nope
  df: nope: no such file or directory
  [1]
