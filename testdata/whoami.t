whoami prints the sandbox user's name:

  $ whoami
  user
  $ whoami me
  whoami: extra operand 'me' (try 'whoami --help')
  [2]
