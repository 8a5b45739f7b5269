/* pathprof: the functions of libpathprof that programs may call.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * Installed as <pathprof/pathprof.h>.  The counterparts of gcov's
 * __gcov_dump, __gcov_reset and __gcov_execve; see specs/runtime.md.
 *
 * Every instrumented program or shared library links its own private copy
 * of libpathprof (a static archive with hidden symbols, as libgcov is);
 * these functions act on all of them, the instrumented objects of every
 * executable and shared library of the process, as gcov's do.
 */
#ifndef PATHPROF_H
#define PATHPROF_H

#ifdef __cplusplus
extern "C" {
#endif

/* Writes (merges) the path counts collected so far into the profile file
   now, and marks them written: the exit handler will not write them again
   unless __pathprof_reset is called afterwards.  Returns 0 if the profile
   was written (or there was nothing to write), -1 after an error, which
   is reported on stderr.  errno is preserved.  */
int __pathprof_dump (void);

/* Zeroes every path counter and "dropped" count of the instrumented
   objects, and lets the exit handler write again.  With __pathprof_dump,
   periodic flushing is:  __pathprof_dump (); __pathprof_reset ();
   Counts being incremented by other threads during the reset may be lost
   or misattributed.  errno is preserved.  */
void __pathprof_reset (void);

/* execve(2) that first dumps the counts (they would be lost: exec replaces
   the process image without running exit handlers), and resets them if
   execve fails and returns, so that they are not written twice; neither
   in a vfork child.  The plugin does the same around the exec calls of
   the units it compiles; this is for the others (calls through pointers,
   code built without the plugin).  Linking with -Wl,--wrap=execve (or
   execv, execvp) routes every call of those functions in the link
   through libpathprof the same way.  */
int __pathprof_execve (const char *path, char *const argv[],
                       char *const envp[]);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_H */
