/* IPPP test program: a supergraph with more than 2^64 paths.  f and g
   have 2^36 paths each before and after a call, so f's subpaths fit a
   64-bit id but its supergraph with g inlined does not: path splitting
   cuts it, never on the nodes of an interesting segment.  Usage: wide
   X...  */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long
g (unsigned long long x)
{
  unsigned long long s = 0;
  if (x & (1ull << 0))
    s += 1;
  else
    s ^= 7;
  if (x & (1ull << 1))
    s += 2;
  else
    s ^= 8;
  if (x & (1ull << 2))
    s += 3;
  else
    s ^= 9;
  if (x & (1ull << 3))
    s += 4;
  else
    s ^= 10;
  if (x & (1ull << 4))
    s += 5;
  else
    s ^= 11;
  if (x & (1ull << 5))
    s += 6;
  else
    s ^= 12;
  if (x & (1ull << 6))
    s += 7;
  else
    s ^= 13;
  if (x & (1ull << 7))
    s += 8;
  else
    s ^= 14;
  if (x & (1ull << 8))
    s += 9;
  else
    s ^= 15;
  if (x & (1ull << 9))
    s += 10;
  else
    s ^= 16;
  if (x & (1ull << 10))
    s += 11;
  else
    s ^= 17;
  if (x & (1ull << 11))
    s += 12;
  else
    s ^= 18;
  if (x & (1ull << 12))
    s += 13;
  else
    s ^= 19;
  if (x & (1ull << 13))
    s += 14;
  else
    s ^= 20;
  if (x & (1ull << 14))
    s += 15;
  else
    s ^= 21;
  if (x & (1ull << 15))
    s += 16;
  else
    s ^= 22;
  if (x & (1ull << 16))
    s += 17;
  else
    s ^= 23;
  if (x & (1ull << 17))
    s += 18;
  else
    s ^= 24;
  if (x & (1ull << 18))
    s += 19;
  else
    s ^= 25;
  if (x & (1ull << 19))
    s += 20;
  else
    s ^= 26;
  if (x & (1ull << 20))
    s += 21;
  else
    s ^= 27;
  if (x & (1ull << 21))
    s += 22;
  else
    s ^= 28;
  if (x & (1ull << 22))
    s += 23;
  else
    s ^= 29;
  if (x & (1ull << 23))
    s += 24;
  else
    s ^= 30;
  if (x & (1ull << 24))
    s += 25;
  else
    s ^= 31;
  if (x & (1ull << 25))
    s += 26;
  else
    s ^= 32;
  if (x & (1ull << 26))
    s += 27;
  else
    s ^= 33;
  if (x & (1ull << 27))
    s += 28;
  else
    s ^= 34;
  if (x & (1ull << 28))
    s += 29;
  else
    s ^= 35;
  if (x & (1ull << 29))
    s += 30;
  else
    s ^= 36;
  if (x & (1ull << 30))
    s += 31;
  else
    s ^= 37;
  if (x & (1ull << 31))
    s += 32;
  else
    s ^= 38;
  if (x & (1ull << 32))
    s += 33;
  else
    s ^= 39;
  if (x & (1ull << 33))
    s += 34;
  else
    s ^= 40;
  if (x & (1ull << 34))
    s += 35;
  else
    s ^= 41;
  if (x & (1ull << 35))
    s += 36;
  else
    s ^= 42;
  return s;
}

static unsigned long long
f (unsigned long long x)
{
  unsigned long long s = 0;
  if (x & (1ull << 0))
    s += 1;
  else
    s ^= 7;
  if (x & (1ull << 1))
    s += 2;
  else
    s ^= 8;
  if (x & (1ull << 2))
    s += 3;
  else
    s ^= 9;
  if (x & (1ull << 3))
    s += 4;
  else
    s ^= 10;
  if (x & (1ull << 4))
    s += 5;
  else
    s ^= 11;
  if (x & (1ull << 5))
    s += 6;
  else
    s ^= 12;
  if (x & (1ull << 6))
    s += 7;
  else
    s ^= 13;
  if (x & (1ull << 7))
    s += 8;
  else
    s ^= 14;
  if (x & (1ull << 8))
    s += 9;
  else
    s ^= 15;
  if (x & (1ull << 9))
    s += 10;
  else
    s ^= 16;
  if (x & (1ull << 10))
    s += 11;
  else
    s ^= 17;
  if (x & (1ull << 11))
    s += 12;
  else
    s ^= 18;
  if (x & (1ull << 12))
    s += 13;
  else
    s ^= 19;
  if (x & (1ull << 13))
    s += 14;
  else
    s ^= 20;
  if (x & (1ull << 14))
    s += 15;
  else
    s ^= 21;
  if (x & (1ull << 15))
    s += 16;
  else
    s ^= 22;
  if (x & (1ull << 16))
    s += 17;
  else
    s ^= 23;
  if (x & (1ull << 17))
    s += 18;
  else
    s ^= 24;
  if (x & (1ull << 18))
    s += 19;
  else
    s ^= 25;
  if (x & (1ull << 19))
    s += 20;
  else
    s ^= 26;
  if (x & (1ull << 20))
    s += 21;
  else
    s ^= 27;
  if (x & (1ull << 21))
    s += 22;
  else
    s ^= 28;
  if (x & (1ull << 22))
    s += 23;
  else
    s ^= 29;
  if (x & (1ull << 23))
    s += 24;
  else
    s ^= 30;
  if (x & (1ull << 24))
    s += 25;
  else
    s ^= 31;
  if (x & (1ull << 25))
    s += 26;
  else
    s ^= 32;
  if (x & (1ull << 26))
    s += 27;
  else
    s ^= 33;
  if (x & (1ull << 27))
    s += 28;
  else
    s ^= 34;
  if (x & (1ull << 28))
    s += 29;
  else
    s ^= 35;
  if (x & (1ull << 29))
    s += 30;
  else
    s ^= 36;
  if (x & (1ull << 30))
    s += 31;
  else
    s ^= 37;
  if (x & (1ull << 31))
    s += 32;
  else
    s ^= 38;
  if (x & (1ull << 32))
    s += 33;
  else
    s ^= 39;
  if (x & (1ull << 33))
    s += 34;
  else
    s ^= 40;
  if (x & (1ull << 34))
    s += 35;
  else
    s ^= 41;
  if (x & (1ull << 35))
    s += 36;
  else
    s ^= 42;
  s += g (x * 2654435761u);
  if (s & (1ull << 0))
    s += 1;
  else
    s ^= 7;
  if (s & (1ull << 1))
    s += 2;
  else
    s ^= 8;
  if (s & (1ull << 2))
    s += 3;
  else
    s ^= 9;
  if (s & (1ull << 3))
    s += 4;
  else
    s ^= 10;
  if (s & (1ull << 4))
    s += 5;
  else
    s ^= 11;
  if (s & (1ull << 5))
    s += 6;
  else
    s ^= 12;
  if (s & (1ull << 6))
    s += 7;
  else
    s ^= 13;
  if (s & (1ull << 7))
    s += 8;
  else
    s ^= 14;
  if (s & (1ull << 8))
    s += 9;
  else
    s ^= 15;
  if (s & (1ull << 9))
    s += 10;
  else
    s ^= 16;
  if (s & (1ull << 10))
    s += 11;
  else
    s ^= 17;
  if (s & (1ull << 11))
    s += 12;
  else
    s ^= 18;
  if (s & (1ull << 12))
    s += 13;
  else
    s ^= 19;
  if (s & (1ull << 13))
    s += 14;
  else
    s ^= 20;
  if (s & (1ull << 14))
    s += 15;
  else
    s ^= 21;
  if (s & (1ull << 15))
    s += 16;
  else
    s ^= 22;
  if (s & (1ull << 16))
    s += 17;
  else
    s ^= 23;
  if (s & (1ull << 17))
    s += 18;
  else
    s ^= 24;
  if (s & (1ull << 18))
    s += 19;
  else
    s ^= 25;
  if (s & (1ull << 19))
    s += 20;
  else
    s ^= 26;
  if (s & (1ull << 20))
    s += 21;
  else
    s ^= 27;
  if (s & (1ull << 21))
    s += 22;
  else
    s ^= 28;
  if (s & (1ull << 22))
    s += 23;
  else
    s ^= 29;
  if (s & (1ull << 23))
    s += 24;
  else
    s ^= 30;
  if (s & (1ull << 24))
    s += 25;
  else
    s ^= 31;
  if (s & (1ull << 25))
    s += 26;
  else
    s ^= 32;
  if (s & (1ull << 26))
    s += 27;
  else
    s ^= 33;
  if (s & (1ull << 27))
    s += 28;
  else
    s ^= 34;
  if (s & (1ull << 28))
    s += 29;
  else
    s ^= 35;
  if (s & (1ull << 29))
    s += 30;
  else
    s ^= 36;
  if (s & (1ull << 30))
    s += 31;
  else
    s ^= 37;
  if (s & (1ull << 31))
    s += 32;
  else
    s ^= 38;
  if (s & (1ull << 32))
    s += 33;
  else
    s ^= 39;
  if (s & (1ull << 33))
    s += 34;
  else
    s ^= 40;
  if (s & (1ull << 34))
    s += 35;
  else
    s ^= 41;
  if (s & (1ull << 35))
    s += 36;
  else
    s ^= 42;
  return s;
}

int
main (int argc, char **argv)
{
  unsigned long long t = 0;
  for (int i = 1; i < argc; i++)
    t += f (strtoull (argv[i], NULL, 10));
  printf ("%llu\n", t);
  return 0;
}
