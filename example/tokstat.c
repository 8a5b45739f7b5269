/* tokstat: the pathprof example program.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads text and reports how many identifiers, numbers (decimal, hex,
 * floating), strings, comments and operators it contains.  Small, but its
 * scanner has the loop-with-many-branches shape where path profiles show
 * what edge profiles cannot: which combinations of branches run together.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

struct stats
{
  unsigned long identifiers, keywords, decimals, hexes, floats, strings,
    comments, operators, lines;
};

static const char *const keywords[] = {
  "if", "else", "for", "while", "return", "int", "char", "static", "struct",
  "unsigned", "long", "const", "void", "switch", "case", "break", NULL
};

static int
is_keyword (const char *word, size_t len)
{
  for (const char *const *k = keywords; *k; k++)
    if (strlen (*k) == len && memcmp (*k, word, len) == 0)
      return 1;
  return 0;
}

/* Scans one number starting at P; returns the first byte after it.  */
static const char *
scan_number (const char *p, struct stats *st)
{
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    {
      p += 2;
      while (isxdigit ((unsigned char) *p))
        p++;
      st->hexes++;
      return p;
    }
  int is_float = 0;
  while (isdigit ((unsigned char) *p) || *p == '.')
    {
      if (*p == '.')
        is_float = 1;
      p++;
    }
  if (*p == 'e' || *p == 'E')
    {
      is_float = 1;
      p++;
      if (*p == '+' || *p == '-')
        p++;
      while (isdigit ((unsigned char) *p))
        p++;
    }
  if (is_float)
    st->floats++;
  else
    st->decimals++;
  return p;
}

static void
scan_line (const char *p, struct stats *st, int *in_comment)
{
  while (*p)
    {
      if (*in_comment)
        {
          const char *end = strstr (p, "*/");
          if (!end)
            return;
          *in_comment = 0;
          p = end + 2;
          continue;
        }
      if (isspace ((unsigned char) *p))
        p++;
      else if (isalpha ((unsigned char) *p) || *p == '_')
        {
          const char *start = p;
          while (isalnum ((unsigned char) *p) || *p == '_')
            p++;
          if (is_keyword (start, p - start))
            st->keywords++;
          else
            st->identifiers++;
        }
      else if (isdigit ((unsigned char) *p))
        p = scan_number (p, st);
      else if (*p == '"')
        {
          p++;
          while (*p && *p != '"')
            p += (*p == '\\' && p[1]) ? 2 : 1;
          if (*p)
            p++;
          st->strings++;
        }
      else if (p[0] == '/' && p[1] == '/')
        {
          st->comments++;
          return;
        }
      else if (p[0] == '/' && p[1] == '*')
        {
          st->comments++;
          *in_comment = 1;
          p += 2;
        }
      else
        {
          st->operators++;
          p++;
        }
    }
}

int
main (int argc, char **argv)
{
  struct stats st = { 0 };
  int in_comment = 0;
  char line[4096];
  FILE *in = argc > 1 ? fopen (argv[1], "r") : stdin;
  if (!in)
    {
      perror (argv[1]);
      return 1;
    }
  while (fgets (line, sizeof line, in))
    {
      st.lines++;
      scan_line (line, &st, &in_comment);
    }
  if (in != stdin)
    fclose (in);
  printf ("lines %lu identifiers %lu keywords %lu decimal %lu hex %lu "
          "float %lu strings %lu comments %lu operators %lu\n",
          st.lines, st.identifiers, st.keywords, st.decimals, st.hexes,
          st.floats, st.strings, st.comments, st.operators);
  return 0;
}
