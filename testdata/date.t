date prints the time of the session clock. Without the clock.read
capability the clock is logical: it starts at 2026-01-01 00:00:00 UTC and
moves on one second per command (and by the length of every sleep, see
sleep.t), so transcripts are reproducible.

  $ date
  Thu Jan  1 00:00:0\d UTC 2026 (re)

+FORMAT takes the strftime conversions of GNU date. -d @EPOCH picks a
fixed time for these examples (1767225600 is 2026-01-01 00:00:00 UTC, a
Thursday; 1234567890 is 2009-02-13 23:31:30, a Friday):

  $ date -d @1234567890 '+%Y-%m-%d %H:%M:%S'
  2009-02-13 23:31:30
  $ date -d @1234567890 '+%a %A %b %B %d %e %j %u %w'
  Fri Friday Feb February 13 13 044 5 5
  $ date -d @1234567890 '+%C %y %G %g %V %U %W %q'
  20 09 2009 09 07 06 06 1
  $ date -d @1234567890 '+%D | %F | %T | %R | %r | %c'
  02/13/09 | 2009-02-13 | 23:31:30 | 23:31 | 11:31:30 PM | Fri Feb 13 23:31:30 2009
  $ date -d @1234567890 '+%x %X %h %I %l %k %p %P'
  02/13/09 23:31:30 Feb 11 11 23 PM pm
  $ date -d @1234567890.25 '+%s %N %z %:z %::z %:::z %Z %%'
  1234567890 250000000 +0000 +00:00 +00:00:00 +00 UTC %
  $ date -d @1767225600 '+[%n] [%t]'
  [
  ] [	]

Flags: - (no padding), _ (spaces), 0 (zeros), ^ (upper case), # (swap
case), and a field width:

  $ date -d @1767225600 '+%-d %_m %-j %_H %^a %#b %^B %_12s %3N %_10A|'
  1  1 1  0 THU JAN JANUARY   1767225600 000   Thursday|
  $ date -d @1767225600.5 '+%N %-N %_3N %6N %010d %+6Y'
  500000000 500000000 5   500000 0000000001 +02026

A malformed conversion is printed as written:

  $ date -d @0 '+%K %Ed %'
  %K %Ed %

-u (or --utc) shows UTC; otherwise TZ decides, as in glibc: a zone of the
time zone database moonix carries (never the host's zone files), else a
POSIX value (the sign is west of Greenwich); any other name means UTC
under that name, as glibc does for a name it has no file for.

  $ TZ=UTC+3 date -d @1767225600
  Wed Dec 31 21:00:00 UTC 2025
  $ TZ='<+0530>-5:30' date -d @1767225600 '+%F %T %z %Z'
  2026-01-01 05:30:00 +0530 +0530
  $ TZ=EST5 date -d @1767225600 -R
  Wed, 31 Dec 2025 19:00:00 -0500
  $ TZ=EST5 date -d @1767225600 -u -R
  Thu, 01 Jan 2026 00:00:00 +0000
  $ TZ=Europe/Paris date -d @1767225600 '+%T %Z'
  01:00:00 CET
  $ TZ=Nowhere/Paris date -d @1767225600 '+%T %Z'
  00:00:00 Nowhere

-d (--date) shows another time: relative words, ISO dates, @EPOCH, times
of day, weekdays. A date without a time means midnight; relative items
alone keep the current time of day.

  $ date -d yesterday +%F
  2025-12-31
  $ date -d tomorrow +%F
  2026-01-02
  $ date -d '3 days ago' +%F
  2025-12-29
  $ date -d '1 week' +%F
  2026-01-08
  $ date -d 'now' +%F
  2026-01-01
  $ date -d 'next monday'
  Mon Jan  5 00:00:00 UTC 2026
  $ date -d 'last friday' +%F
  2025-12-26
  $ date -d '2026-03-15 14:30:00' '+%A %d %B, %-I:%M %p'
  Sunday 15 March, 2:30 PM
  $ date -d '2026-03-15T14:30:00+02:00' -u +%T
  12:30:00
  $ date -d '2026-03-15 +5 hours' '+%F %T'
  2026-03-15 05:00:00
  $ date -d 'jan 31 2026 +1 month' +%F
  2026-03-03
  $ date -d 'next tuesday 9am' '+%a %F %T'
  Tue 2026-01-06 09:00:00
  $ date -d '12/25/2026 6:30pm' '+%F %T'
  2026-12-25 18:30:00
  $ date -d soon
  date: invalid date 'soon'
  [1]

-I (--iso-8601) takes date (the default), hours, minutes, seconds or ns;
--rfc-3339 takes date, seconds or ns; -R (--rfc-email) is RFC 5322:

  $ date -d @1767225600 -I
  2026-01-01
  $ date -d @1767225600 -Iseconds
  2026-01-01T00:00:00+00:00
  $ date -d @1767225600 --iso-8601=ns
  2026-01-01T00:00:00,000000000+00:00
  $ date -d @1767225600 --rfc-3339=seconds
  2026-01-01 00:00:00+00:00
  $ date -d @1767225600 -R
  Thu, 01 Jan 2026 00:00:00 +0000

-r FILE shows the modification time of a file:

  $ printf 'x\n' > f
  $ touch -d '2025-07-04 12:30' f
  $ date -r f
  Fri Jul  4 12:30:00 UTC 2025
  $ date -r missing
  date: missing: No such file or directory
  [1]

-f FILE reads one date per line:

  $ printf '2026-02-01\n@86400\n' > dates
  $ date -f dates +%F
  2026-02-01
  1970-01-02

Output formats do not combine, and the date cannot be set:

  $ date -R -I
  date: multiple output formats specified
  [1]
  $ date 010100002030
  date: cannot set date: Operation not permitted
  [1]
  $ date -s yesterday
  date: cannot set date: Operation not permitted
  [1]

TZ names a zone of the time zone database moonix carries, or is a POSIX
value with daylight-saving rules; the exported variable counts.

  $ TZ=Europe/London date -d @0
  Thu Jan  1 01:00:00 BST 1970
  $ export TZ=EET-2EEST,M3.5.0/3,M10.5.0/4
  $ date -d @1288486799; date -d @1288486800
  Sun Oct 31 03:59:59 EEST 2010
  Sun Oct 31 03:00:00 EET 2010
  $ unset TZ; date -d @0
  Thu Jan  1 00:00:00 UTC 1970
  $ TZ=Asia/Tokyo; date -d @0; export TZ; date -d @0
  Thu Jan  1 00:00:00 UTC 1970
  Thu Jan  1 09:00:00 JST 1970

ls, stat, find and touch -d read TZ the same way.

  $ TZ=UTC touch -d '2024-07-01 12:00' when
  $ TZ=Asia/Tokyo stat -c %y when
  2024-07-01 21:00:00.000000000 +0900
  $ TZ=America/New_York find when -printf '%TY-%Tm-%Td %TH:%TM %TZ\n'
  2024-07-01 08:00 EDT
  $ TZ=Europe/London ls -go --full-time when
  -rw-r--r-- 1 0 2024-07-01 13:00:00.000000000 +0100 when
