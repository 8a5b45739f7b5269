/* pathprof plugin: the notes file (.ppno), specs/notes-format.md.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each function's record is rendered to text as soon as the function is
 * numbered (the core's CFG and DAG are freed right after), and the file is
 * written once, at the end of the unit, through a temporary file renamed
 * into place so that a reader never sees half a file.
 */
#include "gcc-compat.h"
#include "pathprof.h"
#include "pathprof-format.h"

#include <stdarg.h>
#include <unistd.h>

namespace {

/* A growing NUL-terminated string.  */
struct strbuf
{
  char *s;
  size_t len, cap;
};

void
sb_reserve (strbuf *b, size_t more)
{
  if (b->len + more + 1 <= b->cap)
    return;
  b->cap = MAX (2 * b->cap, b->len + more + 1);
  b->s = XRESIZEVEC (char, b->s, b->cap);
}

void sb_printf (strbuf *b, const char *fmt, ...) ATTRIBUTE_PRINTF_2;

void
sb_printf (strbuf *b, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  sb_reserve (b, n);
  va_start (ap, fmt);
  vsnprintf (b->s + b->len, n + 1, fmt, ap);
  va_end (ap);
  b->len += n;
}

/* S in double quotes with the C escapes of the notes' lexical rules.  */
void
sb_string (strbuf *b, const char *s)
{
  sb_printf (b, "\"");
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    switch (*p)
      {
      case '\\':
        sb_printf (b, "\\\\");
        break;
      case '"':
        sb_printf (b, "\\\"");
        break;
      case '\n':
        sb_printf (b, "\\n");
        break;
      case '\t':
        sb_printf (b, "\\t");
        break;
      default:
        if (*p < 0x20 || *p > 0x7e)
          sb_printf (b, "\\x%02x", *p);
        else
          sb_printf (b, "%c", *p);
      }
  sb_printf (b, "\"");
}

/* " FILE LINE" for each of LINES (the notes' gcov comments).  */
void
sb_file_lines (strbuf *b, const vec<expanded_location> &lines)
{
  for (unsigned i = 0; i < lines.length (); i++)
    {
      sb_printf (b, " ");
      sb_string (b, lines[i].file);
      sb_printf (b, " %d", lines[i].line);
    }
}

void
sb_mpz (strbuf *b, const mpz_t v)
{
  char *s = mpz_get_str (NULL, 10, v);
  sb_printf (b, "%s", s);
  /* GMP's default allocator is malloc.  */
  free (s);
}

const char *
kind_name (pp_edge_kind k)
{
  switch (k)
    {
    case PP_EDGE_REAL:
      return "real";
    case PP_EDGE_ENTRY:
      return "entry";
    case PP_EDGE_EXIT:
      return "exit";
    case PP_EDGE_CUT_START:
      return "cutstart";
    case PP_EDGE_CUT_END:
      return "cutend";
    }
  gcc_unreachable ();
}

const char *
cut_name (pp_cut_kind k)
{
  switch (k)
    {
    case PP_CUT_NONE:
      return "none";
    case PP_CUT_BACK:
      return "back";
    case PP_CUT_SPLIT:
      return "split";
    case PP_CUT_CALL:
      return "call";
    }
  gcc_unreachable ();
}

/* Whether gcov ends a block after G: -fprofile-arcs gives every call that
   may not return a fake edge to the exit (tree-cfg.cc: need_fake_edge_p,
   which this mirrors), splitting the block after it.  gcov's pass runs
   after ours (stage=late), once every function we instrument has lost its
   pure and const flags (pass.cc): a call to one of them is split at even
   where the callee is pure as the pass sees this function (a callee
   defined after its caller is instrumented after it).  */
bool
gcov_splits_after (gimple *g)
{
  if (gasm *a = dyn_cast<gasm *> (g))
    return gimple_asm_volatile_p (a) || gimple_asm_input_p (a);
  if (!is_gimple_call (g))
    return false;
  tree fndecl = gimple_call_fndecl (g);
  int flags = gimple_call_flags (g);
  if (fndecl && fndecl_built_in_p (fndecl) && (flags & ECF_NOTHROW)
      && !(flags & ECF_RETURNS_TWICE)
      && !fndecl_built_in_p (fndecl, BUILT_IN_FORK))
    return false;
  if ((flags & (ECF_PURE | ECF_CONST))
      && !(flags & ECF_LOOPING_CONST_OR_PURE)
      && !pp_loses_pure_const (fndecl))
    return false;
  if (!(flags & ECF_NORETURN))
    return true;
  return EDGE_COUNT (gimple_bb (g)->succs) > 0;
}

/* The source lines of the statements of BB from FIRST (NULL: its first)
   up to STOP (excluded; NULL: to its end): the file of their first
   located statement, the range of that file's lines among them, and the
   line gcov attaches the block's branches to: the highest line among the
   located statements after the last call that gcov splits at (see
   gcov_splits_after; a call that ends the block is not split at), 0 when
   there is none or one of them is in another file.  Debug statements are
   ignored, so -g does not change the notes.

   With GCOV_LINES, also every line gcov attaches the block's branches to,
   in order, for blocks with code from several files (C++'s inlined
   headers).  profile.cc's branch_prob writes a block's lines as runs by
   file (output_location): the function's own location first in its first
   block, then its statements' (file, line) pairs, each once per block, a
   run started where the file changes and a line not written when equal to
   the one written before it; gcov.cc sorts each run's lines, and
   add_line_counts attaches the block's branches once per run to the last
   line it has then seen (the run's highest, or the previous run's when
   the run has none).  Exact without -g only: gcov's line loop does not
   skip debug statements (-g's begin-statement markers have lines), the
   notes do.  */
} // namespace

void
pp_stmt_range_lines (basic_block bb, gimple *first, gimple *stop,
                     const char **file, int *lo, int *hi, int *last,
                     vec<expanded_location> *gcov_lines)
{
  *file = "";
  *lo = *hi = *last = 0;
  bool other_file = false;
  if (gcov_lines)
    gcov_lines->truncate (0);
  if (bb->index < NUM_FIXED_BLOCKS)
    return;
  /* gcov's runs, as output_location writes them: the pairs written in
     the block, the current run's file and highest line, the line
     written last.  */
  auto_vec<expanded_location, 16> written;
  expanded_location run = { NULL, 0, 0, NULL, false };
  expanded_location attach = { NULL, 0, 0, NULL, false };
  int prev_line = -1;
  auto end_run = [&] () {
    if (!run.file)
      return;
    if (run.line)
      attach = run;
    if (attach.file && gcov_lines)
      gcov_lines->safe_push (attach);
  };
  auto write = [&] (expanded_location xl) {
    for (unsigned i = 0; i < written.length (); i++)
      if (written[i].line == xl.line && strcmp (written[i].file, xl.file) == 0)
        return;
    written.safe_push (xl);
    bool start = written.length () == 1;
    if (start || !run.file || strcmp (run.file, xl.file) != 0)
      {
        end_run ();
        run = xl;
        run.line = 0;
      }
    if (start || xl.line != prev_line)
      {
        run.line = MAX (run.line, xl.line);
        prev_line = xl.line;
      }
  };
  /* (Where the block has other predecessors, the instrumentation's code
     on the entry edge gets a block of its own, placed first: gcov gives
     the function's line to that one.)  */
  if (!first && bb == ENTRY_BLOCK_PTR_FOR_FN (cfun)->next_bb
      && single_pred_p (bb))
    {
      location_t loc = DECL_SOURCE_LOCATION (current_function_decl);
      if (!RESERVED_LOCATION_P (loc))
        {
          expanded_location xl = expand_location (loc);
          if (xl.file)
            {
              xl.file = pp_profile_file_name (xl.file);
              xl.line = MAX (1, xl.line);
              write (xl);
            }
        }
    }
  /* A call that ends the block is not split at: its fake edge leaves the
     block itself.  */
  gimple *last_stmt = ppc_last_nondebug_stmt (bb);
  gimple_stmt_iterator gsi = first ? gsi_for_stmt (first) : gsi_start_bb (bb);
  for (; !gsi_end_p (gsi) && gsi_stmt (gsi) != stop; gsi_next (&gsi))
    {
      gimple *g = gsi_stmt (gsi);
      if (is_gimple_debug (g))
        continue;
      expanded_location xl = { NULL, 0, 0, NULL, false };
      if (!RESERVED_LOCATION_P (gimple_location (g)))
        xl = expand_location (gimple_location (g));
      if (xl.file)
        xl.file = pp_profile_file_name (xl.file);
      if (xl.file && xl.line > 0)
        {
          if (!**file)
            {
              *file = xl.file;
              *lo = *hi = xl.line;
            }
          else if (strcmp (*file, xl.file) == 0)
            {
              *lo = MIN (*lo, xl.line);
              *hi = MAX (*hi, xl.line);
            }
          if (strcmp (*file, xl.file) != 0)
            other_file = true;
          else
            *last = MAX (*last, xl.line);
          write (xl);
        }
      else if (xl.file)
        {
          xl.line = 1;
          write (xl);
        }
      else if (!RESERVED_LOCATION_P (gimple_location (g)))
        {
          /* No file: output_location forgets the file and line it wrote
             last, so the next pair starts a run.  */
          end_run ();
          run.file = NULL;
          prev_line = -1;
        }
      if (g != last_stmt && gcov_splits_after (g))
        {
          /* gcov's next block.  */
          *last = 0;
          other_file = false;
          written.truncate (0);
          run.file = attach.file = NULL;
          prev_line = -1;
          if (gcov_lines)
            gcov_lines->truncate (0);
        }
    }
  if (other_file)
    *last = 0;
  end_run ();
}

void
pp_notes_check_comment (char **text, size_t *len, size_t *size, long end,
                        const char *kind, char via_kind, long via,
                        basic_block bb)
{
  strbuf b = { *text, *len, *size };
  const char *file;
  int lo, hi, last;
  auto_vec<expanded_location> gcov_lines;
  pp_stmt_range_lines (bb, NULL, NULL, &file, &lo, &hi, &last, &gcov_lines);
  sb_printf (&b, "  # check %ld %s %c %ld", end, kind, via_kind, via);
  sb_file_lines (&b, gcov_lines);
  sb_printf (&b, "\n");
  *text = b.s;
  *len = b.len;
  *size = b.cap;
}

void
pp_notes_insert (char **notes, const char *text)
{
  if (!text || !*text)
    return;
  size_t len = strlen (*notes), tail = strlen (PATHPROF_NOTES_END "\n");
  gcc_assert (len >= tail
              && strcmp (*notes + len - tail, PATHPROF_NOTES_END "\n") == 0);
  strbuf b = { NULL, 0, 0 };
  sb_printf (&b, "%.*s%s%s", (int) (len - tail), *notes, text,
             PATHPROF_NOTES_END "\n");
  free (*notes);
  *notes = b.s;
}

namespace {

char *
absolute (const char *path)
{
  if (IS_ABSOLUTE_PATH (path))
    return xstrdup (path);
  while (path[0] == '.' && IS_DIR_SEPARATOR (path[1]))
    path += 2;
  return concat (getpwd (), "/", path, NULL);
}

/* The compilation's output base ("dir/foo" for -c -o dir/foo.o), as GCC
   uses for the .gcno file.  */
const char *
output_base (void)
{
  if (aux_base_name && *aux_base_name)
    return aux_base_name;
  return main_input_filename ? main_input_filename : "pathprof";
}

/* Orders indices into the interesting ids of the plan being written.  */
const pp_plan *sort_plan;

int
by_interesting_id (const void *a, const void *b)
{
  return mpz_cmp (sort_plan->interesting[*(const unsigned *) a],
                  sort_plan->interesting[*(const unsigned *) b]);
}

/* The `ppp` and `interesting` records of a PPP function.  */
void
notes_ppp (strbuf *b, const pp_plan *plan)
{
  sb_printf (b, "  %s %u ", PATHPROF_NOTES_PPP, plan->n_interesting);
  sb_mpz (b, plan->ppp->range);
  sb_printf (b, " %llu", (unsigned long long) plan->n_slots);
  /* Padded slots (pp_plan::unchecked) may start below PPP id 0.  */
  if (plan->slot_shift)
    sb_printf (b, " %llu", (unsigned long long) plan->slot_shift);
  sb_printf (b, "\n");
  const pp_ppp_result *ppp = plan->ppp;
  if (ppp->numbered)
    {
      sb_printf (b, "  %s %u ", PATHPROF_NOTES_HOTTEST, ppp->n_numbered);
      sb_mpz (b, ppp->numbered_range);
      sb_printf (b, "\n");
    }
  unsigned *order = XNEWVEC (unsigned, plan->n_interesting);
  for (unsigned k = 0; k < plan->n_interesting; k++)
    order[k] = k;
  sort_plan = plan;
  qsort (order, plan->n_interesting, sizeof *order, by_interesting_id);
  for (unsigned i = 0; i < plan->n_interesting; i++)
    {
      unsigned k = order[i];
      sb_printf (b, "  %s ", PATHPROF_NOTES_INTERESTING);
      sb_mpz (b, plan->interesting[k]);
      if ((!ppp->numbered || ppp->numbered[k])
          && mpz_cmp_ui (ppp->ppp_id[k], plan->n_slots - plan->slot_shift)
               < 0)
        {
          sb_printf (b, " ");
          sb_mpz (b, ppp->ppp_id[k]);
          sb_printf (b, "\n");
        }
      else
        sb_printf (b, " -\n");
    }
  free (order);
}

const char *
action_name (pp_op op)
{
  switch (op)
    {
    case PP_OP_NONE:
      return "none";
    case PP_OP_ADD:
      return "add";
    case PP_OP_SET:
      return "set";
    }
  gcc_unreachable ();
}

} // namespace

char *
pp_notes_function (const pp_fn_record *rec, const pp_fn_map *map,
                   const pp_dag *dag, const pp_numbering *num,
                   const pp_plan *plan, const pp_action *actions,
                   const char *extra)
{
  strbuf b = { NULL, 0, 0 };
  const pp_cfg *cfg = map->cfg;
  sb_printf (&b, "%s ", PATHPROF_NOTES_FUNCTION);
  sb_string (&b, rec->name);
  sb_printf (&b, "\n  %s ", PATHPROF_NOTES_SOURCE);
  sb_string (&b, rec->source);
  sb_printf (&b, "\n  %s 0x%08x\n", PATHPROF_NOTES_CHECKSUM, rec->checksum);
  sb_printf (&b, "  %s ", PATHPROF_NOTES_PATHS);
  sb_mpz (&b, num->total);
  sb_printf (&b, "\n  %s %s%s\n", PATHPROF_NOTES_STORAGE,
             pp_storage_name (rec->storage),
             rec->split ? " " PATHPROF_NOTES_STORAGE_ARRAY : "");
  sb_printf (&b, "  %s %s\n", PATHPROF_NOTES_LINKAGE,
             rec->is_public ? PATHPROF_NOTES_LINKAGE_PUBLIC
                            : PATHPROF_NOTES_LINKAGE_LOCAL);
  if (rec->storage == PATHPROF_STORAGE_PPP)
    notes_ppp (&b, plan);
  if (plan->stale)
    {
      sb_printf (&b, "  %s ", PATHPROF_NOTES_STALE);
      sb_string (&b, plan->stale);
      sb_printf (&b, "\n");
    }
  sb_printf (&b, "  %s %u %u\n", PATHPROF_NOTES_CFG, cfg->n_nodes,
             cfg->entry);
  auto_vec<expanded_location> gcov_lines;
  for (unsigned v = 0; v < cfg->n_nodes; v++)
    {
      const char *file;
      int lo, hi, last;
      pp_stmt_range_lines (map->node_bb[v], NULL, NULL, &file, &lo, &hi,
                           &last, &gcov_lines);
      sb_printf (&b, "  %s %u %d ", PATHPROF_NOTES_BLOCK, v,
                 map->node_bb[v]->index);
      sb_string (&b, file);
      sb_printf (&b, " %d %d %d\n", lo, hi, last);
      /* A comment for the gcov oracle (tests/gcov/compare.py): where
         gcov attaches the block's branches, when that is not line_last
         of FILE alone.  */
      if (gcov_lines.length () != (last ? 1 : 0)
          || (last && (gcov_lines[0].line != last
                       || strcmp (gcov_lines[0].file, file) != 0)))
        {
          sb_printf (&b, "  # gcov-lines %u", v);
          sb_file_lines (&b, gcov_lines);
          sb_printf (&b, "\n");
        }
    }
  for (unsigned v = 0; v < cfg->n_nodes; v++)
    if (cfg->is_exit[v])
      sb_printf (&b, "  %s %u\n", PATHPROF_NOTES_EXIT, v);
  /* Comments for humans and test oracles: nodes whose entry code runs
     at their head (EH/computed-goto targets, setjmp receivers), and those
     whose head is after a setjmp call ending the block.  */
  for (unsigned v = 0; v < cfg->n_nodes; v++)
    {
      if (map->restart[v] || map->hard_target[v])
        sb_printf (&b, "  # head %u %s\n", v,
                   map->restart[v] ? "restart" : "abnormal-target");
      if (map->head_kind[v] == PPH_OUT_EDGES)
        sb_printf (&b, "  # outedges %u\n", v);
    }
  for (unsigned i = 0; i < cfg->n_edges; i++)
    sb_printf (&b, "  %s %u %u %s\n", PATHPROF_NOTES_EDGE,
               cfg->edges[i].src, cfg->edges[i].dst,
               cut_name (cfg->edges[i].cut));
  for (unsigned k = 0; k < dag->n_edges; k++)
    {
      const pp_dag_edge *e = &dag->edges[k];
      sb_printf (&b, "  %s %u %u %u %s %ld ", PATHPROF_NOTES_DAGEDGE, k,
                 e->src, e->dst, kind_name (e->kind), e->origin);
      sb_mpz (&b, num->weight[k]);
      sb_printf (&b, " %s\n", action_name (actions[k].op));
    }
  if (extra)
    sb_printf (&b, "%s", extra);
  sb_printf (&b, "%s\n", PATHPROF_NOTES_END);
  return b.s;
}

char *
pp_notes_subpath (const pp_ipa_fn *f, bool trace)
{
  strbuf b = { NULL, 0, 0 };
  const pp_subpath_fn *sub = f->sub;
  const pp_cfg *cfg = sub->cfg;
  sb_printf (&b, "%s ", trace ? PATHPROF_NOTES_FUNCTION
                              : PATHPROF_NOTES_SUBPATHS);
  sb_string (&b, f->name);
  sb_printf (&b, "\n  %s ", PATHPROF_NOTES_SOURCE);
  sb_string (&b, f->source);
  sb_printf (&b, "\n  %s 0x%08x\n", PATHPROF_NOTES_CHECKSUM, sub->checksum);
  sb_printf (&b, "  %s ", PATHPROF_NOTES_PATHS);
  sb_mpz (&b, sub->num->total);
  sb_printf (&b, "\n");
  if (trace)
    sb_printf (&b, "  %s %s\n", PATHPROF_NOTES_STORAGE,
               pp_storage_name (PATHPROF_STORAGE_TRACE));
  if (f->refusal)
    {
      sb_printf (&b, "  %s ", PATHPROF_NOTES_REFUSED);
      sb_string (&b, f->refusal);
      sb_printf (&b, "\n");
    }
  sb_printf (&b, "  %s %u %u\n", PATHPROF_NOTES_CFG, cfg->n_nodes,
             cfg->entry);
  for (unsigned v = 0; v < cfg->n_nodes; v++)
    {
      const pp_node_lines *l = &f->lines[v];
      sb_printf (&b, "  %s %u %d ", PATHPROF_NOTES_BLOCK, v, l->bb);
      sb_string (&b, l->file);
      sb_printf (&b, " %d %d %d\n", l->lo, l->hi, l->last);
    }
  for (unsigned v = 0; v < cfg->n_nodes; v++)
    if (cfg->is_exit[v])
      sb_printf (&b, "  %s %u\n", PATHPROF_NOTES_EXIT, v);
  for (unsigned i = 0; i < cfg->n_edges; i++)
    sb_printf (&b, "  %s %u %u %s\n", PATHPROF_NOTES_EDGE,
               cfg->edges[i].src, cfg->edges[i].dst,
               cut_name (cfg->edges[i].cut));
  for (unsigned k = 0; k < sub->n_sites; k++)
    {
      sb_printf (&b, "  %s %u %u ", PATHPROF_NOTES_SITE, k,
                 sub->site_edge[k]);
      if (sub->site_callee[k])
        sb_string (&b, sub->site_callee[k]);
      else
        sb_printf (&b, "-");
      sb_printf (&b, "\n");
    }
  sb_printf (&b, "%s\n", PATHPROF_NOTES_END);
  return b.s;
}

namespace {
/* Records written after the functions (subpaths records of an IPPP
   build), in the order added.  */
char **unit_records;
unsigned n_unit_records, cap_unit_records;
} // namespace

void
pp_notes_add_unit_record (char *text)
{
  if (n_unit_records == cap_unit_records)
    {
      cap_unit_records = cap_unit_records ? 2 * cap_unit_records : 16;
      unit_records = XRESIZEVEC (char *, unit_records, cap_unit_records);
    }
  unit_records[n_unit_records++] = text;
}

char *
pp_object_file_name (void)
{
  char *base = absolute (output_base ());
  char *name = concat (base, ".o", NULL);
  free (base);
  return name;
}

char *
pp_notes_file_name (void)
{
  char *base = absolute (output_base ());
  char *name;
  if (!pp_opts.notes_dir)
    {
      /* BASE is absolute: "/DIR/.libs/NAME" is libtool's object.  */
      const char *file = lbasename (base);
      ptrdiff_t n = strlen (PATHPROF_NOTES_LIBTOOL_DIR);
      bool libtool = file - base >= n + 2
                     && IS_DIR_SEPARATOR (file[-1])
                     && IS_DIR_SEPARATOR (file[-2 - n])
                     && strncmp (file - 1 - n, PATHPROF_NOTES_LIBTOOL_DIR,
                                 n) == 0;
      name = concat (base, libtool ? PATHPROF_NOTES_LIBTOOL_SUFFIX
                                   : PATHPROF_NOTES_SUFFIX, NULL);
    }
  else
    {
      /* One directory for all objects: name the file after the object's
         whole path, '/' -> '#', as gcov does with -fprofile-dir.  */
      for (char *p = base; *p; p++)
        if (IS_DIR_SEPARATOR (*p))
          *p = '#';
      char *dir = absolute (pp_opts.notes_dir);
      name = concat (dir, "/", base, PATHPROF_NOTES_SUFFIX, NULL);
      free (dir);
    }
  free (base);
  return name;
}

char *
pp_notes_text (pp_fn_record **recs, unsigned n)
{
  strbuf b = { NULL, 0, 0 };
  char *object = pp_object_file_name ();
  sb_printf (&b, "%s \"pathprof %s gcc %s\"\n", PATHPROF_NOTES_PRODUCER,
             PATHPROF_PLUGIN_VERSION, pp_gcc_version);
  sb_printf (&b, "%s ", PATHPROF_NOTES_OBJECT);
  sb_string (&b, object);
  sb_printf (&b, "\n");
  free (object);
  if (pp_opts.interesting_file)
    {
      sb_printf (&b, "%s ", PATHPROF_NOTES_INTERESTING_FILE);
      sb_string (&b, pp_opts.interesting_file);
      sb_printf (&b, "\n");
    }
  if (pp_opts.ipps_file)
    {
      sb_printf (&b, "%s ", PATHPROF_NOTES_IPS_FILE);
      sb_string (&b, pp_opts.ipps_file);
      sb_printf (&b, " %u\n", pp_ipps_depth ());
      unsigned long long unit, added;
      pp_ipps_growth (&unit, &added);
      sb_printf (&b, "%s %llu %llu %llu\n", PATHPROF_NOTES_GROWTH, unit,
                 added, pp_opts.ipps_growth);
    }
  for (unsigned i = 0; i < n; i++)
    sb_printf (&b, "%s", recs[i]->notes);
  for (unsigned i = 0; i < n_unit_records; i++)
    {
      sb_printf (&b, "%s", unit_records[i]);
      free (unit_records[i]);
    }
  free (unit_records);
  unit_records = NULL;
  n_unit_records = cap_unit_records = 0;
  return b.s;
}

namespace {
/* The first line of the notes, the one before the stamp.  */
void
sb_magic (strbuf *b)
{
  sb_printf (b, "%s %u\n", PATHPROF_NOTES_MAGIC,
             PP_INTER_MODE ? PATHPROF_NOTES_VERSION_INTER
                           : PATHPROF_NOTES_VERSION);
}
} // namespace

uint32_t
pp_notes_stamp (const char *file, const char *text)
{
  strbuf b = { NULL, 0, 0 };
  sb_magic (&b);
  unsigned crc = crc32_string (0, b.s);
  free (b.s);
  crc = crc32_string (crc, text);
  return crc32_string (crc, file);
}

bool
pp_notes_write (const char *file, uint32_t stamp, const char *text)
{
  char pid[32];
  snprintf (pid, sizeof pid, ".tmp%ld", (long) getpid ());
  char *tmp = concat (file, pid, NULL);
  FILE *f = fopen (tmp, "w");
  if (!f)
    {
      error_at (UNKNOWN_LOCATION, "pathprof: cannot create notes file %qs: %m",
                tmp);
      free (tmp);
      return false;
    }
  strbuf b = { NULL, 0, 0 };
  sb_magic (&b);
  sb_printf (&b, "%s 0x%08x\n", PATHPROF_NOTES_STAMP, stamp);
  bool ok = fwrite (b.s, 1, b.len, f) == b.len;
  free (b.s);
  size_t len = strlen (text);
  if (ok)
    ok = fwrite (text, 1, len, f) == len;
  if (fclose (f) != 0)
    ok = false;
  if (ok && rename (tmp, file) != 0)
    ok = false;
  if (!ok)
    {
      error_at (UNKNOWN_LOCATION, "pathprof: cannot write notes file %qs: %m",
                file);
      unlink (tmp);
    }
  free (tmp);
  return ok;
}
