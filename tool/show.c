/* pathprof tool: `pathprof show` and `pathprof dump`.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * show: for every function of a profile, its hot paths decoded back into
 * source line ranges through the notes file of its object; with --json
 * also the execution count of every DAG and CFG edge, derived from the
 * path counts.  The output formats are documented in
 * specs/file-formats.md ("pathprof show") and specs/show-json-schema.json.
 */
#define _GNU_SOURCE 1

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "notes.h"
#include "textlex.h"
#include "tool.h"

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

/* JSON string: UTF-8 passes through (the notes and profile carry the
   compiler's bytes); control characters are escaped.  */
static void
json_string (FILE *out, const char *s)
{
  if (!s)
    {
      fputs ("null", out);
      return;
    }
  fputc ('"', out);
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    {
      if (*p == '\\' || *p == '"')
        fprintf (out, "\\%c", *p);
      else if (*p == '\n')
        fputs ("\\n", out);
      else if (*p == '\t')
        fputs ("\\t", out);
      else if (*p < 0x20 || *p == 0x7f)
        fprintf (out, "\\u%04x", *p);
      else
        fputc (*p, out);
    }
  fputc ('"', out);
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
/* Analysis                                                            */
/* ------------------------------------------------------------------ */

struct path_view
{
  uint64_t id, count;
  unsigned *edges; /* DAG edges s..t, NULL when not decoded */
  size_t len;
};

struct fn_view
{
  const struct ppd_object *obj;
  const struct ppd_function *pf;
  const struct notes_function *nfn; /* NULL: cannot decode */
  char *error;                      /* why not, for --json */
  uint64_t total;                   /* path executions */
  uint64_t invocations;             /* valid when nfn */
  struct path_view *paths;          /* by count desc, id asc */
  uint64_t *dag_counts;             /* per DAG edge, when nfn */
};

static void
id_to_mpz (mpz_t z, uint64_t v)
{
  mpz_import (z, 1, 1, sizeof v, 0, 0, &v);
}

/* Whether Z == V, without assuming unsigned long has 64 bits.  */
static int
same_u64 (const mpz_t z, uint64_t v)
{
  mpz_t w;
  mpz_init (w);
  id_to_mpz (w, v);
  int same = mpz_cmp (z, w) == 0;
  mpz_clear (w);
  return same;
}

static int
cmp_path_hot (const void *a, const void *b)
{
  const struct path_view *x = a, *y = b;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

/* Fills V for PF; NFN may be NULL.  Returns -1 only when a recorded path
   id cannot be decoded (then V is left undecoded with an error).  */
static int
analyse (struct fn_view *v, const struct ppd_object *obj,
         const struct ppd_function *pf, const struct notes_function *nfn,
         const char *notes_path)
{
  memset (v, 0, sizeof *v);
  v->obj = obj;
  v->pf = pf;
  v->paths = calloc (pf->n_counts ? pf->n_counts : 1, sizeof *v->paths);
  if (!v->paths)
    {
      tool_error ("out of memory");
      exit (1);
    }
  for (size_t i = 0; i < pf->n_counts; i++)
    {
      v->paths[i].id = pf->counts[i].id;
      v->paths[i].count = pf->counts[i].count;
      v->total = ppd_sat_add (v->total, pf->counts[i].count);
    }
  qsort (v->paths, pf->n_counts, sizeof *v->paths, cmp_path_hot);
  if (!nfn)
    return 0;

  v->dag_counts = calloc (nfn->dag->n_edges ? nfn->dag->n_edges : 1,
                          sizeof *v->dag_counts);
  if (!v->dag_counts)
    {
      tool_error ("out of memory");
      exit (1);
    }
  mpz_t id;
  mpz_init (id);
  for (size_t i = 0; i < pf->n_counts; i++)
    {
      struct path_view *p = &v->paths[i];
      pp_error err;
      id_to_mpz (id, p->id);
      if (pp_bl_decode (nfn->dag, nfn->num, id, &p->edges, &p->len, &err)
          != PP_OK)
        {
          tool_error ("%s: function '%s': path %llu: %s", notes_path,
                      pf->name, (unsigned long long) p->id, err.message);
          if (asprintf (&v->error, "path %llu: %s",
                        (unsigned long long) p->id, err.message) < 0)
            v->error = NULL;
          mpz_clear (id);
          for (size_t j = 0; j < pf->n_counts; j++)
            {
              free (v->paths[j].edges);
              v->paths[j].edges = NULL;
            }
          free (v->dag_counts);
          v->dag_counts = NULL;
          return -1;
        }
      for (size_t k = 0; k < p->len; k++)
        v->dag_counts[p->edges[k]]
          = ppd_sat_add (v->dag_counts[p->edges[k]], p->count);
      /* Each invocation runs exactly one path that starts with the entry
         edge (the others start after a cut edge, inside the function).  */
      if (p->len && nfn->dag->edges[p->edges[0]].kind == PP_EDGE_ENTRY)
        v->invocations = ppd_sat_add (v->invocations, p->count);
    }
  mpz_clear (id);
  v->nfn = nfn;
  return 0;
}

static void
view_free (struct fn_view *v)
{
  for (size_t i = 0; v->paths && i < v->pf->n_counts; i++)
    free (v->paths[i].edges);
  free (v->paths);
  free (v->dag_counts);
  free (v->error);
}

/* How a path starts or ends: at the function entry or exit, or at a cut
   edge (a loop back edge, or an edge cut by path splitting).  */
static const char *
end_label (const struct notes_function *nfn, unsigned dag_edge)
{
  const pp_dag_edge *e = &nfn->dag->edges[dag_edge];
  switch (e->kind)
    {
    case PP_EDGE_ENTRY:
      return "entry";
    case PP_EDGE_EXIT:
      return "exit";
    case PP_EDGE_CUT_START:
    case PP_EDGE_CUT_END:
      return nfn->cfg->edges[e->origin].cut == PP_CUT_SPLIT ? "split"
                                                            : "back";
    default:
      return "?";
    }
}

/* The CFG nodes of a decoded path, in order: the targets of its DAG
   edges, except the final t.  */
static size_t
path_nodes (const struct notes_function *nfn, const struct path_view *p,
            unsigned *nodes)
{
  size_t n = 0;
  for (size_t k = 0; k < p->len; k++)
    if (nfn->dag->edges[p->edges[k]].dst != nfn->dag->t)
      nodes[n++] = nfn->dag->edges[p->edges[k]].dst;
  return n;
}

/* "file:lo-hi,lo-hi other:lo" -- consecutive blocks of one file share
   the file name; blocks without a location are left out.  */
static char *
blocks_text (const struct notes_function *nfn, const struct path_view *p)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *m = open_memstream (&buf, &size);
  unsigned *nodes = malloc ((p->len + 1) * sizeof *nodes);
  if (!m || !nodes)
    {
      tool_error ("out of memory");
      exit (1);
    }
  size_t n = path_nodes (nfn, p, nodes);
  const char *cur = NULL;
  for (size_t i = 0; i < n; i++)
    {
      const struct notes_block *b = &nfn->blocks[nodes[i]];
      if (!b->present || !b->file[0] || b->line_lo == 0)
        continue;
      if (cur && strcmp (cur, b->file) == 0)
        fputc (',', m);
      else
        fprintf (m, "%s%s:", cur ? " " : "", b->file);
      cur = b->file;
      if (b->line_lo == b->line_hi)
        fprintf (m, "%lu", b->line_lo);
      else
        fprintf (m, "%lu-%lu", b->line_lo, b->line_hi);
    }
  if (!cur)
    fputs ("(no location)", m);
  fclose (m);
  free (nodes);
  return buf;
}

static double
share (uint64_t count, uint64_t total)
{
  return total ? 100.0 * (double) count / (double) total : 0.0;
}

static int
digits (uint64_t v)
{
  int d = 1;
  while (v >= 10)
    {
      v /= 10;
      d++;
    }
  return d;
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

static void
print_text_function (FILE *out, const struct fn_view *v,
                     const struct show_options *opt)
{
  const struct ppd_function *pf = v->pf;
  fprintf (out, "\nfunction %s (%s)\n", pf->name, pf->source_file);
  fputs ("  invocations: ", out);
  if (v->nfn)
    fprintf (out, "%llu", (unsigned long long) v->invocations);
  else
    fputc ('?', out);
  fprintf (out, "  path executions: %llu  distinct paths: %zu of %llu",
           (unsigned long long) v->total, pf->n_counts,
           (unsigned long long) pf->n_paths);
  if (pf->dropped)
    fprintf (out, "  dropped: %llu", (unsigned long long) pf->dropped);
  fputc ('\n', out);
  if (!pf->n_counts)
    return;
  size_t shown = pf->n_counts;
  if (opt->top && opt->top < shown)
    shown = opt->top;
  int wc = 5, wi = 4;
  for (size_t i = 0; i < shown; i++)
    {
      if (digits (v->paths[i].count) > wc)
        wc = digits (v->paths[i].count);
      if (digits (v->paths[i].id) > wi)
        wi = digits (v->paths[i].id);
    }
  fprintf (out, "  %*s  %7s  %*s  %s\n", wc, "count", "share", wi, "path",
           "blocks");
  for (size_t i = 0; i < shown; i++)
    {
      const struct path_view *p = &v->paths[i];
      fprintf (out, "  %*llu  %6.2f%%  %*llu  ", wc,
               (unsigned long long) p->count, share (p->count, v->total), wi,
               (unsigned long long) p->id);
      if (v->nfn)
        {
          char *t = blocks_text (v->nfn, p);
          fprintf (out, "[%s] %s [%s]\n", end_label (v->nfn, p->edges[0]), t,
                   end_label (v->nfn, p->edges[p->len - 1]));
          free (t);
        }
      else
        fputs ("?\n", out);
    }
  if (shown < pf->n_counts)
    {
      uint64_t rest = 0;
      for (size_t i = shown; i < pf->n_counts; i++)
        rest = ppd_sat_add (rest, v->paths[i].count);
      size_t more = pf->n_counts - shown;
      fprintf (out, "  ... %zu more path%s: %llu executions (%.2f%%)\n", more,
               more == 1 ? "" : "s", (unsigned long long) rest,
               share (rest, v->total));
    }
}

static void
print_text (FILE *out, const char *profile, const struct ppd_profile *p,
            struct fn_view *views, size_t n_views,
            const struct show_options *opt)
{
  uint64_t runs = 0;
  size_t executed = 0;
  for (size_t i = 0; i < p->n_objects; i++)
    if (p->objects[i].runs > runs)
      runs = p->objects[i].runs;
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
  fprintf (out, "{\"id\": %llu, \"count\": %llu, \"share\": %.2f",
           (unsigned long long) p->id, (unsigned long long) p->count,
           share (p->count, v->total));
  if (!v->nfn)
    {
      fputs (", \"start\": null, \"end\": null, \"dag_edges\": null, "
             "\"blocks\": null, \"text\": null}",
             out);
      return;
    }
  const struct notes_function *nfn = v->nfn;
  fprintf (out, ", \"start\": \"%s\", \"end\": \"%s\", \"dag_edges\": [",
           end_label (nfn, p->edges[0]), end_label (nfn, p->edges[p->len - 1]));
  for (size_t k = 0; k < p->len; k++)
    fprintf (out, "%s%u", k ? ", " : "", p->edges[k]);
  fputs ("], \"blocks\": [", out);
  unsigned *nodes = malloc ((p->len + 1) * sizeof *nodes);
  if (!nodes)
    {
      tool_error ("out of memory");
      exit (1);
    }
  size_t n = path_nodes (nfn, p, nodes);
  for (size_t i = 0; i < n; i++)
    {
      const struct notes_block *b = &nfn->blocks[nodes[i]];
      fprintf (out, "%s{\"node\": %u, \"bb\": ", i ? ", " : "", nodes[i]);
      if (b->present)
        fprintf (out, "%u", b->bb);
      else
        fputs ("null", out);
      fputs (", \"file\": ", out);
      json_string (out, b->present ? b->file : "");
      fprintf (out, ", \"line_lo\": %lu, \"line_hi\": %lu}",
               b->present ? b->line_lo : 0, b->present ? b->line_hi : 0);
    }
  free (nodes);
  char *t = blocks_text (nfn, p);
  fputs ("], \"text\": ", out);
  json_string (out, t);
  fputc ('}', out);
  free (t);
}

static void
json_function (FILE *out, const struct fn_view *v,
               const struct show_options *opt)
{
  const struct ppd_function *pf = v->pf;
  const struct notes_function *nfn = v->nfn;
  fputs ("        {\n          \"name\": ", out);
  json_string (out, pf->name);
  fputs (",\n          \"source\": ", out);
  json_string (out, pf->source_file);
  fprintf (out,
           ",\n          \"checksum\": %lu,\n          \"storage\": \"%s\",\n"
           "          \"n_paths\": %llu,\n          \"error\": ",
           (unsigned long) pf->cfg_checksum, storage_name (pf->storage),
           (unsigned long long) pf->n_paths);
  json_string (out, v->error);
  fputs (",\n          \"invocations\": ", out);
  if (nfn)
    fprintf (out, "%llu", (unsigned long long) v->invocations);
  else
    fputs ("null", out);
  size_t shown = pf->n_counts;
  if (opt->top && opt->top < shown)
    shown = opt->top;
  fprintf (out,
           ",\n          \"path_executions\": %llu,\n"
           "          \"distinct_paths\": %zu,\n"
           "          \"dropped\": %llu,\n"
           "          \"paths_omitted\": %zu,\n"
           "          \"paths\": [",
           (unsigned long long) v->total, pf->n_counts,
           (unsigned long long) pf->dropped, pf->n_counts - shown);
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
        fprintf (out,
                 "%s{\"index\": %u, \"src\": %u, \"dst\": %u, \"kind\": "
                 "\"%s\", \"origin\": %ld, \"count\": %llu}",
                 e ? ",\n            " : "\n            ", e,
                 dag->edges[e].src, dag->edges[e].dst,
                 notes_edge_kind_name (dag->edges[e].kind),
                 dag->edges[e].origin,
                 (unsigned long long) v->dag_counts[e]);
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
  uint64_t runs = 0;
  for (size_t i = 0; i < p->n_objects; i++)
    if (p->objects[i].runs > runs)
      runs = p->objects[i].runs;
  fputs ("{\n  \"format\": \"pathprof-show\",\n  \"version\": 1,\n"
         "  \"profile\": ",
         out);
  json_string (out, profile);
  fputs (",\n  \"program\": ", out);
  json_string (out, p->program);
  fprintf (out, ",\n  \"runs\": %llu,\n  \"top\": %lu,\n  \"objects\": [",
           (unsigned long long) runs, opt->top);
  size_t k = 0;
  for (size_t i = 0; i < p->n_objects; i++)
    {
      const struct ppd_object *o = &p->objects[i];
      fputs (i ? ",\n    {\n      \"notes\": " : "\n    {\n      \"notes\": ",
             out);
      json_string (out, o->notes_file);
      fprintf (out,
               ",\n      \"stamp\": %lu,\n      \"runs\": %llu,\n"
               "      \"notes_error\": ",
               (unsigned long) o->notes_stamp, (unsigned long long) o->runs);
      json_string (out, notes_errors[i]);
      fputs (",\n      \"functions\": [", out);
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

/* The notes file of O: in NOTES_DIR (by base name) if given and present
   there, else where the profile says.  malloc'd.  */
static char *
notes_path_for (const struct ppd_object *o, const struct show_options *opt)
{
  if (opt->notes_dir)
    {
      const char *base = strrchr (o->notes_file, '/');
      base = base ? base + 1 : o->notes_file;
      char *p;
      if (asprintf (&p, "%s/%s", opt->notes_dir, base) >= 0)
        {
          if (access (p, F_OK) == 0)
            return p;
          free (p);
        }
    }
  return strdup (o->notes_file);
}

int
tool_show (const char *profile, const struct show_options *opt, FILE *out)
{
  struct ppd_profile p;
  int status = 0;
  if (tool_read_profile (profile, &p))
    {
      ppd_profile_free (&p);
      return 1;
    }
  size_t n_views = 0;
  for (size_t i = 0; i < p.n_objects; i++)
    n_views += p.objects[i].n_functions;
  struct fn_view *views = calloc (n_views ? n_views : 1, sizeof *views);
  struct notes_file *notes = calloc (p.n_objects ? p.n_objects : 1,
                                     sizeof *notes);
  char **notes_errors = calloc (p.n_objects ? p.n_objects : 1, sizeof (char *));
  if (!views || !notes || !notes_errors)
    {
      tool_error ("out of memory");
      return 1;
    }
  size_t k = 0;
  for (size_t i = 0; i < p.n_objects; i++)
    {
      const struct ppd_object *o = &p.objects[i];
      char *np = notes_path_for (o, opt);
      char msg[1024];
      int have_notes = 0;
      if (!np)
        {
          tool_error ("out of memory");
          return 1;
        }
      int nr = notes_read (np, &notes[i], msg, sizeof msg);
      if (nr != 0)
        {
          if (nr == -2)
            tool_error ("%s", msg);
          else
            {
              fflush (stdout);
              fprintf (stderr, "%s\n", msg);
            }
          notes_errors[i] = strdup (msg);
          status = 1;
        }
      else if (notes[i].stamp != o->notes_stamp)
        {
          tool_error ("%s: stamp 0x%08x does not match the profile's 0x%08x "
                      "(notes of another compilation)",
                      np, (unsigned) notes[i].stamp,
                      (unsigned) o->notes_stamp);
          if (asprintf (&notes_errors[i],
                        "stamp 0x%08x does not match the profile's 0x%08x",
                        (unsigned) notes[i].stamp, (unsigned) o->notes_stamp)
              < 0)
            notes_errors[i] = NULL;
          status = 1;
        }
      else
        have_notes = 1;
      for (size_t j = 0; j < o->n_functions; j++, k++)
        {
          const struct ppd_function *pf = &o->functions[j];
          const struct notes_function *nfn
            = have_notes ? notes_find (&notes[i], pf->name) : NULL;
          char *why = NULL;
          if (have_notes && !nfn)
            {
              tool_error ("%s: no function '%s' (named in the profile)", np,
                          pf->name);
              why = strdup ("function not in the notes file");
            }
          else if (nfn && nfn->checksum != pf->cfg_checksum)
            {
              tool_error ("%s: function '%s': checksum 0x%08x differs from "
                          "the profile's 0x%08x",
                          np, pf->name, (unsigned) nfn->checksum,
                          (unsigned) pf->cfg_checksum);
              why = strdup ("checksum differs from the notes file");
              nfn = NULL;
            }
          else if (nfn && !same_u64 (nfn->paths, pf->n_paths))
            {
              tool_error ("%s: function '%s': path count differs from the "
                          "profile's %llu",
                          np, pf->name, (unsigned long long) pf->n_paths);
              why = strdup ("path count differs from the notes file");
              nfn = NULL;
            }
          if (why)
            status = 1;
          if (analyse (&views[k], o, pf, nfn, np) != 0)
            status = 1;
          if (why)
            {
              free (views[k].error);
              views[k].error = why;
            }
          else if (!have_notes && notes_errors[i] && !views[k].error)
            views[k].error = strdup ("notes file not usable");
        }
      free (np);
    }

  if (opt->json)
    print_json (out, profile, &p, views, notes_errors, opt);
  else
    print_text (out, profile, &p, views, n_views, opt);

  for (size_t i = 0; i < n_views; i++)
    view_free (&views[i]);
  for (size_t i = 0; i < p.n_objects; i++)
    {
      notes_free (&notes[i]);
      free (notes_errors[i]);
    }
  free (views);
  free (notes);
  free (notes_errors);
  ppd_profile_free (&p);
  return status;
}
