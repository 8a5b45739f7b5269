/* A call to a pure function that the plugin instruments after the caller
   (it is defined later): at -O2 the call is pure when the plugin
   instruments classify, so its block goes on past it, but gcov, which
   runs after the plugin, sees pairs instrumented and no longer pure and
   ends a block at the call.  The branch on line "if (n > 1)" must then be
   on that line only, not also on purecall.h's line of the call (the notes'
   gcov-lines comment, plugin/notes.cc: gcov_splits_after).  */
#include "purecall.h"

int
classify (const char *s)
{
  int n = count_pairs (s);
  if (n > 1)
    return 1;
  return 0;
}

__attribute__ ((noinline)) int
pairs (const char *s)
{
  return s[0] ? 1 + (s[1] != 0) : 0;
}

int
main (void)
{
  return classify ("ab") + classify ("a") + classify ("");
}
