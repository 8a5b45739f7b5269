/* pathprof tool: a profile's functions decoded with their notes
 * (decode.h).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE 1

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "decode.h"

void
tool_mpz_set_u64 (mpz_t z, uint64_t v)
{
  mpz_import (z, 1, 1, sizeof v, 0, 0, &v);
}

/* Whether Z == V.  */
static int
same_u64 (const mpz_t z, uint64_t v)
{
  mpz_t w;
  mpz_init (w);
  tool_mpz_set_u64 (w, v);
  int same = mpz_cmp (z, w) == 0;
  mpz_clear (w);
  return same;
}

/* ------------------------------------------------------------------ */
/* Decoding one function                                               */
/* ------------------------------------------------------------------ */

int
tool_cmp_path_hot (const void *a, const void *b)
{
  const struct path_view *x = a, *y = b;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  if (x->id != y->id)
    return x->id < y->id ? -1 : 1;
  return x->residual - y->residual;
}

static void
add_paths (struct fn_view *v, const struct ppd_count *c, size_t n,
           int residual)
{
  for (size_t i = 0; i < n; i++)
    {
      struct path_view *p = &v->paths[v->n_paths++];
      p->id = c[i].id;
      p->count = c[i].count;
      p->residual = residual;
      v->total = ppd_sat_add (v->total, c[i].count);
    }
}

static void
view_forget_edges (struct fn_view *v)
{
  for (size_t j = 0; j < v->n_paths; j++)
    {
      free (v->paths[j].edges);
      v->paths[j].edges = NULL;
      if (v->paths[j].seg)
        pp_sg_decoded_clear (v->paths[j].seg);
      free (v->paths[j].seg);
      v->paths[j].seg = NULL;
    }
  free (v->dag_counts);
  v->dag_counts = NULL;
  free (v->dag_residual_counts);
  v->dag_residual_counts = NULL;
}

/* Fills V for PF; NFN may be NULL.  Returns -1 only when a recorded path
   id cannot be decoded (then V is left undecoded with an error).  */
static int
view_function (struct fn_view *v, const struct ppd_object *obj,
               const struct ppd_function *pf,
               const struct notes_function *nfn, const char *notes_path)
{
  memset (v, 0, sizeof *v);
  v->obj = obj;
  v->pf = pf;
  size_t n = pf->n_counts + pf->n_residual;
  v->paths = calloc (n ? n : 1, sizeof *v->paths);
  if (!v->paths)
    tool_out_of_memory ();
  add_paths (v, pf->counts, pf->n_counts, 0);
  add_paths (v, pf->residual, pf->n_residual, 1);
  qsort (v->paths, v->n_paths, sizeof *v->paths, tool_cmp_path_hot);
  if (!nfn)
    return 0;

  v->dag_counts = calloc (nfn->dag->n_edges ? nfn->dag->n_edges : 1,
                          sizeof *v->dag_counts);
  v->dag_residual_counts
      = calloc (nfn->dag->n_edges ? nfn->dag->n_edges : 1,
                sizeof *v->dag_residual_counts);
  if (!v->dag_counts || !v->dag_residual_counts)
    tool_out_of_memory ();
  mpz_t id;
  mpz_init (id);
  for (size_t i = 0; i < v->n_paths; i++)
    {
      struct path_view *p = &v->paths[i];
      pp_error err;
      tool_mpz_set_u64 (id, p->id);
      if (pp_bl_decode (nfn->dag, nfn->num, id, &p->edges, &p->len, &err)
          != PP_OK)
        {
          tool_error ("%s: function '%s': path %llu: %s", notes_path,
                      pf->name, (unsigned long long) p->id, err.message);
          if (asprintf (&v->error, "path %llu: %s",
                        (unsigned long long) p->id, err.message) < 0)
            v->error = NULL;
          mpz_clear (id);
          view_forget_edges (v);
          return -1;
        }
      if (nfn->sg)
        {
          p->seg = calloc (1, sizeof *p->seg);
          if (!p->seg)
            tool_out_of_memory ();
          if (pp_sg_decode (nfn->sg, nfn->dag, p->edges, p->len, p->seg,
                            &err)
              != PP_OK)
            {
              tool_error ("%s: function '%s': path %llu: no segment: %s",
                          notes_path, pf->name, (unsigned long long) p->id,
                          err.message);
              if (asprintf (&v->error, "path %llu: no segment: %s",
                            (unsigned long long) p->id, err.message) < 0)
                v->error = NULL;
              mpz_clear (id);
              view_forget_edges (v);
              return -1;
            }
        }
      for (size_t k = 0; k < p->len; k++)
        {
          v->dag_counts[p->edges[k]]
              = ppd_sat_add (v->dag_counts[p->edges[k]], p->count);
          if (p->residual)
            v->dag_residual_counts[p->edges[k]]
                = ppd_sat_add (v->dag_residual_counts[p->edges[k]], p->count);
        }
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
  for (size_t i = 0; v->paths && i < v->n_paths; i++)
    {
      free (v->paths[i].edges);
      if (v->paths[i].seg)
        pp_sg_decoded_clear (v->paths[i].seg);
      free (v->paths[i].seg);
    }
  free (v->paths);
  free (v->dag_counts);
  free (v->dag_residual_counts);
  free (v->error);
}

/* ------------------------------------------------------------------ */
/* Notes                                                               */
/* ------------------------------------------------------------------ */

/* The notes file of O: in NOTES_DIR (by base name) if given and present
   there, else where the profile says.  malloc'd.  */
static char *
notes_path_for (const struct ppd_object *o, const char *notes_dir)
{
  if (notes_dir)
    {
      const char *base = strrchr (o->notes_file, '/');
      base = base ? base + 1 : o->notes_file;
      char *p;
      if (asprintf (&p, "%s/%s", notes_dir, base) >= 0)
        {
          if (access (p, F_OK) == 0)
            return p;
          free (p);
        }
    }
  char *p = strdup (o->notes_file);
  if (!p)
    tool_out_of_memory ();
  return p;
}

/* Reads the notes NP of object O into NF.  NULL, or why they cannot be
   used (malloc'd), reported on stderr.  */
static char *
load_notes (const struct ppd_object *o, const char *np,
            struct notes_file *nf)
{
  char msg[1024];
  char *why = NULL;
  int nr = notes_read (np, nf, msg, sizeof msg);
  if (nr != 0)
    {
      if (nr == -2)
        tool_error ("%s", msg);
      else
        {
          fflush (stdout);
          fprintf (stderr, "%s\n", msg);
        }
      why = strdup (msg);
    }
  else if (nf->stamp != o->notes_stamp)
    {
      tool_error ("%s: stamp 0x%08x does not match the profile's 0x%08x "
                  "(notes of another compilation)",
                  np, (unsigned) nf->stamp, (unsigned) o->notes_stamp);
      if (asprintf (&why, "stamp 0x%08x does not match the profile's 0x%08x",
                    (unsigned) nf->stamp, (unsigned) o->notes_stamp)
          < 0)
        why = NULL;
    }
  else
    return NULL;
  if (!why)
    tool_out_of_memory ();
  return why;
}

/* The notes of PF in NF (usable notes of its object), or NULL with *WHY
   (malloc'd) reported on stderr.  */
static const struct notes_function *
notes_function_for (const struct notes_file *nf, const char *np,
                    const struct ppd_function *pf, char **why)
{
  const struct notes_function *nfn = notes_find (nf, pf->name);
  *why = NULL;
  if (!nfn)
    {
      tool_error ("%s: no function '%s' (named in the profile)", np,
                  pf->name);
      *why = strdup ("function not in the notes file");
    }
  else if (nfn->checksum != pf->cfg_checksum)
    {
      tool_error ("%s: function '%s': checksum 0x%08x differs from the "
                  "profile's 0x%08x",
                  np, pf->name, (unsigned) nfn->checksum,
                  (unsigned) pf->cfg_checksum);
      *why = strdup ("checksum differs from the notes file");
    }
  else if (!same_u64 (nfn->paths, pf->n_paths))
    {
      tool_error ("%s: function '%s': path count differs from the "
                  "profile's %llu",
                  np, pf->name, (unsigned long long) pf->n_paths);
      *why = strdup ("path count differs from the notes file");
    }
  else if ((uint32_t) nfn->storage != pf->storage)
    {
      tool_error ("%s: function '%s': storage '%s' differs from the "
                  "profile's '%s'",
                  np, pf->name, notes_storage_name (nfn->storage),
                  notes_storage_name (pf->storage));
      *why = strdup ("storage differs from the notes file");
    }
  else
    return nfn;
  if (!*why)
    tool_out_of_memory ();
  return NULL;
}

int
tool_view_profile (const struct ppd_profile *p, const char *notes_dir,
                   struct profile_view *pv)
{
  int status = 0;
  memset (pv, 0, sizeof *pv);
  pv->profile = p;
  for (size_t i = 0; i < p->n_objects; i++)
    pv->n_views += p->objects[i].n_functions;
  pv->views = calloc (pv->n_views ? pv->n_views : 1, sizeof *pv->views);
  pv->notes = calloc (p->n_objects ? p->n_objects : 1, sizeof *pv->notes);
  pv->notes_errors
    = calloc (p->n_objects ? p->n_objects : 1, sizeof *pv->notes_errors);
  if (!pv->views || !pv->notes || !pv->notes_errors)
    tool_out_of_memory ();
  size_t k = 0;
  for (size_t i = 0; i < p->n_objects; i++)
    {
      const struct ppd_object *o = &p->objects[i];
      char *np = notes_path_for (o, notes_dir);
      pv->notes_errors[i] = load_notes (o, np, &pv->notes[i]);
      int have_notes = pv->notes_errors[i] == NULL;
      status |= !have_notes;
      for (size_t j = 0; j < o->n_functions; j++, k++)
        {
          const struct ppd_function *pf = &o->functions[j];
          char *why = NULL;
          const struct notes_function *nfn
            = have_notes ? notes_function_for (&pv->notes[i], np, pf, &why)
                         : NULL;
          if (why)
            status = 1;
          if (view_function (&pv->views[k], o, pf, nfn, np) != 0)
            status = 1;
          if (why)
            {
              free (pv->views[k].error);
              pv->views[k].error = why;
            }
          else if (!have_notes && !pv->views[k].error
                   && !(pv->views[k].error = strdup ("notes file not usable")))
            tool_out_of_memory ();
        }
      free (np);
    }
  return status;
}

void
tool_profile_view_free (struct profile_view *pv)
{
  for (size_t i = 0; i < pv->n_views; i++)
    view_free (&pv->views[i]);
  for (size_t i = 0; pv->profile && i < pv->profile->n_objects; i++)
    {
      notes_free (&pv->notes[i]);
      free (pv->notes_errors[i]);
    }
  free (pv->views);
  free (pv->notes);
  free (pv->notes_errors);
  memset (pv, 0, sizeof *pv);
}

/* ------------------------------------------------------------------ */
/* Describing paths                                                    */
/* ------------------------------------------------------------------ */

const char *
tool_end_label (const struct notes_function *nfn, unsigned dag_edge)
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

size_t
tool_path_nodes (const struct notes_function *nfn, const struct path_view *p,
                 unsigned *nodes)
{
  size_t n = 0;
  for (size_t k = 0; k < p->len; k++)
    if (nfn->dag->edges[p->edges[k]].dst != nfn->dag->t)
      nodes[n++] = nfn->dag->edges[p->edges[k]].dst;
  return n;
}

/* Writes the lines of BLOCKS' nodes NODES[0..N-1] to M: "file:lo-hi,lo
   other:lo"; returns whether any had a location.  */
static int
write_lines (FILE *m, const struct notes_block *blocks, const unsigned *nodes,
             size_t n)
{
  const char *cur = NULL;
  for (size_t i = 0; i < n; i++)
    {
      const struct notes_block *b = &blocks[nodes[i]];
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
  return cur != NULL;
}

char *
tool_blocks_text (const struct notes_function *nfn, const struct path_view *p)
{
  char *buf = NULL;
  size_t size = 0;
  FILE *m = open_memstream (&buf, &size);
  unsigned *nodes = malloc ((p->len + 1) * sizeof *nodes);
  if (!m || !nodes)
    tool_out_of_memory ();
  size_t n = tool_path_nodes (nfn, p, nodes);
  if (!write_lines (m, nfn->blocks, nodes, n))
    fputs ("(no location)", m);
  fclose (m);
  free (nodes);
  if (!buf)
    tool_out_of_memory ();
  return buf;
}

char *
tool_segment_text (const struct notes_function *nfn,
                   const struct path_view *p, int lines)
{
  const pp_sg_decoded *d = p->seg;
  const struct notes_file *nf = nfn->file;
  const pp_segment *s = &d->seg;
  char *buf = NULL;
  size_t size = 0;
  FILE *m = open_memstream (&buf, &size);
  if (!m)
    tool_out_of_memory ();
  if (!lines)
    {
      fputs (nf->subpaths[s->root].name, m);
      for (unsigned i = 0; i < s->n_start; i++)
        fprintf (m, " at %u %s", s->start[i].site,
                 nf->subpaths[s->start[i].fn].name);
      fputs (" :", m);
    }
  else
    {
      fprintf (m, "[%s]", tool_end_label (nfn, p->edges[0]));
      /* The calls the segment starts inside: "f@1 (".  */
      unsigned fn = s->root;
      for (unsigned i = 0; i < s->n_start; i++)
        {
          fprintf (m, " %s@%u (", nf->subpaths[fn].name, s->start[i].site);
          fn = s->start[i].fn;
        }
    }
  for (unsigned t = 0; t < s->n_tokens; t++)
    {
      const pp_seg_token *k = &s->tokens[t];
      if (k->kind != PP_SEG_PIECE)
        {
          fputs (k->kind == PP_SEG_CALL ? " (" : " )", m);
          continue;
        }
      const struct notes_function *f = &nf->subpaths[k->fn];
      int partial = (t == 0 && d->starts_split)
                    || (t + 1 == s->n_tokens && d->ends_split);
      if (partial)
        fprintf (m, " %s:?", f->name);
      else
        fprintf (m, " %s:%llu", f->name, (unsigned long long) k->id);
      if (lines)
        {
          fputc (' ', m);
          if (!write_lines (m, f->blocks, d->nodes + d->node_start[t],
                            d->node_start[t + 1] - d->node_start[t]))
            fputs ("(no location)", m);
        }
    }
  if (lines)
    fprintf (m, " [%s]", tool_end_label (nfn, p->edges[p->len - 1]));
  fclose (m);
  if (!buf)
    tool_out_of_memory ();
  return buf;
}

void
tool_print_path (FILE *out, const struct notes_function *nfn,
                 const struct path_view *p)
{
  if (p->seg)
    {
      char *t = tool_segment_text (nfn, p, 1);
      fputs (t, out);
      free (t);
      return;
    }
  char *t = tool_blocks_text (nfn, p);
  fprintf (out, "[%s] %s [%s]", tool_end_label (nfn, p->edges[0]), t,
           tool_end_label (nfn, p->edges[p->len - 1]));
  free (t);
}

double
tool_share (uint64_t count, uint64_t total)
{
  return total ? 100.0 * (double) count / (double) total : 0.0;
}

int
tool_digits (uint64_t v)
{
  int d = 1;
  while (v >= 10)
    {
      v /= 10;
      d++;
    }
  return d;
}

/* The length of the UTF-8 sequence at P (1 to 4), or 0 if P does not
   start a well-formed one (RFC 3629: no overlong forms, no surrogates,
   nothing above U+10FFFF).  P is NUL-terminated.  */
static int
utf8_length (const unsigned char *p)
{
  unsigned c = p[0];
  int n;
  unsigned min, cp;
  if (c < 0x80)
    return 1;
  if (c >= 0xc2 && c <= 0xdf)
    n = 2, min = 0x80, cp = c & 0x1f;
  else if (c >= 0xe0 && c <= 0xef)
    n = 3, min = 0x800, cp = c & 0x0f;
  else if (c >= 0xf0 && c <= 0xf4)
    n = 4, min = 0x10000, cp = c & 0x07;
  else
    return 0;
  for (int i = 1; i < n; i++)
    {
      if ((p[i] & 0xc0) != 0x80) /* the NUL stops here too */
        return 0;
      cp = (cp << 6) | (p[i] & 0x3f);
    }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
    return 0;
  return n;
}

void
tool_json_string (FILE *out, const char *s)
{
  if (!s)
    {
      fputs ("null", out);
      return;
    }
  fputc ('"', out);
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    {
      if (*p >= 0x80)
        {
          /* JSON text is Unicode: a name or source that is not UTF-8
             (a file name in Latin-1) has each byte of it that is not
             part of a well-formed sequence replaced by U+FFFD.  */
          int n = utf8_length (p);
          if (n)
            {
              fwrite (p, 1, (size_t) n, out);
              p += n - 1;
            }
          else
            fputs ("\\ufffd", out);
        }
      else if (*p == '\\' || *p == '"')
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

void
tool_json_strings (FILE *out, char *const *s, int n)
{
  fputc ('[', out);
  for (int i = 0; i < n; i++)
    {
      fputs (i ? ", " : "", out);
      tool_json_string (out, s[i]);
    }
  fputc (']', out);
}

void
tool_json_function_head (FILE *out, const struct fn_view *v)
{
  const struct ppd_function *pf = v->pf;
  fputs ("        {\n          \"name\": ", out);
  tool_json_string (out, pf->name);
  fputs (",\n          \"source\": ", out);
  tool_json_string (out, pf->source_file);
  fprintf (out,
           ",\n          \"checksum\": %lu,\n          \"storage\": \"%s\",\n"
           "          \"n_paths\": %llu,\n          \"error\": ",
           (unsigned long) pf->cfg_checksum, notes_storage_name (pf->storage),
           (unsigned long long) pf->n_paths);
  tool_json_string (out, v->error);
}

void
tool_json_object_head (FILE *out, const struct ppd_object *o, size_t i,
                       const char *notes_error)
{
  fputs (i ? ",\n    {\n      \"notes\": "
            : "\n    {\n      \"notes\": ",
         out);
  tool_json_string (out, o->notes_file);
  fprintf (out,
           ",\n      \"stamp\": %lu,\n      \"runs\": %llu,\n"
           "      \"notes_error\": ",
           (unsigned long) o->notes_stamp, (unsigned long long) o->runs);
  tool_json_string (out, notes_error);
  fputs (",\n      \"functions\": [", out);
}

uint64_t
tool_max_runs (const struct ppd_profile *p)
{
  uint64_t runs = 0;
  for (size_t i = 0; i < p->n_objects; i++)
    if (p->objects[i].runs > runs)
      runs = p->objects[i].runs;
  return runs;
}

void
tool_json_segment (FILE *out, const struct notes_function *nfn,
                   const struct path_view *p)
{
  if (!p->seg)
    return;
  char *t = tool_segment_text (nfn, p, 0);
  fputs (", \"segment\": ", out);
  tool_json_string (out, t);
  free (t);
  t = tool_segment_text (nfn, p, 1);
  fputs (", \"segment_text\": ", out);
  tool_json_string (out, t);
  free (t);
  fprintf (out, ", \"fragment\": %s",
           p->seg->starts_split || p->seg->ends_split ? "true" : "false");
}
