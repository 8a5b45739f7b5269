/* pathprof plugin: entry point, arguments, help.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   gcc -fplugin=/path/to/pathprof.so [-fplugin-arg-pathprof-KEY[=VALUE]]...
 *
 * Arguments are parsed and checked once, here; the passes only read
 * pp_opts.  An unknown or malformed argument is an error naming the valid
 * ones, and the plugin then refuses to load (no silent default).
 */
#include "gcc-compat.h"
#include "pathprof.h"

#include <errno.h>

int plugin_is_GPL_compatible;

pp_options pp_opts = { PP_ARRAY_THRESHOLD, 1024, NULL, false, true, false,
                       NULL, false, false, PP_PPP_MAX, PP_STALE_WARN,
                       false, NULL, false, 500, PP_ARRAY_THRESHOLD, false, true,
                       true, true, false, true, true, true, true };
const char *pp_gcc_version = "";

extern vec<tree, va_gc> *pp_gc_trees;

namespace {

const char help_text[] =
  "pathprof: Ball-Larus, preferential and residual path profiling.\n"
  "Usage: gcc -fplugin=pathprof.so [-fplugin-arg-pathprof-ARG]... and link\n"
  "with -lpathprof.  Every function is instrumented after GCC's early\n"
  "inliner, as gcov does; at exit the program writes its path counts,\n"
  "described by a notes file (.ppno) written next to each object.\n"
  "Arguments:\n"
  "  interesting=FILE   preferential mode: the paths FILE lists (written by\n"
  "                     'pathprof interesting') are counted in compact\n"
  "                     arrays, every other path is logged as residual\n"
  "  unlisted=residual|skip  functions with no path in FILE: log all their\n"
  "                     paths as residual (default), or leave them alone\n"
  "  fully-tested=count|skip  functions all of whose paths FILE lists: count\n"
  "                     them (default), or leave them alone (none of their\n"
  "                     paths can be residual)\n"
  "  ppp-max=N          interesting paths with a preferential id of N or\n"
  "                     more get no slot and are logged as residual, known\n"
  "                     to be tested (default 65536)\n"
  "  ppp-array-threshold=N  listed and unlisted functions with at most N\n"
  "                     paths count every path in an array as Ball-Larus\n"
  "                     does, the tested ones marked; only larger ones get\n"
  "                     PPP slots or log residual paths as they run\n"
  "                     (default: 262144, or the array threshold if that\n"
  "                     is larger; 0: never)\n"
  "  residual-cache=0|1 count the residual paths of the functions left\n"
  "                     (slots, or the log) in a small cache probed inline\n"
  "                     first, a call only for the others (default 1)\n"
  "  profile-placement=0|1  place the counter updates off the edges the\n"
  "                     counts in FILE (or in the ipps FILE) show hot,\n"
  "                     instead of by loop depth (default 1)\n"
  "  steady-loops=0|1   count the path a loop runs on every iteration but\n"
  "                     the first in a register while the loop runs, as\n"
  "                     GCC does gcov's counters (default 1); 0: every\n"
  "                     path in memory as it ends\n"
  "  address-registers=0|1  keep the address of the path's counter in the\n"
  "                     path register, where only a counter needs the\n"
  "                     path's number (default 1); 0: the number\n"
  "  peel-loops=0|1     peel the first iteration of a loop whose back edge\n"
  "                     compares with the slot only for the paths that\n"
  "                     enter the loop (preferential mode, stage=late,\n"
  "                     -O1 and above; default 1)\n"
  "  tail-copies=0|1    copy a small block that counts a path at an\n"
  "                     address each way into it brings as a constant, once\n"
  "                     per way but the busiest (-O1 and above; default 1)\n"
  "  stale=warn|ignore|error  a function FILE lists whose CFG changed since\n"
  "                     (default warn); it is then handled as unlisted\n"
  "  stage=late|early   instrument after GCC's early inliner and early\n"
  "                     optimizations, as gcov does (late, the default),\n"
  "                     or before them, each function as written, its\n"
  "                     paths counted in its own counters wherever it is\n"
  "                     inlined (early; wpp and ipps builds always are)\n"
  "  array-threshold=N  functions with at most N paths count in an array,\n"
  "                     others are hashed: an inline path cache, then the\n"
  "                     runtime's path log (default 262144)\n"
  "  hash-size=N        entries of a hashed function's inline path cache,\n"
  "                     rounded up to a power of two (default 1024); its\n"
  "                     other paths go to the runtime's path log\n"
  "  notes-dir=DIR      write the notes files in DIR, named after the\n"
  "                     object's path with '/' -> '#' (default: next to\n"
  "                     the object, foo.o -> foo.ppno, libtool's\n"
  "                     .libs/foo.o -> .libs/foo-lt.ppno)\n"
  "  verbose            a note for every function: paths, storage, code\n"
  "  warn-skipped=0|1   warn about functions that cannot be profiled\n"
  "                     exactly and are left alone (default 1)\n"
  "  wpp                trace build: every function writes the subpaths it\n"
  "                     runs, with calls and returns, to a whole-program\n"
  "                     path trace (PATHPROF_TRACE_DIR), from which\n"
  "                     'pathprof ips' extracts the segments it ran\n"
  "  ipps=FILE          inter-procedural preferential mode: inline the call\n"
  "                     chains of the segments FILE lists (written by\n"
  "                     'pathprof ips') and number each function's\n"
  "                     supergraph so that they are its interesting paths;\n"
  "                     every other segment is logged as residual\n"
  "  ipps-mode=ppp|bl   number the supergraphs with PPP (default), or with\n"
  "                     Ball-Larus, counting every segment (same inlining)\n"
  "  ipps-growth=N      inline at most N percent of the unit's statements\n"
  "                     (default 500)\n"
  "  trace              testing aid: also call __pathprof_trace_enter and\n"
  "                     __pathprof_trace, which the test harness defines,\n"
  "                     on every function entry and block (with wpp or\n"
  "                     ipps: __pathprof_trace_fn, _node and _site, in the\n"
  "                     original program before inlining)\n"
  "  help               print this text\n"
  "-fprofile-update=atomic makes counter updates atomic.\n";

const char valid_args[]
    = "array-threshold=N, hash-size=N, notes-dir=DIR, verbose, "
      "warn-skipped=0|1, trace, interesting=FILE, unlisted=residual|skip, "
      "fully-tested=count|skip, ppp-max=N, ppp-array-threshold=N, "
      "residual-cache=0|1, "
      "profile-placement=0|1, steady-loops=0|1, address-registers=0|1, "
      "peel-loops=0|1, tail-copies=0|1, "
      "stale=warn|ignore|error, stage=late|early, wpp, ipps=FILE, "
      "ipps-mode=ppp|bl, "
      "ipps-growth=N, help";

struct plugin_info info = {
  PATHPROF_PLUGIN_VERSION,
  help_text,
};

/* The GGC root of the trees we keep between passes (emit.cc).  */
const struct ggc_root_tab gc_roots[] = {
  { &pp_gc_trees, 1, sizeof (pp_gc_trees), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB,
};

/* Parses a decimal number in [MIN, MAX].  */
bool
parse_number (const char *key, const char *value, unsigned long long min,
              unsigned long long max, unsigned long long *out)
{
  if (!value || !*value)
    {
      error ("pathprof: argument %qs needs a value", key);
      return false;
    }
  char *end;
  errno = 0;
  unsigned long long v = strtoull (value, &end, 10);
  if (*end || errno || value[0] == '-' || v < min || v > max)
    {
      error ("pathprof: %<%s=%s%>: expected a number from %llu to %llu", key,
             value, min, max);
      return false;
    }
  *out = v;
  return true;
}

bool
parse_flag (const char *key, const char *value, bool *out)
{
  if (!value || strcmp (value, "1") == 0 || strcmp (value, "yes") == 0)
    *out = true;
  else if (strcmp (value, "0") == 0 || strcmp (value, "no") == 0)
    *out = false;
  else
    {
      error ("pathprof: %<%s=%s%>: expected 0 or 1", key, value);
      return false;
    }
  return true;
}

/* KEY=PATH.  GCC's parser of -fplugin-arg- options mangles a value that
   contains '=' (GCC 12 drops its last character), so such a value cannot
   be the user's: say so rather than fail later on a file that does not
   exist.  */
bool
parse_path (const char *key, const char *value, const char **out)
{
  if (!value || !*value)
    {
      error ("pathprof: argument %qs needs a value", key);
      return false;
    }
  if (strchr (value, '='))
    {
      error ("pathprof: %<%s=%s%>: GCC cannot pass a value containing "
             "%<=%> to a plugin intact; rename the file or directory",
             key, value);
      return false;
    }
  *out = value;
  return true;
}

/* KEY=VALUE where VALUE is one of CHOICES (NULL-terminated); *OUT is its
   index.  */
bool
parse_choice (const char *key, const char *value,
              const char *const *choices, const char *expected, int *out)
{
  for (int i = 0; value && choices[i]; i++)
    if (strcmp (value, choices[i]) == 0)
      {
        *out = i;
        return true;
      }
  if (!value || !*value)
    error ("pathprof: argument %qs needs a value", key);
  else
    error ("pathprof: %<%s=%s%>: expected %s", key, value, expected);
  return false;
}

/* KEY=OFF or KEY=ON (two named settings): *OUT is whether it is ON.  */
bool
parse_either (const char *key, const char *value, const char *off,
              const char *on, bool *out)
{
  const char *const choices[] = { off, on, NULL };
  char *expected = xasprintf ("%s or %s", off, on);
  int c;
  bool ok = parse_choice (key, value, choices, expected, &c);
  free (expected);
  if (ok)
    *out = c == 1;
  return ok;
}

bool
parse_args (const plugin_name_args *args, bool *help)
{
  bool ok = true;
  for (int i = 0; i < args->argc; i++)
    {
      const char *key = args->argv[i].key, *value = args->argv[i].value;
      if (strcmp (key, "array-threshold") == 0)
        /* An array of N counters is N * 8 bytes of .bss: cap it at 2^24
           (128 MiB) so a typo cannot make objects unlinkable.  */
        ok &= parse_number (key, value, 0, 1ull << 24, &pp_opts.array_threshold);
      else if (strcmp (key, "hash-size") == 0)
        ok &= parse_number (key, value, 1, 1ull << 24, &pp_opts.hash_size);
      else if (strcmp (key, "notes-dir") == 0)
        ok &= parse_path (key, value, &pp_opts.notes_dir);
      else if (strcmp (key, "verbose") == 0)
        ok &= parse_flag (key, value, &pp_opts.verbose);
      else if (strcmp (key, "warn-skipped") == 0)
        ok &= parse_flag (key, value, &pp_opts.warn_skipped);
      else if (strcmp (key, "trace") == 0)
        ok &= parse_flag (key, value, &pp_opts.trace);
      else if (strcmp (key, "interesting") == 0)
        ok &= parse_path (key, value, &pp_opts.interesting_file);
      else if (strcmp (key, "unlisted") == 0)
        ok &= parse_either (key, value, "residual", "skip",
                            &pp_opts.unlisted_skip);
      else if (strcmp (key, "fully-tested") == 0)
        ok &= parse_either (key, value, "count", "skip",
                            &pp_opts.fully_tested_skip);
      else if (strcmp (key, "ppp-max") == 0)
        /* Slots are 16 bytes of .data each: the array threshold's cap.  */
        ok &= parse_number (key, value, 1, 1ull << 24, &pp_opts.ppp_max);
      else if (strcmp (key, "ppp-array-threshold") == 0)
        {
          /* The array threshold's cap, for the same reason.  */
          ok &= parse_number (key, value, 0, 1ull << 24,
                              &pp_opts.ppp_array_threshold);
          pp_opts.ppp_array_threshold_set = true;
        }
      else if (strcmp (key, "residual-cache") == 0)
        ok &= parse_flag (key, value, &pp_opts.residual_cache);
      else if (strcmp (key, "profile-placement") == 0)
        ok &= parse_flag (key, value, &pp_opts.profile_placement);
      else if (strcmp (key, "steady-loops") == 0)
        ok &= parse_flag (key, value, &pp_opts.steady_loops);
      else if (strcmp (key, "address-registers") == 0)
        ok &= parse_flag (key, value, &pp_opts.address_registers);
      else if (strcmp (key, "peel-loops") == 0)
        ok &= parse_flag (key, value, &pp_opts.peel_loops);
      else if (strcmp (key, "tail-copies") == 0)
        ok &= parse_flag (key, value, &pp_opts.tail_copies);
      else if (strcmp (key, "stale") == 0)
        {
          static const char *const choices[]
              = { "warn", "ignore", "error", NULL };
          static const pp_stale_action actions[]
              = { PP_STALE_WARN, PP_STALE_IGNORE, PP_STALE_ERROR };
          int c;
          if (parse_choice (key, value, choices, "warn, ignore or error", &c))
            pp_opts.stale = actions[c];
          else
            ok = false;
        }
      else if (strcmp (key, "stage") == 0)
        {
          ok &= parse_either (key, value, "early", "late", &pp_opts.late);
          pp_opts.stage_set = true;
        }
      else if (strcmp (key, "wpp") == 0)
        ok &= parse_flag (key, value, &pp_opts.wpp);
      else if (strcmp (key, "ipps") == 0)
        ok &= parse_path (key, value, &pp_opts.ipps_file);
      else if (strcmp (key, "ipps-mode") == 0)
        ok &= parse_either (key, value, "ppp", "bl", &pp_opts.ipps_bl);
      else if (strcmp (key, "ipps-growth") == 0)
        ok &= parse_number (key, value, 0, 100000, &pp_opts.ipps_growth);
      else if (strcmp (key, "help") == 0)
        *help = true;
      else
        {
          error ("pathprof: unknown argument %qs; valid arguments are: %s",
                 key, valid_args);
          ok = false;
        }
    }
  if (!pp_opts.ppp_array_threshold_set)
    pp_opts.ppp_array_threshold = MAX (pp_opts.array_threshold,
                                       PP_ARRAY_THRESHOLD);
  /* One mode per build.  */
  int modes = (pp_opts.interesting_file != NULL) + pp_opts.wpp
              + (pp_opts.ipps_file != NULL);
  if (ok && modes > 1)
    {
      error ("pathprof: %<interesting%>, %<wpp%> and %<ipps%> exclude each "
             "other");
      ok = false;
    }
  /* The inter-procedural modes inline call chains into the functions as
     written, before SSA: they instrument there too.  */
  if (ok && PP_INTER_MODE)
    {
      if (pp_opts.stage_set && pp_opts.late)
        {
          error ("pathprof: %<stage=late%> does not apply to %<wpp%> and "
                 "%<ipps%> builds, which instrument before inlining");
          ok = false;
        }
      pp_opts.late = false;
    }
  return ok;
}

/* Puts PASS at POS relative to the first instance of REFERENCE.  */
void
add_pass (const char *plugin, opt_pass *pass, const char *reference,
               enum pass_positioning_ops pos)
{
  struct register_pass_info info = { pass, reference, 1, pos };
  register_callback (plugin, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

} // namespace

int
plugin_init (struct plugin_name_args *args, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("pathprof: this plugin was built for GCC %s, not GCC %s",
             gcc_version.basever, version->basever);
      return 1;
    }
  pp_gcc_version = version->basever;
  register_callback (args->base_name, PLUGIN_INFO, NULL, &info);

  bool help = false;
  if (!parse_args (args, &help))
    return 1;
  if (!help && pp_opts.interesting_file
      && !pp_read_interesting (pp_opts.interesting_file))
    return 1;
  if (!help && pp_opts.ipps_file && !pp_read_ips (pp_opts.ipps_file))
    return 1;
  if (help)
    {
      /* Just the help: nothing is instrumented by this compilation.  */
      fputs (help_text, stderr);
      return 0;
    }

  register_callback (args->base_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     const_cast<ggc_root_tab *> (gc_roots));

  /* Where the passes go: pass.cc, and tails.cc for the last.  */
  const char *name = args->base_name;
  add_pass (name, pp_make_tails_pass (g), "tracer", PASS_POS_INSERT_AFTER);
  if (pp_opts.late)
    {
      /* Inserted after remove_symbols in turn, so they end up in the
         reverse order: instrumentation, then the per-unit emission.  */
      add_pass (name, pp_make_emit_pass (g), "remove_symbols",
                     PASS_POS_INSERT_AFTER);
      add_pass (name, pp_make_late_pass (g), "remove_symbols",
                     PASS_POS_INSERT_AFTER);
      return 0;
    }
  add_pass (name, pp_make_instrument_pass (g), "ssa",
                 PASS_POS_INSERT_BEFORE);
  if (PP_INTER_MODE)
    /* Before every function is taken through build_ssa_passes.  */
    add_pass (name, pp_make_ipa_pass (g), "build_ssa_passes",
                   PASS_POS_INSERT_BEFORE);
  add_pass (name, pp_make_emit_pass (g), "build_ssa_passes",
                 PASS_POS_INSERT_AFTER);
  return 0;
}
