/* Input for the pathprof example: a little of everything tokstat counts. */
static const unsigned long masks[] = { 0xff, 0xFF00, 0x00ff0000, 255, 65280 };
double scale = 1.5e3, epsilon = 2.5E-7, half = .5, third = 0.333;
int
main (void)
{
  // a line comment
  const char *greeting = "hello, \"world\"\n";
  for (int i = 0; i < 10; i++)
    if (masks[i % 5] & 0x1)
      return i * 2 + 1;
  return 0; /* a block comment
               spanning two lines */
}
