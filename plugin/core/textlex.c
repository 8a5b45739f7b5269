/* pathprof core: the lexer of pathprof's text files (textlex.h).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "textlex.h"

/* ------------------------------------------------------------------ */
/* Input                                                               */
/* ------------------------------------------------------------------ */

static int
set_msg (pp_text *tx, int ret, const char *what, const char *detail)
{
  if (tx->msg && tx->msg_size)
    snprintf (tx->msg, tx->msg_size, "%s: %s%s", tx->name, what,
              detail ? detail : "");
  return ret;
}

int
pp_text_init_buffer (pp_text *tx, const char *name, const char *buf,
                     size_t len, char *msg, size_t msg_size)
{
  memset (tx, 0, sizeof *tx);
  tx->name = name;
  tx->msg = msg;
  tx->msg_size = msg_size;
  tx->buf = malloc (len + 1);
  if (!tx->buf)
    return set_msg (tx, -1, "out of memory", NULL);
  if (len)
    memcpy (tx->buf, buf, len);
  tx->buf[len] = 0;
  tx->len = len;
  return 0;
}

int
pp_text_init_file (pp_text *tx, const char *path, char *msg,
                   size_t msg_size)
{
  memset (tx, 0, sizeof *tx);
  tx->name = path;
  tx->msg = msg;
  tx->msg_size = msg_size;
  FILE *fp = fopen (path, "r");
  if (!fp)
    return set_msg (tx, -2, "cannot open: ", strerror (errno));
  size_t cap = 0;
  for (;;)
    {
      if (tx->len + 4096 + 1 > cap)
        {
          size_t ncap = cap ? cap * 2 : 65536;
          char *nb = realloc (tx->buf, ncap);
          if (!nb)
            {
              fclose (fp);
              return set_msg (tx, -1, "out of memory", NULL);
            }
          tx->buf = nb;
          cap = ncap;
        }
      size_t got = fread (tx->buf + tx->len, 1, cap - tx->len - 1, fp);
      /* A NUL byte makes the line that holds it an error, so nothing
         after it can be read: stop there rather than read the rest, which
         for /dev/zero or a large binary file named by mistake is until
         memory runs out.  */
      char *nul = memchr (tx->buf + tx->len, 0, got);
      if (nul)
        {
          tx->len = (size_t) (nul - tx->buf) + 1;
          break;
        }
      tx->len += got;
      if (got == 0)
        break;
    }
  if (ferror (fp))
    {
      /* Reading a directory fails here, with EISDIR.  */
      int e = errno;
      fclose (fp);
      return set_msg (tx, -2, "cannot read: ", strerror (e));
    }
  fclose (fp);
  tx->buf[tx->len] = 0;
  return 0;
}

void
pp_text_free (pp_text *tx)
{
  free (tx->buf);
  free (tx->toks);
  tx->buf = NULL;
  tx->toks = NULL;
  tx->n_toks = tx->cap_toks = 0;
}

int
pp_text_fail (pp_text *tx, const char *fmt, ...)
{
  va_list ap;
  if (!tx->msg || !tx->msg_size)
    return -1;
  int n = snprintf (tx->msg, tx->msg_size, "%s:%u: ", tx->name, tx->line);
  if (n < 0 || (size_t) n >= tx->msg_size)
    return -1;
  va_start (ap, fmt);
  vsnprintf (tx->msg + n, tx->msg_size - n, fmt, ap);
  va_end (ap);
  return -1;
}

/* ------------------------------------------------------------------ */
/* Tokens                                                              */
/* ------------------------------------------------------------------ */

static int
hexval (int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static int
is_control (unsigned char c)
{
  return c < 0x20 || c == 0x7f;
}

int
pp_text_grow (void **arr, size_t *cap, size_t need, size_t size)
{
  if (need <= *cap)
    return 0;
  size_t n = *cap ? *cap * 2 : 8;
  while (n < need)
    n *= 2;
  if (n > (size_t) -1 / size)
    return -1;
  void *p = realloc (*arr, n * size);
  if (!p)
    return -1;
  *arr = p;
  *cap = n;
  return 0;
}

static pp_token *
new_token (pp_text *tx)
{
  if (pp_text_grow ((void **) &tx->toks, &tx->cap_toks, tx->n_toks + 1,
                    sizeof *tx->toks))
    return NULL;
  return &tx->toks[tx->n_toks++];
}

/* Decodes the string whose opening quote is at P[-1], in place (never
   longer than its source); *END is set past the closing quote.  */
static int
lex_string (pp_text *tx, char *p, char **end)
{
  char *out = p;
  for (;;)
    {
      unsigned char c = (unsigned char) *p;
      if (!c)
        return pp_text_fail (tx, "unterminated string");
      if (c == '"')
        break;
      if (c != '\\')
        {
          if (c != '\t' && is_control (c))
            return pp_text_fail (tx,
                                 "unescaped control character 0x%02x in "
                                 "string",
                                 c);
          *out++ = *p++;
          continue;
        }
      p++;
      switch (*p)
        {
        case '\\':
        case '"':
          *out++ = *p++;
          break;
        case 'n':
          *out++ = '\n';
          p++;
          break;
        case 't':
          *out++ = '\t';
          p++;
          break;
        case 'x':
          {
            int h = hexval (p[1]), l = h < 0 ? -1 : hexval (p[2]);
            if (l < 0)
              return pp_text_fail (tx,
                                   "bad escape '\\x' (two hex digits needed)");
            if (h == 0 && l == 0)
              return pp_text_fail (tx, "NUL byte in string");
            *out++ = (char) (h * 16 + l);
            p += 3;
            break;
          }
        case 0:
          return pp_text_fail (tx, "unterminated string");
        default:
          if (is_control ((unsigned char) *p) || (unsigned char) *p > 0x7e)
            return pp_text_fail (tx,
                                 "bad escape: '\\' followed by byte 0x%02x",
                                 (unsigned char) *p);
          return pp_text_fail (tx, "bad escape '\\%c'", *p);
        }
    }
  p++; /* the closing quote */
  if (*p && *p != ' ' && *p != '\t')
    return pp_text_fail (tx, "junk after string");
  *out = 0;
  *end = *p ? p + 1 : p;
  return 0;
}

/* Splits LINE (modified in place) into tokens.  */
static int
tokenize (pp_text *tx, char *line)
{
  char *p = line;
  tx->n_toks = 0;
  for (;;)
    {
      while (*p == ' ' || *p == '\t')
        p++;
      if (!*p)
        return 0;
      pp_token *t = new_token (tx);
      if (!t)
        return pp_text_fail (tx, "out of memory");
      if (*p == '"')
        {
          t->quoted = 1;
          t->text = p + 1;
          if (lex_string (tx, p + 1, &p))
            return -1;
          continue;
        }
      t->quoted = 0;
      t->text = p;
      while (*p && *p != ' ' && *p != '\t')
        {
          if (*p == '"')
            return pp_text_fail (tx, "unexpected '\"' in '%s'", t->text);
          if (is_control ((unsigned char) *p))
            return pp_text_fail (tx, "control character 0x%02x outside a "
                                     "string",
                                 (unsigned char) *p);
          p++;
        }
      if (*p)
        *p++ = 0;
    }
}

int
pp_text_next_line (pp_text *tx)
{
  if (tx->pos >= tx->len && tx->lines_read > 0)
    return 0;
  char *line = tx->buf + tx->pos;
  char *nl = memchr (line, '\n', tx->len - tx->pos);
  char *end = nl ? nl : tx->buf + tx->len;
  tx->line = ++tx->lines_read;
  tx->pos = (size_t) (end - tx->buf) + (nl != NULL);
  tx->n_toks = 0;
  tx->comment = NULL;
  *end = 0;
  size_t ll = strlen (line);
  if (line + ll != end)
    return pp_text_fail (tx, "NUL byte in line");
  if (ll && line[ll - 1] == '\r')
    line[--ll] = 0; /* a file that went through a CRLF editor */
  const char *q = line;
  while (*q == ' ' || *q == '\t')
    q++;
  if (*q == '#')
    {
      tx->comment = q + 1;
      return 1;
    }
  return tokenize (tx, line) ? -1 : 1;
}

int
pp_text_next_record (pp_text *tx)
{
  for (;;)
    {
      int r = pp_text_next_line (tx);
      if (r <= 0)
        return r;
      if (tx->comment && tx->want_comments)
        return 1;
      if (tx->n_toks == 0)
        continue;
      if (tx->toks[0].quoted)
        return pp_text_fail (tx,
                             "a record must start with a keyword, not \"%s\"",
                             tx->toks[0].text);
      return 1;
    }
}

size_t
pp_text_remaining (const pp_text *tx)
{
  return tx->len - tx->pos;
}

/* ------------------------------------------------------------------ */
/* Fields                                                              */
/* ------------------------------------------------------------------ */

int
pp_text_fields (pp_text *tx, size_t expect)
{
  size_t got = tx->n_toks - 1;
  if (got == expect)
    return 0;
  return pp_text_fail (tx, "'%s' expects %zu field%s, got %zu",
                       tx->toks[0].text, expect, expect == 1 ? "" : "s",
                       got);
}

/* The digits of token T (after a 0x prefix, whose base is set), or NULL
   with a diagnostic if T is not a well-formed unsigned integer.  */
static const char *
number_digits (pp_text *tx, const pp_token *t, const char *what, int *base)
{
  const char *s = t->text;
  if (t->quoted)
    {
      pp_text_fail (tx, "bad %s \"%s\" (a number is expected)", what, s);
      return NULL;
    }
  *base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    {
      *base = 16;
      s += 2;
    }
  int ok = *s != 0;
  for (const char *c = s; *c && ok; c++)
    ok = *base == 16 ? hexval (*c) >= 0 : (*c >= '0' && *c <= '9');
  if (!ok)
    {
      pp_text_fail (tx, "bad %s '%s'", what, t->text);
      return NULL;
    }
  return s;
}

int
pp_text_uint (pp_text *tx, size_t i, const char *what,
              unsigned long long max, unsigned long long *v)
{
  const pp_token *t = &tx->toks[i];
  int base;
  const char *s = number_digits (tx, t, what, &base);
  if (!s)
    return -1;
  unsigned long long x = 0;
  for (; *s; s++)
    {
      unsigned d = (unsigned) hexval (*s);
      if (d > max || x > (max - d) / (unsigned) base)
        return pp_text_fail (tx, "%s '%s' out of range", what, t->text);
      x = x * (unsigned) base + d;
    }
  *v = x;
  return 0;
}

int
pp_text_mpz (pp_text *tx, size_t i, const char *what, mpz_t v)
{
  const pp_token *t = &tx->toks[i];
  int base;
  /* mpz_set_str would accept blanks and signs; the format does not,
     hence the digit check first.  */
  const char *s = number_digits (tx, t, what, &base);
  if (!s)
    return -1;
  if (mpz_set_str (v, s, base) != 0)
    return pp_text_fail (tx, "bad %s '%s'", what, t->text);
  return 0;
}

int
pp_text_string (pp_text *tx, size_t i, const char *what, char **v)
{
  const pp_token *t = &tx->toks[i];
  if (!t->quoted)
    return pp_text_fail (tx, "%s must be a quoted string, not '%s'", what,
                         t->text);
  *v = strdup (t->text);
  return *v ? 0 : pp_text_fail (tx, "out of memory");
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

char *
pp_text_quote (const char *s)
{
  /* At most 4 bytes per input byte, 2 quotes, the NUL.  */
  size_t n = strlen (s);
  char *out = malloc (n * 4 + 3);
  if (!out)
    return NULL;
  char *o = out;
  *o++ = '"';
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    {
      if (*p == '\\' || *p == '"')
        {
          *o++ = '\\';
          *o++ = (char) *p;
        }
      else if (*p == '\n')
        o += sprintf (o, "\\n");
      else if (*p == '\t')
        o += sprintf (o, "\\t");
      else if (*p < 0x20 || *p > 0x7e)
        o += sprintf (o, "\\x%02x", *p);
      else
        *o++ = (char) *p;
    }
  *o++ = '"';
  *o = 0;
  return out;
}

int
pp_text_write_string (FILE *out, const char *s)
{
  char *q = pp_text_quote (s);
  if (!q)
    return -1;
  fputs (q, out);
  free (q);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Readers' frame                                                      */
/* ------------------------------------------------------------------ */

int
pp_text_read_magic (pp_text *tx, const char *magic, unsigned version,
                    const char *kind)
{
  unsigned long long v;
  if (pp_text_next_line (tx) < 0)
    return -1;
  if (tx->n_toks != 2 || tx->toks[0].quoted
      || strcmp (tx->toks[0].text, magic) != 0)
    return pp_text_fail (tx,
                         "not %s %s: expected '%s %u' on the first line",
                         strchr ("aeiou", kind[0]) ? "an" : "a", kind, magic,
                         version);
  if (pp_text_uint (tx, 1, "version", UINT32_MAX, &v))
    return -1;
  if (v != version)
    return pp_text_fail (tx,
                         "unsupported %s version %llu (this reader supports "
                         "%u)",
                         kind, v, version);
  return 0;
}

pp_status
pp_text_parse_with (const char *path, const char *buf, size_t len,
                    pp_status (*parse) (pp_text *, void *, pp_error *),
                    void *arg, pp_error *err)
{
  pp_error local;
  pp_text tx;
  if (!err)
    err = &local;
  int init = buf ? pp_text_init_buffer (&tx, path, buf, len, err->message,
                                        sizeof err->message)
                 : pp_text_init_file (&tx, path, err->message,
                                      sizeof err->message);
  pp_status st = init == -1 ? PP_ERR_NOMEM : PP_ERR_IO;
  if (init == 0)
    st = parse (&tx, arg, err);
  pp_text_free (&tx);
  err->status = st;
  return st;
}
