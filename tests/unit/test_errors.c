/* pathprof core unit tests: error statuses and the CFG checksum.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"
#include "tests.h"

#include <stdlib.h>
#include <string.h>

static void
reset_err (pp_error *err)
{
  memset (err, 0, sizeof *err);
  err->status = PP_OK;
}

/* The call returned WANT, and filled ERR with WANT and a message.  */
#define ASSERT_ERR(st, want, err)                                       \
  do {                                                                  \
    pp_status st_ = (st);                                               \
    CU_ASSERT_EQUAL (st_, (want));                                      \
    CU_ASSERT_EQUAL ((err).status, (want));                             \
    CU_ASSERT ((err).message[0] != '\0');                               \
    CU_ASSERT (memchr ((err).message, '\0', sizeof (err).message)       \
               != NULL);                                                \
  } while (0)

static void
test_status_names (void)
{
  pp_status s;
  for (s = PP_OK; s <= PP_ERR_NOMEM; s++)
    {
      const char *n = pp_status_name (s);
      CU_ASSERT_PTR_NOT_NULL_FATAL (n);
      CU_ASSERT (n[0] != '\0');
      if (s > PP_OK)
        CU_ASSERT (strcmp (n, pp_status_name (s - 1)) != 0);
    }
}

static void
test_bad_node_index (void)
{
  pp_cfg *cfg = pp_cfg_new (3, 0);
  pp_error err;
  CU_ASSERT_PTR_NOT_NULL_FATAL (cfg);
  CU_ASSERT_EQUAL (pp_cfg_add_edge (cfg, 0, 1, PP_CUT_NONE), 0);
  CU_ASSERT_EQUAL (pp_cfg_add_edge (cfg, 0, 3, PP_CUT_NONE), -1);
  CU_ASSERT_EQUAL (pp_cfg_add_edge (cfg, 3, 0, PP_CUT_NONE), -1);
  CU_ASSERT_EQUAL (pp_cfg_add_edge (cfg, 7, 9, PP_CUT_BACK), -1);
  CU_ASSERT_EQUAL (pp_cfg_add_edge (cfg, 1, 2, PP_CUT_NONE), 1);
  CU_ASSERT_EQUAL (cfg->n_edges, 2);
  reset_err (&err);
  ASSERT_ERR (pp_cfg_set_exit (cfg, 3, &err), PP_ERR_INVALID, err);
  reset_err (&err);
  CU_ASSERT_EQUAL (pp_cfg_set_exit (cfg, 2, &err), PP_OK);
  CU_ASSERT (cfg->is_exit[2] && !cfg->is_exit[0] && !cfg->is_exit[1]);
  pp_cfg_free (cfg);
}

static void
test_cycle_without_back_edges (void)
{
  /* 0->1, 1->2, 2->1, exit 2; the loop 1<->2 is not cut.  */
  static const unsigned ed[][2] = { { 0, 1 }, { 1, 2 }, { 2, 1 } };
  unsigned exits[] = { 2 };
  pp_cfg *cfg = tu_cfg_make (3, 0, ed, 3, exits, 1);
  pp_dag *dag = NULL;
  pp_error err;
  reset_err (&err);
  ASSERT_ERR (pp_dag_build (cfg, &dag, &err), PP_ERR_CYCLE, err);
  /* A self loop too.  */
  {
    static const unsigned ed2[][2] = { { 0, 0 }, { 0, 1 } };
    unsigned ex2[] = { 1 };
    pp_cfg *c2 = tu_cfg_make (2, 0, ed2, 2, ex2, 1);
    pp_dag *d2 = NULL;
    reset_err (&err);
    ASSERT_ERR (pp_dag_build (c2, &d2, &err), PP_ERR_CYCLE, err);
    /* Once marked it builds.  */
    CU_ASSERT_EQUAL (pp_cfg_mark_back_edges (c2), 1);
    CU_ASSERT_EQUAL (pp_dag_build (c2, &d2, &err), PP_OK);
    pp_dag_free (d2);
    pp_cfg_free (c2);
  }
  CU_ASSERT_EQUAL (pp_cfg_mark_back_edges (cfg), 1);
  CU_ASSERT_EQUAL (cfg->edges[2].cut, PP_CUT_BACK);
  CU_ASSERT_EQUAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

static void
test_unreachable_node (void)
{
  /* Node 3 has no path from the entry (3->2 only).  */
  static const unsigned ed[][2] = { { 0, 1 }, { 1, 2 }, { 3, 2 } };
  unsigned exits[] = { 2 };
  pp_cfg *cfg = tu_cfg_make (4, 0, ed, 3, exits, 1);
  pp_dag *dag = NULL;
  pp_error err;
  reset_err (&err);
  ASSERT_ERR (pp_dag_build (cfg, &dag, &err), PP_ERR_UNREACHABLE, err);
  pp_cfg_free (cfg);

  /* An isolated node.  */
  {
    static const unsigned ed2[][2] = { { 0, 1 } };
    unsigned ex2[] = { 1, 2 };
    pp_cfg *c2 = tu_cfg_make (3, 0, ed2, 1, ex2, 2);
    reset_err (&err);
    ASSERT_ERR (pp_dag_build (c2, &dag, &err), PP_ERR_UNREACHABLE, err);
    pp_cfg_free (c2);
  }
}

static void
test_dead_end (void)
{
  /* 0->1, 0->2; 2 is an exit, 1 is not and has no successors: it cannot
     reach t.  */
  static const unsigned ed[][2] = { { 0, 1 }, { 0, 2 } };
  unsigned exits[] = { 2 };
  pp_cfg *cfg = tu_cfg_make (3, 0, ed, 2, exits, 1);
  pp_dag *dag = NULL;
  pp_error err;
  reset_err (&err);
  ASSERT_ERR (pp_dag_build (cfg, &dag, &err), PP_ERR_UNREACHABLE, err);
  pp_cfg_free (cfg);

  /* No exit at all: an infinite loop whose only way out is the back edge
     still reaches t through its CUT_END dummy, so that one is valid...  */
  {
    static const unsigned ed2[][2] = { { 0, 1 }, { 1, 0 } };
    pp_cfg *c2 = tu_cfg_make (2, 0, ed2, 2, NULL, 0);
    pp_numbering *num = NULL;
    CU_ASSERT_EQUAL (pp_cfg_mark_back_edges (c2), 1);
    CU_ASSERT_EQUAL_FATAL (pp_dag_build (c2, &dag, &err), PP_OK);
    /* paths: s 0 1 t(cut end), s(cut start) 0 1 t = 2 */
    CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
    CU_ASSERT_EQUAL (mpz_cmp_ui (num->total, 2), 0);
    pp_numbering_free (num);
    pp_dag_free (dag);
    pp_cfg_free (c2);
  }
  /* ...but a single block that is not an exit and has no edges is not.  */
  {
    pp_cfg *c3 = pp_cfg_new (1, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL (c3);
    reset_err (&err);
    ASSERT_ERR (pp_dag_build (c3, &dag, &err), PP_ERR_UNREACHABLE, err);
    pp_cfg_free (c3);
  }
}

/* Fig. 3.4's CFG (see test_thesis.c): 6 paths.  */
static void
fig34 (pp_cfg **cfg, pp_dag **dag, pp_numbering **num)
{
  static const unsigned ed[][2] = {
    { 0, 1 }, { 0, 2 }, { 1, 3 }, { 1, 2 }, { 2, 3 }, { 3, 4 }, { 3, 5 },
    { 4, 5 },
  };
  unsigned exits[] = { 5 };
  pp_error err;
  *cfg = tu_cfg_make (6, 0, ed, 8, exits, 1);
  CU_ASSERT_EQUAL_FATAL (pp_dag_build (*cfg, dag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (*dag, num, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (mpz_cmp_ui ((*num)->total, 6), 0);
}

static void
test_ppp_errors (void)
{
  pp_cfg *cfg;
  pp_dag *dag;
  pp_numbering *num;
  pp_ppp_result *res = NULL;
  pp_error err;
  mpz_t I[3];
  fig34 (&cfg, &dag, &num);
  mpz_init_set_ui (I[0], 0);
  mpz_init_set_ui (I[1], 6);   /* N = 6: out of range */
  mpz_init_set_ui (I[2], 1);
  reset_err (&err);
  ASSERT_ERR (pp_ppp_number (dag, num, I, 3, &res, &err), PP_ERR_RANGE, err);
  mpz_set_ui (I[1], 1000000);
  reset_err (&err);
  ASSERT_ERR (pp_ppp_number (dag, num, I, 3, &res, &err), PP_ERR_RANGE, err);
  mpz_set_ui (I[1], 5);
  mpz_set_ui (I[2], 0);         /* duplicate of I[0] */
  reset_err (&err);
  ASSERT_ERR (pp_ppp_number (dag, num, I, 3, &res, &err), PP_ERR_DUPLICATE,
              err);
  reset_err (&err);
  ASSERT_ERR (pp_ppp_number (dag, num, I, 0, &res, &err), PP_ERR_INVALID,
              err);
  /* The valid neighbours still work: {0, 5} and the single path {5}.  */
  CU_ASSERT_EQUAL (pp_ppp_number (dag, num, I, 2, &res, &err), PP_OK);
  if (res)
    {
      CU_ASSERT_EQUAL (mpz_cmp_ui (res->range, 2), 0);
      pp_ppp_free (res);
      res = NULL;
    }
  CU_ASSERT_EQUAL (pp_ppp_number (dag, num, I + 1, 1, &res, &err), PP_OK);
  if (res)
    {
      /* A single interesting path gets id 0: range 1, delta 1.  */
      CU_ASSERT_EQUAL (mpz_cmp_ui (res->ppp_id[0], 0), 0);
      CU_ASSERT_EQUAL (mpz_cmp_ui (res->range, 1), 0);
      CU_ASSERT (res->delta == 1.0);
      pp_ppp_free (res);
    }
  mpz_clear (I[0]);
  mpz_clear (I[1]);
  mpz_clear (I[2]);
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

static void
test_decode_encode_errors (void)
{
  pp_cfg *cfg;
  pp_dag *dag;
  pp_numbering *num;
  pp_error err;
  mpz_t id;
  unsigned *dec = NULL, bad[16];
  size_t dlen = 0, i;
  long entry, exit_e;

  fig34 (&cfg, &dag, &num);
  mpz_init_set_ui (id, 6);
  reset_err (&err);
  ASSERT_ERR (pp_bl_decode (dag, num, id, &dec, &dlen, &err), PP_ERR_RANGE,
              err);
  free (dec);
  dec = NULL;
  mpz_set_si (id, -1);
  reset_err (&err);
  ASSERT_ERR (pp_bl_decode (dag, num, id, &dec, &dlen, &err), PP_ERR_RANGE,
              err);
  free (dec);
  dec = NULL;

  /* A valid path to mutate: id 2 = sabcdt.  */
  mpz_set_ui (id, 2);
  CU_ASSERT_EQUAL_FATAL (pp_bl_decode (dag, num, id, &dec, &dlen, &err),
                         PP_OK);
  CU_ASSERT_FATAL (dlen == 7 && dlen <= 16);
  entry = tu_find_edge (dag, dag->s, 0, PP_EDGE_ENTRY);
  exit_e = dag->cfg_node_exit[5];
  CU_ASSERT_EQUAL (dec[0], entry);
  CU_ASSERT_EQUAL (dec[6], exit_e);

  /* missing the final edge into t */
  reset_err (&err);
  ASSERT_ERR (pp_bl_encode (dag, num, dec, dlen - 1, id, &err),
              PP_ERR_INVALID, err);
  /* not starting at s */
  reset_err (&err);
  ASSERT_ERR (pp_bl_encode (dag, num, dec + 1, dlen - 1, id, &err),
              PP_ERR_INVALID, err);
  /* empty */
  reset_err (&err);
  ASSERT_ERR (pp_bl_encode (dag, num, dec, 0, id, &err), PP_ERR_INVALID, err);
  /* not contiguous: drop the middle edge */
  for (i = 0; i < dlen; i++)
    bad[i] = dec[i];
  for (i = 3; i + 1 < dlen; i++)
    bad[i] = dec[i + 1];
  reset_err (&err);
  ASSERT_ERR (pp_bl_encode (dag, num, bad, dlen - 1, id, &err),
              PP_ERR_INVALID, err);
  /* an edge index out of range */
  for (i = 0; i < dlen; i++)
    bad[i] = dec[i];
  bad[2] = dag->n_edges + 5;
  reset_err (&err);
  ASSERT_ERR (pp_bl_encode (dag, num, bad, dlen, id, &err), PP_ERR_INVALID,
              err);
  /* going on after t */
  for (i = 0; i < dlen; i++)
    bad[i] = dec[i];
  bad[dlen] = (unsigned) entry;
  reset_err (&err);
  ASSERT_ERR (pp_bl_encode (dag, num, bad, dlen + 1, id, &err),
              PP_ERR_INVALID, err);
  /* the original is fine */
  CU_ASSERT_EQUAL (pp_bl_encode (dag, num, dec, dlen, id, &err), PP_OK);
  CU_ASSERT_EQUAL (mpz_cmp_ui (id, 2), 0);

  /* Actions that read the register before setting it: all NONE.  */
  {
    pp_action *act = calloc (dag->n_edges, sizeof *act);
    unsigned e;
    for (e = 0; e < dag->n_edges; e++)
      {
        act[e].op = PP_OP_NONE;
        mpz_init (act[e].value);
      }
    reset_err (&err);
    ASSERT_ERR (pp_actions_run (dag, act, dec, dlen, id, &err),
                PP_ERR_INVALID, err);
    /* SET on the entry edge makes it valid: id = 42 + 0.  */
    act[entry].op = PP_OP_SET;
    mpz_set_ui (act[entry].value, 40);
    act[exit_e].op = PP_OP_ADD;
    mpz_set_ui (act[exit_e].value, 2);
    CU_ASSERT_EQUAL (pp_actions_run (dag, act, dec, dlen, id, &err), PP_OK);
    CU_ASSERT_EQUAL (mpz_cmp_ui (id, 42), 0);
    /* SET on the last edge only: the id is that value.  */
    act[entry].op = PP_OP_NONE;
    act[exit_e].op = PP_OP_SET;
    mpz_set_ui (act[exit_e].value, 7);
    CU_ASSERT_EQUAL (pp_actions_run (dag, act, dec, dlen, id, &err), PP_OK);
    CU_ASSERT_EQUAL (mpz_cmp_ui (id, 7), 0);
    for (e = 0; e < dag->n_edges; e++)
      mpz_clear (act[e].value);
    free (act);
  }

  free (dec);
  mpz_clear (id);
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

static void
test_split_errors (void)
{
  /* Two exits straight after the entry: 0->1, 0->2, exits 1, 2.  Two
     paths; cutting 1 (its one in-edge) gives s0t, s02t, s1t = 3 paths,
     likewise for 2, so no cut lowers the count and max_paths = 1 is
     impossible: PP_ERR_RANGE.  */
  static const unsigned ed[][2] = { { 0, 1 }, { 0, 2 } };
  unsigned exits[] = { 1, 2 }, n_cuts = 0;
  pp_cfg *cfg = tu_cfg_make (3, 0, ed, 2, exits, 2);
  pp_error err;
  mpz_t max;
  mpz_init_set_ui (max, 1);
  reset_err (&err);
  ASSERT_ERR (pp_split_paths (cfg, max, &n_cuts, &err), PP_ERR_RANGE, err);
  /* max_paths = 2 already holds.  */
  mpz_set_ui (max, 2);
  n_cuts = 99;
  pp_cfg_free (cfg);
  cfg = tu_cfg_make (3, 0, ed, 2, exits, 2);
  CU_ASSERT_EQUAL (pp_split_paths (cfg, max, &n_cuts, &err), PP_OK);
  CU_ASSERT_EQUAL (n_cuts, 0);
  CU_ASSERT_EQUAL (cfg->edges[0].cut, PP_CUT_NONE);
  CU_ASSERT_EQUAL (cfg->edges[1].cut, PP_CUT_NONE);
  pp_cfg_free (cfg);

  /* no_split respected: a chain of 3 diamonds (8 paths) where the only
     useful cut nodes are forbidden.  0->{1,2}->3->{4,5}->6->{7,8}->9.
     Cutting 3 gives 2 + 2*4 = 10 > 8, cutting 6 gives 4 + 2*2 = 8 (no
     gain), cutting 1,2,4,5,7,8 (one in-edge): 8 - A N + A + N, e.g.
     node 4: A = 2, N = 2: 8 - 4 + 2 + 2 = 8: no gain either.  So even
     without no_split, max 7 is out of reach (PP_ERR_RANGE).  */
  {
    static const unsigned ed2[][2] = {
      { 0, 1 }, { 0, 2 }, { 1, 3 }, { 2, 3 }, { 3, 4 }, { 3, 5 },
      { 4, 6 }, { 5, 6 }, { 6, 7 }, { 6, 8 }, { 7, 9 }, { 8, 9 },
    };
    unsigned ex2[] = { 9 };
    pp_cfg *c2 = tu_cfg_make (10, 0, ed2, 12, ex2, 1), *c3;
    mpz_set_ui (max, 7);
    reset_err (&err);
    ASSERT_ERR (pp_split_paths (c2, max, &n_cuts, &err), PP_ERR_RANGE, err);
    pp_cfg_free (c2);

    /* With 4 diamonds (16 paths; joins 3, 6, 9, 12), cutting a join j
       with A_j paths reaching it and N_j paths leaving it leaves
       A_j + 2 N_j paths: node 3: 2 + 16 = 18, node 6: 4 + 8 = 12,
       node 9: 8 + 4 = 12, node 12: 16 + 2 = 18.  A branch node b (one
       in-edge) leaves 16 - A_b N_b + A_b + N_b >= 14.  Nodes 6 and 9 tie:
       the lowest index, 6, is cut and 12 <= max = 12.  With node 6
       no_split, node 9 is cut instead, again 12 paths.  */
    {
      static const unsigned ed4[][2] = {
        { 0, 1 }, { 0, 2 }, { 1, 3 }, { 2, 3 }, { 3, 4 }, { 3, 5 },
        { 4, 6 }, { 5, 6 }, { 6, 7 }, { 6, 8 }, { 7, 9 }, { 8, 9 },
        { 9, 10 }, { 9, 11 }, { 10, 12 }, { 11, 12 },
      };
      unsigned ex4[] = { 12 }, i;
      pp_dag *dag = NULL;
      pp_numbering *num = NULL;
      c3 = tu_cfg_make (13, 0, ed4, 16, ex4, 1);
      mpz_set_ui (max, 12);
      CU_ASSERT_EQUAL (pp_split_paths (c3, max, &n_cuts, &err), PP_OK);
      CU_ASSERT_EQUAL (n_cuts, 1);
      for (i = 0; i < 16; i++)
        CU_ASSERT_EQUAL (c3->edges[i].cut,
                         c3->edges[i].dst == 6 ? PP_CUT_SPLIT : PP_CUT_NONE);
      CU_ASSERT_EQUAL_FATAL (pp_dag_build (c3, &dag, &err), PP_OK);
      CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
      CU_ASSERT_EQUAL (mpz_cmp_ui (num->total, 12), 0);
      pp_numbering_free (num);
      pp_dag_free (dag);
      pp_cfg_free (c3);

      c3 = tu_cfg_make (13, 0, ed4, 16, ex4, 1);
      CU_ASSERT_PTR_NOT_NULL_FATAL (c3->no_split);
      c3->no_split[6] = 1;
      CU_ASSERT_EQUAL (pp_split_paths (c3, max, &n_cuts, &err), PP_OK);
      CU_ASSERT_EQUAL (n_cuts, 1);
      for (i = 0; i < 16; i++)
        CU_ASSERT_EQUAL (c3->edges[i].cut,
                         c3->edges[i].dst == 9 ? PP_CUT_SPLIT : PP_CUT_NONE);
      CU_ASSERT_EQUAL_FATAL (pp_dag_build (c3, &dag, &err), PP_OK);
      CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
      CU_ASSERT_EQUAL (mpz_cmp_ui (num->total, 12), 0);
      pp_numbering_free (num);
      pp_dag_free (dag);
      pp_cfg_free (c3);
    }
  }
  mpz_clear (max);
}

/* ------------------------------------------------------------------ */
/* Checksum                                                            */
/* ------------------------------------------------------------------ */

static void
test_checksum (void)
{
  static const unsigned ed[][2] = {
    { 0, 1 }, { 1, 2 }, { 2, 1 }, { 1, 3 }, { 0, 3 },
  };
  static const unsigned swapped[][2] = {
    { 0, 1 }, { 1, 2 }, { 2, 1 }, { 0, 3 }, { 1, 3 },
  };
  static const unsigned other[][2] = {
    { 0, 1 }, { 1, 2 }, { 2, 1 }, { 1, 3 }, { 0, 2 },
  };
  unsigned exits[] = { 3 }, exits2[] = { 2 };
  pp_cfg *a = tu_cfg_make (4, 0, ed, 5, exits, 1);
  pp_cfg *b = tu_cfg_make (4, 0, ed, 5, exits, 1);
  pp_cfg *c = tu_cfg_make (4, 0, swapped, 5, exits, 1);
  pp_cfg *d = tu_cfg_make (4, 0, other, 5, exits, 1);
  pp_cfg *e = tu_cfg_make (4, 0, ed, 5, exits2, 1);
  pp_cfg *f = tu_cfg_make (5, 0, ed, 5, exits, 1); /* extra node */
  pp_cfg *g = tu_cfg_make (4, 0, ed, 4, exits, 1); /* one edge less */
  pp_cfg *h = tu_cfg_make (4, 1, ed, 5, exits, 1); /* other entry */
  uint32_t ca = pp_cfg_checksum (a);

  CU_ASSERT_EQUAL (ca, pp_cfg_checksum (b));
  CU_ASSERT_EQUAL (ca, pp_cfg_checksum (a)); /* pure */
  CU_ASSERT_NOT_EQUAL (ca, pp_cfg_checksum (c));
  CU_ASSERT_NOT_EQUAL (ca, pp_cfg_checksum (d));
  CU_ASSERT_NOT_EQUAL (ca, pp_cfg_checksum (e));
  CU_ASSERT_NOT_EQUAL (ca, pp_cfg_checksum (f));
  CU_ASSERT_NOT_EQUAL (ca, pp_cfg_checksum (g));
  CU_ASSERT_NOT_EQUAL (ca, pp_cfg_checksum (h));
  /* Cut kinds are excluded: marking back edges or splitting does not
     change it.  */
  CU_ASSERT_EQUAL (pp_cfg_mark_back_edges (a), 1);
  CU_ASSERT_EQUAL (a->edges[2].cut, PP_CUT_BACK);
  CU_ASSERT_EQUAL (pp_cfg_checksum (a), ca);
  a->edges[3].cut = PP_CUT_SPLIT;
  CU_ASSERT_EQUAL (pp_cfg_checksum (a), ca);
  /* An edge added already cut counts like the plain one.  */
  {
    pp_cfg *k = pp_cfg_new (4, 0);
    unsigned i;
    for (i = 0; i < 5; i++)
      pp_cfg_add_edge (k, ed[i][0], ed[i][1],
                       i == 2 ? PP_CUT_BACK : PP_CUT_NONE);
    pp_cfg_set_exit (k, 3, NULL);
    CU_ASSERT_EQUAL (pp_cfg_checksum (k), ca);
    pp_cfg_free (k);
  }
  /* Random CFGs: a clone has the same checksum; 200 distinct random
     graphs have (with overwhelming probability) distinct checksums.  */
  {
    uint32_t sums[200];
    unsigned i, j, dup = 0;
    for (i = 0; i < 200; i++)
      {
        pp_cfg *r = tu_random_cfg (tu_base_seed () + 77 * i, 6, 30);
        pp_cfg *rc = tu_cfg_clone (r);
        CU_ASSERT_PTR_NOT_NULL_FATAL (rc);
        sums[i] = pp_cfg_checksum (r);
        CU_ASSERT_EQUAL (sums[i], pp_cfg_checksum (rc));
        pp_cfg_mark_back_edges (rc);
        CU_ASSERT_EQUAL (sums[i], pp_cfg_checksum (rc));
        pp_cfg_free (r);
        pp_cfg_free (rc);
      }
    for (i = 0; i < 200; i++)
      for (j = 0; j < i; j++)
        dup += sums[i] == sums[j];
    CU_ASSERT (dup <= 1);
  }
  pp_cfg_free (a);
  pp_cfg_free (b);
  pp_cfg_free (c);
  pp_cfg_free (d);
  pp_cfg_free (e);
  pp_cfg_free (f);
  pp_cfg_free (g);
  pp_cfg_free (h);
}

int
register_error_tests (void)
{
  CU_pSuite s = CU_add_suite ("errors and checksum", NULL, NULL);
  if (!s)
    return -1;
  if (!CU_add_test (s, "status names", test_status_names)
      || !CU_add_test (s, "bad node index", test_bad_node_index)
      || !CU_add_test (s, "cycle without back edges",
                       test_cycle_without_back_edges)
      || !CU_add_test (s, "unreachable node", test_unreachable_node)
      || !CU_add_test (s, "dead end (cannot reach t)", test_dead_end)
      || !CU_add_test (s, "PPP errors", test_ppp_errors)
      || !CU_add_test (s, "decode/encode/actions errors",
                       test_decode_encode_errors)
      || !CU_add_test (s, "split errors and no_split", test_split_errors)
      || !CU_add_test (s, "CFG checksum", test_checksum))
    return -1;
  return 0;
}
