/* pathprof core unit tests: the thesis examples (Vaswani, "Efficient Online
 * Path Profiling", Fig. 3.4 / section 3.3.2, Fig. 3.5 / Lemma 3.3.1,
 * Fig. 3.6 / Lemma 3.3.2) and a few small hand-checked CFGs.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected number below is derived by hand from Fig. 3.1 (Ball-Larus)
 * or Fig. 3.10 (PPP); the derivations are in the comments.
 */
#include "testutil.h"
#include "tests.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The DAG path for a CFG path: ENTRY edge, the REAL edges of CFG edges
   CE[0..K-1], the EXIT edge of EXIT_NODE.  Returns the length.  */
static size_t
dag_path (const pp_dag *dag, const pp_cfg *cfg, const unsigned *ce,
          unsigned k, unsigned exit_node, unsigned *out)
{
  size_t len = 0;
  unsigned i;
  long e = tu_find_edge (dag, dag->s, cfg->entry, PP_EDGE_ENTRY);
  CU_ASSERT_FATAL (e >= 0);
  out[len++] = (unsigned) e;
  for (i = 0; i < k; i++)
    {
      CU_ASSERT_FATAL (dag->cfg_edge_dag[ce[i]] >= 0);
      out[len++] = (unsigned) dag->cfg_edge_dag[ce[i]];
    }
  CU_ASSERT_FATAL (dag->cfg_node_exit[exit_node] >= 0);
  out[len++] = (unsigned) dag->cfg_node_exit[exit_node];
  return len;
}

static void
assert_mpz_si (const mpz_t z, long want, const char *what)
{
  if (mpz_cmp_si (z, want) != 0)
    gmp_fprintf (stderr, "\n    %s: got %Zd, want %ld\n", what, z, want);
  CU_ASSERT_EQUAL (mpz_cmp_si (z, want), 0);
}

/* Checks decode(id) == path and encode(path) == id.  */
static void
assert_bl_roundtrip (const pp_dag *dag, const pp_numbering *num,
                     const unsigned *path, size_t len, long id)
{
  mpz_t z;
  unsigned *dec = NULL;
  size_t dlen = 0;
  pp_error err;
  mpz_init (z);
  CU_ASSERT_EQUAL (pp_bl_encode (dag, num, path, len, z, &err), PP_OK);
  assert_mpz_si (z, id, "pp_bl_encode");
  mpz_set_si (z, id);
  CU_ASSERT_EQUAL_FATAL (pp_bl_decode (dag, num, z, &dec, &dlen, &err), PP_OK);
  CU_ASSERT_EQUAL (dlen, len);
  if (dlen == len)
    CU_ASSERT_EQUAL (memcmp (dec, path, len * sizeof *path), 0);
  /* Own sum of the Ball-Larus weights (Fig. 3.3).  */
  tu_sum (num->weight, path, len, z);
  assert_mpz_si (z, id, "sum of BL weights");
  free (dec);
  mpz_clear (z);
}

/* Checks that placing WEIGHT on the chords of the placement for FREQ
   (NULL: all edges equal) reproduces every path sum.  */
static void
assert_placement (const pp_dag *dag, const double *freq, mpz_t *weight,
                  unsigned n_paths, unsigned (*paths)[8], const size_t *lens)
{
  pp_placement *pl = NULL;
  pp_action *act = NULL;
  pp_error err;
  mpz_t got, want;
  unsigned i;
  CU_ASSERT_EQUAL_FATAL (pp_placement_compute (dag, freq, &pl, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_placement_apply (dag, pl, weight, &act, &err),
                         PP_OK);
  /* |E| - |V| + 1 chords: the complement of a spanning tree.  */
  CU_ASSERT_EQUAL (pl->n_chords, dag->n_edges - dag->n_nodes + 1);
  mpz_init (got);
  mpz_init (want);
  for (i = 0; i < n_paths; i++)
    {
      CU_ASSERT_EQUAL (pp_actions_run (dag, act, paths[i], lens[i], got,
                                       &err), PP_OK);
      tu_sum (weight, paths[i], lens[i], want);
      CU_ASSERT_EQUAL (mpz_cmp (got, want), 0);
    }
  mpz_clear (got);
  mpz_clear (want);
  pp_actions_free (act, dag->n_edges);
  pp_placement_free (pl);
}

/* ------------------------------------------------------------------ */
/* Fig. 3.4                                                            */
/* ------------------------------------------------------------------ */

/* CFG nodes S A B C D X (X the single exit block standing for the
   thesis's t), edges in this order:
     0 S->A  1 S->B  2 A->C  3 A->B  4 B->C  5 C->D  6 C->X  7 D->X.
   The core adds s -> S (ENTRY) and X -> t (EXIT).  */
enum { S_ = 0, A_, B_, C_, D_, X_ };
static const unsigned fig34_edges[][2] = {
  { S_, A_ }, { S_, B_ }, { A_, C_ }, { A_, B_ },
  { B_, C_ }, { C_, D_ }, { C_, X_ }, { D_, X_ },
};
/* The six paths as CFG edge lists, in thesis Ball-Larus order.  */
static const unsigned fig34_p[6][5] = {
  { 0, 2, 5, 7 },    /* sacdt  = 0 */
  { 0, 2, 6 },       /* sact   = 1 */
  { 0, 3, 4, 5, 7 }, /* sabcdt = 2 */
  { 0, 3, 4, 6 },    /* sabct  = 3 */
  { 1, 4, 5, 7 },    /* sbcdt  = 4 */
  { 1, 4, 6 },       /* sbct   = 5 */
};
static const unsigned fig34_plen[6] = { 4, 3, 5, 4, 4, 3 };

static pp_cfg *
fig34_cfg (void)
{
  unsigned exits[] = { X_ };
  return tu_cfg_make (6, S_, fig34_edges, 8, exits, 1);
}

static void
test_fig34_ball_larus (void)
{
  pp_cfg *cfg = fig34_cfg ();
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_error err;
  unsigned paths[6][8], i;
  size_t lens[6];

  CU_ASSERT_EQUAL (pp_cfg_mark_back_edges (cfg), 0);
  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL (dag->n_nodes, 8);
  CU_ASSERT_EQUAL (dag->s, 6);
  CU_ASSERT_EQUAL (dag->t, 7);
  CU_ASSERT_EQUAL (dag->n_edges, 10); /* 8 real + entry + exit */
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);

  /* Fig. 3.1 by hand, reverse topological order t X D C B A S s:
     N_t = 1; N_X = 1; N_D = 1 (W(D->X) = 0);
     N_C: W(C->D) = 0, W(C->X) = N_D = 1, N_C = 2;
     N_B: W(B->C) = 0, N_B = 2;
     N_A: W(A->C) = 0, W(A->B) = N_C = 2, N_A = 4;
     N_S: W(S->A) = 0, W(S->B) = N_A = 4, N_S = 6;  N_s = 6.  */
  assert_mpz_si (num->total, 6, "N_s");
  assert_mpz_si (num->paths_from[dag->s], 6, "N_s");
  assert_mpz_si (num->paths_from[dag->t], 1, "N_t");
  assert_mpz_si (num->paths_from[S_], 6, "N_S");
  assert_mpz_si (num->paths_from[A_], 4, "N_A");
  assert_mpz_si (num->paths_from[B_], 2, "N_B");
  assert_mpz_si (num->paths_from[C_], 2, "N_C");
  assert_mpz_si (num->paths_from[D_], 1, "N_D");
  assert_mpz_si (num->paths_from[X_], 1, "N_X");
  {
    static const long want_w[8] = { 0, 4, 0, 2, 0, 0, 1, 0 };
    for (i = 0; i < 8; i++)
      assert_mpz_si (num->weight[dag->cfg_edge_dag[i]], want_w[i],
                     "BL weight");
    assert_mpz_si (num->weight[dag->cfg_node_exit[X_]], 0, "W(X->t)");
    assert_mpz_si (num->weight[tu_find_edge (dag, dag->s, S_,
                                             PP_EDGE_ENTRY)], 0, "W(s->S)");
  }

  /* Thesis 3.2.3: sacdt, sact, sbct are 0, 1, 5; with Fig. 3.4(a) the
     others are sabcdt 2, sabct 3, sbcdt 4.  */
  for (i = 0; i < 6; i++)
    {
      lens[i] = dag_path (dag, cfg, fig34_p[i], fig34_plen[i], X_, paths[i]);
      assert_bl_roundtrip (dag, num, paths[i], lens[i], (long) i);
    }
  assert_placement (dag, NULL, num->weight, 6, paths, lens);

  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

static void
test_fig34_ppp (void)
{
  pp_cfg *cfg = fig34_cfg ();
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_ppp_result *res = NULL;
  pp_error err;
  mpz_t I[3], z;
  unsigned paths[6][8], i;
  size_t lens[6];

  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
  for (i = 0; i < 6; i++)
    lens[i] = dag_path (dag, cfg, fig34_p[i], fig34_plen[i], X_, paths[i]);

  /* I = {sacdt, sact, sbct} = BL {0, 1, 5}.  */
  mpz_init_set_ui (I[0], 0);
  mpz_init_set_ui (I[1], 1);
  mpz_init_set_ui (I[2], 5);
  mpz_init (z);
  CU_ASSERT_EQUAL_FATAL (pp_ppp_number (dag, num, I, 3, &res, &err), PP_OK);
  CU_ASSERT_EQUAL (res->n_interesting, 3);
  CU_ASSERT_EQUAL (res->n_edges, dag->n_edges);
  /* Section 3.3.2: "the interesting paths sacdt, sact and sbct are
     allocated identifiers 0, 1 and 2".  */
  assert_mpz_si (res->ppp_id[0], 0, "PPP(sacdt)");
  assert_mpz_si (res->ppp_id[1], 1, "PPP(sact)");
  assert_mpz_si (res->ppp_id[2], 2, "PPP(sbct)");
  assert_mpz_si (res->range, 3, "range");
  CU_ASSERT_DOUBLE_EQUAL (res->delta, 1.0, 0.0);
  CU_ASSERT (res->delta == 1.0);

  /* Weights of the step-by-step trace of 3.3.2 (Fig. 3.10):
       W(d,t) = 0, W(c,d) = 0, W(c,t) = 1, W(b,c) = -1, W(a,c) = 0,
       W(s,a) = 0, W(s,b) = 2; (a,b) carries no interesting path and stays
     undefined.  In our CFG the thesis edge (c,t) is C->X followed by
     X->t and (d,t) is D->X followed by X->t; at X every prefix induces
     [0,0] so W(X->t) = 0, and the virtual s -> S gets 0 (single prefix,
     interval [0,2] starting at 0).  */
  {
    static const long want_w[8] = { 0, 2, 0, 0, -1, 0, 1, 0 };
    static const unsigned char want_def[8] = { 1, 1, 1, 0, 1, 1, 1, 1 };
    for (i = 0; i < 8; i++)
      {
        long e = dag->cfg_edge_dag[i];
        assert_mpz_si (res->weight[e], want_w[i], "PPP weight");
        CU_ASSERT_EQUAL (res->defined[e], want_def[i]);
      }
    assert_mpz_si (res->weight[dag->cfg_node_exit[X_]], 0, "PPP W(X->t)");
    CU_ASSERT_EQUAL (res->defined[dag->cfg_node_exit[X_]], 1);
  }

  /* PPP ids of all six paths with those weights (undefined = 0):
       sacdt 0, sact 1, sabcdt 0+0-1+0+0 = -1, sabct 0+0-1+1 = 0,
       sbcdt 2-1+0+0 = 1, sbct 2-1+1 = 2.
     So sabct aliases sacdt (both 0), as the thesis says, and sbcdt
     aliases sact (both 1).  (The thesis text later calls sbcdt's PPP id
     2, which contradicts its own weights: 2 + -1 + 0 + 0 = 1.)  */
  {
    static const long want_ppp[6] = { 0, 1, -1, 0, 1, 2 };
    for (i = 0; i < 6; i++)
      {
        pp_path_sum (res->weight, paths[i], lens[i], z);
        assert_mpz_si (z, want_ppp[i], "pp_path_sum(PPP)");
      }
  }
  /* The alias: sbcdt (BL 4) and sact (BL 1) share PPP id 1; the
     Ball-Larus ids resolve it.  */
  {
    mpz_t ppp_sbcdt, bl_sbcdt;
    mpz_init (ppp_sbcdt);
    mpz_init (bl_sbcdt);
    pp_path_sum (res->weight, paths[4], lens[4], ppp_sbcdt);
    CU_ASSERT_EQUAL (pp_bl_encode (dag, num, paths[4], lens[4], bl_sbcdt,
                                   &err), PP_OK);
    CU_ASSERT_EQUAL (mpz_cmp (ppp_sbcdt, res->ppp_id[1]), 0);
    CU_ASSERT_NOT_EQUAL (mpz_cmp (bl_sbcdt, I[1]), 0);
    assert_mpz_si (bl_sbcdt, 4, "BL(sbcdt)");
    mpz_clear (ppp_sbcdt);
    mpz_clear (bl_sbcdt);
  }
  assert_placement (dag, NULL, res->weight, 6, paths, lens);
  pp_ppp_free (res);
  res = NULL;

  /* Same set given in another order: ids follow the order given.  */
  mpz_set_ui (I[0], 5);
  mpz_set_ui (I[1], 0);
  mpz_set_ui (I[2], 1);
  CU_ASSERT_EQUAL_FATAL (pp_ppp_number (dag, num, I, 3, &res, &err), PP_OK);
  assert_mpz_si (res->ppp_id[0], 2, "PPP(sbct)");
  assert_mpz_si (res->ppp_id[1], 0, "PPP(sacdt)");
  assert_mpz_si (res->ppp_id[2], 1, "PPP(sact)");
  assert_mpz_si (res->range, 3, "range");
  pp_ppp_free (res);

  /* Path ends: all six paths end with X -> t.  With three of them
     counted, the end must compare; with all six, the PPP id alone names
     the slot; with none, every path is residual.  Seven ids for six paths
     repeat one; id 6 does not exist.  */
  {
    unsigned char kinds[10];
    long x_t = dag->cfg_node_exit[X_];
    mpz_t all[7];
    for (i = 0; i < 7; i++)
      mpz_init_set_ui (all[i], i);
    CU_ASSERT_EQUAL_FATAL (pp_path_end_kinds (dag, num, I, 3, kinds, &err),
                           PP_OK);
    CU_ASSERT_EQUAL (kinds[x_t], PP_END_CHECK);
    CU_ASSERT_EQUAL_FATAL (pp_path_end_kinds (dag, num, all, 6, kinds,
                                              &err), PP_OK);
    CU_ASSERT_EQUAL (kinds[x_t], PP_END_COUNT);
    for (i = 0; i < dag->n_edges; i++)
      if ((long) i != x_t)
        CU_ASSERT_EQUAL (kinds[i], PP_END_CHECK);
    CU_ASSERT_EQUAL_FATAL (pp_path_end_kinds (dag, num, all, 0, kinds,
                                              &err), PP_OK);
    CU_ASSERT_EQUAL (kinds[x_t], PP_END_LOG);
    mpz_set_ui (all[6], 3);
    CU_ASSERT_EQUAL (pp_path_end_kinds (dag, num, all, 7, kinds, &err),
                     PP_ERR_DUPLICATE);
    CU_ASSERT_STRING_EQUAL (err.message, "more counted paths end with "
                            "edge 9 than there are paths");
    mpz_set_ui (all[6], 6);
    CU_ASSERT_EQUAL (pp_path_end_kinds (dag, num, all, 7, kinds, &err),
                     PP_ERR_RANGE);
    for (i = 0; i < 7; i++)
      mpz_clear (all[i]);
  }

  for (i = 0; i < 3; i++)
    mpz_clear (I[i]);
  mpz_clear (z);
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

/* ------------------------------------------------------------------ */
/* Fig. 3.5, Lemma 3.3.1                                               */
/* ------------------------------------------------------------------ */

static void
test_lemma_331 (void)
{
  /* S A B C D E; edges 0 S->A 1 S->B 2 A->C 3 B->C 4 C->D 5 C->E;
     D and E are exit nodes (D->t, E->t become EXIT edges).  */
  static const unsigned ed[][2] = {
    { 0, 1 }, { 0, 2 }, { 1, 3 }, { 2, 3 }, { 3, 4 }, { 3, 5 },
  };
  static const unsigned pe[4][3] = {
    { 0, 2, 4 }, { 0, 2, 5 }, { 1, 3, 4 }, { 1, 3, 5 },
  };
  static const unsigned pexit[4] = { 4, 5, 4, 5 };
  unsigned exits[] = { 4, 5 };
  pp_cfg *cfg = tu_cfg_make (6, 0, ed, 6, exits, 2);
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_ppp_result *res = NULL;
  pp_error err;
  unsigned paths[4][8], i;
  size_t lens[4];
  mpz_t I[2], z;

  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
  /* Fig. 3.1: N_D = N_E = 1; W(C->D) = 0, W(C->E) = 1, N_C = 2;
     N_A = N_B = 2; W(S->A) = 0, W(S->B) = 2, N = 4.
     sacdt 0, sacet 1, sbcdt 2, sbcet 3.  */
  assert_mpz_si (num->total, 4, "N");
  for (i = 0; i < 4; i++)
    {
      lens[i] = dag_path (dag, cfg, pe[i], 3, pexit[i], paths[i]);
      assert_bl_roundtrip (dag, num, paths[i], lens[i], (long) i);
    }

  /* I = {sacet, sbcdt} = BL {1, 2}.  Fig. 3.10 by hand:
       E->t: prefix sSACE [0,0] -> 0.   D->t: prefix sSBCD -> 0.
       C->D: only sbcdt, prefix sSBC, cis 0, min 0 -> W = 0.
       C->E: only sacet, prefix sSAC, cis 0, min 0 -> W = 0.
         (different prefixes: C is not critical for the pair)
       A->C, B->C: one path each, cis 0, min 0 -> 0.
       S->A: prefix s, [0,0], cis 0 -> 0; cis(s) = 1.
       S->B: prefix s, [0,0], cis 1 -> W = 1.   s->S: 0.
     So PPP(sacet) = 0, PPP(sbcdt) = 1, range 2, delta 1: uniqueness and
     perfect numbering hold, and, as Lemma 3.3.1 says, separation cannot:
     sacdt = 0 and sbcet = 1 alias the interesting ids (both < |I|).  */
  mpz_init_set_ui (I[0], 1);
  mpz_init_set_ui (I[1], 2);
  mpz_init (z);
  CU_ASSERT_EQUAL_FATAL (pp_ppp_number (dag, num, I, 2, &res, &err), PP_OK);
  assert_mpz_si (res->ppp_id[0], 0, "PPP(sacet)");
  assert_mpz_si (res->ppp_id[1], 1, "PPP(sbcdt)");
  CU_ASSERT_NOT_EQUAL (mpz_cmp (res->ppp_id[0], res->ppp_id[1]), 0);
  assert_mpz_si (res->range, 2, "range");
  CU_ASSERT (res->delta == 1.0);
  {
    static const long want_w[6] = { 0, 1, 0, 0, 0, 0 };
    for (i = 0; i < 6; i++)
      {
        assert_mpz_si (res->weight[dag->cfg_edge_dag[i]], want_w[i],
                       "PPP weight");
        CU_ASSERT_EQUAL (res->defined[dag->cfg_edge_dag[i]], 1);
      }
  }
  {
    static const long want_all[4] = { 0, 0, 1, 1 };
    for (i = 0; i < 4; i++)
      {
        pp_path_sum (res->weight, paths[i], lens[i], z);
        assert_mpz_si (z, want_all[i], "PPP sum");
        /* interesting ids are within [0, range) */
        if (i == 1 || i == 2)
          CU_ASSERT (mpz_sgn (z) >= 0 && mpz_cmp (z, res->range) < 0);
      }
  }
  pp_ppp_free (res);
  mpz_clear (I[0]);
  mpz_clear (I[1]);
  mpz_clear (z);
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

/* ------------------------------------------------------------------ */
/* Fig. 3.6, Lemma 3.3.2                                               */
/* ------------------------------------------------------------------ */

static void
test_lemma_332 (void)
{
  /* S A B C D E F G; edges 0 S->A 1 S->B 2 S->C 3 A->D 4 B->D 5 C->D
     6 D->E 7 D->F 8 D->G; exits E F G.  */
  static const unsigned ed[][2] = {
    { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 4 }, { 2, 4 }, { 3, 4 },
    { 4, 5 }, { 4, 6 }, { 4, 7 },
  };
  unsigned exits[] = { 5, 6, 7 };
  pp_cfg *cfg = tu_cfg_make (8, 0, ed, 9, exits, 3);
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_ppp_result *res = NULL;
  pp_error err;
  unsigned paths[9][8], i, j;
  size_t lens[9];
  mpz_t I[6], z;
  /* BL: N_D = 3 with W(D->E,F,G) = 0,1,2; W(S->A,B,C) = 0,3,6.
     Path x d y has id 3x + y (x in a,b,c; y in e,f,g).
     I = sadft 1, sadgt 2, sbdet 3, sbdgt 5, scdet 6, scdft 7.  */
  static const long I_bl[6] = { 1, 2, 3, 5, 6, 7 };

  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
  assert_mpz_si (num->total, 9, "N");
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      {
        unsigned ce[3] = { i, 3 + i, 6 + j };
        lens[3 * i + j] = dag_path (dag, cfg, ce, 3, 5 + j, paths[3 * i + j]);
        assert_bl_roundtrip (dag, num, paths[3 * i + j], lens[3 * i + j],
                             (long) (3 * i + j));
      }

  /* Fig. 3.10 by hand.  Exit edges: 0.  Node D, prefixes sSAD, sSBD, sSCD:
       D->E: sbdet, scdet (pids 0): W = max(0-0, 0-0) = 0;
             cis(sSBD) = cis(sSCD) = 1.
       D->F: sadft (cis(sSAD) 0), scdft (cis(sSCD) 1): join W = 1;
             pids 1, 1; cis(sSAD) = 2, cis(sSCD) = 2.
       D->G: sadgt (cis 2), sbdgt (cis(sSBD) 1): join W = 2; pids 2, 2.
     A->D: sadft 1, sadgt 2: W = 0 - 1 = -1 -> pids 0, 1.
     B->D: sbdet 0, sbdgt 2: W = 0.   C->D: scdet 0, scdft 1: W = 0.
     s-node S, single prefix: S->A [0,1]: W = 0, cis = 2;
       S->B [0,2]: W = 2 -> 2, 4, cis = 5;  S->C [0,1]: W = 5 -> 5, 6.
     PPP ids 0 1 2 4 5 6, range 7, delta 7/6 > 1 (Lemma 3.3.2: no
     perfect numbering exists; the sum of the ids must be even).  */
  for (i = 0; i < 6; i++)
    mpz_init_set_si (I[i], I_bl[i]);
  mpz_init (z);
  CU_ASSERT_EQUAL_FATAL (pp_ppp_number (dag, num, I, 6, &res, &err), PP_OK);
  {
    static const long want_id[6] = { 0, 1, 2, 4, 5, 6 };
    for (i = 0; i < 6; i++)
      {
        assert_mpz_si (res->ppp_id[i], want_id[i], "PPP id");
        CU_ASSERT (mpz_sgn (res->ppp_id[i]) >= 0
                   && mpz_cmp (res->ppp_id[i], res->range) < 0);
        for (j = 0; j < i; j++)
          CU_ASSERT_NOT_EQUAL (mpz_cmp (res->ppp_id[i], res->ppp_id[j]), 0);
        pp_path_sum (res->weight, paths[I_bl[i]], lens[I_bl[i]], z);
        CU_ASSERT_EQUAL (mpz_cmp (z, res->ppp_id[i]), 0);
      }
  }
  assert_mpz_si (res->range, 7, "range");
  CU_ASSERT (res->delta > 1.0);
  CU_ASSERT_DOUBLE_EQUAL (res->delta, 7.0 / 6.0, 1e-12);
  {
    static const long want_w[9] = { 0, 2, 5, -1, 0, 0, 0, 1, 2 };
    for (i = 0; i < 9; i++)
      {
        assert_mpz_si (res->weight[dag->cfg_edge_dag[i]], want_w[i],
                       "PPP weight");
        CU_ASSERT_EQUAL (res->defined[dag->cfg_edge_dag[i]], 1);
      }
  }
  /* Uninteresting paths: sadet = 0-1+0 = -1, sbdft = 2+0+1 = 3 (fills
     the hole), scdgt = 5+0+2 = 7.  */
  pp_path_sum (res->weight, paths[0], lens[0], z);
  assert_mpz_si (z, -1, "PPP(sadet)");
  pp_path_sum (res->weight, paths[4], lens[4], z);
  assert_mpz_si (z, 3, "PPP(sbdft)");
  pp_path_sum (res->weight, paths[8], lens[8], z);
  assert_mpz_si (z, 7, "PPP(scdgt)");
  assert_placement (dag, NULL, res->weight, 9, paths, lens);

  pp_ppp_free (res);
  for (i = 0; i < 6; i++)
    mpz_clear (I[i]);
  mpz_clear (z);
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

/* ------------------------------------------------------------------ */
/* Small CFGs with loops                                               */
/* ------------------------------------------------------------------ */

static void
test_self_loop (void)
{
  /* 0 -> 1, 1 -> 1 (self loop), 1 -> 2; exit 2.  The self loop is the
     only back edge.  DAG: s->0, 0->1, 1->2, 2->t, s->1 (CUT_START),
     1->t (CUT_END).  Paths: s0 1 2t, s0 1t, s1 2t, s1t = 4.  */
  static const unsigned ed[][2] = { { 0, 1 }, { 1, 1 }, { 1, 2 } };
  unsigned exits[] = { 2 };
  pp_cfg *cfg = tu_cfg_make (3, 0, ed, 3, exits, 1);
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_error err;
  CU_ASSERT_EQUAL (pp_cfg_mark_back_edges (cfg), 1);
  CU_ASSERT_EQUAL (cfg->edges[0].cut, PP_CUT_NONE);
  CU_ASSERT_EQUAL (cfg->edges[1].cut, PP_CUT_BACK);
  CU_ASSERT_EQUAL (cfg->edges[2].cut, PP_CUT_NONE);
  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL (dag->n_edges, 6);
  CU_ASSERT_EQUAL (dag->cfg_edge_dag[1], -1);
  CU_ASSERT_FATAL (dag->cfg_edge_cut_start[1] >= 0
                   && dag->cfg_edge_cut_end[1] >= 0);
  CU_ASSERT_EQUAL (dag->edges[dag->cfg_edge_cut_start[1]].kind,
                   PP_EDGE_CUT_START);
  CU_ASSERT_EQUAL (dag->edges[dag->cfg_edge_cut_start[1]].src, dag->s);
  CU_ASSERT_EQUAL (dag->edges[dag->cfg_edge_cut_start[1]].dst, 1);
  CU_ASSERT_EQUAL (dag->edges[dag->cfg_edge_cut_start[1]].origin, 1);
  CU_ASSERT_EQUAL (dag->edges[dag->cfg_edge_cut_end[1]].kind,
                   PP_EDGE_CUT_END);
  CU_ASSERT_EQUAL (dag->edges[dag->cfg_edge_cut_end[1]].src, 1);
  CU_ASSERT_EQUAL (dag->edges[dag->cfg_edge_cut_end[1]].dst, dag->t);
  CU_ASSERT_EQUAL (dag->edges[dag->cfg_edge_cut_end[1]].origin, 1);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
  assert_mpz_si (num->total, 4, "N");
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

static void
test_irreducible (void)
{
  /* 0->1, 0->2, 1->2, 2->1, 1->3, 2->3; exit 3.  DFS from 0 in edge
     order: 0 -> 1 -> 2; 2->1 hits 1 on the stack (back edge, index 3);
     2 -> 3; then 1->3 and 0->2 reach finished nodes.  One back edge.
     DAG paths: N_3 = 1, N_2 = (2->3) + (2->t) = 2, N_1 = N_2 + N_3 = 3,
     N_0 = N_1 + N_2 = 5, N_s = N_0 + N_1 (s->1 from the cut) = 8.  */
  static const unsigned ed[][2] = {
    { 0, 1 }, { 0, 2 }, { 1, 2 }, { 2, 1 }, { 1, 3 }, { 2, 3 },
  };
  unsigned exits[] = { 3 }, i;
  pp_cfg *cfg = tu_cfg_make (4, 0, ed, 6, exits, 1);
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_error err;
  CU_ASSERT_EQUAL (pp_cfg_mark_back_edges (cfg), 1);
  for (i = 0; i < 6; i++)
    CU_ASSERT_EQUAL (cfg->edges[i].cut, i == 3 ? PP_CUT_BACK : PP_CUT_NONE);
  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
  assert_mpz_si (num->total, 8, "N");
  assert_mpz_si (num->paths_from[0], 5, "N_0");
  assert_mpz_si (num->paths_from[1], 3, "N_1");
  assert_mpz_si (num->paths_from[2], 2, "N_2");
  assert_mpz_si (num->paths_from[3], 1, "N_3");
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

static void
test_exit_with_successors (void)
{
  /* An exit node that also has successors (e.g. a block ending in a
     conditional noreturn call): 0->1, 1->2; exits 1 and 2.
     Paths: s 0 1 t, s 0 1 2 t = 2.  */
  static const unsigned ed[][2] = { { 0, 1 }, { 1, 2 } };
  unsigned exits[] = { 1, 2 };
  pp_cfg *cfg = tu_cfg_make (3, 0, ed, 2, exits, 2);
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_error err;
  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL (dag->n_edges, 5);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
  assert_mpz_si (num->total, 2, "N");
  assert_mpz_si (num->paths_from[1], 2, "N_1");
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

/* Profile-guided placement on Fig. 3.4: the path profile becomes an edge
   profile (pp_bl_add_path_count), and the spanning tree built from it
   keeps the hot path's edges free of code except the one chord every
   path needs (the tree plus t->s has no cycle).  */
static void
test_profile_placement (void)
{
  pp_cfg *cfg = fig34_cfg ();
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_placement *pl = NULL;
  pp_error err;
  unsigned paths[6][8], i;
  size_t lens[6];
  double count[10] = { 0 };
  mpz_t id;

  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (dag->n_edges, 10);
  /* sbct (5) 1000 times, sacdt (0) 10 times, sabct (3) once.  */
  mpz_init_set_si (id, 5);
  CU_ASSERT_EQUAL (pp_bl_add_path_count (dag, num, id, 1000, count, &err),
                   PP_OK);
  mpz_set_si (id, 0);
  CU_ASSERT_EQUAL (pp_bl_add_path_count (dag, num, id, 10, count, &err),
                   PP_OK);
  mpz_set_si (id, 3);
  CU_ASSERT_EQUAL (pp_bl_add_path_count (dag, num, id, 1, count, &err),
                   PP_OK);
  mpz_set_si (id, 6);
  CU_ASSERT_EQUAL (pp_bl_add_path_count (dag, num, id, 7, count, &err),
                   PP_ERR_RANGE);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "path id out of range: the DAG has 6 paths");
  mpz_clear (id);
  {
    /* By CFG edge: S->A S->B A->C A->B B->C C->D C->X D->X.  */
    static const double want[8] = { 11, 1000, 10, 1, 1001, 10, 1001, 10 };
    for (i = 0; i < 8; i++)
      CU_ASSERT_EQUAL (count[dag->cfg_edge_dag[i]], want[i]);
    CU_ASSERT_EQUAL (count[dag->cfg_node_exit[X_]], 1011);
    CU_ASSERT_EQUAL (count[tu_find_edge (dag, dag->s, S_, PP_EDGE_ENTRY)],
                     1011);
  }

  CU_ASSERT_EQUAL_FATAL (pp_placement_compute (dag, count, &pl, &err),
                         PP_OK);
  {
    /* Kruskal by count: s->S, X->t, B->C, C->X, S->B and S->A join the
       tree, A->C closes a cycle (chord), C->D joins, D->X and A->B are
       chords.  The hot path sbct is all tree: it runs no code but the
       register's initialization where it leaves the clean region {s, S,
       A} (S->B: r = 0) and its count.  The chords on paths from s that
       passed none before set the register: A->C, A->B; D->X adds.  */
    static const unsigned char chord[8] = { 0, 0, 1, 1, 0, 0, 0, 1 };
    static const unsigned char set[8] = { 0, 1, 1, 1, 0, 0, 0, 0 };
    for (i = 0; i < 8; i++)
      {
        CU_ASSERT_EQUAL (pl->is_chord[dag->cfg_edge_dag[i]], chord[i]);
        CU_ASSERT_EQUAL (pl->is_set[dag->cfg_edge_dag[i]], set[i]);
      }
    CU_ASSERT_EQUAL (pl->n_chords, 3);
  }
  for (i = 0; i < 6; i++)
    lens[i] = dag_path (dag, cfg, fig34_p[i], fig34_plen[i], X_, paths[i]);
  assert_placement (dag, count, num->weight, 6, paths, lens);

  pp_placement_free (pl);
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

/* A loop whose hot iteration path is all spanning tree: it pays only the
   register's reset at the back edge and its count, whose offset (phi(t))
   sits on the path end (placement.c).  */
static void
test_profile_placement_loop (void)
{
  /* 0 -> 1, 0 -> 5, 1 -> 2, 1 -> 3, 2 -> 4, 3 -> 4, 4 -> 1 (back),
     4 -> 5; exit 5.  10 calls, 2 skip the loop; 1010 iterations return
     to 1, 1000 through 2.  */
  static const unsigned ed[][2] = { { 0, 1 }, { 0, 5 }, { 1, 2 }, { 1, 3 },
                                    { 2, 4 }, { 3, 4 }, { 4, 1 }, { 4, 5 } };
  unsigned exits[] = { 5 };
  pp_cfg *cfg = tu_cfg_make (6, 0, ed, 8, exits, 1);
  pp_dag *dag = NULL;
  pp_numbering *num = NULL;
  pp_placement *pl = NULL;
  pp_action *act = NULL;
  pp_error err;
  unsigned paths[9][8];
  size_t lens[9];
  unsigned i, n = 0;
  CU_ASSERT_EQUAL (pp_cfg_mark_back_edges (cfg), 1);
  CU_ASSERT_EQUAL_FATAL (pp_dag_build (cfg, &dag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (dag, &num, &err), PP_OK);
  assert_mpz_si (num->total, 9, "N");
  CU_ASSERT_EQUAL_FATAL (dag->n_edges, 11);
  long e_entry = tu_find_edge (dag, dag->s, 0, PP_EDGE_ENTRY);
  long e_restart = dag->cfg_edge_cut_start[6], e_end = dag->cfg_edge_cut_end[6];
  long e_exit = tu_find_edge (dag, 5, dag->t, PP_EDGE_EXIT);
  CU_ASSERT_FATAL (e_entry >= 0 && e_restart >= 0 && e_end >= 0
                   && e_exit >= 0);
  double *freq = calloc (dag->n_edges, sizeof *freq);
  static const double by_cfg_edge[8] = { 8, 2, 1000, 18, 1000, 18, 0, 8 };
  for (i = 0; i < 8; i++)
    if (i != 6)
      freq[dag->cfg_edge_dag[i]] = by_cfg_edge[i];
  freq[e_entry] = 10;
  freq[e_exit] = 10;
  freq[e_restart] = 1010;
  freq[e_end] = 1010;
  CU_ASSERT_EQUAL_FATAL (pp_placement_compute (dag, freq, &pl, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_placement_apply (dag, pl, num->weight, &act,
                                             &err), PP_OK);
  /* Kruskal by frequency: s->1, 4->t, 1->2, 2->4, 1->3 join the tree, 3->4
     closes a cycle, s->0 and 5->t join; 0->1, 4->5 and 0->5 are chords.
     With the edge t->s forced into the tree (Ball and Larus), s->1 ... t
     would have been a cycle and one of its edges a chord.  */
  static const unsigned char chord[8] = { 1, 1, 0, 0, 0, 1, 0, 1 };
  for (i = 0; i < 8; i++)
    if (i != 6)
      CU_ASSERT_EQUAL (pl->is_chord[dag->cfg_edge_dag[i]], chord[i]);
  CU_ASSERT_EQUAL (pl->n_chords, 4);
  /* The hot iteration s->1->2->4->t: r = its own id as it starts (1 is
     not clean: the chord 0->1 reaches it; phi(t) is that id, the tree
     holding the whole path), then nothing on 1->2, 2->4 and 4->t, where
     it is counted at r.  */
  long hot[4] = { e_restart, dag->cfg_edge_dag[2], dag->cfg_edge_dag[4],
                  e_end };
  CU_ASSERT_EQUAL (act[hot[0]].op, PP_OP_SET);
  CU_ASSERT_EQUAL (act[hot[1]].op, PP_OP_NONE);
  CU_ASSERT_EQUAL (act[hot[2]].op, PP_OP_NONE);
  CU_ASSERT_EQUAL (act[hot[3]].op, PP_OP_NONE);
  {
    mpz_t id;
    mpz_init (id);
    unsigned hp[4] = { (unsigned) hot[0], (unsigned) hot[1],
                       (unsigned) hot[2], (unsigned) hot[3] };
    tu_sum (num->weight, hp, 4, id);
    CU_ASSERT_EQUAL (mpz_cmp (act[hot[0]].value, id), 0);
    mpz_clear (id);
  }
  /* Every path: entry or restart, through 2 or 3, back or out.  */
  for (unsigned from = 0; from < 2; from++)
    for (unsigned via = 2; via <= 3; via++)
      for (unsigned out = 0; out < 2; out++)
        {
          size_t k = 0;
          if (from == 0)
            {
              paths[n][k++] = e_entry;
              paths[n][k++] = dag->cfg_edge_dag[0];
            }
          else
            paths[n][k++] = e_restart;
          paths[n][k++] = dag->cfg_edge_dag[via == 2 ? 2 : 3];
          paths[n][k++] = dag->cfg_edge_dag[via == 2 ? 4 : 5];
          if (out == 0)
            paths[n][k++] = e_end;
          else
            {
              paths[n][k++] = dag->cfg_edge_dag[7];
              paths[n][k++] = e_exit;
            }
          lens[n++] = k;
        }
  paths[n][0] = e_entry;
  paths[n][1] = dag->cfg_edge_dag[1];
  paths[n][2] = e_exit;
  lens[n++] = 3;
  CU_ASSERT_EQUAL (n, 9);
  assert_placement (dag, freq, num->weight, n, paths, lens);
  free (freq);
  pp_actions_free (act, dag->n_edges);
  pp_placement_free (pl);
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

static void
test_path_sum (void)
{
  mpz_t w[4], sum;
  unsigned p[3] = { 3, 0, 3 }, i;
  for (i = 0; i < 4; i++)
    mpz_init_set_si (w[i], (long) i * 10 - 7);
  mpz_init (sum);
  pp_path_sum (w, p, 3, sum); /* 23 + -7 + 23 */
  assert_mpz_si (sum, 39, "pp_path_sum");
  pp_path_sum (w, p, 0, sum);
  assert_mpz_si (sum, 0, "empty pp_path_sum");
  for (i = 0; i < 4; i++)
    mpz_clear (w[i]);
  mpz_clear (sum);
}

int
register_thesis_tests (void)
{
  CU_pSuite s = CU_add_suite ("thesis examples", NULL, NULL);
  if (!s)
    return -1;
  if (!CU_add_test (s, "Fig 3.4 Ball-Larus ids", test_fig34_ball_larus)
      || !CU_add_test (s, "Fig 3.4 / 3.3.2 PPP ids and aliases",
                       test_fig34_ppp)
      || !CU_add_test (s, "Fig 3.5 Lemma 3.3.1", test_lemma_331)
      || !CU_add_test (s, "Fig 3.6 Lemma 3.3.2", test_lemma_332)
      || !CU_add_test (s, "self loop", test_self_loop)
      || !CU_add_test (s, "irreducible loop", test_irreducible)
      || !CU_add_test (s, "exit node with successors",
                       test_exit_with_successors)
      || !CU_add_test (s, "profile-guided placement",
                       test_profile_placement)
      || !CU_add_test (s, "profile-guided placement in a loop",
                       test_profile_placement_loop)
      || !CU_add_test (s, "pp_path_sum", test_path_sum))
    return -1;
  return 0;
}
