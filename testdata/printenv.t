printenv prints the values of the named variables, or every exported
variable as NAME=VALUE:

  $ export A=1 B='two words'
  $ printenv A B
  1
  two words
  $ env -i A=1 B=2 printenv
  A=1
  B=2

A name that is not set prints nothing and makes the status 1:

  $ printenv A NOPE B
  1
  two words
  [1]
  $ C=local printenv C
  local

-0 ends each value with NUL:

  $ printenv -0 A B | cat -v
  1^@two words^@ (no-eol)
