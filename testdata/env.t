env with no operands prints the exported environment, one NAME=VALUE per
line:

  $ env -i A=1 B=two env
  A=1
  B=two

NAME=VALUE operands set variables for the command that follows; -u removes
one, -i (or a lone -) starts from nothing:

  $ export GREETING=hello
  $ env GREETING=bye printenv GREETING
  bye
  $ printenv GREETING
  hello
  $ env -u GREETING printenv GREETING
  [1]
  $ env - X=1 printenv
  X=1

Options come first: after the first NAME=VALUE, everything is the command.

  $ env A=1 -u A
  moonix: -u: command not found
  [127]

-0 ends each line with NUL instead of newline:

  $ env -0 -i A=1 B=2 | cat -v
  A=1^@B=2^@ (no-eol)

-C DIR runs the command in another directory:

  $ mkdir sub
  $ env -C sub sh -c pwd
  /work/sub

The status is the command's; env's own failures are 125, and a command
that cannot be found is 127:

  $ env sh -c 'exit 3'
  [3]
  $ env -C nowhere sh -c pwd
  env: cannot change directory to 'nowhere': No such file or directory
  [125]
  $ env -0 printenv
  env: cannot specify --null (-0) with command
  Try 'env --help' for more information.
  [125]
  $ env nosuchcommand
  moonix: nosuchcommand: command not found
  [127]
