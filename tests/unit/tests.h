/* pathprof core unit tests: suite registration.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef PATHPROF_TESTS_H
#define PATHPROF_TESTS_H

/* Each returns 0, or -1 if CUnit could not register the suite.  */
int register_thesis_tests (void);
int register_big_tests (void);
int register_error_tests (void);
int register_random_tests (void);
int register_interesting_tests (void);
int register_segment_tests (void);
int register_ips_tests (void);

#endif /* PATHPROF_TESTS_H */
