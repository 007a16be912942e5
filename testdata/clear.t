clear moves the cursor home and erases the screen and the scrollback:

  $ clear
  \x1b[H\x1b[2J\x1b[3J (esc) (no-eol)
  $ clear -x
  \x1b[H\x1b[2J (esc) (no-eol)
