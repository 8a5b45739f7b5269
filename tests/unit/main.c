/* pathprof core unit tests: CUnit runner.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exits 0 only if every assertion of every test passed.
 * Environment: PP_TEST_SEED (base seed of the random tests, default
 * 0x5eed0ba11a25), PP_TEST_GRAPHS (number of random CFGs, default 3000).
 */
#include <stdio.h>
#include <CUnit/Basic.h>

#include "testutil.h"
#include "tests.h"

int
main (void)
{
  unsigned failures, tests_failed;
  CU_ErrorCode cu_err;

  if (CU_initialize_registry () != CUE_SUCCESS)
    {
      fprintf (stderr, "CUnit: %s\n", CU_get_error_msg ());
      return 2;
    }
  if (register_thesis_tests () || register_big_tests ()
      || register_error_tests () || register_random_tests ()
      || register_interesting_tests () || register_segment_tests ()
      || register_ips_tests ())
    {
      fprintf (stderr, "CUnit: %s\n", CU_get_error_msg ());
      CU_cleanup_registry ();
      return 2;
    }
  printf ("pathprof core tests, random seed 0x%llx, %u random CFGs\n",
          (unsigned long long) tu_base_seed (), tu_num_graphs (3000));
  CU_basic_set_mode (CU_BRM_VERBOSE);
  cu_err = CU_basic_run_tests ();
  failures = CU_get_number_of_failures ();
  tests_failed = CU_get_number_of_tests_failed ();
  CU_cleanup_registry ();
  if (cu_err != CUE_SUCCESS)
    {
      fprintf (stderr, "CUnit error %d\n", (int) cu_err);
      return 2;
    }
  if (failures || tests_failed)
    {
      fprintf (stderr, "\n%u assertion(s) failed in %u test(s)\n", failures,
               tests_failed);
      return 1;
    }
  return 0;
}
