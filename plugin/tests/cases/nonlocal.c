/* A nonlocal label reachable only by a nested function's goto: outer is
   skipped with a warning.  */
#include <stdio.h>
int outer(int n) {
  __label__ out;
  int acc = 0;
  void inner(int k) { if (k == 3) goto out; acc += k; }
  for (int i = 0; i < n; i++) inner(i);
  return acc;
out:
  return -acc;
}
int main(void) { printf("%d %d\n", outer(2), outer(5)); return 0; }
