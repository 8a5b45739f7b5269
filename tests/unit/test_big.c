/* pathprof core unit tests: path counts far beyond 64 bits.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"
#include "tests.h"

#include <stdlib.h>
#include <string.h>

#define N_DIAMONDS 101

/* A chain of D diamonds: v_i = 3i, a_i = 3i+1, b_i = 3i+2 (i < D),
   v_D = 3D the exit.  CFG edges, for each i in order:
     4i: v_i->a_i   4i+1: v_i->b_i   4i+2: a_i->v_{i+1}   4i+3: b_i->v_{i+1}.
   Fig. 3.1: N_{v_D} = 1, N_{a_i} = N_{b_i} = N_{v_{i+1}},
   N_{v_i} = 2 N_{v_{i+1}} = 2^(D-i); W(v_i->b_i) = N_{a_i} = 2^(D-1-i), all
   other weights 0.  So the path with id X takes b_i iff bit D-1-i of X is
   set: the id is the binary word of the choices, first diamond most
   significant.  */
static pp_cfg *
diamond_chain (unsigned d)
{
  pp_cfg *cfg = pp_cfg_new (3 * d + 1, 0);
  unsigned i;
  CU_ASSERT_PTR_NOT_NULL_FATAL (cfg);
  for (i = 0; i < d; i++)
    {
      CU_ASSERT_EQUAL (pp_cfg_add_edge (cfg, 3 * i, 3 * i + 1, PP_CUT_NONE),
                       (long) (4 * i));
      CU_ASSERT_EQUAL (pp_cfg_add_edge (cfg, 3 * i, 3 * i + 2, PP_CUT_NONE),
                       (long) (4 * i + 1));
      CU_ASSERT_EQUAL (pp_cfg_add_edge (cfg, 3 * i + 1, 3 * i + 3,
                                        PP_CUT_NONE), (long) (4 * i + 2));
      CU_ASSERT_EQUAL (pp_cfg_add_edge (cfg, 3 * i + 2, 3 * i + 3,
                                        PP_CUT_NONE), (long) (4 * i + 3));
    }
  CU_ASSERT_EQUAL (pp_cfg_set_exit (cfg, 3 * d, NULL), PP_OK);
  return cfg;
}

/* The expected DAG path of id X in the chain (see above).  */
static size_t
diamond_path (const pp_dag *dag, unsigned d, const mpz_t x, unsigned *out)
{
  size_t len = 0;
  unsigned i;
  out[len++] = (unsigned) tu_find_edge (dag, dag->s, 0, PP_EDGE_ENTRY);
  for (i = 0; i < d; i++)
    {
      int b = mpz_tstbit (x, d - 1 - i);
      out[len++] = (unsigned) dag->cfg_edge_dag[4 * i + (b ? 1 : 0)];
      out[len++] = (unsigned) dag->cfg_edge_dag[4 * i + (b ? 3 : 2)];
    }
  out[len++] = (unsigned) dag->cfg_node_exit[3 * d];
  return len;
}

static void
check_roundtrip_expected (const pp_dag *dag, const pp_numbering *num,
                          const mpz_t id, const unsigned *want, size_t wlen)
{
  unsigned *dec = NULL;
  size_t dlen = 0;
  pp_error err;
  mpz_t back;
  mpz_init (back);
  CU_ASSERT_EQUAL_FATAL (pp_bl_decode (dag, num, id, &dec, &dlen, &err),
                         PP_OK);
  CU_ASSERT_EQUAL (dlen, wlen);
  if (dlen == wlen)
    CU_ASSERT_EQUAL (memcmp (dec, want, wlen * sizeof *want), 0);
  CU_ASSERT_EQUAL (pp_bl_encode (dag, num, dec, dlen, back, &err), PP_OK);
  CU_ASSERT_EQUAL (mpz_cmp (back, id), 0);
  tu_sum (num->weight, want, wlen, back);
  CU_ASSERT_EQUAL (mpz_cmp (back, id), 0);
  free (dec);
  mpz_clear (back);
}

static void
test_diamonds_2pow101 (void)
{
  pp_cfg *cfg = diamond_chain (N_DIAMONDS);
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_placement *pl = NULL;
  pp_action *act = NULL;
  pp_error err;
  mpz_t want, id, got;
  unsigned path[2 * N_DIAMONDS + 2], i, k;
  size_t len;
  const char *ids[] = {
    "0", "1", "12345",
    "2535301200456458802993406410751",  /* 2^101 - 1 */
    "1267650600228229401496703217721",  /* 2^100 + 12345 */
    "1267650600228229401496703205376",  /* 2^100 */
    "18446744073709551623",             /* 2^64 + 7 */
    "1847294782394723984723984723984",  /* arbitrary < 2^101 */
  };

  mpz_init (want);
  mpz_init (id);
  mpz_init (got);
  CU_ASSERT_EQUAL (pp_cfg_mark_back_edges (cfg), 0);
  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);

  mpz_ui_pow_ui (want, 2, N_DIAMONDS);
  CU_ASSERT_EQUAL (mpz_cmp (num->total, want), 0);
  CU_ASSERT_EQUAL (mpz_cmp (num->paths_from[dag->s], want), 0);
  for (i = 0; i < N_DIAMONDS; i++)
    {
      mpz_ui_pow_ui (want, 2, N_DIAMONDS - i);
      CU_ASSERT_EQUAL (mpz_cmp (num->paths_from[3 * i], want), 0);
      mpz_ui_pow_ui (want, 2, N_DIAMONDS - 1 - i);
      CU_ASSERT_EQUAL (mpz_cmp (num->weight[dag->cfg_edge_dag[4 * i + 1]],
                                want), 0);
      CU_ASSERT_EQUAL (mpz_sgn (num->weight[dag->cfg_edge_dag[4 * i]]), 0);
      CU_ASSERT_EQUAL (mpz_sgn (num->weight[dag->cfg_edge_dag[4 * i + 2]]),
                       0);
      CU_ASSERT_EQUAL (mpz_sgn (num->weight[dag->cfg_edge_dag[4 * i + 3]]),
                       0);
    }

  CU_ASSERT_EQUAL_FATAL (pp_placement_compute (dag, NULL, &pl, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_placement_apply (dag, pl, num->weight, &act,
                                             &err), PP_OK);
  for (k = 0; k < sizeof ids / sizeof *ids; k++)
    {
      CU_ASSERT_EQUAL_FATAL (mpz_set_str (id, ids[k], 10), 0);
      len = diamond_path (dag, N_DIAMONDS, id, path);
      check_roundtrip_expected (dag, num, id, path, len);
      CU_ASSERT_EQUAL (pp_actions_run (dag, act, path, len, got, &err),
                       PP_OK);
      CU_ASSERT_EQUAL (mpz_cmp (got, id), 0);
    }
  /* 2^101 - 1 is all b's, 2^100 + 12345 is b, then a's, then the 14 low
     bits of 12345 in the last 14 diamonds: spot-check the hand decoding
     itself so diamond_path cannot be wrong in the same way as the core.  */
  mpz_set_str (id, ids[3], 10);
  mpz_ui_pow_ui (want, 2, N_DIAMONDS);
  mpz_sub_ui (want, want, 1);
  CU_ASSERT_EQUAL (mpz_cmp (id, want), 0);
  mpz_set_str (id, ids[4], 10);
  mpz_ui_pow_ui (want, 2, 100);
  mpz_add_ui (want, want, 12345);
  CU_ASSERT_EQUAL (mpz_cmp (id, want), 0);

  /* Out of range: 2^101 and -1.  */
  {
    unsigned *dec = NULL;
    size_t dlen = 0;
    mpz_ui_pow_ui (id, 2, N_DIAMONDS);
    CU_ASSERT_EQUAL (pp_bl_decode (dag, num, id, &dec, &dlen, &err),
                     PP_ERR_RANGE);
    free (dec);
    dec = NULL;
    mpz_set_si (id, -1);
    CU_ASSERT_EQUAL (pp_bl_decode (dag, num, id, &dec, &dlen, &err),
                     PP_ERR_RANGE);
    free (dec);
  }

  /* PPP over three huge ids.  P1 = 2^101-1 (all b), P0 = 0 (all a),
     P2 = 2^100+12345 (b at v_0, a at v_1).  Fig. 3.10: below their
     divergence every path has its own prefix and gets weight 0.  At v_1
     (prefix s v_0 b_0 v_1, shared by P1 and P2): v_1->a_1 (P2) W = 0,
     cis = 1; v_1->b_1 (P1) W = 1.  At v_0 (prefix s): v_0->a_0 (P0)
     W = 0, cis = 1; v_0->b_0 (P2 = 0, P1 = 1) W = 1 - 0 = 1.
     Result: P1 = 2, P0 = 0, P2 = 1, range 3, delta 1.  */
  {
    mpz_t I[3];
    pp_ppp_result *res = NULL;
    mpz_init_set_str (I[0], ids[3], 10);
    mpz_init_set_ui (I[1], 0);
    mpz_init_set_str (I[2], ids[4], 10);
    CU_ASSERT_EQUAL_FATAL (pp_ppp_number (dag, num, I, 3, &res, &err),
                           PP_OK);
    CU_ASSERT_EQUAL (mpz_cmp_ui (res->ppp_id[0], 2), 0);
    CU_ASSERT_EQUAL (mpz_cmp_ui (res->ppp_id[1], 0), 0);
    CU_ASSERT_EQUAL (mpz_cmp_ui (res->ppp_id[2], 1), 0);
    CU_ASSERT_EQUAL (mpz_cmp_ui (res->range, 3), 0);
    CU_ASSERT (res->delta == 1.0);
    CU_ASSERT_EQUAL (mpz_cmp_ui (res->weight[dag->cfg_edge_dag[1]], 1), 0);
    CU_ASSERT_EQUAL (mpz_cmp_ui (res->weight[dag->cfg_edge_dag[5]], 1), 0);
    for (k = 0; k < 3; k++)
      {
        len = diamond_path (dag, N_DIAMONDS, I[k], path);
        pp_path_sum (res->weight, path, len, got);
        CU_ASSERT_EQUAL (mpz_cmp (got, res->ppp_id[k]), 0);
        mpz_clear (I[k]);
      }
    pp_ppp_free (res);
  }

  pp_actions_free (act, dag->n_edges);
  pp_placement_free (pl);
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
  mpz_clear (want);
  mpz_clear (id);
  mpz_clear (got);
}

#define LADDER 200

/* Ladder 0..L: edges i->i+1 then i->i+2, exit L.  Paths from j to the end
   count the ways to climb L-j steps by 1 or 2: N_j = F(L-j+1) (F(1) =
   F(2) = 1), N_s = F(L+1) = F(201) ~ 2^138.  Fig. 3.1 gives
   W(i->i+1) = 0 and W(i->i+2) = N_{i+1} = F(L-i).  */
static void
test_fibonacci_ladder (void)
{
  pp_cfg *cfg = pp_cfg_new (LADDER + 1, 0);
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_error err;
  long step1[LADDER], step2[LADDER];
  mpz_t f, id, back;
  unsigned i;

  CU_ASSERT_PTR_NOT_NULL_FATAL (cfg);
  for (i = 0; i < LADDER; i++)
    {
      step1[i] = pp_cfg_add_edge (cfg, i, i + 1, PP_CUT_NONE);
      step2[i] = i + 2 <= LADDER
                 ? pp_cfg_add_edge (cfg, i, i + 2, PP_CUT_NONE) : -1;
    }
  CU_ASSERT_EQUAL (pp_cfg_set_exit (cfg, LADDER, NULL), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
  mpz_init (f);
  mpz_init (id);
  mpz_init (back);
  mpz_fib_ui (f, LADDER + 1);
  CU_ASSERT_EQUAL (mpz_cmp (num->total, f), 0);
  CU_ASSERT (mpz_sizeinbase (f, 2) > 100);
  for (i = 0; i <= LADDER; i++)
    {
      mpz_fib_ui (f, LADDER - i + 1);
      CU_ASSERT_EQUAL (mpz_cmp (num->paths_from[i], f), 0);
    }
  for (i = 0; i < LADDER; i++)
    {
      CU_ASSERT_EQUAL (mpz_sgn (num->weight[dag->cfg_edge_dag[step1[i]]]), 0);
      if (step2[i] >= 0)
        {
          mpz_fib_ui (f, LADDER - i);
          CU_ASSERT_EQUAL (mpz_cmp (num->weight[dag->cfg_edge_dag[step2[i]]],
                                    f), 0);
        }
    }

  /* The largest id F(201)-1 takes every 2-step (at each node the id is
     >= W(i->i+2), and what remains is N_{i+2}-1): entry, 100 jumps, exit.
     Id 0 takes every 1-step.  */
  {
    unsigned *dec = NULL;
    size_t dlen = 0;
    mpz_fib_ui (id, LADDER + 1);
    mpz_sub_ui (id, id, 1);
    CU_ASSERT_EQUAL_FATAL (pp_bl_decode (dag, num, id, &dec, &dlen, &err),
                           PP_OK);
    CU_ASSERT_EQUAL_FATAL (dlen, LADDER / 2 + 2);
    for (i = 0; i < LADDER / 2; i++)
      CU_ASSERT_EQUAL (dec[1 + i], dag->cfg_edge_dag[step2[2 * i]]);
    CU_ASSERT_EQUAL (pp_bl_encode (dag, num, dec, dlen, back, &err), PP_OK);
    CU_ASSERT_EQUAL (mpz_cmp (back, id), 0);
    free (dec);
    dec = NULL;

    mpz_set_ui (id, 0);
    CU_ASSERT_EQUAL_FATAL (pp_bl_decode (dag, num, id, &dec, &dlen, &err),
                           PP_OK);
    CU_ASSERT_EQUAL_FATAL (dlen, LADDER + 2);
    for (i = 0; i < LADDER; i++)
      CU_ASSERT_EQUAL (dec[1 + i], dag->cfg_edge_dag[step1[i]]);
    free (dec);
    dec = NULL;

    /* A middle id round trip.  */
    mpz_fib_ui (id, LADDER);
    mpz_add_ui (id, id, 987654321);
    CU_ASSERT_EQUAL_FATAL (pp_bl_decode (dag, num, id, &dec, &dlen, &err),
                           PP_OK);
    CU_ASSERT (tu_is_st_path (dag, dec, dlen));
    tu_sum (num->weight, dec, dlen, back);
    CU_ASSERT_EQUAL (mpz_cmp (back, id), 0);
    CU_ASSERT_EQUAL (pp_bl_encode (dag, num, dec, dlen, back, &err), PP_OK);
    CU_ASSERT_EQUAL (mpz_cmp (back, id), 0);
    free (dec);
    dec = NULL;

    mpz_fib_ui (id, LADDER + 1);
    CU_ASSERT_EQUAL (pp_bl_decode (dag, num, id, &dec, &dlen, &err),
                     PP_ERR_RANGE);
    free (dec);
  }
  mpz_clear (f);
  mpz_clear (id);
  mpz_clear (back);
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

/* Splitting the 2^101 chain to fit 64 bits.  Cutting v_k (its two
   in-edges) leaves 2^k paths ending at a_{k-1}/b_{k-1} plus 2 * 2^(101-k)
   paths starting at v_k: 2^k + 2^(102-k), smallest (2^52) at k = 51 only.
   Cutting a_i or b_i (one in-edge) leaves 2^101 - 2^100 + 2^i +
   2^(100-i) >= 2^100.  So the greedy cut is v_51 = node 153, once, and
   the result has exactly 2^52 paths.  */
static void
test_split_2pow101 (void)
{
  pp_cfg *cfg = diamond_chain (N_DIAMONDS);
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_error err;
  mpz_t max, want;
  unsigned n_cuts = 12345, i;

  mpz_init (max);
  mpz_init (want);
  mpz_ui_pow_ui (max, 2, 64);
  CU_ASSERT_EQUAL_FATAL (pp_split_paths (cfg, max, &n_cuts, &err), PP_OK);
  CU_ASSERT_EQUAL (n_cuts, 1);
  for (i = 0; i < cfg->n_edges; i++)
    CU_ASSERT_EQUAL (cfg->edges[i].cut,
                     (i == 4 * 50 + 2 || i == 4 * 50 + 3) ? PP_CUT_SPLIT
                                                          : PP_CUT_NONE);
  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
  CU_ASSERT (mpz_cmp (num->total, max) <= 0);
  mpz_ui_pow_ui (want, 2, 52);
  CU_ASSERT_EQUAL (mpz_cmp (num->total, want), 0);
  for (i = 0; i < dag->n_edges; i++)
    {
      CU_ASSERT (mpz_sgn (num->weight[i]) >= 0);
      CU_ASSERT (mpz_cmp (num->weight[i], max) < 0);
    }
  pp_numbering_free (num);
  pp_dag_free (dag);

  /* Splitting again with the same bound changes nothing.  */
  n_cuts = 12345;
  CU_ASSERT_EQUAL (pp_split_paths (cfg, max, &n_cuts, &err), PP_OK);
  CU_ASSERT_EQUAL (n_cuts, 0);
  pp_cfg_free (cfg);

  /* A tighter bound (2^20): compare with the reference greedy.  */
  {
    pp_cfg *a = diamond_chain (N_DIAMONDS), *b = diamond_chain (N_DIAMONDS);
    unsigned ca = 0, cb = 0;
    pp_status sa, sb;
    mpz_ui_pow_ui (max, 2, 20);
    sa = pp_split_paths (a, max, &ca, &err);
    sb = tu_ref_split (b, max, &cb);
    CU_ASSERT_EQUAL (sa, PP_OK);
    CU_ASSERT_EQUAL (sa, sb);
    CU_ASSERT_EQUAL (ca, cb);
    for (i = 0; i < a->n_edges; i++)
      CU_ASSERT_EQUAL (a->edges[i].cut, b->edges[i].cut);
    CU_ASSERT_EQUAL_FATAL (pp_dag_build (a, &dag, &err), PP_OK);
    CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
    CU_ASSERT (mpz_cmp (num->total, max) <= 0);
    tu_cfg_count (b, want);
    CU_ASSERT_EQUAL (mpz_cmp (num->total, want), 0);
    pp_numbering_free (num);
    pp_dag_free (dag);
    pp_cfg_free (a);
    pp_cfg_free (b);
  }
  mpz_clear (max);
  mpz_clear (want);
}

int
register_big_tests (void)
{
  CU_pSuite s = CU_add_suite ("big path counts", NULL, NULL);
  if (!s)
    return -1;
  if (!CU_add_test (s, "101 diamonds: 2^101 paths", test_diamonds_2pow101)
      || !CU_add_test (s, "Fibonacci ladder", test_fibonacci_ladder)
      || !CU_add_test (s, "split 2^101 to 2^64", test_split_2pow101))
    return -1;
  return 0;
}
