/* pathprof tool: `pathprof ips`, the depth-k segments a test suite ran,
 * from the whole-program path traces of a trace build
 * (specs/segments.md, specs/ips-format.md; thesis section 3.4.2).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each thread of each trace is replayed with a stack of frames.  Every
 * frame is the root of its own supergraph, and lies inside the
 * supergraphs of the frames that called it, up to k calls up, as long as
 * each call on the way would be inlined: a call site of the caller that
 * the callee's entry event names as its own (ENTER_SITE), a callee of the
 * same object that pathprof can inline (no `refused` in its notes) and,
 * for a direct call, the site's callee.  Each frame keeps the segment its
 * supergraph is running; every subpath a frame runs is appended to the
 * segments of all the roots it lies in:
 *
 *   - a subpath that starts at the entry of a root, or after a back (or
 *     split) edge anywhere, starts a segment there; one that ends at a
 *     back edge ends it, as does an exit, except a return from an inlined
 *     copy, which continues into the caller after ')';
 *   - a call into an inlined copy appends '(';
 *   - a subpath that does not continue its frame's previous one (the
 *     frame was left by longjmp and restarts at a setjmp receiver), or a
 *     frame popped by RESUME (an exception, a longjmp), abandons the
 *     segments it was part of: as with path counts, a segment in flight
 *     when control leaves it is not counted;
 *   - when a thread's trace ends (the process exited in the middle of
 *     calls), a segment in flight is counted with its rest if that is
 *     fixed: from the call its innermost frame did not return from, one
 *     way on to the segment's end that calls nothing (an IPPP build
 *     counts such a segment when it enters a finish node).
 *
 * The result is the set of segments with their execution counts, the
 * functions identified by (name, source, checksum) as in the profiles.
 */
#define _GNU_SOURCE 1

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decode.h"
#include "ips.h"
#include "output.h"
#include "pathprof-format.h"
#include "trace.h"

static void *
xrealloc (void *p, size_t n)
{
  p = realloc (p, n ? n : 1);
  if (!p)
    tool_out_of_memory ();
  return p;
}

#define GROW(arr, n, cap)                                                 \
  do                                                                      \
    {                                                                     \
      if ((n) == (cap))                                                   \
        {                                                                 \
          (cap) = (cap) ? 2 * (cap) : 16;                                 \
          (arr) = xrealloc ((arr), (cap) * sizeof *(arr));                \
        }                                                                 \
    }                                                                     \
  while (0)

/* ------------------------------------------------------------------ */
/* Functions and objects                                               */
/* ------------------------------------------------------------------ */

struct shape_entry
{
  uint64_t id;
  pp_piece_shape shape;
  int used;
};

struct fninfo
{
  const struct notes_function *nf;  /* storage trace, with ->sub */
  unsigned object;
  unsigned ips_index;
  struct shape_entry *cache;        /* open addressing, by id */
  size_t cache_n, cache_cap;
};

struct object
{
  char *notes_path;                 /* as the trace names it */
  uint32_t stamp;
  struct notes_file notes;
  unsigned first_fn, n_fns;         /* its fninfo, by notes order */
};

struct extractor
{
  unsigned depth;
  const char *notes_dir;
  struct object *objs;
  size_t n_objs, cap_objs;
  struct fninfo *fns;
  size_t n_fns, cap_fns;
  /* The trace being read: function number -> fninfo index.  */
  long *fn_of;
  size_t n_fn_of;
  size_t next_base;      /* the base the next object of the file has */
  struct thread *threads;
  size_t n_threads, cap_threads;
  /* The segments: serialized key -> count.  */
  struct seg_entry *segs;
  size_t n_segs, cap_segs;
  int failed;
  const char *trace;                /* the file being read */
  uint64_t n_events;
};

/* The fninfo of NAME in object O, or -1.  */
static long
find_fn (const struct object *o, const char *name)
{
  const struct notes_function *nf = notes_find (&o->notes, name);
  if (!nf)
    return -1;
  return (long) o->first_fn + (nf - o->notes.functions);
}

/* The object of NOTES_PATH and STAMP, read once.  -1 after a message.  */
static long
object_for (struct extractor *x, const char *notes_path, uint32_t stamp)
{
  for (size_t i = 0; i < x->n_objs; i++)
    if (strcmp (x->objs[i].notes_path, notes_path) == 0
        && x->objs[i].stamp == stamp)
      return (long) i;
  for (size_t i = 0; i < x->n_objs; i++)
    if (strcmp (x->objs[i].notes_path, notes_path) == 0)
      {
        tool_error ("%s: object '%s' has stamp 0x%08x, 0x%08x in an earlier "
                    "trace: the traces come from different builds",
                    x->trace, notes_path, (unsigned) stamp,
                    (unsigned) x->objs[i].stamp);
        return -1;
      }
  GROW (x->objs, x->n_objs, x->cap_objs);
  struct object *o = &x->objs[x->n_objs];
  memset (o, 0, sizeof *o);
  o->notes_path = strdup (notes_path);
  if (!o->notes_path)
    tool_out_of_memory ();
  o->stamp = stamp;
  /* In NOTES_DIR (by base name) when given and there.  */
  char *np = NULL;
  if (x->notes_dir)
    {
      const char *base = strrchr (notes_path, '/');
      base = base ? base + 1 : notes_path;
      if (asprintf (&np, "%s/%s", x->notes_dir, base) < 0)
        tool_out_of_memory ();
      if (access (np, F_OK) != 0)
        {
          free (np);
          np = NULL;
        }
    }
  if (!np && !(np = strdup (notes_path)))
    tool_out_of_memory ();
  char msg[1024];
  int r = notes_read (np, &o->notes, msg, sizeof msg);
  if (r)
    {
      if (r == -2)
        tool_error ("%s", msg);
      else
        {
          fflush (stdout);
          fprintf (stderr, "%s\n", msg);
        }
      notes_free (&o->notes);
      free (o->notes_path);
      free (np);
      return -1;
    }
  if (o->notes.stamp != stamp)
    {
      tool_error ("%s: stamp 0x%08x does not match the trace's 0x%08x "
                  "(notes of another compilation)",
                  np, (unsigned) o->notes.stamp, (unsigned) stamp);
      notes_free (&o->notes);
      free (o->notes_path);
      free (np);
      return -1;
    }
  free (np);
  o->first_fn = (unsigned) x->n_fns;
  o->n_fns = (unsigned) o->notes.n_functions;
  for (size_t i = 0; i < o->notes.n_functions; i++)
    {
      GROW (x->fns, x->n_fns, x->cap_fns);
      struct fninfo *f = &x->fns[x->n_fns++];
      memset (f, 0, sizeof *f);
      f->nf = &o->notes.functions[i];
      f->object = (unsigned) x->n_objs;
    }
  return (long) x->n_objs++;
}

/* The shape of subpath ID of F (decoded once).  -1 if ID is not one.  */
static int
shape_of (struct fninfo *f, uint64_t id, pp_piece_shape *shape)
{
  if (f->cache_n * 2 >= f->cache_cap)
    {
      size_t cap = f->cache_cap ? 2 * f->cache_cap : 64;
      struct shape_entry *c = calloc (cap, sizeof *c);
      if (!c)
        tool_out_of_memory ();
      for (size_t i = 0; i < f->cache_cap; i++)
        if (f->cache[i].used)
          {
            size_t j = (size_t) (f->cache[i].id * 0x9E3779B97F4A7C15ull)
                       & (cap - 1);
            while (c[j].used)
              j = (j + 1) & (cap - 1);
            c[j] = f->cache[i];
          }
      free (f->cache);
      f->cache = c;
      f->cache_cap = cap;
    }
  size_t j = (size_t) (id * 0x9E3779B97F4A7C15ull) & (f->cache_cap - 1);
  while (f->cache[j].used)
    {
      if (f->cache[j].id == id)
        {
          *shape = f->cache[j].shape;
          return 0;
        }
      j = (j + 1) & (f->cache_cap - 1);
    }
  pp_error err;
  if (pp_subpath_decode (f->nf->sub, id, NULL, NULL, shape, &err) != PP_OK)
    return -1;
  f->cache[j].used = 1;
  f->cache[j].id = id;
  f->cache[j].shape = *shape;
  f->cache_n++;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Segments                                                            */
/* ------------------------------------------------------------------ */

/* A segment being built: fn fields are fninfo indices.  */
struct builder
{
  int active;
  pp_seg_link *start;
  unsigned n_start, cap_start;
  pp_seg_token *tokens;
  unsigned n_tokens, cap_tokens;
};

struct seg_entry
{
  unsigned char *key;
  size_t len;
  uint64_t count;
  uint64_t hash;
};

/* Open addressing over the serialized segments.  */
static struct seg_entry *
seg_slot (struct extractor *x, const unsigned char *key, size_t len,
          uint64_t hash)
{
  if (x->n_segs * 2 >= x->cap_segs)
    {
      size_t cap = x->cap_segs ? 2 * x->cap_segs : 1024;
      struct seg_entry *t = calloc (cap, sizeof *t);
      if (!t)
        tool_out_of_memory ();
      for (size_t i = 0; i < x->cap_segs; i++)
        if (x->segs[i].key)
          {
            size_t j = x->segs[i].hash & (cap - 1);
            while (t[j].key)
              j = (j + 1) & (cap - 1);
            t[j] = x->segs[i];
          }
      free (x->segs);
      x->segs = t;
      x->cap_segs = cap;
    }
  size_t j = hash & (x->cap_segs - 1);
  while (x->segs[j].key)
    {
      if (x->segs[j].hash == hash && x->segs[j].len == len
          && memcmp (x->segs[j].key, key, len) == 0)
        return &x->segs[j];
      j = (j + 1) & (x->cap_segs - 1);
    }
  return &x->segs[j];
}

struct bytes
{
  unsigned char *v;
  size_t n, cap;
};

static void
put_u64 (struct bytes *b, uint64_t v)
{
  while (b->n + 8 > b->cap)
    {
      b->cap = b->cap ? 2 * b->cap : 256;
      b->v = xrealloc (b->v, b->cap);
    }
  memcpy (b->v + b->n, &v, 8);
  b->n += 8;
}

/* Counts the segment of ROOT that B holds, TIMES more times.  */
static void
emit_segment (struct extractor *x, unsigned root, const struct builder *b,
              uint64_t times)
{
  static struct bytes k;
  k.n = 0;
  put_u64 (&k, root);
  put_u64 (&k, b->n_start);
  for (unsigned i = 0; i < b->n_start; i++)
    {
      put_u64 (&k, b->start[i].site);
      put_u64 (&k, b->start[i].fn);
    }
  for (unsigned t = 0; t < b->n_tokens; t++)
    {
      put_u64 (&k, b->tokens[t].kind);
      put_u64 (&k, b->tokens[t].fn);
      put_u64 (&k, b->tokens[t].id);
    }
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < k.n; i++)
    h = (h ^ k.v[i]) * 0x100000001b3ull;
  struct seg_entry *e = seg_slot (x, k.v, k.n, h);
  if (!e->key)
    {
      e->key = malloc (k.n);
      if (!e->key)
        tool_out_of_memory ();
      memcpy (e->key, k.v, k.n);
      e->len = k.n;
      e->hash = h;
      x->n_segs++;
    }
  e->count = ppd_sat_add (e->count, times);
}

static void
builder_add (struct builder *b, pp_seg_kind kind, unsigned fn, uint64_t id)
{
  GROW (b->tokens, b->n_tokens, b->cap_tokens);
  b->tokens[b->n_tokens].kind = kind;
  b->tokens[b->n_tokens].fn = fn;
  b->tokens[b->n_tokens].id = id;
  b->n_tokens++;
}

static void
builder_reset (struct builder *b)
{
  b->active = 0;
  b->n_start = b->n_tokens = 0;
}

/* ------------------------------------------------------------------ */
/* Threads                                                             */
/* ------------------------------------------------------------------ */

/* A root whose supergraph holds a frame, DEPTH calls up.  */
struct root_ref
{
  unsigned frame, depth;
};

struct frame
{
  unsigned fn;               /* fninfo index */
  uint64_t serial;
  unsigned site;             /* call site of the caller it came from */
  int linked;                /* inside its caller's supergraph */
  int ran;                   /* has run a subpath */
  pp_piece_shape last;       /* its last subpath */
  long pending_site;         /* the site that subpath ended at, or -1 */
  struct root_ref *roots;    /* itself first */
  unsigned n_roots, cap_roots;
  struct builder b;          /* as a root */
};

struct thread
{
  uint32_t id;
  struct frame *stack;
  unsigned n, cap;
  uint64_t frames;           /* ENTER events */
  uint64_t last_id;          /* the last subpath (for REPEAT) */
  int have_last;
};

static struct thread *
thread_of (struct extractor *x, uint32_t id)
{
  for (size_t i = 0; i < x->n_threads; i++)
    if (x->threads[i].id == id)
      return &x->threads[i];
  GROW (x->threads, x->n_threads, x->cap_threads);
  struct thread *t = &x->threads[x->n_threads++];
  memset (t, 0, sizeof *t);
  t->id = id;
  return t;
}

/* Abandons the segments frame I is part of.  */
static void
abandon (struct thread *t, unsigned i)
{
  struct frame *f = &t->stack[i];
  for (unsigned k = 0; k < f->n_roots; k++)
    builder_reset (&t->stack[f->roots[k].frame].b);
}

static void
pop (struct thread *t)
{
  t->n--;
}

/* The start context of a segment of root R starting in frame I.  */
static void
start_context (struct thread *t, unsigned r, unsigned i, struct builder *b)
{
  unsigned n = 0;
  for (unsigned j = i; j != r; j--)
    n++;
  b->n_start = 0;
  while (b->cap_start < n)
    {
      b->cap_start = b->cap_start ? 2 * b->cap_start : 4;
      b->start = xrealloc (b->start, b->cap_start * sizeof *b->start);
    }
  /* Frames R+1 .. I are each the callee of the one below.  */
  for (unsigned j = r + 1; j <= i; j++)
    {
      b->start[b->n_start].site = t->stack[j].site;
      b->start[b->n_start].fn = t->stack[j].fn;
      b->n_start++;
    }
}

/* Frame I ran subpath ID (shape S) TIMES times.  */
static void
run_piece (struct extractor *x, struct thread *t, uint64_t id,
           const pp_piece_shape *s, uint64_t times)
{
  unsigned i = t->n - 1;
  struct frame *f = &t->stack[i];
  const pp_subpath_fn *sub = x->fns[f->fn].nf->sub;
  /* Does it continue the frame's previous subpath?  */
  int fits = s->starts_at_entry
               ? !f->ran
               : f->ran && !f->last.ends_at_exit
                   && f->last.end_edge == s->start_edge;
  if (!fits)
    abandon (t, i);
  pp_cut_kind start_cut = s->starts_at_entry
                            ? PP_CUT_NONE
                            : sub->cfg->edges[s->start_edge].cut;
  pp_cut_kind end_cut = s->ends_at_exit ? PP_CUT_NONE
                                        : sub->cfg->edges[s->end_edge].cut;
  int returns = s->ends_at_exit && s->exit_node == sub->exit_block;
  for (unsigned k = 0; k < f->n_roots; k++)
    {
      unsigned r = f->roots[k].frame;
      struct builder *b = &t->stack[r].b;
      if (!b->active)
        {
          /* A segment starts at its root's entry, or after a cut.  */
          if (!((s->starts_at_entry && r == i) || start_cut == PP_CUT_BACK
                || start_cut == PP_CUT_SPLIT))
            continue;
          start_context (t, r, i, b);
          b->active = 1;
        }
      builder_add (b, PP_SEG_PIECE, f->fn, id);
      if (end_cut == PP_CUT_BACK || end_cut == PP_CUT_SPLIT
          || (s->ends_at_exit && (r == i || !returns)))
        {
          emit_segment (x, t->stack[r].fn, b, times);
          builder_reset (b);
        }
      else if (returns)
        builder_add (b, PP_SEG_RETURN, 0, 0);
    }
  f->ran = 1;
  f->last = *s;
  f->pending_site = s->ends_at_exit ? -1 : sub->edge_site[s->end_edge];
  if (s->ends_at_exit)
    pop (t);
}

/* Whether a frame of function G entered from call site SITE of frame P
   lies in P's supergraph.  */
static int
inlined (const struct extractor *x, const struct frame *p, unsigned site,
         unsigned g)
{
  const struct fninfo *pf = &x->fns[p->fn], *gf = &x->fns[g];
  if (pf->object != gf->object || gf->nf->refused || !gf->nf->sub)
    return 0;
  const char *callee = pf->nf->sub->site_callee[site];
  return !callee || strcmp (callee, gf->nf->name) == 0;
}

static void
enter (struct extractor *x, struct thread *t, unsigned g, int from_site)
{
  if (t->n == t->cap)
    {
      unsigned cap = t->cap ? 2 * t->cap : 64;
      t->stack = xrealloc (t->stack, cap * sizeof *t->stack);
      memset (t->stack + t->cap, 0, (cap - t->cap) * sizeof *t->stack);
      t->cap = cap;
    }
  struct frame *f = &t->stack[t->n];
  struct root_ref *keep = f->roots;
  unsigned keep_cap = f->cap_roots;
  pp_seg_link *keep_start = f->b.start;
  pp_seg_token *keep_tokens = f->b.tokens;
  unsigned keep_sc = f->b.cap_start, keep_tc = f->b.cap_tokens;
  /* Frames are reused from a stack that only grows: their arrays stay
     allocated.  */
  memset (f, 0, sizeof *f);
  f->roots = keep;
  f->cap_roots = keep_cap;
  f->b.start = keep_start;
  f->b.tokens = keep_tokens;
  f->b.cap_start = keep_sc;
  f->b.cap_tokens = keep_tc;
  f->fn = g;
  f->serial = ++t->frames;
  f->pending_site = -1;
  GROW (f->roots, f->n_roots, f->cap_roots);
  f->roots[f->n_roots].frame = t->n;
  f->roots[f->n_roots++].depth = 0;
  if (t->n && from_site)
    {
      struct frame *p = &t->stack[t->n - 1];
      if (p->pending_site >= 0)
        {
          unsigned site = (unsigned) p->pending_site;
          p->pending_site = -1; /* one callee per call */
          if (inlined (x, p, site, g))
            {
              f->site = site;
              f->linked = 1;
              for (unsigned k = 0; k < p->n_roots; k++)
                {
                  if (p->roots[k].depth + 1 > x->depth)
                    continue;
                  GROW (f->roots, f->n_roots, f->cap_roots);
                  f->roots[f->n_roots].frame = p->roots[k].frame;
                  f->roots[f->n_roots++].depth = p->roots[k].depth + 1;
                  struct builder *b = &t->stack[p->roots[k].frame].b;
                  if (b->active)
                    builder_add (b, PP_SEG_CALL, 0, 0);
                }
            }
        }
    }
  t->n++;
}

/* RESUME: frame SERIAL runs again; the frames above it are gone.  */
static void
resume (struct thread *t, uint64_t serial)
{
  unsigned i = t->n;
  while (i > 0 && t->stack[i - 1].serial != serial)
    i--;
  if (i == 0)
    return; /* a frame the trace did not see start (after a fork) */
  while (t->n > i)
    {
      abandon (t, t->n - 1);
      pop (t);
    }
  /* What it called is gone: no callee will come from its call site.  */
  t->stack[i - 1].pending_site = -1;
}

static int
on_object (void *arg, const struct trace_object *o)
{
  struct extractor *x = arg;
  long obj = object_for (x, o->notes_file, o->stamp);
  if (obj < 0)
    return -1;
  /* The runtime numbers each object's functions after those of the
     objects before it, and a trace file lists every object it numbers:
     another base is damage (and would size fn_of from a stray u32).  */
  if (o->base != x->next_base)
    {
      tool_error ("%s: object '%s': function base %u, expected %zu (a "
                  "damaged trace)",
                  x->trace, o->notes_file, (unsigned) o->base, x->next_base);
      return -1;
    }
  x->next_base += o->n_functions;
  size_t need = (size_t) o->base + o->n_functions;
  if (need > x->n_fn_of)
    {
      x->fn_of = xrealloc (x->fn_of, need * sizeof *x->fn_of);
      for (size_t i = x->n_fn_of; i < need; i++)
        x->fn_of[i] = -1;
      x->n_fn_of = need;
    }
  for (uint32_t i = 0; i < o->n_functions; i++)
    {
      long f = find_fn (&x->objs[obj], o->names[i]);
      if (f < 0)
        {
          tool_error ("%s: function '%s' of object '%s' is not in its notes",
                      x->trace, o->names[i], o->notes_file);
          return -1;
        }
      if (x->fns[f].nf->storage != PATHPROF_STORAGE_TRACE)
        {
          tool_error ("%s: function '%s' of '%s' is not of a trace build",
                      x->trace, o->names[i], o->notes_file);
          return -1;
        }
      x->fn_of[o->base + i] = f;
    }
  return 0;
}

static int
on_fork (void *arg, uint64_t parent)
{
  (void) arg;
  (void) parent;
  return 0;
}

/* The most runs of a subpath that a REPEAT may replay one by one.  */
#define MAX_REPLAYED_REPEAT (UINT64_C (1) << 32)

static int
on_event (void *arg, uint32_t thread, unsigned kind, uint64_t value)
{
  struct extractor *x = arg;
  struct thread *t = thread_of (x, thread);
  x->n_events++;
  pp_piece_shape s;
  switch (kind)
    {
    case PATHPROF_PPT_SUBPATH:
      t->have_last = 0;
      if (!t->n)
        return 0; /* a frame entered before the trace (a forked child) */
      if (shape_of (&x->fns[t->stack[t->n - 1].fn], value, &s))
        {
          tool_error ("%s: thread %u: subpath %llu of '%s' does not exist",
                      x->trace, (unsigned) thread,
                      (unsigned long long) value,
                      x->fns[t->stack[t->n - 1].fn].nf->name);
          return -1;
        }
      t->last_id = value;
      t->have_last = 1;
      run_piece (x, t, value, &s, 1);
      return 0;
    case PATHPROF_PPT_ENTER_SITE:
    case PATHPROF_PPT_ENTER_OTHER:
      t->have_last = 0;
      if (value >= x->n_fn_of || x->fn_of[value] < 0)
        {
          tool_error ("%s: thread %u: function %llu is in no object", x->trace,
                      (unsigned) thread, (unsigned long long) value);
          return -1;
        }
      enter (x, t, (unsigned) x->fn_of[value],
             kind == PATHPROF_PPT_ENTER_SITE);
      return 0;
    default:
      if (value & 1)
        {
          t->have_last = 0;
          resume (t, value >> 1);
          return 0;
        }
      /* REPEAT n: the last subpath id, n more times, each run by the
         frame on top then (a frame that returned with it leaves the
         next run to its caller).  A run from a back edge back to it (a
         loop going round) is the same segments each time: counted at
         once.  */
      for (uint64_t n = value >> 1; n && t->have_last && t->n; n--)
        {
          struct fninfo *fi = &x->fns[t->stack[t->n - 1].fn];
          if (shape_of (fi, t->last_id, &s))
            {
              tool_error ("%s: thread %u: subpath %llu of '%s' does not "
                          "exist",
                          x->trace, (unsigned) thread,
                          (unsigned long long) t->last_id, fi->nf->name);
              return -1;
            }
          int same_edge = !s.starts_at_entry && !s.ends_at_exit
                          && s.start_edge == s.end_edge;
          int loop = same_edge && fi->nf->sub->edge_site[s.end_edge] < 0;
          /* A REPEAT of runs that do not end where they start (they
             return, or end at a call site) is replayed run by run: more
             than 2^32 in one is taken for damage, which would replay for
             hours.  (Runs around a loop by a call site, also replayed one
             by one, are left alone: a loop can go round that often.)  */
          if (!same_edge && n > MAX_REPLAYED_REPEAT)
            {
              tool_error ("%s: thread %u: subpath %llu of '%s' repeated "
                          "%llu more times, which is not replayed (a "
                          "damaged trace)",
                          x->trace, (unsigned) thread,
                          (unsigned long long) t->last_id, fi->nf->name,
                          (unsigned long long) n);
              return -1;
            }
          run_piece (x, t, t->last_id, &s, loop ? n : 1);
          if (loop)
            break;
        }
      return 0;
    }
}

/* Whether frame F lies in the supergraph of the root frame R.  */
static int
in_supergraph (const struct frame *f, unsigned r)
{
  for (unsigned k = 0; k < f->n_roots; k++)
    if (f->roots[k].frame == r)
      return 1;
  return 0;
}

struct walk
{
  unsigned *v;
  size_t n, cap;
};

/* Appends to B the subpath of F whose DAG edges W holds; W emptied.  */
static int
walk_piece (struct extractor *x, unsigned f, struct walk *w,
            struct builder *b)
{
  const pp_subpath_fn *sub = x->fns[f].nf->sub;
  pp_error err;
  mpz_t z;
  mpz_init (z);
  uint64_t id = 0;
  int ok = pp_bl_encode (sub->dag, sub->num, w->v, w->n, z, &err) == PP_OK;
  if (ok)
    mpz_export (&id, NULL, -1, sizeof id, 0, 0, z);
  mpz_clear (z);
  w->n = 0;
  if (ok)
    builder_add (b, PP_SEG_PIECE, f, id);
  return ok;
}

/* The rest of root R's segment in flight (in B) when its thread's trace
   ended, appended to B: from the call that frame J, the innermost of R's
   supergraph, did not return from, the one way on through the
   subpath CFGs to the segment's end, returning from J .. R+1 and calling
   nothing.  1 if there is such a way (specs/segments.md).  */
static int
rest_of_segment (struct extractor *x, struct thread *t, unsigned r,
                 unsigned j, struct builder *b)
{
  static struct walk w;
  w.n = 0;
  for (;;)
    {
      /* Frame J's last subpath ended at the call site the rest starts
         after.  */
      const struct frame *f = &t->stack[j];
      const pp_subpath_fn *sub = x->fns[f->fn].nf->sub;
      if (!f->ran || f->last.ends_at_exit
          || sub->cfg->edges[f->last.end_edge].cut != PP_CUT_CALL)
        return 0;
      const pp_dag *dag = sub->dag;
      GROW (w.v, w.n, w.cap);
      w.v[w.n++] = (unsigned) dag->cfg_edge_cut_start[f->last.end_edge];
      unsigned v = sub->cfg->edges[f->last.end_edge].dst;
      for (;;)
        {
          if (dag->out_start[v + 1] - dag->out_start[v] != 1)
            return 0;
          unsigned e = dag->out_edges[dag->out_start[v]];
          const pp_dag_edge *d = &dag->edges[e];
          GROW (w.v, w.n, w.cap);
          w.v[w.n++] = e;
          if (d->kind == PP_EDGE_REAL)
            {
              v = d->dst;
              continue;
            }
          if (!walk_piece (x, f->fn, &w, b))
            return 0;
          if (d->kind == PP_EDGE_CUT_END)
            return sub->cfg->edges[d->origin].cut != PP_CUT_CALL;
          /* An exit: a return continues in the caller, if inlined.  */
          if (v != sub->exit_block || j == r)
            return 1;
          builder_add (b, PP_SEG_RETURN, 0, 0);
          j--;
          break;
        }
    }
}

/* At the end of thread T's trace (the process ended, in the middle of
   calls): the segments in flight whose rest was fixed are counted, as an
   IPPP build's finish nodes count them before the process ends
   (specs/segments.md).  */
static void
finish_thread (struct extractor *x, struct thread *t)
{
  for (unsigned r = 0; r < t->n; r++)
    {
      struct builder *b = &t->stack[r].b;
      if (!b->active)
        continue;
      unsigned j = r;
      while (j + 1 < t->n && in_supergraph (&t->stack[j + 1], r))
        j++;
      if (rest_of_segment (x, t, r, j, b))
        emit_segment (x, t->stack[r].fn, b, 1);
      builder_reset (b);
    }
}

/* Replays one trace file; its threads and function numbers are its own. */
static int
extract (struct extractor *x, const char *path)
{
  x->trace = path;
  x->n_threads = 0;
  x->next_base = 0;
  for (size_t i = 0; i < x->n_fn_of; i++)
    x->fn_of[i] = -1;
  struct trace_sink sink = { x, on_object, on_fork, on_event };
  int r = trace_read (path, &sink);
  for (size_t i = 0; i < x->n_threads; i++)
    {
      struct thread *t = &x->threads[i];
      if (r == 0)
        finish_thread (x, t);
      for (unsigned k = 0; k < t->cap; k++)
        {
          free (t->stack[k].roots);
          free (t->stack[k].b.start);
          free (t->stack[k].b.tokens);
        }
      free (t->stack);
    }
  x->n_threads = 0;
  return r;
}

/* ------------------------------------------------------------------ */
/* The file                                                            */
/* ------------------------------------------------------------------ */

static int
cmp_seg (const void *a, const void *b)
{
  return pp_segment_cmp (&((const pp_ips_seg *) a)->seg,
                         &((const pp_ips_seg *) b)->seg);
}

/* The set of every function of the objects and every segment.  */
static pp_ips *
build_set (struct extractor *x, char *const *inputs, int n_inputs)
{
  pp_error err;
  pp_ips *set = pp_ips_new (NULL, x->depth, &err);
  if (!set)
    tool_out_of_memory ();
  char *buf = NULL;
  size_t size = 0;
  FILE *m = open_memstream (&buf, &size);
  fprintf (m, "written by pathprof ips -k %u from", x->depth);
  for (int i = 0; i < n_inputs; i++)
    fprintf (m, " %s", inputs[i]);
  fclose (m);
  if (!buf || pp_ips_add_comment (set, buf, &err) != PP_OK)
    tool_out_of_memory ();
  free (buf);
  /* Functions: one entry per (name, source, checksum).  */
  for (size_t i = 0; i < x->n_fns; i++)
    {
      struct fninfo *f = &x->fns[i];
      const struct notes_function *nf = f->nf;
      f->ips_index = (unsigned) -1;
      if (nf->storage != PATHPROF_STORAGE_TRACE)
        continue;
      for (size_t j = 0; j < i && f->ips_index == (unsigned) -1; j++)
        {
          const struct notes_function *o = x->fns[j].nf;
          if (x->fns[j].ips_index != (unsigned) -1
              && strcmp (o->name, nf->name) == 0
              && strcmp (o->source, nf->source) == 0
              && o->checksum == nf->checksum)
            f->ips_index = x->fns[j].ips_index;
        }
      if (f->ips_index == (unsigned) -1
          && pp_ips_add_fn (set, nf->name, nf->source, nf->checksum,
                            mpz_get_ui (nf->paths), &f->ips_index, &err)
               != PP_OK)
        tool_out_of_memory ();
    }
  /* Segments, in file function indices; the same segment of two objects
     (the same function compiled twice) adds up.  */
  pp_ips_seg *all = calloc (x->n_segs + 1, sizeof *all);
  size_t n = 0;
  if (!all)
    tool_out_of_memory ();
  for (size_t i = 0; i < x->cap_segs; i++)
    {
      const struct seg_entry *e = &x->segs[i];
      if (!e->key)
        continue;
      const uint64_t *k = (const uint64_t *) e->key;
      pp_segment *s = &all[n].seg;
      size_t p = 0;
      s->root = x->fns[k[p++]].ips_index;
      s->n_start = (unsigned) k[p++];
      s->start = calloc (s->n_start + 1, sizeof *s->start);
      for (unsigned j = 0; j < s->n_start; j++, p += 2)
        {
          s->start[j].site = (unsigned) k[p];
          s->start[j].fn = x->fns[k[p + 1]].ips_index;
        }
      s->n_tokens = (unsigned) ((e->len / 8 - p) / 3);
      s->tokens = calloc (s->n_tokens + 1, sizeof *s->tokens);
      if (!s->start || !s->tokens)
        tool_out_of_memory ();
      for (unsigned j = 0; j < s->n_tokens; j++, p += 3)
        {
          s->tokens[j].kind = (pp_seg_kind) k[p];
          s->tokens[j].fn = s->tokens[j].kind == PP_SEG_PIECE
                              ? x->fns[k[p + 1]].ips_index : 0;
          s->tokens[j].id = k[p + 2];
        }
      all[n].has_count = 1;
      all[n++].count = e->count;
    }
  qsort (all, n, sizeof *all, cmp_seg);
  for (size_t i = 0; i < n;)
    {
      size_t j = i + 1;
      uint64_t count = all[i].count;
      for (; j < n && pp_segment_cmp (&all[i].seg, &all[j].seg) == 0; j++)
        count = ppd_sat_add (count, all[j].count);
      if (pp_ips_add_segment (set, &all[i].seg, 1, count, &err) != PP_OK)
        tool_out_of_memory ();
      i = j;
    }
  for (size_t i = 0; i < n; i++)
    pp_segment_clear (&all[i].seg);
  free (all);
  if (pp_ips_finish (set, &err) != PP_OK)
    {
      /* Only a bug could make these invalid.  */
      tool_error ("%s", err.message);
      pp_ips_free (set);
      return NULL;
    }
  return set;
}

/* The traces of INPUT: the file, or the .ppt files of the directory (by
   name).  */
static int
add_inputs (const char *input, char ***files, size_t *n, size_t *cap)
{
  struct stat st;
  if (stat (input, &st) != 0)
    {
      tool_error ("%s: cannot open: %s", input, strerror (errno));
      return -1;
    }
  if (!S_ISDIR (st.st_mode))
    {
      GROW (*files, *n, *cap);
      if (!((*files)[(*n)++] = strdup (input)))
        tool_out_of_memory ();
      return 0;
    }
  struct dirent **list;
  int k = scandir (input, &list, NULL, alphasort);
  if (k < 0)
    {
      tool_error ("%s: cannot read: %s", input, strerror (errno));
      return -1;
    }
  for (int i = 0; i < k; i++)
    {
      size_t len = strlen (list[i]->d_name);
      size_t sl = strlen (PATHPROF_PPT_SUFFIX);
      if (len > sl
          && strcmp (list[i]->d_name + len - sl, PATHPROF_PPT_SUFFIX) == 0)
        {
          GROW (*files, *n, *cap);
          if (asprintf (&(*files)[(*n)++], "%s/%s", input, list[i]->d_name)
              < 0)
            tool_out_of_memory ();
        }
      free (list[i]);
    }
  free (list);
  return 0;
}

int
tool_ips (char *const *inputs, int n_inputs, const struct ips_options *opt,
          FILE *out)
{
  struct extractor x;
  memset (&x, 0, sizeof x);
  x.depth = opt->depth;
  x.notes_dir = opt->notes_dir;
  char **files = NULL;
  size_t n_files = 0, cap_files = 0;
  int status = 0;
  for (int i = 0; i < n_inputs && !status; i++)
    if (add_inputs (inputs[i], &files, &n_files, &cap_files))
      status = 1;
  if (!status && !n_files)
    {
      tool_error ("ips: no trace files (*%s) in %s", PATHPROF_PPT_SUFFIX,
                  inputs[0]);
      status = 1;
    }
  for (size_t i = 0; i < n_files && !status; i++)
    if (extract (&x, files[i]))
      status = 1;
  pp_ips *set = status ? NULL : build_set (&x, inputs, n_inputs);
  if (!status && !set)
    status = 1;
  if (set)
    {
      pp_error err;
      struct tool_output o = { 0 };
      if (opt->output)
        status = tool_output_open (&o, opt->output);
      else
        o.f = out;
      if (!status)
        {
          if (pp_ips_write (set, o.f, &err) != PP_OK)
            {
              tool_error ("%s: %s", opt->output ? opt->output : "stdout",
                          err.message);
              if (opt->output)
                tool_output_discard (&o);
              status = 1;
            }
          else if (opt->output)
            status = tool_output_close (&o);
        }
      if (opt->verbose)
        fprintf (stderr,
                 "pathprof: ips: %zu trace files, %llu events, %zu "
                 "functions, %zu segments\n",
                 n_files, (unsigned long long) x.n_events, set->n_fns,
                 set->n_segs);
      pp_ips_free (set);
    }
  for (size_t i = 0; i < n_files; i++)
    free (files[i]);
  free (files);
  for (size_t i = 0; i < x.cap_segs; i++)
    free (x.segs[i].key);
  free (x.segs);
  for (size_t i = 0; i < x.n_fns; i++)
    free (x.fns[i].cache);
  free (x.fns);
  for (size_t i = 0; i < x.n_objs; i++)
    {
      notes_free (&x.objs[i].notes);
      free (x.objs[i].notes_path);
    }
  free (x.objs);
  free (x.threads);
  free (x.fn_of);
  return status;
}
