gzip replaces a file by its compressed copy (same mode and time), and
gunzip brings it back; -k keeps the original, -c writes to standard
output.

  $ printf 'hello\nhello\nhello\n' > notes
  $ gzip notes
  $ ls
  notes.gz
  $ zcat notes.gz
  hello
  hello
  hello
  $ gunzip notes.gz
  $ ls
  notes
  $ gzip -k notes
  $ ls
  notes
  notes.gz
  $ gzip -c notes | gunzip -c | wc -l
  3

-t tests, -l lists (sizes from the trailer), -v says what was done.

  $ gzip -tv notes.gz
  notes.gz:\t OK (esc)
  $ gzip -l notes.gz
           compressed        uncompressed  ratio uncompressed_name
                   38                  18  22.2% notes

What gzip will not do, in GNU's words.

  $ gzip notes
  gzip: notes.gz already exists;\tnot overwritten (esc)
  [2]
  $ gzip notes.gz
  gzip: notes.gz already has .gz suffix -- unchanged
  $ gunzip notes
  gzip: notes: unknown suffix -- ignored
  [2]
  $ echo plain > fake.gz
  $ zcat fake.gz
  
  gzip: fake.gz: not in gzip format
  [1]
  $ head -c 20 notes.gz > cut.gz
  $ gunzip cut.gz
  
  gzip: cut.gz: unexpected end of file
  [1]
  $ ls cut*
  cut.gz

bzip2 and xz work the same way, each in its own words.

  $ bzip2 -k notes
  $ bzcat notes.bz2
  hello
  hello
  hello
  $ bzip2 notes
  bzip2: Output file notes.bz2 already exists.
  [1]
  $ xz -k notes
  $ xz -t notes.xz
  $ unxz -c notes.xz | head -1
  hello
  $ xzcat fake.gz
  xzcat: fake.gz: File format not recognized
  [1]
  $ bunzip2 fake.gz
  bunzip2: Can't guess original name for fake.gz -- using fake.gz.out
  bunzip2: fake.gz is not a bzip2 file.
  [2]
