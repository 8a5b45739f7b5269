/* Computed goto: the factored dispatch block and its abnormal edges.  */
#include <stdio.h>
int interp(const unsigned char *pc) {
  static void *tbl[] = { &&op0, &&op1, &&op2 };
  int acc = 0;
  goto *tbl[*pc++];
op0: acc++; goto *tbl[*pc++];
op1: acc += 2; if (acc > 100) return -1; goto *tbl[*pc++];
op2: return acc;
}
int main(void) {
  unsigned char prog[] = {0,0,1,0,1,1,2};
  printf("%d\n", interp(prog));
  return 0;
}
