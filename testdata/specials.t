The special variables are moonix's, however a program names them: $$,
$BASHPID and $PPID are the session's own process ids (a nested shell
gets the next), never the host's.

  $ echo $$ $BASHPID $PPID; sh -c 'echo $$ $PPID'
  100 100 1
  101 100
  $ x=PPID; y='$'; echo ${!x} ${!y} $((PPID)) $(($$))
  1 100 1 100
  $ shopt -s expand_aliases; alias ids='echo $$ $PPID'
  $ ids; eval 'echo $$'; echo 'echo $PPID' > f; . ./f
  100 1
  100
  1

$SRANDOM, $RANDOM and the clock's $EPOCHSECONDS and $EPOCHREALTIME are
the session's seeded source and logical clock (the real ones only under
random.read and clock.read), in arithmetic, indirections and subshells
too:

  $ echo $((SRANDOM)); s=SRANDOM; echo ${!s} ${SRANDOM:0:4}
  3369750874
  689229790 1317
  $ (echo $RANDOM); echo $RANDOM | cat; RANDOM=5; echo $RANDOM $RANDOM
  5710
  26043
  17947 26656
  $ x=EPOCHSECONDS; echo $((EPOCHSECONDS)) ${!x} ${EPOCHREALTIME%.*}
  1767225602 1767225602 1767225602

source looks in the VFS only: a file that exists on the host but not here
is missing like any other.

  $ source /etc/hostname; source /etc/nosuchfile
  moonix: /etc/hostname: No such file or directory
  moonix: /etc/nosuchfile: No such file or directory
  [1]

A command the interpreter would have panicked on gets bash's answer, in a
pipeline or a background job as anywhere:

  $ shift -1 | cat; unset -v '' & wait; [[ -v '' ]] || echo not set
  moonix: shift: -1: shift count out of range
  moonix: unset: `': not a valid identifier
  not set
