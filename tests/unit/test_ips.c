/* pathprof core unit tests: the interesting-segment file reader and writer
 * (plugin/core/ips.c, specs/ips-format.md).
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every diagnostic is asserted as an exact string with its status; the
 * writer's output is compared byte for byte with hand-written canonical
 * files.  Runs in well under a second.
 */
#define _GNU_SOURCE 1

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ips.h"
#include "testutil.h"
#include "tests.h"

static char *
written (const pp_ips *set)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  pp_error err;
  CU_ASSERT_PTR_NOT_NULL_FATAL (f);
  CU_ASSERT_EQUAL (pp_ips_write (set, f, &err), PP_OK);
  fclose (f);
  return buf;
}

static const char canonical[]
  = "pathprof-ips 1\n"
    "# written by hand\n"
    "depth 1\n"
    "function 0 \"add\"\n"
    "  source \"t.c\"\n"
    "  checksum 0x0badf00d\n"
    "  subpaths 3\n"
    "end\n"
    "function 1 \"main\"\n"
    "  source \"t.c\"\n"
    "  checksum 0x1a2b3c4d\n"
    "  subpaths 14\n"
    "end\n"
    "segment 0 : 0:2\n"
    "segment 1 : 1:3 ( 0:0 ) 1:5 = 12\n"
    "segment 1 at 4 0 : 0:1 ) 1:7 = 2\n";

static void
test_round_trip (void)
{
  pp_ips *set = NULL;
  pp_error err;
  pp_status st = pp_ips_parse (canonical, sizeof canonical - 1, "s.ips", &set,
                               &err);
  if (st != PP_OK)
    fprintf (stderr, "\n%s\n", err.message);
  CU_ASSERT_EQUAL_FATAL (st, PP_OK);
  CU_ASSERT_EQUAL (set->depth, 1);
  CU_ASSERT_EQUAL (set->n_fns, 2);
  CU_ASSERT_EQUAL (set->n_segs, 3);
  CU_ASSERT_EQUAL (set->segs[1].seg.n_tokens, 5);
  CU_ASSERT_EQUAL (set->segs[1].count, 12);
  CU_ASSERT_EQUAL (set->segs[2].seg.n_start, 1);
  CU_ASSERT_EQUAL (set->segs[2].seg.start[0].site, 4);
  CU_ASSERT_EQUAL (set->segs[2].line, 16);
  size_t first;
  CU_ASSERT_EQUAL (pp_ips_lookup (set, "main", "t.c", &first), 1);
  CU_ASSERT_EQUAL (first, 1);
  CU_ASSERT_EQUAL (pp_ips_lookup (set, "main", "u.c", &first), 0);
  /* Listed only under another source: by name, checksum and subpaths.  */
  const pp_ips_fn *moved
      = pp_ips_lookup_elsewhere (set, "main", "/w/t.c", 0x1a2b3c4d, 14);
  CU_ASSERT_PTR_NOT_NULL (moved);
  CU_ASSERT_EQUAL (moved ? moved->line : 0, 9);
  CU_ASSERT_PTR_NULL (pp_ips_lookup_elsewhere (set, "main", "/w/t.c",
                                               0x1a2b3c4d, 13));
  CU_ASSERT_PTR_NULL (pp_ips_lookup_elsewhere (set, "main", "/w/t.c",
                                               0x1a2b3c4e, 14));
  CU_ASSERT_PTR_NULL (pp_ips_lookup_elsewhere (set, "main", "t.c",
                                               0x1a2b3c4d, 14));
  CU_ASSERT_PTR_NULL (pp_ips_lookup_elsewhere (set, "mai", "/w/t.c",
                                               0x1a2b3c4d, 14));
  char *out = written (set);
  CHECK_STR (out, canonical);
  free (out);
  pp_ips_free (set);

  /* Out of canonical order (functions by name, segments by their
     structure): renumbered and sorted.  */
  static const char messy[]
    = "pathprof-ips 1\n# written by hand\ndepth 1\n"
      "function 0 \"main\"\n source \"t.c\"\n checksum 0x1a2b3c4d\n"
      " subpaths 14\nend\n"
      "function 1 \"add\"\n source \"t.c\"\n checksum 0x0badf00d\n"
      " subpaths 3\nend\n"
      "segment 0 at 4 1 : 1:1 ) 0:7 = 2\n"
      "segment 0 : 0:3 ( 1:0 ) 0:5 = 12\n"
      "segment 1 : 1:2\n";
  st = pp_ips_parse (messy, sizeof messy - 1, "m.ips", &set, &err);
  CU_ASSERT_EQUAL_FATAL (st, PP_OK);
  out = written (set);
  CHECK_STR (out, canonical);
  free (out);
  pp_ips_free (set);
}

static void
test_build (void)
{
  pp_error err;
  pp_ips *set = pp_ips_new (NULL, 1, &err);
  unsigned m, a;
  CU_ASSERT_EQUAL (pp_ips_add_fn (set, "main", "t.c", 0x1a2b3c4d, 14, &m,
                                  &err),
                   PP_OK);
  CU_ASSERT_EQUAL (pp_ips_add_fn (set, "add", "t.c", 0x0badf00d, 3, &a,
                                  &err),
                   PP_OK);
  pp_seg_token t1[] = { { PP_SEG_PIECE, a, 2 } };
  pp_segment s1 = { a, NULL, 0, t1, 1 };
  pp_seg_token t2[] = { { PP_SEG_PIECE, m, 3 }, { PP_SEG_CALL, 0, 0 },
                        { PP_SEG_PIECE, a, 0 }, { PP_SEG_RETURN, 0, 0 },
                        { PP_SEG_PIECE, m, 5 } };
  pp_segment s2 = { m, NULL, 0, t2, 5 };
  pp_seg_link l3[] = { { 4, a } };
  pp_seg_token t3[] = { { PP_SEG_PIECE, a, 1 }, { PP_SEG_RETURN, 0, 0 },
                        { PP_SEG_PIECE, m, 7 } };
  pp_segment s3 = { m, l3, 1, t3, 3 };
  CU_ASSERT_EQUAL (pp_ips_add_segment (set, &s3, 1, 2, &err), PP_OK);
  CU_ASSERT_EQUAL (pp_ips_add_segment (set, &s1, 0, 0, &err), PP_OK);
  CU_ASSERT_EQUAL (pp_ips_add_segment (set, &s2, 1, 12, &err), PP_OK);
  CU_ASSERT_EQUAL (pp_ips_add_comment (set, "written by hand", &err), PP_OK);
  CU_ASSERT_EQUAL_FATAL (pp_ips_finish (set, &err), PP_OK);
  char *out = written (set);
  CHECK_STR (out, canonical);
  free (out);
  /* The same segment twice, the same function twice.  */
  CU_ASSERT_EQUAL (pp_ips_add_segment (set, &set->segs[0].seg, 0, 0, &err),
                   PP_OK);
  CU_ASSERT_EQUAL (pp_ips_finish (set, &err), PP_ERR_DUPLICATE);
  CHECK_STR (err.message, "segment '0 : 0:2' given twice");
  pp_ips_free (set);
  set = pp_ips_new (NULL, 1, &err);
  pp_ips_add_fn (set, "main", "t.c", 1, 14, &m, &err);
  pp_ips_add_fn (set, "main", "t.c", 1, 14, &m, &err);
  CU_ASSERT_EQUAL (pp_ips_finish (set, &err), PP_ERR_DUPLICATE);
  CHECK_STR (err.message,
             "function 'main' (source \"t.c\", checksum 0x00000001) listed "
             "twice");
  pp_ips_free (set);
}

/* TEXT fails with STATUS and exactly MESSAGE.  */
static void
check_error (const char *text, pp_status status, const char *message)
{
  pp_ips *set = (pp_ips *) 1;
  pp_error err;
  pp_status st = pp_ips_parse (text, strlen (text), "e.ips", &set, &err);
  CU_ASSERT_EQUAL (st, status);
  CU_ASSERT_PTR_NULL (set);
  CHECK_STR (err.message, message);
}

#define HEAD "pathprof-ips 1\ndepth 1\n"
#define FN0 "function 0 \"f\"\n source \"t.c\"\n checksum 1\n subpaths 3\nend\n"
#define FN1 "function 1 \"g\"\n source \"t.c\"\n checksum 2\n subpaths 2\nend\n"

static void
test_errors (void)
{
  check_error ("pathprof-interesting 1\n", PP_ERR_INVALID,
               "e.ips:1: not an interesting-segment file: expected "
               "'pathprof-ips 1' on the first line");
  check_error ("pathprof-ips 2\n", PP_ERR_INVALID,
               "e.ips:1: unsupported interesting-segment file version 2 (this "
               "reader supports 1)");
  check_error ("pathprof-ips 1\n", PP_ERR_INVALID, "e.ips:1: no 'depth' record");
  check_error ("pathprof-ips 1\nfunction 0 \"f\"\n", PP_ERR_INVALID,
               "e.ips:2: expected 'depth', found 'function'");
  check_error (HEAD "function 1 \"f\"\n", PP_ERR_INVALID,
               "e.ips:3: function 1 out of order (expected 0)");
  check_error (HEAD "function 0 \"\"\n", PP_ERR_INVALID,
               "e.ips:3: empty function name");
  check_error (HEAD "function 0 \"f\"\n checksum 1\n", PP_ERR_INVALID,
               "e.ips:4: expected 'source', found 'checksum'");
  check_error (HEAD "function 0 \"f\"\n source \"t.c\"\n checksum 1\n"
                    " subpaths 0\n",
               PP_ERR_INVALID,
               "e.ips:6: subpath count 0: a function has at least one "
               "subpath");
  check_error (HEAD "function 0 \"f\"\n source \"t.c\"\n", PP_ERR_INVALID,
               "e.ips:3: function 'f' has no 'end'");
  check_error (HEAD "segment 0 : 0:1\n", PP_ERR_INVALID,
               "e.ips:3: root function 0 is not declared");
  check_error (HEAD FN0 "segment 0 : 0:3\n", PP_ERR_RANGE,
               "e.ips:8: subpath 0:3: function 'f' has 3 subpaths");
  check_error (HEAD FN0 "segment 0 0:1\n", PP_ERR_INVALID,
               "e.ips:8: expected ':' or 'at', found '0:1'");
  check_error (HEAD FN0 "segment 0 : 0:x\n", PP_ERR_INVALID,
               "e.ips:8: bad token '0:x' (a subpath FUNCTION:ID, '(' or ')' "
               "is expected)");
  check_error (HEAD FN0 "segment 0 : \"0:1\"\n", PP_ERR_INVALID,
               "e.ips:8: bad token \"0:1\" (a subpath FUNCTION:ID, '(' or ')' "
               "is expected)");
  check_error (HEAD FN0 "segment 0 : 0:1 = 3 4\n", PP_ERR_INVALID,
               "e.ips:8: '=' expects one count at the end of the line");
  check_error (HEAD FN0 "segment 0 : 0:1 =\n", PP_ERR_INVALID,
               "e.ips:8: '=' expects one count at the end of the line");
  check_error (HEAD FN0 "segment 0 at 1 : 0:1\n", PP_ERR_INVALID,
               "e.ips:8: bad function ':'");
  check_error (HEAD FN0 "segment 0 : 0:1 (\n", PP_ERR_INVALID,
               "e.ips:8: the last token must be a subpath");
  check_error (HEAD FN0 FN1 "segment 0 : 0:1 ( 1:0 ( 0:0 ) 1:1 ) 0:2\n",
               PP_ERR_INVALID,
               "e.ips:13: token 4: '(' goes deeper than the depth 1");
  check_error (HEAD FN0 FN1 "segment 0 : 0:1 ) 1:1\n", PP_ERR_INVALID,
               "e.ips:13: token 2: ')' returns from the root function");
  check_error (HEAD FN0 FN1 "segment 0 : 1:1\n", PP_ERR_INVALID,
               "e.ips:13: token 1: a subpath of function 1 where function 0 "
               "runs");
  check_error (HEAD FN0 "segment 0 : 0:1\n" FN1, PP_ERR_INVALID,
               "e.ips:9: 'function' after the first segment (functions come "
               "first)");
  check_error (HEAD FN0 "segment 0 : 0:1\nsegment 0 : 0:1 = 4\n",
               PP_ERR_DUPLICATE,
               "e.ips:9: duplicate segment (first at line 8)");
  check_error (HEAD FN0 "function 1 \"f\"\n source \"t.c\"\n checksum 1\n"
                    " subpaths 3\nend\n",
               PP_ERR_DUPLICATE,
               "e.ips:8: duplicate function 'f' (source \"t.c\", checksum "
               "0x00000001; first at line 3)");
  check_error (HEAD FN0 "path 0\n", PP_ERR_INVALID,
               "e.ips:8: expected 'function' or 'segment', found 'path'");

  pp_ips *set;
  pp_error err;
  CU_ASSERT_EQUAL (pp_ips_read ("/nonexistent/x.ips", &set, &err), PP_ERR_IO);
  CHECK_STR (err.message,
             "/nonexistent/x.ips: cannot open: No such file or directory");
}

int
register_ips_tests (void)
{
  CU_pSuite s = CU_add_suite ("interesting-segment file", NULL, NULL);
  if (!s || !CU_add_test (s, "round trip and canonical form", test_round_trip)
      || !CU_add_test (s, "building in memory", test_build)
      || !CU_add_test (s, "errors", test_errors))
    return -1;
  return 0;
}
