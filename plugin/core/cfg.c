/* pathprof core: control-flow graphs as the plugin hands them to us.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>

#include "internal.h"

pp_cfg *
pp_cfg_new (unsigned n_nodes, unsigned entry)
{
  pp_cfg *cfg = calloc (1, sizeof *cfg);
  if (!cfg)
    return NULL;
  cfg->n_nodes = n_nodes;
  cfg->entry = entry;
  cfg->is_exit = calloc (n_nodes ? n_nodes : 1, 1);
  cfg->no_split = calloc (n_nodes ? n_nodes : 1, 1);
  if (!cfg->is_exit || !cfg->no_split)
    {
      pp_cfg_free (cfg);
      return NULL;
    }
  return cfg;
}

void
pp_cfg_free (pp_cfg *cfg)
{
  if (!cfg)
    return;
  free (cfg->edges);
  free (cfg->is_exit);
  free (cfg->no_split);
  free (cfg);
}

long
pp_cfg_add_edge (pp_cfg *cfg, unsigned src, unsigned dst, pp_cut_kind cut)
{
  if (!cfg || src >= cfg->n_nodes || dst >= cfg->n_nodes)
    return -1;
  if (cfg->n_edges == cfg->edges_cap)
    {
      unsigned cap = cfg->edges_cap ? 2 * cfg->edges_cap : 16;
      pp_cfg_edge *e = realloc (cfg->edges, cap * sizeof *e);
      if (!e)
        return -1;
      cfg->edges = e;
      cfg->edges_cap = cap;
    }
  cfg->edges[cfg->n_edges].src = src;
  cfg->edges[cfg->n_edges].dst = dst;
  cfg->edges[cfg->n_edges].cut = cut;
  return cfg->n_edges++;
}

pp_status
pp_cfg_set_exit (pp_cfg *cfg, unsigned node, pp_error *err)
{
  if (!cfg || node >= cfg->n_nodes)
    return pp_fail (err, PP_ERR_INVALID, "exit node %u out of range", node);
  cfg->is_exit[node] = 1;
  return PP_OK;
}

unsigned
pp_cfg_mark_back_edges (pp_cfg *cfg)
{
  unsigned n = cfg->n_nodes, marked = 0;
  if (cfg->entry >= n)
    return 0;
  /* Out-edge lists in CSR form, preserving edge order.  */
  unsigned *start = calloc (n + 1, sizeof *start);
  unsigned *list = calloc (cfg->n_edges ? cfg->n_edges : 1, sizeof *list);
  unsigned char *state = calloc (n, 1); /* 0 new, 1 on stack, 2 done */
  unsigned *stack = calloc (n, sizeof *stack);
  unsigned *next = calloc (n, sizeof *next);
  if (!start || !list || !state || !stack || !next)
    goto out;
  for (unsigned i = 0; i < cfg->n_edges; i++)
    start[cfg->edges[i].src + 1]++;
  for (unsigned v = 0; v < n; v++)
    start[v + 1] += start[v];
  for (unsigned i = 0, *fill = next; i < cfg->n_edges; i++)
    list[start[cfg->edges[i].src] + fill[cfg->edges[i].src]++] = i;
  for (unsigned v = 0; v < n; v++)
    next[v] = start[v];

  /* Iterative DFS from the entry: an edge to a node still on the stack is
     a back (retreating) edge.  Removing all of them leaves a DAG, even for
     irreducible loops.  */
  unsigned sp = 0;
  stack[sp++] = cfg->entry;
  state[cfg->entry] = 1;
  while (sp)
    {
      unsigned v = stack[sp - 1];
      if (next[v] == start[v + 1])
        {
          state[v] = 2;
          sp--;
          continue;
        }
      unsigned e = list[next[v]++];
      unsigned w = cfg->edges[e].dst;
      if (state[w] == 1)
        {
          if (cfg->edges[e].cut != PP_CUT_BACK)
            cfg->edges[e].cut = PP_CUT_BACK;
          marked++;
        }
      else if (state[w] == 0)
        {
          state[w] = 1;
          stack[sp++] = w;
        }
    }
out:
  free (start);
  free (list);
  free (state);
  free (stack);
  free (next);
  return marked;
}

/* CRC-32 (IEEE 802.3, reflected), bitwise: the checksum is computed once per
   function at compile time, so a table is not worth its space.  */
static uint32_t
crc32_update (uint32_t crc, uint32_t word)
{
  for (int byte = 0; byte < 4; byte++)
    {
      crc ^= (word >> (8 * byte)) & 0xff;
      for (int bit = 0; bit < 8; bit++)
        crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
    }
  return crc;
}

uint32_t
pp_cfg_checksum (const pp_cfg *cfg)
{
  uint32_t crc = 0xffffffffu;
  crc = crc32_update (crc, cfg->n_nodes);
  crc = crc32_update (crc, cfg->entry);
  for (unsigned v = 0; v < cfg->n_nodes; v++)
    if (cfg->is_exit[v])
      crc = crc32_update (crc, v);
  crc = crc32_update (crc, 0xffffffffu); /* separates exits from edges */
  for (unsigned i = 0; i < cfg->n_edges; i++)
    {
      crc = crc32_update (crc, cfg->edges[i].src);
      crc = crc32_update (crc, cfg->edges[i].dst);
    }
  return crc ^ 0xffffffffu;
}
