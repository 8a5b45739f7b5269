/* pathprof core: the lexer of pathprof's text files.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The notes file (specs/notes-format.md) and the interesting-path file
 * (specs/interesting-format.md) share one set of lexical rules, and this
 * is their one implementation, used by the tool's notes reader and by the
 * core's interesting-path reader (hence by the plugin):
 *
 *   - a file is a sequence of lines ending in LF (a CR before the LF is
 *     dropped, for files that went through a CRLF editor); a NUL byte
 *     anywhere is an error;
 *   - a line whose first non-blank character is '#' is a comment; a line
 *     of blanks is empty; other lines are records: tokens separated by
 *     spaces or tabs, the first one a keyword;
 *   - a token is a bare word, or a string in double quotes with the C
 *     escapes \\ \" \n \t \xHH (no NUL); control characters appear only
 *     escaped, inside strings;
 *   - integers are decimal, or hexadecimal when written 0x.
 *
 * Diagnostics are "NAME:LINE: message", written into a caller's buffer,
 * in the style of compilers so that editors can jump to them.  Nothing
 * here prints or aborts.
 */
#ifndef PATHPROF_TEXTLEX_H
#define PATHPROF_TEXTLEX_H

#include <stddef.h>
#include <stdio.h>
#include <gmp.h>

#include "ppcore.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pp_token
{
  int quoted;   /* a string: TEXT is its decoded contents */
  char *text;   /* NUL-terminated, points into the reader's copy */
} pp_token;

typedef struct pp_text
{
  const char *name;     /* file name used in diagnostics */
  char *msg;            /* where diagnostics go (MSG_SIZE bytes) */
  size_t msg_size;
  unsigned line;        /* line of diagnostics: the last line read; a
                           reader may set it to report another line */
  /* The last line read: its tokens (none for an empty line or a
     comment) and, for a comment, the text after '#'.  Valid until the
     next line is read.  */
  pp_token *toks;
  size_t n_toks;
  const char *comment;
  /* Set by the caller: pp_text_next_record also returns comment lines
     (with no tokens and COMMENT set).  */
  int want_comments;
  /* Private.  */
  char *buf;
  size_t len, pos, cap_toks;
  unsigned lines_read;
} pp_text;

/* Starts reading a copy of BUF[0..LEN) named NAME (kept by pointer).
   0, or -1 with "NAME: out of memory" in MSG.  The reader must be freed
   with pp_text_free either way.  */
int pp_text_init_buffer (pp_text *tx, const char *name, const char *buf,
                         size_t len, char *msg, size_t msg_size);
/* Starts reading the file PATH.  0; -1 with "PATH: out of memory", or
   -2 with "PATH: cannot open: <strerror>" or "PATH: cannot read:
   <strerror>" in MSG.  */
int pp_text_init_file (pp_text *tx, const char *path, char *msg,
                       size_t msg_size);
void pp_text_free (pp_text *tx);

/* Reads the next line into TOKS/N_TOKS/COMMENT and sets LINE.  Returns
   1, 0 at the end of the input (an empty input still has one, empty,
   line 1), or -1 with a diagnostic (a NUL byte, a bad string, a control
   character outside a string).  */
int pp_text_next_line (pp_text *tx);
/* The next line that is neither empty nor a comment (unless
   WANT_COMMENTS): 1, 0 at the end, -1 with a diagnostic (as above, or a
   line starting with a string instead of a keyword).  */
int pp_text_next_record (pp_text *tx);

/* The number of bytes after the last line read.  */
size_t pp_text_remaining (const pp_text *tx);

/* Writes "NAME:LINE: " and the message into MSG; returns -1.  */
int pp_text_fail (pp_text *tx, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

/* Field checks on the current record (toks[0] is its keyword).  Each
   returns 0, or -1 with a diagnostic naming WHAT and the token.  */
/* Exactly EXPECT fields after the keyword: "'KW' expects 1 field, got
   2".  */
int pp_text_fields (pp_text *tx, size_t expect);
/* Token I as an unsigned integer (decimal, or hex when written 0x) of
   at most MAX: "bad WHAT 'x'", "WHAT '…' out of range", "bad WHAT \"…\"
   (a number is expected)".  */
int pp_text_uint (pp_text *tx, size_t i, const char *what,
                  unsigned long long max, unsigned long long *v);
/* The same for an integer of any size.  */
int pp_text_mpz (pp_text *tx, size_t i, const char *what, mpz_t v);
/* Token I as a quoted string, copied with malloc into *V: "WHAT must be
   a quoted string, not 'x'".  */
int pp_text_string (pp_text *tx, size_t i, const char *what, char **v);

/* The first line of a versioned file: "MAGIC VERSION".  0, or -1 with
   "not a(n) KIND: expected 'MAGIC VERSION' on the first line" or
   "unsupported KIND version N (this reader supports VERSION)".  */
int pp_text_read_magic (pp_text *tx, const char *magic, unsigned version,
                        const char *kind);

/* Reads the file PATH (BUF NULL) or the buffer BUF[0..LEN) named PATH
   with PARSE (TX, ARG, ERR), and returns its status: the readers' common
   frame.  When the input cannot be opened or read, PARSE is not called
   and ERR says why (PP_ERR_IO: "PATH: cannot open: <strerror>" or
   "cannot read"; PP_ERR_NOMEM).  */
pp_status pp_text_parse_with (const char *path, const char *buf, size_t len,
                              pp_status (*parse) (pp_text *, void *,
                                                  pp_error *),
                              void *arg, pp_error *err);

/* Makes room for NEED elements of SIZE bytes in the malloc'd array *ARR
   of capacity *CAP (doubling it), for the readers' growing lists.  0, or
   -1 when out of memory (the array is unchanged).  */
int pp_text_grow (void **arr, size_t *cap, size_t need, size_t size);

/* S written as a string token (double quotes, escapes for '\\', '"',
   newline, tab, and \xHH for other bytes below 0x20 or above 0x7e).  The
   malloc'd result, NULL when out of memory.  */
char *pp_text_quote (const char *s);
/* The same, written to OUT; 0, or -1 when out of memory.  Write errors
   are left in OUT's error indicator (ferror), as with fputs.  */
int pp_text_write_string (FILE *out, const char *s);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_TEXTLEX_H */
