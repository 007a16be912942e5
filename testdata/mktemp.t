mktemp creates a uniquely named file (0600) or directory (0700) and prints
its name. Names come from the session's random source, so a transcript
sees the same ones every run.

  $ mktemp
  /tmp/tmp.[A-Za-z0-9]{10} (re)
  $ d=$(mktemp -d)
  $ stat -c '%A' "$d"
  drwx------
  $ f=$(mktemp)
  $ stat -c '%A %s' "$f"
  -rw------- 0

A template's last run of at least three X's is replaced; -p and -t place it
in a directory; -u only prints a name.

  $ mktemp notes.XXXX
  notes.[A-Za-z0-9]{4} (re)
  $ mktemp -u -p /work report-XXX.txt
  /work/report-[A-Za-z0-9]{3}.txt (re)
  $ mktemp -t job.XXXXXX
  /tmp/job.[A-Za-z0-9]{6} (re)
  $ TMPDIR=/work mktemp -u
  /work/tmp.[A-Za-z0-9]{10} (re)
  $ mktemp -d --suffix=.d build-XXX
  build-[A-Za-z0-9]{3}.d (re)

Errors:

  $ mktemp tooshortXX
  mktemp: too few X's in template 'tooshortXX'
  [1]
  $ mktemp -d /nope/XXXXXX
  moonix: mkdir /nope/4wOKlO: permission denied (needs fs.write:/nope/4wOKlO)
  [1]
