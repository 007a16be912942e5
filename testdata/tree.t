tree draws a directory hierarchy, sorted by name, with a summary.

  $ mkdir -p project/src/util project/docs
  $ touch project/README project/src/main.go project/src/util/str.go project/docs/guide.md project/.git
  $ ln -s src/main.go project/main
  $ tree project
  project
  ├── README
  ├── docs
  │   └── guide.md
  ├── main -> src/main.go
  └── src
      ├── main.go
      └── util
          └── str.go
  
  3 directories, 5 files
  $ cd project

-a shows hidden files, -d only directories, -L limits the depth, -f prints
full paths, --noreport drops the summary.

  $ tree -a -L 1
  .
  ├── .git
  ├── README
  ├── docs
  ├── main -> src/main.go
  └── src
  
  2 directories, 3 files
  $ tree -d
  .
  ├── docs
  └── src
      └── util
  
  3 directories
  $ tree -f --noreport src
  src
  ├── src/main.go
  └── src/util
      └── src/util/str.go

--dirsfirst, -I to leave out, -P to keep only matching files, and an
ASCII drawing:

  $ tree --dirsfirst -L 1
  .
  ├── docs
  ├── src
  ├── README
  └── main -> src/main.go
  
  2 directories, 2 files
  $ tree -I 'docs|*.go'
  .
  ├── README
  ├── main -> src/main.go
  └── src
      └── util
  
  2 directories, 2 files
  $ tree -P '*.md' --noreport
  .
  ├── docs
  │   └── guide.md
  └── src
      └── util
  $ tree --charset=ascii src
  src
  |-- main.go
  `-- util
      `-- str.go
  
  1 directory, 2 files
  $ tree nope
  nope  [error opening dir]
  
  0 directories, 0 files
  [2]
