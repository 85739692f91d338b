/* Uniqued locations (MLIR's Location kinds that pyasc uses). */
#include <string.h>

#include "ir/ctx_internal.h"

static void *make_loc(casc_ctx *ctx, void *arg) {
  const casc_loc *proto = arg;
  casc_loc *l = casc_ctx_alloc(ctx, sizeof(*l));
  if (!l)
    return NULL;
  *l = *proto;
  l->id = ctx->next_id++;
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

casc_loc *casc_loc_file(casc_ctx *ctx, const char *file, unsigned line,
                        unsigned col) {
  casc_loc proto = {.kind = CASC_LOC_FILE};
  proto.u.file.file = casc_intern_cstr(ctx, file ? file : "");
  proto.u.file.line = line;
  proto.u.file.col = col;
  casc_key k;
  casc_key_init(&k);
  casc_key_u64(&k, proto.kind);
  casc_key_str(&k, proto.u.file.file);
  casc_key_u64(&k, line);
  casc_key_u64(&k, col);
  return uniq(ctx, &proto, &k);
}

casc_loc *casc_loc_name(casc_ctx *ctx, const char *name, casc_loc *child) {
  casc_loc proto = {.kind = CASC_LOC_NAME};
  proto.u.name.name = casc_intern_cstr(ctx, name ? name : "");
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
