/* pathprof plugin: the core's per-edge actions -> GIMPLE.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The function gets one 64-bit path register r (a local variable; the
 * pass runs before SSA construction, so plain assignments to it are fine
 * and into-SSA does the rest).  Where the code of each DAG edge goes:
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
 * A path end ("record") is counters[id]++ (atomic with
 * -fprofile-update=atomic) or a call to __pathprof_hash_add.
 */
#include "gcc-compat.h"
#include "memmodel.h"
#include "pathprof.h"
#include "pathprof-format.h"

namespace {

struct instr_ctx
{
  const pp_fn_map *map;
  const pp_dag *dag;
  const pp_action *act;
  const pp_fn_record *rec;
  pp_instr_stats *stats;
  tree r;                 /* the path register */
  tree *qvar;             /* per node: pending register, or NULL_TREE */
  long *uniform;          /* per head node: DAG edge whose action all
                             in-edges share, or -1 */
  unsigned char *finish;  /* per node: the rest of the path is fixed */
  unsigned char *tail_on_edges; /* per finish node: its tail code goes on
                                   its in-edges from non-finish nodes */
  bool atomic;
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

/* r op= value.  */
void
emit_op (instr_ctx *c, gimple_seq *seq, const pp_action *a)
{
  switch (a->op)
    {
    case PP_OP_ADD:
      if (mpz_sgn (a->value) != 0)
        add (seq, gimple_build_assign (c->r, PLUS_EXPR, c->r,
                                       u64_cst (a->value)));
      break;
    case PP_OP_SET:
      add (seq, gimple_build_assign (c->r, u64_cst (a->value)));
      break;
    case PP_OP_NONE:
      break;
    }
}

/* The value r would have after A, as a GIMPLE value (an SSA name, so that
   later changes of r do not affect it, or a constant).  */
tree
emit_value (instr_ctx *c, gimple_seq *seq, const pp_action *a)
{
  if (a->op == PP_OP_SET)
    return u64_cst (a->value);
  tree t = make_ssa_name (uint64_type_node);
  if (a->op == PP_OP_ADD)
    add (seq, gimple_build_assign (t, PLUS_EXPR, c->r, u64_cst (a->value)));
  else
    add (seq, gimple_build_assign (t, c->r));
  return t;
}

/* Ends the path: counts path ID.  */
void
emit_record (instr_ctx *c, gimple_seq *seq, tree id)
{
  c->stats->n_records++;
  if (c->rec->storage == PATHPROF_STORAGE_HASH)
    {
      tree fn = pp_hash_add_decl (c->atomic);
      add (seq, gimple_build_call (fn, 2, build_fold_addr_expr (c->rec->table),
                                   id));
      return;
    }
  tree ref = build4 (ARRAY_REF, uint64_type_node, c->rec->counters, id,
                     NULL_TREE, NULL_TREE);
  tree one = build_int_cst (uint64_type_node, 1);
  if (c->atomic)
    {
      /* As gcov does: a relaxed __atomic_fetch_add_8, result unused.  */
      tree addr = make_ssa_name (build_pointer_type (uint64_type_node));
      add (seq, gimple_build_assign (addr, build_fold_addr_expr (ref)));
      tree f = builtin_decl_explicit (BUILT_IN_ATOMIC_FETCH_ADD_8);
      add (seq, gimple_build_call (f, 3, addr, one,
                                   build_int_cst (integer_type_node,
                                                  MEMMODEL_RELAXED)));
      return;
    }
  tree t1 = make_ssa_name (uint64_type_node);
  tree t2 = make_ssa_name (uint64_type_node);
  add (seq, gimple_build_assign (t1, ref));
  add (seq, gimple_build_assign (t2, PLUS_EXPR, t1, one));
  add (seq, gimple_build_assign (unshare_expr (ref), t2));
}

/* The action of DAG edge K, an edge into a t (EXIT or CUT_END): record. */
void
emit_path_end (instr_ctx *c, gimple_seq *seq, long k)
{
  gcc_assert (k >= 0 && c->dag->edges[k].dst == c->dag->t);
  emit_record (c, seq, emit_value (c, seq, &c->act[k]));
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
      emit_op (c, seq, &c->act[k]);
      return;
    }
  if (c->uniform[w] >= 0)
    return;
  tree v = emit_value (c, seq, &c->act[k]);
  add (seq, gimple_build_assign (c->qvar[w], v));
}

/* What the head of head node W does: the shared action, or r = q.  */
void
emit_head_action (instr_ctx *c, gimple_seq *seq, unsigned w)
{
  if (c->uniform[w] >= 0)
    emit_op (c, seq, &c->act[c->uniform[w]]);
  else
    add (seq, gimple_build_assign (c->r, c->qvar[w]));
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
   predecessor chains through it, which keeps the code size linear.  */
const unsigned max_tail_edges = 2;

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
  for (unsigned k = dag->n_nodes; k-- > 0;)
    {
      unsigned x = dag->topo[k];
      if (x >= map->n_nodes || x == map->cfg->entry)
        continue;
      if (x == map->exit_node)
        c->finish[x] = 1;
      else if (map->head_kind[x] != PPH_OUT_EDGES
               && dag->out_start[x + 1] - dag->out_start[x] == 1)
        {
          const pp_dag_edge *d
              = &dag->edges[dag->out_edges[dag->out_start[x]]];
          if (d->kind == PP_EDGE_EXIT)
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
      barrier[x] = others > max_tail_edges;
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
      emit_op (c, seq, &c->act[entry_dag_edge (dag)]);
      /* Give every non-uniform setjmp receiver's pending register a valid
         start value before anything can longjmp to it.  */
      for (unsigned v = 0; v < map->n_nodes; v++)
        if (map->restart[v] && c->uniform[v] < 0)
          {
            /* Any path start will do: the first SET among the in-edges
               (all of them are SETs: a non-uniform restart node is not
               "clean", see placement.c).  */
            tree init = build_int_cst (uint64_type_node, 0);
            for (unsigned j = dag->in_start[v]; j < dag->in_start[v + 1]; j++)
              if (c->act[dag->in_edges[j]].op == PP_OP_SET)
                {
                  init = u64_cst (c->act[dag->in_edges[j]].value);
                  break;
                }
            add (seq, gimple_build_assign (c->qvar[v], init));
          }
    }
  if (map->cfg->edges[i].cut != PP_CUT_NONE)
    {
      emit_path_end (c, seq, dag->cfg_edge_cut_end[i]);
      emit_entry (c, seq, dag->cfg_edge_cut_start[i], w);
    }
  else
    emit_entry (c, seq, dag->cfg_edge_dag[i], w);
  if (c->finish[w] && c->tail_on_edges[w])
    emit_tail (c, seq, w);
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
      for (unsigned i = first + 1; i < last && rep >= 0; i++)
        {
          const pp_action *a = &c->act[dag->in_edges[i]];
          if (a->op != c->act[rep].op
              || (a->op != PP_OP_NONE
                  && mpz_cmp (a->value, c->act[rep].value) != 0))
            rep = -1;
        }
      c->uniform[w] = rep;
      if (rep < 0)
        {
          tree type = uint64_type_node;
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
          c->qvar[w] = q;
          c->stats->n_qvars++;
        }
    }
}

} // namespace

void
pp_instrument (const pp_fn_map *map, const pp_dag *dag,
               const pp_action *actions, const pp_fn_record *rec,
               pp_instr_stats *stats)
{
  static int have_atomic = -1;
  instr_ctx c;
  c.map = map;
  c.dag = dag;
  c.act = actions;
  c.rec = rec;
  c.stats = stats;
  memset (stats, 0, sizeof *stats);
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
  c.r = create_tmp_reg (uint64_type_node, "pathprof_r");
  /* The register is set before being read on every path, but GCC cannot
     always prove it (e.g. through a pending register).  */
  ppc_suppress_warnings (c.r);
  c.qvar = XCNEWVEC (tree, map->n_nodes);
  c.uniform = XNEWVEC (long, map->n_nodes);
  compute_uniform (&c);
  c.finish = XCNEWVEC (unsigned char, map->n_nodes);
  c.tail_on_edges = XCNEWVEC (unsigned char, map->n_nodes);
  compute_finish (&c);

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
      if (needs_head (map, v))
        emit_head_action (&c, &head, v);
      if (c.finish[v] && !c.tail_on_edges[v])
        emit_tail (&c, &head, v);
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
      if (map->head_kind[u] == PPH_OUT_EDGES && needs_head (map, u))
        emit_head_action (&c, &seq, u);
      emit_edge_code (&c, &seq, i);
      if (gimple_seq_empty_p (seq))
        continue;
      stats->n_edge_seqs++;
      gsi_insert_seq_on_edge (map->cfg_edge[i], seq);
    }
  gsi_commit_edge_inserts ();

  free (edge_done);
  free (c.qvar);
  free (c.uniform);
  free (c.finish);
  free (c.tail_on_edges);
}
