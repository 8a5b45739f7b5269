/* Address registers and DECL_NONALIASED (run.sh, "address registers"):
   f0's counters are updated through a pointer, (*r)++, and read directly
   elsewhere in its loops.  With the array marked DECL_NONALIASED, GCC's
   loop invariant motion at -O2 kept a counter's value in a register
   across the pointer's increments of that same counter and stored it
   back stale: path 34 counted 9 times instead of 11.  A random program
   that a review generated, reduced by hand.  */
#include <stdio.h>
#include <stdlib.h>
int A[64];
__attribute__((noinline)) int f0(int x, int n) {
int i = 0, j = 0, y = x & 7; (void)i; (void)j;
switch (x % 3) {
case 0:
do {
x++;
} while (x % 4);
while (y < 94) {
if (++j > 100) break;
for (int i = 0; i < 1; i++) {
x += i;
}
if ((x & 1)) {
for (int i = 0; i < n; i++) {
x += A[(x+6)&63];
}
} else {
switch (x % 5) {
case 0:
if ((A[x&63] > 29) && x > 1000) return x;
x += 1;
}
}
}
}
if ((A[x&63] % 5 == 0)) {
if ((A[x&63] & 1)) {
do {
x++;
} while (x % 9);
if ((j & 2)) {
}
while (y < 189) {
if (++j > 100) break;
}
}
}
return x + y;
}
int main(int argc, char **argv) {
int base = argc > 1 ? atoi(argv[1]) : 3; long t = 0;
for (int q = 0; q < 64; q++) A[q] = (q * 37 + base) % 51;
for (int r = 0; r < 200; r++) {
t += f0((r * 13 + base) % 97, (r + base) % 17);
}
printf("%ld\n", t);
return 0;}
