ulimit shows the session's limits in bash's words and units: memory
(-d, -m, -v, in KiB: --max-memory, 2 GiB), the size of the filesystem
(-f, in 1024-byte blocks: --max-disk, 1 GiB), the jobs and pipeline
stages alive at once (-u: --max-procs, 1000). moonix has no descriptor
limit (-n) and no stack beyond the call depth (--max-depth, 1000).

  $ ulimit -a
  real-time non-blocking time  (microseconds, -R) unlimited
  core file size              (blocks, -c) 0
  data seg size               (kbytes, -d) 2097152
  scheduling priority                 (-e) 0
  file size                   (blocks, -f) 1048576
  pending signals                     (-i) 0
  max locked memory           (kbytes, -l) 0
  max memory size             (kbytes, -m) 2097152
  open files                          (-n) unlimited
  pipe size                (512 bytes, -p) 8
  POSIX message queues         (bytes, -q) 0
  real-time priority                  (-r) 0
  stack size                  (kbytes, -s) unlimited
  cpu time                   (seconds, -t) unlimited
  max user processes                  (-u) 1000
  virtual memory              (kbytes, -v) 2097152
  file locks                          (-x) unlimited
  $ ulimit
  1048576
  $ ulimit -n; ulimit -s; ulimit -Sv; ulimit -Hv
  unlimited
  unlimited
  2097152
  2097152
  $ ulimit -u -c
  max user processes                  (-u) 1000
  core file size              (blocks, -c) 0

The limits are fixed for a session: "setting" one to its value is
fine, anything else fails as raising a hard limit does in bash.

  $ ulimit -n unlimited; echo $?
  0
  $ ulimit -n 4096
  ulimit: open files: cannot modify limit: Operation not permitted
  [1]
  $ ulimit -z
  ulimit: -z: invalid option
  ulimit: usage: ulimit [-SHa] [-RcdefilmnpqrstuvxT] [limit]
  [2]
