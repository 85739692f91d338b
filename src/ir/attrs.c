/* Uniqued attributes: equal attributes are the same pointer. */
#include <stdlib.h>
#include <string.h>

#include "ir/ctx_internal.h"
#include "util/alloc.h"

static void *make_attr(casc_ctx *ctx, void *arg) {
  const casc_attr *proto = arg;
  casc_attr *a = casc_ctx_alloc(ctx, sizeof(*a));
  if (!a)
    return NULL;
  *a = *proto;
  a->id = ctx->next_id++;
  switch (a->kind) {
  case CASC_ATTR_ARRAY:
    a->u.array.elems = casc_ctx_dup(ctx, proto->u.array.elems,
                                    proto->u.array.n * sizeof(casc_attr *));
    return proto->u.array.n && !a->u.array.elems ? NULL : a;
  case CASC_ATTR_DICT:
    a->u.dict.entries = casc_ctx_dup(ctx, proto->u.dict.entries,
                                     proto->u.dict.n * sizeof(casc_named_attr));
    return proto->u.dict.n && !a->u.dict.entries ? NULL : a;
  case CASC_ATTR_SYMREF:
    a->u.sym.path = casc_ctx_dup(ctx, proto->u.sym.path,
                                 proto->u.sym.n * sizeof(const char *));
    return proto->u.sym.n && !a->u.sym.path ? NULL : a;
  default:
    return a;
  }
}

static casc_attr *uniq(casc_ctx *ctx, casc_attr *proto, casc_key *k) {
  return casc_uniq(ctx, &ctx->attrs, k, make_attr, proto);
}

static void key_head(casc_key *k, casc_attr_kind kind) {
  casc_key_init(k);
  casc_key_u64(k, (uint64_t)kind);
}

/* Keep integer values canonical for their width so `-1 : i8` and `255 : i8`
 * are one attribute; i1 true is stored as 1 (printed `true`). */
static int64_t canon_int(const casc_type *t, int64_t v) {
  if (!t || t->kind != CASC_TYPE_INTEGER)
    return v;
  unsigned w = t->u.integer.width;
  if (w >= 64)
    return v;
  uint64_t mask = (w == 64) ? ~0ull : ((1ull << w) - 1);
  uint64_t u = (uint64_t)v & mask;
  if (w == 1)
    return (int64_t)u;
  if (t->u.integer.sign == CASC_UNSIGNED)
    return (int64_t)u;
  /* sign-extend for signless and signed */
  if (u & (1ull << (w - 1)))
    u |= ~mask;
  return (int64_t)u;
}

casc_attr *casc_attr_int(casc_ctx *ctx, casc_type *type, int64_t v) {
  casc_attr proto = {.kind = CASC_ATTR_INTEGER, .type = type};
  proto.u.i.v = canon_int(type, v);
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_ptr(&k, type);
  casc_key_u64(&k, (uint64_t)proto.u.i.v);
  return uniq(ctx, &proto, &k);
}

casc_attr *casc_attr_float(casc_ctx *ctx, casc_type *type, double v) {
  casc_attr proto = {.kind = CASC_ATTR_FLOAT, .type = type};
  proto.u.f.v = v;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_ptr(&k, type);
  casc_key_put(&k, &v, sizeof v);
  return uniq(ctx, &proto, &k);
}

casc_attr *casc_attr_string(casc_ctx *ctx, const char *s, size_t len) {
  casc_attr proto = {.kind = CASC_ATTR_STRING};
  proto.u.str.s = casc_intern(ctx, s, len);
  proto.u.str.len = len;
  if (!proto.u.str.s)
    return NULL;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_str(&k, proto.u.str.s);
  casc_key_u64(&k, len);
  return uniq(ctx, &proto, &k);
}

casc_attr *casc_attr_unit(casc_ctx *ctx) {
  casc_attr proto = {.kind = CASC_ATTR_UNIT};
  casc_key k;
  key_head(&k, proto.kind);
  return uniq(ctx, &proto, &k);
}

casc_attr *casc_attr_bool(casc_ctx *ctx, bool b) {
  casc_attr proto = {.kind = CASC_ATTR_BOOL};
  proto.u.b = b;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_u64(&k, b);
  return uniq(ctx, &proto, &k);
}

casc_attr *casc_attr_array(casc_ctx *ctx, unsigned n, casc_attr *const *elems) {
  casc_attr proto = {.kind = CASC_ATTR_ARRAY};
  proto.u.array.n = n;
  proto.u.array.elems = (casc_attr **)elems;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_u64(&k, n);
  for (unsigned i = 0; i < n; i++)
    casc_key_ptr(&k, elems[i]);
  return uniq(ctx, &proto, &k);
}

static int cmp_named(const void *a, const void *b) {
  const casc_named_attr *x = a, *y = b;
  return strcmp(x->name, y->name);
}

casc_attr *casc_attr_dict(casc_ctx *ctx, unsigned n,
                          const casc_named_attr *entries) {
  casc_named_attr small[16] = {{0}};
  casc_named_attr *tmp = n <= 16 ? small : casc_malloc(n * sizeof(*tmp));
  if (!tmp)
    return NULL;
  unsigned m = 0;
  /* Interning makes names comparable by pointer; a later duplicate key
   * replaces an earlier one (MLIR's NamedAttrList::set). */
  for (unsigned i = 0; i < n; i++) {
    /* Callers pass casc_intern_cstr's result straight in: a NULL name is
     * an interning that ran out of memory, so the dict fails the same way. */
    const char *name =
        entries[i].name ? casc_intern_cstr(ctx, entries[i].name) : NULL;
    if (!name) {
      casc_ctx_report_oom(ctx);
      if (tmp != small)
        casc_free(tmp);
      return NULL;
    }
    unsigned j = 0;
    while (j < m && tmp[j].name != name)
      j++;
    tmp[j].name = name;
    tmp[j].value = entries[i].value;
    if (j == m)
      m++;
  }
  qsort(tmp, m, sizeof(*tmp), cmp_named);
  casc_attr proto = {.kind = CASC_ATTR_DICT};
  proto.u.dict.n = m;
  proto.u.dict.entries = tmp;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_u64(&k, m);
  for (unsigned i = 0; i < m; i++) {
    casc_key_str(&k, tmp[i].name);
    casc_key_ptr(&k, tmp[i].value);
  }
  casc_attr *r = uniq(ctx, &proto, &k);
  if (tmp != small)
    casc_free(tmp);
  return r;
}

casc_attr *casc_attr_type(casc_ctx *ctx, casc_type *t) {
  casc_attr proto = {.kind = CASC_ATTR_TYPE, .type = t};
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_ptr(&k, t);
  return uniq(ctx, &proto, &k);
}

casc_attr *casc_attr_symref(casc_ctx *ctx, unsigned n,
                            const char *const *path) {
  const char *small[8] = {0};
  const char **tmp = n <= 8 ? small : casc_malloc(n * sizeof(*tmp));
  if (!tmp)
    return NULL;
  casc_key k;
  key_head(&k, CASC_ATTR_SYMREF);
  casc_key_u64(&k, n);
  for (unsigned i = 0; i < n; i++) {
    tmp[i] = casc_intern_cstr(ctx, path[i]);
    if (!tmp[i]) { /* out of memory, reported */
      casc_key_done(&k);
      if (tmp != small)
        casc_free(tmp);
      return NULL;
    }
    casc_key_str(&k, tmp[i]);
  }
  casc_attr proto = {.kind = CASC_ATTR_SYMREF};
  proto.u.sym.n = n;
  proto.u.sym.path = tmp;
  casc_attr *r = uniq(ctx, &proto, &k);
  if (tmp != small)
    casc_free(tmp);
  return r;
}

casc_attr *casc_attr_kernel_arg(casc_ctx *ctx, int64_t kind) {
  casc_attr proto = {.kind = CASC_ATTR_KERNEL_ARG};
  proto.u.kernel_arg = kind;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_u64(&k, (uint64_t)kind);
  return uniq(ctx, &proto, &k);
}

casc_attr *casc_attr_opaque(casc_ctx *ctx, const char *text) {
  casc_attr proto = {.kind = CASC_ATTR_OPAQUE};
  proto.u.opaque.text = casc_intern_cstr(ctx, text);
  if (!proto.u.opaque.text) /* out of memory, reported */
    return NULL;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_str(&k, proto.u.opaque.text);
  return uniq(ctx, &proto, &k);
}

casc_attr *casc_dict_get(const casc_attr *dict, const char *name) {
  if (!dict || dict->kind != CASC_ATTR_DICT)
    return NULL;
  for (unsigned i = 0; i < dict->u.dict.n; i++)
    if (strcmp(dict->u.dict.entries[i].name, name) == 0)
      return dict->u.dict.entries[i].value;
  return NULL;
}

casc_attr *casc_dict_set(casc_ctx *ctx, const casc_attr *dict, const char *name,
                         casc_attr *value) {
  unsigned n = dict && dict->kind == CASC_ATTR_DICT ? dict->u.dict.n : 0;
  casc_named_attr small[16] = {{0}};
  casc_named_attr *tmp =
      n + 1 <= 16 ? small : casc_malloc((n + 1) * sizeof(*tmp));
  if (!tmp)
    return NULL;
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++)
    if (strcmp(dict->u.dict.entries[i].name, name) != 0)
      tmp[m++] = dict->u.dict.entries[i];
  if (value) {
    tmp[m].name = name;
    tmp[m].value = value;
    m++;
  }
  casc_attr *r = casc_attr_dict(ctx, m, tmp);
  if (tmp != small)
    casc_free(tmp);
  return r;
}
