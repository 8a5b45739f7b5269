/* pathprof tool: `pathprof show` and `pathprof dump`.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * show: for every function of a profile, its hot paths decoded back into
 * source line ranges through the notes file of its object (tool/decode.c;
 * in a preferential build, the counted paths and the residual ones); with
 * --json also the execution count of every DAG and CFG edge, derived from
 * the path counts.  The output formats are documented in
 * specs/file-formats.md ("pathprof show") and specs/show-json-schema.json.
 */
#define _GNU_SOURCE 1

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "decode.h"
#include "textlex.h"

void
tool_error (const char *fmt, ...)
{
  va_list ap;
  fflush (stdout);
  fputs ("pathprof: ", stderr);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
}

void
tool_out_of_memory (void)
{
  tool_error ("out of memory");
  exit (1);
}

int
tool_read_profile (const char *path, struct ppd_profile *p)
{
  char msg[PPD_MSG_SIZE];
  enum ppd_status st = ppd_read_file (path, p, msg);
  if (st == PPD_OK)
    return 0;
  if (st == PPD_ERR_CORRUPT)
    tool_error ("%s: corrupt profile: %s", path, msg);
  else
    tool_error ("%s: %s", path, msg);
  return -1;
}

void
tool_print_cstring (FILE *out, const char *s)
{
  if (pp_text_write_string (out, s))
    {
      tool_error ("out of memory");
      exit (1);
    }
}

static const char *
storage_name (uint32_t storage)
{
  static const char *const names[] = PATHPROF_STORAGE_NAMES;
  /* The reader accepts only these.  */
  return storage < sizeof names / sizeof *names ? names[storage] : "?";
}

/* ------------------------------------------------------------------ */
/* dump                                                                */
/* ------------------------------------------------------------------ */

int
tool_dump (const char *path, FILE *out)
{
  struct ppd_profile p;
  if (tool_read_profile (path, &p))
    {
      ppd_profile_free (&p);
      return 1;
    }
  fprintf (out, "pathprof-data %u\n", PATHPROF_PPD_VERSION);
  if (p.program)
    {
      fputs ("program ", out);
      tool_print_cstring (out, p.program);
      fputc ('\n', out);
    }
  for (size_t i = 0; i < p.n_objects; i++)
    {
      const struct ppd_object *o = &p.objects[i];
      fputs ("object ", out);
      tool_print_cstring (out, o->notes_file);
      fprintf (out, " stamp 0x%08x runs %llu\n", (unsigned) o->notes_stamp,
               (unsigned long long) o->runs);
      for (size_t j = 0; j < o->n_functions; j++)
        {
          const struct ppd_function *f = &o->functions[j];
          fputs ("  function ", out);
          tool_print_cstring (out, f->name);
          fputs (" source ", out);
          tool_print_cstring (out, f->source_file);
          fprintf (out,
                   " checksum 0x%08x storage %s paths %llu dropped %llu "
                   "counts %zu\n",
                   (unsigned) f->cfg_checksum, storage_name (f->storage),
                   (unsigned long long) f->n_paths,
                   (unsigned long long) f->dropped, f->n_counts);
          for (size_t k = 0; k < f->n_counts; k++)
            fprintf (out, "    %llu %llu\n",
                     (unsigned long long) f->counts[k].id,
                     (unsigned long long) f->counts[k].count);
          /* Array and hash functions have no residual paths (the reader
             checks it).  */
          if (f->storage != PATHPROF_STORAGE_PPP
              && f->storage != PATHPROF_STORAGE_RESIDUAL)
            continue;
          fprintf (out, "  residual_dropped %llu residual %zu\n",
                   (unsigned long long) f->residual_dropped, f->n_residual);
          for (size_t k = 0; k < f->n_residual; k++)
            fprintf (out, "    %llu %llu\n",
                     (unsigned long long) f->residual[k].id,
                     (unsigned long long) f->residual[k].count);
        }
    }
  ppd_profile_free (&p);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Text                                                                */
/* ------------------------------------------------------------------ */

static int
cmp_view_hot (const void *a, const void *b)
{
  const struct fn_view *x = *(const struct fn_view *const *) a;
  const struct fn_view *y = *(const struct fn_view *const *) b;
  if (x->total != y->total)
    return x->total > y->total ? -1 : 1;
  int c = strcmp (x->pf->name, y->pf->name);
  return c ? c : strcmp (x->obj->notes_file, y->obj->notes_file);
}

/* The storages whose functions log residual paths.  */
static int
has_residual (const struct ppd_function *pf)
{
  return pf->storage == PATHPROF_STORAGE_PPP
         || pf->storage == PATHPROF_STORAGE_RESIDUAL;
}

static void
print_text_function (FILE *out, const struct fn_view *v,
                     const struct show_options *opt)
{
  const struct ppd_function *pf = v->pf;
  int mark = has_residual (pf);
  fprintf (out, "\nfunction %s (%s)\n", pf->name, pf->source_file);
  fputs ("  invocations: ", out);
  if (v->nfn)
    fprintf (out, "%llu", (unsigned long long) v->invocations);
  else
    fputc ('?', out);
  fprintf (out, "  path executions: %llu  distinct paths: %zu of %llu",
           (unsigned long long) v->total, v->n_paths,
           (unsigned long long) pf->n_paths);
  if (pf->dropped)
    fprintf (out, "  dropped: %llu", (unsigned long long) pf->dropped);
  if (mark)
    {
      uint64_t res = 0;
      for (size_t i = 0; i < pf->n_residual; i++)
        res = ppd_sat_add (res, pf->residual[i].count);
      fprintf (out, "\n  storage: %s  residual paths: %zu  residual "
                    "executions: %llu",
               notes_storage_name (pf->storage), pf->n_residual,
               (unsigned long long) res);
      if (pf->residual_dropped)
        fprintf (out, "  residual dropped: %llu",
                 (unsigned long long) pf->residual_dropped);
    }
  fputc ('\n', out);
  if (!v->n_paths)
    return;
  size_t shown = v->n_paths;
  if (opt->top && opt->top < shown)
    shown = opt->top;
  int wc = 5, wi = 4;
  for (size_t i = 0; i < shown; i++)
    {
      if (tool_digits (v->paths[i].count) > wc)
        wc = tool_digits (v->paths[i].count);
      if (tool_digits (v->paths[i].id) > wi)
        wi = tool_digits (v->paths[i].id);
    }
  fprintf (out, "  %*s  %7s  %*s  %s%s\n", wc, "count", "share", wi, "path",
           mark ? "R  " : "", "blocks");
  for (size_t i = 0; i < shown; i++)
    {
      const struct path_view *p = &v->paths[i];
      fprintf (out, "  %*llu  %6.2f%%  %*llu  %s", wc,
               (unsigned long long) p->count, tool_share (p->count, v->total),
               wi, (unsigned long long) p->id,
               !mark ? "" : p->residual ? "R  " : "   ");
      if (v->nfn)
        tool_print_path (out, v->nfn, p);
      else
        fputc ('?', out);
      fputc ('\n', out);
    }
  if (shown < v->n_paths)
    {
      uint64_t rest = 0;
      for (size_t i = shown; i < v->n_paths; i++)
        rest = ppd_sat_add (rest, v->paths[i].count);
      size_t more = v->n_paths - shown;
      fprintf (out, "  ... %zu more path%s: %llu executions (%.2f%%)\n", more,
               more == 1 ? "" : "s", (unsigned long long) rest,
               tool_share (rest, v->total));
    }
}

static void
print_text (FILE *out, const char *profile, const struct ppd_profile *p,
            struct fn_view *views, size_t n_views,
            const struct show_options *opt)
{
  uint64_t runs = tool_max_runs (p);
  size_t executed = 0;
  for (size_t i = 0; i < n_views; i++)
    executed += views[i].total != 0;
  fprintf (out, "profile: %s\n", profile);
  if (p->program)
    fprintf (out, "program: %s\n", p->program);
  fprintf (out, "runs: %llu\n", (unsigned long long) runs);
  fprintf (out, "functions: %zu (%zu executed)\n", n_views, executed);
  struct fn_view **order = malloc ((n_views ? n_views : 1) * sizeof *order);
  if (!order)
    {
      tool_error ("out of memory");
      exit (1);
    }
  for (size_t i = 0; i < n_views; i++)
    order[i] = &views[i];
  qsort (order, n_views, sizeof *order, cmp_view_hot);
  for (size_t i = 0; i < n_views; i++)
    print_text_function (out, order[i], opt);
  free (order);
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */
/* ------------------------------------------------------------------ */

static void
json_path (FILE *out, const struct fn_view *v, const struct path_view *p)
{
  fprintf (out,
           "{\"id\": %llu, \"count\": %llu, \"share\": %.2f, "
           "\"residual\": %s",
           (unsigned long long) p->id, (unsigned long long) p->count,
           tool_share (p->count, v->total), p->residual ? "true" : "false");
  if (!v->nfn)
    {
      fputs (", \"start\": null, \"end\": null, \"dag_edges\": null, "
             "\"blocks\": null, \"text\": null}",
             out);
      return;
    }
  const struct notes_function *nfn = v->nfn;
  fprintf (out, ", \"start\": \"%s\", \"end\": \"%s\", \"dag_edges\": [",
           tool_end_label (nfn, p->edges[0]),
           tool_end_label (nfn, p->edges[p->len - 1]));
  for (size_t k = 0; k < p->len; k++)
    fprintf (out, "%s%u", k ? ", " : "", p->edges[k]);
  fputs ("], \"blocks\": [", out);
  unsigned *nodes = malloc ((p->len + 1) * sizeof *nodes);
  if (!nodes)
    {
      tool_error ("out of memory");
      exit (1);
    }
  size_t n = tool_path_nodes (nfn, p, nodes);
  for (size_t i = 0; i < n; i++)
    {
      const struct notes_block *b = &nfn->blocks[nodes[i]];
      fprintf (out, "%s{\"node\": %u, \"bb\": ", i ? ", " : "", nodes[i]);
      if (b->present)
        fprintf (out, "%u", b->bb);
      else
        fputs ("null", out);
      fputs (", \"file\": ", out);
      tool_json_string (out, b->present ? b->file : "");
      fprintf (out, ", \"line_lo\": %lu, \"line_hi\": %lu}",
               b->present ? b->line_lo : 0, b->present ? b->line_hi : 0);
    }
  free (nodes);
  char *t = tool_blocks_text (nfn, p);
  fputs ("], \"text\": ", out);
  tool_json_string (out, t);
  tool_json_segment (out, nfn, p);
  fputc ('}', out);
  free (t);
}

static void
json_function (FILE *out, const struct fn_view *v,
               const struct show_options *opt)
{
  const struct ppd_function *pf = v->pf;
  const struct notes_function *nfn = v->nfn;
  tool_json_function_head (out, v);
  fputs (",\n          \"invocations\": ", out);
  if (nfn)
    fprintf (out, "%llu", (unsigned long long) v->invocations);
  else
    fputs ("null", out);
  size_t shown = v->n_paths;
  if (opt->top && opt->top < shown)
    shown = opt->top;
  uint64_t res = 0;
  for (size_t i = 0; i < pf->n_residual; i++)
    res = ppd_sat_add (res, pf->residual[i].count);
  fprintf (out,
           ",\n          \"path_executions\": %llu,\n"
           "          \"distinct_paths\": %zu,\n"
           "          \"dropped\": %llu,\n"
           "          \"residual_paths\": %zu,\n"
           "          \"residual_executions\": %llu,\n"
           "          \"residual_dropped\": %llu,\n"
           "          \"paths_omitted\": %zu,\n"
           "          \"paths\": [",
           (unsigned long long) v->total, v->n_paths,
           (unsigned long long) pf->dropped, pf->n_residual,
           (unsigned long long) res,
           (unsigned long long) pf->residual_dropped, v->n_paths - shown);
  for (size_t i = 0; i < shown; i++)
    {
      fputs (i ? ",\n            " : "\n            ", out);
      json_path (out, v, &v->paths[i]);
    }
  fputs (shown ? "\n          ],\n" : "],\n", out);
  fputs ("          \"dag_edges\": ", out);
  if (!nfn)
    fputs ("null,\n          \"cfg_edges\": null\n        }", out);
  else
    {
      const pp_dag *dag = nfn->dag;
      fputc ('[', out);
      for (unsigned e = 0; e < dag->n_edges; e++)
        {
          fprintf (out,
                   "%s{\"index\": %u, \"src\": %u, \"dst\": %u, \"kind\": "
                   "\"%s\", \"origin\": %ld, \"action\": ",
                   e ? ",\n            " : "\n            ", e,
                   dag->edges[e].src, dag->edges[e].dst,
                   notes_edge_kind_name (dag->edges[e].kind),
                   dag->edges[e].origin);
          if (nfn->actions)
            fprintf (out, "\"%s\"", notes_action_name (nfn->actions[e]));
          else
            fputs ("null", out);
          fprintf (out, ", \"count\": %llu, \"residual_count\": %llu}",
                   (unsigned long long) v->dag_counts[e],
                   (unsigned long long) v->dag_residual_counts[e]);
        }
      fputs (dag->n_edges ? "\n          ],\n" : "],\n", out);
      fputs ("          \"cfg_edges\": [", out);
      const pp_cfg *cfg = nfn->cfg;
      for (unsigned i = 0; i < cfg->n_edges; i++)
        {
          /* A cut edge's executions are the paths that end with its
             CUT_END dummy (taking the edge ends the path there).  */
          long de = cfg->edges[i].cut == PP_CUT_NONE ? dag->cfg_edge_dag[i]
                                                     : dag->cfg_edge_cut_end[i];
          fprintf (out,
                   "%s{\"index\": %u, \"src\": %u, \"dst\": %u, \"cut\": "
                   "\"%s\", \"count\": %llu}",
                   i ? ",\n            " : "\n            ", i,
                   cfg->edges[i].src, cfg->edges[i].dst,
                   notes_cut_name (cfg->edges[i].cut),
                   (unsigned long long) (de >= 0 ? v->dag_counts[de] : 0));
        }
      fputs (cfg->n_edges ? "\n          ]\n        }" : "]\n        }", out);
    }
}

static void
print_json (FILE *out, const char *profile, const struct ppd_profile *p,
            struct fn_view *views, char **notes_errors,
            const struct show_options *opt)
{
  uint64_t runs = tool_max_runs (p);
  fputs ("{\n  \"format\": \"pathprof-show\",\n  \"version\": 2,\n"
         "  \"profile\": ",
         out);
  tool_json_string (out, profile);
  fputs (",\n  \"program\": ", out);
  tool_json_string (out, p->program);
  fprintf (out, ",\n  \"runs\": %llu,\n  \"top\": %lu,\n  \"objects\": [",
           (unsigned long long) runs, opt->top);
  size_t k = 0;
  for (size_t i = 0; i < p->n_objects; i++)
    {
      const struct ppd_object *o = &p->objects[i];
      tool_json_object_head (out, o, i, notes_errors[i]);
      for (size_t j = 0; j < o->n_functions; j++, k++)
        {
          fputs (j ? ",\n" : "\n", out);
          json_function (out, &views[k], opt);
        }
      fputs (o->n_functions ? "\n      ]\n    }" : "]\n    }", out);
    }
  fputs (p->n_objects ? "\n  ]\n}\n" : "]\n}\n", out);
}

/* ------------------------------------------------------------------ */
/* show                                                                */
/* ------------------------------------------------------------------ */

int
tool_show (const char *profile, const struct show_options *opt, FILE *out)
{
  struct ppd_profile p;
  if (tool_read_profile (profile, &p))
    {
      ppd_profile_free (&p);
      return 1;
    }
  struct profile_view pv;
  int status = tool_view_profile (&p, opt->notes_dir, &pv);
  if (opt->json)
    print_json (out, profile, &p, pv.views, pv.notes_errors, opt);
  else
    print_text (out, profile, &p, pv.views, pv.n_views, opt);
  tool_profile_view_free (&pv);
  ppd_profile_free (&p);
  return status;
}
