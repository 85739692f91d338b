#include <stdlib.h>
#include <string.h>

#include "ir/ctx_internal.h"
#include "util/alloc.h"

casc_ctx *casc_ctx_new(void) {
  casc_ctx *ctx = casc_calloc(1, sizeof(*ctx));
  if (!ctx)
    return NULL;
  casc_arena_init(&ctx->arena);
  casc_hm_init(&ctx->strings);
  casc_hm_init(&ctx->types);
  casc_hm_init(&ctx->attrs);
  casc_hm_init(&ctx->locs);
  ctx->next_id = 1;
  ctx->t_i1 = casc_type_int(ctx, 1, CASC_SIGNLESS);
  ctx->t_i8 = casc_type_int(ctx, 8, CASC_SIGNLESS);
  ctx->t_i32 = casc_type_int(ctx, 32, CASC_SIGNLESS);
  ctx->t_i64 = casc_type_int(ctx, 64, CASC_SIGNLESS);
  ctx->t_index = casc_type_index(ctx);
  ctx->unknown_loc = casc_loc_unknown(ctx);
  if (!ctx->t_i1 || !ctx->t_i8 || !ctx->t_i32 || !ctx->t_i64 || !ctx->t_index ||
      !ctx->unknown_loc) {
    casc_ctx_free(ctx);
    return NULL;
  }
  return ctx;
}

void casc_ctx_free(casc_ctx *ctx) {
  if (!ctx)
    return;
  casc_hm_free(&ctx->strings);
  casc_hm_free(&ctx->types);
  casc_hm_free(&ctx->attrs);
  casc_hm_free(&ctx->locs);
  casc_free(ctx->file_locs);
  casc_loc_run_free(ctx);
  casc_arena_free(&ctx->arena);
  casc_free(ctx);
}

/* Sticky and reported once, here, because most callers only see a NULL and
 * cannot tell whether anyone said why; the flag is set before reporting so
 * that the report's own allocations cannot recurse. */
void casc_ctx_report_oom(casc_ctx *ctx) {
  if (ctx->oom)
    return;
  ctx->oom = true;
  casc_emit_error(ctx, ctx->unknown_loc, "out of memory");
}

bool casc_ctx_out_of_memory(const casc_ctx *ctx) {
  return ctx->oom;
}

void *casc_ctx_alloc(casc_ctx *ctx, size_t size) {
  void *p = casc_arena_alloc(&ctx->arena, size);
  if (!p)
    casc_ctx_report_oom(ctx);
  return p;
}

void *casc_ctx_dup(casc_ctx *ctx, const void *src, size_t n) {
  if (!n)
    return NULL;
  void *p = casc_ctx_alloc(ctx, n);
  if (p)
    memcpy(p, src, n);
  return p;
}

const char *casc_intern(casc_ctx *ctx, const char *s, size_t len) {
  uint64_t h = casc_hash_bytes(s, len);
  char *found = casc_hm_get(&ctx->strings, s, len, h);
  if (found)
    return found;
  char *copy = casc_ctx_alloc(ctx, len + 1);
  if (!copy)
    return NULL;
  memcpy(copy, s, len);
  copy[len] = 0;
  if (!casc_hm_put(&ctx->strings, copy, len, h, copy)) {
    casc_ctx_report_oom(ctx);
    return NULL;
  }
  return copy;
}

const char *casc_intern_cstr(casc_ctx *ctx, const char *s) {
  return casc_intern(ctx, s, strlen(s));
}

/* ---- uniquing keys ------------------------------------------------------ */

void casc_key_init(casc_key *k) {
  k->p = k->small;
  k->len = 0;
  k->cap = sizeof k->small;
  k->failed = false;
}

void casc_key_put(casc_key *k, const void *data, size_t n) {
  if (n == 0 || k->failed)
    return;
  if (k->len + n > k->cap) {
    size_t ncap = k->cap * 2;
    while (ncap < k->len + n)
      ncap *= 2;
    unsigned char *np = casc_malloc(ncap);
    if (!np) {
      /* An incomplete key could equal another object's whole key, so it
       * must not be looked up at all: casc_uniq fails on it. */
      k->failed = true;
      return;
    }
    memcpy(np, k->p, k->len);
    if (k->p != k->small)
      casc_free(k->p);
    k->p = np;
    k->cap = ncap;
  }
  memcpy(k->p + k->len, data, n);
  k->len += n;
}

void casc_key_ptr(casc_key *k, const void *ptr) {
  casc_key_put(k, &ptr, sizeof ptr);
}

void casc_key_u64(casc_key *k, uint64_t v) {
  casc_key_put(k, &v, sizeof v);
}

void casc_key_str(casc_key *k, const char *s) {
  casc_key_ptr(k, s);
}

void casc_key_done(casc_key *k) {
  if (k->p != k->small)
    casc_free(k->p);
  k->p = k->small;
  k->len = 0;
}

void *casc_uniq(casc_ctx *ctx, casc_hashmap *map, casc_key *k,
                void *(*make)(casc_ctx *ctx, void *arg), void *arg) {
  if (k->failed) {
    casc_key_done(k);
    casc_ctx_report_oom(ctx);
    return NULL;
  }
  uint64_t h = casc_hash_bytes(k->p, k->len);
  void *found = casc_hm_get(map, k->p, k->len, h);
  if (found) {
    casc_key_done(k);
    return found;
  }
  void *obj = make(ctx, arg);
  unsigned char *kc = obj ? casc_ctx_alloc(ctx, k->len ? k->len : 1) : NULL;
  if (!kc || !casc_hm_put(map, memcpy(kc, k->p, k->len), k->len, h, obj)) {
    casc_ctx_report_oom(ctx);
    obj = NULL;
  }
  casc_key_done(k);
  return obj;
}
