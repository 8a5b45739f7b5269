/* pathprof tool: command line.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   pathprof show [--json] [--top N] [--notes-dir DIR] PROFILE.ppd
 *   pathprof merge -o OUT IN.ppd...
 *   pathprof dump PROFILE.ppd...
 *   pathprof check-notes NOTES.ppno...
 *   pathprof interesting [-o FILE] [--coverage F | --top K] PROFILE.ppd...
 *   pathprof residual [--json] [--top N] [--notes-dir DIR] PROFILE.ppd...
 *   pathprof stats [--json] NOTES.ppno...
 *   pathprof ips [-k K] [-o FILE] [--notes-dir DIR] TRACE|DIR...
 *   pathprof --help | --version
 *
 * Exit status as gcov-tool: 0 success, 1 any error (usage included).
 * Errors go to stderr as "pathprof: FILE: problem"; notes diagnostics as
 * "FILE:LINE: message".
 */
#define _GNU_SOURCE 1

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "notes.h"
#include "output.h"
#include "tool.h"

static const char usage_text[]
  = "Usage: pathprof COMMAND [OPTION]... FILE...\n"
    "Report and combine Ball-Larus, preferential and residual path\n"
    "profiles.\n"
    "\n"
    "Commands:\n"
    "  show [--json] [--top N] [--notes-dir DIR] PROFILE.ppd\n"
    "        per function: invocations, path executions and the hottest\n"
    "        paths with their share and source lines; --json adds the\n"
    "        execution count of every edge, derived from the paths.\n"
    "        --top N lists N paths per function (default 10, 0 = all);\n"
    "        --notes-dir DIR looks for the notes files (.ppno) in DIR\n"
    "        before the place recorded in the profile.\n"
    "  merge -o OUT IN.ppd...\n"
    "        add the profiles (counts and runs) of one program into OUT;\n"
    "        fails, naming the function, if they come from different\n"
    "        builds.\n"
    "  dump PROFILE.ppd...\n"
    "        the raw records of profiles, as text.\n"
    "  check-notes NOTES.ppno...\n"
    "        read and verify notes files; prints one summary line each.\n"
    "  interesting [-o FILE] [--coverage F | --top K] PROFILE.ppd...\n"
    "        the interesting-path file (input of a preferential build,\n"
    "        -fplugin-arg-pathprof-interesting=FILE) from profiles: every\n"
    "        executed path of every function; --coverage F the hottest\n"
    "        paths covering at least F (0 < F <= 1) of each function's\n"
    "        path executions; --top K the K hottest of each function.\n"
    "  residual [--json] [--top N] [--notes-dir DIR] PROFILE.ppd...\n"
    "        the profiles of a preferential build's runs, added: per\n"
    "        function the untested paths (run, but not interesting) with\n"
    "        their source lines, then untested paths and edges for the\n"
    "        whole program (thesis Table 3.1).  --top N lists N untested\n"
    "        paths per function (default 10, 0 = all).\n"
    "  ips [-k K] [-o FILE] [--notes-dir DIR] [--verbose] TRACE|DIR...\n"
    "        the interesting-segment file (input of an IPPP build,\n"
    "        -fplugin-arg-pathprof-ipps=FILE) from the whole-program path\n"
    "        traces of a trace build (-fplugin-arg-pathprof-wpp): every\n"
    "        depth-K segment they ran (default K = 1), with its count.\n"
    "        A directory stands for its .ppt files.\n"
    "  stats [--json] NOTES.ppno...\n"
    "        compactness of a preferential build's numbering: per\n"
    "        function the interesting paths, PPP range, slots and delta,\n"
    "        the distribution of delta and the worst functions.\n"
    "\n"
    "  -h, --help     display this help and exit\n"
    "  -v, --version  display version information and exit\n"
    "\n"
    "Exit status: 0 on success, 1 on any error.\n"
    "The profile is written by programs compiled with the pathprof plugin\n"
    "(see PATHPROF_FILE in the runtime documentation).\n";

static int
usage_error (const char *fmt, const char *arg)
{
  fputs ("pathprof: ", stderr);
  fprintf (stderr, fmt, arg);
  fputs ("\nTry 'pathprof --help' for more information.\n", stderr);
  return 1;
}

/* An option getopt refused: getopt has said which and why, under the
   command's name ("pathprof merge: invalid option -- 'x'").  */
static int
bad_option (void)
{
  fputs ("Try 'pathprof --help' for more information.\n", stderr);
  return 1;
}

/* A --top value: a decimal count.  */
static int
parse_top (const char *arg, unsigned long *v)
{
  char *end;
  errno = 0;
  *v = strtoul (arg, &end, 10);
  return !*arg || *end || errno || arg[0] == '-' || arg[0] == '+'
             || arg[0] == ' ' ? -1 : 0;
}

/* The options of the reports on profiles, `show` and `residual`:
   [--json] [--top N] [--notes-dir DIR].  Returns -1 when the options
   are fine (OPTIND is then the first operand), else the exit status.  */
static int
report_options (int argc, char **argv, const char *cmd,
                struct show_options *opt)
{
  static const struct option longopts[]
    = { { "json", no_argument, NULL, 'j' },
        { "top", required_argument, NULL, 't' },
        { "notes-dir", required_argument, NULL, 'N' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 } };
  char what[64];
  int c;
  opt->json = 0;
  opt->top = 10;
  opt->notes_dir = NULL;
  optind = 1;
  while ((c = getopt_long (argc, argv, "+jt:N:h", longopts, NULL)) != -1)
    switch (c)
      {
      case 'j':
        opt->json = 1;
        break;
      case 't':
        if (parse_top (optarg, &opt->top))
          {
            snprintf (what, sizeof what, "%s: bad --top value '%%s'", cmd);
            return usage_error (what, optarg);
          }
        break;
      case 'N':
        opt->notes_dir = optarg;
        break;
      case 'h':
        fputs (usage_text, stdout);
        return 0;
      default:
        return bad_option ();
      }
  return -1;
}

static int
cmd_show (int argc, char **argv)
{
  struct show_options opt;
  int st = report_options (argc, argv, "show", &opt);
  if (st >= 0)
    return st;
  if (argc - optind != 1)
    return usage_error ("%s", "show: exactly one PROFILE.ppd expected");
  return tool_show (argv[optind], &opt, stdout);
}

static int
cmd_merge (int argc, char **argv)
{
  static const struct option longopts[]
    = { { "output", required_argument, NULL, 'o' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 } };
  const char *outname = NULL;
  int c;
  optind = 1;
  while ((c = getopt_long (argc, argv, "+o:h", longopts, NULL)) != -1)
    switch (c)
      {
      case 'o':
        outname = optarg;
        break;
      case 'h':
        fputs (usage_text, stdout);
        return 0;
      default:
        return bad_option ();
      }
  if (!outname)
    return usage_error ("%s", "merge: -o OUT is required");
  if (optind >= argc)
    return usage_error ("%s", "merge: no input profiles");
  struct ppd_profile acc;
  char msg[PPD_MSG_SIZE];
  if (tool_read_merged (argv + optind, argc - optind, &acc))
    {
      ppd_profile_free (&acc);
      return 1;
    }
  unsigned char *buf;
  size_t size;
  enum ppd_status st = ppd_serialize (&acc, &buf, &size, msg);
  ppd_profile_free (&acc);
  if (st != PPD_OK)
    {
      tool_error ("%s: %s", outname, msg);
      return 1;
    }
  struct tool_output o;
  int status = tool_output_open (&o, outname);
  if (!status)
    {
      fwrite (buf, 1, size, o.f);
      status = tool_output_close (&o);
    }
  free (buf);
  return status;
}

/* Whether ARGV[1] asks for the usage (the commands without options).  */
static int
asks_help (int argc, char **argv)
{
  return argc == 2
         && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0);
}

static int
cmd_dump (int argc, char **argv)
{
  int status = 0;
  if (asks_help (argc, argv))
    {
      fputs (usage_text, stdout);
      return 0;
    }
  if (argc < 2)
    return usage_error ("%s", "dump: no profiles");
  for (int i = 1; i < argc; i++)
    status |= tool_dump (argv[i], stdout);
  return status;
}

static int
cmd_check_notes (int argc, char **argv)
{
  int status = 0;
  if (asks_help (argc, argv))
    {
      fputs (usage_text, stdout);
      return 0;
    }
  if (argc < 2)
    return usage_error ("%s", "check-notes: no notes files");
  for (int i = 1; i < argc; i++)
    {
      struct notes_file nf;
      char msg[1024];
      int r = notes_read (argv[i], &nf, msg, sizeof msg);
      if (r == -2)
        {
          tool_error ("%s", msg);
          status = 1;
        }
      else if (r != 0)
        {
          fflush (stdout);
          fprintf (stderr, "%s\n", msg);
          status = 1;
        }
      else
        printf ("%s: stamp 0x%08x, %zu function%s, ok\n", argv[i],
                (unsigned) nf.stamp, nf.n_functions,
                nf.n_functions == 1 ? "" : "s");
      notes_free (&nf);
    }
  return status;
}

static int
cmd_interesting (int argc, char **argv)
{
  static const struct option longopts[]
    = { { "output", required_argument, NULL, 'o' },
        { "coverage", required_argument, NULL, 'c' },
        { "top", required_argument, NULL, 't' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 } };
  struct interesting_options opt = { NULL, NULL, 0 };
  int c;
  optind = 1;
  while ((c = getopt_long (argc, argv, "+o:c:t:h", longopts, NULL)) != -1)
    switch (c)
      {
      case 'o':
        opt.output = optarg;
        break;
      case 'c':
        if (!tool_coverage_valid (optarg))
          return usage_error ("interesting: bad --coverage value '%s' (a "
                              "fraction F, 0 < F <= 1)",
                              optarg);
        opt.coverage = optarg;
        break;
      case 't':
        if (parse_top (optarg, &opt.top) || opt.top == 0)
          return usage_error ("interesting: bad --top value '%s' (a count "
                              "K >= 1)",
                              optarg);
        break;
      case 'h':
        fputs (usage_text, stdout);
        return 0;
      default:
        return bad_option ();
      }
  if (opt.coverage && opt.top)
    return usage_error ("%s", "interesting: --coverage and --top exclude "
                              "each other");
  if (optind >= argc)
    return usage_error ("%s", "interesting: no input profiles");
  return tool_interesting (argv + optind, argc - optind, &opt, stdout);
}

static int
cmd_residual (int argc, char **argv)
{
  struct show_options opt;
  int st = report_options (argc, argv, "residual", &opt);
  if (st >= 0)
    return st;
  if (optind >= argc)
    return usage_error ("%s", "residual: no input profiles");
  return tool_residual (argv + optind, argc - optind, &opt, stdout);
}

static int
cmd_ips (int argc, char **argv)
{
  static const struct option longopts[]
    = { { "output", required_argument, NULL, 'o' },
        { "notes-dir", required_argument, NULL, 'N' },
        { "verbose", no_argument, NULL, 'V' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 } };
  struct ips_options opt = { 1, NULL, NULL, 0 };
  unsigned long k;
  int c;
  optind = 1;
  while ((c = getopt_long (argc, argv, "+k:o:h", longopts, NULL)) != -1)
    switch (c)
      {
      case 'k':
        if (parse_top (optarg, &k) || k > 100)
          return usage_error ("ips: bad -k value '%s' (a depth from 0 to "
                              "100)",
                              optarg);
        opt.depth = (unsigned) k;
        break;
      case 'o':
        opt.output = optarg;
        break;
      case 'N':
        opt.notes_dir = optarg;
        break;
      case 'V':
        opt.verbose = 1;
        break;
      case 'h':
        fputs (usage_text, stdout);
        return 0;
      default:
        return bad_option ();
      }
  if (optind >= argc)
    return usage_error ("%s", "ips: no traces");
  return tool_ips (argv + optind, argc - optind, &opt, stdout);
}

static int
cmd_stats (int argc, char **argv)
{
  static const struct option longopts[]
    = { { "json", no_argument, NULL, 'j' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 } };
  int json = 0, c;
  optind = 1;
  while ((c = getopt_long (argc, argv, "+jh", longopts, NULL)) != -1)
    switch (c)
      {
      case 'j':
        json = 1;
        break;
      case 'h':
        fputs (usage_text, stdout);
        return 0;
      default:
        return bad_option ();
      }
  if (optind >= argc)
    return usage_error ("%s", "stats: no notes files");
  return tool_stats (argv + optind, argc - optind, json, stdout);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    return usage_error ("%s", "no command given");
  const char *cmd = argv[1];
  int status;
  /* The command's argv[0] names it for getopt's messages.  */
  char command_name[64];
  snprintf (command_name, sizeof command_name, "pathprof %s", cmd);
  argv[1] = command_name;
  if (strcmp (cmd, "--help") == 0 || strcmp (cmd, "-h") == 0)
    {
      fputs (usage_text, stdout);
      status = 0;
    }
  else if (strcmp (cmd, "--version") == 0 || strcmp (cmd, "-v") == 0)
    {
      printf ("pathprof %s\n"
              "profile data format version %u, notes format version %u\n",
              PATHPROF_VERSION, PATHPROF_PPD_VERSION, PATHPROF_NOTES_VERSION);
      status = 0;
    }
  else if (strcmp (cmd, "show") == 0)
    status = cmd_show (argc - 1, argv + 1);
  else if (strcmp (cmd, "merge") == 0)
    status = cmd_merge (argc - 1, argv + 1);
  else if (strcmp (cmd, "dump") == 0)
    status = cmd_dump (argc - 1, argv + 1);
  else if (strcmp (cmd, "check-notes") == 0)
    status = cmd_check_notes (argc - 1, argv + 1);
  else if (strcmp (cmd, "interesting") == 0)
    status = cmd_interesting (argc - 1, argv + 1);
  else if (strcmp (cmd, "residual") == 0)
    status = cmd_residual (argc - 1, argv + 1);
  else if (strcmp (cmd, "stats") == 0)
    status = cmd_stats (argc - 1, argv + 1);
  else if (strcmp (cmd, "ips") == 0)
    status = cmd_ips (argc - 1, argv + 1);
  else
    return usage_error ("unknown command '%s'", cmd);
  /* A write error on stdout (a full disk, a closed pipe) is a failure.  */
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      tool_error ("write error: %s", strerror (errno));
      status = 1;
    }
  return status;
}
