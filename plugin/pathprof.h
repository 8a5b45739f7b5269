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

/* What to do with a function the interesting-path file lists, but whose
   CFG no longer matches the entry.  */
enum pp_stale_action
{
  PP_STALE_WARN,
  PP_STALE_IGNORE,
  PP_STALE_ERROR
};

struct pp_options
{
  unsigned long long array_threshold; /* max paths for ARRAY storage */
  unsigned long long hash_size;       /* slots of a HASH table */
  const char *notes_dir;              /* NULL: next to the object */
  bool verbose;                       /* a note per function */
  bool warn_skipped;                  /* warn when a function is skipped */
  bool trace;                         /* testing aid: trace.cc */
  /* Preferential mode (interesting=FILE).  */
  const char *interesting_file;       /* NULL: Ball-Larus mode */
  bool unlisted_skip;                 /* leave unlisted functions alone */
  unsigned long long ppp_max;         /* PPP ids from here: residual */
  pp_stale_action stale;
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
/* Preferential mode (preferential.cc)                                 */
/* ------------------------------------------------------------------ */

/* How one function is profiled, from the interesting-path file.  */
struct pp_plan
{
  uint32_t storage;       /* ARRAY: Ball-Larus (the array threshold then
                             picks ARRAY or HASH); PPP; RESIDUAL */
  bool skip;              /* unlisted=skip: leave the function alone */
  char *stale;            /* why the file's entry does not match (the
                             function is then unlisted), or NULL */
  unsigned n_interesting;
  mpz_t *interesting;     /* PPP: their Ball-Larus ids, increasing */
  pp_ppp_result *ppp;     /* PPP: the numbering of `interesting` */
  uint64_t n_slots;       /* PPP: min (range, ppp-max) */
  uint64_t *slot_bl;      /* PPP: n_slots Ball-Larus ids (xmalloc'd) */
};

void pp_plan_init (pp_plan *plan);
void pp_plan_free (pp_plan *plan);
/* Decides how FNDECL (assembler NAME, SOURCE file, CFG CHECKSUM, numbered
   NUM over DAG) is profiled.  Ball-Larus unless an interesting-path file
   was given.  Reports stale entries as the `stale` argument says.  False
   (with ERR) if the preferential numbering fails.  */
bool pp_plan_function (tree fndecl, const char *name, const char *source,
                       uint32_t checksum, const pp_dag *dag,
                       const pp_numbering *num, pp_plan *plan,
                       pp_error *err);
/* "array", "hash", "ppp" or "residual".  */
const char *pp_storage_name (uint32_t storage);
/* Reads the interesting-path file of the `interesting` argument; false
   after an error() naming the file, line and problem.  */
bool pp_read_interesting (const char *file);

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
  unsigned index;       /* in the object's function descriptors */
  tree counters;        /* ARRAY: uint64_t[n_paths] */
  tree table;           /* HASH: struct pathprof_hash_table */
  tree slots;           /* PPP: struct pathprof_ppp_slot[n_slots] */
  uint64_t n_slots;     /* PPP */
  uint64_t *slot_bl;    /* PPP: Ball-Larus id of each slot's path, or
                           PATHPROF_NO_PATH (xmalloc'd) */
  char *notes;          /* the function's .ppno record */
};

/* Creates the storage of REC (whose storage, n_paths and, for PPP,
   n_slots and slot_bl are set): ARRAY or HASH (chosen here by the array
   threshold when REC's storage is ARRAY), PPP slots, or nothing for
   RESIDUAL.  */
void pp_emit_storage (pp_fn_record *rec);
/* &descriptors[rec->index], the address __pathprof_residual takes.  */
tree pp_function_descriptor_addr (const pp_fn_record *rec);
/* The declaration of __pathprof_residual.  */
tree pp_residual_decl (void);
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

/* Path registers: the Ball-Larus id, and in preferential mode the PPP
   id, updated on the same edges.  */
#define PP_N_REGS 2
#define PP_REG_BL 0
#define PP_REG_PPP 1

/* Inserts the code for ACTIONS[0..N_REGS-1] (by register) into the
   current function.  */
void pp_instrument (const pp_fn_map *map, const pp_dag *dag,
                    const pp_action *const *actions, unsigned n_regs,
                    const pp_fn_record *rec, pp_instr_stats *stats);

/* Testing aid: calls the harness's trace functions on function entry and
   at the head of every node (trace.cc).  */
void pp_insert_trace (const pp_fn_map *map, const char *name);

/* ------------------------------------------------------------------ */
/* Notes (notes.cc)                                                    */
/* ------------------------------------------------------------------ */

/* The function's record of the .ppno file (xmalloc'd text).  */
char *pp_notes_function (const pp_fn_record *rec, const pp_fn_map *map,
                         const pp_dag *dag, const pp_numbering *num,
                         const pp_plan *plan, const pp_action *actions);
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
