/* Uniqued locations (MLIR's Location kinds that pyasc uses). */
#include <stddef.h>
#include <string.h>

#include "ir/ctx_internal.h"
#include "util/alloc.h"

/* A file location's bytes: the kind/column word, the line and the file
 * (ir.h): the rest of struct casc_loc is not there. */
#define FILE_LOC_SIZE (offsetof(casc_loc, u.file.file) + sizeof(const char *))
_Static_assert(FILE_LOC_SIZE == 16, "a file location is 16 bytes");

static void *make_loc(casc_ctx *ctx, void *arg) {
  const casc_loc *proto = arg;
  casc_loc *l = casc_ctx_alloc(ctx, sizeof(*l));
  if (!l)
    return NULL;
  *l = *proto;
  if (l->kind == CASC_LOC_FUSED && proto->u.fused.n) {
    l->u.fused.locs = casc_ctx_dup(ctx, proto->u.fused.locs,
                                   proto->u.fused.n * sizeof(casc_loc *));
    if (!l->u.fused.locs)
      return NULL;
  }
  return l;
}

static casc_loc *uniq(casc_ctx *ctx, casc_loc *proto, casc_key *k) {
  return casc_uniq(ctx, &ctx->locs, k, make_loc, proto);
}

casc_loc *casc_loc_unknown(casc_ctx *ctx) {
  if (ctx->unknown_loc)
    return ctx->unknown_loc;
  casc_loc proto = {.kind = CASC_LOC_UNKNOWN};
  casc_key k;
  casc_key_init(&k);
  casc_key_u64(&k, proto.kind);
  return uniq(ctx, &proto, &k);
}

static size_t file_loc_hash(const char *file, unsigned line, unsigned col) {
  uint64_t h = (uint64_t)(uintptr_t)file * 0x9e3779b97f4a7c15u;
  h ^= ((uint64_t)line << 20 | col) * 0xc2b2ae3d27d4eb4fu;
  return (size_t)(h ^ (h >> 29));
}

/* Slot of (file, line, col) in the table: the loc, or an empty slot. */
static casc_loc **file_loc_slot(casc_loc **slots, size_t cap, const char *file,
                                unsigned line, unsigned col) {
  size_t i = file_loc_hash(file, line, col) & (cap - 1);
  for (;; i = (i + 1) & (cap - 1)) {
    casc_loc *l = slots[i];
    if (!l || (l->u.file.file == file && l->u.file.line == line &&
               l->u.file.col == col))
      return &slots[i];
  }
}

static bool file_locs_grow(casc_ctx *ctx) {
  size_t ncap = ctx->file_locs_cap ? ctx->file_locs_cap * 2 : 1024;
  casc_loc **n = casc_calloc(ncap, sizeof *n);
  if (!n)
    return false;
  for (size_t i = 0; i < ctx->file_locs_cap; i++) {
    casc_loc *l = ctx->file_locs[i];
    if (l)
      *file_loc_slot(n, ncap, l->u.file.file, l->u.file.line, l->u.file.col) =
          l;
  }
  casc_free(ctx->file_locs);
  ctx->file_locs = n;
  ctx->file_locs_cap = ncap;
  return true;
}

/* ---- the sorted run --------------------------------------------------- */

#define CASC_LOC_RUN_CHUNK ((size_t)4096)

static casc_loc *run_at(const casc_ctx *ctx, size_t i) {
  return (casc_loc *)(ctx->run_chunks[i / CASC_LOC_RUN_CHUNK] +
                      i % CASC_LOC_RUN_CHUNK * FILE_LOC_SIZE);
}

/* Order of (line, col) against loc l: <0, 0, >0. */
static int pos_cmp(unsigned line, unsigned col, const casc_loc *l) {
  if (line != l->u.file.line)
    return line < l->u.file.line ? -1 : 1;
  if (col != l->u.file.col)
    return col < l->u.file.col ? -1 : 1;
  return 0;
}

/* The run's loc at (line, col), or NULL. */
static casc_loc *run_find(const casc_ctx *ctx, unsigned line, unsigned col) {
  size_t lo = 0, hi = ctx->run_len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    casc_loc *l = run_at(ctx, mid);
    int c = pos_cmp(line, col, l);
    if (c == 0)
      return l;
    if (c < 0)
      hi = mid;
    else
      lo = mid + 1;
  }
  return NULL;
}

/* A new loc at the end of the run (its fields are the caller's to set). */
static casc_loc *run_append(casc_ctx *ctx) {
  size_t chunk = ctx->run_len / CASC_LOC_RUN_CHUNK;
  if (ctx->run_len % CASC_LOC_RUN_CHUNK == 0) {
    if (chunk == ctx->run_chunks_cap) {
      size_t ncap = ctx->run_chunks_cap ? ctx->run_chunks_cap * 2 : 16;
      unsigned char **n = casc_realloc(ctx->run_chunks, ncap * sizeof *n);
      if (!n)
        return NULL;
      ctx->run_chunks = n;
      ctx->run_chunks_cap = ncap;
    }
    ctx->run_chunks[chunk] = casc_malloc(CASC_LOC_RUN_CHUNK * FILE_LOC_SIZE);
    if (!ctx->run_chunks[chunk])
      return NULL;
  }
  return run_at(ctx, ctx->run_len++);
}

void casc_loc_run_free(casc_ctx *ctx) {
  size_t nchunks = (ctx->run_len + CASC_LOC_RUN_CHUNK - 1) / CASC_LOC_RUN_CHUNK;
  for (size_t i = 0; i < nchunks; i++)
    casc_free(ctx->run_chunks[i]);
  casc_free(ctx->run_chunks);
}

casc_loc *casc_loc_file(casc_ctx *ctx, const char *file, unsigned line,
                        unsigned col) {
  if (!file)
    file = "";
  if (col > CASC_LOC_MAX_COL)
    col = CASC_LOC_MAX_COL;
  /* Compared by content: a caller may pass the same buffer with another
   * name in it. */
  if (!ctx->last_file ||
      (file != ctx->last_file && strcmp(file, ctx->last_file))) {
    const char *in = casc_intern_cstr(ctx, file);
    if (!in)
      return NULL;
    ctx->last_file = in;
  }
  file = ctx->last_file;
  if (!ctx->run_file)
    ctx->run_file = file;
  if (file == ctx->run_file) {
    /* Past the run's end: in neither place, since the set only takes
     * positions of this file that were before the end when made. */
    if (!ctx->run_len ||
        pos_cmp(line, col, run_at(ctx, ctx->run_len - 1)) > 0) {
      casc_loc *l = run_append(ctx);
      if (!l) {
        casc_ctx_report_oom(ctx);
        return NULL;
      }
      memset(l, 0, FILE_LOC_SIZE);
      l->kind = CASC_LOC_FILE;
      l->u.file.file = file;
      l->u.file.line = line;
      l->u.file.col = col;
      return l;
    }
    casc_loc *l = run_find(ctx, line, col);
    if (l)
      return l;
  }
  /* At most 3/4 full, so a probe always ends at an empty slot. */
  if ((ctx->file_locs_count + 1) * 4 > ctx->file_locs_cap * 3 &&
      !file_locs_grow(ctx)) {
    casc_ctx_report_oom(ctx);
    return NULL;
  }
  casc_loc **slot =
      file_loc_slot(ctx->file_locs, ctx->file_locs_cap, file, line, col);
  if (*slot)
    return *slot;
  casc_loc *l = casc_ctx_alloc(ctx, FILE_LOC_SIZE);
  if (!l)
    return NULL;
  l->kind = CASC_LOC_FILE;
  l->u.file.file = file;
  l->u.file.line = line;
  l->u.file.col = col;
  *slot = l;
  ctx->file_locs_count++;
  return l;
}

casc_loc *casc_loc_name(casc_ctx *ctx, const char *name, casc_loc *child) {
  casc_loc proto = {.kind = CASC_LOC_NAME};
  proto.u.name.name = casc_intern_cstr(ctx, name ? name : "");
  if (!proto.u.name.name) /* out of memory, reported */
    return NULL;
  proto.u.name.child = child;
  casc_key k;
  casc_key_init(&k);
  casc_key_u64(&k, proto.kind);
  casc_key_str(&k, proto.u.name.name);
  casc_key_ptr(&k, child);
  return uniq(ctx, &proto, &k);
}

casc_loc *casc_loc_callsite(casc_ctx *ctx, casc_loc *callee, casc_loc *caller) {
  if (!callee || !caller)
    return NULL;
  casc_loc proto = {.kind = CASC_LOC_CALLSITE};
  proto.u.callsite.callee = callee;
  proto.u.callsite.caller = caller;
  casc_key k;
  casc_key_init(&k);
  casc_key_u64(&k, proto.kind);
  casc_key_ptr(&k, callee);
  casc_key_ptr(&k, caller);
  return uniq(ctx, &proto, &k);
}

casc_loc *casc_loc_fused(casc_ctx *ctx, unsigned n, casc_loc *const *locs) {
  casc_loc proto = {.kind = CASC_LOC_FUSED};
  proto.u.fused.n = n;
  proto.u.fused.locs = (casc_loc **)locs;
  casc_key k;
  casc_key_init(&k);
  casc_key_u64(&k, proto.kind);
  casc_key_u64(&k, n);
  for (unsigned i = 0; i < n; i++)
    casc_key_ptr(&k, locs[i]);
  return uniq(ctx, &proto, &k);
}

const casc_loc *casc_loc_find_file(const casc_loc *loc) {
  /* Bounded: locations are DAGs built bottom-up, so recursion terminates;
   * the depth guard only protects the stack against absurd nesting. */
  for (int depth = 0; loc && depth < 1000; depth++) {
    switch (loc->kind) {
    case CASC_LOC_FILE:
      return loc;
    case CASC_LOC_NAME:
      loc = loc->u.name.child;
      break;
    case CASC_LOC_CALLSITE:
      loc = loc->u.callsite.callee;
      break;
    case CASC_LOC_FUSED:
      for (unsigned i = 0; i < loc->u.fused.n; i++) {
        const casc_loc *f = casc_loc_find_file(loc->u.fused.locs[i]);
        if (f)
          return f;
      }
      return NULL;
    default:
      return NULL;
    }
  }
  return NULL;
}
