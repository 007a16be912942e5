zip packs files (-r for directories) and says what it did as Info-ZIP's
zip does; unzip lists (-l, -v), tests (-t), pipes (-p) and extracts.

  $ mkdir -p docs/img
  $ echo 'read me' > docs/README
  $ echo 'png' > docs/img/logo.png
  $ zip -r docs.zip docs
    adding: docs/ (stored 0%)
    adding: docs/README (stored 0%)
    adding: docs/img/ (stored 0%)
    adding: docs/img/logo.png (stored 0%)
  $ unzip -l docs.zip
  Archive:  docs.zip
    Length      Date    Time    Name
  ---------  ---------- -----   ----
          0  2026-01-01 00:00   docs/
          8  2026-01-01 00:00   docs/README
          0  2026-01-01 00:00   docs/img/
          4  2026-01-01 00:00   docs/img/logo.png
  ---------                     -------
         12                     4 files
  $ unzip -p docs.zip docs/README
  read me
  $ unzip -t docs.zip
  Archive:  docs.zip
      testing: docs/                    OK
      testing: docs/README              OK
      testing: docs/img/                OK
      testing: docs/img/logo.png        OK
  No errors detected in compressed data of docs.zip.
  $ mkdir out
  $ unzip docs.zip -d out -x 'docs/img/*'
  Archive:  docs.zip
     creating: out/docs/
   extracting: out/docs/README         
  $ zip -d docs.zip docs/img/logo.png
  deleting: docs/img/logo.png

unzip does not replace a file unless told (-o), and without a terminal to
ask, it answers None.

  $ unzip docs.zip docs/README -d out
  Archive:  docs.zip
  replace out/docs/README? [y]es, [n]o, [A]ll, [N]one, [r]ename:  NULL
  (EOF or read error, treating as "[N]one" ...)
  [1]
  $ unzip -o -q docs.zip -d out
  $ unzip nope.zip
  unzip:  cannot find or open nope.zip, nope.zip.zip or nope.zip.ZIP.
  [9]
