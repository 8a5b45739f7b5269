/* pathprof plugin: counter storage, descriptors and the constructor.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What one instrumented object contains, in the manner of gcov's
 * coverage.cc (all file-local, zero-initialized unless said otherwise):
 *
 *   uint64_t __pathprof_c.F[n_paths];                    ARRAY functions
 *   uint64_t __pathprof_r.F[2 << bits];   the path cache of HASH functions
 *                                  (bits: hash-size), of PPP (in slots)
 *                                  and RESIDUAL functions (residual cache)
 *   struct pathprof_ppp_slot __pathprof_s.F[n_slots] = { { bl_id, 0 },
 *                                                 ... };        PPP ones
 *   struct pathprof_function __pathprof.functions[n] = { ... };
 *   struct pathprof_object __pathprof_object = { ... };
 *   static void _sub_I_00101_0 (void) { __pathprof_init (&__pathprof_object); }
 *
 * The record types are built field by field to match
 * runtime/pathprof-format.h, so GCC lays them out with the target's own
 * ABI rules exactly as the C compiler does for the runtime.  Calls to the
 * path log pass &__pathprof.functions[i] while the unit is being compiled,
 * before the number of functions is known: the array is created with an
 * incomplete type at the first reference and completed at the end of the
 * unit, as a C tentative definition `T a[]; ... T a[n] = {...};` is.
 * The counters and PPP slots are marked DECL_NONALIASED, as gcov marks its
 * own (coverage.cc): only the instrumentation and the runtime touch them,
 * so no pointer of the program can reach them.  (Not those that the
 * instrumentation itself reaches through a pointer, an address register:
 * instrument.cc clears the flag there.)  That lets GCC keep the
 * program's values in registers across a counter update, and promote the
 * counter of a block-free helper inlined into a loop (store motion), as it
 * does gcov's.  Their address still escapes to the runtime, which reads
 * them from exit() or __pathprof_dump: GCC's alias oracle keeps treating
 * a global variable as used and clobbered by every call, whatever its
 * DECL_NONALIASED (tree-ssa-alias.cc: "local statics can be used through
 * recursion"), so no update is sunk past a call.
 */
#include "gcc-compat.h"
#include "pathprof.h"
#include "pathprof-format.h"

/* Trees that must survive garbage collection until the end of the unit
   (registered as a GGC root by pathprof-plugin.cc).  */
vec<tree, va_gc> *pp_gc_trees;

void
pp_gc_protect (tree t)
{
  vec_safe_push (pp_gc_trees, t);
}

namespace {

tree ppp_slot_type, fn_desc_type, object_desc_type;
tree log_path_fn, wpp_fn[PP_WPP_RESUME + 1], exec_hook_fn[2];
/* __pathprof.functions, created at its first reference.  */
tree descriptors;

/* As coverage.cc: a character no C or C++ identifier contains, so our
   symbols cannot clash with the program's.  */
#ifndef NO_DOT_IN_LABEL
const char symbol_marker = '.';
#elif !defined NO_DOLLAR_IN_LABEL
const char symbol_marker = '$';
#else
const char symbol_marker = '_';
#endif

tree
const_char_ptr_type (void)
{
  return build_pointer_type (
      build_qualified_type (char_type_node, TYPE_QUAL_CONST));
}

/* A FIELD_DECL of TYPE prepended to *FIELDS (finish_builtin_struct wants
   them last first).  */
void
add_field (tree *fields, tree type)
{
  tree f = build_decl (BUILTINS_LOCATION, FIELD_DECL, NULL_TREE, type);
  DECL_CHAIN (f) = *fields;
  *fields = f;
}

void
build_types (void)
{
  if (object_desc_type)
    return;
  tree u32 = uint32_type_node, u64 = uint64_type_node;
  tree u64p = build_pointer_type (u64);
  tree fields = NULL_TREE;

  ppp_slot_type = lang_hooks.types.make_type (RECORD_TYPE);
  add_field (&fields, u64);   /* bl_id */
  add_field (&fields, u64);   /* count */
  finish_builtin_struct (ppp_slot_type, "pathprof_ppp_slot", fields,
                         NULL_TREE);

  fields = NULL_TREE;
  fn_desc_type = lang_hooks.types.make_type (RECORD_TYPE);
  add_field (&fields, const_char_ptr_type ()); /* name */
  add_field (&fields, const_char_ptr_type ()); /* source_file */
  add_field (&fields, u32);                    /* cfg_checksum */
  add_field (&fields, u32);                    /* storage */
  add_field (&fields, u64);                    /* n_paths */
  add_field (&fields, u64p);                   /* counters */
  add_field (&fields, build_pointer_type (ppp_slot_type)); /* slots */
  add_field (&fields, u64);                    /* n_slots */
  add_field (&fields, build_pointer_type (unsigned_char_type_node)); /* tested */
  add_field (&fields, u64p);                   /* path_cache */
  add_field (&fields, u64);                    /* path_cache_bits */
  add_field (&fields, ptr_type_node);          /* path_log */
  add_field (&fields, u64);                    /* log_dropped */
  finish_builtin_struct (fn_desc_type, "pathprof_function", fields,
                         NULL_TREE);

  fields = NULL_TREE;
  object_desc_type = lang_hooks.types.make_type (RECORD_TYPE);
  add_field (&fields, u32);                    /* abi_version */
  add_field (&fields, u32);                    /* n_functions */
  add_field (&fields, const_char_ptr_type ()); /* notes_file */
  add_field (&fields, u32);                    /* notes_stamp */
  add_field (&fields, u32);                    /* reserved */
  add_field (&fields, build_pointer_type (fn_desc_type)); /* functions */
  add_field (&fields, build_pointer_type (object_desc_type));   /* next */
  finish_builtin_struct (object_desc_type, "pathprof_object", fields, NULL_TREE);

  pp_gc_protect (ppp_slot_type);
  pp_gc_protect (fn_desc_type);
  pp_gc_protect (object_desc_type);
}

/* A file-local artificial variable PREFIX<marker>SUFFIX of TYPE.  */
tree
build_var (const char *prefix, const char *suffix, tree type)
{
  size_t len = strlen (prefix) + strlen (suffix) + 2;
  char *buf = XNEWVEC (char, len);
  snprintf (buf, len, "%s%c%s", prefix, symbol_marker, suffix);
  tree var = build_decl (BUILTINS_LOCATION, VAR_DECL, get_identifier (buf),
                         type);
  XDELETEVEC (buf);
  TREE_STATIC (var) = 1;
  TREE_PUBLIC (var) = 0;
  DECL_EXTERNAL (var) = 0;
  TREE_ADDRESSABLE (var) = 1;
  TREE_USED (var) = 1;
  DECL_ARTIFICIAL (var) = 1;
  DECL_IGNORED_P (var) = 1;
  SET_DECL_ALIGN (var, TYPE_ALIGN (type));
  pp_gc_protect (var);
  return var;
}

/* A counter array or slot array: build_var's, not aliased by any pointer
   of the program (see the top of the file).  */
tree
build_counter_var (const char *prefix, const char *suffix, tree type)
{
  tree var = build_var (prefix, suffix, type);
  DECL_NONALIASED (var) = 1;
  return var;
}

void
finalize_var (tree var)
{
  varpool_node::finalize_decl (var);
}

tree
u64_array_type (unsigned HOST_WIDE_INT n)
{
  return build_array_type_nelts (uint64_type_node, n);
}

/* &ARRAY[0], a pointer to its element type.  */
tree
array_start_of (tree array)
{
  tree ref = build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (array)), array,
                     build_int_cst (sizetype, 0), NULL_TREE, NULL_TREE);
  return build_fold_addr_expr (ref);
}



tree
string_ptr (const char *s)
{
  return fold_convert (const_char_ptr_type (),
                       build_string_literal (strlen (s) + 1, s));
}

/* The runtime function NAME (ARGS...) returning RET (void by default),
   nothrow and leaf (it never calls back into the program: this keeps
   calls to it from ending basic blocks or gaining abnormal edges in
   setjmp functions).  */
tree
runtime_fn (const char *name, tree arg1, tree arg2,
            tree ret = void_type_node)
{
  tree type = build_function_type_list (ret, arg1, arg2, NULL_TREE);
  tree decl = build_fn_decl (name, type);
  DECL_ATTRIBUTES (decl)
      = tree_cons (get_identifier ("leaf"), NULL_TREE, DECL_ATTRIBUTES (decl));
  pp_gc_protect (decl);
  return decl;
}

} // namespace

tree
pp_log_path_decl (void)
{
  if (!log_path_fn)
    {
      build_types ();
      log_path_fn = runtime_fn ("__pathprof_log_path",
                                build_pointer_type (fn_desc_type),
                                uint64_type_node);
    }
  return log_path_fn;
}

tree
pp_exec_hook_decl (bool failed)
{
  if (!exec_hook_fn[failed])
    exec_hook_fn[failed] = runtime_fn (failed ? "__pathprof_exec_failed"
                                              : "__pathprof_exec_prepare",
                                       NULL_TREE, NULL_TREE);
  return exec_hook_fn[failed];
}

tree
pp_wpp_decl (pp_wpp_fn which)
{
  if (!wpp_fn[which])
    {
      build_types ();
      tree fn_ptr = build_pointer_type (fn_desc_type);
      switch (which)
        {
        case PP_WPP_ENTER:
          wpp_fn[which] = runtime_fn ("__pathprof_wpp_enter", fn_ptr,
                                      const_ptr_type_node, uint64_type_node);
          break;
        case PP_WPP_PIECE:
          wpp_fn[which] = runtime_fn ("__pathprof_wpp_piece",
                                      uint64_type_node, NULL_TREE);
          break;
        case PP_WPP_SITE:
          wpp_fn[which] = runtime_fn ("__pathprof_wpp_site", uint64_type_node,
                                      const_ptr_type_node);
          break;
        case PP_WPP_RESUME:
          wpp_fn[which] = runtime_fn ("__pathprof_wpp_resume",
                                      uint64_type_node, NULL_TREE);
          break;
        }
    }
  return wpp_fn[which];
}

/* The descriptor array, with an incomplete type until pp_emit_object.  */
static tree
descriptor_array (void)
{
  if (!descriptors)
    {
      build_types ();
      descriptors = build_var ("__pathprof", "functions",
                               build_array_type (fn_desc_type, NULL_TREE));
    }
  return descriptors;
}

tree
pp_self_token (const char *name)
{
  /* Writable, so that -fmerge-all-constants cannot give two functions
     one token.  */
  tree var = build_var ("__pathprof_self", name, char_type_node);
  DECL_INITIAL (var) = NULL_TREE;
  finalize_var (var);
  /* Made by the pre-pass too, before the symbol table analyzes new
     variables as they come (IPA_SSA): unanalyzed, it would never be
     output.  */
  varpool_node *node = varpool_node::get (var);
  if (!node->analyzed)
    node->analyze ();
  return var;
}

tree
pp_function_descriptor_addr (const pp_fn_record *rec)
{
  tree ref = build4 (ARRAY_REF, fn_desc_type, descriptor_array (),
                     build_int_cst (sizetype, rec->index), NULL_TREE,
                     NULL_TREE);
  return build_fold_addr_expr (ref);
}

/* The PPP slots of REC: slot i holds the Ball-Larus id of the interesting
   path numbered i (PATHPROF_NO_PATH in holes), count 0.  */
static void
emit_ppp_slots (pp_fn_record *rec)
{
  tree type = build_array_type_nelts (ppp_slot_type, rec->n_slots);
  tree slots = build_counter_var ("__pathprof_s", rec->name, type);
  tree bl_field = TYPE_FIELDS (ppp_slot_type);
  tree count_field = DECL_CHAIN (bl_field);
  vec<constructor_elt, va_gc> *elts = NULL;
  vec_alloc (elts, rec->n_slots);
  for (uint64_t i = 0; i < rec->n_slots; i++)
    {
      vec<constructor_elt, va_gc> *v = NULL;
      CONSTRUCTOR_APPEND_ELT (v, bl_field,
                              build_int_cstu (uint64_type_node,
                                              rec->slot_bl[i]));
      CONSTRUCTOR_APPEND_ELT (v, count_field,
                              build_int_cst (uint64_type_node, 0));
      CONSTRUCTOR_APPEND_ELT (elts, build_int_cst (sizetype, i),
                              build_constructor (ppp_slot_type, v));
    }
  DECL_INITIAL (slots) = build_constructor (type, elts);
  finalize_var (slots);
  rec->slots = slots;
}

/* A PPP or RESIDUAL function counted in an array (pathprof-format.h):
   n_paths counters, and for PPP the read-only bitmap of its tested
   paths.  */
static void
emit_split (pp_fn_record *rec)
{
  rec->counters = build_counter_var ("__pathprof_c", rec->name,
                             u64_array_type (rec->n_paths));
  finalize_var (rec->counters);
  if (!rec->tested_map)
    return;
  size_t len = rec->n_paths / 8 + 1;
  tree type = build_array_type_nelts (unsigned_char_type_node, len);
  tree map = build_var ("__pathprof_m", rec->name, type);
  tree init = build_string (len, (const char *) rec->tested_map);
  TREE_TYPE (init) = type;
  TREE_CONSTANT (init) = 1;
  TREE_STATIC (init) = 1;
  DECL_INITIAL (map) = init;
  TREE_READONLY (map) = 1;
  finalize_var (map);
  rec->tested = map;
}

unsigned
pp_residual_cache_bits (uint64_t n_interesting)
{
  unsigned bits = PATHPROF_RESIDUAL_CACHE_BITS;
  while (bits < PATHPROF_RESIDUAL_CACHE_MAX_BITS
         && (1ull << bits) < 4 * n_interesting)
    bits++;
  return bits;
}

/* REC's path cache of 2^BITS entries: keys then counts, zero (every entry
   free).  */
static void
emit_path_cache (pp_fn_record *rec, unsigned bits)
{
  rec->path_cache_bits = bits;
  rec->path_cache = build_counter_var ("__pathprof_r", rec->name,
                                       u64_array_type (2ull << bits));
  finalize_var (rec->path_cache);
}

/* log2 of the entries of a HASH function's path cache: the hash-size
   argument rounded up to a power of two.  */
static unsigned
hash_cache_bits (void)
{
  unsigned bits = 0;
  while ((1ull << bits) < pp_opts.hash_size)
    bits++;
  return bits;
}

void
pp_emit_storage (pp_fn_record *rec)
{
  build_types ();
  rec->counters = NULL_TREE;
  rec->slots = NULL_TREE;
  rec->tested = NULL_TREE;
  rec->path_cache = NULL_TREE;
  if (rec->split)
    {
      emit_split (rec);
      return;
    }
  if ((rec->storage == PATHPROF_STORAGE_PPP
       || rec->storage == PATHPROF_STORAGE_RESIDUAL)
      && pp_opts.residual_cache)
    emit_path_cache (rec, pp_residual_cache_bits (rec->n_interesting));
  if (rec->storage == PATHPROF_STORAGE_PPP)
    {
      emit_ppp_slots (rec);
      return;
    }
  if (rec->storage == PATHPROF_STORAGE_RESIDUAL
      || rec->storage == PATHPROF_STORAGE_TRACE)
    return;
  if (rec->n_paths <= pp_opts.array_threshold)
    {
      rec->storage = PATHPROF_STORAGE_ARRAY;
      rec->counters = build_counter_var ("__pathprof_c", rec->name,
                                 u64_array_type (rec->n_paths));
      finalize_var (rec->counters);
      return;
    }
  /* Too many paths for an array: the paths are logged, those that find
     their entry of the cache held by another path in the runtime's path
     log (pathprof-format.h, "Logged paths").  Not the cache's inline
     probe with gcov's -fprofile-arcs in the same compilation (the gcov
     oracle, tests/gcov): gcov instruments after us and would count the
     probe's branch as one of the program's; the call alone counts the
     same paths.  */
  rec->storage = PATHPROF_STORAGE_HASH;
  if (!profile_arc_flag)
    emit_path_cache (rec, hash_cache_bits ());
}

void
pp_emit_object (pp_fn_record **recs, unsigned n, const char *notes_file,
                uint32_t stamp)
{
  build_types ();
  tree u32 = uint32_type_node, u64 = uint64_type_node;

  /* The function descriptors, in record order (rec->index).  */
  tree fn_array_type = build_array_type_nelts (fn_desc_type, n);
  tree fns = descriptor_array ();
  TREE_TYPE (fns) = fn_array_type;
  SET_DECL_ALIGN (fns, TYPE_ALIGN (fn_array_type));
  relayout_decl (fns);
  vec<constructor_elt, va_gc> *elts = NULL;
  for (unsigned i = 0; i < n; i++)
    {
      const pp_fn_record *r = recs[i];
      gcc_assert (r->index == i);
      vec<constructor_elt, va_gc> *v = NULL;
      tree f = TYPE_FIELDS (fn_desc_type);
      CONSTRUCTOR_APPEND_ELT (v, f, string_ptr (r->name));
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f, string_ptr (r->source));
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f, build_int_cstu (u32, r->checksum));
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f, build_int_cstu (u32, r->storage));
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f, build_int_cstu (u64, r->n_paths));
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f,
                              r->counters ? array_start_of (r->counters)
                                          : null_pointer_node);
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f,
                              r->slots ? array_start_of (r->slots)
                                       : null_pointer_node);
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f, build_int_cstu (u64, r->n_slots));
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f,
                              r->tested ? array_start_of (r->tested)
                                        : null_pointer_node);
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f,
                              r->path_cache ? array_start_of (r->path_cache)
                                            : null_pointer_node);
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f,
                              build_int_cstu (u64, r->path_cache
                                                       ? r->path_cache_bits
                                                       : 0));
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f, null_pointer_node);   /* path_log */
      f = DECL_CHAIN (f);
      CONSTRUCTOR_APPEND_ELT (v, f, build_int_cst (u64, 0));
      CONSTRUCTOR_APPEND_ELT (elts, build_int_cst (sizetype, i),
                              build_constructor (fn_desc_type, v));
    }
  DECL_INITIAL (fns) = build_constructor (fn_array_type, elts);
  finalize_var (fns);

  /* The object.  */
  tree obj = build_var ("__pathprof", "object", object_desc_type);
  vec<constructor_elt, va_gc> *v = NULL;
  tree f = TYPE_FIELDS (object_desc_type);
  CONSTRUCTOR_APPEND_ELT (v, f, build_int_cstu (u32, PATHPROF_ABI_VERSION));
  f = DECL_CHAIN (f);
  CONSTRUCTOR_APPEND_ELT (v, f, build_int_cstu (u32, n));
  f = DECL_CHAIN (f);
  CONSTRUCTOR_APPEND_ELT (v, f, string_ptr (notes_file));
  f = DECL_CHAIN (f);
  CONSTRUCTOR_APPEND_ELT (v, f, build_int_cstu (u32, stamp));
  f = DECL_CHAIN (f);
  CONSTRUCTOR_APPEND_ELT (v, f, build_int_cst (u32, 0));
  f = DECL_CHAIN (f);
  CONSTRUCTOR_APPEND_ELT (v, f,
                          fold_convert (TREE_TYPE (f),
                                        build_fold_addr_expr (fns)));
  f = DECL_CHAIN (f);
  CONSTRUCTOR_APPEND_ELT (v, f, null_pointer_node);
  DECL_INITIAL (obj) = build_constructor (object_desc_type, v);
  finalize_var (obj);

  /* The constructor registers the object.  Priority 100, the last one
     reserved for the implementation, as gcov's (-fprofile-arcs emits its
     __gcov_init at 100 too): the object is known to the runtime before
     any of the program's own constructors run, those of priority 101
     included.  A trace build needs it: an event of a function whose
     object is not registered yet names no function, and the trace would
     not decode.  */
  tree init = runtime_fn (pp_opts.wpp ? "__pathprof_wpp_init"
                                      : "__pathprof_init",
                          build_pointer_type (object_desc_type), NULL_TREE);
  tree body = build_call_expr (init, 1, build_fold_addr_expr (obj));
  cgraph_build_static_cdtor ('I', body, MAX_RESERVED_INIT_PRIORITY);
}
