hostname prints the sandbox's host name. There are no network interfaces,
so no addresses (-i), and the name cannot be changed.

  $ hostname
  moonix
  $ hostname -s
  moonix
  $ hostname -f
  moonix
  $ hostname -d
  
  $ hostname box
  hostname: cannot set the host name: Operation not permitted
  [1]
