clear moves the cursor home and erases the screen and the scrollback:

  $ clear
  \x1b[H\x1b[2J\x1b[3J (no-eol) (esc)
  $ clear -x
  \x1b[H\x1b[2J (no-eol) (esc)
