/* pathprof core unit tests: subpath CFGs, segments and supergraph maps
 * (plugin/core/segment.h).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The supergraphs are built here the way the plugin's inliner builds
 * them, independently of the core: every context copies its function's
 * blocks (an inlined copy without its entry and exit blocks), a call site
 * with an inlined callee jumps into the copy and the copy's returns jump
 * back, an indirect site keeps its call as the fallback of a test (blocks
 * without subpath nodes, as the plugin's promotion creates), and random
 * blocks are merged into their single predecessor as GCC's clean-up does.
 * Every path of the result must decode into a segment that encodes back
 * into the same path; a hand-checked example pins the exact segments.
 * Runs in about a second.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ips.h"
#include "segment.h"
#include "testutil.h"
#include "tests.h"

/* ------------------------------------------------------------------ */
/* Subpath functions                                                   */
/* ------------------------------------------------------------------ */

/* A function of N nodes (0 entry, 1 exit block) with EDGES[M] = {src,
   dst, cut}, exits = 1 and the nodes without successors, and the call
   sites on its PP_CUT_CALL edges in order (callee names CALLEES, NULL:
   indirect).  */
static pp_subpath_fn *
make_fn (const char *name, unsigned n, const unsigned (*edges)[3], unsigned m,
         const char *const *callees)
{
  pp_cfg *cfg = pp_cfg_new (n, 0);
  CU_ASSERT_PTR_NOT_NULL_FATAL (cfg);
  unsigned char *out = calloc (n, 1);
  for (unsigned i = 0; i < m; i++)
    {
      CU_ASSERT_FATAL (pp_cfg_add_edge (cfg, edges[i][0], edges[i][1],
                                        (pp_cut_kind) edges[i][2])
                       == (long) i);
      out[edges[i][0]] = 1;
    }
  for (unsigned v = 1; v < n; v++)
    if (v == 1 || !out[v])
      pp_cfg_set_exit (cfg, v, NULL);
  free (out);
  pp_error err;
  pp_subpath_fn *f = pp_subpath_new (name, "t.c", cfg, 1, &err);
  CU_ASSERT_PTR_NOT_NULL_FATAL (f);
  unsigned k = 0;
  for (unsigned i = 0; i < m; i++)
    if (edges[i][2] == PP_CUT_CALL)
      CU_ASSERT_EQUAL (pp_subpath_add_site (f, i, callees[k++], &err), PP_OK);
  pp_status st = pp_subpath_finish (f, &err);
  if (st != PP_OK)
    fprintf (stderr, "\n%s: %s\n", name, err.message);
  CU_ASSERT_EQUAL_FATAL (st, PP_OK);
  return f;
}

/* The hand-checked program:

     f: 0 -> 2;  2: x = g (); -> 3 (call site 0);  3 -> 1
     g: 0 -> 2;  2 -> 3;  3 -> 3 (back);  3 -> 4;  4 -> 1

   f has one subpath per piece: 0 (entry..2, ends at the call) and 1
   (3..exit).  g's loop gives subpaths entry-2-3-back, back-3-back,
   entry-2-3-4-exit, back-3-4-exit.  */
static const unsigned f_edges[][3] = {
  { 0, 2, PP_CUT_NONE }, { 2, 3, PP_CUT_CALL }, { 3, 1, PP_CUT_NONE } };
static const unsigned g_edges[][3] = {
  { 0, 2, PP_CUT_NONE }, { 2, 3, PP_CUT_NONE }, { 3, 3, PP_CUT_BACK },
  { 3, 4, PP_CUT_NONE }, { 4, 1, PP_CUT_NONE } };
static const char *const f_callees[] = { "g" };

/* Every path of CDAG decodes into a segment that encodes back to it;
   returns the decoded segments' texts (joined by newlines, malloc'd).  */
static char *
round_trip (const pp_supergraph *sg, const pp_dag *cdag,
            const pp_numbering *cnum, unsigned max_paths, unsigned *n_paths,
            unsigned *n_fragments)
{
  char *all = NULL;
  size_t size = 0;
  FILE *m = open_memstream (&all, &size);
  unsigned long total = mpz_get_ui (cnum->total);
  if (mpz_cmp_ui (cnum->total, max_paths) > 0)
    total = max_paths;
  *n_paths = (unsigned) total;
  *n_fragments = 0;
  mpz_t id;
  mpz_init (id);
  for (unsigned long p = 0; p < total; p++)
    {
      unsigned *edges;
      size_t len;
      pp_error err;
      mpz_set_ui (id, p);
      CU_ASSERT_EQUAL_FATAL (pp_bl_decode (cdag, cnum, id, &edges, &len,
                                           &err),
                             PP_OK);
      pp_sg_decoded d;
      pp_status st = pp_sg_decode (sg, cdag, edges, len, &d, &err);
      TU_CHECK (st == PP_OK, "path %lu: decode: %s", p, err.message);
      TU_CHECK (pp_segment_check (&d.seg, 100, &err) == PP_OK,
                "path %lu: decoded segment: %s", p, err.message);
      TU_CHECK (d.node_start[d.seg.n_tokens] >= d.seg.n_tokens / 2,
                "path %lu: nodes", p);
      if (d.starts_split || d.ends_split)
        ++*n_fragments;
      else
        {
          unsigned *back;
          size_t blen;
          st = pp_sg_encode (sg, cdag, &d.seg, &back, &blen, &err);
          TU_CHECK (st == PP_OK, "path %lu: encode: %s", p, err.message);
          TU_CHECK (blen == len && memcmp (back, edges, len * sizeof *back)
                                     == 0,
                    "path %lu: encodes to another path", p);
          free (back);
        }
      char *t = pp_ips_segment_text (&d.seg);
      fprintf (m, "%s%s%s\n", d.starts_split ? "[split] " : "", t,
               d.ends_split ? " [split]" : "");
      free (t);
    fail:
      pp_sg_decoded_clear (&d);
      free (edges);
    }
  mpz_clear (id);
  fclose (m);
  return all;
}

/* Numbers the concrete CFG with the cuts the map gives.  */
static void
number_concrete (pp_supergraph *sg, pp_cfg *ccfg, pp_dag **cdag,
                 pp_numbering **cnum)
{
  pp_error err;
  pp_cut_kind *cuts = calloc (ccfg->n_edges + 1, sizeof *cuts);
  pp_status st = pp_sg_finish (sg, 0, cuts, &err);
  if (st != PP_OK)
    fprintf (stderr, "\nfinish: %s\n", err.message);
  CU_ASSERT_EQUAL_FATAL (st, PP_OK);
  for (unsigned i = 0; i < ccfg->n_edges; i++)
    ccfg->edges[i].cut = cuts[i];
  free (cuts);
  CU_ASSERT_EQUAL_FATAL (pp_dag_build (ccfg, cdag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (*cdag, cnum, &err), PP_OK);
}

static void
test_example (void)
{
  pp_subpath_fn *fns[2];
  fns[0] = make_fn ("f", 4, f_edges, 3, f_callees);
  fns[1] = make_fn ("g", 5, g_edges, 5, NULL);
  CU_ASSERT_EQUAL (mpz_get_ui (fns[0]->num->total), 2);
  CU_ASSERT_EQUAL (mpz_get_ui (fns[1]->num->total), 4);

  /* f with g inlined: concrete 0 entry, 1 exit, 2 = f:2, 3 = g:2,
     4 = g:3, 5 = g:4, 6 = f:3.  */
  pp_cfg *c = pp_cfg_new (7, 0);
  static const unsigned ce[][2] = { { 0, 2 }, { 2, 3 }, { 3, 4 }, { 4, 4 },
                                    { 4, 5 }, { 5, 6 }, { 6, 1 } };
  for (unsigned i = 0; i < 7; i++)
    pp_cfg_add_edge (c, ce[i][0], ce[i][1], PP_CUT_NONE);
  pp_cfg_set_exit (c, 1, NULL);
  pp_error err;
  pp_supergraph *sg = pp_sg_new (fns, 2, 0, c, &err);
  unsigned ctx;
  CU_ASSERT_EQUAL (pp_sg_add_context (sg, 0, 0, 1, &ctx, &err), PP_OK);
  CU_ASSERT_EQUAL (ctx, 1);
  static const pp_sg_item items[7] = { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 2 },
                                       { 1, 3 }, { 1, 4 }, { 0, 3 } };
  for (unsigned v = 0; v < 7; v++)
    CU_ASSERT_EQUAL (pp_sg_set_items (sg, v, &items[v], 1, &err), PP_OK);
  pp_dag *cdag;
  pp_numbering *cnum;
  number_concrete (sg, c, &cdag, &cnum);
  CU_ASSERT_EQUAL (c->edges[3].cut, PP_CUT_BACK);
  CU_ASSERT_EQUAL (mpz_get_ui (cnum->total), 4);
  unsigned n, frag;
  char *text = round_trip (sg, cdag, cnum, 100, &n, &frag);
  /* By concrete id: the loop's first turn, the loop's exit after a back
     edge (starting inside the copy), a straight run and a turn.  The
     subpath ids are g's: 0 entry-back, 1 entry-exit, 2 back-back,
     3 back-exit (Ball-Larus order).  */
  const char *want = "0 : 0:0 ( 1:0\n"
                     "0 : 0:0 ( 1:1 ) 0:1\n"
                     "0 at 0 1 : 1:2\n"
                     "0 at 0 1 : 1:3 ) 0:1\n";
  if (strcmp (text, want) != 0)
    fprintf (stderr, "\ngot\n%swant\n%s", text, want);
  CU_ASSERT_STRING_EQUAL (text, want);
  CU_ASSERT_EQUAL (frag, 0);
  free (text);

  /* Encoding refuses what is not a path of this supergraph.  */
  pp_seg_token t1[] = { { PP_SEG_PIECE, 0, 0 }, { PP_SEG_PIECE, 0, 1 } };
  pp_segment s1 = { 0, NULL, 0, t1, 2 };
  unsigned *e;
  size_t len;
  CU_ASSERT_EQUAL (pp_sg_encode (sg, cdag, &s1, &e, &len, &err),
                   PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "segment: from f:2 (context 0) to f:3 (context 0): "
                          "no concrete edge joins their blocks");
  pp_seg_token t2[] = { { PP_SEG_PIECE, 0, 1 } };
  pp_segment s2 = { 0, NULL, 0, t2, 1 };
  CU_ASSERT_EQUAL (pp_sg_encode (sg, cdag, &s2, &e, &len, &err),
                   PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "token 1 (f:1): a segment starts at the entry or "
                          "after a back edge, not after a call");
  pp_seg_token t3[] = { { PP_SEG_PIECE, 0, 0 }, { PP_SEG_CALL, 0, 0 },
                        { PP_SEG_PIECE, 1, 1 } };
  pp_segment s3 = { 0, NULL, 0, t3, 3 };
  CU_ASSERT_EQUAL (pp_sg_encode (sg, cdag, &s3, &e, &len, &err),
                   PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "the last subpath returns from an inlined copy: "
                          "')' and the caller's subpath are missing");

  pp_numbering_free (cnum);
  pp_dag_free (cdag);
  pp_sg_free (sg);
  pp_cfg_free (c);

  /* The same program not inlined: f's call is a step inside a concrete
     node (no copy), and f's segment is "0:0 0:1".  */
  c = pp_cfg_new (4, 0);
  static const unsigned ce2[][2] = { { 0, 2 }, { 2, 1 } };
  for (unsigned i = 0; i < 2; i++)
    pp_cfg_add_edge (c, ce2[i][0], ce2[i][1], PP_CUT_NONE);
  pp_cfg_add_edge (c, 0, 3, PP_CUT_NONE); /* a dead-end node: error */
  pp_cfg_set_exit (c, 1, NULL);
  sg = pp_sg_new (fns, 2, 0, c, &err);
  pp_sg_item it2[] = { { 0, 2 }, { 0, 3 } };
  pp_sg_set_items (sg, 0, &items[0], 1, &err);
  pp_sg_set_items (sg, 1, &items[1], 1, &err);
  pp_sg_set_items (sg, 2, it2, 2, &err);
  CU_ASSERT_EQUAL (pp_sg_finish (sg, 0, NULL, &err), PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "concrete node 3 holds no subpath node and ends "
                          "the function");
  pp_sg_free (sg);
  /* Items in the wrong order inside a node.  */
  sg = pp_sg_new (fns, 2, 0, c, &err);
  pp_sg_item rev[] = { { 0, 3 }, { 0, 2 } };
  pp_sg_set_items (sg, 0, &items[0], 1, &err);
  pp_sg_set_items (sg, 1, &items[1], 1, &err);
  pp_sg_set_items (sg, 2, rev, 2, &err);
  CU_ASSERT_EQUAL (pp_sg_finish (sg, 0, NULL, &err), PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "inside a concrete node: from f:3 (context 0) to "
                          "f:2 (context 0): no subpath edge, call or return "
                          "joins them");
  pp_sg_free (sg);
  pp_cfg_free (c);

  c = pp_cfg_new (3, 0);
  pp_cfg_add_edge (c, 0, 2, PP_CUT_NONE);
  pp_cfg_add_edge (c, 2, 1, PP_CUT_NONE);
  pp_cfg_set_exit (c, 1, NULL);
  sg = pp_sg_new (fns, 2, 0, c, &err);
  pp_sg_set_items (sg, 0, &items[0], 1, &err);
  pp_sg_set_items (sg, 1, &items[1], 1, &err);
  pp_sg_set_items (sg, 2, it2, 2, &err);
  number_concrete (sg, c, &cdag, &cnum);
  text = round_trip (sg, cdag, cnum, 100, &n, &frag);
  CU_ASSERT_STRING_EQUAL (text, "0 : 0:0 0:1\n");
  free (text);
  /* A trace build cuts the call: inside a node it is an error.  */
  pp_sg_free (sg);
  sg = pp_sg_new (fns, 2, 0, c, &err);
  pp_sg_set_items (sg, 0, &items[0], 1, &err);
  pp_sg_set_items (sg, 1, &items[1], 1, &err);
  pp_sg_set_items (sg, 2, it2, 2, &err);
  CU_ASSERT_EQUAL (pp_sg_finish (sg, 1, NULL, &err), PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "inside a concrete node: from f:2 (context 0) to "
                          "f:3 (context 0): a cut edge of the subpath CFG");
  pp_numbering_free (cnum);
  pp_dag_free (cdag);
  pp_sg_free (sg);
  pp_cfg_free (c);
  pp_subpath_free (fns[0]);
  pp_subpath_free (fns[1]);
}

static void
test_checksum_and_decode (void)
{
  pp_subpath_fn *f = make_fn ("f", 4, f_edges, 3, f_callees);
  uint32_t a = f->checksum;
  free (f->site_callee[0]);
  f->site_callee[0] = strdup ("h");
  CU_ASSERT_NOT_EQUAL (pp_subpath_checksum (f), a);
  free (f->site_callee[0]);
  f->site_callee[0] = NULL;
  uint32_t ind = pp_subpath_checksum (f);
  CU_ASSERT_NOT_EQUAL (ind, a);
  pp_piece_shape sh;
  unsigned *nodes;
  size_t n;
  pp_error err;
  CU_ASSERT_EQUAL (pp_subpath_decode (f, 0, &nodes, &n, &sh, &err), PP_OK);
  CU_ASSERT_EQUAL (n, 2);
  CU_ASSERT_EQUAL (nodes[0], 0);
  CU_ASSERT_EQUAL (nodes[1], 2);
  CU_ASSERT (sh.starts_at_entry && !sh.ends_at_exit && sh.end_edge == 1);
  free (nodes);
  CU_ASSERT_EQUAL (pp_subpath_decode (f, 1, &nodes, &n, &sh, &err), PP_OK);
  CU_ASSERT (!sh.starts_at_entry && sh.start_edge == 1 && sh.ends_at_exit
             && sh.exit_node == 1);
  free (nodes);
  CU_ASSERT_EQUAL (pp_subpath_decode (f, 2, NULL, NULL, &sh, &err),
                   PP_ERR_RANGE);
  pp_subpath_free (f);

  /* A call cut edge must be a site, a site a call cut edge.  */
  pp_cfg *cfg = pp_cfg_new (3, 0);
  pp_cfg_add_edge (cfg, 0, 2, PP_CUT_CALL);
  pp_cfg_add_edge (cfg, 2, 1, PP_CUT_NONE);
  pp_cfg_set_exit (cfg, 1, NULL);
  f = pp_subpath_new ("h", "t.c", cfg, 1, &err);
  CU_ASSERT_EQUAL (pp_subpath_add_site (f, 1, NULL, &err), PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "function 'h': call site 0: edge 1 is not a call "
                          "cut");
  CU_ASSERT_EQUAL (pp_subpath_finish (f, &err), PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "function 'h': call cut edge 0 is no call site");
  pp_subpath_free (f);
}

static void
test_segment_check (void)
{
  pp_error err;
  pp_seg_link start[] = { { 0, 1 } };
  pp_seg_token ok[] = { { PP_SEG_PIECE, 1, 0 }, { PP_SEG_RETURN, 0, 0 },
                        { PP_SEG_PIECE, 0, 1 }, { PP_SEG_CALL, 0, 0 },
                        { PP_SEG_PIECE, 2, 0 } };
  pp_segment s = { 0, start, 1, ok, 5 };
  CU_ASSERT_EQUAL (pp_segment_check (&s, 1, &err), PP_OK);
  s.n_tokens = 4;
  CU_ASSERT_EQUAL (pp_segment_check (&s, 1, &err), PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message, "the last token must be a subpath");
  s.n_tokens = 5;
  CU_ASSERT_EQUAL (pp_segment_check (&s, 0, &err), PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "the start context is 1 calls deep, more than the "
                          "depth 0");
  ok[2].fn = 3;
  CU_ASSERT_EQUAL (pp_segment_check (&s, 1, &err), PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "token 3: a subpath of function 3 where function 0 "
                          "runs");
  ok[2].fn = 0;
  s.n_start = 0;
  ok[0].fn = 0;
  CU_ASSERT_EQUAL (pp_segment_check (&s, 1, &err), PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "token 2: ')' returns from the root function");
  pp_seg_token deep[] = { { PP_SEG_PIECE, 0, 0 }, { PP_SEG_CALL, 0, 0 },
                          { PP_SEG_PIECE, 1, 0 }, { PP_SEG_CALL, 0, 0 },
                          { PP_SEG_PIECE, 2, 0 } };
  pp_segment d = { 0, NULL, 0, deep, 5 };
  CU_ASSERT_EQUAL (pp_segment_check (&d, 2, &err), PP_OK);
  CU_ASSERT_EQUAL (pp_segment_check (&d, 1, &err), PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "token 4: '(' goes deeper than the depth 1");
  pp_seg_token twice[] = { { PP_SEG_PIECE, 0, 0 }, { PP_SEG_CALL, 0, 0 },
                           { PP_SEG_RETURN, 0, 0 }, { PP_SEG_PIECE, 0, 1 } };
  pp_segment t = { 0, NULL, 0, twice, 4 };
  CU_ASSERT_EQUAL (pp_segment_check (&t, 2, &err), PP_ERR_INVALID);
  CU_ASSERT_STRING_EQUAL (err.message,
                          "token 3: ')' must follow a subpath");
}

/* ------------------------------------------------------------------ */
/* Random supergraphs                                                  */
/* ------------------------------------------------------------------ */

#define N_RANDOM_FNS 4

/* A random subpath function: blocks 2..B-1 in a random reducible-ish
   graph (forward edges, some back edges to earlier blocks), every block
   reaching the exit, random blocks split by call sites into random
   callees (fns 0..N_RANDOM_FNS-1 by name "f0".., or indirect).  */
static pp_subpath_fn *
random_fn (tu_rng *r, unsigned index)
{
  for (;;)
    {
      unsigned blocks = 2 + tu_below (r, 6);
      /* Calls per block, and so the subpath nodes: node of block b part
         i = base[b] + i, for b < blocks + 2 <= 9.  */
      unsigned calls[9], base[9], n = 0;
      for (unsigned b = 0; b < blocks + 2; b++)
        {
          calls[b] = b >= 2 && tu_chance (r, 1, 2) ? 1 + tu_below (r, 2) : 0;
          base[b] = n;
          n += calls[b] + 1;
        }
      pp_cfg *cfg = pp_cfg_new (n, 0);
      unsigned n_sites = 0;
      const char *callees[16];
      static const char *const names[] = { "f0", "f1", "f2", "f3" };
      /* Edges, node by node in order.  */
      for (unsigned b = 0; b < blocks + 2; b++)
        {
          for (unsigned i = 0; i < calls[b]; i++)
            {
              pp_cfg_add_edge (cfg, base[b] + i, base[b] + i + 1,
                               PP_CUT_CALL);
              callees[n_sites++] = tu_chance (r, 1, 4)
                                     ? NULL
                                     : names[tu_below (r, N_RANDOM_FNS)];
            }
          unsigned last = base[b] + calls[b];
          if (b == 0)
            pp_cfg_add_edge (cfg, last, base[2], PP_CUT_NONE);
          else if (b >= 2)
            {
              /* A forward edge (to the next block or the exit), maybe a
                 second one, maybe a back edge.  */
              unsigned next = b + 1 < blocks + 2 ? b + 1 : 1;
              pp_cfg_add_edge (cfg, last, base[next], PP_CUT_NONE);
              if (tu_chance (r, 1, 2))
                {
                  unsigned t = b + 1 + tu_below (r, blocks + 2 - b);
                  unsigned tn = t >= blocks + 2 ? 1 : t;
                  if (tn != next)
                    pp_cfg_add_edge (cfg, last, base[tn], PP_CUT_NONE);
                }
              if (b > 2 && tu_chance (r, 1, 3))
                pp_cfg_add_edge (cfg, last, base[2 + tu_below (r, b - 2)],
                                 PP_CUT_NONE);
            }
        }
      pp_cfg_set_exit (cfg, base[1], NULL);
      /* Back edges as the plugin gets them (DFS), calls stay call cuts. */
      for (unsigned i = 0; i < cfg->n_edges; i++)
        if (cfg->edges[i].cut == PP_CUT_CALL)
          cfg->edges[i].cut = PP_CUT_NONE;
      pp_cfg_mark_back_edges (cfg);
      unsigned k = 0;
      for (unsigned i = 0; i < cfg->n_edges; i++)
        if (cfg->edges[i].src + 1 == cfg->edges[i].dst
            && cfg->edges[i].cut == PP_CUT_NONE)
          {
            /* Restore the call cuts: the edges v.i -> v.i+1 inside a
               block (all consecutive nodes of one block).  */
            unsigned v = cfg->edges[i].src;
            for (unsigned b = 0; b < blocks + 2; b++)
              if (v >= base[b] && v < base[b] + calls[b])
                {
                  cfg->edges[i].cut = PP_CUT_CALL;
                  k++;
                }
          }
      char name[8];
      snprintf (name, sizeof name, "f%u", index);
      pp_error err;
      pp_subpath_fn *f = pp_subpath_new (name, "r.c", cfg, base[1], &err);
      unsigned s = 0;
      for (unsigned i = 0; i < cfg->n_edges; i++)
        if (cfg->edges[i].cut == PP_CUT_CALL)
          pp_subpath_add_site (f, i, callees[s++], &err);
      if (k == n_sites && pp_subpath_finish (f, &err) == PP_OK)
        return f;
      pp_subpath_free (f);
    }
}

/* The concrete CFG of a supergraph, built as the inliner does.  */
struct concrete
{
  unsigned n;
  unsigned (*edge)[2];
  unsigned n_edges, cap_edges;
  pp_sg_item **items;
  unsigned *n_items;
  unsigned char *exit, *dead;
  unsigned entry;
};

static unsigned
c_node (struct concrete *c, const pp_sg_item *it)
{
  unsigned v = c->n++;
  c->items = realloc (c->items, c->n * sizeof *c->items);
  c->n_items = realloc (c->n_items, c->n * sizeof *c->n_items);
  c->exit = realloc (c->exit, c->n);
  c->dead = realloc (c->dead, c->n);
  c->items[v] = NULL;
  c->n_items[v] = 0;
  c->exit[v] = 0;
  c->dead[v] = 0;
  if (it)
    {
      c->items[v] = malloc (sizeof *it);
      c->items[v][0] = *it;
      c->n_items[v] = 1;
    }
  return v;
}

static void
c_edge (struct concrete *c, unsigned a, unsigned b)
{
  if (c->n_edges == c->cap_edges)
    {
      c->cap_edges = c->cap_edges ? 2 * c->cap_edges : 64;
      c->edge = realloc (c->edge, c->cap_edges * sizeof *c->edge);
    }
  c->edge[c->n_edges][0] = a;
  c->edge[c->n_edges][1] = b;
  c->n_edges++;
}

static void
test_random (void)
{
  tu_rng r;
  unsigned graphs = tu_num_graphs (3000) / 10;
  unsigned checked = 0, fragments = 0, contexts = 0;
  for (unsigned g = 0; g < graphs; g++)
    {
      tu_rng_seed (&r, tu_base_seed () ^ (0x5e9ull << 32) ^ g);
      snprintf (tu_ctx, sizeof tu_ctx, "random supergraph %u", g);
      pp_subpath_fn *fns[N_RANDOM_FNS];
      for (unsigned i = 0; i < N_RANDOM_FNS; i++)
        fns[i] = random_fn (&r, i);
      /* Contexts: breadth first from the root f0, each site inlined with
         probability 1/2 (an indirect site into one or two targets), at
         most depth 2.  */
      pp_sg_context ctx[64];
      unsigned n_ctx = 1, depth[64];
      ctx[0].parent = PP_SG_NONE;
      ctx[0].fn = 0;
      depth[0] = 0;
      for (unsigned c = 0; c < n_ctx; c++)
        {
          const pp_subpath_fn *f = fns[ctx[c].fn];
          if (depth[c] == 2)
            continue;
          for (unsigned s = 0; s < f->n_sites && n_ctx < 60; s++)
            {
              if (!tu_chance (&r, 1, 2))
                continue;
              unsigned targets = f->site_callee[s] ? 1 : 1 + tu_below (&r, 2);
              for (unsigned t = 0; t < targets; t++)
                {
                  unsigned callee = f->site_callee[s]
                                      ? (unsigned) (f->site_callee[s][1] - '0')
                                      : tu_below (&r, N_RANDOM_FNS);
                  int dup = 0;
                  for (unsigned k = 1; k < n_ctx; k++)
                    dup |= ctx[k].parent == c && ctx[k].site == s
                           && ctx[k].fn == callee;
                  if (dup)
                    continue;
                  ctx[n_ctx].parent = c;
                  ctx[n_ctx].site = s;
                  ctx[n_ctx].fn = callee;
                  depth[n_ctx] = depth[c] + 1;
                  n_ctx++;
                }
            }
        }
      contexts += n_ctx;

      /* Concrete nodes: one per subpath node and context (copies lack
         their entry and exit blocks).  */
      struct concrete cc;
      memset (&cc, 0, sizeof cc);
      unsigned *where[64];
      for (unsigned c = 0; c < n_ctx; c++)
        {
          const pp_subpath_fn *f = fns[ctx[c].fn];
          where[c] = malloc (f->cfg->n_nodes * sizeof (unsigned));
          for (unsigned u = 0; u < f->cfg->n_nodes; u++)
            {
              where[c][u] = (unsigned) -1;
              if (c && (u == f->cfg->entry || u == f->exit_block))
                continue;
              pp_sg_item it = { c, u };
              where[c][u] = c_node (&cc, &it);
              cc.exit[where[c][u]] = f->cfg->is_exit[u];
            }
        }
      cc.entry = where[0][fns[0]->cfg->entry];
      for (unsigned c = 0; c < n_ctx; c++)
        {
          const pp_subpath_fn *f = fns[ctx[c].fn];
          for (unsigned i = 0; i < f->cfg->n_edges; i++)
            {
              unsigned u = f->cfg->edges[i].src, w = f->cfg->edges[i].dst;
              if (c && u == f->cfg->entry)
                continue; /* the caller jumps into the copy */
              if (c && w == f->exit_block)
                {
                  /* A return: into the caller's continuation.  */
                  const pp_subpath_fn *pf = fns[ctx[ctx[c].parent].fn];
                  unsigned cont = pf->cfg->edges[pf->site_edge[ctx[c].site]]
                                    .dst;
                  c_edge (&cc, where[c][u], where[ctx[c].parent][cont]);
                  continue;
                }
              long s = f->edge_site[i];
              unsigned n_children = 0;
              for (unsigned k = 1; k < n_ctx; k++)
                if (s >= 0 && ctx[k].parent == c && ctx[k].site == s)
                  n_children++;
              if (!n_children)
                {
                  c_edge (&cc, where[c][u], where[c][w]);
                  continue;
                }
              /* Into each inlined callee, through a block of the test
                 (without subpath nodes) when the call is indirect, whose
                 fallback keeps the call.  */
              for (unsigned k = 1; k < n_ctx; k++)
                if (ctx[k].parent == c && ctx[k].site == s)
                  {
                    const pp_subpath_fn *g = fns[ctx[k].fn];
                    /* The callee's entry has one successor: edge 0.  */
                    unsigned first = g->cfg->edges[0].dst;
                    if (f->site_callee[s])
                      c_edge (&cc, where[c][u], where[k][first]);
                    else
                      {
                        unsigned t = c_node (&cc, NULL);
                        c_edge (&cc, where[c][u], t);
                        c_edge (&cc, t, where[k][first]);
                      }
                  }
              if (!f->site_callee[s])
                {
                  unsigned t = c_node (&cc, NULL);
                  c_edge (&cc, where[c][u], t);
                  c_edge (&cc, t, where[c][w]);
                }
            }
        }
      /* Merge a node into its single predecessor that has it as single
         successor, unless the step is a cut (GCC never merges across a
         back edge: its target has two predecessors).  */
      for (unsigned pass = 0; pass < 2; pass++)
        for (unsigned v = 0; v < cc.n; v++)
          {
            if (cc.dead[v] || v == cc.entry || !tu_chance (&r, 1, 2))
              continue;
            unsigned preds = 0, pred = 0, psucc = 0, inx = 0;
            for (unsigned i = 0; i < cc.n_edges; i++)
              if (cc.edge[i][1] == v)
                {
                  preds++;
                  pred = cc.edge[i][0];
                  inx = i;
                }
            if (preds != 1 || pred == v || pred == cc.entry)
              continue;
            for (unsigned i = 0; i < cc.n_edges; i++)
              psucc += cc.edge[i][0] == pred;
            if (psucc != 1 || cc.exit[pred])
              continue;
            if (cc.n_items[pred] && cc.n_items[v])
              {
                pp_sg_item a = cc.items[pred][cc.n_items[pred] - 1];
                pp_sg_item b = cc.items[v][0];
                if (a.ctx == b.ctx)
                  {
                    const pp_subpath_fn *f = fns[ctx[a.ctx].fn];
                    int cut = 0;
                    for (unsigned i = 0; i < f->cfg->n_edges; i++)
                      if (f->cfg->edges[i].src == a.node
                          && f->cfg->edges[i].dst == b.node
                          && (f->cfg->edges[i].cut == PP_CUT_BACK
                              || f->cfg->edges[i].cut == PP_CUT_SPLIT))
                        cut = 1;
                    if (cut)
                      continue;
                  }
              }
            unsigned n = cc.n_items[pred] + cc.n_items[v];
            cc.items[pred] = realloc (cc.items[pred],
                                      (n ? n : 1) * sizeof (pp_sg_item));
            if (cc.n_items[v])
              memcpy (cc.items[pred] + cc.n_items[pred], cc.items[v],
                      cc.n_items[v] * sizeof (pp_sg_item));
            cc.n_items[pred] = n;
            cc.exit[pred] = cc.exit[v];
            /* Drop the edge pred -> v, move v's out-edges to pred.  */
            cc.edge[inx][0] = cc.edge[inx][1] = (unsigned) -1;
            for (unsigned i = 0; i < cc.n_edges; i++)
              if (cc.edge[i][0] == v)
                cc.edge[i][0] = pred;
            cc.dead[v] = 1;
          }
      /* Renumber the live nodes into a pp_cfg.  */
      unsigned *num = malloc (cc.n * sizeof *num), live = 0;
      for (unsigned v = 0; v < cc.n; v++)
        num[v] = cc.dead[v] ? (unsigned) -1 : live++;
      pp_cfg *ccfg = pp_cfg_new (live, num[cc.entry]);
      for (unsigned i = 0; i < cc.n_edges; i++)
        if (cc.edge[i][0] != (unsigned) -1)
          pp_cfg_add_edge (ccfg, num[cc.edge[i][0]], num[cc.edge[i][1]],
                           PP_CUT_NONE);
      for (unsigned v = 0; v < cc.n; v++)
        if (!cc.dead[v] && cc.exit[v])
          pp_cfg_set_exit (ccfg, num[v], NULL);
      pp_error err;
      pp_supergraph *sg = pp_sg_new (fns, N_RANDOM_FNS, 0, ccfg, &err);
      for (unsigned c = 1; c < n_ctx; c++)
        {
          unsigned id;
          CU_ASSERT_EQUAL (pp_sg_add_context (sg, ctx[c].parent, ctx[c].site,
                                              ctx[c].fn, &id, &err),
                           PP_OK);
          CU_ASSERT_EQUAL (id, c);
        }
      for (unsigned v = 0; v < cc.n; v++)
        if (!cc.dead[v])
          pp_sg_set_items (sg, num[v], cc.items[v], cc.n_items[v], &err);
      pp_dag *cdag;
      pp_numbering *cnum;
      number_concrete (sg, ccfg, &cdag, &cnum);
      unsigned n, frag;
      char *text = round_trip (sg, cdag, cnum, 400, &n, &frag);
      free (text);
      checked += n;
      fragments += frag;
      CU_ASSERT_EQUAL (frag, 0);

      /* Path splitting: cut one node with several predecessors; its paths
         become fragments that still decode.  */
      if (cdag->n_edges && ccfg->n_nodes > 4)
        {
          for (unsigned i = 0; i < ccfg->n_edges; i++)
            if (ccfg->edges[i].dst == ccfg->n_nodes / 2
                && ccfg->edges[i].cut == PP_CUT_NONE)
              ccfg->edges[i].cut = PP_CUT_SPLIT;
          pp_dag *sdag;
          pp_numbering *snum;
          if (pp_dag_build (ccfg, &sdag, &err) == PP_OK
              && pp_bl_number (sdag, &snum, &err) == PP_OK)
            {
              text = round_trip (sg, sdag, snum, 400, &n, &frag);
              free (text);
              checked += n;
              fragments += frag;
              pp_numbering_free (snum);
            }
          pp_dag_free (sdag);
        }
      pp_numbering_free (cnum);
      pp_dag_free (cdag);
      pp_sg_free (sg);
      pp_cfg_free (ccfg);
      free (num);
      for (unsigned v = 0; v < cc.n; v++)
        free (cc.items[v]);
      free (cc.items);
      free (cc.n_items);
      free (cc.exit);
      free (cc.dead);
      free (cc.edge);
      for (unsigned c = 0; c < n_ctx; c++)
        free (where[c]);
      for (unsigned i = 0; i < N_RANDOM_FNS; i++)
        pp_subpath_free (fns[i]);
    }
  printf ("(%u supergraphs, %u contexts, %u paths, %u fragments) ", graphs,
          contexts, checked, fragments);
  CU_ASSERT (checked > graphs);
  CU_ASSERT (fragments > 0);
}

/* A trace build: the root alone, call sites cut, blocks merged; the
   concrete weights add up to subpath ids.  */
static void
test_weights (void)
{
  static const unsigned h_edges[][3] = {
    { 0, 2, PP_CUT_NONE }, { 2, 3, PP_CUT_NONE }, { 3, 4, PP_CUT_CALL },
    { 4, 5, PP_CUT_NONE }, { 4, 2, PP_CUT_BACK }, { 5, 1, PP_CUT_NONE } };
  static const char *const h_callees[] = { "g" };
  pp_subpath_fn *fns[1];
  fns[0] = make_fn ("h", 6, h_edges, 6, h_callees);
  /* Concrete: 0 entry, 1 exit, 2 = {2, 3} merged, 3 = {4}, 4 = {5}.  */
  pp_cfg *c = pp_cfg_new (5, 0);
  static const unsigned ce[][2] = { { 0, 2 }, { 2, 3 }, { 3, 4 }, { 3, 2 },
                                    { 4, 1 } };
  for (unsigned i = 0; i < 5; i++)
    pp_cfg_add_edge (c, ce[i][0], ce[i][1], PP_CUT_NONE);
  pp_cfg_set_exit (c, 1, NULL);
  pp_error err;
  pp_supergraph *sg = pp_sg_new (fns, 1, 0, c, &err);
  pp_sg_item i0 = { 0, 0 }, i1 = { 0, 1 }, i2[] = { { 0, 2 }, { 0, 3 } },
             i3 = { 0, 4 }, i4 = { 0, 5 };
  pp_sg_set_items (sg, 0, &i0, 1, &err);
  pp_sg_set_items (sg, 1, &i1, 1, &err);
  pp_sg_set_items (sg, 2, i2, 2, &err);
  pp_sg_set_items (sg, 3, &i3, 1, &err);
  pp_sg_set_items (sg, 4, &i4, 1, &err);
  pp_cut_kind cuts[5];
  CU_ASSERT_EQUAL_FATAL (pp_sg_finish (sg, 1, cuts, &err), PP_OK);
  CU_ASSERT_EQUAL (cuts[1], PP_CUT_CALL);
  CU_ASSERT_EQUAL (cuts[3], PP_CUT_BACK);
  for (unsigned i = 0; i < 5; i++)
    c->edges[i].cut = cuts[i];
  pp_dag *cdag;
  pp_numbering *cnum;
  CU_ASSERT_EQUAL_FATAL (pp_dag_build (c, &cdag, &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_bl_number (cdag, &cnum, &err), PP_OK);
  mpz_t *w = malloc (cdag->n_edges * sizeof *w);
  for (unsigned k = 0; k < cdag->n_edges; k++)
    mpz_init (w[k]);
  CU_ASSERT_EQUAL_FATAL (pp_sg_weights (sg, cdag, w, &err), PP_OK);
  /* Every concrete path sums to the id its decoding gives.  */
  unsigned total = (unsigned) mpz_get_ui (cnum->total);
  CU_ASSERT_EQUAL (total, 4);
  mpz_t id, sum;
  mpz_inits (id, sum, NULL);
  unsigned seen = 0;
  for (unsigned p = 0; p < total; p++)
    {
      unsigned *edges;
      size_t len;
      mpz_set_ui (id, p);
      pp_bl_decode (cdag, cnum, id, &edges, &len, &err);
      mpz_set_ui (sum, 0);
      for (size_t k = 0; k < len; k++)
        mpz_add (sum, sum, w[edges[k]]);
      pp_sg_decoded d;
      CU_ASSERT_EQUAL_FATAL (pp_sg_decode (sg, cdag, edges, len, &d, &err),
                             PP_OK);
      CU_ASSERT_EQUAL (d.seg.n_tokens, 1);
      CU_ASSERT_EQUAL (mpz_get_ui (sum), d.seg.tokens[0].id);
      seen |= 1u << d.seg.tokens[0].id;
      pp_sg_decoded_clear (&d);
      free (edges);
    }
  /* The subpaths the concrete CFG has: all of h's.  */
  CU_ASSERT_EQUAL (seen, (1u << mpz_get_ui (fns[0]->num->total)) - 1);
  mpz_clears (id, sum, NULL);
  for (unsigned k = 0; k < cdag->n_edges; k++)
    mpz_clear (w[k]);
  free (w);
  pp_numbering_free (cnum);
  pp_dag_free (cdag);
  pp_sg_free (sg);
  pp_cfg_free (c);
  pp_subpath_free (fns[0]);
}

int
register_segment_tests (void)
{
  CU_pSuite s = CU_add_suite ("segments", NULL, NULL);
  if (!s || !CU_add_test (s, "hand-checked supergraph", test_example)
      || !CU_add_test (s, "checksum and decoding", test_checksum_and_decode)
      || !CU_add_test (s, "segment structure", test_segment_check)
      || !CU_add_test (s, "random supergraphs round trip", test_random)
      || !CU_add_test (s, "trace build weights", test_weights))
    return -1;
  return 0;
}
