/* pathprof core: subpath CFGs and segments (segment.h).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "segment.h"

/* ------------------------------------------------------------------ */
/* Subpath CFGs                                                        */
/* ------------------------------------------------------------------ */

pp_subpath_fn *
pp_subpath_new (const char *name, const char *source, pp_cfg *cfg,
                unsigned exit_block, pp_error *err)
{
  pp_subpath_fn *f = pp_calloc (1, sizeof *f, err);
  if (!f)
    return NULL;
  f->name = strdup (name);
  f->source = strdup (source);
  if (!f->name || !f->source)
    {
      free (f->name);
      free (f->source);
      free (f);
      pp_fail (err, PP_ERR_NOMEM, "out of memory");
      return NULL;
    }
  f->cfg = cfg;
  f->exit_block = exit_block;
  return f;
}

void
pp_subpath_free (pp_subpath_fn *f)
{
  if (!f)
    return;
  free (f->name);
  free (f->source);
  pp_cfg_free (f->cfg);
  for (unsigned i = 0; i < f->n_sites; i++)
    free (f->site_callee[i]);
  free (f->site_callee);
  free (f->site_edge);
  pp_dag_free (f->dag);
  pp_numbering_free (f->num);
  free (f->edge_site);
  free (f);
}

pp_status
pp_subpath_add_site (pp_subpath_fn *f, unsigned edge, const char *callee,
                     pp_error *err)
{
  if (edge >= f->cfg->n_edges || f->cfg->edges[edge].cut != PP_CUT_CALL)
    return pp_fail (err, PP_ERR_INVALID,
                    "function '%s': call site %u: edge %u is not a call "
                    "cut",
                    f->name, f->n_sites, edge);
  if (f->n_sites && f->site_edge[f->n_sites - 1] >= edge)
    return pp_fail (err, PP_ERR_INVALID,
                    "function '%s': call site %u: edge %u is not after the "
                    "previous site's edge %u",
                    f->name, f->n_sites, edge, f->site_edge[f->n_sites - 1]);
  if (f->n_sites == f->cap_sites)
    {
      size_t cap = f->cap_sites ? 2 * f->cap_sites : 8;
      unsigned *e = realloc (f->site_edge, cap * sizeof *e);
      if (e)
        f->site_edge = e;
      char **c = realloc (f->site_callee, cap * sizeof *c);
      if (c)
        f->site_callee = c;
      if (!e || !c)
        return pp_fail (err, PP_ERR_NOMEM, "out of memory");
      f->cap_sites = cap;
    }
  char *name = NULL;
  if (callee && !(name = strdup (callee)))
    return pp_fail (err, PP_ERR_NOMEM, "out of memory");
  f->site_edge[f->n_sites] = edge;
  f->site_callee[f->n_sites] = name;
  f->n_sites++;
  return PP_OK;
}

/* CRC-32 (IEEE 802.3, reflected), bytewise, as pp_cfg_checksum.  */
static uint32_t
crc_bytes (uint32_t crc, const void *buf, size_t n)
{
  const unsigned char *p = buf;
  for (size_t i = 0; i < n; i++)
    {
      crc ^= p[i];
      for (int bit = 0; bit < 8; bit++)
        crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
    }
  return crc;
}

static uint32_t
crc_word (uint32_t crc, uint32_t w)
{
  unsigned char b[4] = { w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff,
                         w >> 24 };
  return crc_bytes (crc, b, 4);
}

uint32_t
pp_subpath_checksum (const pp_subpath_fn *f)
{
  uint32_t crc = crc_word (0xffffffffu, pp_cfg_checksum (f->cfg));
  for (unsigned i = 0; i < f->n_sites; i++)
    {
      crc = crc_word (crc, f->site_edge[i]);
      const char *c = f->site_callee[i];
      if (c)
        {
          crc = crc_word (crc, (uint32_t) strlen (c));
          crc = crc_bytes (crc, c, strlen (c));
        }
      else
        crc = crc_bytes (crc, "*", 1);
    }
  return crc ^ 0xffffffffu;
}

pp_status
pp_subpath_finish (pp_subpath_fn *f, pp_error *err)
{
  const pp_cfg *cfg = f->cfg;
  if (f->exit_block > cfg->n_nodes
      || (f->exit_block < cfg->n_nodes && !cfg->is_exit[f->exit_block]))
    return pp_fail (err, PP_ERR_INVALID,
                    "function '%s': exit block node %u is not an exit",
                    f->name, f->exit_block);
  f->edge_site = pp_calloc (cfg->n_edges ? cfg->n_edges : 1,
                            sizeof *f->edge_site, err);
  if (!f->edge_site)
    return PP_ERR_NOMEM;
  for (unsigned i = 0; i < cfg->n_edges; i++)
    f->edge_site[i] = -1;
  for (unsigned k = 0; k < f->n_sites; k++)
    f->edge_site[f->site_edge[k]] = k;
  for (unsigned i = 0; i < cfg->n_edges; i++)
    if (cfg->edges[i].cut == PP_CUT_CALL && f->edge_site[i] < 0)
      return pp_fail (err, PP_ERR_INVALID,
                      "function '%s': call cut edge %u is no call site",
                      f->name, i);
  pp_status st = pp_dag_build (cfg, &f->dag, err);
  if (st == PP_OK)
    st = pp_bl_number (f->dag, &f->num, err);
  if (st != PP_OK)
    return st;
  if (mpz_sizeinbase (f->num->total, 2) > 64)
    {
      char *n = mpz_get_str (NULL, 10, f->num->total);
      st = pp_fail (err, PP_ERR_RANGE,
                    "function '%s' has %s subpaths, more than a 64-bit id "
                    "can number",
                    f->name, n ? n : "?");
      free (n);
      return st;
    }
  f->checksum = pp_subpath_checksum (f);
  return PP_OK;
}

static void
mpz_set_u64 (mpz_t z, uint64_t v)
{
  mpz_import (z, 1, 1, sizeof v, 0, 0, &v);
}

pp_status
pp_subpath_decode (const pp_subpath_fn *f, uint64_t id, unsigned **nodes,
                   size_t *n_nodes, pp_piece_shape *shape, pp_error *err)
{
  mpz_t z;
  mpz_init (z);
  mpz_set_u64 (z, id);
  unsigned *edges;
  size_t len;
  pp_status st = pp_bl_decode (f->dag, f->num, z, &edges, &len, err);
  mpz_clear (z);
  if (st != PP_OK)
    return st;
  const pp_dag *dag = f->dag;
  if (shape)
    {
      const pp_dag_edge *first = &dag->edges[edges[0]];
      const pp_dag_edge *last = &dag->edges[edges[len - 1]];
      shape->starts_at_entry = first->kind == PP_EDGE_ENTRY;
      shape->start_edge = shape->starts_at_entry ? -1 : first->origin;
      shape->ends_at_exit = last->kind == PP_EDGE_EXIT;
      shape->end_edge = shape->ends_at_exit ? -1 : last->origin;
      shape->exit_node = shape->ends_at_exit ? (unsigned) last->origin : 0;
    }
  if (nodes)
    {
      /* A path of LEN edges visits LEN - 1 CFG nodes.  */
      unsigned *list = pp_calloc (len, sizeof *list, err);
      if (!list)
        {
          free (edges);
          return PP_ERR_NOMEM;
        }
      size_t n = 0;
      for (size_t k = 0; k + 1 < len; k++)
        list[n++] = dag->edges[edges[k]].dst;
      *nodes = list;
      if (n_nodes)
        *n_nodes = n;
    }
  free (edges);
  return PP_OK;
}

/* ------------------------------------------------------------------ */
/* Segments                                                            */
/* ------------------------------------------------------------------ */

void
pp_segment_clear (pp_segment *s)
{
  free (s->start);
  free (s->tokens);
  memset (s, 0, sizeof *s);
}

pp_status
pp_segment_copy (pp_segment *dst, const pp_segment *src, pp_error *err)
{
  memset (dst, 0, sizeof *dst);
  dst->root = src->root;
  dst->start = pp_calloc (src->n_start ? src->n_start : 1,
                          sizeof *dst->start, err);
  dst->tokens = pp_calloc (src->n_tokens ? src->n_tokens : 1,
                           sizeof *dst->tokens, err);
  if (!dst->start || !dst->tokens)
    {
      pp_segment_clear (dst);
      return PP_ERR_NOMEM;
    }
  if (src->n_start)
    memcpy (dst->start, src->start, src->n_start * sizeof *dst->start);
  if (src->n_tokens)
    memcpy (dst->tokens, src->tokens, src->n_tokens * sizeof *dst->tokens);
  dst->n_start = src->n_start;
  dst->n_tokens = src->n_tokens;
  return PP_OK;
}

#define CMP(a, b)                                                         \
  do                                                                      \
    {                                                                     \
      if ((a) != (b))                                                     \
        return (a) < (b) ? -1 : 1;                                        \
    }                                                                     \
  while (0)

int
pp_segment_cmp (const pp_segment *a, const pp_segment *b)
{
  CMP (a->root, b->root);
  for (unsigned i = 0; i < a->n_start && i < b->n_start; i++)
    {
      CMP (a->start[i].site, b->start[i].site);
      CMP (a->start[i].fn, b->start[i].fn);
    }
  CMP (a->n_start, b->n_start);
  for (unsigned i = 0; i < a->n_tokens && i < b->n_tokens; i++)
    {
      const pp_seg_token *x = &a->tokens[i], *y = &b->tokens[i];
      CMP (x->kind, y->kind);
      if (x->kind == PP_SEG_PIECE)
        {
          CMP (x->fn, y->fn);
          CMP (x->id, y->id);
        }
    }
  CMP (a->n_tokens, b->n_tokens);
  return 0;
}

pp_status
pp_segment_check (const pp_segment *s, unsigned max_depth, pp_error *err)
{
  if (s->n_start > max_depth)
    return pp_fail (err, PP_ERR_INVALID,
                    "the start context is %u calls deep, more than the "
                    "depth %u",
                    s->n_start, max_depth);
  if (s->n_tokens == 0)
    return pp_fail (err, PP_ERR_INVALID, "no subpath");
  /* The function of each call depth: the root, the start chain, then the
     callees the tokens enter.  */
  unsigned cap = s->n_start + s->n_tokens + 1;
  unsigned *stack = pp_calloc (cap, sizeof *stack, err);
  if (!stack)
    return PP_ERR_NOMEM;
  unsigned depth = 0;
  stack[0] = s->root;
  for (unsigned i = 0; i < s->n_start; i++)
    stack[++depth] = s->start[i].fn;
  int known = 1; /* stack[depth] is known (not a callee yet to be seen) */
  pp_status st = PP_OK;
  for (unsigned t = 0; t < s->n_tokens && st == PP_OK; t++)
    {
      const pp_seg_token *k = &s->tokens[t];
      int after_piece = t > 0 && s->tokens[t - 1].kind == PP_SEG_PIECE;
      switch (k->kind)
        {
        case PP_SEG_PIECE:
          if (!known)
            {
              stack[depth] = k->fn;
              known = 1;
            }
          else if (stack[depth] != k->fn)
            st = pp_fail (err, PP_ERR_INVALID,
                          "token %u: a subpath of function %u where "
                          "function %u runs",
                          t + 1, k->fn, stack[depth]);
          break;
        case PP_SEG_CALL:
          if (!after_piece)
            st = pp_fail (err, PP_ERR_INVALID,
                          "token %u: '(' must follow a subpath", t + 1);
          else if (depth + 1 > max_depth)
            st = pp_fail (err, PP_ERR_INVALID,
                          "token %u: '(' goes deeper than the depth %u",
                          t + 1, max_depth);
          else
            {
              depth++;
              known = 0;
            }
          break;
        case PP_SEG_RETURN:
          if (!after_piece)
            st = pp_fail (err, PP_ERR_INVALID,
                          "token %u: ')' must follow a subpath", t + 1);
          else if (depth == 0)
            st = pp_fail (err, PP_ERR_INVALID,
                          "token %u: ')' returns from the root function",
                          t + 1);
          else
            depth--;
          break;
        default:
          st = pp_fail (err, PP_ERR_INVALID, "token %u: bad kind", t + 1);
        }
    }
  if (st == PP_OK && s->tokens[s->n_tokens - 1].kind != PP_SEG_PIECE)
    st = pp_fail (err, PP_ERR_INVALID, "the last token must be a subpath");
  free (stack);
  return st;
}
