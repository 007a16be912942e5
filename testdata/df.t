df shows the sandbox's one filesystem: its size is the session's disk
limit (1 GiB unless --max-disk says otherwise), its use the data of its
files and the targets of its links (the three links in /dev take 27
bytes); -i counts its inodes against their limit (1,000,000).

  $ df
  Filesystem     1K-blocks  Used Available Use% Mounted on
  moonix           1048576     1   1048575   1% /
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
  df: nope: No such file or directory
  [1]
  $ df -i
  Filesystem      Inodes IUsed  IFree IUse% Mounted on
  moonix         1000000    15 999985    1% /
