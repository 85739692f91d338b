/* The context's private layout, shared by the files of src/ir and src/diag. */
#ifndef CASC_IR_CTX_INTERNAL_H
#define CASC_IR_CTX_INTERNAL_H

#include "casc/diag.h"
#include "casc/ir.h"
#include "util/arena.h"
#include "util/hashmap.h"

struct casc_ctx {
  casc_arena arena;
  casc_hashmap strings; /* interned strings */
  casc_hashmap types;   /* structural key -> casc_type* */
  casc_hashmap attrs;   /* structural key -> casc_attr* */
  casc_hashmap locs;    /* structural key -> casc_loc* (not file locs) */
  /* File locations, one per parsed op. Those of the first file made in
   * increasing (line, col) order, as the parser makes them op after op,
   * form a sorted run found by binary search: no table for them, which
   * was 8 bytes (4 MB on bench/compile) a location at the peak. The others
   * are an open-addressing set of the locs themselves, compared field by
   * field (no key copy, no hash per slot). */
  const char *run_file;
  /* CASC_LOC_RUN_CHUNK 16-byte file locs each, malloc'd */
  unsigned char **run_chunks;
  size_t run_len, run_chunks_cap;
  casc_loc **file_locs;
  size_t file_locs_cap, file_locs_count; /* cap: a power of two or 0 */
  /* The last file name casc_loc_file interned: callers pass the same one
   * op after op. */
  const char *last_file;
  uint32_t next_id; /* ids of uniqued objects, in creation order */
  casc_diag_handler diag_fn;
  void *diag_user;
  unsigned nerrors;
  bool oom; /* see casc_ctx_out_of_memory */
  /* frequently used uniqued objects */
  casc_type *t_i1, *t_i8, *t_i32, *t_i64, *t_index;
  casc_loc *unknown_loc;
};

/* A block argument: the value first, so that a casc_value * of a block
 * argument is one of these (blocks.c). */
typedef struct {
  casc_value value;
  casc_block *block;    /* the block it is an argument of */
  casc_loc *loc;        /* never NULL once made (unknown loc by default) */
  casc_attr *arg_attrs; /* func.func entry arguments: dict or NULL */
} casc_block_arg;

/* Key builder for the uniquing tables: objects are uniqued by the bytes of
 * a record of their fields, with nested uniqued objects by pointer. */
typedef struct {
  unsigned char *p;
  size_t len, cap;
  bool failed; /* a put did not fit: the key is incomplete */
  unsigned char small[256];
} casc_key;

void casc_key_init(casc_key *k);
void casc_key_put(casc_key *k, const void *data, size_t n);
void casc_key_ptr(casc_key *k, const void *ptr);
void casc_key_u64(casc_key *k, uint64_t v);
void casc_key_str(casc_key *k, const char *s); /* interned: by pointer */
void casc_key_done(casc_key *k);
/* Look the key up in map; on a miss call make(ctx, arg), store the result
 * under an arena copy of the key and return it. */
void *casc_uniq(casc_ctx *ctx, casc_hashmap *map, casc_key *k,
                void *(*make)(casc_ctx *ctx, void *arg), void *arg);

/* Arena copy of n bytes at src; NULL when n is 0 (and on exhaustion: the
 * caller tells the two apart by n). Uniquing uses it to make a prototype's
 * arrays durable. */
void *casc_ctx_dup(casc_ctx *ctx, const void *src, size_t n);

/* Frees the sorted run of file locations (locations.c). */
void casc_loc_run_free(casc_ctx *ctx);

/* Unlink every operand of op from its value's use list (ops.c). */
void casc_op_drop_operand_uses(casc_op *op);

#endif
