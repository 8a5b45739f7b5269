/* setjmp/longjmp: a receiver with two plain in-edges (volatile pending
   register), calls that longjmp back into it, loops after it.  */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
jmp_buf buf;
int depth;
__attribute__((noinline)) void g(int n) { if (n == 2) longjmp(buf, 1); }
int f(int n) {
  volatile int s = 0;
  if (n > 3) s = 1;
  if (setjmp(buf) == 0) { g(n); s += 2; }
  else s += 3;
  for (int i = 0; i < 3; i++) g(i + 5);
  return s;
}
int main(int argc, char **argv) {
  int t = 0;
  for (int i = 0; i < 5; i++) t += f(i);
  printf("%d\n", t);
  if (argc > 1) exit(3);
  return 0;
}
