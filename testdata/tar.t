tar packs a tree into one archive, lists it (-tv in GNU tar's layout) and
unpacks it elsewhere with its modes, times, symlinks and hard links.

  $ mkdir -p proj/src
  $ echo 'int main;' > proj/src/main.c
  $ echo '# proj' > proj/README
  $ ln -s src/main.c proj/entry
  $ ln proj/README proj/README.hard
  $ chmod 600 proj/README
  $ tar -cvf proj.tar proj
  proj/
  proj/README
  proj/README.hard
  proj/entry
  proj/src/
  proj/src/main.c
  $ tar -tvf proj.tar
  drwxr-xr-x user/user         0 2026-01-01 00:00 proj/
  -rw------- user/user         7 2026-01-01 00:00 proj/README
  hrw------- user/user         0 2026-01-01 00:00 proj/README.hard link to proj/README
  lrwxrwxrwx user/user         0 2026-01-01 00:00 proj/entry -> src/main.c
  drwxr-xr-x user/user         0 2026-01-01 00:00 proj/src/
  -rw-r--r-- user/user        10 2026-01-01 00:00 proj/src/main.c
  $ mkdir out
  $ tar -xf proj.tar -C out --strip-components=1
  $ ls -l out
  total 2
  -rw------- 2 user user    7 Jan  1 00:00 README
  -rw------- 2 user user    7 Jan  1 00:00 README.hard
  lrwxrwxrwx 1 user user   10 Jan  1 00:00 entry -> src/main.c
  drwxr-xr-x 2 user user 4096 Jan  1 00:00 src
  $ cat out/entry
  int main;

Compression by flag (-z, -j, -J) or by the archive's suffix (-a); reading
recognises it by itself. Old-style options work too.

  $ tar -caf proj.tar.xz proj
  $ tar czf proj.tgz --exclude '*.c' proj
  $ tar tf proj.tgz
  proj/
  proj/README
  proj/README.hard
  proj/entry
  proj/src/
  $ tar -xOf proj.tar.xz proj/src/main.c
  int main;

Nothing in an archive writes outside the directory it is unpacked in:
absolute names lose their slash, names with '..' are skipped, and a
symlink that points away is made last, so nothing goes through it.

  $ mkdir evil && ln -s /etc evil/link && echo x > evil/file
  $ tar -cf evil.tar evil/link /work/evil/file
  tar: Removing leading `/' from member names
  $ tar -tf evil.tar
  evil/link
  work/evil/file
  $ mkdir safe
  $ tar -xvf evil.tar -C safe
  evil/link
  work/evil/file
  $ find safe | sort
  safe
  safe/evil
  safe/evil/link
  safe/work
  safe/work/evil
  safe/work/evil/file

What goes wrong is said in GNU tar's words.

  $ tar -tf nope.tar
  tar: nope.tar: Cannot open: No such file or directory
  tar: Error is not recoverable: exiting now
  [2]
  $ tar -tf proj/README
  tar: This does not look like a tar archive
  tar: Exiting with failure status due to previous errors
  [2]
  $ tar -cf empty.tar
  tar: Cowardly refusing to create an empty archive
  Try 'tar --help' or 'tar --usage' for more information.
  [2]
  $ tar -tf proj.tar proj/nope
  tar: proj/nope: Not found in archive
  tar: Exiting with failure status due to previous errors
  [2]

-r appends to an archive, -u appends what is newer than its copy in it,
-A appends other archives, --delete removes members, and each -C
applies to the names after it:

  $ mkdir -p m/d && echo 1 > m/f1 && echo 2 > m/f2 && echo 3 > m/d/g
  $ tar -cf m.tar -C m f1
  $ tar -rvf m.tar -C m f2 d
  f2
  d/
  d/g
  $ touch -d 2031-01-01 m/f1
  $ tar -uvf m.tar -C m f1 f2
  f1
  $ tar --delete -f m.tar f2 d
  $ tar -cf n.tar -C m/d g
  $ tar -Af m.tar n.tar
  $ tar -tvf m.tar
  -rw-r--r-- user/user         2 2026-01-01 00:00 f1
  -rw-r--r-- user/user         2 2031-01-01 00:00 f1
  -rw-r--r-- user/user         2 2026-01-01 00:00 g

A listing shows times in the local zone (TZ), as GNU tar's:

  $ mkdir tz; echo a > tz/f; touch -d '2020-01-02 03:04:05 UTC' tz/f; tar cf tz.tar tz/f
  $ TZ=Asia/Tokyo tar tvf tz.tar | grep -o '2020.*'
  2020-01-02 12:04 tz/f
  $ TZ=EST5 tar tvf tz.tar | grep -o '2020.*'
  2020-01-01 22:04 tz/f
