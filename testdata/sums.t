sha256sum, sha1sum, md5sum and sha512sum print checksums.

  $ echo hi > a
  $ sha256sum a
  98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4  a
  $ md5sum -b a
  764efa883dda1e11db47671c4a3bbd9e *a
  $ echo hi | sha1sum
  55ca6286e3e4f4fba5d0448333fa99fc5a404a73  -
  $ sha256sum --tag a
  SHA256 (a) = 98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4

-c checks a list of checksums.

  $ echo yo > b
  $ sha256sum a b > SUMS
  $ sha256sum -c SUMS
  a: OK
  b: OK
  $ echo changed > b
  $ sha256sum -c SUMS
  a: OK
  b: FAILED
  sha256sum: WARNING: 1 computed checksum did NOT match
  [1]
  $ sha256sum -c --quiet SUMS
  b: FAILED
  sha256sum: WARNING: 1 computed checksum did NOT match
  [1]
  $ sha256sum -c --status SUMS
  [1]
  $ rm b
  $ sha256sum -c SUMS
  a: OK
  sha256sum: b: No such file or directory
  b: FAILED open or read
  sha256sum: WARNING: 1 listed file could not be read
  [1]
  $ echo junk | sha256sum -c
  sha256sum: standard input: no properly formatted checksum lines found
  [1]

A list with one blank between hash and name (BSD's md5 -r) is read too,
as GNU's -c reads it:

  $ echo hi > one; sha1sum one | sed 's/  / /' > bsd.sha1; cat bsd.sha1
  55ca6286e3e4f4fba5d0448333fa99fc5a404a73 one
  $ sha1sum -c bsd.sha1
  one: OK
