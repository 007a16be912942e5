Messages, usage errors and help follow GNU's tools, in the C locale.

A system call's error is the C library's strerror text, in each tool's
form:

  $ cat missing.txt
  cat: missing.txt: No such file or directory
  [1]
  $ mkdir d; mkdir d
  mkdir: cannot create directory 'd': File exists
  [1]
  $ rm d
  rm: cannot remove 'd': Is a directory
  [1]
  $ touch d/f; rmdir d
  rmdir: failed to remove 'd': Directory not empty
  [1]
  $ cat 'a b' 'it'"'"'s'
  cat: 'a b': No such file or directory
  cat: "it's": No such file or directory
  [1]

A bad option gets getopt's words and the tool's usage status (1 for
most, 2 for ls, sort, grep, diff and cmp, 125 for env):

  $ ls -j
  ls: invalid option -- 'j'
  Try 'ls --help' for more information.
  [2]
  $ cat --bogus
  cat: unrecognized option '--bogus'
  Try 'cat --help' for more information.
  [1]
  $ head -n
  head: option requires an argument -- 'n'
  Try 'head --help' for more information.
  [1]
  $ env --bogus
  env: unrecognized option '--bogus'
  Try 'env --help' for more information.
  [125]
  $ grep
  Usage: grep [OPTION]... PATTERNS [FILE]...
  Try 'grep --help' for more information.
  [2]
  $ cmp
  cmp: missing operand after 'cmp'
  cmp: Try 'cmp --help' for more information.
  [2]
  $ rm
  rm: missing operand
  Try 'rm --help' for more information.
  [1]

A unique prefix of a long option is that option, as getopt allows:

  $ echo x > f; cat --number f
       1\tx (esc)
  $ cat --show-e f
  x$

--help prints GNU's layout, --version a first line that names the GNU
package the tool follows, for scripts that probe for it:

  $ mkdir --help
  Usage: mkdir [-pv] [-m MODE] DIRECTORY...
  Make directories.
  
    -p, --parents     make parent directories as needed; no error if existing
    -m, --mode=MODE   set the mode (as in chmod), not a=rwx minus the umask
    -v, --verbose     print a message for each created directory
        --help        display this help and exit
        --version     output version information and exit
  $ sed --version | head -1
  sed (moonix GNU sed) 0.1.0-dev
  $ sed --version | grep -c 'GNU sed'
  1

help lists each command once; help --json gives every command with its
summary and synopsis:

  $ help | grep -c '^  echo '
  1
  $ help --json | jq -c '.[] | select(.name == "cp" or .name == "cd")'
  {"name":"cd","summary":"change the working directory","synopsis":["cd [-L|[-P [-e]] [-@]] [dir]"]}
  {"name":"cp","summary":"copy files and directories","synopsis":["cp [OPTION]... SOURCE DEST","cp [OPTION]... SOURCE... DIRECTORY","cp [OPTION]... -t DIRECTORY SOURCE..."]}

A capability denial keeps moonix's own words:

  $ echo x > /etc/x
  moonix: write /etc/x: permission denied (needs fs.write:/etc/x)
  [1]
