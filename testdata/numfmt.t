numfmt reads and writes numbers with SI (1K = 1000) or IEC (1K = 1024)
suffixes, in the fields that --field names.

  $ numfmt --to=si 1500 123456
  1.5K
  124K
  $ numfmt --from=iec 1.5M
  1572864
  $ printf 'name size\nlog 2048\ncore 123456789\n' | numfmt --header --field 2 --to=iec-i --padding=6
  name size
  log  2.0Ki
  core  118Mi
  $ numfmt 1K
  numfmt: rejecting suffix in input: '1K' (consider using --from)
  [2]
