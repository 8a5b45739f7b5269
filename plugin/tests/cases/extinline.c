/* Extern inline (gnu_inline) functions, which exist only to be inlined
   and are never emitted out of line: <emmintrin.h>'s intrinsics, and one
   of our own.  A trace or IPPP build must not take their address (an
   undefined reference at link time: xz-utils' liblzma, whose CRC code
   uses the intrinsics, failed to link); they are left alone, like
   library functions.  Not in the gcov oracle (tests/gcov/run.sh says
   why).  */
#include <stdio.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

extern inline __attribute__ ((gnu_inline, always_inline)) int
twice (int x)
{
  return x > 100 ? x : 2 * x;
}

static int
lanes (int v)
{
#ifdef __SSE2__
  __m128i a = _mm_set1_epi8 ((char) v);
  __m128i b = _mm_add_epi8 (a, a);
  return _mm_extract_epi16 (b, 0) & 0xff;
#else
  return (2 * v) & 0xff;
#endif
}

int
main (void)
{
  int s = 0;
  for (int i = 0; i < 12; i++)
    {
      if (i % 4 == 0)
        s += twice (i * 30);
      else
        s += lanes (i);
    }
  printf ("%d\n", s);
  return 0;
}
