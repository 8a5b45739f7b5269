/* The function's first block is a loop header (a goto back to the top),
   the case where a count of the first block would exceed the calls:
   gcov 12's execution_count is the entry block's count, 2 here (the two
   calls), as pathprof's invocations; the loop runs 8 times in all.  */
int
countdown (int n)
{
top:
  n--;
  if (n > 0)
    goto top;
  return n;
}

int
main (void)
{
  return countdown (5) + countdown (3);
}
