// std::string, whose members libstdc++ declares extern templates (it
// instantiates them itself): their bodies here exist only to be inlined
// and are left alone (specs/cfg-rules.md), as gcov's --coverage does;
// run.sh checks the notes list none of them.  The inline members that are
// not extern templates (char_traits, _M_construct) are instrumented.
#include <string>
#include <cstdio>

static std::string
label (int i)
{
  std::string s (i % 2 ? "odd" : "even");
  if (i > 2)
    s += "+";
  return s;
}

int
main ()
{
  unsigned n = 0;
  for (int i = 0; i < 5; i++)
    n += label (i).size ();
  std::printf ("%u\n", n);
  return 0;
}
