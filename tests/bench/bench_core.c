/* pathprof core speed benchmark (not a test).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 1. Ball-Larus on big CFGs: a deterministic, random-ish layered CFG
 *    (lanes of straight-line code, forward branches, loops, early
 *    returns) of 25k, 50k and 100k nodes; times pp_cfg_mark_back_edges,
 *    pp_dag_build, pp_bl_number, counter placement, and pp_split_paths to
 *    2^64, and reports the peak RSS of each run (each in its own child
 *    process, so the figures do not accumulate).  An "interpreter" CFG
 *    family (a dispatch loop over many small cases, whose path count does
 *    not grow with the size) shows the per-node memory without the growth
 *    of the GMP numbers.
 * 2. PPP: a ~5,000-edge DAG with 5,000 interesting paths picked by
 *    decoding distinct random Ball-Larus ids; times pp_ppp_number and the
 *    placement of both counters.
 *
 * Usage: bench_core [scale]   (scale multiplies the node counts; default 1)
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ppcore.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static uint64_t
splitmix64 (uint64_t *s)
{
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static unsigned
below (uint64_t *s, unsigned n)
{
  return (unsigned) (splitmix64 (s) % n);
}

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
die (const char *what, pp_status st, const pp_error *err)
{
  fprintf (stderr, "bench_core: %s failed: %s (%s)\n", what,
           pp_status_name (st), err ? err->message : "");
  exit (1);
}

static void
add (pp_cfg *cfg, unsigned a, unsigned b)
{
  if (pp_cfg_add_edge (cfg, a, b, PP_CUT_NONE) < 0)
    {
      fprintf (stderr, "bench_core: pp_cfg_add_edge failed\n");
      exit (1);
    }
}

/* ------------------------------------------------------------------ */
/* Graph families                                                      */
/* ------------------------------------------------------------------ */

/* Layered: W lanes of straight-line code (lane j of layer i falls through
   to lane j of layer i+1), a forward branch with probability P_BRANCH/1000
   per node to a random lane 1..3 layers down, a loop back edge every ~40
   layers (1..20 layers up), an early return (exit) every ~1000 nodes; the
   last layer returns.  The entry (node 0, lane 0 of layer 0) jumps to the
   other lanes of layer 0.  Every node is reachable and reaches an exit.  */
static pp_cfg *
layered_cfg (unsigned n_nodes, unsigned width, unsigned p_branch,
             uint64_t seed)
{
  unsigned layers = n_nodes / width, n = layers * width, i, j;
  pp_cfg *cfg = pp_cfg_new (n, 0);
  uint64_t s = seed;
  if (!cfg)
    die ("pp_cfg_new", PP_ERR_NOMEM, NULL);
  for (j = 1; j < width; j++)
    add (cfg, 0, j);
  for (i = 0; i < layers; i++)
    for (j = 0; j < width; j++)
      {
        unsigned v = i * width + j;
        if (i + 1 < layers)
          {
            if (below (&s, 1000) < p_branch)
              {
                unsigned hop = 1 + below (&s, 3);
                unsigned lane = below (&s, width);
                if (i + hop >= layers)
                  hop = layers - 1 - i;
                if (hop == 1 && lane == j)
                  lane = (lane + 1) % width;
                add (cfg, v, (i + hop) * width + lane);
              }
            add (cfg, v, v + width);
            if (i >= 1 && below (&s, 40 * width) == 0)
              {
                unsigned up = 1 + below (&s, i < 20 ? i : 20);
                add (cfg, v, (i - up) * width + below (&s, width));
              }
            if (below (&s, 1000) == 0)
              pp_cfg_set_exit (cfg, v, NULL);
          }
        else
          pp_cfg_set_exit (cfg, v, NULL);
      }
  return cfg;
}

/* Interpreter: 0 -> H (dispatch) -> case_k -> ... -> L (latch) -> H,
   L -> X (exit).  Each case is a short chain of CASE_LEN blocks with an
   if-then in the middle, so a case has 2 paths: the path count is linear
   in the size, its digits stay small.  */
static pp_cfg *
interp_cfg (unsigned n_nodes)
{
  const unsigned case_len = 8; /* chain blocks + 1 "then" block */
  unsigned n_cases = (n_nodes - 4) / (case_len + 1), n, k, i;
  unsigned H = 1, L = 2, X = 3, next = 4;
  pp_cfg *cfg;
  n = 4 + n_cases * (case_len + 1);
  cfg = pp_cfg_new (n, 0);
  if (!cfg)
    die ("pp_cfg_new", PP_ERR_NOMEM, NULL);
  add (cfg, 0, H);
  for (k = 0; k < n_cases; k++)
    {
      unsigned first = next, then = next + case_len;
      add (cfg, H, first);
      for (i = 0; i + 1 < case_len; i++)
        {
          if (i == case_len / 2)
            {
              add (cfg, first + i, then);
              add (cfg, then, first + i + 1);
            }
          add (cfg, first + i, first + i + 1);
        }
      add (cfg, first + case_len - 1, L);
      next += case_len + 1;
    }
  add (cfg, L, H);
  add (cfg, L, X);
  pp_cfg_set_exit (cfg, X, NULL);
  return cfg;
}

/* ------------------------------------------------------------------ */
/* Ball-Larus runs, one child process each                             */
/* ------------------------------------------------------------------ */

struct bl_result {
  unsigned nodes, cfg_edges, back, dag_edges, chords, cuts;
  size_t digits, digits_split;
  double mpz_bytes;      /* limb bytes of paths_from + weight */
  double t_mark, t_dag, t_bl, t_place, t_split;
  long maxrss_bl_kb;     /* peak RSS before pp_split_paths */
  long maxrss_kb;        /* peak RSS of the whole child (parent fills) */
};

static size_t
mpz_limb_bytes (const pp_numbering *num)
{
  size_t b = 0, i;
  for (i = 0; i < num->n_nodes; i++)
    b += mpz_size (num->paths_from[i]) * sizeof (mp_limb_t);
  for (i = 0; i < num->n_edges; i++)
    b += mpz_size (num->weight[i]) * sizeof (mp_limb_t);
  return b;
}

static void
run_bl (pp_cfg *cfg, int do_split, struct bl_result *r)
{
  pp_error err;
  pp_status st;
  pp_dag *dag;
  pp_numbering *num;
  pp_placement *pl;
  pp_action *act;
  double t0;

  memset (r, 0, sizeof *r);
  r->nodes = cfg->n_nodes;
  r->cfg_edges = cfg->n_edges;
  t0 = now ();
  r->back = pp_cfg_mark_back_edges (cfg);
  r->t_mark = now () - t0;
  t0 = now ();
  st = pp_dag_build (cfg, &dag, &err);
  r->t_dag = now () - t0;
  if (st != PP_OK)
    die ("pp_dag_build", st, &err);
  t0 = now ();
  st = pp_bl_number (dag, &num, &err);
  r->t_bl = now () - t0;
  if (st != PP_OK)
    die ("pp_bl_number", st, &err);
  r->dag_edges = dag->n_edges;
  r->digits = mpz_sizeinbase (num->total, 10);
  r->mpz_bytes = (double) mpz_limb_bytes (num);
  t0 = now ();
  st = pp_placement_compute (dag, NULL, &pl, &err);
  if (st != PP_OK)
    die ("pp_placement_compute", st, &err);
  st = pp_placement_apply (dag, pl, num->weight, &act, &err);
  r->t_place = now () - t0;
  if (st != PP_OK)
    die ("pp_placement_apply", st, &err);
  r->chords = pl->n_chords;
  {
    struct rusage ru;
    getrusage (RUSAGE_SELF, &ru);
    r->maxrss_bl_kb = ru.ru_maxrss;
  }
  pp_actions_free (act, dag->n_edges);
  pp_placement_free (pl);
  pp_numbering_free (num);
  pp_dag_free (dag);

  if (do_split)
    {
      mpz_t max;
      mpz_init (max);
      mpz_ui_pow_ui (max, 2, 64);
      t0 = now ();
      st = pp_split_paths (cfg, max, &r->cuts, &err);
      r->t_split = now () - t0;
      if (st != PP_OK)
        die ("pp_split_paths", st, &err);
      st = pp_dag_build (cfg, &dag, &err);
      if (st != PP_OK)
        die ("pp_dag_build after split", st, &err);
      st = pp_bl_number (dag, &num, &err);
      if (st != PP_OK)
        die ("pp_bl_number after split", st, &err);
      r->digits_split = mpz_sizeinbase (num->total, 10);
      if (mpz_cmp (num->total, max) > 0)
        die ("split result check", PP_ERR_RANGE, NULL);
      pp_numbering_free (num);
      pp_dag_free (dag);
      mpz_clear (max);
    }
}

enum family { FAM_NONE, FAM_LAYERED, FAM_INTERP };

/* Runs one configuration in a child; the parent gets the child's peak
   RSS from wait4.  */
static int
child_bl (enum family fam, unsigned n_nodes, int do_split,
          struct bl_result *r)
{
  int fd[2];
  pid_t pid;
  struct rusage ru;
  int status;
  ssize_t got;

  if (pipe (fd) != 0)
    return -1;
  fflush (stdout);
  pid = fork ();
  if (pid < 0)
    return -1;
  if (pid == 0)
    {
      struct bl_result res;
      close (fd[0]);
      memset (&res, 0, sizeof res);
      if (fam != FAM_NONE)
        {
          pp_cfg *cfg = fam == FAM_LAYERED
                        ? layered_cfg (n_nodes, 8, 60, 0x5eedULL + n_nodes)
                        : interp_cfg (n_nodes);
          run_bl (cfg, do_split, &res);
          pp_cfg_free (cfg);
        }
      if (write (fd[1], &res, sizeof res) != (ssize_t) sizeof res)
        _exit (3);
      _exit (0);
    }
  close (fd[1]);
  got = read (fd[0], r, sizeof *r);
  close (fd[0]);
  if (wait4 (pid, &status, 0, &ru) != pid || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0 || got != (ssize_t) sizeof *r)
    return -1;
  r->maxrss_kb = ru.ru_maxrss;
  return 0;
}

/* ------------------------------------------------------------------ */
/* PPP run                                                             */
/* ------------------------------------------------------------------ */

static int
cmp_mpz (const void *a, const void *b)
{
  return mpz_cmp (*(const mpz_t *) a, *(const mpz_t *) b);
}

static void
bench_ppp (unsigned n_nodes, unsigned n_interesting)
{
  pp_cfg *cfg = layered_cfg (n_nodes, 4, 250, 0xbadc0ffeeULL);
  pp_error err;
  pp_status st;
  pp_dag *dag;
  pp_numbering *num;
  pp_ppp_result *res;
  pp_placement *pl;
  pp_action *abl, *appp;
  mpz_t *ids, *sorted;
  gmp_randstate_t rs;
  unsigned i, k, dups = 0, n_back;
  long rss_before;
  double t0, t_pick, t_ppp, t_place_c, t_place_bl, t_place_ppp;
  size_t total_len = 0;

  n_back = pp_cfg_mark_back_edges (cfg);
  if ((st = pp_dag_build (cfg, &dag, &err)) != PP_OK)
    die ("pp_dag_build", st, &err);
  if ((st = pp_bl_number (dag, &num, &err)) != PP_OK)
    die ("pp_bl_number", st, &err);

  /* Distinct random ids (the count is astronomically larger than 5,000,
     so duplicates are redrawn, if ever).  Decode each, as the plugin does
     when it reads an interesting-path file.  */
  ids = malloc (n_interesting * sizeof *ids);
  sorted = malloc (n_interesting * sizeof *sorted);
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, 20260101UL);
  t0 = now ();
  for (i = 0; i < n_interesting; i++)
    {
      unsigned *path;
      size_t len;
      mpz_init (ids[i]);
      mpz_urandomm (ids[i], rs, num->total);
      if ((st = pp_bl_decode (dag, num, ids[i], &path, &len, &err)) != PP_OK)
        die ("pp_bl_decode", st, &err);
      total_len += len;
      free (path);
    }
  t_pick = now () - t0;
  for (;;)
    {
      for (i = 0; i < n_interesting; i++)
        mpz_init_set (sorted[i], ids[i]);
      qsort (sorted, n_interesting, sizeof *sorted, cmp_mpz);
      for (i = k = 1; i < n_interesting; i++)
        k += mpz_cmp (sorted[i - 1], sorted[i]) != 0;
      for (i = 0; i < n_interesting; i++)
        mpz_clear (sorted[i]);
      if (k == n_interesting)
        break;
      dups++;
      for (i = 0; i < n_interesting; i++) /* redraw everything: rare */
        mpz_urandomm (ids[i], rs, num->total);
    }

  {
    struct rusage ru;
    getrusage (RUSAGE_SELF, &ru);
    rss_before = ru.ru_maxrss;
  }
  t0 = now ();
  if ((st = pp_ppp_number (dag, num, ids, n_interesting, &res, &err))
      != PP_OK)
    die ("pp_ppp_number", st, &err);
  t_ppp = now () - t0;
  t0 = now ();
  if ((st = pp_placement_compute (dag, NULL, &pl, &err)) != PP_OK)
    die ("pp_placement_compute", st, &err);
  t_place_c = now () - t0;
  t0 = now ();
  if ((st = pp_placement_apply (dag, pl, num->weight, &abl, &err)) != PP_OK)
    die ("pp_placement_apply (BL)", st, &err);
  t_place_bl = now () - t0;
  t0 = now ();
  if ((st = pp_placement_apply (dag, pl, res->weight, &appp, &err)) != PP_OK)
    die ("pp_placement_apply (PPP)", st, &err);
  t_place_ppp = now () - t0;

  printf ("\nPPP: layered CFG, %u nodes, %u CFG edges, %u back edges; DAG "
          "%u nodes, %u edges; N = %zu digits\n", cfg->n_nodes, cfg->n_edges,
          n_back, dag->n_nodes, dag->n_edges,
          mpz_sizeinbase (num->total, 10));
  printf ("     %u interesting paths (distinct random BL ids, %zu edges in "
          "all, %.1f per path)%s\n", n_interesting, total_len,
          (double) total_len / n_interesting,
          dups ? " [ids redrawn]" : "");
  {
    size_t rdig = mpz_sizeinbase (res->range, 10);
    char *range = rdig <= 40 ? mpz_get_str (NULL, 10, res->range) : NULL;
    printf ("     PPP range %s%s, delta %.4f (Ball-Larus would need %zu "
            "digits)\n", range ? range : "", range ? "" : "(>40 digits)",
            res->delta, mpz_sizeinbase (num->total, 10));
    free (range);
  }
  printf ("  %-44s %10s\n", "step", "seconds");
  printf ("  %-44s %10.4f\n", "decode 5,000 ids (pp_bl_decode)", t_pick);
  printf ("  %-44s %10.4f\n", "pp_ppp_number", t_ppp);
  printf ("  %-44s %10.4f\n", "pp_placement_compute", t_place_c);
  printf ("  %-44s %10.4f\n", "pp_placement_apply (Ball-Larus weights)",
          t_place_bl);
  printf ("  %-44s %10.4f\n", "pp_placement_apply (PPP weights)",
          t_place_ppp);
  printf ("  chords: %u of %u DAG edges\n", pl->n_chords, dag->n_edges);
  {
    struct rusage ru;
    getrusage (RUSAGE_SELF, &ru);
    printf ("  peak RSS: %ld KiB before pp_ppp_number, %ld KiB after\n",
            rss_before, ru.ru_maxrss);
  }

  pp_actions_free (abl, dag->n_edges);
  pp_actions_free (appp, dag->n_edges);
  pp_placement_free (pl);
  pp_ppp_free (res);
  for (i = 0; i < n_interesting; i++)
    mpz_clear (ids[i]);
  free (ids);
  free (sorted);
  gmp_randclear (rs);
  pp_numbering_free (num);
  pp_dag_free (dag);
  pp_cfg_free (cfg);
}

/* ------------------------------------------------------------------ */

int
main (int argc, char **argv)
{
  double scale = argc > 1 ? atof (argv[1]) : 1.0;
  static const unsigned sizes[] = { 25000, 50000, 100000 };
  struct bl_result base, r;
  unsigned i;
  int fam;

  if (scale <= 0)
    scale = 1.0;
  if (child_bl (FAM_NONE, 0, 0, &base) != 0)
    {
      fprintf (stderr, "bench_core: baseline child failed\n");
      return 1;
    }
  printf ("pathprof core benchmark (one run each, CLOCK_MONOTONIC seconds; "
          "peak RSS of a child process per row, baseline %ld KiB)\n",
          base.maxrss_kb);
  for (fam = FAM_LAYERED; fam <= FAM_INTERP; fam++)
    {
      printf ("\n%s CFG\n", fam == FAM_LAYERED
              ? "Layered (8 lanes, 6% forward branches, loops, returns)"
              : "Interpreter (dispatch loop over 8-block cases)");
      printf ("%8s %8s %5s %8s %7s | %7s %7s %7s %7s | %8s %8s %7s | "
              "%7s %5s %6s %8s\n", "nodes", "cfgedges", "back", "dagedges",
              "digits", "markbk", "dag", "bl", "place", "peakKiB", "B/node",
              "mpzB/nd", "split64", "cuts", "digits", "peakKiB");
      for (i = 0; i < sizeof sizes / sizeof *sizes; i++)
        {
          unsigned n = (unsigned) (sizes[i] * scale);
          if (child_bl ((enum family) fam, n, 1, &r) != 0)
            {
              fprintf (stderr, "bench_core: run with %u nodes failed\n", n);
              return 1;
            }
          printf ("%8u %8u %5u %8u %7zu | %7.4f %7.4f %7.4f %7.4f | %8ld "
                  "%8.1f %7.1f | %7.3f %5u %6zu %8ld\n", r.nodes,
                  r.cfg_edges, r.back, r.dag_edges, r.digits, r.t_mark,
                  r.t_dag, r.t_bl, r.t_place, r.maxrss_bl_kb,
                  (double) (r.maxrss_bl_kb - base.maxrss_kb) * 1024.0
                  / r.nodes, r.mpz_bytes / r.nodes, r.t_split, r.cuts,
                  r.digits_split, r.maxrss_kb);
        }
    }
  printf ("\ncolumns: digits = decimal digits of the path count; markbk = "
          "pp_cfg_mark_back_edges, dag = pp_dag_build, bl = pp_bl_number, "
          "place = placement compute + apply (BL weights), in seconds;\n"
          "  peakKiB / B/node = peak RSS after those steps, and (peak - "
          "baseline) per CFG node; mpzB/nd = GMP limb bytes of all N_v and "
          "W(e) per node\n  (grows with the digits of the path count); "
          "split64 = seconds of pp_split_paths to 2^64, cuts made, digits "
          "left, peak RSS including it\n");

  bench_ppp ((unsigned) (4000 * scale), 5000);
  return 0;
}
