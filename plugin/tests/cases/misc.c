/* flags: -fplugin-arg-pathprof-hash-size=20000
   An empty function, a noreturn infinite loop left by exit (), an
   unreachable block, a computed goto whose abnormal edge is a DFS back edge
   (cgback), a big switch, and huge (): 2^84 paths, split to fit 64 bits,
   counted in a hash table.  */
#include <stdio.h>
#include <stdlib.h>
void empty(void) {}
__attribute__((noreturn)) void spin(int n) { volatile int k = 0; for (;;) { k++; if (k > n) exit(0); } }
int unr(int x) { if (x > 5) __builtin_unreachable(); return x * 2; }
int cgback(int n) {
  static void *t[] = { &&a, &&b, &&c };
  int acc = 0, i = 0;
a: acc++;
b: acc += 2; i++;
  if (i < n) goto *t[(i * 7) % 3];
c: return acc;
}
int manyswitch(int x) {
  int s = 0;
  for (int k = 0; k < 3; k++) {
#define C(n) case n: s += n; break;
    switch ((x + k) % 40) { C(0) C(1) C(2) C(3) C(4) C(5) C(6) C(7) C(8) C(9) C(10) C(11) C(12) C(13) C(14) C(15) C(16) C(17) C(18) C(19) C(20) C(21) C(22) C(23) C(24) C(25) C(26) C(27) C(28) C(29) default: s--; }
  }
  return s;
}
#define IF(n) if (x & (1ull << n)) s += n; else s ^= n;
unsigned long long huge(unsigned long long x) {
  unsigned long long s = 0;
  IF(0) IF(1) IF(2) IF(3) IF(4) IF(5) IF(6) IF(7) IF(8) IF(9) IF(10) IF(11) IF(12) IF(13) IF(14) IF(15) IF(16) IF(17) IF(18) IF(19)
  IF(20) IF(21) IF(22) IF(23) IF(24) IF(25) IF(26) IF(27) IF(28) IF(29) IF(30) IF(31) IF(32) IF(33) IF(34) IF(35) IF(36) IF(37) IF(38) IF(39)
  IF(40) IF(41) IF(42) IF(43) IF(44) IF(45) IF(46) IF(47) IF(48) IF(49) IF(50) IF(51) IF(52) IF(53) IF(54) IF(55) IF(56) IF(57) IF(58) IF(59)
  IF(60) IF(61) IF(62) IF(63)
  IF(0) IF(1) IF(2) IF(3) IF(4) IF(5) IF(6) IF(7) IF(8) IF(9) IF(10) IF(11) IF(12) IF(13) IF(14) IF(15) IF(16) IF(17) IF(18) IF(19)
  return s;
}
int main(int argc, char **argv) {
  (void) argv;
  empty();
  int t = unr(argc) + cgback(10) + manyswitch(argc);
  unsigned long long h = 0;
  for (unsigned long long i = 0; i < 1000; i++) h += huge(i * 0x9E3779B97F4A7C15ull);
  printf("%d %llu\n", t, h);
  spin(1000);
}
