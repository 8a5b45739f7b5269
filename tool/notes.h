/* pathprof tool: reader of the notes file (.ppno), specs/notes-format.md.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef PATHPROF_TOOL_NOTES_H
#define PATHPROF_TOOL_NOTES_H

#include <stddef.h>
#include <stdint.h>

#include "ppcore.h"
#include "segment.h"

/* Where a CFG node's statements are ("" and 0 0 when it has none).  */
struct notes_block
{
  int present;          /* a `block` record was given for the node */
  unsigned bb;          /* GCC basic block index */
  char *file;
  unsigned long line_lo, line_hi;
  unsigned long line_last; /* line of the last located statement, 0 if
                              none or in another file (gcov's branch line) */
};

/* An interesting (tested) path of a PPP function: `interesting`.  */
struct notes_interesting
{
  uint64_t bl_id;       /* its Ball-Larus id */
  int has_ppp_id;       /* 0: `-`, its PPP id is not below n_slots, so
                           it is counted as residual at run time */
  uint64_t ppp_id;
  unsigned line;
};

struct notes_function
{
  char *name;
  char *source;
  uint32_t checksum;
  mpz_t paths;          /* as recorded (and verified) */
  int storage;          /* PATHPROF_STORAGE_* */
  int is_public;        /* `linkage public`: one function of the program
                           under its name, its copies in several objects
                           summed by `pathprof residual` */
  int in_array;         /* storage ppp or residual counted in an array of
                           Ball-Larus counters (`storage ppp array`) */
  unsigned line;        /* of the `function` record */
  /* Storage ppp: the `ppp` record (range, slots) and the interesting
     paths, by increasing bl_id, verified against the core's PPP
     numbering.  Empty otherwise.  */
  mpz_t ppp_range;
  uint64_t n_slots;
  uint64_t slot_shift;   /* PPP id i is in slot i + slot_shift */
  /* The `hottest` record: 0 when every interesting path was numbered,
     else the K hottest were (those with a PPP id), in hottest_range.  */
  uint64_t hottest;
  mpz_t hottest_range;
  struct notes_interesting *interesting;
  size_t n_interesting;
  char *stale;          /* storage residual: why the interesting-path
                           file's entry did not match, or NULL */
  unsigned n_nodes, entry;
  struct notes_block *blocks; /* n_nodes entries */
  /* Rebuilt from the cfg/exit/edge records with the core and checked
     against `checksum`, `paths` and the `dagedge` records.  */
  pp_cfg *cfg;
  pp_dag *dag;
  pp_numbering *num;
  /* The `dagedge` records' actions (pp_op by DAG edge: the code on the
     edge), or NULL when the notes have no dagedge records.  */
  unsigned char *actions;
  /* Version 3 (inter-procedural modes).  Storage trace functions and
     `subpaths` records: the subpath CFG (cfg above, and sub, the same
     with its call sites), why pathprof never inlines it (`refused`), its
     call sites.  */
  int is_subpaths;
  char *refused;
  unsigned n_sites;
  unsigned *site_edge;
  char **site_callee;       /* NULL: through a pointer */
  pp_subpath_fn *sub;
  /* IPPP builds' functions: the supergraph's contexts (1.., by `context`
     records) and the items of its CFG nodes (`node` records), and the
     map they make, checked against the CFG (NULL: no map).  */
  struct notes_context *contexts;
  unsigned n_contexts;
  pp_sg_item **node_items;
  unsigned *node_n;
  pp_supergraph *sg;
  const struct notes_file *file; /* the notes file holding it */
};

/* A `context` record: context id (its index + 1) is function CALLEE
   inlined at call site SITE of context PARENT.  */
struct notes_context
{
  unsigned parent, site;
  char *callee;
  unsigned line;
};

struct notes_file
{
  char *path;
  unsigned version;
  uint32_t stamp;
  char *producer;       /* NULL if absent */
  char *object;         /* NULL if absent */
  char *interesting_file; /* preferential builds only, else NULL */
  struct notes_function *functions;
  size_t n_functions;
  /* Version 3.  IPPP builds: the interesting-segment file and its depth,
     the code growth of inlining (the unit's statements, those added, the
     bound in percent), and the `subpaths` records (by name), whose
     subpath CFGs the maps refer to by index (SUBPATH_FNS).  */
  char *ips_file;
  unsigned ips_depth;
  int have_growth;
  unsigned long long growth_unit, growth_added, growth_bound;
  struct notes_function *subpaths;
  size_t n_subpaths;
  pp_subpath_fn **subpath_fns;
};

/* Reads and verifies the notes file PATH into OUT.  Returns 0; -1 with
   the diagnostic "PATH:LINE: message" in MSG (MSG_SIZE bytes) for bad
   contents; -2 with "PATH: cannot open: <strerror>" (or "cannot read")
   for I/O errors.  OUT must be freed
   with notes_free either way.  */
int notes_read (const char *path, struct notes_file *out, char *msg,
                size_t msg_size);
void notes_free (struct notes_file *nf);
/* The `subpaths` record of NAME, or NULL (version 3).  */
struct notes_function *notes_find_subpaths (const struct notes_file *nf,
                                            const char *name);
/* Binary search by assembler name (functions are kept sorted); NULL.  */
struct notes_function *notes_find (const struct notes_file *nf,
                                   const char *name);

/* Names used in the notes file for core enums.  */
const char *notes_edge_kind_name (pp_edge_kind kind);
const char *notes_action_name (pp_op op);
const char *notes_cut_name (pp_cut_kind cut);
/* "array", "hash", "ppp", "residual" (PATHPROF_STORAGE_*), else "?".  */
const char *notes_storage_name (unsigned storage);

#endif /* PATHPROF_TOOL_NOTES_H */
