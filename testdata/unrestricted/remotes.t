With git.remote granted (unrestricted), remotes are added and removed as
git adds and removes them; adding one reaches nothing yet.

  $ remote add bad/name /srv/git/x.git
  remote: 'bad/name' is not a valid remote name
  [1]
  $ remote add origin /srv/git/x.git
  $ remote add backup https://git.example.com/x.git
  $ remote
  backup
  origin
  $ remote -v
  backup	https://git.example.com/x.git (fetch)
  backup	https://git.example.com/x.git (push)
  origin	/srv/git/x.git (fetch)
  origin	/srv/git/x.git (push)
  $ remote add origin /srv/git/y.git
  remote: remote origin already exists
  [1]
  $ remote remove origin
  $ remote rm backup
  $ remote rm backup
  remote: No such remote: 'backup'
  [1]
  $ remote

A password in a remote's URL is left out of what the commands say and of
the effect log, as git leaves it out:

  $ remote add secret https://user:s3cret@127.0.0.1:1/r.git
  $ fetch secret 2>&1 | cut -d: -f1-4
  fetch: 'https://user:xxxxx@127.0.0.1
  $ effects | grep -c s3cret
  0
  [1]
