nl numbers the non-empty lines of files.

  $ printf 'a\n\nb\n' > f
  $ nl f
       1\ta (esc)
         
       2\tb (esc)

-b a numbers every line, -b n none, -b pREGEX the lines that match.

  $ nl -ba f
       1\ta (esc)
       2\t (esc)
       3\tb (esc)
  $ printf 'foo\nbar\nfob\n' | nl -b p^fo
       1\tfoo (esc)
         bar
       2\tfob (esc)

-n picks the format (ln, rn, rz), -w the width, -s the separator, -v the
first number and -i the increment.

  $ nl -ba -n ln -s ': ' f
  1     : a
  2     : 
  3     : b
  $ nl -n rz -w 3 -v 10 -i 5 f
  010\ta (esc)
      
  015\tb (esc)

Lines \:\:\: \:\: and \: start header, body and footer sections.

  $ printf '\\:\\:\\:\nTitle\n\\:\\:\none\ntwo\n\\:\nend\n' | nl -h a
  
       1\tTitle (esc)
  
       1\tone (esc)
       2\ttwo (esc)
  
         end
  $ nl -n xx f
  nl: invalid line numbering format: 'xx'
  Try 'nl --help' for more information.
  [1]
