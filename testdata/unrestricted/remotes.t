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
