/* Not run under the oracle (the harness trace is not thread-safe): with
   -fprofile-update=atomic the counts of work () are exact.  */
#include <pthread.h>
#include <stdio.h>
static int __attribute__((noinline)) work(int i) { int s = 0; for (int k = 0; k < 100; k++) { if ((k ^ i) & 1) s++; else s--; } return s; }
static void *run(void *p) { long t = 0; for (int i = 0; i < 20000; i++) t += work(i); return (void *) t; }
int main(void) {
  pthread_t th[4];
  for (int i = 0; i < 4; i++) pthread_create(&th[i], 0, run, 0);
  for (int i = 0; i < 4; i++) pthread_join(th[i], 0);
  puts("ok"); return 0;
}
