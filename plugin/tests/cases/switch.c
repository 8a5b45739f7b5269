/* switch with fallthrough and a goto, recursion, an infinite loop left by
   break, and exit () from main.  */
#include <stdio.h>
#include <stdlib.h>
int classify(int c) {
  switch (c) {
  case 0: case 1: return 10;
  case 2: c += 5; /* fallthrough */
  case 3: return c * 2;
  case 7: goto out;
  default: if (c > 100) abort(); break;
  }
  c = -c;
out:
  return c;
}
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int loopy(int n) { int k = 0; while (1) { k++; if (k > n) break; if (k & 1) continue; k++; } return k; }
int main(void) {
  int t = 0;
  for (int i = 0; i < 10; i++) t += classify(i);
  t += fact(5) + loopy(7);
  printf("%d\n", t);
  exit(0);
}
