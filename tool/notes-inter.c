/* pathprof tool: the notes records of the inter-procedural modes
 * (version 3, specs/notes-format.md).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Trace builds describe each function by its subpath CFG (storage trace:
 * the CFG with its call-site cuts, `site` and `refused` records).  IPPP
 * builds describe each function by its compiled supergraph, as any
 * function, plus its map (`context`, `node`), and append a `subpaths`
 * record per function, whose subpath CFG the maps refer to by name.  As
 * everywhere in the reader, what is redundant is checked: a subpath CFG
 * must give the recorded checksum (which covers its call sites), a map
 * must be consistent (pp_sg_finish) and its cut edges must be the CFG's.
 */
#define _GNU_SOURCE 1

#include <stdlib.h>
#include <string.h>

#include "notes-reader.h"
#include "pathprof-format.h"

static int
need_v3 (struct reader *r, const char *kw)
{
  if (r->nf->version < PATHPROF_NOTES_VERSION_INTER)
    return fail (r, "'%s' needs notes version %u", kw,
                 PATHPROF_NOTES_VERSION_INTER);
  return 0;
}

static const char *const fn_records[]
  = { PATHPROF_NOTES_REFUSED, PATHPROF_NOTES_SITE, PATHPROF_NOTES_CONTEXT,
      PATHPROF_NOTES_NODE };

int
notes_inter_header (struct reader *r, const char *kw)
{
  struct notes_file *nf = r->nf;
  unsigned long long x[3];
  if (strcmp (kw, PATHPROF_NOTES_IPS_FILE) == 0)
    {
      if (need_v3 (r, kw))
        return -1;
      if (nf->ips_file)
        return fail (r, "duplicate '%s'", kw);
      if (pp_text_fields (&r->tx, 2)
          || pp_text_string (&r->tx, 1, "interesting-segment file",
                             &nf->ips_file)
          || pp_text_uint (&r->tx, 2, "depth", 1000, &x[0]))
        return -1;
      nf->ips_depth = (unsigned) x[0];
      return 0;
    }
  if (strcmp (kw, PATHPROF_NOTES_GROWTH) == 0)
    {
      if (need_v3 (r, kw))
        return -1;
      if (nf->have_growth++)
        return fail (r, "duplicate '%s'", kw);
      if (pp_text_fields (&r->tx, 3)
          || pp_text_uint (&r->tx, 1, "statements", UINT64_MAX, &x[0])
          || pp_text_uint (&r->tx, 2, "statements", UINT64_MAX, &x[1])
          || pp_text_uint (&r->tx, 3, "bound", UINT64_MAX, &x[2]))
        return -1;
      nf->growth_unit = x[0];
      nf->growth_added = x[1];
      nf->growth_bound = x[2];
      return 0;
    }
  for (size_t i = 0; i < sizeof fn_records / sizeof *fn_records; i++)
    if (strcmp (kw, fn_records[i]) == 0)
      return fail (r, "'%s' outside a function", kw);
  return 1;
}

/* `site K EDGE "callee"|-`.  */
static int
site_record (struct reader *r)
{
  struct notes_function *f = r->fn;
  const pp_token *t = r->tx.toks;
  unsigned long long k, e;
  if (pp_text_fields (&r->tx, 3)
      || pp_text_uint (&r->tx, 1, "call site", UINT32_MAX, &k)
      || pp_text_uint (&r->tx, 2, "edge", UINT32_MAX, &e))
    return -1;
  if (k != f->n_sites)
    return fail (r, "call site %llu out of order (expected %u)", k,
                 f->n_sites);
  if (e >= f->cfg->n_edges)
    return fail (r, "edge %llu out of range (the cfg has %u edges so far)", e,
                 f->cfg->n_edges);
  char *callee = NULL;
  if (t[3].quoted)
    {
      if (!(callee = strdup (t[3].text)))
        return nomem (r);
    }
  else if (strcmp (t[3].text, "-") != 0)
    return fail (r, "callee must be a quoted string or '-', not '%s'",
                 t[3].text);
  if (pp_text_grow ((void **) &f->site_edge, &r->sites_cap, f->n_sites + 1,
                    sizeof *f->site_edge))
    {
      free (callee);
      return nomem (r);
    }
  /* site_callee grows with site_edge (same capacity).  */
  char **c = realloc (f->site_callee, r->sites_cap * sizeof *c);
  if (!c)
    {
      free (callee);
      return nomem (r);
    }
  f->site_callee = c;
  f->site_edge[f->n_sites] = (unsigned) e;
  f->site_callee[f->n_sites++] = callee;
  return 0;
}

/* `context ID PARENT SITE "callee"`.  */
static int
context_record (struct reader *r)
{
  struct notes_function *f = r->fn;
  unsigned long long id, parent, site;
  char *callee;
  if (pp_text_fields (&r->tx, 4)
      || pp_text_uint (&r->tx, 1, "context", UINT32_MAX, &id)
      || pp_text_uint (&r->tx, 2, "parent context", UINT32_MAX, &parent)
      || pp_text_uint (&r->tx, 3, "call site", UINT32_MAX, &site))
    return -1;
  if (id != f->n_contexts + 1)
    return fail (r, "context %llu out of order (expected %u)", id,
                 f->n_contexts + 1);
  if (parent >= id)
    return fail (r, "context %llu: parent %llu is not an earlier context",
                 id, parent);
  if (pp_text_string (&r->tx, 4, "callee", &callee))
    return -1;
  if (pp_text_grow ((void **) &f->contexts, &r->contexts_cap,
                    f->n_contexts + 1, sizeof *f->contexts))
    {
      free (callee);
      return nomem (r);
    }
  struct notes_context *c = &f->contexts[f->n_contexts++];
  c->parent = (unsigned) parent;
  c->site = (unsigned) site;
  c->callee = callee;
  c->line = r->tx.line;
  return 0;
}

/* `node V CTX:NODE...`.  */
static int
node_record (struct reader *r)
{
  struct notes_function *f = r->fn;
  unsigned long long v;
  if (r->tx.n_toks < 2 || pp_text_uint (&r->tx, 1, "node", UINT32_MAX, &v))
    return r->tx.n_toks < 2 ? fail (r, "'node' expects a node") : -1;
  if (v >= f->n_nodes)
    return fail (r, "node %llu out of range (the cfg has %u nodes)", v,
                 f->n_nodes);
  if (!f->node_items)
    {
      f->node_items = calloc (f->n_nodes, sizeof *f->node_items);
      f->node_n = calloc (f->n_nodes, sizeof *f->node_n);
      if (!f->node_items || !f->node_n)
        return nomem (r);
    }
  if (f->node_n[v] || f->node_items[v])
    return fail (r, "duplicate 'node' for node %llu", v);
  size_t n = r->tx.n_toks - 2;
  f->node_items[v] = calloc (n ? n : 1, sizeof (pp_sg_item));
  if (!f->node_items[v])
    return nomem (r);
  for (size_t i = 0; i < n; i++)
    {
      const pp_token *t = &r->tx.toks[2 + i];
      char *end;
      unsigned long c = t->quoted ? 0 : strtoul (t->text, &end, 10);
      unsigned long u = 0;
      int ok = !t->quoted && end != t->text && *end == ':';
      if (ok)
        {
          const char *p = end + 1;
          u = strtoul (p, &end, 10);
          ok = end != p && !*end && p[0] >= '0' && p[0] <= '9'
               && t->text[0] >= '0' && t->text[0] <= '9';
        }
      if (!ok || c > UINT32_MAX || u > UINT32_MAX)
        return fail (r, "bad item '%s' (CONTEXT:NODE expected)", t->text);
      f->node_items[v][i].ctx = (unsigned) c;
      f->node_items[v][i].node = (unsigned) u;
    }
  f->node_n[v] = (unsigned) n;
  return 0;
}

int
notes_inter_function (struct reader *r, const char *kw)
{
  struct notes_function *f = r->fn;
  size_t which = sizeof fn_records / sizeof *fn_records;
  for (size_t i = 0; i < sizeof fn_records / sizeof *fn_records; i++)
    if (strcmp (kw, fn_records[i]) == 0)
      which = i;
  if (which == sizeof fn_records / sizeof *fn_records)
    return 1;
  if (need_v3 (r, kw))
    return -1;
  if (which >= 1 && !(r->have & HAVE_CFG))
    return fail (r, "'%s' before 'cfg'", kw);
  switch (which)
    {
    case 0:
      if (f->refused)
        return fail (r, "duplicate '%s'", kw);
      r->line_refused = r->tx.line;
      if (pp_text_fields (&r->tx, 1))
        return -1;
      return pp_text_string (&r->tx, 1, "reason", &f->refused);
    case 1:
      r->line_refused = r->line_refused ? r->line_refused : r->tx.line;
      return site_record (r);
    case 2:
      if (f->is_subpaths)
        return fail (r, "'%s' in a subpaths record", kw);
      return context_record (r);
    default:
      if (f->is_subpaths)
        return fail (r, "'%s' in a subpaths record", kw);
      return node_record (r);
    }
}

/* A copy of CFG with its cut kinds and exits.  */
static pp_cfg *
cfg_copy (const pp_cfg *cfg)
{
  pp_cfg *c = pp_cfg_new (cfg->n_nodes, cfg->entry);
  if (!c)
    return NULL;
  for (unsigned i = 0; i < cfg->n_edges; i++)
    if (pp_cfg_add_edge (c, cfg->edges[i].src, cfg->edges[i].dst,
                         cfg->edges[i].cut)
        < 0)
      {
        pp_cfg_free (c);
        return NULL;
      }
  for (unsigned v = 0; v < cfg->n_nodes; v++)
    c->is_exit[v] = cfg->is_exit[v];
  return c;
}

int
notes_inter_subpath (struct reader *r)
{
  struct notes_function *f = r->fn;
  /* GCC's EXIT_BLOCK (block 1) is the node returns go to.  */
  unsigned exit_block = f->n_nodes;
  for (unsigned v = 0; v < f->n_nodes && exit_block == f->n_nodes; v++)
    if (f->blocks[v].present && f->blocks[v].bb == 1)
      exit_block = v;
  pp_cfg *cfg = cfg_copy (f->cfg);
  pp_error err;
  pp_subpath_fn *sub = cfg ? pp_subpath_new (f->name,
                                             f->source ? f->source : "", cfg,
                                             exit_block, &err)
                           : NULL;
  if (!sub)
    {
      pp_cfg_free (cfg);
      return nomem (r);
    }
  for (unsigned k = 0; k < f->n_sites; k++)
    if (pp_subpath_add_site (sub, f->site_edge[k], f->site_callee[k], &err)
        != PP_OK)
      {
        pp_subpath_free (sub);
        return fail_at (r, r->line_refused, "function '%s': %s", f->name,
                        err.message);
      }
  if (pp_subpath_finish (sub, &err) != PP_OK)
    {
      pp_subpath_free (sub);
      return fail_at (r, f->line, "function '%s': %s", f->name, err.message);
    }
  f->sub = sub;
  return 0;
}

static int
cmp_function (const void *a, const void *b)
{
  return strcmp (((const struct notes_function *) a)->name,
                 ((const struct notes_function *) b)->name);
}

struct notes_function *
notes_find_subpaths (const struct notes_file *nf, const char *name)
{
  struct notes_function key;
  if (!nf->n_subpaths) /* no array: bsearch's is declared nonnull */
    return NULL;
  key.name = (char *) name;
  return bsearch (&key, nf->subpaths, nf->n_subpaths, sizeof *nf->subpaths,
                  cmp_function);
}

/* The map of F, an IPPP build's function.  */
static int
resolve_map (struct reader *r, struct notes_function *f)
{
  struct notes_file *nf = r->nf;
  const struct notes_function *root = notes_find_subpaths (nf, f->name);
  if (!root)
    return fail_at (r, f->line,
                    "function '%s' has a supergraph map but no subpaths "
                    "record",
                    f->name);
  pp_error err;
  f->sg = pp_sg_new (nf->subpath_fns, (unsigned) nf->n_subpaths,
                     (unsigned) (root - nf->subpaths), f->cfg, &err);
  if (!f->sg)
    return nomem (r);
  for (unsigned c = 0; c < f->n_contexts; c++)
    {
      const struct notes_context *x = &f->contexts[c];
      const struct notes_function *callee
        = notes_find_subpaths (nf, x->callee);
      unsigned id;
      if (!callee)
        return fail_at (r, x->line, "context %u: no subpaths record for '%s'",
                        c + 1, x->callee);
      if (pp_sg_add_context (f->sg, x->parent, x->site,
                             (unsigned) (callee - nf->subpaths), &id, &err)
          != PP_OK)
        return fail_at (r, x->line, "function '%s': %s", f->name,
                        err.message);
    }
  for (unsigned v = 0; v < f->n_nodes; v++)
    if (f->node_n[v]
        && pp_sg_set_items (f->sg, v, f->node_items[v], f->node_n[v], &err)
             != PP_OK)
      return fail_at (r, f->line, "function '%s': %s", f->name, err.message);
  pp_cut_kind *cuts = calloc (f->cfg->n_edges + 1, sizeof *cuts);
  if (!cuts)
    return nomem (r);
  int ret = 0;
  if (pp_sg_finish (f->sg, 0, cuts, &err) != PP_OK)
    ret = fail_at (r, f->line, "function '%s': bad supergraph map: %s",
                   f->name, err.message);
  /* The CFG's cuts: the images of the subpath CFGs' cuts, and those of
     path splitting.  */
  for (unsigned i = 0; i < f->cfg->n_edges && !ret; i++)
    {
      pp_cut_kind c = f->cfg->edges[i].cut;
      if (cuts[i] != PP_CUT_NONE ? c != cuts[i] : c == PP_CUT_BACK)
        ret = fail_at (r, f->line,
                       "function '%s': edge %u is cut '%s', its subpath "
                       "image '%s'",
                       f->name, i, notes_cut_name (c),
                       notes_cut_name (cuts[i]));
    }
  free (cuts);
  return ret;
}

int
notes_inter_resolve (struct reader *r)
{
  struct notes_file *nf = r->nf;
  if (nf->n_subpaths)
    {
      qsort (nf->subpaths, nf->n_subpaths, sizeof *nf->subpaths,
             cmp_function);
      for (size_t i = 1; i < nf->n_subpaths; i++)
        if (strcmp (nf->subpaths[i].name, nf->subpaths[i - 1].name) == 0)
          {
            const struct notes_function *a = &nf->subpaths[i - 1],
                                        *b = &nf->subpaths[i];
            return fail_at (r, a->line > b->line ? a->line : b->line,
                            "duplicate subpaths '%s' (first at line %u)",
                            b->name, a->line < b->line ? a->line : b->line);
          }
      nf->subpath_fns = calloc (nf->n_subpaths, sizeof *nf->subpath_fns);
      if (!nf->subpath_fns)
        return nomem (r);
      for (size_t i = 0; i < nf->n_subpaths; i++)
        nf->subpath_fns[i] = nf->subpaths[i].sub;
    }
  for (size_t i = 0; i < nf->n_functions; i++)
    {
      struct notes_function *f = &nf->functions[i];
      if ((f->n_contexts || f->node_items) && !nf->ips_file)
        return fail_at (r, f->line,
                        "function '%s': a supergraph map in notes without "
                        "an '%s' record",
                        f->name, PATHPROF_NOTES_IPS_FILE);
      if (f->node_items && resolve_map (r, f))
        return -1;
    }
  return 0;
}

void
notes_inter_clear (struct notes_function *f)
{
  free (f->refused);
  for (unsigned k = 0; k < f->n_sites; k++)
    free (f->site_callee[k]);
  free (f->site_callee);
  free (f->site_edge);
  pp_subpath_free (f->sub);
  for (unsigned c = 0; c < f->n_contexts; c++)
    free (f->contexts[c].callee);
  free (f->contexts);
  for (unsigned v = 0; f->node_items && v < f->n_nodes; v++)
    free (f->node_items[v]);
  free (f->node_items);
  free (f->node_n);
  pp_sg_free (f->sg);
}

void
notes_inter_free (struct notes_file *nf)
{
  /* (The functions, whose maps refer to these, are freed first.)  */
  for (size_t i = 0; i < nf->n_subpaths; i++)
    notes_function_clear (&nf->subpaths[i]);
  free (nf->subpaths);
  free (nf->subpath_fns);
  free (nf->ips_file);
}
