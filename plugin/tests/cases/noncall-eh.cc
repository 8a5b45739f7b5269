/* flags: -fnon-call-exceptions
   EH edges from trapping statements, not only calls.  */
#include <cstdio>
int f(int *p, int n) { int s = 0; for (int i = 0; i < n; i++) { try { s += p[i] / (i - 2 + 3); } catch (...) { s = -1; } } return s; }
int main() { int a[5] = {1,2,3,4,5}; std::printf("%d\n", f(a, 5)); }
