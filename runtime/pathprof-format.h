/* pathprof: the one definition of every interface and file format shared by
 * the plugin (compiler side), libpathprof (runtime) and the pathprof tool,
 * in the manner of GCC's gcov-io.h.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: 0BSD
 *
 * This header is part of the runtime and is compiled into users' programs:
 * it is under the zero-clause BSD licence (see COPYING), which imposes no
 * conditions on programs that use it.
 *
 * Four things are defined here:
 *   1. the runtime ABI: the data the plugin emits into every instrumented
 *      object and the entry points of libpathprof it calls;
 *   2. the notes file (.ppno), written by the plugin at compile time;
 *   3. the profile data file (.ppd), written by the runtime at exit;
 *   4. the interesting-path file, input of the preferential mode.
 * The user documentation of 2 to 4 is specs/file-formats.md and the files
 * it links; a change here
 * bumps the matching version and changes that document in the same commit.
 */
#ifndef PATHPROF_FORMAT_H
#define PATHPROF_FORMAT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* 1. Runtime ABI                                                      */
/* ------------------------------------------------------------------ */

/* Bumped whenever a struct below changes layout; __pathprof_init refuses
   (with a message, without crashing) objects of another version.
   Version 3 added `tested` (preferential functions counted in an array),
   version 4 the residual cache, version 5 grew it from 64 to 1024
   entries, version 6 added its size per function, version 7 made the
   residual cache and log the storage of HASH functions too (`path_cache`,
   `path_log`; the fixed-size hash table and __pathprof_hash_add are
   gone) and renamed __pathprof_residual to __pathprof_log_path.  */
#define PATHPROF_ABI_VERSION 7u

/* How a function's path counters are stored.  Path ids are always
   Ball-Larus ids; PPP ids only index the slots of a PPP function.  */
#define PATHPROF_STORAGE_ARRAY 0u    /* counters[id], id < n_paths */
#define PATHPROF_STORAGE_HASH 1u     /* path cache and path log, below */
#define PATHPROF_STORAGE_PPP 2u      /* preferential: slots[ppp id] holds
                                        an interesting (tested) path */
#define PATHPROF_STORAGE_RESIDUAL 3u /* no tested path: every path the
                                        function runs is residual */
#define PATHPROF_STORAGE_TRACE 4u    /* trace builds (wpp): no counters,
                                        every subpath goes to the
                                        whole-program path trace; never in
                                        a profile data file */

/* A Ball-Larus id no path has (n_paths <= 2^64 - 1, so ids are at most
   2^64 - 2): marks the holes of a PPP slot array.  */
#define PATHPROF_NO_PATH UINT64_MAX

/* One slot of a PPP function (preferential path profiling, thesis 3.3
   and 3.6): the slot of PPP id i holds the Ball-Larus id of the one
   interesting path numbered i (PATHPROF_NO_PATH in a hole) and its count.
   At a path end the instrumented code computes both ids; when the PPP id
   has a slot and the slot's bl_id equals the Ball-Larus id, it counts in
   the slot; otherwise the path is not a tested one and is logged
   (`path_cache`, __pathprof_log_path).  Emitted initialized (bl_id) by
   the plugin.  When the plugin padded the slots so that every path's PPP
   id has one (no bounds check), PPP id i is slot i + slot_shift (the
   notes' `ppp` record), which only the instrumented code uses: readers
   of the slots go by bl_id.  */
struct pathprof_ppp_slot {
  uint64_t bl_id;
  uint64_t count;
};
/* Its size, which the plugin's preferential register counts in: the
   register ends a path at its slot's byte offset, so that the slot's
   address needs no scaling (x86 cannot scale an index by 16).  */
#define PATHPROF_PPP_SLOT_BYTES 16

/* One instrumented function, emitted by the plugin.  All strings are
   NUL-terminated and live in the object's read-only data.

   Logged paths.  The paths of a function that has no counter of their
   own are logged: every path of a HASH function (more paths than the
   array threshold: Ball-Larus mode), the untested paths of a PPP
   function counted in slots, every path of a RESIDUAL function not
   counted in an array.  A path end probes the function's path cache
   inline (`path_cache`: a static direct-mapped table of
   2^path_cache_bits entries, one possible entry per path, Fibonacci
   hashing) and counts the path there if its entry holds it; otherwise
   it calls __pathprof_log_path, which claims the entry for the path if
   it is free (the first path to reach an entry keeps it), or else keeps
   the path with its count in the runtime's path log (`path_log`):
   lock-free, growing as paths are met, bounded per process by
   PATHPROF_LOG_LIMIT distinct paths.  An execution of a new path that
   finds the bound reached is counted in `log_dropped`, never lost
   silently.  A path is thus counted either in the cache or in the log,
   never in both.  When the runtime writes the profile, a HASH
   function's logged paths are its counts (log_dropped its dropped
   executions), a PPP or RESIDUAL function's its residual paths.  */
struct pathprof_function {
  const char *name;          /* assembler name (mangled for C++) */
  const char *source_file;   /* as given on the command line */
  uint32_t cfg_checksum;     /* pp_cfg_checksum of the profiled CFG */
  uint32_t storage;          /* PATHPROF_STORAGE_* */
  uint64_t n_paths;          /* Ball-Larus paths of its DAG (fits: split) */
  uint64_t *counters;        /* ARRAY: n_paths counters; PPP and RESIDUAL
                                counted in an array: see below; else NULL */
  struct pathprof_ppp_slot *slots;   /* PPP: n_slots slots; else NULL */
  uint64_t n_slots;          /* PPP: the number of slots (PPP ids
                                -slot_shift .. n_slots-slot_shift-1) */
  /* PPP and RESIDUAL functions with at most ppp-array-threshold paths
     (specs/plugin-arguments.md) are counted in an array: `counters` holds
     n_paths counters indexed by Ball-Larus id, as for ARRAY, `slots` is
     NULL, and `tested` (NULL for RESIDUAL) is a read-only bitmap of the
     tested paths (bit id % 8 of byte id / 8).  Whoever reads the counters
     (the runtime, when it writes the profile) splits them: the tested
     paths' counts are the function's counts, the others its residual
     paths; the data file cannot tell the two forms apart.  A path end
     then costs what it costs a Ball-Larus function with an array: one
     register, one increment (thesis 3.6's two registers and check pay
     off only where an array of n_paths counters is too large).  */
  const uint8_t *tested;
  /* The path cache (see above) of a HASH function, and of a PPP function
     counted in slots or a RESIDUAL function not counted in an array
     (unless residual-cache=0); NULL for every other function.
     2^path_cache_bits keys (path id + 1, 0 while free), then as many
     counts.  The path of id ID can only be in entry
     PATHPROF_PATH_CACHE_SLOT (ID, path_cache_bits); only
     __pathprof_log_path claims a free entry (with a compare-and-swap),
     and an entry never changes its key afterwards.  Emitted zero by the
     plugin.  */
  uint64_t *path_cache;
  /* log2 of the path cache's entries (0 to PATHPROF_PATH_CACHE_MAX_BITS),
     when there is a cache.  */
  uint64_t path_cache_bits;
  /* The runtime's path log of this function (see above): owned by the
     runtime, emitted NULL and 0.  */
  void *path_log;
  uint64_t log_dropped;
};

/* The path cache (struct pathprof_function): the size of a residual
   cache (log2 of its entries: PATHPROF_RESIDUAL_CACHE_BITS to
   PATHPROF_RESIDUAL_CACHE_MAX_BITS, chosen by the plugin), the largest of
   any cache, and the entry of path ID in a cache of 2^BITS entries
   (Fibonacci hashing: the high bits of ID times 2^64 / phi, which spread
   consecutive ids over the table; entry 0 in a cache of one entry).  */
#define PATHPROF_RESIDUAL_CACHE_BITS 10u
#define PATHPROF_RESIDUAL_CACHE_MAX_BITS 17u
#define PATHPROF_PATH_CACHE_MAX_BITS 24u
#define PATHPROF_PATH_CACHE_MUL 0x9e3779b97f4a7c15ull
#define PATHPROF_PATH_CACHE_SLOT(id, bits)                             \
  ((bits) == 0 ? (uint64_t) 0                                          \
               : (uint64_t) ((uint64_t) (id) * PATHPROF_PATH_CACHE_MUL) \
                   >> (64 - (bits)))

/* Whether the bitmap TESTED (struct pathprof_function) marks path ID.  */
#define PATHPROF_TESTED(tested, id)                                    \
  ((tested)[(id) / 8] >> ((id) % 8) & 1u)

/* One instrumented object file (translation unit), emitted by the plugin
   and registered from a static constructor by calling __pathprof_init.  */
struct pathprof_object {
  uint32_t abi_version;      /* PATHPROF_ABI_VERSION */
  uint32_t n_functions;
  const char *notes_file;    /* absolute path of the object's .ppno */
  uint32_t notes_stamp;      /* same stamp as in the .ppno header */
  uint32_t reserved;
  struct pathprof_function *functions;
  struct pathprof_object *next; /* linked by the runtime; emitted NULL */
};

void __pathprof_init (struct pathprof_object *object);
/* Counts one execution of path ID of FN, a path FN has no counter of its
   own for (see struct pathprof_function, "Logged paths"): called at a
   path end of a HASH function, of a PPP function whose path is not in
   its slots, and of a RESIDUAL function not counted in an array, when
   the path is not the one of its entry of FN's path cache.  Claims that
   entry when it is free.  Always safe against concurrent callers and
   async-signal-safe (no locks, no malloc): the runtime keeps each
   distinct (function, path) once with its count, in memory bounded by
   PATHPROF_LOG_LIMIT (specs/runtime.md).  */
void __pathprof_log_path (struct pathprof_function *fn, uint64_t id);

/* Around every call of execl, execle, execlp, execv, execve and execvp
   in the functions of an object that registers counters (as gcov wraps
   them): __pathprof_exec_prepare before it writes the counts, which the
   new image would lose; __pathprof_exec_failed after it, which runs only
   if the exec failed, zeroes them, so that they are not written twice.
   Both do nothing in a vfork child (a process whose memory is another's,
   specs/runtime.md "fork, exec").  errno is preserved.  */
void __pathprof_exec_prepare (void);
void __pathprof_exec_failed (void);

/* Every executable or shared library with a copy of the runtime has this
   ELF note, so that __pathprof_dump, __pathprof_reset and the writes
   around an exec act on the counts of all of them, as gcov's do: each
   copy's state is hidden, and no symbol is shared between them.  The
   runtime finds the notes with dl_iterate_phdr, in the PT_NOTE segments
   of the loaded objects: name PATHPROF_NOTE_NAME, type
   PATHPROF_NOTE_HOOKS, a 4-byte descriptor holding the offset from the
   descriptor to that copy's struct pathprof_module_hooks (a link-time
   constant: no relocation at load).  */
#define PATHPROF_NOTE_NAME "pathprof"
#define PATHPROF_NOTE_HOOKS 1u
#define PATHPROF_HOOK_EXEC_PREPARE 0u /* writes the counts (vfork: no) */
#define PATHPROF_HOOK_EXEC_FAILED 1u  /* zeroes them (vfork: no) */
#define PATHPROF_HOOK_DUMP 2u         /* writes the counts: 0, or -1 */
#define PATHPROF_HOOK_RESET 3u        /* zeroes them */
struct pathprof_module_hooks {
  uint32_t version;          /* PATHPROF_MODULE_HOOKS_VERSION */
  int (*run[4]) (void);      /* by PATHPROF_HOOK_* */
  /* The directory the program was started in, as this copy took it when
     its first object registered ("" before): a copy whose objects
     register later (dlopen after a chdir) takes it from another copy,
     so that a relative profile name means one file for the process.  */
  const char *start_dir;
};
#define PATHPROF_MODULE_HOOKS_VERSION 3u

/* Trace builds (-fplugin-arg-pathprof-wpp, specs/trace-format.md): the
   object's constructor calls __pathprof_wpp_init instead of
   __pathprof_init (its functions, of storage TRACE, count nothing); the
   instrumented code appends events to the calling thread's trace:
     __pathprof_wpp_enter   on entry to FN (SELF: its address, which
                            tells whether the call came from the call
                            site that announced it); returns the frame's
                            number in the thread, which
                            __pathprof_wpp_resume takes
     __pathprof_wpp_piece   at the end of a subpath (back edge, exit)
     __pathprof_wpp_site    at the end of a subpath at a call site, just
                            before the call to CALLEE (the address called)
     __pathprof_wpp_resume  at an exception landing pad or setjmp receiver
                            of the frame numbered FRAME: the frames above
                            it are gone.
   None of them changes errno.  */
void __pathprof_wpp_init (struct pathprof_object *object);
uint64_t __pathprof_wpp_enter (struct pathprof_function *fn,
                               const void *self);
void __pathprof_wpp_piece (uint64_t subpath);
void __pathprof_wpp_site (uint64_t subpath, const void *callee);
void __pathprof_wpp_resume (uint64_t frame);

/* ------------------------------------------------------------------ */
/* 2. The notes file (.ppno)                                           */
/* ------------------------------------------------------------------ */

/* A text file, one per object, written by the plugin at compile time;
   the grammar is specs/notes-format.md.  Only the constants that the
   writer (plugin) and the reader (tool/notes.c) must agree on live here.  */
#define PATHPROF_NOTES_MAGIC "pathprof-notes" /* first token of line 1 */
#define PATHPROF_NOTES_VERSION 2u             /* second token of line 1 */
/* Version 3: version 2 plus the records of the inter-procedural modes
   (trace builds and IPPP builds write it; readers accept both).  */
#define PATHPROF_NOTES_VERSION_INTER 3u
#define PATHPROF_NOTES_SUFFIX ".ppno"         /* foo.o -> foo.ppno */
/* An object in libtool's object directory: .libs/foo.o -> .libs/foo-lt.ppno.
   libtool deletes .libs/foo.* when it links a library or module named foo
   (it spares objects and gcov's .gcno files only), which would take the
   notes of a module's object of the same name (foo.la from foo.c).  */
#define PATHPROF_NOTES_LIBTOOL_DIR ".libs"
#define PATHPROF_NOTES_LIBTOOL_SUFFIX "-lt.ppno"

/* Record keywords.  Header records come before the first function.  */
#define PATHPROF_NOTES_STAMP "stamp"
#define PATHPROF_NOTES_PRODUCER "producer"
#define PATHPROF_NOTES_OBJECT "object"
/* The interesting-path file the unit was built with (PPP mode only).  */
#define PATHPROF_NOTES_INTERESTING_FILE "interesting-file"
#define PATHPROF_NOTES_FUNCTION "function"
/* Function records, between `function` and `end`.  */
#define PATHPROF_NOTES_SOURCE "source"
#define PATHPROF_NOTES_CHECKSUM "checksum"
#define PATHPROF_NOTES_PATHS "paths"
#define PATHPROF_NOTES_STORAGE "storage"
/* `storage ppp array`, `storage residual array`: counted in an array of
   Ball-Larus counters, the tested paths marked (struct pathprof_function,
   `tested`); every interesting path then has its PPP id.  */
#define PATHPROF_NOTES_STORAGE_ARRAY "array"
/* `linkage public`: the function is one of the program under its name
   (TREE_PUBLIC), however many objects compile a copy of it (C++ inline
   functions and templates, C99 inline): `pathprof residual` sums the
   copies.  `linkage local`: a static function, one per object.  Notes
   written before the record existed have none: local.  */
#define PATHPROF_NOTES_LINKAGE "linkage"
#define PATHPROF_NOTES_LINKAGE_PUBLIC "public"
#define PATHPROF_NOTES_LINKAGE_LOCAL "local"
#define PATHPROF_NOTES_CFG "cfg"
#define PATHPROF_NOTES_BLOCK "block"
#define PATHPROF_NOTES_EXIT "exit"
#define PATHPROF_NOTES_EDGE "edge"
#define PATHPROF_NOTES_DAGEDGE "dagedge"
/* PPP and RESIDUAL functions (version 2).  */
#define PATHPROF_NOTES_PPP "ppp"  /* n_interesting range n_slots [slot_shift] */
#define PATHPROF_NOTES_INTERESTING "interesting" /* BL-id PPP-id|- */
/* After `ppp`, when the range of all interesting paths exceeded ppp-max:
   only the K hottest (those with a PPP id) were numbered, in a range of
   RANGE.  */
#define PATHPROF_NOTES_HOTTEST "hottest"         /* K range */
#define PATHPROF_NOTES_STALE "stale"             /* "reason" */
/* Inter-procedural modes (version 3).  Header: the IPS file and the code
   growth of inlining.  Function records: `refused` and `site` describe a
   subpath CFG (storage trace; `subpaths` records), `context` and `node`
   a supergraph's map.  `subpaths` records describe the subpath CFG of a
   function that IPPP supergraphs refer to.  */
#define PATHPROF_NOTES_IPS_FILE "ips-file"       /* "file" depth */
#define PATHPROF_NOTES_GROWTH "growth"           /* unit added bound% */
#define PATHPROF_NOTES_SUBPATHS "subpaths"       /* "name" ... end */
#define PATHPROF_NOTES_REFUSED "refused"         /* "why not inlined" */
#define PATHPROF_NOTES_SITE "site"               /* k edge "callee"|- */
#define PATHPROF_NOTES_CONTEXT "context"         /* id parent site "callee" */
#define PATHPROF_NOTES_NODE "node"               /* v ctx:node... */
#define PATHPROF_NOTES_END "end"

/* Storage names in the notes' `storage` record, by PATHPROF_STORAGE_*.  */
#define PATHPROF_STORAGE_NAMES                                         \
  { "array", "hash", "ppp", "residual", "trace" }

/* ------------------------------------------------------------------ */
/* 3. The profile data file (.ppd)                                     */
/* ------------------------------------------------------------------ */

/* Written by libpathprof when an instrumented program exits (merging into
   an existing file), read and written by `pathprof`.  Full description:
   specs/file-formats.md.  Summary:

     file    := header payload
     header  := magic[8] u32:version u32:header_size u64:payload_size
                u32:payload_crc32 u32:header_crc32          (32 bytes)
     payload := record*
     record  := u32:tag u32:flags(0) u64:body_size body

   Every integer is little-endian, whatever the host, so a profile can be
   moved between machines; strings are u32:length + bytes (no NUL, no
   padding).  Nothing is aligned: readers decode byte by byte.  The CRCs
   are CRC-32 (the zlib/Ethernet one, reflected polynomial 0xEDB88320);
   header_crc32 covers header bytes 0..27, payload_crc32 the payload.  */

/* PNG-style magic: the high byte catches 7-bit transfers, CR LF and the
   lone LF catch newline translation, ^Z stops DOS `type`.  */
#define PATHPROF_PPD_MAGIC "\x89PPD\r\n\x1a\n"
#define PATHPROF_PPD_MAGIC_SIZE 8u
/* Bumped on any incompatible change; readers refuse other versions.
   Version 2 added the residual paths to FUNC.  */
#define PATHPROF_PPD_VERSION 2u
#define PATHPROF_PPD_HEADER_SIZE 32u
#define PATHPROF_PPD_SUFFIX ".ppd"

/* Record tags are four ASCII characters, so they read in a hex dump.  */
#define PATHPROF_PPD_TAG(a, b, c, d)                                   \
  ((uint32_t) (a) | (uint32_t) (b) << 8 | (uint32_t) (c) << 16         \
   | (uint32_t) (d) << 24)

/* PROG: string program.  The executable that last wrote the file
   (informational; at most one, first in the payload).  */
#define PATHPROF_PPD_TAG_PROGRAM PATHPROF_PPD_TAG ('P', 'R', 'O', 'G')
/* OBJT: string notes_file, u32 notes_stamp, u32 n_functions, u64 runs.
   One instrumented object; its n_functions FUNC records follow it.  runs
   counts the processes that had this object loaded and wrote a profile. */
#define PATHPROF_PPD_TAG_OBJECT PATHPROF_PPD_TAG ('O', 'B', 'J', 'T')
/* FUNC: string name, string source_file, u32 cfg_checksum, u32 storage,
   u64 n_paths, u64 dropped, u64 n_counts, then n_counts pairs
   (u64 path_id, u64 count), then u64 residual_dropped, u64 n_residual,
   then n_residual pairs (u64 path_id, u64 count).  In both lists path
   ids are strictly increasing, every id < n_paths and every count > 0
   (the counters are sparse).  storage is a PATHPROF_STORAGE_*; the
   counts are the counted paths (all of them for ARRAY and HASH, the
   tested ones for PPP, none for RESIDUAL), the residual list the
   residual paths (none, with residual_dropped 0, for ARRAY and HASH).  */
#define PATHPROF_PPD_TAG_FUNCTION PATHPROF_PPD_TAG ('F', 'U', 'N', 'C')

/* ------------------------------------------------------------------ */
/* 3b. The whole-program path trace (.ppt)                             */
/* ------------------------------------------------------------------ */

/* Written by libpathprof in trace builds, one file per process (and per
   copy of the runtime), read by `pathprof ips`; specs/trace-format.md.

     file    := magic[8] u32:version u32:0 record*
     record  := u32:tag u32:thread u64:body_size body
     OBJT    u32:base u32:n_functions u32:notes_stamp string:notes_file
             then n_functions strings: the function names, in descriptor
             order; functions are numbered base.. in the events
     EVTS    event bytes of thread THREAD (1, 2, ... in the order threads
             first trace), continuing the thread's previous EVTS
     FORK    u64:parent_pid: this process was forked; its threads' stacks
             are unknown at the start
   Little-endian; strings are u32 length + bytes.  An event is a kind (2
   bits) and a value (up to 64 bits) in a variable-length code: the
   first byte holds the kind in bits 0-1, value bits 0-4 in bits 2-6, bit
   7 set if more bytes follow, each with 7 more value bits (bit 7: more).
     kind 0  SUBPATH id: the current frame ran subpath id
     kind 1  ENTER_SITE fn: a frame of fn, entered from the call site that
             ended the caller's last subpath
     kind 2  ENTER_OTHER fn: a frame of fn entered otherwise
     kind 3  value 2n: REPEAT n (the last subpath ran n more times);
             value 2f+1: RESUME f (the frame numbered f, its thread's f-th
             ENTER, runs again; the frames above it are gone)  */
#define PATHPROF_PPT_MAGIC "\x89PPT\r\n\x1a\n"
#define PATHPROF_PPT_MAGIC_SIZE 8u
#define PATHPROF_PPT_VERSION 1u
#define PATHPROF_PPT_SUFFIX ".ppt"
#define PATHPROF_PPT_TAG_OBJECT PATHPROF_PPD_TAG ('O', 'B', 'J', 'T')
#define PATHPROF_PPT_TAG_EVENTS PATHPROF_PPD_TAG ('E', 'V', 'T', 'S')
#define PATHPROF_PPT_TAG_FORK PATHPROF_PPD_TAG ('F', 'O', 'R', 'K')
#define PATHPROF_PPT_SUBPATH 0u
#define PATHPROF_PPT_ENTER_SITE 1u
#define PATHPROF_PPT_ENTER_OTHER 2u
#define PATHPROF_PPT_EXTENDED 3u

/* ------------------------------------------------------------------ */
/* 4. The interesting-path file                                        */
/* ------------------------------------------------------------------ */

/* A text file, written by `pathprof interesting` (or by hand), read by
   the plugin (-fplugin-arg-pathprof-interesting=FILE) and the tool; the
   grammar is specs/interesting-format.md.  Same lexical rules as the
   notes file.  */
#define PATHPROF_INTERESTING_MAGIC "pathprof-interesting"
#define PATHPROF_INTERESTING_VERSION 1u
#define PATHPROF_INTERESTING_FUNCTION "function"
#define PATHPROF_INTERESTING_SOURCE "source"
#define PATHPROF_INTERESTING_CHECKSUM "checksum"
#define PATHPROF_INTERESTING_PATHS "paths"
#define PATHPROF_INTERESTING_PATH "path"         /* BL-id [count] */
#define PATHPROF_INTERESTING_END "end"

/* The interesting-segment file (IPS file): depth-k inter-procedural path
   segments, written by `pathprof ips`, read by the plugin
   (-fplugin-arg-pathprof-ipps=FILE); specs/ips-format.md.  Same lexical
   rules.  */
#define PATHPROF_IPS_MAGIC "pathprof-ips"
#define PATHPROF_IPS_VERSION 1u
#define PATHPROF_IPS_DEPTH "depth"           /* K */
#define PATHPROF_IPS_FUNCTION "function"     /* INDEX "NAME" */
#define PATHPROF_IPS_SOURCE "source"
#define PATHPROF_IPS_CHECKSUM "checksum"
#define PATHPROF_IPS_SUBPATHS "subpaths"
#define PATHPROF_IPS_END "end"
#define PATHPROF_IPS_SEGMENT "segment"       /* ROOT [at SITE FN]... :
                                                TOKEN... [= COUNT] */

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_FORMAT_H */
