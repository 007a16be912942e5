bc is the calculator language: numbers of any size, scale digits after
the point, functions, and GNU's math library with -l.

  $ echo '2^100; scale=10; 1/7; sqrt(2)' | bc
  1267650600228229401496703205376
  .1428571428
  1.4142135623
  $ echo 'define f(n) { if (n < 2) return 1; return n * f(n-1); }; f(30)' | bc
  265252859812191058636308480000000
  $ echo 's(1); e(1); 4*a(1)' | bc -l
  .84147098480789650665
  2.71828182845904523536
  3.14159265358979323844
  $ echo 'obase=16; 255; ibase=2; 1010' | bc
  FF
  A
  $ echo '2^300' | BC_LINE_LENGTH=40 bc
  20370359763344860862684456884093781610\
  51468393665936250636140449354381299763\
  336706183397376
  $ printf 'x = 3\nx += 4; x\nprint "x is ", x, "\\n"\n' | bc
  7
  x is 7
  $ echo '1/0; 5' | bc
  Runtime error (func=(main), adr=3): Divide by zero
  $ echo '1 +' | bc
  (standard_in) 2: syntax error
