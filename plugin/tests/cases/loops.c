/* The hand-checked case (run.sh): f(10) runs its loop 10 times, i % 3 == 0
   for i = 0, 3, 6, 9.  Its paths: entry + first iteration through each
   branch, the two back-edge paths, and the loop exit after the back edge:
   counts {1 (i=0), 3 (i=3,6,9), 6 (the others), 1 (exit)}, 11 in all.
   noinline: at -O2 the early inliner would put f's loop into main, and
   its paths would be main's.  */
#include <stdio.h>
int __attribute__((noinline)) f(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (i % 3 == 0) s += 2;
    else s += 1;
  }
  return s;
}
int main(void) {
  printf("%d\n", f(10));
  return 0;
}
