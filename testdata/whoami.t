whoami prints the sandbox user's name:

  $ whoami
  user
  $ whoami me
  whoami: extra operand 'me'
  Try 'whoami --help' for more information.
  [1]
