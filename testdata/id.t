id prints the sandbox identity: one user in one group.

  $ id
  uid=1000(user) gid=1000(user) groups=1000(user)
  $ id user
  uid=1000(user) gid=1000(user) groups=1000(user)
  $ id -u
  1000
  $ id -un
  user
  $ id -g
  1000
  $ id -gn
  user
  $ id -G
  1000
  $ id -Gn
  user
  $ id -ur
  1000
  $ id -uz | cat -v
  1000^@ (no-eol)

Errors:

  $ id -n
  id: cannot print only names or real IDs in default format
  [1]
  $ id -ug
  id: cannot print "only" of more than one choice
  [1]
  $ id root
  id: 'root': no such user
  [1]
