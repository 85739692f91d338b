/* Uniqued types: equal types are the same pointer. */
#include <string.h>

#include "dialect/dialect.h"
#include "ir/ctx_internal.h"

/* Make a durable copy of the prototype in *arg (arrays into the arena). */
static void *make_type(casc_ctx *ctx, void *arg) {
  const casc_type *proto = arg;
  casc_type *t = casc_ctx_alloc(ctx, sizeof(*t));
  if (!t)
    return NULL;
  *t = *proto;
  t->id = ctx->next_id++;
  switch (t->kind) {
  case CASC_TYPE_FUNCTION:
    t->u.func.in = casc_ctx_dup(ctx, proto->u.func.in,
                                proto->u.func.nin * sizeof(casc_type *));
    t->u.func.out = casc_ctx_dup(ctx, proto->u.func.out,
                                 proto->u.func.nout * sizeof(casc_type *));
    if ((proto->u.func.nin && !t->u.func.in) ||
        (proto->u.func.nout && !t->u.func.out))
      return NULL;
    break;
  case CASC_TYPE_MEMREF:
    t->u.memref.shape =
        casc_ctx_dup(ctx, proto->u.memref.shape, proto->u.memref.rank * 8);
    if (proto->u.memref.rank && !t->u.memref.shape)
      return NULL;
    break;
  case CASC_TYPE_TUPLE:
    t->u.tuple.elems = casc_ctx_dup(ctx, proto->u.tuple.elems,
                                    proto->u.tuple.n * sizeof(casc_type *));
    if (proto->u.tuple.n && !t->u.tuple.elems)
      return NULL;
    break;
  case CASC_TYPE_ASC:
    t->u.asc.shape =
        casc_ctx_dup(ctx, proto->u.asc.shape, proto->u.asc.rank * 8);
    if (proto->u.asc.rank && !t->u.asc.shape)
      return NULL;
    break;
  default:
    break;
  }
  return t;
}

static casc_type *uniq(casc_ctx *ctx, casc_type *proto, casc_key *k) {
  return casc_uniq(ctx, &ctx->types, k, make_type, proto);
}

static void key_head(casc_key *k, casc_type_kind kind) {
  casc_key_init(k);
  casc_key_u64(k, (uint64_t)kind);
}

casc_type *casc_type_int(casc_ctx *ctx, unsigned width, casc_signedness s) {
  if (width == 0 || width > 1024)
    return NULL;
  casc_type proto = {.kind = CASC_TYPE_INTEGER};
  proto.u.integer.width = width;
  proto.u.integer.sign = s;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_u64(&k, width);
  casc_key_u64(&k, (uint64_t)s);
  return uniq(ctx, &proto, &k);
}

casc_type *casc_type_i1(casc_ctx *ctx) {
  return ctx->t_i1;
}
casc_type *casc_type_i8(casc_ctx *ctx) {
  return ctx->t_i8;
}
casc_type *casc_type_i32(casc_ctx *ctx) {
  return ctx->t_i32;
}
casc_type *casc_type_i64(casc_ctx *ctx) {
  return ctx->t_i64;
}

casc_type *casc_type_index(casc_ctx *ctx) {
  if (ctx->t_index)
    return ctx->t_index;
  casc_type proto = {.kind = CASC_TYPE_INDEX};
  casc_key k;
  key_head(&k, proto.kind);
  return uniq(ctx, &proto, &k);
}

casc_type *casc_type_float(casc_ctx *ctx, casc_float_kind fk) {
  casc_type proto = {.kind = CASC_TYPE_FLOAT};
  proto.u.flt.fk = fk;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_u64(&k, (uint64_t)fk);
  return uniq(ctx, &proto, &k);
}

casc_type *casc_type_none(casc_ctx *ctx) {
  casc_type proto = {.kind = CASC_TYPE_NONE};
  casc_key k;
  key_head(&k, proto.kind);
  return uniq(ctx, &proto, &k);
}

casc_type *casc_type_func(casc_ctx *ctx, unsigned nin, casc_type *const *in,
                          unsigned nout, casc_type *const *out) {
  casc_type proto = {.kind = CASC_TYPE_FUNCTION};
  proto.u.func.nin = nin;
  proto.u.func.nout = nout;
  proto.u.func.in = (casc_type **)in;
  proto.u.func.out = (casc_type **)out;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_u64(&k, nin);
  for (unsigned i = 0; i < nin; i++)
    casc_key_ptr(&k, in[i]);
  casc_key_u64(&k, nout);
  for (unsigned i = 0; i < nout; i++)
    casc_key_ptr(&k, out[i]);
  return uniq(ctx, &proto, &k);
}

casc_type *casc_type_memref(casc_ctx *ctx, unsigned rank, const int64_t *shape,
                            casc_type *elem, casc_attr *space) {
  if (!elem)
    return NULL;
  casc_type proto = {.kind = CASC_TYPE_MEMREF};
  proto.u.memref.rank = rank;
  proto.u.memref.shape = shape;
  proto.u.memref.elem = elem;
  proto.u.memref.space = space;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_u64(&k, rank);
  casc_key_put(&k, shape, rank * sizeof(int64_t));
  casc_key_ptr(&k, elem);
  casc_key_ptr(&k, space);
  return uniq(ctx, &proto, &k);
}

casc_type *casc_type_unranked_memref(casc_ctx *ctx, casc_type *elem,
                                     casc_attr *space) {
  if (!elem)
    return NULL;
  casc_type proto = {.kind = CASC_TYPE_UNRANKED_MEMREF};
  proto.u.memref.elem = elem;
  proto.u.memref.space = space;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_ptr(&k, elem);
  casc_key_ptr(&k, space);
  return uniq(ctx, &proto, &k);
}

casc_type *casc_type_tuple(casc_ctx *ctx, unsigned n, casc_type *const *elems) {
  casc_type proto = {.kind = CASC_TYPE_TUPLE};
  proto.u.tuple.n = n;
  proto.u.tuple.elems = (casc_type **)elems;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_u64(&k, n);
  for (unsigned i = 0; i < n; i++)
    casc_key_ptr(&k, elems[i]);
  return uniq(ctx, &proto, &k);
}

/* How many integer parameters (TPositions and integers) a registered type
 * carries: types.def's params string, unless it is a shape, type or string. */
static unsigned asc_int_param_count(casc_asc_type id) {
  const char *params = casc_asc_type_get(id)->params;
  if (params[0] == 'S' || params[0] == 'T' || params[0] == 't' ||
      params[0] == 'Q')
    return 0;
  return (unsigned)strlen(params);
}

static casc_type *asc_type(casc_ctx *ctx, casc_asc_type id, unsigned np,
                           const int64_t *p, unsigned rank,
                           const int64_t *shape, casc_type *elem,
                           const char *str) {
  if (id >= CASC_ASC_TYPE_COUNT_) {
    casc_emit_error(ctx, NULL, "casc_type_asc: unknown dialect type id %u",
                    (unsigned)id);
    return NULL;
  }
  unsigned want = asc_int_param_count(id);
  if (np > want || (np && !p)) {
    casc_emit_error(ctx, NULL,
                    "casc_type_asc: '!%s.%s' takes %u integer parameter(s), "
                    "%u given%s",
                    casc_asc_type_get(id)->dialect,
                    casc_asc_type_get(id)->mnemonic, want, np,
                    np && !p ? " as a null array" : "");
    return NULL;
  }
  casc_type proto = {.kind = CASC_TYPE_ASC};
  proto.u.asc.id = id;
  /* read only what the caller said it passed: a shorter array is fine */
  for (unsigned i = 0; i < np; i++)
    proto.u.asc.p[i] = p[i];
  proto.u.asc.rank = rank;
  proto.u.asc.shape = shape;
  proto.u.asc.elem = elem;
  proto.u.asc.str = str;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_u64(&k, id);
  casc_key_put(&k, proto.u.asc.p, sizeof proto.u.asc.p);
  casc_key_u64(&k, rank);
  casc_key_put(&k, shape, rank * sizeof(int64_t));
  casc_key_ptr(&k, elem);
  casc_key_str(&k, str);
  return uniq(ctx, &proto, &k);
}

casc_type *casc_type_asc(casc_ctx *ctx, casc_asc_type id, unsigned np,
                         const int64_t *p, unsigned rank, const int64_t *shape,
                         casc_type *elem) {
  return asc_type(ctx, id, np, p, rank, shape, elem, NULL);
}

casc_type *casc_type_asc_str(casc_ctx *ctx, casc_asc_type id, const char *s) {
  const char *is = s ? casc_intern_cstr(ctx, s) : NULL;
  if (s && !is) /* out of memory, reported */
    return NULL;
  return asc_type(ctx, id, 0, NULL, 0, NULL, NULL, is);
}

casc_type *casc_type_opaque(casc_ctx *ctx, const char *dialect,
                            const char *body) {
  casc_type proto = {.kind = CASC_TYPE_OPAQUE};
  proto.u.opaque.dialect = casc_intern_cstr(ctx, dialect);
  proto.u.opaque.body = casc_intern_cstr(ctx, body);
  if (!proto.u.opaque.dialect || !proto.u.opaque.body) /* out of memory */
    return NULL;
  casc_key k;
  key_head(&k, proto.kind);
  casc_key_str(&k, proto.u.opaque.dialect);
  casc_key_str(&k, proto.u.opaque.body);
  return uniq(ctx, &proto, &k);
}

casc_type *casc_type_pipe(casc_ctx *ctx) {
  return casc_type_asc(ctx, CASC_ASC_PIPE, 0, NULL, 0, NULL, NULL);
}

casc_type *casc_type_queue(casc_ctx *ctx, casc_tpos pos, int64_t depth) {
  int64_t p[2] = {pos, depth};
  return casc_type_asc(ctx, CASC_ASC_QUEUE, 2, p, 0, NULL, NULL);
}

casc_type *casc_type_que_bind(casc_ctx *ctx, casc_tpos src, casc_tpos dst,
                              int64_t depth) {
  int64_t p[3] = {src, dst, depth};
  return casc_type_asc(ctx, CASC_ASC_QUE_BIND, 3, p, 0, NULL, NULL);
}

casc_type *casc_type_tbuf(casc_ctx *ctx, casc_tpos pos) {
  int64_t p = pos;
  return casc_type_asc(ctx, CASC_ASC_TBUF, 1, &p, 0, NULL, NULL);
}

casc_type *casc_type_local_tensor(casc_ctx *ctx, casc_type *elem) {
  return casc_type_asc(ctx, CASC_ASC_LOCAL_TENSOR, 0, NULL, 0, NULL, elem);
}

casc_type *casc_type_global_tensor(casc_ctx *ctx, casc_type *elem) {
  return casc_type_asc(ctx, CASC_ASC_GLOBAL_TENSOR, 0, NULL, 0, NULL, elem);
}

casc_type *casc_type_gm_memref(casc_ctx *ctx, casc_type *elem) {
  int64_t dyn = CASC_DYN_DIM;
  casc_attr *space = casc_attr_int(ctx, casc_type_i64(ctx), 22);
  return casc_type_memref(ctx, 1, &dyn, elem, space);
}

/* ---- predicates --------------------------------------------------------- */

bool casc_type_is_int(const casc_type *t) {
  return t && t->kind == CASC_TYPE_INTEGER;
}

bool casc_type_is_signless_int(const casc_type *t) {
  return casc_type_is_int(t) && t->u.integer.sign == CASC_SIGNLESS;
}

bool casc_type_is_int_of(const casc_type *t, unsigned width,
                         casc_signedness s) {
  return casc_type_is_int(t) && t->u.integer.width == width &&
         t->u.integer.sign == s;
}

bool casc_type_is_float(const casc_type *t) {
  return t && t->kind == CASC_TYPE_FLOAT;
}

bool casc_type_is_asc(const casc_type *t, casc_asc_type id) {
  return t && t->kind == CASC_TYPE_ASC && t->u.asc.id == id;
}

bool casc_type_is_queue_like(const casc_type *t) {
  return casc_type_is_asc(t, CASC_ASC_QUEUE) ||
         casc_type_is_asc(t, CASC_ASC_QUE_BIND) ||
         casc_type_is_asc(t, CASC_ASC_TBUF);
}

bool casc_type_is_local_tensor(const casc_type *t) {
  return casc_type_is_asc(t, CASC_ASC_LOCAL_TENSOR) ||
         casc_type_is_asc(t, CASC_ASC_BASE_LOCAL_TENSOR);
}

bool casc_type_is_global_tensor(const casc_type *t) {
  return casc_type_is_asc(t, CASC_ASC_GLOBAL_TENSOR) ||
         casc_type_is_asc(t, CASC_ASC_BASE_GLOBAL_TENSOR);
}

casc_type *casc_type_elem(const casc_type *t) {
  if (!t)
    return NULL;
  if (t->kind == CASC_TYPE_MEMREF || t->kind == CASC_TYPE_UNRANKED_MEMREF)
    return t->u.memref.elem;
  if (t->kind == CASC_TYPE_ASC)
    return t->u.asc.elem;
  return NULL;
}

unsigned casc_type_bit_width(const casc_type *t) {
  if (!t)
    return 0;
  switch (t->kind) {
  case CASC_TYPE_INTEGER:
    return t->u.integer.width;
  case CASC_TYPE_INDEX:
    return 64;
  case CASC_TYPE_FLOAT:
    switch (t->u.flt.fk) {
    case CASC_F16:
    case CASC_BF16:
      return 16;
    case CASC_F32:
      return 32;
    case CASC_F64:
      return 64;
    }
    return 0;
  default:
    return 0;
  }
}

unsigned casc_type_byte_size(const casc_type *t) {
  unsigned bits = casc_type_bit_width(t);
  return bits ? (bits + 7) / 8 : 0;
}
