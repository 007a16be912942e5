tsort writes the words of pairs "A B" (A before B) in an order that keeps
every pair; words with no order between them come in byte order.

  $ printf 'main parse\nmain eval\nparse lex\neval lex\n' | tsort
  main
  eval
  parse
  lex
  $ echo 'a b b a' | tsort
  tsort: -: input contains a loop:
  tsort: a
  tsort: b
  a
  b
  [1]
