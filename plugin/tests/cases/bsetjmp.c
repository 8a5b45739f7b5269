/* __builtin_setjmp's receiver is reached only through the dispatcher:
   the function is skipped with a warning (specs/cfg-rules.md), the rest
   of the program is profiled.  */
#include <stdio.h>
void *buf[5];
int cnt;
__attribute__((noinline)) void thrower(int i) { if (i % 3 == 1) __builtin_longjmp(buf, 1); cnt++; }
int f(int n) {
  int r = 0;
  for (int i = 0; i < n; i++) {
    if (__builtin_setjmp(buf) == 0) { thrower(i); r += 1; }
    else r += 10;
  }
  return r;
}
int main(void) { int r = f(10); printf("%d %d\n", r, cnt); return 0; }
