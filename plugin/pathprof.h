/* pathprof plugin: declarations shared by the plugin's source files.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Data flow of one compilation (cc1/cc1plus; nothing happens in lto1):
 *
 *   pathprof-plugin.cc  parses the arguments once, registers two passes
 *   pass.cc             "pathprof" GIMPLE pass, per function:
 *                         cfg-map.cc    GCC CFG -> pp_cfg (+ frequencies)
 *                         core          DAG, numbering, splitting, placement
 *                         emit.cc       counter storage for the function
 *                         instrument.cc actions -> GIMPLE
 *                         notes.cc      the function's .ppno record (text)
 *                       then "pathprof_emit" simple IPA pass, once:
 *                         emit.cc       descriptors + static constructor
 *                         notes.cc      writes the .ppno file
 */
#ifndef PATHPROF_PLUGIN_H
#define PATHPROF_PLUGIN_H

#include "ppcore.h"

#define PATHPROF_PLUGIN_VERSION "0.1"

/* ------------------------------------------------------------------ */
/* Options (pathprof-plugin.cc)                                        */
/* ------------------------------------------------------------------ */

struct pp_options
{
  unsigned long long array_threshold; /* max paths for ARRAY storage */
  unsigned long long hash_size;       /* slots of a HASH table */
  const char *notes_dir;              /* NULL: next to the object */
  bool verbose;                       /* a note per function */
  bool warn_skipped;                  /* warn when a function is skipped */
  bool trace;                         /* testing aid: trace.cc */
};

extern pp_options pp_opts;
/* "12.2.0": the GCC the plugin runs in (for the notes' producer).  */
extern const char *pp_gcc_version;

/* ------------------------------------------------------------------ */
/* CFG mapping (cfg-map.cc)                                            */
/* ------------------------------------------------------------------ */

/* How a GCC edge is treated.  See specs/cfg-rules.md.  */
enum pp_edge_class
{
  PPE_NORMAL,  /* code can be inserted on the edge */
  PPE_HARD,    /* EH or computed-goto edge: in the CFG, but its code runs
                  before the jumping statement and at the target's head */
  PPE_OMITTED  /* setjmp/nonlocal-goto plumbing: not in the CFG */
};

/* Where the code that must run "on entry to a node" goes.  */
enum pp_head_kind
{
  PPH_START,        /* after the block's labels */
  PPH_AFTER_STMT,   /* after the returns_twice call head_stmt */
  PPH_OUT_EDGES     /* head_stmt ends the block: on every out-edge */
};

struct pp_fn_map
{
  function *fn;
  pp_cfg *cfg;               /* nodes = kept blocks, in block-index order */
  unsigned n_nodes;
  basic_block *node_bb;      /* node -> block */
  int *bb_node;              /* block index -> node, -1 if dropped */
  unsigned n_edges;          /* pp_cfg edges (== cfg->n_edges) */
  edge *cfg_edge;            /* pp_cfg edge -> GCC edge */
  unsigned char *edge_hard;  /* per pp_cfg edge: PPE_HARD */
  unsigned char *restart;    /* per node: setjmp receiver/nonlocal label */
  unsigned char *hard_target;/* per node: has a PPE_HARD in-edge */
  unsigned char *head_kind;  /* per node: pp_head_kind */
  gimple **head_stmt;        /* per node: for PPH_AFTER_STMT/OUT_EDGES */
  unsigned exit_node;        /* node of EXIT_BLOCK, or n_nodes if dropped */
  unsigned n_back, n_extra_cuts, n_hard;
};

/* Builds MAP for the current function.  Returns false (and *WHY, a
   static string) when the function cannot be profiled exactly.  */
bool pp_map_function (function *fn, pp_fn_map *map, const char **why);
void pp_map_free (pp_fn_map *map);

/* Estimated execution frequency of every edge of DAG (static heuristics:
   GCC's profile is not computed yet where the pass runs).  xmalloc'd.  */
double *pp_estimate_frequencies (const pp_fn_map *map, const pp_dag *dag);

/* ------------------------------------------------------------------ */
/* Per-function storage and descriptors (emit.cc)                      */
/* ------------------------------------------------------------------ */

/* Everything remembered about one instrumented function until the end
   of the compilation unit.  */
struct pp_fn_record
{
  char *name;           /* assembler name */
  char *source;         /* DECL_SOURCE_FILE */
  uint32_t checksum;
  uint32_t storage;     /* PATHPROF_STORAGE_* */
  uint64_t n_paths;
  tree counters;        /* ARRAY: uint64_t[n_paths] */
  tree table;           /* HASH: struct pathprof_hash_table */
  int order;            /* cgraph order: sorts records like the source */
  char *notes;          /* the function's .ppno record */
};

/* Creates the storage of a function with N_PATHS paths (ARRAY if at most
   the array threshold) and fills the record's storage fields.  */
void pp_emit_storage (pp_fn_record *rec);
/* Keeps T alive across garbage collections until the end of the unit.  */
void pp_gc_protect (tree t);
/* Emits the object descriptor and its constructor for RECS.  */
void pp_emit_object (pp_fn_record **recs, unsigned n, const char *notes_file,
                     uint32_t stamp);
/* The function declarations of the runtime's entry points.  */
tree pp_hash_add_decl (bool atomic);

/* ------------------------------------------------------------------ */
/* Instrumentation (instrument.cc)                                     */
/* ------------------------------------------------------------------ */

struct pp_instr_stats
{
  unsigned n_edge_seqs;   /* edges that got code */
  unsigned n_records;     /* counter updates */
  unsigned n_qvars;       /* pending registers (hard/restart targets) */
};

/* Inserts the code for ACTIONS into the current function.  */
void pp_instrument (const pp_fn_map *map, const pp_dag *dag,
                    const pp_action *actions, const pp_fn_record *rec,
                    pp_instr_stats *stats);

/* Testing aid: calls the harness's trace functions on function entry and
   at the head of every node (trace.cc).  */
void pp_insert_trace (const pp_fn_map *map, const char *name);

/* ------------------------------------------------------------------ */
/* Notes (notes.cc)                                                    */
/* ------------------------------------------------------------------ */

/* The function's record of the .ppno file (xmalloc'd text).  */
char *pp_notes_function (const pp_fn_record *rec, const pp_fn_map *map,
                         const pp_dag *dag, const pp_numbering *num);
/* Names of the notes file and the object, absolute, xmalloc'd.  */
char *pp_notes_file_name (void);
char *pp_object_file_name (void);
/* Writes the notes file; false (after an error()) on failure.  */
bool pp_notes_write (const char *file, uint32_t stamp,
                     pp_fn_record **recs, unsigned n);

/* ------------------------------------------------------------------ */
/* Passes (pass.cc)                                                    */
/* ------------------------------------------------------------------ */

opt_pass *pp_make_instrument_pass (gcc::context *ctxt);
opt_pass *pp_make_emit_pass (gcc::context *ctxt);

/* mpz -> uint64_t modulo 2^64 (negative increments wrap, as the path
   register does).  */
uint64_t pp_mpz_to_u64 (const mpz_t v);

#endif /* PATHPROF_PLUGIN_H */
