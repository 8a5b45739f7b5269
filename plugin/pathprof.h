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
#include "segment.h"

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
  unsigned long long hash_size;       /* path cache entries of HASH */
  const char *notes_dir;              /* NULL: next to the object */
  bool verbose;                       /* a note per function */
  bool warn_skipped;                  /* warn when a function is skipped */
  bool trace;                         /* testing aid: trace.cc */
  /* Preferential mode (interesting=FILE).  */
  const char *interesting_file;       /* NULL: Ball-Larus mode */
  bool unlisted_skip;                 /* leave unlisted functions alone */
  bool fully_tested_skip;             /* and those with every path tested */
  unsigned long long ppp_max;         /* PPP ids from here: residual */
  pp_stale_action stale;
  /* Inter-procedural modes (ipa.cc): a trace build (wpp), or IPPP with an
     interesting-segment file (ipps=FILE), preferential or Ball-Larus over
     the supergraphs (ipps-mode=bl), inlining at most ipps-growth percent
     of the unit's statements.  */
  bool wpp;
  const char *ipps_file;
  bool ipps_bl;
  unsigned long long ipps_growth;
  /* Preferential mode: PPP and RESIDUAL functions with at most this many
     Ball-Larus paths are counted in an array (pathprof-format.h, `tested`);
     unless given, PP_ARRAY_THRESHOLD or array_threshold if larger.  */
  unsigned long long ppp_array_threshold;
  bool ppp_array_threshold_set;
  /* Preferential mode: probe a residual cache inline before calling the
     path log for a residual path (pathprof-format.h, `path_cache`).  */
  bool residual_cache;
  /* Preferential and IPPP builds: place the counter updates by the
     interesting paths' counts where the file gives them, instead of the
     static estimate (pp_estimate_frequencies).  */
  bool profile_placement;
  /* Where the intra-procedural modes instrument (pass.cc): after GCC's
     early inliner and early optimizations, where gcov does (late), or
     before SSA, each function as written.  The inter-procedural modes
     always instrument early: they inline the segments' call chains
     themselves, into the functions as written.  */
  bool late;
  bool stage_set;                     /* stage= given */
  /* Count the steady path of a loop in a register until the loop exits
     (instrument.cc, specs/cfg-rules.md).  */
  bool steady_loops;
  /* Keep a counter's address in the path register where nothing needs the
     path's number (instrument.cc).  */
  bool address_registers;
  /* Peel the first iteration of a loop whose back edge compares with the
     slot only for that iteration's sake (instrument.cc, peel.cc).  */
  bool peel_loops;
  /* Copies of a small counting block for each way into it where the
     counter's address is a constant (tails.cc).  */
  bool tail_copies;
};

/* The default ppp-max: at most 65,536 slots (1 MiB of .data) per
   function.  The thesis' 2,500 (its Ball-Larus hash threshold) left the
   hot tested paths of lz4's LZ4_compress_generic_validated (range 5,823)
   and zlib's deflate_fast (3,870) without a slot, logged as residual at
   every execution: lz4's preferential build added 1,211 M instructions
   to the bench workload with 2,500, 1,168 M with 65,536.  16,384 (256
   KiB) still left pcre2's interpreter, match (range 61,376), with slots
   for its 1,055 hottest tested paths of 1,941; the others went to the
   residual cache or the log at every execution.  pcre2's preferential
   build added 9.18 instructions per executed path with 16,384, 8.24 with
   65,536, for 2.6 MB more .data (four functions of each of the three
   libraries have a range above 16,384); only the pages of the slots a
   run reaches are read or written.  */
#define PP_PPP_MAX 65536

/* The default array-threshold and ppp-array-threshold: an array of at
   most 2 MiB of counters per function, in .bss, whose pages are touched
   only where paths run (the runtime reads and resets only those,
   touched.c).  Measured by make bench (callgrind, instructions added to
   the uninstrumented build), against the thesis' 2,500: preferential
   builds mawk 239 M -> 93 M, lz4 1863 M -> 1410 M, bzip2 628 M -> 327 M;
   Ball-Larus builds (instructions per executed path, with hashed
   functions' path caches) lz4 12.2 -> 8.3, bzip2 3.3 -> 1.7, mawk 6.8 ->
   3.5, zlib 4.6 -> 4.1.  */
#define PP_ARRAY_THRESHOLD 262144ull

/* Whether the unit is built in one of the inter-procedural modes.  */
#define PP_INTER_MODE (pp_opts.wpp || pp_opts.ipps_file)

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
  /* Trace builds (supergraph.cc), else NULL.  Per pp_cfg edge cut at a
     call site: the call, before which the cut's code goes (the piece ends
     when the call starts), and the callee's address; per node: code that
     runs first at its head.  */
  gimple **cut_call;
  tree *cut_callee;
  gimple_seq *head_prefix;
};

/* Builds MAP for the current function.  Returns false (and *WHY, a
   static string) when the function cannot be profiled exactly.  */
bool pp_map_function (function *fn, pp_fn_map *map, const char **why);
void pp_map_free (pp_fn_map *map);

/* Execution frequency of every edge of DAG, for the placement: measured
   where PROFILE (an edge count per DAG edge, or NULL) gives it, else by
   static heuristics (GCC's profile is not computed yet where the pass
   runs).  xmalloc'd.  */
double *pp_estimate_frequencies (const pp_fn_map *map, const pp_dag *dag,
                                 const double *profile);

/* ------------------------------------------------------------------ */
/* Preferential mode (preferential.cc)                                 */
/* ------------------------------------------------------------------ */

/* How one function is profiled, from the interesting-path file.  */
struct pp_plan
{
  uint32_t storage;       /* ARRAY: Ball-Larus (the array threshold then
                             picks ARRAY or HASH); PPP; RESIDUAL */
  bool skip;              /* unlisted=skip, fully-tested=skip: leave the
                             function alone */
  char *stale;            /* why the file's entry does not match (the
                             function is then unlisted), or NULL */
  unsigned n_interesting;
  mpz_t *interesting;     /* PPP: their Ball-Larus ids, increasing */
  pp_ppp_result *ppp;     /* PPP: the numbering of `interesting` */
  uint64_t n_slots;       /* PPP: min (range, ppp-max), or more when
                             unchecked */
  uint64_t *slot_bl;      /* PPP: n_slots Ball-Larus ids (xmalloc'd) */
  /* PPP: every path's PPP id plus slot_shift is below n_slots, which
     pp_plan_ppp_ids raised (slots without a path) to cover every PPP id
     any path of the DAG can have: the path end needs no bounds check.
     The slot of PPP id i is i + slot_shift (0 unless unchecked).  Both
     are reset when the function is counted in an array instead.  */
  bool unchecked;
  uint64_t slot_shift;
  /* PPP: the preferential register's weights, ppp->weight times
     PATHPROF_PPP_SLOT_BYTES, plus slot_shift's bytes on the edges
     leaving s (every path runs one): the register ends each path at the
     byte offset of its slot.  ppp->n_edges of them, xmalloc'd.  */
  mpz_t *slot_weight;
  /* PPP: per DAG edge, what a path end there does (pp_end_kind: compare
     with the slot, count without comparing, or log), from which paths
     have a slot; ppp->n_edges entries, xmalloc'd.  */
  unsigned char *end_kind;
  /* PPP or RESIDUAL counted in an array of Ball-Larus counters, the tested
     paths marked (pp_plan_split); then n_slots = the PPP range (every
     interesting path has its PPP id, none lacks a slot) and slot_bl is
     NULL.  */
  bool split;
  /* The execution count of every DAG edge summed over the interesting
     paths' counts (n_edges entries), or NULL when the file gives none or
     profile-placement=0: the placement's frequencies.  */
  double *edge_profile;
  /* PPP: the interesting paths that the file gives a count for, their
     Ball-Larus ids (those below 2^64) in COUNTED_BL and their counts in
     COUNTED_RUNS, N_COUNTED of each (xmalloc'd; NULL when none): which
     way round a loop its hottest is (instrument.cc's hot ways).  */
  unsigned n_counted;
  uint64_t *counted_bl, *counted_runs;
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
/* PPP storage for the N interesting paths IDS (Ball-Larus ids under NUM;
   PLAN takes IDS over, mpz_init'ed and malloc'd): their numbering and
   slots.  COUNTS (N of them, or NULL) are their executions in the tested
   runs: when the range of all of them is larger than ppp-max, only the
   hottest that fit are numbered (pp_ppp_number_hottest).  False (with
   ERR) if the numbering fails.  */
bool pp_plan_ppp_ids (mpz_t *ids, const uint64_t *counts, unsigned n,
                      const pp_dag *dag, const pp_numbering *num,
                      pp_plan *plan, pp_error *err);
/* Counts PLAN's function (a PPP or RESIDUAL plan of a function with
   N_PATHS Ball-Larus paths) in an array, the tested paths marked, when
   N_PATHS is at most the ppp-array-threshold argument; *TESTED_MAP then
   gets the bitmap of a PPP plan's interesting paths (xmalloc'd; NULL for
   RESIDUAL).  False when the slots (or the residual log) stay.  */
bool pp_plan_split (pp_plan *plan, const mpz_t n_paths,
                    unsigned char **tested_map);
/* Reports that FNDECL's entry at REASON ("FILE:LINE (...)") in the
   interesting-path or -segment file is stale, as `stale` says.  */
void pp_report_stale (tree fndecl, const char *reason);
/* Reports that FNDECL, of SOURCE, is listed at FILE:LINE (the
   interesting-path or -segment file) with its CFG but only under another
   source, THERE (pp_interesting_lookup_elsewhere): as `stale` says, once
   per SOURCE.  Returns the notes' stale reason (xmalloc'd).  */
char *pp_report_elsewhere (tree fndecl, const char *file, unsigned line,
                           const char *there, const char *source);
/* "array", "hash", "ppp" or "residual".  */
const char *pp_storage_name (uint32_t storage);
/* "<storage> storage" for the verbose note, with PPP's slots (a static
   buffer).  */
const char *pp_record_storage (const struct pp_fn_record *rec);
/* "N path ends" for the verbose note, with how many of a PPP function's
   compare with the slot, and how many loops count their steady path in a
   register (a static buffer).  */
const char *pp_path_ends_text (const struct pp_fn_record *rec,
                               const struct pp_instr_stats *stats);
/* Reads the interesting-path file of the `interesting` argument; false
   after an error() naming the file, line and problem.  */
bool pp_read_interesting (const char *file);

/* ------------------------------------------------------------------ */
/* Inter-procedural modes (ipa.cc, subpath.cc, inline.cc,              */
/* supergraph.cc)                                                      */
/* ------------------------------------------------------------------ */

/* Where a subpath CFG node's statements are, for the notes.  */
struct pp_node_lines
{
  int bb;
  char *file;
  int lo, hi, last;
};

/* A context of a root's supergraph (segment.h's pp_sg_context) and the
   first of the marker tags of its function's subpath nodes.  */
struct pp_ipa_context
{
  unsigned parent, site, fn;
  unsigned tag_base;
};

/* One function of the unit, as the pre-pass saw it before any change.  */
struct pp_ipa_fn
{
  tree decl;
  char *name, *source;
  unsigned index;            /* in the unit's table */
  pp_subpath_fn *sub;        /* its subpath CFG; NULL: not handled */
  const char *skip;          /* why not handled (no subpath CFG) */
  const char *refusal;       /* why it is never inlined, or NULL */
  unsigned n_stmts;          /* statements (the growth bound's unit) */
  unsigned tag_base;         /* marker of subpath node u: tag_base + u */
  pp_node_lines *lines;      /* per subpath node */
  unsigned sub_nodes;        /* of the subpath CFG (lines' length) */
  bool address_taken;
  /* Only this unit's direct calls reach it (file-local, its address
     never taken, no alias, not `used`): a trace build names it by a token of its
     own instead of its address (pp_ipa_self_address).  */
  bool direct_only;
  tree self_token;           /* that token (a variable), once made */
  bool has_restart;          /* setjmp receivers or nonlocal labels */
  /* IPPP roots: the contexts of the supergraph (0 is the root), and the
     interesting segments to number, as read (file function indices).  */
  pp_ipa_context *ctx;
  unsigned n_ctx;
  bool listed;               /* the IPS file lists it (not stale) */
  char *stale;               /* why its entry does not match, or NULL */
};

/* What a marker (a GIMPLE_PREDICT the pre-pass puts at the start of
   every subpath node) stands for.  */
struct pp_tag
{
  unsigned fn, node, ctx;
};

/* The pre-pass.  */
opt_pass *pp_make_ipa_pass (gcc::context *ctxt);
/* The unit's functions (index order) and their subpath CFGs (NULL for
   those not handled).  */
extern pp_ipa_fn **pp_ipa_fns;
extern unsigned pp_n_ipa_fns;
extern pp_subpath_fn **pp_ipa_subpaths;
pp_ipa_fn *pp_ipa_lookup (tree decl);
/* What a trace build's entry event of FNDECL, and the call sites that
   call it directly, pass as its address: &FNDECL, or for a function of
   the unit that only its direct calls reach, a token of its own.  Taking
   the address of such a function would make GCC emit its body out of
   line even where every call is inlined, and an always_inline body may
   not compile out of line (an asm operand that must be a constant).  */
tree pp_ipa_self_address (tree fndecl);
/* What a call site of a trace build announces as the address it calls:
   for a direct call pp_ipa_self_address of the callee, otherwise the
   pointer called.  */
tree pp_ipa_announced_callee (gcall *call);
/* Whether G calls one of the block-trace functions that `trace` adds to
   an inter-procedural build (ipa.cc; they record and return).  */
bool pp_ipa_trace_call_p (const gimple *g);
/* The tag of marker G, or NULL if G is no marker.  */
const pp_tag *pp_marker_tag (const gimple *g);
/* A new block of tags (fn, node, ctx) for every node of FN.  */
unsigned pp_new_tags (unsigned fn, unsigned ctx);
gimple *pp_build_marker (unsigned tag);
/* Frees everything the pre-pass kept (end of the unit).  */
void pp_ipa_release (void);

/* Why the function of NODE can never be inlined by pathprof (a static
   string), or NULL (subpath.cc).  */
const char *pp_inline_refusal (cgraph_node *node);
/* The callee of CALL if it is a call site of CALLER: *CALLEE is the
   callee's table entry, or NULL for a call through a pointer.  */
bool pp_call_site (cgraph_node *caller, gcall *call, pp_ipa_fn **callee);
/* Whether CALL's arguments and result fit CALLEE's declaration.  */
bool pp_call_fits (gcall *call, tree callee);
/* Builds F's subpath CFG from its map (SITES: the call sites' statements
   in block order, their callees in CALLEES), and its nodes' lines.
   False (with *WHY) on failure.  */
bool pp_build_subpath (pp_ipa_fn *f, const pp_fn_map *map, gcall **sites,
                       pp_ipa_fn **callees, unsigned n_sites,
                       const char **why);

/* IPPP: reads the IPS file (plugin initialization); inlines the call
   chains of the interesting segments into their roots (inline.cc).  */
bool pp_read_ips (const char *file);
void pp_ipps_inline (void);
/* The IPS file's depth; the unit's statements and those inlining added.  */
unsigned pp_ipps_depth (void);
void pp_ipps_growth (unsigned long long *unit, unsigned long long *added);
/* The interesting segments of root F whose call chains were inlined, in
   its supergraph's function indices (the unit's table), and the IPS
   file's line and count (-1: none given) of each; *N_NOT_INLINED: those
   that run through a chain the growth bound or a failure left out.  */
void pp_ipps_segments (const pp_ipa_fn *f, pp_segment **segs,
                       unsigned **lines, double **counts, unsigned *n,
                       unsigned *n_not_inlined);
void pp_ipps_free_segments (pp_segment *segs, unsigned *lines,
                            double *counts, unsigned n);
/* Frees inline.cc's state (end of the unit).  */
void pp_ipps_release (void);

/* ------------------------------------------------------------------ */
/* Per-function storage and descriptors (emit.cc)                      */
/* ------------------------------------------------------------------ */

/* Everything remembered about one instrumented function until the end
   of the compilation unit.  */
struct pp_fn_record
{
  char *name;           /* assembler name */
  char *source;         /* DECL_SOURCE_FILE */
  /* TREE_PUBLIC: one function of the program under its name, wherever
     its copies are compiled (the notes' `linkage`).  */
  bool is_public;
  uint32_t checksum;
  uint32_t storage;     /* PATHPROF_STORAGE_* */
  uint64_t n_paths;
  unsigned index;       /* in the object's function descriptors */
  tree counters;        /* ARRAY: uint64_t[n_paths] */
  tree slots;           /* PPP: struct pathprof_ppp_slot[n_slots] */
  uint64_t n_slots;     /* PPP */
  uint64_t *slot_bl;    /* PPP: Ball-Larus id of each slot's path, or
                           PATHPROF_NO_PATH (xmalloc'd) */
  /* PPP: pp_plan's counted paths (xmalloc'd, or NULL).  */
  unsigned n_counted;
  uint64_t *counted_bl, *counted_runs;
  bool unchecked;       /* PPP: pp_plan::unchecked */
  unsigned char *end_kind; /* PPP: pp_plan::end_kind (xmalloc'd) */
  /* PPP and RESIDUAL counted in an array (pp_plan::split): `counters`
     holds n_paths counters, `tested` (PPP only, else NULL_TREE) the
     bitmap of tested paths, tested_map its bytes (xmalloc'd).  */
  bool split;
  tree tested;
  unsigned char *tested_map;
  /* The path cache of a function whose path ends log their paths
     (pathprof-format.h, "Logged paths"): HASH, and with residual-cache=1
     PPP in slots and RESIDUAL not in an array.
     uint64_t[2 << path_cache_bits], keys then counts; else NULL_TREE.
     HASH: hash-size entries (rounded up to a power of two); PPP and
     RESIDUAL: pp_residual_cache_bits.  */
  tree path_cache;
  unsigned path_cache_bits;
  unsigned n_interesting; /* PPP: pp_plan::n_interesting, else 0 */
  char *notes;          /* the function's .ppno record */
};

/* log2 of the entries of the residual cache of a function with
   N_INTERESTING interesting paths: 4 entries per interesting path, from
   PATHPROF_RESIDUAL_CACHE_BITS to PATHPROF_RESIDUAL_CACHE_MAX_BITS.  A
   function whose tests ran many distinct paths is one whose field runs
   many untested ones too: xz-utils' lzma_decode, 31,767 tested paths,
   runs 135,619 untested ones in the 22 runs of the bench's field
   workload.  The cache holds the first path to reach each entry, so more
   entries keep more of the hot ones out of the call: 2^17 entries
   instead of 2^14 take lzma_decode's calls to the log from 193,343 to
   56,938 on the bench's quick workload (specs/runtime.md).  */
unsigned pp_residual_cache_bits (uint64_t n_interesting);
/* Creates the storage of REC (whose storage, n_paths and, for PPP,
   n_slots and slot_bl are set): ARRAY counters, or a HASH function's path
   cache (chosen here by the array threshold when REC's storage is
   ARRAY), PPP slots, the residual cache of a PPP or RESIDUAL function,
   nothing for TRACE.  */
void pp_emit_storage (pp_fn_record *rec);
/* A new file-local byte, __pathprof_self<marker>NAME, kept from the
   garbage collector: a trace build's token for a function that only this
   unit's direct calls reach (pp_ipa_self_address).  */
tree pp_self_token (const char *name);
/* &descriptors[rec->index], the address __pathprof_log_path takes.  */
tree pp_function_descriptor_addr (const pp_fn_record *rec);
/* The declaration of __pathprof_log_path.  */
tree pp_log_path_decl (void);
/* The declaration of __pathprof_exec_prepare, or with FAILED of
   __pathprof_exec_failed.  */
tree pp_exec_hook_decl (bool failed);
/* Keeps T alive across garbage collections until the end of the unit.  */
void pp_gc_protect (tree t);
/* Emits the object descriptor and its constructor for RECS.  */
void pp_emit_object (pp_fn_record **recs, unsigned n, const char *notes_file,
                     uint32_t stamp);

/* ------------------------------------------------------------------ */
/* Instrumentation (instrument.cc)                                     */
/* ------------------------------------------------------------------ */

struct pp_instr_stats
{
  unsigned n_edge_seqs;   /* edges that got code */
  unsigned n_records;     /* counter updates */
  unsigned n_checked;     /* PPP path ends that compare with the slot */
  unsigned n_qvars;       /* pending registers (hard/restart targets) */
  unsigned n_steady;      /* loops' steady paths counted in a register */
  unsigned n_steady_exits; /* of which counted at the loop's exits (the
                              simple form) */
  unsigned n_address_regs; /* path registers holding a counter's address */
  unsigned n_peel;        /* loops whose first iteration is to be peeled */
  unsigned n_peel_folded; /* checks that the peeling settles */
  /* With gcov's -fprofile-arcs in the compilation: the notes' "# check"
     comments (pp_notes_check_comment), xmalloc'd, or NULL; its length
     and allocated size.  */
  char *check_notes;
  size_t check_notes_len, check_notes_size;
};

/* Path registers: the Ball-Larus id, and in preferential mode the PPP
   id, updated on the same edges.  */
#define PP_N_REGS 2
#define PP_REG_BL 0
#define PP_REG_PPP 1

/* Inserts the code for ACTIONS[0..N_REGS-1] (by register) into the
   current function.  EDGE_PROFILE (per DAG edge: the tested runs' counts,
   or NULL) tells which loops go around often enough to count their steady
   path in a register, or to peel.  NUM, the Ball-Larus numbering (NULL:
   no peeling), decodes the slots' paths for the peeling.  */
void pp_instrument (const pp_fn_map *map, const pp_dag *dag,
                    const pp_numbering *num,
                    const pp_action *const *actions, unsigned n_regs,
                    const pp_fn_record *rec, const double *edge_profile,
                    pp_instr_stats *stats);

/* Peeling (peel.cc).  Asks for the first iteration of the current
   function's loop whose header is HEADER to be peeled once the function
   is in SSA form, and for the conditions CONDS, statements of the loop's
   body, to become VALUES (true or false) in the loop that remains.  Then,
   unless COLD_EDGES is empty, for the edges COLD_EDGES of the loop's own
   body to lead into a copy of the code after them that reaches the
   conditions COLD_CONDS, and for those to become COLD_VALUES in the
   loop that remains (the copy keeps them).  And for the copies of the
   conditions INNER_CONDS, in loops nested in it, that their loop's
   peeling makes (in its first iteration) to become INNER_VALUES.  Takes
   the vectors over.  */
void pp_request_peel (basic_block header, vec<gcond *> conds,
                      vec<bool> values, vec<edge> cold_edges,
                      vec<gcond *> cold_conds, vec<bool> cold_values,
                      vec<gcond *> inner_conds, vec<bool> inner_values);
/* Does what was asked for FN (cfun, in SSA form, its loop structure up
   to date), and forgets it; the number of loops peeled, of *N_ASKED
   asked for, in *N_FOLDED the conditions folded in them, and in
   *N_COLD the cold copies made.  */
unsigned pp_peel_loops (function *fn, unsigned *n_asked, unsigned *n_folded,
                        unsigned *n_cold);
/* Forgets what was asked and not done (a function whose loop structure
   was gone by then is left unpeeled, its checks whole).  */
void pp_peel_release (void);

/* Trace builds: the runtime's entry points (emit.cc).  */
enum pp_wpp_fn
{
  PP_WPP_ENTER,
  PP_WPP_PIECE,
  PP_WPP_SITE,
  PP_WPP_RESUME
};
tree pp_wpp_decl (pp_wpp_fn which);

/* Testing aid: calls the harness's trace functions on function entry and
   at the head of every node (trace.cc).  */
void pp_insert_trace (const pp_fn_map *map, const char *name);
/* Whether G calls one of the trace functions (which record and return):
   these, or the IPPP block trace's (pp_ipa_trace_call_p).  */
bool pp_trace_call_p (const gimple *g);

/* ------------------------------------------------------------------ */
/* Notes (notes.cc)                                                    */
/* ------------------------------------------------------------------ */

/* The function's record of the .ppno file (xmalloc'd text); EXTRA (may
   be NULL) is inserted before its `end`.  */
char *pp_notes_function (const pp_fn_record *rec, const pp_fn_map *map,
                         const pp_dag *dag, const pp_numbering *num,
                         const pp_plan *plan, const pp_action *actions,
                         const char *extra);
/* The record of F's subpath CFG: a `function` record of storage trace
   (TRACE: a trace build's function), or a `subpaths` record.  */
char *pp_notes_subpath (const pp_ipa_fn *f, bool trace);
/* Adds TEXT (xmalloc'd, taken over) to the records written after the
   functions.  */
void pp_notes_add_unit_record (char *text);
/* stage=late, while the pass instruments the unit: whether the function
   FNDECL (or the function it is an alias of) loses its pure and const
   flags by the end of the pass, being instrumented by it.  Functions the
   pass has still to see are assumed instrumented.  False outside the
   pass.  */
bool pp_loses_pure_const (tree fndecl);
/* The lines of BB's statements from FIRST (NULL: the first) up to STOP
   (excluded; NULL: the end), as a notes `block` record gives them; with
   GCOV_LINES (or NULL), every line gcov attaches the block's branches
   to, in order (the notes' "# gcov-lines" comments).  */
void pp_stmt_range_lines (basic_block bb, gimple *first, gimple *stop,
                          const char **file, int *lo, int *hi, int *last,
                          vec<expanded_location> *gcov_lines);
/* Appends to *TEXT (xmalloc'd or NULL, *LEN characters in *SIZE bytes)
   the notes' "# check" comment of a path end whose code branches (KIND:
   "slot", "bounds" or "log"), for the gcov oracle: the paths that reach
   it go through DAG edge VIA (VIA_KIND 'e') or node VIA ('n') and end
   with DAG edge END; gcov attaches the branch to the lines of BB, the
   block its code is in.  */
void pp_notes_check_comment (char **text, size_t *len, size_t *size,
                             long end, const char *kind, char via_kind,
                             long via, basic_block bb);
/* Inserts TEXT (may be NULL) before the `end` of function record
   *NOTES.  */
void pp_notes_insert (char **notes, const char *text);
/* Names of the notes file and the object, absolute, xmalloc'd.  */
char *pp_notes_file_name (void);
char *pp_object_file_name (void);
/* The notes of the unit after their stamp line: the header records,
   the records of the N functions RECS and the unit records added (which
   it takes over), xmalloc'd.  */
char *pp_notes_text (pp_fn_record **recs, unsigned n);
/* The compilation stamp of notes file FILE with TEXT (pp_notes_text): a
   CRC-32 of the notes without their stamp line and of FILE's name, so
   that two compilations writing the same notes for the same object
   share their stamp, and their profiles merge.  */
uint32_t pp_notes_stamp (const char *file, const char *text);
/* Writes the notes file: its first line, the stamp, TEXT; false (after
   an error()) on failure.  */
bool pp_notes_write (const char *file, uint32_t stamp, const char *text);

/* ------------------------------------------------------------------ */
/* Passes (pass.cc)                                                    */
/* ------------------------------------------------------------------ */

opt_pass *pp_make_instrument_pass (gcc::context *ctxt);
opt_pass *pp_make_emit_pass (gcc::context *ctxt);
opt_pass *pp_make_late_pass (gcc::context *ctxt);
opt_pass *pp_make_tails_pass (gcc::context *ctxt);
/* The DAG of CFG and its Ball-Larus numbering, after cutting more nodes
   (pp_split_paths, which spares the no_split nodes) if the ids would not
   fit 64 bits.  */
pp_status pp_number_fitting (pp_cfg *cfg, pp_dag **dag, pp_numbering **num,
                             unsigned *n_splits, pp_error *err);
/* Brings the current function's loop structure up to date after its
   CFG changed (the instrumentation's blocks, a peeled iteration, a split
   edge).  */
void pp_fix_loops (void);
/* Warns (or, with warn-skipped=0, notes in verbose mode) that FNDECL is
   not instrumented, and WHY.  */
void pp_skip_function (tree fndecl, const char *why);
/* Functions that must not get code: attributes, offloading; and the
   bodies that exist only to be inlined (DECL_EXTERNAL), as gcov leaves
   them.  */
bool pp_excluded (tree fndecl);
/* The assembler name and source file the notes and profiles use.  */
const char *pp_asm_name (tree fndecl);
const char *pp_source_file (tree fndecl);
/* FILE as gcov names it in its notes: remapped by -fprofile-prefix-map
   (and -ffile-prefix-map, which implies it), so that a function's
   (name, source) identity and the notes' lines survive a build in another
   directory when both builds map their directory.  */
const char *pp_profile_file_name (const char *file);
/* Adds an instrumented function's record (its index is set here) to the
   unit's descriptors; the number of records so far.  */
void pp_push_record (pp_fn_record *rec);
unsigned pp_n_records (void);
/* The pass for the inter-procedural modes (supergraph.cc).  */
void pp_instrument_inter (function *fn);

/* Writes the counts before every exec call (and daemon call) of FN
   (cfun), instrumented or not (exec-hooks.cc); the number of calls.
   The caller brings FN's virtual operands and call-graph edges up to
   date.  */
unsigned pp_hook_exec_calls (function *fn);

/* mpz -> uint64_t modulo 2^64 (negative increments wrap, as the path
   register does).  */
uint64_t pp_mpz_to_u64 (const mpz_t v);

#endif /* PATHPROF_PLUGIN_H */
