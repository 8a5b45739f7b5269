/* pathprof core unit tests: shared helpers (see testutil.h).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* PRNG                                                                */
/* ------------------------------------------------------------------ */

uint64_t
tu_splitmix64 (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void
tu_rng_seed (tu_rng *r, uint64_t seed)
{
  r->state = seed;
}

uint64_t
tu_next (tu_rng *r)
{
  return tu_splitmix64 (&r->state);
}

unsigned
tu_below (tu_rng *r, unsigned n)
{
  /* n is small in every use: modulo bias is irrelevant.  */
  return (unsigned) (tu_next (r) % n);
}

int
tu_chance (tu_rng *r, unsigned num, unsigned den)
{
  return tu_below (r, den) < num;
}

uint64_t
tu_base_seed (void)
{
  const char *s = getenv ("PP_TEST_SEED");
  if (s && *s)
    return strtoull (s, NULL, 0);
  return 0x5eed0ba11a25ULL;
}

unsigned
tu_num_graphs (unsigned dflt)
{
  const char *s = getenv ("PP_TEST_GRAPHS");
  if (s && *s)
    return (unsigned) strtoul (s, NULL, 0);
  return dflt;
}

/* ------------------------------------------------------------------ */
/* Failure reporting                                                   */
/* ------------------------------------------------------------------ */

char tu_ctx[512];
const pp_cfg *tu_ctx_cfg;
static unsigned tu_n_reported;

void
tu_dump_cfg (const pp_cfg *cfg)
{
  unsigned i;
  fprintf (stderr, "    cfg: %u nodes, entry %u, exits {", cfg->n_nodes,
           cfg->entry);
  for (i = 0; i < cfg->n_nodes; i++)
    if (cfg->is_exit[i])
      fprintf (stderr, " %u", i);
  fprintf (stderr, " }, edges (src->dst/cut):");
  for (i = 0; i < cfg->n_edges; i++)
    fprintf (stderr, "%s %u->%u/%d", i % 12 ? "" : "\n     ",
             cfg->edges[i].src, cfg->edges[i].dst, (int) cfg->edges[i].cut);
  fprintf (stderr, "\n");
}

void
tu_fail (const char *file, int line, const char *cond, const char *fmt, ...)
{
  CU_assertImplementation (CU_FALSE, (unsigned) line, cond, file, "",
                           CU_FALSE);
  if (tu_n_reported++ >= 25)
    return;
  va_list ap;
  fprintf (stderr, "\n  FAIL %s:%d: %s\n    [%s]\n    ", file, line, cond,
           tu_ctx[0] ? tu_ctx : "no context");
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fprintf (stderr, "\n");
  if (tu_ctx_cfg && tu_n_reported <= 5)
    tu_dump_cfg (tu_ctx_cfg);
}

/* ------------------------------------------------------------------ */
/* CFG helpers                                                         */
/* ------------------------------------------------------------------ */

pp_cfg *
tu_cfg_make (unsigned n, unsigned entry, const unsigned (*edges)[2],
             unsigned m, const unsigned *exits, unsigned n_exits)
{
  pp_cfg *cfg = pp_cfg_new (n, entry);
  unsigned i;
  CU_ASSERT_PTR_NOT_NULL_FATAL (cfg);
  for (i = 0; i < m; i++)
    CU_ASSERT_EQUAL (pp_cfg_add_edge (cfg, edges[i][0], edges[i][1],
                                      PP_CUT_NONE), (long) i);
  for (i = 0; i < n_exits; i++)
    {
      pp_error err;
      CU_ASSERT_EQUAL (pp_cfg_set_exit (cfg, exits[i], &err), PP_OK);
    }
  return cfg;
}

pp_cfg *
tu_cfg_clone (const pp_cfg *cfg)
{
  pp_cfg *c = pp_cfg_new (cfg->n_nodes, cfg->entry);
  unsigned i;
  if (!c)
    return NULL;
  for (i = 0; i < cfg->n_edges; i++)
    if (pp_cfg_add_edge (c, cfg->edges[i].src, cfg->edges[i].dst,
                         cfg->edges[i].cut) != (long) i)
      {
        pp_cfg_free (c);
        return NULL;
      }
  for (i = 0; i < cfg->n_nodes; i++)
    {
      if (cfg->is_exit[i] && pp_cfg_set_exit (c, i, NULL) != PP_OK)
        {
          pp_cfg_free (c);
          return NULL;
        }
      if (cfg->no_split && c->no_split)
        c->no_split[i] = cfg->no_split[i];
    }
  return c;
}

pp_cfg *
tu_random_cfg (uint64_t seed, unsigned n_min, unsigned n_max)
{
  tu_rng r;
  unsigned n, style, i, k, m = 0, extra, cap;
  unsigned *perm, *rank, (*ed)[2], *outdeg;
  unsigned char *adj;
  pp_cfg *cfg;

  tu_rng_seed (&r, seed);
  n = n_min + tu_below (&r, n_max - n_min + 1);
  /* 0: uniform, 1: forward-biased, 2: sparse, 3: dense forward-biased,
     4: dense, nearly acyclic, short hops (huge path counts).  */
  style = tu_below (&r, 5);
  if (style == 4 && n < (n_min + n_max) / 2)
    n = n_max - (n - n_min);
  perm = malloc (n * sizeof *perm);
  rank = malloc (n * sizeof *rank);
  outdeg = calloc (n, sizeof *outdeg);
  adj = calloc ((size_t) n * n, 1);
  cap = 5 * n + 8;
  ed = malloc (cap * sizeof *ed);

  for (i = 0; i < n; i++)
    perm[i] = i;
  for (i = n - 1; i > 1; i--)
    {
      unsigned j = 1 + tu_below (&r, i); /* keep 0 first */
      unsigned tmp = perm[i];
      perm[i] = perm[j];
      perm[j] = tmp;
    }
  for (i = 0; i < n; i++)
    rank[perm[i]] = i;

  /* Spanning tree from the entry: every node reachable.  */
  for (k = 1; k < n; k++)
    {
      unsigned p = perm[tu_below (&r, k)];
      ed[m][0] = p;
      ed[m][1] = perm[k];
      adj[(size_t) p * n + perm[k]] = 1;
      m++;
    }
  switch (style)
    {
    case 0: extra = tu_below (&r, n + 1); break;
    case 1: extra = tu_below (&r, 2 * n + 1); break;
    case 2: extra = tu_below (&r, n / 2 + 1); break;
    case 3: extra = n + tu_below (&r, 2 * n + 1); break;
    default: extra = 2 * n + tu_below (&r, 2 * n + 1); break;
    }
  for (k = 0; k < extra && m < cap; k++)
    {
      unsigned a = tu_below (&r, n), b = tu_below (&r, n);
      if (style == 4 && rank[a] + 1 < n && tu_chance (&r, 3, 4))
        {
          /* short forward hop: chains of diamonds, many paths */
          unsigned hop = 1 + tu_below (&r, 3);
          b = perm[rank[a] + hop < n ? rank[a] + hop : n - 1];
        }
      int fwd = ((style == 1 || style == 3) && tu_chance (&r, 85, 100))
                || (style == 4 && tu_chance (&r, 97, 100));
      if (fwd && rank[a] > rank[b])
        {
          unsigned t = a;
          a = b;
          b = t;
        }
      if (a == b && !tu_chance (&r, 1, 3))
        continue;
      if (adj[(size_t) a * n + b])
        continue;
      adj[(size_t) a * n + b] = 1;
      ed[m][0] = a;
      ed[m][1] = b;
      m++;
    }
  /* Edge order matters for the numbering: shuffle it.  */
  for (i = m; i > 1; i--)
    {
      unsigned j = tu_below (&r, i);
      unsigned t0 = ed[i - 1][0], t1 = ed[i - 1][1];
      ed[i - 1][0] = ed[j][0];
      ed[i - 1][1] = ed[j][1];
      ed[j][0] = t0;
      ed[j][1] = t1;
    }

  cfg = pp_cfg_new (n, 0);
  if (cfg)
    {
      for (i = 0; i < m; i++)
        {
          if (pp_cfg_add_edge (cfg, ed[i][0], ed[i][1], PP_CUT_NONE)
              != (long) i)
            {
              pp_cfg_free (cfg);
              cfg = NULL;
              break;
            }
          outdeg[ed[i][0]]++;
        }
    }
  if (cfg)
    for (i = 0; i < n; i++)
      {
        if (outdeg[i] == 0 || tu_chance (&r, 1, 6))
          pp_cfg_set_exit (cfg, i, NULL);
        if (cfg->no_split && tu_chance (&r, 1, 8))
          cfg->no_split[i] = 1;
      }
  free (perm);
  free (rank);
  free (outdeg);
  free (adj);
  free (ed);
  return cfg;
}

struct ref_dfs {
  const pp_cfg *cfg;
  unsigned *start, *list;
  unsigned char *state; /* 0 new, 1 on stack, 2 done */
  unsigned char *back;
  unsigned count;
};

static void
ref_dfs_visit (struct ref_dfs *d, unsigned v)
{
  unsigned k;
  d->state[v] = 1;
  for (k = d->start[v]; k < d->start[v + 1]; k++)
    {
      unsigned e = d->list[k], w = d->cfg->edges[e].dst;
      if (d->state[w] == 1)
        {
          d->back[e] = 1;
          d->count++;
        }
      else if (d->state[w] == 0)
        ref_dfs_visit (d, w);
    }
  d->state[v] = 2;
}

unsigned
tu_ref_back_edges (const pp_cfg *cfg, unsigned char *back)
{
  struct ref_dfs d;
  unsigned n = cfg->n_nodes, i, *fill;
  d.cfg = cfg;
  d.start = calloc (n + 1, sizeof *d.start);
  d.list = malloc ((cfg->n_edges + 1) * sizeof *d.list);
  d.state = calloc (n, 1);
  d.back = back;
  d.count = 0;
  fill = calloc (n + 1, sizeof *fill);
  memset (back, 0, cfg->n_edges);
  for (i = 0; i < cfg->n_edges; i++)
    d.start[cfg->edges[i].src + 1]++;
  for (i = 0; i < n; i++)
    d.start[i + 1] += d.start[i];
  for (i = 0; i < cfg->n_edges; i++)
    {
      unsigned s = cfg->edges[i].src;
      d.list[d.start[s] + fill[s]++] = i;
    }
  ref_dfs_visit (&d, cfg->entry);
  free (d.start);
  free (d.list);
  free (d.state);
  free (fill);
  return d.count;
}

/* ------------------------------------------------------------------ */
/* DAG analysis                                                        */
/* ------------------------------------------------------------------ */

int
tu_topo (const pp_dag *dag, unsigned *order)
{
  unsigned n = dag->n_nodes, i, head = 0, tail = 0;
  unsigned *indeg = calloc (n, sizeof *indeg);
  unsigned *ostart = calloc (n + 1, sizeof *ostart);
  unsigned *olist = malloc ((dag->n_edges + 1) * sizeof *olist);
  unsigned *fill = calloc (n, sizeof *fill);
  for (i = 0; i < dag->n_edges; i++)
    {
      indeg[dag->edges[i].dst]++;
      ostart[dag->edges[i].src + 1]++;
    }
  for (i = 0; i < n; i++)
    ostart[i + 1] += ostart[i];
  for (i = 0; i < dag->n_edges; i++)
    {
      unsigned s = dag->edges[i].src;
      olist[ostart[s] + fill[s]++] = i;
    }
  for (i = 0; i < n; i++)
    if (indeg[i] == 0)
      order[tail++] = i;
  while (head < tail)
    {
      unsigned v = order[head++], k;
      for (k = ostart[v]; k < ostart[v + 1]; k++)
        if (--indeg[dag->edges[olist[k]].dst] == 0)
          order[tail++] = dag->edges[olist[k]].dst;
    }
  free (indeg);
  free (ostart);
  free (olist);
  free (fill);
  return tail == n;
}

int
tu_count_from (const pp_dag *dag, mpz_t *from)
{
  unsigned n = dag->n_nodes, i;
  unsigned *order = malloc (n * sizeof *order);
  if (!tu_topo (dag, order))
    {
      free (order);
      return 0;
    }
  for (i = 0; i < n; i++)
    mpz_set_ui (from[i], order[i] == dag->t ? 1 : 0);
  /* Reverse topological order: every successor is final before v.  */
  for (i = n; i-- > 0;)
    {
      unsigned v = order[i], e;
      if (v == dag->t)
        continue;
      for (e = 0; e < dag->n_edges; e++)
        if (dag->edges[e].src == v)
          mpz_add (from[v], from[v], from[dag->edges[e].dst]);
    }
  free (order);
  return 1;
}

static void
ps_push_path (tu_pathset *ps, const unsigned *stack, size_t len)
{
  if (ps->n + 2 > ps->cap_n)
    {
      ps->cap_n = ps->cap_n ? 2 * ps->cap_n : 64;
      ps->off = realloc (ps->off, ps->cap_n * sizeof *ps->off);
    }
  if (ps->off[ps->n] + len > ps->cap_e)
    {
      while (ps->off[ps->n] + len > ps->cap_e)
        ps->cap_e = ps->cap_e ? 2 * ps->cap_e : 1024;
      ps->e = realloc (ps->e, ps->cap_e * sizeof *ps->e);
    }
  memcpy (ps->e + ps->off[ps->n], stack, len * sizeof *stack);
  ps->off[ps->n + 1] = ps->off[ps->n] + len;
  ps->n++;
}

struct enum_state {
  const pp_dag *dag;
  size_t limit;
  tu_pathset *ps;
  unsigned *stack;
  size_t depth;
  int overflow;
};

static void
enum_rec (struct enum_state *st, unsigned v)
{
  unsigned k;
  if (st->overflow)
    return;
  if (v == st->dag->t)
    {
      if (st->ps->n >= st->limit)
        st->overflow = 1;
      else
        ps_push_path (st->ps, st->stack, st->depth);
      return;
    }
  for (k = st->dag->out_start[v]; k < st->dag->out_start[v + 1]; k++)
    {
      unsigned e = st->dag->out_edges[k];
      st->stack[st->depth++] = e;
      enum_rec (st, st->dag->edges[e].dst);
      st->depth--;
      if (st->overflow)
        return;
    }
}

int
tu_enum_paths (const pp_dag *dag, size_t limit, tu_pathset *ps)
{
  struct enum_state st;
  memset (ps, 0, sizeof *ps);
  ps->cap_n = 64;
  ps->off = calloc (ps->cap_n, sizeof *ps->off);
  st.dag = dag;
  st.limit = limit;
  st.ps = ps;
  st.stack = malloc ((dag->n_edges + 1) * sizeof *st.stack);
  st.depth = 0;
  st.overflow = 0;
  enum_rec (&st, dag->s);
  free (st.stack);
  return !st.overflow;
}

void
tu_pathset_free (tu_pathset *ps)
{
  free (ps->off);
  free (ps->e);
  memset (ps, 0, sizeof *ps);
}

void
tu_sum (mpz_t *w, const unsigned *path, size_t len, mpz_t out)
{
  size_t i;
  mpz_set_ui (out, 0);
  for (i = 0; i < len; i++)
    mpz_add (out, out, w[path[i]]);
}

int
tu_is_st_path (const pp_dag *dag, const unsigned *path, size_t len)
{
  size_t i;
  unsigned at = dag->s;
  if (len == 0)
    return 0;
  for (i = 0; i < len; i++)
    {
      if (path[i] >= dag->n_edges || dag->edges[path[i]].src != at)
        return 0;
      at = dag->edges[path[i]].dst;
    }
  return at == dag->t;
}

long
tu_find_edge (const pp_dag *dag, unsigned src, unsigned dst,
              pp_edge_kind kind)
{
  unsigned e;
  for (e = 0; e < dag->n_edges; e++)
    if (dag->edges[e].src == src && dag->edges[e].dst == dst
        && dag->edges[e].kind == kind)
      return e;
  return -1;
}

/* ------------------------------------------------------------------ */
/* Reference PPP (Fig. 3.10)                                           */
/* ------------------------------------------------------------------ */

struct trie_child { unsigned edge, node, next; };

void
tu_ref_ppp (const pp_dag *dag, unsigned k, const unsigned *const *paths,
            const size_t *lens, mpz_t *w, unsigned char *def, mpz_t *ids)
{
  unsigned n = dag->n_nodes, E = dag->n_edges, i, e;
  size_t total_len = 0, j;
  unsigned *order = malloc (n * sizeof *order);
  /* Trie of prefixes: node 0 is the empty prefix.  */
  unsigned n_trie = 1, *first_child;
  struct trie_child *ch;
  unsigned **pref;            /* pref[i][j]: trie node of the first j edges */
  unsigned *through_start, *through; /* per edge: (path, position) lists */
  unsigned *through_pos;
  mpz_t *cis, *mn;
  unsigned *stamp, *touched, n_touched;
  mpz_t cand, best;

  for (i = 0; i < k; i++)
    total_len += lens[i];
  ch = malloc ((total_len + 1) * sizeof *ch);
  first_child = malloc ((total_len + 1) * sizeof *first_child);
  first_child[0] = ~0u;
  pref = malloc ((k + 1) * sizeof *pref);
  for (i = 0; i < k; i++)
    {
      unsigned cur = 0;
      pref[i] = malloc ((lens[i] + 1) * sizeof **pref);
      pref[i][0] = 0;
      for (j = 0; j < lens[i]; j++)
        {
          unsigned c = first_child[cur];
          while (c != ~0u && ch[c].edge != paths[i][j])
            c = ch[c].next;
          if (c == ~0u)
            {
              c = n_trie - 1; /* child record index == new node - 1 */
              ch[c].edge = paths[i][j];
              ch[c].node = n_trie;
              ch[c].next = first_child[cur];
              first_child[cur] = c;
              first_child[n_trie] = ~0u;
              n_trie++;
            }
          cur = ch[c].node;
          pref[i][j + 1] = cur;
        }
    }

  /* Interesting paths through each edge, with the edge's position.  */
  through_start = calloc (E + 1, sizeof *through_start);
  through = malloc ((total_len + 1) * sizeof *through);
  through_pos = malloc ((total_len + 1) * sizeof *through_pos);
  for (i = 0; i < k; i++)
    for (j = 0; j < lens[i]; j++)
      through_start[paths[i][j] + 1]++;
  for (e = 0; e < E; e++)
    through_start[e + 1] += through_start[e];
  {
    unsigned *fill = calloc (E, sizeof *fill);
    for (i = 0; i < k; i++)
      for (j = 0; j < lens[i]; j++)
        {
          unsigned ed = paths[i][j], at = through_start[ed] + fill[ed]++;
          through[at] = i;
          through_pos[at] = (unsigned) j;
        }
    free (fill);
  }

  cis = malloc (n_trie * sizeof *cis);
  mn = malloc (n_trie * sizeof *mn);
  stamp = malloc (n_trie * sizeof *stamp);
  touched = malloc (n_trie * sizeof *touched);
  for (i = 0; i < n_trie; i++)
    {
      mpz_init (cis[i]);
      mpz_init (mn[i]);
      stamp[i] = ~0u;
    }
  mpz_init (cand);
  mpz_init (best);
  for (i = 0; i < k; i++)
    mpz_set_ui (ids[i], 0);   /* pid */
  for (e = 0; e < E; e++)
    {
      mpz_set_ui (w[e], 0);
      def[e] = 0;
    }

  if (!tu_topo (dag, order))
    abort ();
  for (i = n; i-- > 0;)
    {
      unsigned v = order[i], kk;
      for (kk = dag->out_start[v]; kk < dag->out_start[v + 1]; kk++)
        {
          unsigned ed = dag->out_edges[kk], a;
          if (through_start[ed] == through_start[ed + 1])
            continue;           /* no interesting path: W stays undefined */
          n_touched = 0;
          /* min_{e,q} for every prefix q.  */
          for (a = through_start[ed]; a < through_start[ed + 1]; a++)
            {
              unsigned p = through[a], q = pref[p][through_pos[a]];
              if (stamp[q] != ed)
                {
                  stamp[q] = ed;
                  touched[n_touched++] = q;
                  mpz_set (mn[q], ids[p]);
                }
              else if (mpz_cmp (ids[p], mn[q]) < 0)
                mpz_set (mn[q], ids[p]);
            }
          /* The join: maximum of cis(q) - min_{e,q}.  */
          for (a = 0; a < n_touched; a++)
            {
              unsigned q = touched[a];
              mpz_sub (cand, cis[q], mn[q]);
              if (a == 0 || mpz_cmp (cand, best) > 0)
                mpz_set (best, cand);
            }
          mpz_set (w[ed], best);
          def[ed] = 1;
          for (a = through_start[ed]; a < through_start[ed + 1]; a++)
            mpz_add (ids[through[a]], ids[through[a]], best);
          /* cis(q) := max pid over the group + 1 (mn reused as max).  */
          for (a = 0; a < n_touched; a++)
            stamp[touched[a]] = ~0u - 1;
          for (a = through_start[ed]; a < through_start[ed + 1]; a++)
            {
              unsigned p = through[a], q = pref[p][through_pos[a]];
              if (stamp[q] != ~0u - 2)
                {
                  stamp[q] = ~0u - 2;
                  mpz_set (mn[q], ids[p]);
                }
              else if (mpz_cmp (ids[p], mn[q]) > 0)
                mpz_set (mn[q], ids[p]);
            }
          for (a = 0; a < n_touched; a++)
            {
              unsigned q = touched[a];
              mpz_add_ui (cis[q], mn[q], 1);
              stamp[q] = ~0u;
            }
        }
    }

  for (i = 0; i < n_trie; i++)
    {
      mpz_clear (cis[i]);
      mpz_clear (mn[i]);
    }
  mpz_clear (cand);
  mpz_clear (best);
  for (i = 0; i < k; i++)
    free (pref[i]);
  free (pref);
  free (ch);
  free (first_child);
  free (through_start);
  free (through);
  free (through_pos);
  free (cis);
  free (mn);
  free (stamp);
  free (touched);
  free (order);
}

/* ------------------------------------------------------------------ */
/* Reference splitting                                                 */
/* ------------------------------------------------------------------ */

int
tu_cfg_count (const pp_cfg *cfg, mpz_t out)
{
  unsigned n = cfg->n_nodes + 2, s = cfg->n_nodes, t = cfg->n_nodes + 1;
  unsigned m = 0, i, head = 0, tail = 0, cap = 2 * cfg->n_edges + n;
  unsigned *es = malloc (cap * sizeof *es), *ed = malloc (cap * sizeof *ed);
  unsigned *indeg = calloc (n, sizeof *indeg), *order = malloc (n * sizeof *order);
  mpz_t *from;
  int ok;

  es[m] = s; ed[m++] = cfg->entry;
  for (i = 0; i < cfg->n_edges; i++)
    {
      if (cfg->edges[i].cut == PP_CUT_NONE)
        {
          es[m] = cfg->edges[i].src; ed[m++] = cfg->edges[i].dst;
        }
      else
        {
          es[m] = s; ed[m++] = cfg->edges[i].dst;
          es[m] = cfg->edges[i].src; ed[m++] = t;
        }
    }
  for (i = 0; i < cfg->n_nodes; i++)
    if (cfg->is_exit[i])
      {
        es[m] = i; ed[m++] = t;
      }
  for (i = 0; i < m; i++)
    indeg[ed[i]]++;
  for (i = 0; i < n; i++)
    if (!indeg[i])
      order[tail++] = i;
  while (head < tail)
    {
      unsigned v = order[head++];
      for (i = 0; i < m; i++)
        if (es[i] == v && --indeg[ed[i]] == 0)
          order[tail++] = ed[i];
    }
  ok = tail == n;
  if (ok)
    {
      from = malloc (n * sizeof *from);
      for (i = 0; i < n; i++)
        mpz_init_set_ui (from[i], i == t);
      for (i = n; i-- > 0;)
        {
          unsigned v = order[i], j;
          for (j = 0; j < m; j++)
            if (es[j] == v)
              mpz_add (from[v], from[v], from[ed[j]]);
        }
      mpz_set (out, from[s]);
      for (i = 0; i < n; i++)
        mpz_clear (from[i]);
      free (from);
    }
  free (es);
  free (ed);
  free (indeg);
  free (order);
  return ok;
}

pp_status
tu_ref_split (pp_cfg *cfg, const mpz_t max, unsigned *n_cuts)
{
  mpz_t cur, trial, best;
  pp_status st = PP_OK;
  unsigned cuts = 0;
  unsigned *changed = malloc ((cfg->n_edges + 1) * sizeof *changed);
  mpz_init (cur);
  mpz_init (trial);
  mpz_init (best);
  for (;;)
    {
      long best_v = -1;
      unsigned v, i;
      if (!tu_cfg_count (cfg, cur))
        {
          st = PP_ERR_CYCLE;
          break;
        }
      if (mpz_cmp (cur, max) <= 0)
        break;
      for (v = 0; v < cfg->n_nodes; v++)
        {
          unsigned n_in = 0;
          if (v == cfg->entry || (cfg->no_split && cfg->no_split[v]))
            continue;
          for (i = 0; i < cfg->n_edges; i++)
            if (cfg->edges[i].dst == v && cfg->edges[i].cut == PP_CUT_NONE)
              {
                cfg->edges[i].cut = PP_CUT_SPLIT;
                changed[n_in++] = i;
              }
          if (!n_in)
            continue;
          if (!tu_cfg_count (cfg, trial))
            abort (); /* cutting cannot create a cycle */
          for (i = 0; i < n_in; i++)
            cfg->edges[changed[i]].cut = PP_CUT_NONE;
          if (mpz_cmp (trial, cur) < 0
              && (best_v < 0 || mpz_cmp (trial, best) < 0))
            {
              best_v = v;
              mpz_set (best, trial);
            }
        }
      if (best_v < 0)
        {
          st = PP_ERR_RANGE;
          break;
        }
      for (i = 0; i < cfg->n_edges; i++)
        if (cfg->edges[i].dst == (unsigned) best_v
            && cfg->edges[i].cut == PP_CUT_NONE)
          cfg->edges[i].cut = PP_CUT_SPLIT;
      cuts++;
    }
  *n_cuts = cuts;
  free (changed);
  mpz_clear (cur);
  mpz_clear (trial);
  mpz_clear (best);
  return st;
}
