/* pathprof tool: the notes reader's state, shared by notes.c and
 * notes-inter.c (not a public interface).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef PATHPROF_TOOL_NOTES_READER_H
#define PATHPROF_TOOL_NOTES_READER_H

#include "notes.h"
#include "textlex.h"

struct name_slot
{
  const char *name; /* owned by the notes_function */
  unsigned line;
};

struct dagedge_rec
{
  unsigned src, dst;
  pp_edge_kind kind;
  long origin;
  pp_op action;
  mpz_t weight;
  unsigned line;
};

/* Per-function records seen so far.  */
enum
{
  HAVE_SOURCE = 1,
  HAVE_CHECKSUM = 2,
  HAVE_PATHS = 4,
  HAVE_STORAGE = 8,
  HAVE_CFG = 16,
  HAVE_PPP = 32,
  HAVE_STALE = 64,
  HAVE_HOTTEST = 128,
  HAVE_LINKAGE = 256
};

struct reader
{
  pp_text tx; /* the lexer: current line, tokens, diagnostics */
  struct notes_file *nf;
  /* header records seen */
  int have_stamp, have_producer, have_object, have_interesting_file;
  /* the function being read, if any */
  struct notes_function *fn;
  unsigned have;
  unsigned line_checksum, line_paths, line_ppp, line_stale, line_hottest;
  unsigned long long ppp_declared; /* n_interesting of the `ppp` record */
  unsigned char *is_exit;
  struct dagedge_rec *dagedges;
  size_t n_dagedges, cap_dagedges;
  size_t functions_cap, interesting_cap, subpaths_cap;
  /* Version 3 records of the function being read.  */
  size_t sites_cap, contexts_cap;
  unsigned line_refused;
  /* names of the functions read, for duplicate detection */
  struct name_slot *names;
  size_t names_cap, names_used;
};

#define fail(r, ...) pp_text_fail (&(r)->tx, __VA_ARGS__)

static inline int
nomem (struct reader *r)
{
  return fail (r, "out of memory");
}

/* Reports at LINE.  */
#define fail_at(r, at, ...) ((r)->tx.line = (at), fail (r, __VA_ARGS__))

/* The version 3 records (notes-inter.c).  Each returns 0, -1 after a
   diagnostic, or 1 when KW is none of its records.  */
int notes_inter_header (struct reader *r, const char *kw);
int notes_inter_function (struct reader *r, const char *kw);
/* At `end` of a storage trace function or a subpaths record: builds its
   subpath CFG (fn->sub) and checks the checksum, which covers the call
   sites.  0 or -1.  */
int notes_inter_subpath (struct reader *r);
/* After the last record: the supergraph maps of an IPPP build's
   functions, checked against their CFGs.  0 or -1.  */
int notes_inter_resolve (struct reader *r);
void notes_inter_clear (struct notes_function *f);
/* Frees what a function (or subpaths) record holds.  */
void notes_function_clear (struct notes_function *f);
void notes_inter_free (struct notes_file *nf);

#endif /* PATHPROF_TOOL_NOTES_READER_H */
