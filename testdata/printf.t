printf formats like bash's builtin: integers, floats, strings, escapes.

  $ printf '%d %i %o %u %x %X %#x %#o\n' 42 -7 8 3 255 255 255 8
  42 -7 10 3 ff FF 0xff 010
  $ printf '%5d|%-5d|%05d|%+d|% d|%6.4d\n' 1 2 3 4 5 42
      1|2    |00003|+4| 5|  0042
  $ printf '%d %d %d %d\n' 0x1F 010 "'A" -0
  31 8 65 0
  $ printf '%f %.2f %e %E %g %G %10.3f|\n' 3.14159 2.0051 12345.678 0.5 0.0001 1e20 -1.5
  3.141590 2.01 1.234568e+04 5.000000E-01 0.0001 1E+20     -1.500|
  $ printf '%s|%5s|%-5s|%.2s|%c\n' abc x y xyz hello
  abc|    x|y    |xy|h
  $ printf '%b\n' 'tab:\there' 'octal:\0101' 'stop:\cnever'
  tab:	here
  octal:A
  stop: (no-eol)
  $ printf '%q\n' 'a b' "it's" '' 'x
  > y'
  a\ b
  it\'s
  ''
  $'x\ny'
  $ printf '%q %q\n' $'\u03bc' $'\xce\xbc\xce'; LC_ALL=C.UTF-8 printf '%q %q\n' $'\u03bc' $'\xce\xbc\xce'
  $'\316\274' $'\316\274\316'
  μ $'μ\316'
  $ printf 'reused: %s=%s\n' a 1 b 2 c
  reused: a=1
  reused: b=2
  reused: c=
  $ printf '%*d|%-*d|\n' 5 1 3 2
      1|2  |
  $ printf 'esc: \x41\101 \\ %%\n'
  esc: AA \ %
  $ printf '%(%Y-%m-%d)T\n' 86400
  1970-01-02

-v assigns instead of printing, in the current scope:

  $ printf -v out '%03d' 7; echo "[$out]"
  [007]
  $ f() { local v; printf -v v '%s' inside; echo "$v"; }; f; echo "[${v-unset}]"
  inside
  [unset]

Errors: the rest is still printed, and the status is 1.

  $ printf '%d|' 12abc 3; echo
  printf: 12abc: invalid number
  12|3|
  $ printf '%d|' ' 7' ' 7 ' 2>err; echo $?; cat err
  7|7|1
  printf:  7 : invalid number

Numbers out of range are clamped, with a warning, as C's strtoimax does;
the status stays 0. Zero takes no 0x prefix under #:

  $ printf '%d %u %d|' 18446744073709551616 -1 -9223372036854775809 2>err; echo $?; cat err
  9223372036854775807 18446744073709551615 -9223372036854775808|0
  printf: warning: 18446744073709551616: Numerical result out of range
  printf: warning: -9223372036854775809: Numerical result out of range
  $ printf '%#x %#X %#x\n' 0 0 255
  0 0 0xff
  $ printf '%z\n'
  printf: `\': invalid format character
  [1]
  $ printf
  printf: usage: printf FORMAT [ARGUMENT]...
  [2]

A field or an output too large for the session's memory (a quarter of
the memory limit, 2048 MiB by default, for one value) is refused whole,
before anything is built or printed:

  $ printf '%*s' 20000000000 x
  moonix: printf: out of memory (limit 2048 MiB)
  [1]
  $ printf '%.3000000000d' 1 | wc -c
  moonix: printf: out of memory (limit 2048 MiB)
  0

C's length modifiers (h hh l ll j z t L) are accepted and mean nothing,
as in bash:

  $ printf '%zd %ld %lld %hd %hhd %jd %td %Lf %lx %llu\n' 1 2 3 4 5 6 7 8.5 255 9
  1 2 3 4 5 6 7 8.500000 ff 9

Through xargs and find -exec, printf is the same command:

  $ printf '%s\n' a b | xargs printf '<%s>'; echo
  <a><b>
  $ echo 3 | xargs printf '%zu|%hhx\n' 1; echo 4 | xargs -I{} printf '%jd\n' {}
  1|3
  4
