/* pathprof plugin: the core's per-edge actions -> GIMPLE.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The function gets one 64-bit path register r (a local variable: plain
 * assignments to it are fine, and into-SSA, or update_ssa when the
 * function is already in SSA form (stage=late, pass.cc), does the rest).
 * Where the code of each DAG edge goes:
 *
 *   REAL edge of a plain CFG edge      on that edge (gsi_insert_on_edge)
 *   CUT_END then CUT_START of a cut    on the cut CFG edge, in that order
 *   ENTRY (s -> ENTRY_BLOCK)           first, on ENTRY_BLOCK's out-edge
 *   the rest of the path, from a       when entering the first "finish"
 *   node whose remaining path is       node of the path (compute_finish):
 *   fixed, EXIT edges included         at its head, before its statements,
 *                                      or on the edge into it
 *
 * so a path is counted before a noreturn call (exit () runs the profile
 * writer) and before a tail call, which stays a tail call.
 *
 * A node whose in-edges cannot all carry code (the target of an EH or
 * computed-goto edge, or a setjmp receiver: "head nodes") gets its entry
 * action at its head instead.  If all its in-edges have the same action,
 * that action simply moves there.  Otherwise every in-edge e stores
 * f_e(r) into a pending register q (on the edge, or just before the
 * jumping statement for a hard edge: the statement either jumps through
 * e or through an edge that does not read q) and the head does r = q.
 * For setjmp receivers q is volatile and set at function entry, so that
 * a longjmp always finds a valid value there.
 *
 * In preferential mode the function has two registers updated on the same
 * chords (thesis 3.6): r, the Ball-Larus id, and p, the byte offset of
 * the path's PPP slot (pp_plan::slot_weight); every action above is done
 * for both, and pending registers come in pairs.
 *
 * A path end ("record") is, by storage:
 *   ARRAY     counters[r]++ (atomic with -fprofile-update=atomic)
 *   HASH      LOG (r)
 *   RESIDUAL  LOG (r)
 *   PPP       if (p <= (n_slots - 1) * 16 && slot(p).bl_id == r)
 *               slot(p).count++;
 *             else LOG (r);
 *             where slot(p) is the slot at byte offset p (no bounds check
 *             when every path has a slot: pp_plan::unchecked); where every
 *             path ending with this DAG edge has a slot, slot(p).count++
 *             alone, and where none has, LOG (r) alone (pp_end_kind).
 * where LOG (r), with the function's path cache (a HASH function's, of
 * hash-size entries; a residual cache with residual-cache=1:
 * pathprof-format.h, "Logged paths"), is
 *             e = (r * PATHPROF_PATH_CACHE_MUL) >> (64 - BITS);
 *             if (cache[e] == r + 1) cache[SLOTS + e]++;
 *             else __pathprof_log_path (&descriptor, r);
 * and without it the call alone.  The checks need control flow, which
 * cannot go into the sequences placed on edges: the sequence ends with the
 * ids in temporaries (the "anchor"), and once every sequence is in place
 * expand_checks splits the block after the anchor and builds the check
 * there.  When both ids of a PPP path end are constants (the path's code
 * is all on its last edge) the slot check is decided at compile time.
 *
 * Address form.  A register whose value only ever selects a counter (the
 * Ball-Larus register of an ARRAY function, split ones included; the PPP
 * register of an unchecked PPP function, which always points into the
 * slots at a path end) holds the counter's address instead: r = &a p+ c
 * where the action sets c, r = r p+ c where it adds c (c scaled to bytes),
 * and the record is (*r)++.  In position-independent code an indexed
 * access a[r] needs a's address in another register, live across the
 * function or reloaded at every path end; &a p+ c is a single
 * RIP-relative lea.  The plugin keeps its values as numbers (constants
 * are uint64_t values, reg_value makes them addresses where a register of
 * the address type needs one), so the rest of this file is the same for
 * both forms.
 *
 * Steady paths.  The back edge of a loop whose body goes around one way
 * only ends the same path on every iteration but the first (the first one
 * comes from before the loop): pp_steady_path.  Counting it in memory
 * makes every iteration wait for the last one's store to the same
 * counter, which can double the time of a tight loop; gcov does not pay
 * this, because GCC's store motion keeps its counter in a register while
 * the loop runs.  Our counter's address depends on the path register, so
 * GCC cannot do the same: we do it, where the record is a plain increment
 * or a PPP check and the steady path is counted (in the array, or in a
 * slot of its own).  n is a local variable.
 *
 *   - Simple form (no other cut inside the loop, so no inner loop; every
 *     entry edge carries its own code): the paths that end with the back
 *     edge are the steady one and the first iteration's, which is the
 *     first to end there after the loop is entered.  The back edge only
 *     does n++; every entry edge sets n = 0 and keeps in f the ids the
 *     first iteration will have if it goes around (the ids at the header
 *     plus what the rest of the steady path adds, or what it sets); every
 *     exit edge does
 *             if (n) { counter += n - 1; n = 0; <the record of f>; }
 *     GCC often computes n from the loop's induction variable, and the
 *     loop keeps no instrumentation at all.
 *   - Otherwise the back edge's record becomes
 *             if (reg == steady id) n++; else <the record>;
 *     with n = 0 at function entry, and every exit edge does
 *     if (n) { counter += n; n = 0; } (n = 0:
 *     no write, which could overwrite other threads' updates).  The register
 *     compared is the PPP one at an end where every path has a slot (the
 *     Ball-Larus one may be dead there), else the Ball-Larus one.
 *
 * Only in a loop that goes around often enough per entry for this to pay
 * (goes_around), and that nothing can leave except by its exit edges, as
 * store motion requires: no call but to leaf builtins, internal functions
 * and the trace functions (a call could exit (), longjmp or fork), no asm,
 * no abnormal or EH edge, no exit to EXIT_BLOCK; and not with atomic
 * updates, which promise exact counts to a profile written while other
 * threads run.  A process killed by a signal inside such a loop (or whose
 * signal handler exits, throws or longjmps out of it) loses the
 * iterations since the loop was entered, as gcov's loses its promoted
 * counters.  The first iteration's path, when residual, is logged as the
 * loop exits rather than at the back edge.
 *
 * Hot ways.  In a preferential function (in slots or in an array) whose
 * interesting-path file gives counts, a loop that goes around several
 * ways counts the tested runs' hottest one in the compare form, under
 * the same conditions, where it took at least half of the back edge's
 * count (hot_way_end).  A loop that counts a steady path is never peeled; one
 * that counts a hot way is: the compare of exact Ball-Larus ids holds in
 * any copy of the code, and the flushes on the loop's exit edges are
 * outside it, reached from the first iteration's copy and the cold copy
 * too (or copied with an outer loop's body, exits and all).
 *
 * Peeled loops.  In a function counted in PPP slots, a loop whose every
 * way around was tested, but not every way into it, has a back edge that
 * compares with the slot on every iteration for the first one's sake.
 * compute_peel picks such loops (pp_end_kinds_from tells which checks
 * inside a loop its own paths settle), expand_checks notes those checks'
 * conditions, and peel.cc peels the loop's first iteration once the
 * function is in SSA form and folds them in the loop that remains.  Where
 * some way around was never tested, the ways into the loop's latch that
 * carry only tested paths may still be worth it (settled_ways): the latch
 * then counts on each way, and those ways' checks are the ones folded.
 * And where a way mixes tested paths with untested ones that take edges
 * no tested path takes (cold_ways), peel.cc leads those edges into a
 * copy that keeps the checks, and the way's check folds in the original.
 */
#include "gcc-compat.h"
#include "memmodel.h"
#include "pathprof.h"
#include "pathprof-format.h"

namespace {

/* What a path end waiting for its expansion does (see the file comment):
   a PPP slot check, LOG (bl_id), or, behind a steady path's test, a
   plain increment.  */
enum check_action
{
  CHECK_SLOT,             /* the PPP check */
  CHECK_LOG,              /* LOG (bl_id) */
  COUNT_IN_ARRAY,         /* counters[bl_id]++ */
  COUNT_IN_SLOT,          /* slot(ppp_id).count++ */
  NOTHING                 /* (after a steady path's flush) */
};

/* A loop's steady path counted in a register (see the file comment).  */
struct steady_end
{
  class loop *loop;
  tree count;             /* its runs since the last flush */
  unsigned reg;           /* the path register compared: PP_REG_* */
  unsigned HOST_WIDE_INT id;  /* that register's value at its end */
  bool in_slot;           /* counted in slot(where).count (PPP), else in
                             counters[where] */
  unsigned HOST_WIDE_INT where;
  vec<edge> exits;        /* the loop's exit edges (before any change) */
  bool used;              /* some record tests or counts it */
  /* The simple form (see the file comment): the back edge only does
     n++, the loop's entry edges set FIRST, and its exits count the first
     iteration's path, whose ids are FIRST, with FIRST_ACTION.  */
  bool at_exit;
  /* Not the only way round the loop but the hottest one of the tested
     runs (hot_way_end): always in the compare form.  BACK is the DAG
     edge of its back edge.  */
  bool hot_way;
  long back;
  tree first[PP_N_REGS];  /* per register needed, else NULL_TREE */
  bool first_fixed[PP_N_REGS];            /* FIRST = first_add */
  unsigned HOST_WIDE_INT first_add[PP_N_REGS];  /* else r + first_add */
  check_action first_action;
};

/* A loop whose first iteration is to be peeled (peel.cc): KINDS (per DAG
   edge, pp_end_kind) is what a path end inside the loop that remains
   does, its paths being those that start inside it; the conditions of
   the checks that this settles, and what they become.  */
struct peel_choice
{
  class loop *loop;
  unsigned char *kinds;
  /* Per way into the latch of the loop's back edge (pp_way_kinds_from),
     when the ways count apart (compute_peel), else NULL.  */
  unsigned char *way_kinds;
  /* The same among the paths over the loop's edges that the counted
     paths take (cold_ways), or NULL; and those other edges, which
     peel.cc leads into a copy of the code after them.  */
  unsigned char *cold_way_kinds;
  vec<edge> cold_edges;
  long back;              /* the back edge's CUT_END */
  double profit;
  vec<gcond *> conds;
  vec<bool> values;
  /* The checks that only the cold copy settles (COLD_WAY_KINDS).  */
  vec<gcond *> cold_conds;
  vec<bool> cold_values;
  /* Loops nested in LOOP and peeled too, and per loop the path ends'
     kinds among the paths that start inside LOOP but not after that
     loop's back edge: those that reach its first iteration's copy
     (compute_inner_kinds); the checks in such a loop that this settles,
     to fold in that copy only.  */
  vec<class loop *> inner_loops;
  vec<unsigned char *> inner_kinds;
  vec<gcond *> inner_conds;
  vec<bool> inner_values;
};

/* Frees P.  */
void
free_peel_choice (peel_choice *p)
{
  free (p->kinds);
  free (p->way_kinds);
  free (p->cold_way_kinds);
  p->cold_edges.release ();
  p->conds.release ();
  p->values.release ();
  p->cold_conds.release ();
  p->cold_values.release ();
  for (unsigned i = 0; i < p->inner_kinds.length (); i++)
    free (p->inner_kinds[i]);
  p->inner_loops.release ();
  p->inner_kinds.release ();
  p->inner_conds.release ();
  p->inner_values.release ();
  free (p);
}

struct ppp_check
{
  gimple *anchor;         /* the last statement before the check */
  long end;               /* the DAG edge of the path end (peeling may
                             settle a CHECK_SLOT's conditions); -1 for
                             the steady flushes */
  check_action action;
  tree ppp_id, bl_id;     /* SSA names, or NULL_TREE when not needed */
  steady_end *steady;     /* tested first, or NULL */
  /* On an exit edge of STEADY's loop, the simple form: STEADY's count is
     in COUNT (an SSA name), and the action is the first iteration's.  */
  bool flush;
  tree count;
  /* For the notes' "# check" comment: the DAG edge or node ('e' or 'n')
     that every path reaching it goes through (instr_ctx's, when it was
     pushed).  */
  char via_kind;
  long via;
};

struct instr_ctx
{
  const pp_fn_map *map;
  const pp_dag *dag;
  unsigned n_regs;        /* 1: Ball-Larus only; 2: also PPP */
  const pp_action *act[PP_N_REGS];
  const pp_fn_record *rec;
  pp_instr_stats *stats;
  tree r[PP_N_REGS];      /* the path registers */
  tree *qvar;             /* per node and register: pending register, or
                             NULL_TREE ([node * PP_N_REGS + reg]) */
  vec<ppp_check> checks;
  long *uniform;          /* per head node: DAG edge whose action all
                             in-edges share, or -1 */
  unsigned char *finish;  /* per node: the rest of the path is fixed */
  unsigned char *tail_on_edges; /* per finish node: its tail code goes on
                                   its in-edges from non-finish nodes */
  bool atomic;
  tree site_callee;       /* trace builds: the callee of the call site
                             whose subpath is being recorded, or NULL */
  steady_end **steady;    /* per DAG edge: its steady path, or NULL */
  vec<steady_end *> steady_ends;
  steady_end **entry_steady; /* per pp_cfg edge: the simple-form steady
                                path whose loop it enters, or NULL */
  const double *profile;  /* per DAG edge: the tested runs' count, or
                             NULL */
  /* Per register in address form (see the file comment): the array it
     points into, else NULL_TREE; the bytes of one unit of its actions'
     values.  TYPE is the register's type, a pointer to the array's
     elements in address form, else uint64_t.  */
  tree addr_base[PP_N_REGS];
  unsigned addr_scale[PP_N_REGS];
  tree type[PP_N_REGS];
  const pp_numbering *num;
  vec<peel_choice *> peels; /* the loops to peel (see peel.cc) */
  /* Per counted path (pp_fn_record::counted_bl), its first and last DAG
     edge, once counted_path_ends has computed them.  */
  unsigned *counted_first, *counted_last;
  bool counted_ends_failed;
  /* Where the code being emitted goes, for the "# check" comments: the
     path end being recorded (a DAG edge), and the DAG edge ('e') or node
     ('n') that every path running that code goes through.  */
  long cur_end;
  char via_kind;
  long via;
};

bool
needs_head (const pp_fn_map *map, unsigned v)
{
  return map->restart[v] || map->hard_target[v];
}

tree
u64_cst (const mpz_t v)
{
  return build_int_cstu (uint64_type_node, pp_mpz_to_u64 (v));
}

void
add (gimple_seq *seq, gimple *g)
{
  gimple_seq_add_stmt_without_update (seq, g);
}

/* Whether register REG is in address form (see the file comment).  */
bool
addr_form (const instr_ctx *c, unsigned reg)
{
  return c->addr_base[reg] != NULL_TREE;
}

/* The byte offset of value V of address register REG (modulo 2^64, as
   the register's other values).  */
tree
addr_offset (const instr_ctx *c, unsigned reg, unsigned HOST_WIDE_INT v)
{
  return build_int_cstu (sizetype, v * c->addr_scale[reg]);
}

/* LHS = value V of register REG: V, or in address form the start of the
   register's array plus V's byte offset.  */
gimple *
build_reg_set (const instr_ctx *c, tree lhs, unsigned reg,
               unsigned HOST_WIDE_INT v)
{
  if (!addr_form (c, reg))
    return gimple_build_assign (lhs, build_int_cstu (uint64_type_node, v));
  tree start = build_fold_addr_expr_with_type (c->addr_base[reg],
                                               c->type[reg]);
  return gimple_build_assign (lhs, POINTER_PLUS_EXPR, start,
                              addr_offset (c, reg, v));
}

/* LHS = FROM + V for register REG (FROM of the register's type), in
   either form.  */
gimple *
build_reg_plus (const instr_ctx *c, tree lhs, unsigned reg, tree from,
                unsigned HOST_WIDE_INT v)
{
  if (addr_form (c, reg))
    return gimple_build_assign (lhs, POINTER_PLUS_EXPR, from,
                                addr_offset (c, reg, v));
  return gimple_build_assign (lhs, PLUS_EXPR, from,
                              build_int_cstu (uint64_type_node, v));
}

/* VAL, a value of register REG (a constant when known at compile time:
   the register's value, not its address), as something to assign to a
   variable of the register's type.  */
tree
reg_value (const instr_ctx *c, gimple_seq *seq, unsigned reg, tree val)
{
  if (!addr_form (c, reg) || TREE_CODE (val) != INTEGER_CST)
    return val;
  tree t = make_ssa_name (c->type[reg]);
  add (seq, build_reg_set (c, t, reg, tree_to_uhwi (val)));
  return t;
}

/* reg op= value, for the action of register REG on DAG edge K.  */
void
emit_op1 (instr_ctx *c, gimple_seq *seq, unsigned reg, long k)
{
  const pp_action *a = &c->act[reg][k];
  tree r = c->r[reg];
  switch (a->op)
    {
    case PP_OP_ADD:
      if (mpz_sgn (a->value) != 0)
        add (seq, build_reg_plus (c, r, reg, r, pp_mpz_to_u64 (a->value)));
      break;
    case PP_OP_SET:
      add (seq, build_reg_set (c, r, reg, pp_mpz_to_u64 (a->value)));
      break;
    case PP_OP_NONE:
      break;
    }
}

/* Every register's action on DAG edge K.  */
void
emit_op (instr_ctx *c, gimple_seq *seq, long k)
{
  for (unsigned reg = 0; reg < c->n_regs; reg++)
    emit_op1 (c, seq, reg, k);
}

/* The value register REG would have after its action on DAG edge K, as a
   GIMPLE value: an SSA name of the register's type, so that later changes
   of the register do not affect it, or the value itself as a uint64_t
   constant when the action sets it (in address form too: see reg_value).  */
tree
emit_value (instr_ctx *c, gimple_seq *seq, unsigned reg, long k)
{
  const pp_action *a = &c->act[reg][k];
  if (a->op == PP_OP_SET)
    return u64_cst (a->value);
  tree t = make_ssa_name (c->type[reg]);
  if (a->op == PP_OP_ADD)
    add (seq, build_reg_plus (c, t, reg, c->r[reg],
                              pp_mpz_to_u64 (a->value)));
  else
    add (seq, gimple_build_assign (t, c->r[reg]));
  return t;
}

/* VAL in an SSA name of its own (a constant gets copied).  */
tree
in_ssa_name (gimple_seq *seq, tree val)
{
  if (TREE_CODE (val) == SSA_NAME)
    return val;
  tree t = make_ssa_name (TREE_TYPE (val));
  add (seq, gimple_build_assign (t, val));
  return t;
}

/* *REF += VALUE, atomically (a relaxed __atomic_fetch_add_8 with its
   result unused, as gcov does) when ATOMIC.  */
void
emit_add (gimple_seq *seq, tree ref, tree value, bool atomic)
{
  if (atomic)
    {
      tree addr = make_ssa_name (build_pointer_type (uint64_type_node));
      add (seq, gimple_build_assign (addr, build_fold_addr_expr (ref)));
      tree f = builtin_decl_explicit (BUILT_IN_ATOMIC_FETCH_ADD_8);
      add (seq, gimple_build_call (f, 3, addr, value,
                                   build_int_cst (integer_type_node,
                                                  MEMMODEL_RELAXED)));
      return;
    }
  tree t1 = make_ssa_name (uint64_type_node);
  tree t2 = make_ssa_name (uint64_type_node);
  add (seq, gimple_build_assign (t1, ref));
  add (seq, gimple_build_assign (t2, PLUS_EXPR, t1, value));
  add (seq, gimple_build_assign (unshare_expr (ref), t2));
}

/* *REF += 1 (see emit_add).  */
void
emit_increment (gimple_seq *seq, tree ref, bool atomic)
{
  emit_add (seq, ref, build_int_cst (uint64_type_node, 1), atomic);
}

/* counters[INDEX] of REC's array; INDEX may also be the counter's
   address (the Ball-Larus register in address form).  */
tree
counter_ref (const pp_fn_record *rec, tree index)
{
  if (POINTER_TYPE_P (TREE_TYPE (index)))
    return build2 (MEM_REF, uint64_type_node, index,
                   build_int_cst (TREE_TYPE (index), 0));
  return build4 (ARRAY_REF, uint64_type_node, rec->counters, index,
                 NULL_TREE, NULL_TREE);
}

/* __pathprof_log_path (&descriptor, BL_ID).  */
void
emit_log_call (instr_ctx *c, gimple_seq *seq, tree bl_id)
{
  add (seq, gimple_build_call (pp_log_path_decl (), 2,
                               pp_function_descriptor_addr (c->rec), bl_id));
}

/* Ends the sequence with a mark for ACTION on the ids PPP_ID and BL_ID
   (those it needs; the others NULL_TREE) at the end of the path being
   recorded (emit_record), behind the test of STEADY if not NULL, done by
   expand_checks.  */
void
push_check (instr_ctx *c, gimple_seq *seq, check_action action, tree ppp_id,
            tree bl_id, steady_end *steady)
{
  ppp_check chk;
  chk.action = action;
  chk.end = c->cur_end;
  chk.ppp_id = ppp_id ? in_ssa_name (seq, ppp_id) : NULL_TREE;
  chk.bl_id = bl_id ? in_ssa_name (seq, bl_id) : NULL_TREE;
  chk.steady = steady;
  chk.flush = false;
  chk.count = NULL_TREE;
  chk.via_kind = c->via_kind;
  chk.via = c->via;
  if (steady)
    {
      steady->used = true;
      c->stats->n_steady++;
    }
  /* Something must mark the place even when the ids already were SSA
     names computed earlier: a no-op copy.  */
  tree marked = chk.bl_id ? chk.bl_id : chk.ppp_id;
  tree mark = make_ssa_name (TREE_TYPE (marked));
  chk.anchor = gimple_build_assign (mark, marked);
  add (seq, chk.anchor);
  c->checks.safe_push (chk);
}

/* LOG (BL_ID) in a sequence: the call, or with a path cache a check to
   expand.  */
void
emit_log (instr_ctx *c, gimple_seq *seq, tree bl_id)
{
  if (c->rec->path_cache)
    push_check (c, seq, CHECK_LOG, NULL_TREE, bl_id, NULL);
  else
    emit_log_call (c, seq, bl_id);
}

/* The slot at byte offset SLOT_OFFSET (the PPP register: pp_plan::
   slot_weight), field FIELD (0: bl_id, 1: count), computed in SEQ:
     p = &slots p+ offset;  MEM[p + 8 * FIELD]
   which the target addresses as base + offset + constant, unscaled; or,
   when SLOT_OFFSET is the slot's address (the PPP register in address
   form), MEM[slot_offset + 8 * FIELD].  */
tree
slot_ref (gimple_seq *seq, const pp_fn_record *rec, tree slot_offset,
          unsigned field)
{
  tree slot_type = TREE_TYPE (TREE_TYPE (rec->slots));
  tree slot_ptr = build_pointer_type (slot_type);
  tree p = slot_offset;
  if (!POINTER_TYPE_P (TREE_TYPE (slot_offset)))
    {
      tree offset = make_ssa_name (sizetype);
      add (seq, gimple_build_assign (offset, NOP_EXPR, slot_offset));
      p = make_ssa_name (slot_ptr);
      add (seq, gimple_build_assign (p, POINTER_PLUS_EXPR,
                                     build_fold_addr_expr_with_type (rec->slots,
                                                                     slot_ptr),
                                     offset));
    }
  tree f = TYPE_FIELDS (slot_type);
  if (field)
    f = DECL_CHAIN (f);
  return build2 (MEM_REF, uint64_type_node, p,
                 build_int_cst (slot_ptr, int_byte_position (f)));
}

/* The PPP path end when both ids are known here: the outcome of the check
   is too.  */
void
emit_static_ppp_record (instr_ctx *c, gimple_seq *seq, tree slot_offset,
                        tree bl_id)
{
  const pp_fn_record *rec = c->rec;
  unsigned HOST_WIDE_INT off = tree_to_uhwi (slot_offset);
  unsigned HOST_WIDE_INT p = off / PATHPROF_PPP_SLOT_BYTES;
  if (off % PATHPROF_PPP_SLOT_BYTES == 0 && p < rec->n_slots
      && rec->slot_bl[p] == tree_to_uhwi (bl_id))
    emit_increment (seq, slot_ref (seq, rec, slot_offset, 1), c->atomic);
  else
    emit_log (c, seq, bl_id);
}

/* Ends the path whose ids are VALS (by register) with DAG edge K.  */
void
emit_record (instr_ctx *c, gimple_seq *seq, tree *vals, long k)
{
  c->stats->n_records++;
  c->cur_end = k;
  tree bl_id = vals[PP_REG_BL];
  steady_end *steady = c->steady[k];
  if (steady && steady->at_exit)
    {
      /* The simple form: the exits count it.  */
      add (seq, gimple_build_assign (steady->count, PLUS_EXPR, steady->count,
                                     build_int_cst (uint64_type_node, 1)));
      steady->used = true;
      c->stats->n_steady++;
      c->stats->n_steady_exits++;
      return;
    }
  /* PPP or RESIDUAL counted in an array (split) as Ball-Larus.  */
  unsigned storage = c->rec->split ? PATHPROF_STORAGE_ARRAY
                                    : c->rec->storage;
  switch (storage)
    {
    case PATHPROF_STORAGE_HASH:
      emit_log (c, seq, bl_id);
      return;
    case PATHPROF_STORAGE_ARRAY:
      if (steady)
        push_check (c, seq, COUNT_IN_ARRAY, NULL_TREE, bl_id, steady);
      else
        emit_increment (seq, counter_ref (c->rec, bl_id), c->atomic);
      return;
    case PATHPROF_STORAGE_RESIDUAL:
      emit_log (c, seq, bl_id);
      return;
    case PATHPROF_STORAGE_TRACE:
      if (c->site_callee)
        add (seq, gimple_build_call (pp_wpp_decl (PP_WPP_SITE), 2, bl_id,
                                     unshare_expr (c->site_callee)));
      else
        add (seq, gimple_build_call (pp_wpp_decl (PP_WPP_PIECE), 1, bl_id));
      return;
    case PATHPROF_STORAGE_PPP:
      {
        tree ppp_id = vals[PP_REG_PPP];
        if (TREE_CODE (ppp_id) == INTEGER_CST
            && TREE_CODE (bl_id) == INTEGER_CST)
          {
            emit_static_ppp_record (c, seq, ppp_id, bl_id);
            return;
          }
        switch (c->rec->end_kind[k])
          {
          case PP_END_COUNT:
            /* Every path ending here has a slot: the PPP id is its own. */
            if (steady)
              push_check (c, seq, COUNT_IN_SLOT, ppp_id, NULL_TREE, steady);
            else
              emit_increment (seq, slot_ref (seq, c->rec, ppp_id, 1),
                              c->atomic);
            return;
          case PP_END_LOG:
            /* None has: the compare could only fail.  */
            emit_log (c, seq, bl_id);
            return;
          default:
            c->stats->n_checked++;
            push_check (c, seq, CHECK_SLOT, ppp_id, bl_id, steady);
            return;
          }
      }
    }
  gcc_unreachable ();
}

/* The action of DAG edge K, an edge into a t (EXIT or CUT_END): record. */
void
emit_path_end (instr_ctx *c, gimple_seq *seq, long k)
{
  gcc_assert (k >= 0 && c->dag->edges[k].dst == c->dag->t);
  tree vals[PP_N_REGS];
  for (unsigned reg = 0; reg < c->n_regs; reg++)
    vals[reg] = emit_value (c, seq, reg, k);
  emit_record (c, seq, vals, k);
}

/* The action of DAG edge K entering node W: done here, or, for a head
   node, left to its head (uniform) or passed through its pending
   register.  */
void
emit_entry (instr_ctx *c, gimple_seq *seq, long k, unsigned w)
{
  gcc_assert (k >= 0);
  if (w >= c->map->n_nodes || !needs_head (c->map, w))
    {
      emit_op (c, seq, k);
      return;
    }
  if (c->uniform[w] >= 0)
    return;
  for (unsigned reg = 0; reg < c->n_regs; reg++)
    {
      tree v = reg_value (c, seq, reg, emit_value (c, seq, reg, k));
      add (seq, gimple_build_assign (c->qvar[w * PP_N_REGS + reg], v));
    }
}

/* What the head of head node W does: the shared action, or r = q.  */
void
emit_head_action (instr_ctx *c, gimple_seq *seq, unsigned w)
{
  if (c->uniform[w] >= 0)
    emit_op (c, seq, c->uniform[w]);
  else
    for (unsigned reg = 0; reg < c->n_regs; reg++)
      add (seq, gimple_build_assign (c->r[reg],
                                     c->qvar[w * PP_N_REGS + reg]));
}

long
entry_dag_edge (const pp_dag *dag)
{
  for (unsigned i = dag->out_start[dag->s]; i < dag->out_start[dag->s + 1];
       i++)
    if (dag->edges[dag->out_edges[i]].kind == PP_EDGE_ENTRY)
      return dag->out_edges[i];
  gcc_unreachable ();
}

/* A node is "finish" when the rest of any path through it is fixed: it
   has a single way on, a plain uncut edge to another finish node, or it
   leaves the function (EXIT_BLOCK itself, a return block, a noreturn
   block).  Its path can then be counted as soon as it is entered, before
   its statements: a tail call stays a tail call, and a path interrupted
   by exit () in a callee is still counted.  The "tail" of a finish node
   is the code of the rest of the path, record included.

   The tail runs at the first finish node of each path: at its head, or,
   when a finish predecessor already covers some of its entries, on its
   other in-edges.  A finish node with more than MAX_TAIL_EDGES such other
   in-edges is a "barrier" instead (think of a shared return block that
   many conditional jumps reach): its tail runs once at its head, and no
   predecessor chains through it, which keeps the code size linear.

   In a function counted in an array, a loop's latch (a node whose only
   way on is a back edge) is a finish node too, and never a barrier: its
   tail is the back edge's path end, one increment, and the start of the
   next path, the register's reset, which cost little more code in each
   predecessor than the jump to a shared one.  Think of an interpreter's
   dispatch loop (mawk's execute): where the latch counts, every case
   sets the register to its id and jumps to the latch, which increments
   and resets; where the cases count, each increments its own counter
   (the register's value at the header plus the case's constant, in the
   addressing mode), resets, and jumps straight back (GCC merges the
   resets into one block again).  Not in inter-procedural builds, whose
   trace side replays the finish nodes of specs/segments.md, nor in a
   loop that goes around one way only.  For the same reason a finish node
   whose single ways on lead to such a latch or to the function's exit
   is never a barrier there either (max_chain_steps): the blocks where a
   case's conditions meet again before its jump to the latch (mawk's
   cell_destroy in most of execute's cases), or a function's cases before
   its shared return block (mawk's cast2_to_d), each count on their ways
   in, at a constant address where the register is one, instead of
   taking the register's value for a shared increment.  (In a function
   counted in slots, the same for an exit whose path end is a plain count
   changed nothing on the bench.)  In a function counted in PPP
   slots, the latch of a loop that compute_peel peels with the ways into
   its latch apart (settled_ways), or whose path end the peeling settles
   as a plain count, is a finish node with its tail on its in-edges too;
   compute_peel marks it, after this.  (Where the path end is a plain
   count without peeling, its tail on the in-edges changed nothing on
   the bench.)  */
const unsigned max_tail_edges = 2;

/* Whether a node whose only DAG out-edge is K is a latch whose back
   edge's path end is its tail (see above): K is the end of a plain back
   edge, in a function counted in an array.  */
bool
latch_counts (const instr_ctx *c, long k)
{
  const pp_fn_map *map = c->map;
  const pp_dag_edge *d = &c->dag->edges[k];
  /* (A trace build's functions are not counted in arrays.)  */
  if (d->kind != PP_EDGE_CUT_END || pp_opts.ipps_file
      || (!c->rec->split && c->rec->storage != PATHPROF_STORAGE_ARRAY))
    return false;
  long i = d->origin;
  const pp_cfg_edge *e = &map->cfg->edges[i];
  if (e->cut != PP_CUT_BACK || map->edge_hard[i] || needs_head (map, e->dst))
    return false;
  /* Not where one way goes around: a steady path has its own counting
     (compute_steady), and in the simple form, with the increment of its
     count at the latch's head instead of on the back edge, GCC chose
     worse induction variables for bzip2's move-to-front loop.  */
  unsigned *path = XNEWVEC (unsigned, c->dag->n_nodes + 1);
  size_t len = 0;
  pp_error err;
  bool steady = pp_steady_path (c->dag, k, path, &len, &err) == PP_OK && len;
  free (path);
  return !steady;
}

/* A finish node is never a barrier either when its tail is one increment
   in a function counted in an array: its single ways on lead to the
   function's exit or to a counting latch (latch_counts), through at most
   this many nodes, itself included, and the register updates on them are
   constants that GCC folds into the increment's address (see above).
   The limit keeps the tails that go on in-edges short.  */
const unsigned max_chain_steps = 8;

/* Whether a path can chain from a single-successor predecessor into X:
   X's entry code must not live at its head.  */
bool
chainable (const pp_fn_map *map, unsigned x)
{
  return !needs_head (map, x) && map->head_kind[x] != PPH_OUT_EDGES;
}

/* Whether node P can join the finish chain of its single successor.  */
bool
single_way_on (const instr_ctx *c, unsigned p)
{
  const pp_fn_map *map = c->map;
  const pp_dag *dag = c->dag;
  if (p >= map->n_nodes || p == map->cfg->entry
      || map->head_kind[p] == PPH_OUT_EDGES
      || dag->out_start[p + 1] - dag->out_start[p] != 1)
    return false;
  const pp_dag_edge *d = &dag->edges[dag->out_edges[dag->out_start[p]]];
  return d->kind == PP_EDGE_REAL && !map->edge_hard[d->origin];
}

void
compute_finish (instr_ctx *c)
{
  const pp_fn_map *map = c->map;
  const pp_dag *dag = c->dag;
  unsigned char *barrier = XCNEWVEC (unsigned char, map->n_nodes);
  /* Per node, the nodes from it to the end of its chain to the exit or a
     counting latch (see max_chain_steps), or 0.  */
  unsigned char *chain = XCNEWVEC (unsigned char, map->n_nodes);
  bool in_array = !pp_opts.ipps_file
                  && (c->rec->split
                      || c->rec->storage == PATHPROF_STORAGE_ARRAY);
  for (unsigned k = dag->n_nodes; k-- > 0;)
    {
      unsigned x = dag->topo[k];
      if (x >= map->n_nodes || x == map->cfg->entry)
        continue;
      bool one_way_on = dag->out_start[x + 1] - dag->out_start[x] == 1;
      long out = one_way_on ? dag->out_edges[dag->out_start[x]] : -1;
      const pp_dag_edge *d = one_way_on ? &dag->edges[out] : NULL;
      bool latch = one_way_on && latch_counts (c, out);
      if (in_array && one_way_on && x != map->exit_node)
        {
          if (d->dst == map->exit_node || latch)
            chain[x] = 1;
          else if (d->kind == PP_EDGE_REAL && d->dst < map->n_nodes
                   && chain[d->dst] && chain[d->dst] < max_chain_steps)
            chain[x] = chain[d->dst] + 1;
        }
      if (x == map->exit_node)
        c->finish[x] = 1;
      else if (map->head_kind[x] != PPH_OUT_EDGES && one_way_on)
        {
          if (d->kind == PP_EDGE_EXIT || latch)
            c->finish[x] = 1;
          else if (single_way_on (c, x))
            c->finish[x] = d->dst == map->exit_node
                           || (chainable (map, d->dst) && c->finish[d->dst]
                               && !barrier[d->dst]);
        }
      if (!c->finish[x] || x == map->exit_node || !chainable (map, x))
        continue;
      unsigned others = 0;
      for (unsigned i = dag->in_start[x]; i < dag->in_start[x + 1]; i++)
        if (!single_way_on (c, dag->edges[dag->in_edges[i]].src))
          others++;
      barrier[x] = others > max_tail_edges && !chain[x];
    }
  for (unsigned x = 0; x < map->n_nodes; x++)
    {
      if (!c->finish[x])
        continue;
      bool from_finish = false;
      for (unsigned i = dag->in_start[x]; i < dag->in_start[x + 1]; i++)
        {
          unsigned p = dag->edges[dag->in_edges[i]].src;
          if (p < map->n_nodes && c->finish[p] && single_way_on (c, p))
            from_finish = true;
        }
      /* EXIT_BLOCK has no head: its tail always goes on its in-edges.  */
      c->tail_on_edges[x] = from_finish || x == map->exit_node;
    }
  free (chain);
  free (barrier);
}

/* The tail of finish node X (see compute_finish).  */
void
emit_tail (instr_ctx *c, gimple_seq *seq, unsigned x)
{
  const pp_dag *dag = c->dag;
  for (;;)
    {
      long k = dag->out_edges[dag->out_start[x]];
      const pp_dag_edge *d = &dag->edges[k];
      if (d->kind == PP_EDGE_EXIT)
        {
          emit_path_end (c, seq, k);
          return;
        }
      if (d->kind == PP_EDGE_CUT_END)
        {
          /* A counting latch: the path ends, and the next one starts at
             the loop's header (nothing reads the registers in between),
             so that its back edge keeps no code and GCC can jump
             straight to the header.  */
          const pp_cfg_edge *e = &c->map->cfg->edges[d->origin];
          emit_path_end (c, seq, k);
          emit_entry (c, seq, dag->cfg_edge_cut_start[d->origin], e->dst);
          return;
        }
      emit_entry (c, seq, k, d->dst);
      x = d->dst;
    }
}

/* The code of plain pp_cfg edge I, without its source's head.  */
void
emit_edge_code (instr_ctx *c, gimple_seq *seq, unsigned i)
{
  const pp_fn_map *map = c->map;
  const pp_dag *dag = c->dag;
  unsigned u = map->cfg->edges[i].src, w = map->cfg->edges[i].dst;
  if (u == map->cfg->entry)
    {
      emit_op (c, seq, entry_dag_edge (dag));
      /* Give every non-uniform setjmp receiver's pending registers a valid
         start value before anything can longjmp to it.  */
      for (unsigned v = 0; v < map->n_nodes; v++)
        if (map->restart[v] && c->uniform[v] < 0)
          for (unsigned reg = 0; reg < c->n_regs; reg++)
            {
              /* Any path start will do: the first SET among the in-edges
                 (all of them are SETs: a non-uniform restart node is not
                 "clean", see placement.c).  */
              const pp_action *act = c->act[reg];
              tree init = build_int_cst (uint64_type_node, 0);
              for (unsigned j = dag->in_start[v]; j < dag->in_start[v + 1];
                   j++)
                if (act[dag->in_edges[j]].op == PP_OP_SET)
                  {
                    init = u64_cst (act[dag->in_edges[j]].value);
                    break;
                  }
              add (seq, gimple_build_assign (c->qvar[v * PP_N_REGS + reg],
                                             reg_value (c, seq, reg, init)));
            }
    }
  if (map->cut_call && map->cut_call[i])
    {
      /* A trace build's call site: the subpath ends as the call starts,
         so that the trace has it before the callee's events (and before a
         callee that never returns).  The call ends its block, whose only
         way on is this edge.  */
      gimple_seq before = NULL;
      c->site_callee = map->cut_callee[i];
      emit_path_end (c, &before, dag->cfg_edge_cut_end[i]);
      c->site_callee = NULL_TREE;
      emit_entry (c, &before, dag->cfg_edge_cut_start[i], w);
      gimple_stmt_iterator gsi = gsi_for_stmt (map->cut_call[i]);
      gsi_insert_seq_before (&gsi, before, GSI_SAME_STMT);
    }
  else if (map->cfg->edges[i].cut != PP_CUT_NONE)
    {
      c->via_kind = 'e';
      c->via = dag->cfg_edge_cut_end[i];
      emit_path_end (c, seq, dag->cfg_edge_cut_end[i]);
      emit_entry (c, seq, dag->cfg_edge_cut_start[i], w);
    }
  else
    emit_entry (c, seq, dag->cfg_edge_dag[i], w);
  if (c->finish[w] && c->tail_on_edges[w])
    {
      c->via_kind = 'e';
      c->via = map->cfg->edges[i].cut != PP_CUT_NONE
                   ? dag->cfg_edge_cut_start[i]
                   : dag->cfg_edge_dag[i];
      emit_tail (c, seq, w);
    }
}

/* The counter of steady path ST, as a reference built in SEQ.  */
tree
steady_counter_ref (const instr_ctx *c, gimple_seq *seq, const steady_end *st)
{
  tree where = build_int_cstu (uint64_type_node, st->where);
  if (st->in_slot)
    return slot_ref (seq, c->rec, where, 1);
  return counter_ref (c->rec, where);
}

/* Whether call G surely returns to the loop it is in: a leaf builtin or
   internal function that cannot end the process, longjmp or fork, or a
   trace function.  */
bool
returns_here (const gimple *g)
{
  if (pp_trace_call_p (g))
    return true;
  int flags = gimple_call_flags (g);
  if (!(flags & ECF_LEAF) || (flags & (ECF_NORETURN | ECF_RETURNS_TWICE)))
    return false;
  return gimple_call_internal_p (g)
         || gimple_call_builtin_p (g, BUILT_IN_NORMAL);
}

/* Whether an abnormal or EH edge enters or leaves BB.  */
bool
has_abnormal_or_eh_edge (basic_block bb)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (e->flags & (EDGE_ABNORMAL | EDGE_EH))
      return true;
  FOR_EACH_EDGE (e, ei, bb->preds)
    if (e->flags & (EDGE_ABNORMAL | EDGE_EH))
      return true;
  return false;
}

/* Whether LOOP can keep counts in registers until it exits (see the file
   comment): it can be left only through its exit edges, and it has
   some.  */
bool
loop_can_hold_counts (class loop *loop)
{
  basic_block *body = get_loop_body (loop);
  bool ok = true;
  for (unsigned i = 0; ok && i < loop->num_nodes; i++)
    {
      basic_block bb = body[i];
      if (has_abnormal_or_eh_edge (bb))
        ok = false;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
           ok && !gsi_end_p (gsi); gsi_next (&gsi))
        {
          gimple *g = gsi_stmt (gsi);
          if (gimple_code (g) == GIMPLE_ASM
              || (is_gimple_call (g) && !returns_here (g)))
            ok = false;
        }
    }
  free (body);
  if (!ok)
    return false;
  auto_vec<edge> exits = get_loop_exit_edges (loop);
  unsigned j;
  edge e;
  FOR_EACH_VEC_ELT (exits, j, e)
    if ((e->flags & (EDGE_ABNORMAL | EDGE_EH))
        || e->dest == EXIT_BLOCK_PTR_FOR_FN (cfun))
      return false;
  return !exits.is_empty ();
}

/* Whether steady path ST, that of back edge I (a pp_cfg edge) of ST's
   loop, whose DAG edges are PATH[0..LEN-1], can take the simple form
   (see the file comment); if so, sets its first-iteration fields.  The
   paths that end with the back edge must be the steady one and those of
   the first iteration, which enter the loop through its header and then
   go around the only way: no other cut inside the loop (no inner loop).
   The first iteration's ids are then those at the header plus what the
   rest of the steady path adds (or a constant, if it sets them).  Every
   entry edge must carry its own code, so that the ids at the header are
   known there.  */
bool
simple_form (instr_ctx *c, steady_end *st, unsigned i, const unsigned *path,
             size_t len)
{
  const pp_fn_map *map = c->map;
  class loop *loop = st->loop;
  for (unsigned j = 0; j < map->cfg->n_edges; j++)
    {
      edge e = map->cfg_edge[j];
      bool src_in = flow_bb_inside_loop_p (loop, e->src);
      if (j != i && map->cfg->edges[j].cut != PP_CUT_NONE && src_in
          && flow_bb_inside_loop_p (loop, e->dest))
        return false;
      if (e->dest == loop->header && !src_in
          && (map->edge_hard[j] || c->finish[map->cfg->edges[j].src]
              || (map->cut_call && map->cut_call[j])))
        return false;
    }
  bool regs[PP_N_REGS] = { false, false };
  if (!st->in_slot)
    {
      st->first_action = COUNT_IN_ARRAY;
      regs[PP_REG_BL] = true;
    }
  else if (st->reg == PP_REG_PPP)
    {
      st->first_action = COUNT_IN_SLOT;
      regs[PP_REG_PPP] = true;
    }
  else
    {
      st->first_action = CHECK_SLOT;
      regs[PP_REG_BL] = regs[PP_REG_PPP] = true;
    }
  mpz_t acc;
  mpz_init (acc);
  for (unsigned reg = 0; reg < PP_N_REGS; reg++)
    {
      st->first[reg] = NULL_TREE;
      st->first_fixed[reg] = false;
      st->first_add[reg] = 0;
      if (!regs[reg])
        continue;
      mpz_set_ui (acc, 0);
      for (size_t j = 1; j < len; j++)
        {
          const pp_action *a = &c->act[reg][path[j]];
          if (a->op == PP_OP_ADD)
            mpz_add (acc, acc, a->value);
          else if (a->op == PP_OP_SET)
            {
              mpz_set (acc, a->value);
              st->first_fixed[reg] = true;
            }
        }
      st->first_add[reg] = pp_mpz_to_u64 (acc);
      st->first[reg] = create_tmp_reg (c->type[reg], "pathprof_f");
      ppc_suppress_warnings (st->first[reg]);
    }
  mpz_clear (acc);
  return true;
}

/* On an entry edge of ST's loop, after the edge's own code: the ids the
   first iteration will have if it goes around, and n = 0 (it is already,
   unless a signal handler longjmped out of the loop: the count left
   there would count the old first iteration as a steady one).  */
void
emit_first_ids (const instr_ctx *c, gimple_seq *seq, const steady_end *st)
{
  add (seq, gimple_build_assign (st->count,
                                 build_int_cst (uint64_type_node, 0)));
  for (unsigned reg = 0; reg < PP_N_REGS; reg++)
    {
      if (!st->first[reg])
        continue;
      if (st->first_fixed[reg])
        add (seq, build_reg_set (c, st->first[reg], reg, st->first_add[reg]));
      else
        add (seq, build_reg_plus (c, st->first[reg], reg, c->r[reg],
                                  st->first_add[reg]));
    }
}

/* Back edges taken per loop entry from which a steady path is worth its
   register: below, the loop's entry and exit code (the first ids, the
   flush) costs more than the memory increments it saves.  An array count
   is an increment at an address in the register (2 instructions with the
   register's reset in address form, about 3 in number form), a slot's
   also loads and compares the slot's Ball-Larus id (about 5 and 7), so a
   slot's pays from fewer iterations.  (The thresholds were measured with
   the number form.)
   Measured with callgrind on the bench's PPP builds: xz-utils' helper2
   copies its 4 repeat distances in three loops of 4 iterations (3 back
   edges per entry), 45% of its path executions; counting them in
   registers saves 2.8% of the build's instructions.  It costs lz4 0.3%:
   LZ4HC's countBack goes around 3.4 times per entry in the tests, fewer
   in the bench.  With 2 for slots (or 3 for arrays too), lz4 and zlib
   lose more.  */
const double min_steady_trips_array = 5;
const double min_steady_trips_slot = 3;

/* Whether LOOP's back edge K (a DAG edge) is taken at least MIN_TRIPS
   times per entry into LOOP: by the tested runs' profile where it has the
   loop entered, else by GCC's estimate of its iterations (its guessed
   profile, or a fixed average where there is none).  */
bool
goes_around (const instr_ctx *c, class loop *loop, long k, double min_trips)
{
  if (c->profile)
    {
      const pp_fn_map *map = c->map;
      const pp_dag *dag = c->dag;
      double entries = 0;
      for (unsigned j = 0; j < map->cfg->n_edges; j++)
        {
          edge e = map->cfg_edge[j];
          if (e->dest != loop->header || flow_bb_inside_loop_p (loop, e->src))
            continue;
          long d = dag->cfg_edge_dag[j] >= 0 ? dag->cfg_edge_dag[j]
                                             : dag->cfg_edge_cut_start[j];
          if (d >= 0)
            entries += c->profile[d];
        }
      if (entries > 0)
        return c->profile[k] >= min_trips * entries;
    }
  return expected_loop_iterations_unbounded (loop) >= min_trips;
}

/* A loop that goes around several ways counts its hottest way in a
   register (compare form) where the tested runs took it on at least this
   share of the back edge's executions (hot_way_end).  */
const double min_hot_way_share = 0.5;

/* The N_VALUES Ball-Larus ids of VALUES as GMP numbers (mpz_init'ed;
   free_ids frees them), but with SKIP_NONE those that are
   PATHPROF_NO_PATH (a slot without a path); their number in *N.  */
mpz_t *
u64_ids (const uint64_t *values, uint64_t n_values, bool skip_none,
         unsigned *n)
{
  *n = 0;
  for (uint64_t i = 0; i < n_values; i++)
    *n += !skip_none || values[i] != PATHPROF_NO_PATH;
  mpz_t *ids = XNEWVEC (mpz_t, *n + 1);
  unsigned k = 0;
  for (uint64_t i = 0; i < n_values; i++)
    if (!skip_none || values[i] != PATHPROF_NO_PATH)
      {
        mpz_init (ids[k]);
        mpz_import (ids[k], 1, 1, sizeof values[i], 0, 0, &values[i]);
        k++;
      }
  return ids;
}

/* Frees the N ids of u64_ids.  */
void
free_ids (mpz_t *ids, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    mpz_clear (ids[i]);
  free (ids);
}

/* The first and last DAG edge of each counted path of C's function
   (pp_fn_record::counted_bl; pp_path_first_last) into *LAST and the
   result, computed at the first call; NULL where that fails.  */
const unsigned *
counted_path_ends (instr_ctx *c, const unsigned **last)
{
  const pp_fn_record *rec = c->rec;
  if (!c->counted_first && !c->counted_ends_failed)
    {
      unsigned n;
      mpz_t *ids = u64_ids (rec->counted_bl, rec->n_counted, false, &n);
      c->counted_first = XNEWVEC (unsigned, n + 1);
      c->counted_last = XNEWVEC (unsigned, n + 1);
      pp_error err;
      if (pp_path_first_last (c->dag, c->num, ids, n, c->counted_first, NULL,
                              c->counted_last, &err)
          != PP_OK)
        {
          free (c->counted_first);
          free (c->counted_last);
          c->counted_first = c->counted_last = NULL;
          c->counted_ends_failed = true;
        }
      free_ids (ids, n);
    }
  *last = c->counted_last;
  return c->counted_first;
}

/* The slot of the path whose Ball-Larus id is BL in REC, or
   PATHPROF_NO_PATH.  */
uint64_t
slot_of (const pp_fn_record *rec, uint64_t bl)
{
  for (uint64_t s = 0; s < rec->n_slots; s++)
    if (rec->slot_bl[s] == bl)
      return s;
  return PATHPROF_NO_PATH;
}

/* The hottest way around LOOP through its back edge I (a pp_cfg edge, K
   its CUT_END) as a steady end in the compare form, or NULL: in a
   preferential function whose interesting-path file gives counts, the
   tested path that starts after this back edge and ends with it again,
   where it took at least min_hot_way_share of the back edge's count and
   is counted (in a slot, at a back edge that compares with the slot; or
   in the array of a function counted in one).  Counting it in memory
   chains every iteration's increment to the last one's store at the
   same address, where GCC's store motion keeps gcov's counters in
   registers: zlib's longest_match, whose hash-chain loop (peeled, its
   hottest way counted at a constant address) cost 2 points of CPU time
   over gcov's with fewer instructions (specs/plugin-arguments.md).
   Where the loop is peeled, the compare folds in the loop that remains
   (the Ball-Larus register is a constant there on each way), and in the
   first iteration's copy it never holds: the paths that start before
   the loop are other paths, with other Ball-Larus ids.  */
steady_end *
hot_way_end (instr_ctx *c, class loop *loop, unsigned i, long k,
             bool in_slots)
{
  const pp_fn_record *rec = c->rec;
  const pp_dag *dag = c->dag;
  long start = dag->cfg_edge_cut_start[i];
  if (!rec->n_counted || !c->profile || !c->num || start < 0
      || (in_slots && rec->end_kind[k] != PP_END_CHECK)
      || !goes_around (c, loop, k,
                       in_slots ? min_steady_trips_slot
                                : min_steady_trips_array))
    return NULL;
  const unsigned *last;
  const unsigned *first = counted_path_ends (c, &last);
  if (!first)
    return NULL;
  unsigned hot = rec->n_counted;
  for (unsigned p = 0; p < rec->n_counted; p++)
    if (first[p] == (unsigned) start && last[p] == (unsigned) k
        && (hot == rec->n_counted
            || rec->counted_runs[p] > rec->counted_runs[hot]))
      hot = p;
  if (hot == rec->n_counted
      || (double) rec->counted_runs[hot] < min_hot_way_share * c->profile[k])
    return NULL;
  uint64_t bl = rec->counted_bl[hot];
  uint64_t where = bl;
  if (in_slots)
    {
      uint64_t slot = slot_of (rec, bl);
      if (slot == PATHPROF_NO_PATH)
        return NULL;  /* not counted (beyond ppp-max): residual */
      where = slot * PATHPROF_PPP_SLOT_BYTES;
    }
  else if (bl >= rec->n_paths)
    return NULL;
  steady_end *st = XCNEW (steady_end);
  st->loop = loop;
  st->reg = PP_REG_BL;
  st->id = bl;
  st->in_slot = in_slots;
  st->where = where;
  st->at_exit = false;
  st->hot_way = true;
  st->back = k;
  st->exits = get_loop_exit_edges (loop).copy ();
  st->count = create_tmp_reg (uint64_type_node, "pathprof_n");
  ppc_suppress_warnings (st->count);
  return st;
}

/* The steady paths of the function's loops that can be counted in a
   register (see the file comment).  */
void
compute_steady (instr_ctx *c)
{
  const pp_fn_map *map = c->map;
  const pp_dag *dag = c->dag;
  const pp_fn_record *rec = c->rec;
  c->steady = XCNEWVEC (steady_end *, dag->n_edges);
  c->steady_ends = vNULL;
  c->entry_steady = XCNEWVEC (steady_end *, map->cfg->n_edges);
  bool in_array = rec->split || rec->storage == PATHPROF_STORAGE_ARRAY;
  bool in_slots = !rec->split && rec->storage == PATHPROF_STORAGE_PPP;
  /* Not with gcov's -fprofile-arcs in the same compilation (the gcov
     oracle, tests/gcov): its pass runs after ours and would count the
     branches of the steady code as the program's.  */
  if (!pp_opts.steady_loops || c->atomic || profile_arc_flag
      || (!in_array && !in_slots)
      || !current_loops || loops_state_satisfies_p (LOOPS_NEED_FIXUP))
    return;
  unsigned n_regs = in_slots ? 2 : 1;
  gcc_assert (n_regs <= c->n_regs);
  /* Loop bodies are found by dominance.  */
  bool had_dominators = dom_info_available_p (CDI_DOMINATORS);
  if (!had_dominators)
    calculate_dominance_info (CDI_DOMINATORS);
  signed char *loop_ok = XNEWVEC (signed char, number_of_loops (cfun));
  memset (loop_ok, -1, number_of_loops (cfun));
  unsigned *path = XNEWVEC (unsigned, dag->n_nodes + 1);
  mpz_t id[PP_N_REGS];
  for (unsigned reg = 0; reg < PP_N_REGS; reg++)
    mpz_init (id[reg]);
  for (unsigned i = 0; i < map->cfg->n_edges; i++)
    {
      long k = dag->cfg_edge_cut_end[i];
      if (k < 0 || map->edge_hard[i] || (map->cut_call && map->cut_call[i]))
        continue;
      edge e = map->cfg_edge[i];
      class loop *loop = e->dest->loop_father;
      if (!loop || !loop_outer (loop) || loop->header != e->dest
          || !flow_bb_inside_loop_p (loop, e->src))
        continue;
      if (loop_ok[loop->num] < 0)
        loop_ok[loop->num] = loop_can_hold_counts (loop);
      if (!loop_ok[loop->num])
        continue;
      size_t len;
      pp_error err;
      if (pp_steady_path (dag, k, path, &len, &err) != PP_OK || !len)
        {
          if (steady_end *p = hot_way_end (c, loop, i, k, in_slots))
            {
              c->steady[k] = p;
              c->steady_ends.safe_push (p);
            }
          continue;
        }
      if (!goes_around (c, loop, k,
                           in_slots ? min_steady_trips_slot
                                    : min_steady_trips_array))
        continue;
      bool ok = true;
      for (unsigned reg = 0; reg < n_regs && ok; reg++)
        ok = pp_actions_run (dag, c->act[reg], path, len, id[reg], &err)
                 == PP_OK
             && mpz_sgn (id[reg]) >= 0 && mpz_sizeinbase (id[reg], 2) <= 64;
      if (!ok)
        continue;
      steady_end st;
      st.loop = loop;
      st.used = false;
      st.hot_way = false;
      uint64_t bl = pp_mpz_to_u64 (id[PP_REG_BL]);
      if (in_array)
        {
          if (bl >= rec->n_paths)
            continue;
          st.reg = PP_REG_BL;
          st.id = st.where = bl;
          st.in_slot = false;
        }
      else
        {
          uint64_t offset = pp_mpz_to_u64 (id[PP_REG_PPP]);
          uint64_t slot = offset / PATHPROF_PPP_SLOT_BYTES;
          if (offset % PATHPROF_PPP_SLOT_BYTES || slot >= rec->n_slots
              || rec->slot_bl[slot] != bl)
            continue;  /* not counted: residual */
          if (rec->end_kind[k] == PP_END_COUNT)
            {
              st.reg = PP_REG_PPP;
              st.id = offset;
            }
          else if (rec->end_kind[k] == PP_END_CHECK)
            {
              st.reg = PP_REG_BL;
              st.id = bl;
            }
          else
            continue;
          st.in_slot = true;
          st.where = offset;
        }
      st.at_exit = simple_form (c, &st, i, path, len);
      st.exits = get_loop_exit_edges (loop).copy ();
      st.count = create_tmp_reg (uint64_type_node, "pathprof_n");
      ppc_suppress_warnings (st.count);
      steady_end *p = XNEW (steady_end);
      *p = st;
      c->steady[k] = p;
      c->steady_ends.safe_push (p);
      if (p->at_exit)
        for (unsigned j = 0; j < map->cfg->n_edges; j++)
          if (map->cfg_edge[j]->dest == loop->header
              && !flow_bb_inside_loop_p (loop, map->cfg_edge[j]->src))
            c->entry_steady[j] = p;
    }
  for (unsigned reg = 0; reg < PP_N_REGS; reg++)
    mpz_clear (id[reg]);
  free (path);
  free (loop_ok);
  if (!had_dominators)
    free_dominance_info (CDI_DOMINATORS);
}

/* Peeling (peel.cc).  A loop is worth its copy where it goes around at
   least this many times per entry (goes_around) and some check inside it
   compares with the slot only for the paths that enter it.  The copy is
   of its body as it is before instrumentation, at most this many
   statements: the size GCC's own peeling allows (max-peeled-insns is 100
   instructions) with room for the instrumentation it copies too.
   A loop that goes around one way only, in at most max_small_peel_stmts
   statements, is peeled however rarely the tests went around it: too
   rarely for its steady path to be worth a register (compute_steady),
   but a field that runs it longer pays a checked path end on every
   iteration (pcre2's scan for a code unit that can start a match went
   around 0.7 times per entry in the tests and 10.5 in the bench), and
   its copy is a few instructions that cost nothing where it is left
   early: the first iteration runs in the copy as it ran in the loop,
   with no code on the loop's entry or exits.  24 statements take in
   LZ4HC_Insert's loop of hash-table updates (22), which lz4's tests
   went around less than twice per entry and the bench 1.45 times: the
   bench's lz4 ran 28 million fewer instructions than with 16, pcre2 8
   million fewer; 32 peeled nothing more there.  */
const double min_peel_trips = 2;
/* In a function counted in an array, a loop with a call in it: its path
   register lives across the call, in a callee-saved register reset at
   the back edge; peeled, the register is a constant at the header of the
   loop that remains, and the counts after the call fold into constant
   addresses (mawk's search of an array's hash chain by string,
   find_by_sval, which calls strcmp: the tests went around it 0.5 to 1
   times per entry, the bench 4.3).  Peeled where the tests went around
   it at least this many times per entry: once every two entries.  */
const double min_call_peel_trips = 0.5;
const unsigned max_peel_stmts = 200;
const unsigned max_small_peel_stmts = 24;
/* In a function counted in an array the copy buys less per iteration (no
   compare: the register's reset and the counters' address arithmetic),
   but nothing else buys it, and the loops worth it are interpreters'
   dispatch loops: mawk's execute has between 1,200 and 2,000
   statements.  */
const unsigned max_array_peel_stmts = 2000;

/* The statements of LOOP's body, but the trace calls (a trace build
   peels what the build it checks does).  */
unsigned
loop_stmts (class loop *loop)
{
  basic_block *body = get_loop_body (loop);
  unsigned n = 0;
  for (unsigned i = 0; i < loop->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (body[i]);
         !gsi_end_p (gsi); gsi_next_nondebug (&gsi))
      n += !pp_trace_call_p (gsi_stmt (gsi));
  free (body);
  return n;
}

/* Whether a statement of LOOP calls a function (not an internal one, nor
   a trace function): a call that the path register must survive.  */
bool
loop_calls (class loop *loop)
{
  basic_block *body = get_loop_body (loop);
  bool calls = false;
  for (unsigned i = 0; i < loop->num_nodes && !calls; i++)
    for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (body[i]);
         !gsi_end_p (gsi) && !calls; gsi_next_nondebug (&gsi))
      calls = is_gimple_call (gsi_stmt (gsi))
              && !gimple_call_internal_p (gsi_stmt (gsi))
              && !pp_trace_call_p (gsi_stmt (gsi));
  free (body);
  return calls;
}

/* Whether LOOP, whose back edge is the DAG edge BACK, goes around one way
   only and is small enough to peel however rarely it goes around.  */
bool
small_one_way_loop (const instr_ctx *c, class loop *loop, long back)
{
  if (loop_stmts (loop) > max_small_peel_stmts)
    return false;
  unsigned *path = XNEWVEC (unsigned, c->dag->n_nodes + 1);
  size_t len = 0;
  pp_error err;
  bool one_way = pp_steady_path (c->dag, back, path, &len, &err) == PP_OK
                 && len;
  free (path);
  return one_way;
}

/* Whether LOOP can be peeled with its instrumentation: its code is all on
   plain edges and at plain block heads (no head node, no hard edge), no
   EH or abnormal edge touches it, no steady path is counted in it, and
   it is small enough.  (A hot way counted in a register is: its compare
   form is exact in any copy of its code, and the copies' exits reach
   the flushes, on the exit edges, outside the loop, or their copies.)  */
bool
loop_peelable (const instr_ctx *c, class loop *loop,
               unsigned max_stmts = max_peel_stmts)
{
  const pp_fn_map *map = c->map;
  unsigned i;
  steady_end *st;
  FOR_EACH_VEC_ELT (c->steady_ends, i, st)
    if (!st->hot_way
        && (st->loop == loop || flow_loop_nested_p (loop, st->loop)
            || flow_loop_nested_p (st->loop, loop)))
      return false;
  basic_block *body = get_loop_body (loop);
  bool ok = true;
  for (i = 0; ok && i < loop->num_nodes; i++)
    {
      basic_block bb = body[i];
      int v = map->bb_node[bb->index];
      if (v < 0 || needs_head (map, v) || map->head_kind[v] != PPH_START
          || has_abnormal_or_eh_edge (bb))
        ok = false;
    }
  free (body);
  if (!ok || loop_stmts (loop) > max_stmts)
    return false;
  for (i = 0; i < map->cfg->n_edges; i++)
    if (map->edge_hard[i] && flow_bb_inside_loop_p (loop, map->cfg_edge[i]->src))
      return false;
  return true;
}

/* Sorts CANDIDATES by profit, the most profitable first, ties broken by
   loop number (deterministic).  */
void
sort_by_profit (vec<peel_choice *> &candidates)
{
  candidates.qsort ([] (const void *a, const void *b) {
    const peel_choice *x = *(const peel_choice *const *) a;
    const peel_choice *y = *(const peel_choice *const *) b;
    if (x->profit != y->profit)
      return x->profit > y->profit ? -1 : 1;
    return x->loop->num - y->loop->num;
  });
}

/* Keeps, of CANDIDATES, the most profitable of nested ones in c->peels
   (stable, by loop number, on ties), and those nested in or around a
   loop whose latch counts on each way; frees the others.  */
void
choose_peels (instr_ctx *c, vec<peel_choice *> &candidates)
{
  sort_by_profit (candidates);
  unsigned i;
  peel_choice *p;
  FOR_EACH_VEC_ELT (candidates, i, p)
    {
      bool overlaps = false;
      unsigned j;
      peel_choice *q;
      /* (A loop whose latch counts on each way settles checks at its
         own latch, which a peel of a loop nested in it leaves alone:
         peel.cc peels the inner loop first, and note_peel_cond gives
         each check to the innermost.)  Without it, xz-utils' helper2
         ran 33 million instructions more: its loop over the repeat
         distances and the loop nested in it are worth peeling both.  */
      FOR_EACH_VEC_ELT (c->peels, j, q)
        overlaps |= (flow_loop_nested_p (p->loop, q->loop)
                     || flow_loop_nested_p (q->loop, p->loop))
                    && !p->way_kinds && !q->way_kinds;
      if (overlaps)
        free_peel_choice (p);
      else
        c->peels.safe_push (p);
    }
}

/* Whether c->peels peels LOOP.  */
bool
peels_loop (const instr_ctx *c, const class loop *loop)
{
  unsigned i;
  peel_choice *p;
  FOR_EACH_VEC_ELT (c->peels, i, p)
    if (p->loop == loop)
      return true;
  return false;
}

/* The statements that LOOP's body will have once the loops nested in it
   that c->peels peels are peeled, each of those with its first
   iteration's copy: what LOOP's own copy copies.  OWN gives, per loop
   number, the statements of the blocks whose innermost loop it is.  */
unsigned
grown_stmts (const instr_ctx *c, const class loop *loop, const unsigned *own)
{
  unsigned n = own[loop->num];
  for (class loop *inner = loop->inner; inner; inner = inner->next)
    {
      unsigned g = grown_stmts (c, inner, own);
      n += peels_loop (c, inner) ? 2 * g : g;
    }
  return n;
}

/* Keeps CANDIDATES in c->peels, the most profitable first, nested ones
   included, as long as no loop's copy grows beyond max_array_peel_stmts
   statements with the copies of the loops peeled in it (grown_stmts);
   frees the others.  There is no compare to settle in an array, so
   nested loops do not compete for one: each peeled loop makes the
   register a constant at its own header.  LZ4_decompress_safe's small
   copy loops, inside its decoding loop, then count at constant
   addresses, and the register no longer lives through them, which
   freed a register GCC had spilled on the decoding loop's hottest path:
   the bench's lz4 ran 54.7 million instructions fewer there than with
   the decoding loop peeled alone (specs/cfg-rules.md, "Peeled
   loops").  */
void
choose_array_peels (instr_ctx *c, vec<peel_choice *> &candidates)
{
  sort_by_profit (candidates);
  unsigned *own = XCNEWVEC (unsigned, number_of_loops (cfun));
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (bb);
         !gsi_end_p (gsi); gsi_next_nondebug (&gsi))
      own[bb->loop_father->num] += !pp_trace_call_p (gsi_stmt (gsi));
  unsigned i;
  peel_choice *p;
  FOR_EACH_VEC_ELT (candidates, i, p)
    {
      c->peels.safe_push (p);
      /* P's copy, and that of every peeled loop around it, copies P's
         copy too.  */
      bool fits = true;
      unsigned j;
      peel_choice *q;
      FOR_EACH_VEC_ELT (c->peels, j, q)
        if ((q == p || flow_loop_nested_p (q->loop, p->loop))
            && grown_stmts (c, q->loop, own) > max_array_peel_stmts)
          fits = false;
      if (!fits)
        {
          c->peels.pop ();
          free_peel_choice (p);
        }
    }
  free (own);
}

/* The single back edge of LOOP as a DAG edge (its CUT_END), or -1 when it
   has several.  */
long
single_back_edge (const instr_ctx *c, class loop *loop)
{
  const pp_fn_map *map = c->map;
  long back = -1;
  unsigned n_back = 0;
  for (unsigned i = 0; i < map->cfg->n_edges; i++)
    {
      edge e = map->cfg_edge[i];
      if (e->dest == loop->header && flow_bb_inside_loop_p (loop, e->src)
          && c->dag->cfg_edge_cut_end[i] >= 0)
        {
          back = c->dag->cfg_edge_cut_end[i];
          n_back++;
        }
    }
  return n_back == 1 ? back : -1;
}

/* Whether LOOP, of a function counted in an array, whose back edge is the
   DAG edge BACK, is worth peeling (compute_array_peel), the cheapest
   tests first.  */
bool
array_peel_pays (const instr_ctx *c, class loop *loop, long back)
{
  if (goes_around (c, loop, back, min_peel_trips)
      || small_one_way_loop (c, loop, back))
    return true;
  return loop_stmts (loop) <= max_peel_stmts && loop_calls (loop)
         && goes_around (c, loop, back, min_call_peel_trips);
}

/* Peeling in a function counted in an array (see max_array_peel_stmts):
   the loops that the tested runs went around at least min_peel_trips
   times per entry, and, as in slots, those that go around one way in at
   most max_small_peel_stmts statements however rarely the tests went
   around them: a field that runs such a loop longer pays the register's
   reset and the counter's address on every iteration (mawk's search of
   an array's hash chain, find_by_ival, on the bench's sieve), and where
   the loop is left early, the copy's constant register folds into the
   counters' addresses after it; and those with a call in them that the
   tests went around at least min_call_peel_trips times per entry.
   Nested candidates are all peeled, within the size of the copies
   (choose_array_peels).  */
void
compute_array_peel (instr_ctx *c)
{
  bool had_dominators = dom_info_available_p (CDI_DOMINATORS);
  if (!had_dominators)
    calculate_dominance_info (CDI_DOMINATORS);
  auto_vec<peel_choice *> candidates;
  for (auto loop : loops_list (cfun, 0))
    {
      long back = single_back_edge (c, loop);
      if (back < 0)
        continue;
      if (!array_peel_pays (c, loop, back)
          || !loop_peelable (c, loop, max_array_peel_stmts))
        continue;
      peel_choice *p = XCNEW (peel_choice);
      p->loop = loop;
      p->kinds = NULL; /* no check to settle */
      p->back = back;
      p->profit = (double) c->profile[back];
      candidates.safe_push (p);
    }
  choose_array_peels (c, candidates);
  if (!had_dominators)
    free_dominance_info (CDI_DOMINATORS);
}

/* The executions of the ways into latch X (a DAG node) whose WAY_KINDS
   are settled, into *SETTLED, and of all of them, into *ALL, by the
   tested runs' profile, else GCC's estimate.  */
void
way_weights (const instr_ctx *c, unsigned x, const unsigned char *way_kinds,
             double *settled, double *all)
{
  const pp_dag *dag = c->dag;
  *settled = *all = 0;
  for (unsigned i = dag->in_start[x]; i < dag->in_start[x + 1]; i++)
    {
      unsigned e = dag->in_edges[i];
      const pp_dag_edge *d = &dag->edges[e];
      double w = c->profile ? c->profile[e]
                 : d->origin >= 0 ? EDGE_FREQUENCY (c->map->cfg_edge[d->origin])
                                  : 0;
      *all += w;
      if (way_kinds[e] != PP_END_CHECK)
        *settled += w;
    }
}

/* Whether E, a CFG edge inside LOOP, may be cold for the ways into
   LOOP's latch X (its DAG node; DST is E's destination node): an edge
   between blocks of LOOP itself (not of a loop nested in it), not into
   the header or the latch, or an edge from a block of LOOP into the
   header of a loop nested directly in it.  peel.cc copies no loop, so
   the blocks a copy holds must be LOOP's own; but once the nested loop
   is peeled, the paths that entered it go on in its first iteration's
   copy, which is LOOP's (the loop that remains of the nested one starts
   its paths at its own header), and the copy takes those.  */
bool
cold_candidate (const pp_fn_map *map, class loop *loop, unsigned x,
                unsigned dst, unsigned origin)
{
  edge e = map->cfg_edge[origin];
  if (map->edge_hard[origin] || dst == x || e->src->loop_father != loop
      || e->dest == loop->header || (e->flags & (EDGE_ABNORMAL | EDGE_EH)))
    return false;
  class loop *inner = e->dest->loop_father;
  return inner == loop
         || (inner->header == e->dest && loop_outer (inner) == loop);
}

/* The kinds of the ways into latch X of LOOP, as settled_ways, among the
   paths over the edges that the N counted paths IDS (with FIRST, PENULT
   and LAST their first, penultimate and last edges) take, of those that
   start inside LOOP (START_OK) and end at its back edge BACK: the other
   edges that cold_candidate allows are cold, and peel.cc leads them into
   a copy of the code after them that keeps its checks (see there).
   NULL when no edge is cold or the kinds cannot be computed; else the
   cold edges into *COLD_EDGES.  GNU make's loop over a command line's
   characters (construct_command_argv_internal) copies a plain character
   on most iterations, a way that mixes a tested path (one_shell false)
   with an untested one (one_shell true).  Its loop over the pattern rules
   (pattern_search) skips most rules by a way that leaves the loop over
   a rule's targets at its header, after that loop's back edge (tested),
   or when it enters it (never tested: every rule has a target): the edge
   into that loop is cold for the ways into the latch, though the tested
   paths that end at the inner loop's back edge take it.  */
unsigned char *
cold_ways (const instr_ctx *c, class loop *loop, long back,
           mpz_t *const ids, const unsigned *first, const unsigned *penult,
           const unsigned *last, unsigned n, const unsigned char *start_ok,
           vec<edge> *cold_edges)
{
  const pp_fn_map *map = c->map;
  const pp_dag *dag = c->dag;
  unsigned x = dag->edges[back].src;
  /* The counted paths that end at the back edge: the others may take
     cold edges (the paths into the loop nested in it that go around it
     do), and they do not end at the ways.  */
  auto_vec<unsigned> at_back;
  for (unsigned i = 0; i < n; i++)
    if (last[i] == (unsigned) back)
      at_back.safe_push (i);
  unsigned m = at_back.length ();
  mpz_t *back_ids = XNEWVEC (mpz_t, m + 1);
  unsigned *back_first = XNEWVEC (unsigned, m + 1);
  unsigned *back_penult = XNEWVEC (unsigned, m + 1);
  for (unsigned i = 0; i < m; i++)
    {
      /* (A shallow copy: the ids stay IDS'.)  */
      memcpy (&back_ids[i], &ids[at_back[i]], sizeof (mpz_t));
      back_first[i] = first[at_back[i]];
      back_penult[i] = penult[at_back[i]];
    }
  unsigned char *taken = XNEWVEC (unsigned char, dag->n_edges);
  unsigned char *kinds = NULL;
  pp_error err;
  if (pp_path_edges_taken (dag, c->num, back_ids, m, back_first, start_ok,
                           taken, &err) != PP_OK)
    goto out;
  {
    /* TAKEN becomes the edges allowed.  */
    unsigned n_cold = 0;
    for (unsigned e = 0; e < dag->n_edges; e++)
      {
        const pp_dag_edge *d = &dag->edges[e];
        if (taken[e] || d->kind != PP_EDGE_REAL
            || !cold_candidate (map, loop, x, d->dst, d->origin))
          {
            taken[e] = 1;
            continue;
          }
        n_cold++;
      }
    /* (Only the ways into X are read: counted only the paths that end
       there, the kinds of other ways are meaningless.)  */
    if (n_cold)
      {
        kinds = XNEWVEC (unsigned char, dag->n_edges);
        if (pp_way_kinds_from (dag, back_first, back_penult, m, start_ok,
                               taken, kinds, &err) != PP_OK)
          {
            free (kinds);
            kinds = NULL;
          }
      }
  }
  if (kinds)
    for (unsigned e = 0; e < dag->n_edges; e++)
      if (!taken[e])
        cold_edges->safe_push (map->cfg_edge[dag->edges[e].origin]);
out:
  free (back_ids);
  free (back_first);
  free (back_penult);
  free (taken);
  return kinds;
}

/* Whether the source of LOOP's back edge BACK (a DAG edge) is a latch
   whose path end can go on each way into it: a plain node of LOOP whose
   only way on is the back edge, not yet a finish node.  (Not in
   inter-procedural builds: see latch_counts.)  */
bool
plain_latch (const instr_ctx *c, class loop *loop, long back)
{
  const pp_fn_map *map = c->map;
  const pp_dag *dag = c->dag;
  unsigned x = dag->edges[back].src;
  return !pp_opts.ipps_file && x < map->n_nodes && x != map->cfg->entry
         && !needs_head (map, x) && map->head_kind[x] == PPH_START
         && !c->finish[x] && dag->out_start[x + 1] - dag->out_start[x] == 1
         && flow_bb_inside_loop_p (loop, map->node_bb[x]);
}

/* The kinds of the ways into the latch of LOOP's back edge BACK (DAG
   edge), among the N counted paths IDS whose first, penultimate and last
   edges are FIRST, PENULT and LAST, those that start as START_OK allows, when
   counting them apart is worth it; else NULL.  Where some way around the
   loop was never tested, its back edge compares on every iteration; but
   once the latch's path end is on each way into it (a finish node with
   its tail on its in-edges, as the latches of functions counted in an
   array are), a way whose every path has a slot counts without the
   compare, and in the loop that remains after peeling, only paths that
   start inside the loop reach it.  Worth it where those ways carry at
   least half of the back edge's executions (by the tested runs' profile,
   else GCC's estimate): xz-utils' helper2 leaves its loop over the
   repeat distances by a `continue` on most iterations.  Where the ways
   that the cold copy (cold_ways) would settle carry more, their kinds go
   into *COLD_WAY_KINDS and the cold edges into *COLD_EDGES; the
   returned kinds are still those without the copy, which the copy keeps.
   Adds the executions settled to *PROFIT.  The latch must be a plain
   node whose only way on is the back edge.  */
unsigned char *
settled_ways (const instr_ctx *c, class loop *loop, long back,
              mpz_t *const ids, const unsigned *first,
              const unsigned *penult, const unsigned *last, unsigned n,
              const unsigned char *start_ok, double *profit,
              unsigned char **cold_way_kinds, vec<edge> *cold_edges)
{
  const pp_dag *dag = c->dag;
  unsigned x = dag->edges[back].src;
  *cold_way_kinds = NULL;
  if (!plain_latch (c, loop, back))
    return NULL;
  unsigned char *way_kinds = XNEWVEC (unsigned char, dag->n_edges);
  pp_error err;
  if (pp_way_kinds_from (dag, first, penult, n, start_ok, NULL, way_kinds,
                         &err) != PP_OK)
    {
      free (way_kinds);
      return NULL;
    }
  double settled, all;
  way_weights (c, x, way_kinds, &settled, &all);
  unsigned char *cold = cold_ways (c, loop, back, ids, first, penult, last,
                                   n, start_ok, cold_edges);
  if (cold)
    {
      double cold_settled, cold_all;
      way_weights (c, x, cold, &cold_settled, &cold_all);
      if (cold_settled > settled)
        {
          settled = cold_settled;
          *cold_way_kinds = cold;
        }
    }
  if (!*cold_way_kinds)
    {
      free (cold);
      cold_edges->release ();
    }
  if (settled <= 0 || 2 * settled < all)
    {
      free (way_kinds);
      free (*cold_way_kinds);
      *cold_way_kinds = NULL;
      cold_edges->release ();
      return NULL;
    }
  *profit += settled;
  return way_kinds;
}

/* Marks in START_OK (n_edges flags) the DAG edges out of s that start a
   path inside LOOP (the CUT_STARTs of its cut edges), but not those that
   start one after a back edge of INNER (a loop nested in LOOP), if
   given.  */
void
loop_starts (const instr_ctx *c, class loop *loop, class loop *inner,
             unsigned char *start_ok)
{
  const pp_fn_map *map = c->map;
  const pp_dag *dag = c->dag;
  memset (start_ok, 0, dag->n_edges);
  for (unsigned i = 0; i < map->cfg->n_edges; i++)
    {
      edge e = map->cfg_edge[i];
      if (flow_bb_inside_loop_p (loop, e->src)
          && flow_bb_inside_loop_p (loop, e->dest)
          && dag->cfg_edge_cut_start[i] >= 0
          && !(inner && e->dest == inner->header
               && flow_bb_inside_loop_p (inner, e->src)))
        start_ok[dag->cfg_edge_cut_start[i]] = 1;
    }
}

/* Whether LOOP, nested in the loop of P (peeled), will be peeled too:
   it has a peel of its own, or a cold edge of P enters it.  */
bool
peeled_with (const instr_ctx *c, const peel_choice *p, class loop *loop)
{
  if (peels_loop (c, loop))
    return true;
  unsigned i;
  edge e;
  FOR_EACH_VEC_ELT (p->cold_edges, i, e)
    if (e->dest == loop->header)
      return true;
  return false;
}

/* For each loop nested directly in P's loop that is peeled too, the
   kinds of the path ends among the N counted paths (whose first and last
   edges are FIRST and LAST) that start inside P's loop but not after
   that loop's back edge, into P's inner_loops and inner_kinds: in the
   loop that remains of P's, those are the paths that reach the nested
   loop's first iteration, in its copy, where its own peeling leaves its
   checks as they are.  lzip runs 8.3 million instructions fewer on the
   bench workload with these checks folded there.  START_OK is scratch
   space.  */
void
compute_inner_kinds (const instr_ctx *c, peel_choice *p,
                     const unsigned *first, const unsigned *last, unsigned n,
                     unsigned char *start_ok)
{
  if (!p->kinds)
    return;
  for (class loop *inner = p->loop->inner; inner; inner = inner->next)
    {
      if (!peeled_with (c, p, inner))
        continue;
      loop_starts (c, p->loop, inner, start_ok);
      unsigned char *kinds = XNEWVEC (unsigned char, c->dag->n_edges);
      pp_error err;
      if (pp_end_kinds_from (c->dag, first, last, n, start_ok, kinds, &err)
          != PP_OK)
        {
          free (kinds);
          continue;
        }
      p->inner_loops.safe_push (inner);
      p->inner_kinds.safe_push (kinds);
    }
}

/* The loops whose first iteration is worth peeling (see peel.cc), into
   c->peels: at the late stage (in SSA form, as GCC's peeling needs),
   optimizing for speed, and not with gcov's -fprofile-arcs in the same
   compilation (the gcov oracle, tests/gcov, compares with the CFG as
   written).  In a function counted in PPP slots a loop is a candidate
   when, among the paths that start inside it, the check of its own back
   edge becomes a plain count or a plain log, or that of the ways into
   its latch that carry most of it (settled_ways); its profit is the
   executions of the back edges and ways whose checks this settles (its
   own and nested loops'), by the tested runs' profile, else GCC's
   estimate.  In
   a function counted in an array, with the tested runs' profile, a loop
   they went around at least min_peel_trips times per entry
   (compute_array_peel): with the first iteration in the copy, the path
   registers are constants at the header of the loop that remains, so
   GCC folds them into the counters' addresses and drops the resets at
   its back edge.  In slots, nested candidates exclude each other (the
   most profitable is peeled) unless one of them counts its latch on
   each way (in arrays they are all peeled, choose_array_peels); a loop
   nested in a peeled one and peeled too gets the checks that the outer
   loop's paths settle folded in its first iteration's copy
   (compute_inner_kinds).  */
void
compute_peel (instr_ctx *c)
{
  const pp_fn_map *map = c->map;
  const pp_dag *dag = c->dag;
  const pp_fn_record *rec = c->rec;
  c->peels = vNULL;
  if (!pp_opts.peel_loops || !c->num || profile_arc_flag || !optimize
      || !gimple_in_ssa_p (cfun) || optimize_function_for_size_p (cfun)
      || !current_loops || loops_state_satisfies_p (LOOPS_NEED_FIXUP)
      || number_of_loops (cfun) <= 1)
    return;
  if ((rec->split || rec->storage == PATHPROF_STORAGE_ARRAY) && c->profile)
    {
      compute_array_peel (c);
      return;
    }
  if (rec->split || rec->storage != PATHPROF_STORAGE_PPP || !rec->n_slots
      || !rec->end_kind)
    return;
  /* Where the counted paths start and end.  */
  unsigned n;
  mpz_t *ids = u64_ids (rec->slot_bl, rec->n_slots, true, &n);
  unsigned *first = XNEWVEC (unsigned, n + 1);
  unsigned *penult = XNEWVEC (unsigned, n + 1);
  unsigned *last = XNEWVEC (unsigned, n + 1);
  pp_error err;
  bool ok = pp_path_first_last (dag, c->num, ids, n, first, penult, last,
                                &err) == PP_OK;
  if (!ok)
    {
      free_ids (ids, n);
      free (first);
      free (penult);
      free (last);
      return;
    }
  /* Loop bodies are found by dominance (get_loop_body).  */
  bool had_dominators = dom_info_available_p (CDI_DOMINATORS);
  if (!had_dominators)
    calculate_dominance_info (CDI_DOMINATORS);
  unsigned char *start_ok = XNEWVEC (unsigned char, dag->n_edges);
  auto_vec<peel_choice *> candidates;
  for (auto loop : loops_list (cfun, 0))
    {
      /* One back edge, which the loop goes around often enough.  */
      long back = single_back_edge (c, loop);
      loop_starts (c, loop, NULL, start_ok);
      if (back < 0
          || (!goes_around (c, loop, back, min_peel_trips)
              && !small_one_way_loop (c, loop, back))
          || !loop_peelable (c, loop))
        continue;
      unsigned char *kinds = XNEWVEC (unsigned char, dag->n_edges);
      if (pp_end_kinds_from (dag, first, last, n, start_ok, kinds, &err)
          != PP_OK)
        {
          free (kinds);
          continue;
        }
      /* The loop's own back edge must be settled: the copy costs the
         most where the checks it settles are elsewhere (xz-utils'
         helper2 has a loop whose back edge keeps its compare, nested
         loops' ends settled, and it ran 3% more instructions peeled).  */
      double profit = 0;
      for (unsigned i = 0; i < map->cfg->n_edges; i++)
        {
          edge e = map->cfg_edge[i];
          long k = dag->cfg_edge_cut_end[i];
          if (k < 0 || !flow_bb_inside_loop_p (loop, e->src)
              || !flow_bb_inside_loop_p (loop, e->dest)
              || rec->end_kind[k] != PP_END_CHECK
              || kinds[k] == PP_END_CHECK)
            continue;
          profit += c->profile ? c->profile[k] : EDGE_FREQUENCY (e);
        }
      unsigned char *way_kinds = NULL, *cold_way_kinds = NULL;
      vec<edge> cold_edges = vNULL;
      if (rec->end_kind[back] == PP_END_CHECK && kinds[back] == PP_END_CHECK)
        way_kinds = settled_ways (c, loop, back, ids, first, penult, last,
                                  n, start_ok, &profit, &cold_way_kinds,
                                  &cold_edges);
      if (profit <= 0 || rec->end_kind[back] != PP_END_CHECK
          || (kinds[back] == PP_END_CHECK && !way_kinds))
        {
          free (kinds);
          free (way_kinds);
          free (cold_way_kinds);
          cold_edges.release ();
          continue;
        }
      peel_choice *p = XCNEW (peel_choice);
      p->loop = loop;
      p->kinds = kinds;
      p->way_kinds = way_kinds;
      p->cold_way_kinds = cold_way_kinds;
      p->cold_edges = cold_edges;
      p->back = back;
      p->profit = profit;
      candidates.safe_push (p);
    }
  choose_peels (c, candidates);
  unsigned i;
  peel_choice *p;
  FOR_EACH_VEC_ELT (c->peels, i, p)
    compute_inner_kinds (c, p, first, last, n, start_ok);
  /* A latch whose ways count apart is a finish node whose tail, the
     path end, goes on each of its in-edges (see compute_finish).  So is
     one whose path end the peeling settles as a plain count, as in a
     function counted in an array (latch_counts): each way then counts
     at its own constant slot in the loop that remains, where the shared
     path end took the slot's address in a register on each way.  */
  FOR_EACH_VEC_ELT (c->peels, i, p)
    if (p->way_kinds
        || (p->kinds && p->kinds[p->back] == PP_END_COUNT
            && plain_latch (c, p->loop, p->back)))
      {
        unsigned x = dag->edges[p->back].src;
        c->finish[x] = 1;
        c->tail_on_edges[x] = 1;
      }
  free (start_ok);
  free_ids (ids, n);
  free (first);
  free (penult);
  free (last);
  if (!had_dominators)
    free_dominance_info (CDI_DOMINATORS);
}

/* Whether, in the loop that remains once ST's loop is peeled, a single
   path from the loop's header reaches the place where ST's hot way is
   recorded, so that the registers hold constants there: the hot path's
   tail, the nodes at its end that are all finish nodes (compute_finish,
   compute_peel), goes on the edge into the first of them where that one
   has its tail on its in-edges, else at its head, and with no such node
   the record is on the back edge.  The paths counted are those from the
   loop's header and from any other cut start inside the loop (an inner
   loop's header: other paths, other ids), up to 2.  */
bool
hot_way_folds (const instr_ctx *c, const steady_end *st)
{
  const pp_dag *dag = c->dag;
  const pp_fn_map *map = c->map;
  mpz_t id;
  mpz_init_set_ui (id, 0);
  mpz_import (id, 1, 1, sizeof st->id, 0, 0, &st->id);
  unsigned *path = NULL;
  size_t len = 0;
  pp_error err;
  bool ok = pp_bl_decode (dag, c->num, id, &path, &len, &err) == PP_OK
            && len >= 2 && path[len - 1] == (unsigned) st->back;
  mpz_clear (id);
  if (!ok)
    {
      free (path);
      return false;
    }
  unsigned char *paths = XCNEWVEC (unsigned char, dag->n_nodes);
  for (unsigned i = dag->out_start[dag->s]; i < dag->out_start[dag->s + 1];
       i++)
    {
      const pp_dag_edge *d = &dag->edges[dag->out_edges[i]];
      if (d->kind == PP_EDGE_CUT_START && d->dst < map->n_nodes
          && flow_bb_inside_loop_p (st->loop, map->node_bb[d->dst]))
        paths[d->dst] = 1;
    }
  for (unsigned k = 0; k < dag->n_nodes; k++)
    {
      unsigned v = dag->topo[k];
      if (!paths[v] || v == dag->s)
        continue;
      for (unsigned i = dag->out_start[v]; i < dag->out_start[v + 1]; i++)
        {
          unsigned w = dag->edges[dag->out_edges[i]].dst;
          paths[w] = MIN (2, paths[w] + paths[v]);
        }
    }
  /* The hot path's nodes are the sources of path[1 .. len - 1] (the
     first the loop's header).  Not a finish node at its end: the record
     is on the back edge.  */
  unsigned where = dag->edges[path[len - 1]].src;
  if (c->finish[where])
    {
      /* The first finish node of the tail, the source of path[j]; the
         source of path[j - 1], if j > 1, is not one.  */
      size_t j = len - 1;
      while (j > 1 && c->finish[dag->edges[path[j - 1]].src])
        j--;
      unsigned f = dag->edges[path[j]].src;
      where = c->tail_on_edges[f] && j > 1 ? dag->edges[path[j - 1]].src : f;
    }
  bool folds = paths[where] == 1;
  free (paths);
  free (path);
  return folds;
}

/* Keeps a hot way (hot_way_end) only where GCC folds its compare: in a
   loop to be peeled where a single path from its header reaches the hot
   way's record (hot_way_folds; a latch that counts on each way into it,
   compute_finish and compute_peel), so that the ids are constants there
   in the loop that remains.  There the hottest way's record becomes n++
   and the others keep theirs.  Elsewhere the
   compare stays on every iteration, with the record behind it on the
   other ways: zlib's longest_match, whose hash-chain loop leaves its
   ways' ids in one register for its latch, ran 4 instructions more per
   iteration (the bench's zlib 2.15 times the instructions of its
   preferential build's counting without it; lz4's LZ4_decompress_safe,
   unpeeled, 229 million instructions more), for 1 to 2.5 points of CPU
   time in minigzip (-9, -6, -1), still above gcov's.  */
void
keep_folding_hot_ways (instr_ctx *c)
{
  for (unsigned i = 0; i < c->steady_ends.length ();)
    {
      steady_end *st = c->steady_ends[i];
      bool peeled = false;
      unsigned j;
      peel_choice *p;
      FOR_EACH_VEC_ELT (c->peels, j, p)
        peeled |= p->loop == st->loop;
      if (!st->hot_way || (peeled && hot_way_folds (c, st)))
        {
          i++;
          continue;
        }
      c->steady[st->back] = NULL;
      st->exits.release ();
      free (st);
      c->steady_ends.ordered_remove (i);
    }
}

/* Records CHK's condition COND (of a CHECK_SLOT: the bounds test, or the
   compare) with the peeled loop it is in, if the peeling settles it
   (see peel.cc).  */
void
note_peel_cond (instr_ctx *c, const ppp_check *chk, basic_block bb,
                gcond *cond, bool is_compare)
{
  /* The innermost peeled loop that holds the check: the check stays in
     the loop that remains of it.  */
  unsigned i;
  peel_choice *p = NULL, *q;
  FOR_EACH_VEC_ELT (c->peels, i, q)
    if (flow_bb_inside_loop_p (q->loop, bb)
        && (!p || flow_loop_nested_p (p->loop, q->loop)))
      p = q;
  /* In the first iteration's copy of a peeled loop nested in another
     peeled loop, the check may be settled for the outer loop's paths
     (compute_inner_kinds).  */
  FOR_EACH_VEC_ELT (c->peels, i, q)
    for (unsigned j = 0; j < q->inner_loops.length (); j++)
      if (flow_bb_inside_loop_p (q->inner_loops[j], bb))
        {
          unsigned char kind = q->inner_kinds[j][chk->end];
          if (kind == PP_END_COUNT || (kind == PP_END_LOG && is_compare))
            {
              q->inner_conds.safe_push (cond);
              q->inner_values.safe_push (kind == PP_END_COUNT);
            }
        }
  /* (Peeled in an array: no check settled.)  */
  if (!p || !p->kinds)
    return;
  unsigned char kind = p->kinds[chk->end];
  /* A way into a latch that counts on each way: the way's kind.  */
  bool way = p->way_kinds && chk->end == p->back && chk->via_kind == 'e'
             && chk->via >= 0
             && c->dag->edges[chk->via].dst == c->dag->edges[p->back].src;
  if (way)
    kind = p->way_kinds[chk->via];
  /* A way that only the cold copy settles: folded in the original once
     the copy is made (peel.cc).  */
  if (way && kind == PP_END_CHECK && p->cold_way_kinds)
    {
      unsigned char cold = p->cold_way_kinds[chk->via];
      if (cold == PP_END_COUNT || (cold == PP_END_LOG && is_compare))
        {
          p->cold_conds.safe_push (cond);
          p->cold_values.safe_push (cold == PP_END_COUNT);
          if (is_compare)
            c->stats->n_peel_folded++;
        }
      return;
    }
  /* Every path that ends here has a slot: both tests pass.  None has:
     the compare fails (and the bounds test may stay).  */
  if (kind == PP_END_COUNT || (kind == PP_END_LOG && is_compare))
    {
      p->conds.safe_push (cond);
      p->values.safe_push (kind == PP_END_COUNT);
      if (is_compare)
        c->stats->n_peel_folded++;
    }
}

/* Starts every steady count used at zero on function entry (the compare
   form), and adds it to its counter on every exit edge of its loop (then
   zero again).  */
void
insert_steady_flushes (instr_ctx *c)
{
  unsigned i;
  steady_end *st;
  FOR_EACH_VEC_ELT (c->steady_ends, i, st)
    {
      if (!st->used)
        continue;
      /* (The simple form's entry edges start it.)  */
      if (!st->at_exit)
        gsi_insert_on_edge (single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (cfun)),
                            gimple_build_assign (st->count,
                                                 build_int_cst (uint64_type_node,
                                                                0)));
      unsigned j;
      edge e;
      FOR_EACH_VEC_ELT (st->exits, j, e)
        {
          gimple_seq seq = NULL;
          /* Simple form: if (n) { counter += n - 1; n = 0; <first
             iteration> }; compare form: if (n) { counter += n; n = 0; }.
             Not touching the counter when n is 0 keeps the exit from
             writing over other threads' updates.  */
          ppp_check chk;
          chk.action = st->at_exit ? st->first_action : NOTHING;
          /* (No condition of it to fold: a loop that counts a steady
             path is never peeled, nor any loop around it, and where the
             loop of a hot way is, the flush holds for the copies'
             exits as well.)  */
          chk.end = -1;
          chk.via_kind = 0;
          chk.via = -1;
          chk.steady = st;
          chk.flush = true;
          chk.count = make_ssa_name (uint64_type_node);
          add (&seq, gimple_build_assign (chk.count, st->count));
          chk.ppp_id = chk.bl_id = NULL_TREE;
          if (st->at_exit && st->first[PP_REG_PPP])
            chk.ppp_id = in_ssa_name (&seq, st->first[PP_REG_PPP]);
          if (st->at_exit && st->first[PP_REG_BL])
            chk.bl_id = in_ssa_name (&seq, st->first[PP_REG_BL]);
          tree mark = make_ssa_name (uint64_type_node);
          chk.anchor = gimple_build_assign (mark, chk.count);
          add (&seq, chk.anchor);
          c->checks.safe_push (chk);
          gsi_insert_seq_on_edge (e, seq);
        }
    }
}

/* Picks, for each head node, whether all its in-edges share one action. */
void
compute_uniform (instr_ctx *c)
{
  const pp_dag *dag = c->dag;
  for (unsigned w = 0; w < c->map->n_nodes; w++)
    {
      c->uniform[w] = -1;
      if (!needs_head (c->map, w))
        continue;
      unsigned first = dag->in_start[w], last = dag->in_start[w + 1];
      gcc_assert (first < last);
      long rep = dag->in_edges[first];
      /* Both loops stop at the first difference: act[reg][-1] is out of
         bounds.  */
      for (unsigned i = first + 1; i < last && rep >= 0; i++)
        for (unsigned reg = 0; reg < c->n_regs && rep >= 0; reg++)
          {
            const pp_action *a = &c->act[reg][dag->in_edges[i]];
            const pp_action *r = &c->act[reg][rep];
            if (a->op != r->op
                || (a->op != PP_OP_NONE && mpz_cmp (a->value, r->value) != 0))
              rep = -1;
          }
      c->uniform[w] = rep;
      if (rep < 0)
        for (unsigned reg = 0; reg < c->n_regs; reg++)
          {
            tree type = c->type[reg];
            if (c->map->restart[w])
              type = build_qualified_type (type, TYPE_QUAL_VOLATILE);
            tree q = create_tmp_var (type, "pathprof_q");
            if (c->map->restart[w])
              {
                /* Live across setjmp: only memory survives a longjmp.  */
                TREE_THIS_VOLATILE (q) = 1;
                TREE_SIDE_EFFECTS (q) = 1;
              }
            ppc_suppress_warnings (q);
            c->qvar[w * PP_N_REGS + reg] = q;
            c->stats->n_qvars++;
          }
    }
}

/* A new empty block after AFTER, in AFTER's loop.  */
basic_block
new_block_after (basic_block after)
{
  basic_block bb = create_empty_bb (after);
  if (current_loops)
    add_bb_to_loop (bb, after->loop_father);
  return bb;
}

/* Appends IF (A CODE B) to BB, whose only out-edge goes to THEN, and adds
   the edge to ELSE; THEN is the likely way, or has probability LIKELY.  */
void
end_with_cond (basic_block bb, enum tree_code code, tree a, tree b,
               basic_block then_bb, basic_block else_bb,
               profile_probability likely = profile_probability::very_likely ())
{
  gimple_stmt_iterator gsi = gsi_last_bb (bb);
  gsi_insert_after (&gsi, gimple_build_cond (code, a, b, NULL_TREE, NULL_TREE),
                    GSI_NEW_STMT);
  edge e = single_succ_edge (bb);
  e->flags &= ~EDGE_FALLTHRU;
  e->flags |= EDGE_TRUE_VALUE;
  e->probability = likely;
  redirect_edge_succ (e, then_bb);
  edge f = make_edge (bb, else_bb, EDGE_FALSE_VALUE);
  f->probability = e->probability.invert ();
}

/* cache[INDEX] of REC's path cache.  */
tree
cache_ref (const pp_fn_record *rec, tree index)
{
  return build4 (ARRAY_REF, uint64_type_node, rec->path_cache, index,
                 NULL_TREE, NULL_TREE);
}

/* Appends to FROM, whose only out-edge goes to JOIN, LOG (BL_ID) (see the
   file comment); with a path cache, FROM ends with the cache probe:
     from:   ...; e = (r * MUL) >> (64 - BITS); k = cache[e]; key = r + 1;
             if (k == key) goto hit; else goto call;
     hit:    e2 = e + SLOTS; cache[e2]++;                       -> join
     call:   __pathprof_log_path (&descriptor, r);              -> join
   (e = 0 in a cache of one entry, BITS = 0).  */
void
expand_log (instr_ctx *c, basic_block from, tree bl_id, basic_block join)
{
  gimple_seq seq = NULL;
  if (!c->rec->path_cache)
    {
      emit_log_call (c, &seq, bl_id);
      gimple_stmt_iterator gsi = gsi_last_bb (from);
      gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);
      return;
    }
  basic_block hit = new_block_after (from);
  basic_block call = new_block_after (hit);
  make_single_succ_edge (hit, join, EDGE_FALLTHRU);
  make_single_succ_edge (call, join, EDGE_FALLTHRU);

  unsigned bits = c->rec->path_cache_bits;
  tree entry = build_int_cst (uint64_type_node, 0);
  if (bits)
    {
      tree product = make_ssa_name (uint64_type_node);
      tree mul = build_int_cstu (uint64_type_node, PATHPROF_PATH_CACHE_MUL);
      add (&seq, gimple_build_assign (product, MULT_EXPR, bl_id, mul));
      entry = make_ssa_name (uint64_type_node);
      add (&seq, gimple_build_assign (entry, RSHIFT_EXPR, product,
                                      build_int_cst (integer_type_node,
                                                     64 - bits)));
    }
  tree key_there = make_ssa_name (uint64_type_node);
  add (&seq, gimple_build_assign (key_there, cache_ref (c->rec, entry)));
  tree key = make_ssa_name (uint64_type_node);
  add (&seq, gimple_build_assign (key, PLUS_EXPR, bl_id,
                                  build_int_cstu (uint64_type_node, 1)));
  gimple_stmt_iterator gsi = gsi_last_bb (from);
  gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);
  end_with_cond (from, EQ_EXPR, key_there, key, hit, call);

  seq = NULL;
  tree count_at = build_int_cstu (uint64_type_node, 1ull << bits);
  if (bits)
    {
      count_at = make_ssa_name (uint64_type_node);
      add (&seq, gimple_build_assign (count_at, PLUS_EXPR, entry,
                                      build_int_cstu (uint64_type_node,
                                                      1ull << bits)));
    }
  emit_increment (&seq, cache_ref (c->rec, count_at), c->atomic);
  gsi = gsi_start_bb (hit);
  gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);

  seq = NULL;
  emit_log_call (c, &seq, bl_id);
  gsi = gsi_start_bb (call);
  gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);
}

/* Appends to BB, whose only out-edge goes to JOIN, the test of CHK's
   steady path:
     bb:     ...; if (reg == steady id) goto hit; else goto rest;
     hit:    n = n + 1;                                         -> join
     rest:   (empty: the caller's record goes here)             -> join
   and returns rest.  */
basic_block
expand_steady_test (const instr_ctx *c, const ppp_check *chk, basic_block bb,
                    basic_block join)
{
  steady_end *st = chk->steady;
  basic_block hit = new_block_after (bb);
  basic_block rest = new_block_after (hit);
  make_single_succ_edge (hit, join, EDGE_FALLTHRU);
  make_single_succ_edge (rest, join, EDGE_FALLTHRU);
  tree reg = st->reg == PP_REG_BL ? chk->bl_id : chk->ppp_id;
  gcc_assert (reg);
  gimple_seq seq = NULL;
  tree id = reg_value (c, &seq, st->reg,
                       build_int_cstu (uint64_type_node, st->id));
  gimple_stmt_iterator gsi = gsi_last_bb (bb);
  gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);
  end_with_cond (bb, EQ_EXPR, reg, id, hit, rest);
  seq = NULL;
  add (&seq, gimple_build_assign (st->count, PLUS_EXPR, st->count,
                                  build_int_cst (uint64_type_node, 1)));
  gsi = gsi_start_bb (hit);
  gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);
  return rest;
}

/* Appends to BB, whose only out-edge goes to JOIN, the flush of CHK's
   steady path on an exit edge of its loop:
     bb:     ...; if (count != 0) goto flush; else goto join;
     flush:  counter += count - 1; n = 0;           (simple form)
             counter += count; n = 0;               (compare form)
             (the caller's record of the first iteration)       -> join
   and returns flush.  */
basic_block
expand_flush (instr_ctx *c, const ppp_check *chk, basic_block bb,
              basic_block join)
{
  steady_end *st = chk->steady;
  basic_block flush = new_block_after (bb);
  make_single_succ_edge (flush, join, EDGE_FALLTHRU);
  end_with_cond (bb, NE_EXPR, chk->count,
                 build_int_cst (uint64_type_node, 0), flush, join,
                 profile_probability::even ());
  gimple_seq seq = NULL;
  tree more = chk->count;
  if (st->at_exit)
    {
      /* The first back edge taken was the first iteration's.  */
      more = make_ssa_name (uint64_type_node);
      add (&seq, gimple_build_assign (more, PLUS_EXPR, chk->count,
                                      build_int_cst (uint64_type_node, -1)));
    }
  emit_add (&seq, steady_counter_ref (c, &seq, st), more, false);
  add (&seq, gimple_build_assign (st->count,
                                  build_int_cst (uint64_type_node, 0)));
  gimple_stmt_iterator gsi = gsi_start_bb (flush);
  gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);
  return flush;
}

/* Builds the check of every path end waiting for one after its anchor.
   A PPP check:
     bb:     ...; anchor; if (p <= (n_slots - 1) * 16) goto check;
             else goto miss;
     check:  t = slot(p).bl_id; if (t == r) goto hit; else goto miss;
     hit:    slot(p).count++;                                   -> join
     miss:   LOG (r)                                            -> join
     join:   the rest of bb.
   The unsigned comparison also sends negative PPP ids (those of paths
   that are not interesting, which wrap) to the miss; one that wraps into
   the slots' bytes lands on a slot boundary (p is a multiple of 16) whose
   Ball-Larus id is another path's, so the second check misses.  When
   every PPP id has a slot (pp_plan::unchecked), bb goes straight to
   check.  A LOG check alone:
     bb:     ...; anchor; LOG (r)                               -> join
   A plain increment comes here only behind a steady path's test
   (expand_steady_test), which goes first and leaves the rest to its
   "rest" block.  */
void
expand_checks (instr_ctx *c)
{
  const pp_fn_record *rec = c->rec;
  unsigned i;
  ppp_check *chk;
  FOR_EACH_VEC_ELT (c->checks, i, chk)
    {
      basic_block bb = gimple_bb (chk->anchor);
      edge fall = split_block (bb, chk->anchor);
      basic_block join = fall->dest;
      if (chk->flush)
        bb = expand_flush (c, chk, bb, join);
      else if (chk->steady)
        bb = expand_steady_test (c, chk, bb, join);
      /* For the gcov oracle: gcov instruments after us and sees the
         branches of our path ends as the program's, where the block
         that ends with one has lines (tests/gcov/README).  Only at the
         late stage, right before gcov's pass: at the early one GCC's
         early passes still change the blocks in between.  (Steady
         paths are not counted in registers with -fprofile-arcs.)  */
      if (profile_arc_flag && pp_opts.late && chk->end >= 0
          && chk->via_kind
          && !chk->flush && !chk->steady
          && (chk->action == CHECK_SLOT
              || (chk->action == CHECK_LOG && rec->path_cache)))
        pp_notes_check_comment (&c->stats->check_notes,
                                &c->stats->check_notes_len,
                                &c->stats->check_notes_size, chk->end,
                                chk->action == CHECK_LOG ? "log"
                                : rec->unchecked         ? "slot"
                                                         : "bounds",
                                chk->via_kind, chk->via, bb);
      switch (chk->action)
        {
        case CHECK_LOG:
          expand_log (c, bb, chk->bl_id, join);
          continue;
        case COUNT_IN_ARRAY:
        case COUNT_IN_SLOT:
          {
            gimple_seq seq = NULL;
            emit_increment (&seq,
                            chk->action == COUNT_IN_ARRAY
                                ? counter_ref (rec, chk->bl_id)
                                : slot_ref (&seq, rec, chk->ppp_id, 1),
                            c->atomic);
            gimple_stmt_iterator gsi = gsi_last_bb (bb);
            gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);
          }
          continue;
        case NOTHING:
          continue;
        case CHECK_SLOT:
          break;
        }
      basic_block check = new_block_after (bb);
      basic_block hit = new_block_after (check);
      basic_block miss = new_block_after (hit);
      make_single_succ_edge (check, hit, EDGE_FALLTHRU);
      make_single_succ_edge (hit, join, EDGE_FALLTHRU);
      make_single_succ_edge (miss, join, EDGE_FALLTHRU);

      gcc_assert (rec->n_slots > 0);
      if (rec->unchecked)
        /* Every PPP id has a slot (pp_plan::unchecked).  */
        redirect_edge_succ (single_succ_edge (bb), check);
      else
        {
          /* (Only an unchecked PPP register can be in address form.)  */
          end_with_cond (bb, LE_EXPR, chk->ppp_id,
                         build_int_cstu (uint64_type_node,
                                         (rec->n_slots - 1)
                                         * PATHPROF_PPP_SLOT_BYTES),
                         check, miss);
          if (chk->end >= 0)
            note_peel_cond (c, chk, bb,
                            as_a<gcond *> (ppc_last_nondebug_stmt (bb)),
                            false);
        }

      gimple_seq seq = NULL;
      tree slot_bl = make_ssa_name (uint64_type_node);
      add (&seq, gimple_build_assign (slot_bl,
                                      slot_ref (&seq, rec, chk->ppp_id, 0)));
      gimple_stmt_iterator gsi = gsi_start_bb (check);
      gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);
      end_with_cond (check, EQ_EXPR, slot_bl, chk->bl_id, hit, miss);
      if (chk->end >= 0)
        note_peel_cond (c, chk, bb,
                        as_a<gcond *> (ppc_last_nondebug_stmt (check)), true);

      seq = NULL;
      emit_increment (&seq, slot_ref (&seq, rec, chk->ppp_id, 1), c->atomic);
      gsi = gsi_start_bb (hit);
      gsi_insert_seq_after (&gsi, seq, GSI_NEW_STMT);

      expand_log (c, miss, chk->bl_id, join);
    }
  if (!c->checks.is_empty ())
    {
      free_dominance_info (CDI_DOMINATORS);
      free_dominance_info (CDI_POST_DOMINATORS);
    }
}

/* Which registers are in address form (see the file comment): those that
   only ever address a counter, never are compared or logged as numbers
   (but for the steady test, which compares addresses as well).  */
void
choose_register_forms (instr_ctx *c)
{
  const pp_fn_record *rec = c->rec;
  for (unsigned reg = 0; reg < PP_N_REGS; reg++)
    {
      c->addr_base[reg] = NULL_TREE;
      c->addr_scale[reg] = 1;
      c->type[reg] = uint64_type_node;
    }
  if (!pp_opts.address_registers)
    return;
  /* A counter array reached through a pointer is aliased by it: GCC must
     not take it for DECL_NONALIASED (emit.cc), or its alias oracle lets
     the pointer's stores and the array's direct references pass each
     other (loop invariant motion kept a counter's old value in a
     register across `(*r)++` of the same counter, and lost counts).  */
  if (rec->split || rec->storage == PATHPROF_STORAGE_ARRAY)
    {
      DECL_NONALIASED (rec->counters) = 0;
      c->addr_base[PP_REG_BL] = rec->counters;
      c->addr_scale[PP_REG_BL] = sizeof (uint64_t);
      c->type[PP_REG_BL] = build_pointer_type (uint64_type_node);
      c->stats->n_address_regs++;
    }
  else if (rec->storage == PATHPROF_STORAGE_PPP && rec->unchecked
           && c->n_regs > PP_REG_PPP)
    {
      /* The PPP register's values are already byte offsets.  */
      DECL_NONALIASED (rec->slots) = 0;
      c->addr_base[PP_REG_PPP] = rec->slots;
      c->type[PP_REG_PPP]
          = build_pointer_type (TREE_TYPE (TREE_TYPE (rec->slots)));
      c->stats->n_address_regs++;
    }
}

} // namespace

void
pp_instrument (const pp_fn_map *map, const pp_dag *dag,
               const pp_numbering *num,
               const pp_action *const *actions, unsigned n_regs,
               const pp_fn_record *rec, const double *edge_profile,
               pp_instr_stats *stats)
{
  static int have_atomic = -1;
  instr_ctx c;
  c.map = map;
  c.dag = dag;
  c.num = num;
  gcc_assert (n_regs >= 1 && n_regs <= PP_N_REGS);
  c.n_regs = n_regs;
  for (unsigned reg = 0; reg < n_regs; reg++)
    c.act[reg] = actions[reg];
  c.rec = rec;
  c.profile = edge_profile;
  c.site_callee = NULL_TREE;
  c.checks = vNULL;
  c.stats = stats;
  memset (stats, 0, sizeof *stats);
  c.cur_end = -1;
  c.via_kind = 0;
  c.via = -1;
  c.counted_first = c.counted_last = NULL;
  c.counted_ends_failed = false;
  c.atomic = false;
  if (flag_profile_update != PROFILE_UPDATE_SINGLE)
    {
      if (have_atomic < 0)
        {
          have_atomic = ppc_have_atomic_64 ();
          if (!have_atomic && flag_profile_update == PROFILE_UPDATE_ATOMIC)
            warning (0, "pathprof: target does not support atomic profile "
                        "update, single mode is selected");
        }
      c.atomic = have_atomic;
    }
  static const char *const path_register_names[PP_N_REGS] = { "pathprof_r",
                                                    "pathprof_p" };
  choose_register_forms (&c);
  for (unsigned reg = 0; reg < n_regs; reg++)
    {
      c.r[reg] = create_tmp_reg (c.type[reg], path_register_names[reg]);
      /* The register is set before being read on every path, but GCC
         cannot always prove it (e.g. through a pending register).  */
      ppc_suppress_warnings (c.r[reg]);
    }
  c.qvar = XCNEWVEC (tree, map->n_nodes * PP_N_REGS);
  c.uniform = XNEWVEC (long, map->n_nodes);
  compute_uniform (&c);
  c.finish = XCNEWVEC (unsigned char, map->n_nodes);
  c.tail_on_edges = XCNEWVEC (unsigned char, map->n_nodes);
  compute_finish (&c);
  compute_steady (&c);
  compute_peel (&c);
  keep_folding_hot_ways (&c);

  const pp_cfg *cfg = map->cfg;

  /* 1. Node heads: the entry action of head nodes, then the tail of
     finish nodes that own it.  Done before anything is put before the
     blocks' last statements, so that heads come first.  */
  unsigned char *edge_done = XCNEWVEC (unsigned char, cfg->n_edges);
  for (unsigned i = 0; i < cfg->n_edges; i++)
    /* Part of the tail of a finish node, emitted with it.  */
    edge_done[i] = c.finish[cfg->edges[i].src];
  for (unsigned v = 0; v < map->n_nodes; v++)
    {
      basic_block bb = map->node_bb[v];
      /* (A head after the block's last statement is emitted on each
         out-edge, step 3.)  */
      if (bb->index < NUM_FIXED_BLOCKS || map->head_kind[v] == PPH_OUT_EDGES)
        continue;
      gimple_seq head = NULL;
      if (map->head_prefix && map->head_prefix[v])
        gimple_seq_add_seq_without_update (&head, map->head_prefix[v]);
      if (needs_head (map, v))
        emit_head_action (&c, &head, v);
      if (c.finish[v] && !c.tail_on_edges[v])
        {
          c.via_kind = 'n';
          c.via = v;
          emit_tail (&c, &head, v);
        }
      if (gimple_seq_empty_p (head))
        continue;
      if (map->head_kind[v] == PPH_AFTER_STMT)
        {
          gimple_stmt_iterator gsi = gsi_for_stmt (map->head_stmt[v]);
          gsi_insert_seq_after (&gsi, head, GSI_NEW_STMT);
        }
      else
        {
          gimple_stmt_iterator gsi = gsi_after_labels (bb);
          gsi_insert_seq_before (&gsi, head, GSI_SAME_STMT);
        }
    }

  /* 2. Hard edges: store into the target's pending register just before
     the statement that may jump.  */
  for (unsigned i = 0; i < cfg->n_edges; i++)
    {
      if (!map->edge_hard[i])
        continue;
      gimple_seq seq = NULL;
      emit_entry (&c, &seq, dag->cfg_edge_dag[i], cfg->edges[i].dst);
      if (gimple_seq_empty_p (seq))
        continue;
      gimple_stmt_iterator gsi
          = gsi_last_nondebug_bb (map->node_bb[cfg->edges[i].src]);
      gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
    }

  /* 3. Plain edges, committed all at once (splitting where needed).  */
  for (unsigned i = 0; i < cfg->n_edges; i++)
    {
      if (map->edge_hard[i] || edge_done[i])
        continue;
      unsigned u = cfg->edges[i].src;
      gimple_seq seq = NULL;
      c.via_kind = 0;
      if (map->head_kind[u] == PPH_OUT_EDGES && needs_head (map, u))
        emit_head_action (&c, &seq, u);
      emit_edge_code (&c, &seq, i);
      if (c.entry_steady[i])
        emit_first_ids (&c, &seq, c.entry_steady[i]);
      if (gimple_seq_empty_p (seq))
        continue;
      stats->n_edge_seqs++;
      gsi_insert_seq_on_edge (map->cfg_edge[i], seq);
    }
  insert_steady_flushes (&c);
  gsi_commit_edge_inserts ();
  expand_checks (&c);
  c.checks.release ();
  unsigned i;
  peel_choice *pc;
  FOR_EACH_VEC_ELT (c.peels, i, pc)
    {
      /* (A loop of a function counted in an array has no condition to
         fold: its copy is what makes the registers constant.)  */
      if (!pc->conds.is_empty () || !pc->cold_conds.is_empty ()
          || !pc->inner_conds.is_empty () || !pc->kinds)
        {
          /* (Without a check that only the copy settles, no copy.)  */
          if (pc->cold_conds.is_empty ())
            pc->cold_edges.release ();
          pp_request_peel (pc->loop->header, pc->conds, pc->values,
                           pc->cold_edges, pc->cold_conds, pc->cold_values,
                           pc->inner_conds, pc->inner_values);
          pc->conds = vNULL;
          pc->values = vNULL;
          pc->cold_edges = vNULL;
          pc->cold_conds = vNULL;
          pc->cold_values = vNULL;
          pc->inner_conds = vNULL;
          pc->inner_values = vNULL;
          stats->n_peel++;
        }
      free_peel_choice (pc);
    }
  c.peels.release ();
  steady_end *st;
  FOR_EACH_VEC_ELT (c.steady_ends, i, st)
    {
      st->exits.release ();
      free (st);
    }
  c.steady_ends.release ();
  free (c.steady);
  free (c.entry_steady);
  free (c.counted_first);
  free (c.counted_last);

  free (edge_done);
  free (c.qvar);
  free (c.uniform);
  free (c.finish);
  free (c.tail_on_edges);
}
