ps and pidof list the session's own processes, never the host's: the
shell itself (as moonix), the shells nested in it, their background jobs,
and ps itself. There is no terminal (TTY ?) and no CPU time is counted;
start times are the logical clock's.

  $ ps
      PID TTY          TIME CMD
      100 ?        00:00:00 moonix
      101 ?        00:00:00 ps
  $ true; true; ps -o pid,comm,etime,etimes,stime
      PID COMMAND             ELAPSED ELAPSED STIME
      100 moonix                00:02       2 00:00
      101 ps                    00:00       0 00:00
  $ sleep 100 &
  $ echo $!
  101
  $ ps
      PID TTY          TIME CMD
      100 ?        00:00:00 moonix
      101 ?        00:00:00 sleep
      102 ?        00:00:00 ps
  $ ps -f
  UID          PID    PPID  C STIME TTY          TIME CMD
  user         100       1  0 00:00 ?        00:00:00 moonix
  user         101     100  0 00:00 ?        00:00:00 sleep 100
  user         102     100  0 00:00 ?        00:00:00 ps -f
  $ ps -e -o pid,ppid,comm,args
      PID    PPID COMMAND         COMMAND
      100       1 moonix          moonix
      101     100 sleep           sleep 100
      102     100 ps              ps -e -o pid,ppid,comm,args
  $ ps -o pid= -o comm= -p $!
      101 sleep
  $ ps --no-headers -p $$
      100 ?        00:00:00 moonix
  $ ps -A -o pid,comm=NAME,user
      PID NAME            USER
      100 moonix          user
      101 sleep           user
      102 ps              user
  $ ps -o pid,user,uid,tty,time,cmd -p 100,$!
      PID USER       UID TT           TIME CMD
      100 user      1000 ?        00:00:00 moonix
      101 user      1000 ?        00:00:00 sleep 100

Nested shells are processes of their own, their jobs their children:

  $ sh -c 'sleep 50 & ps -o pid,ppid,args; kill $!'
      PID    PPID COMMAND
      100       1 moonix
      101     100 sleep 100
      102     100 sh -c sleep 50 & ps -o pid,ppid,args; kill $!
      103     102 sleep 50
      104     102 ps -o pid,ppid,args
  $ bash -c 'ps -o pid,ppid,comm'
      PID    PPID COMMAND
      100       1 moonix
      101     100 sleep
      104     100 bash
      105     104 ps

pidof prints the ids running a program, newest first; -s one, -x the
shells running a script of that name too:

  $ sleep 200 &
  $ pidof sleep
  105 101
  $ pidof -s sleep
  105
  $ pidof -d, sleep moonix
  105,101,100
  $ pidof -o $! sleep
  101
  $ pidof nothing
  [1]
  $ pidof -q sleep
  $ printf 'sleep 300\n' > s.sh; chmod +x s.sh
  $ ./s.sh &
  $ until [ "$(pidof -x s.sh)" != "$(pidof s.sh)" ]; do :; done; pidof s.sh; pidof -x s.sh
  106
  107 106

kill takes the ids ps shows:

  $ kill $(pidof sleep) $(pidof -x s.sh)
  $ wait
  $ ps
      PID TTY          TIME CMD
      100 ?        00:00:00 moonix
      108 ?        00:00:00 ps
  $ ps -p 999
      PID TTY          TIME CMD
  [1]
  $ kill 999
  moonix: kill: (999) - No such process
  [1]

Errors are procps's:

  $ ps -o bogus
  error: unknown user-defined format specifier "bogus"
  
  Usage:
   ps [options]
  
   Try 'ps --help <simple|list|output|threads|misc|all>'
    or 'ps --help <s|l|o|t|m|a>'
   for additional help text.
  
  For more details see ps(1).
  [1]
  $ ps -K 2>&1 | head -1
  error: unsupported SysV option
  $ ps aux 2>&1 | head -1
  error: unsupported option (BSD syntax)
  $ ps -p x 2>&1 | head -1
  error: process ID list syntax error
  $ ps --bogus 2>&1 | head -1
  error: unknown gnu long option
