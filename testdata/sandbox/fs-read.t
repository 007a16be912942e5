fs.read guards reading files, listing directories and looking at entries
(stat, readlink). The sandbox may read everything; here we drop reading
/work/secret and try to get at it by every route. Each denial says what
was needed, fails that command only, and the session goes on.

  $ mkdir -p secret/deep pub; echo s3cret > secret/s.txt; echo deep > secret/deep/d.txt
  $ echo public > pub/p.txt; ln -s secret/s.txt link; ln -s secret dirlink
  $ caps drop fs.read:/work/secret/**
  $ caps check fs.read secret/s.txt
  denied: fs.read /work/secret/s.txt (denied by fs.read:/work/secret/**)
  [1]
  $ caps check fs.read pub/p.txt
  allowed: fs.read /work/pub/p.txt (granted by fs.read)

Reading the file, by any spelling of its path or through a symlink:

  $ cat secret/s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ cat ./pub/../secret//s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ cat /work/secret/./s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ cat link
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ cat dirlink/s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ ln -s /work/secret pub/out; cat pub/out/deep/d.txt
  moonix: read /work/secret/deep/d.txt: permission denied (needs fs.read:/work/secret/deep/d.txt)
  [1]
  $ cat < secret/s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ head -1 secret/s.txt; wc -c secret/s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ grep s3cret secret/s.txt
  moonix: stat /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [2]
  $ cp secret/s.txt stolen; ls stolen
  moonix: stat /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  ls: cannot access 'stolen': No such file or directory
  [2]
  $ read line < secret/s.txt; echo "[$line]"
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  []
  $ awk '{ print }' secret/s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [2]
  $ awk 'BEGIN { r = (getline line < "secret/s.txt"); print r }'
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  -1

Listings leave out what may not be read: ls, globs, find, grep -r, tree
and du do not show the directory, and listing it is refused:

  $ ls
  dirlink
  link
  pub
  $ echo *
  dirlink link pub
  $ echo secret/*
  secret/*
  $ ls secret
  moonix: stat /work/secret: permission denied (needs fs.read:/work/secret)
  [2]
  $ ls -d secret/deep
  moonix: stat /work/secret/deep: permission denied (needs fs.read:/work/secret/deep)
  [2]
  $ find . | sort
  .
  ./dirlink
  ./link
  ./pub
  ./pub/out
  ./pub/p.txt
  $ grep -r . . | sort
  ./pub/p.txt:public
  $ tree
  .
  \xe2\x94\x9c\xe2\x94\x80\xe2\x94\x80 dirlink -> secret (esc)
  \xe2\x94\x9c\xe2\x94\x80\xe2\x94\x80 link -> secret/s.txt (esc)
  \xe2\x94\x94\xe2\x94\x80\xe2\x94\x80 pub (esc)
      \xe2\x94\x9c\xe2\x94\x80\xe2\x94\x80 out -> /work/secret (esc)
      \xe2\x94\x94\xe2\x94\x80\xe2\x94\x80 p.txt (esc)
  
  1 directory, 4 files
  $ du -a | sort -k2
  1\t. (esc)
  0\t./dirlink (esc)
  0\t./link (esc)
  1\t./pub (esc)
  0\t./pub/out (esc)
  1\t./pub/p.txt (esc)
  $ stat secret
  moonix: stat /work/secret: permission denied (needs fs.read:/work/secret)
  [1]
  $ readlink -f secret/s.txt
  moonix: stat /work/secret: permission denied (needs fs.read:/work/secret)
  [1]
  $ readlink link
  secret/s.txt

test operators answer as for a file that is not there:

  $ test -r secret/s.txt; echo $?
  1
  $ [ -e secret/s.txt ]; echo $?
  1
  $ [ -d secret ]; echo $?
  1
  $ [ -e pub/p.txt ]; echo $?
  0

cd into the directory is refused; from a readable directory, relative
paths back into it still are:

  $ cd secret
  moonix: stat /work/secret: permission denied (needs fs.read:/work/secret)
  [1]
  $ pushd secret/deep
  moonix: stat /work/secret/deep: permission denied (needs fs.read:/work/secret/deep)
  [1]
  $ pwd
  /work
  $ cd pub; cat ../secret/s.txt; cat ../link; cd ..
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)

source, . and sh FILE read the file:

  $ source secret/s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ . ./link
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ sh secret/s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [126]

Every other way to run a command reaches the same gate: nested shells,
eval, functions and aliases named like builtins, command and builtin,
exec, env, xargs, find -exec, awk system():

  $ sh -c 'cat secret/s.txt'
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ bash -c 'cd secret'
  moonix: stat /work/secret: permission denied (needs fs.read:/work/secret)
  [1]
  $ eval 'cat secret/s.txt'
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ cat() { command cat "$@"; }; cat secret/s.txt; unset -f cat
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  $ shopt -s expand_aliases; alias cat='cat -n'
  $ cat secret/s.txt; unalias cat
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  $ command cat secret/s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ builtin cat secret/s.txt
  moonix: builtin: cat: not a shell builtin
  [1]
  $ builtin command cat secret/s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ (exec cat secret/s.txt)
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ env cat secret/s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ echo secret/s.txt | xargs cat
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [123]
  $ find pub -name p.txt -exec cat {} secret/s.txt \;
  public
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  $ awk 'BEGIN { system("cat secret/s.txt") }'
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)

mkdir -p looks at each directory on its way: one it may not read stops
it, and nothing is made (plain mkdir, which needs fs.write only, makes
it):

  $ mkdir -p secret/new/dir
  moonix: stat /work/secret: permission denied (needs fs.read:/work/secret)
  [1]
  $ mkdir secret/new && echo made
  made

A chain of symlinks is one more spelling. A name that takes more than 40
symlinks in all to resolve (here s -> t -> . is two a level) names
nothing, for the gate and the filesystem alike, as on Linux; caps check
says so too:

  $ ln -s t s; ln -s . t; ln -s /work/secret sec
  $ p=s$(printf '/s%.0s' $(seq 18))/t; cat $p/sec/s.txt
  moonix: read /work/secret/s.txt: permission denied (needs fs.read:/work/secret/s.txt)
  [1]
  $ p=s$(printf '/s%.0s' $(seq 19)); cat $p/sec/s.txt; caps check fs.read $p/sec/s.txt
  cat: s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/sec/s.txt: Too many levels of symbolic links
  caps: check: s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/s/sec/s.txt: Too many levels of symbolic links
  [1]
  $ cat $p/pub/p.txt; test -r $p/t/pub/p.txt; echo $?
  public
  1

Nothing was read, and the readable files still are:

  $ cat pub/p.txt
  public
  $ ls stolen
  ls: cannot access 'stolen': No such file or directory
  [2]
