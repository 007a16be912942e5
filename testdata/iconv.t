iconv converts text between encodings: UTF-8, UTF-16 and UTF-32 (with a
byte order mark, or LE/BE), ASCII, Latin-1 and other single-byte sets.

  $ printf 'caf\xc3\xa9\n' > menu.txt
  $ iconv -f UTF-8 -t LATIN1 menu.txt | od -An -c
     c   a   f 351  \n
  $ iconv -f UTF-8 -t UTF-16 menu.txt | od -An -tx1
   ff fe 63 00 61 00 66 00 e9 00 0a 00
  $ iconv -f UTF-8 -t UTF-16 menu.txt | iconv -f UTF-16 -t UTF-8
  caf\xc3\xa9 (esc)

A character the target lacks stops the conversion, at its byte offset,
unless //TRANSLIT writes the nearest thing or -c leaves it out.

  $ iconv -f UTF-8 -t ASCII menu.txt
  caficonv: illegal input sequence at position 3
  [1]
  $ iconv -f UTF-8 -t ASCII//TRANSLIT menu.txt
  caf?
  $ printf '\xe2\x80\x9cquoted\xe2\x80\x9d \xe2\x82\xac5\n' | iconv -f UTF-8 -t ASCII//TRANSLIT
  "quoted" EUR5
  $ iconv -c -f UTF-8 -t ASCII menu.txt
  caf
  $ iconv -f UTF-8 -t EBCDIC-FR menu.txt
  iconv: failed to start conversion processing
  [1]
  $ iconv -l | grep -c //
  57
