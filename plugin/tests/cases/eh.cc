/* C++ exceptions: landing pads, cleanups, catch dispatch, an exception
   leaving a function through a cleanup (resx).  */
#include <cstdio>
#include <stdexcept>
struct A { int *p; A(int *q) : p(q) {} ~A() { (*p)++; } };
__attribute__((noinline)) void g(int i) { if (i % 4 == 3) throw std::runtime_error("x"); if (i == 9) throw 5; }
int f(int n) {
  int s = 0, d = 0;
  for (int i = 0; i < n; i++) {
    try { A a(&d); g(i); s++; } catch (const std::exception &e) { s += 10; } catch (int x) { s += x; }
  }
  return s + d;
}
int h(int n) { A a(&n); g(n); return n; }
int main() {
  std::printf("%d\n", f(12));
  try { h(3); } catch (...) { std::puts("caught"); }
  return 0;
}
