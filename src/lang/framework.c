/* TPipe, TQue, TQueBind and TBuf (pyasc asc.language.fwk; docs/ir.md §3). */
#include "lang/lang_internal.h"

static bool tpos_valid(lang_call *c, asc_tposition pos, const char *what) {
  /* MAX parses in the IR but has no Ascend C spelling (docs/ir.md §10.11). */
  if ((int)pos < ASC_TPOSITION_GM || (int)pos >= ASC_TPOSITION_MAX) {
    lang_error(c, "%s: %d is not a valid TPosition", what, (int)pos);
    return false;
  }
  return true;
}

static bool event_valid(lang_call *c, asc_hardevent ev) {
  if ((int)ev < ASC_HARDEVENT_MTE2_MTE1 || (int)ev > ASC_HARDEVENT_FIX_FIX) {
    lang_error(c, "%d is not a valid HardEvent", (int)ev);
    return false;
  }
  return true;
}

/* A handle to a queue-like value: any queue / que_bind (a TQue is one). */
static casc_value *queue_value(lang_call *c, asc_tquebind q) {
  casc_value *v = lang_value(c, q.p_, q.k_, "queue");
  if (v && !casc_type_is_queue_like(v->type)) {
    lang_error(c, "queue is not a TQue/TQueBind");
    return NULL;
  }
  return v;
}

static casc_value *pipe_value(lang_call *c, asc_tpipe p) {
  return lang_value(c, p.p_, p.k_, "pipe");
}

static casc_value *tensor_value(lang_call *c, asc_local_tensor t,
                                const char *what) {
  return lang_value(c, t.p_, t.k_, what);
}

/* ---- constructors ----------------------------------------------------------
 */

asc_tpipe asc_tpipe_at(const char *file, int line) {
  lang_call c;
  asc_tpipe r = {0};
  if (!lang_begin(&c, "asc_tpipe", file, line))
    return r;
  r.p_ = lang_op1(&c, CASC_OP_PIPE, 0, NULL, casc_type_pipe(c.k->ctx), NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_tquebind asc_tque_at(const char *file, int line, asc_tposition pos,
                         int depth) {
  lang_call c;
  asc_tquebind r = {0};
  if (!lang_begin(&c, "asc_tque", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  if (!tpos_valid(&c, pos, "position"))
    return r;
  if (depth < 0) {
    lang_error(&c, "depth must not be negative, got %d", depth);
    return r;
  }
  casc_type *t = casc_type_queue(c.k->ctx, (casc_tpos)pos, depth);
  r.p_ = lang_op1(&c, CASC_OP_QUEUE, 0, NULL, t, NULL);
  return r;
}

asc_tquebind asc_tquebind_at(const char *file, int line, asc_tposition src,
                             asc_tposition dst, int depth) {
  lang_call c;
  asc_tquebind r = {0};
  if (!lang_begin(&c, "asc_tquebind", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  if (!tpos_valid(&c, src, "src") || !tpos_valid(&c, dst, "dst"))
    return r;
  if (depth < 0) {
    lang_error(&c, "depth must not be negative, got %d", depth);
    return r;
  }
  casc_type *t =
      casc_type_que_bind(c.k->ctx, (casc_tpos)src, (casc_tpos)dst, depth);
  r.p_ = lang_op1(&c, CASC_OP_QUE_BIND, 0, NULL, t, NULL);
  return r;
}

/* pyasc's TBuf first builds a stray que_bind (docs/ir.md §10.12); that is a bug
 * and is not reproduced: only the tbuf op is recorded. */
asc_tbuf asc_tbuf_at(const char *file, int line, asc_tposition pos) {
  lang_call c;
  asc_tbuf r = {0};
  if (!lang_begin(&c, "asc_tbuf", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  if (!tpos_valid(&c, pos, "position"))
    return r;
  casc_type *t = casc_type_tbuf(c.k->ctx, (casc_tpos)pos);
  r.p_ = lang_op1(&c, CASC_OP_TBUF, 0, NULL, t, NULL);
  return r;
}

/* ---- TPipe
 * ------------------------------------------------------------------- */

void asc_tpipe_init_buffer_que_at(const char *file, int line, asc_tpipe p,
                                  asc_tquebind q, asc__sv num, asc__sv len) {
  lang_call c;
  if (!lang_begin(&c, "asc_tpipe_init_buffer", file, line))
    return;
  casc_value *ops[4];
  ops[0] = pipe_value(&c, p);
  ops[1] = queue_value(&c, q);
  if (c.failed)
    return;
  ops[2] = lang_mat(&c, num, c.k->i32, "num");
  ops[3] = ops[2] ? lang_mat(&c, len, c.k->i32, "len") : NULL;
  if (ops[3])
    lang_op(&c, CASC_OP_PIPE_INIT_QUEUE, 4, ops, 0, NULL, NULL);
}

void asc_tpipe_init_buffer_buf_at(const char *file, int line, asc_tpipe p,
                                  asc_tbuf b, asc__sv len) {
  lang_call c;
  if (!lang_begin(&c, "asc_tpipe_init_buffer", file, line))
    return;
  casc_value *ops[3];
  ops[0] = pipe_value(&c, p);
  ops[1] = lang_value(&c, b.p_, b.k_, "buffer");
  if (c.failed)
    return;
  ops[2] = lang_mat(&c, len, c.k->i32, "len");
  if (ops[2])
    lang_op(&c, CASC_OP_PIPE_INIT_BUFFER, 3, ops, 0, NULL, NULL);
}

static void pipe_unary(const char *api, casc_op_kind kind, const char *file,
                       int line, asc_tpipe p) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_value *v = pipe_value(&c, p);
  if (v)
    lang_op(&c, kind, 1, &v, 0, NULL, NULL);
}

void asc_tpipe_init_at(const char *file, int line, asc_tpipe p) {
  pipe_unary("asc_tpipe_init", CASC_OP_PIPE_INIT, file, line, p);
}
void asc_tpipe_reset_at(const char *file, int line, asc_tpipe p) {
  pipe_unary("asc_tpipe_reset", CASC_OP_PIPE_RESET, file, line, p);
}
void asc_tpipe_destroy_at(const char *file, int line, asc_tpipe p) {
  pipe_unary("asc_tpipe_destroy", CASC_OP_PIPE_DESTROY, file, line, p);
}

static asc_int event_id(const char *api, casc_op_kind kind, const char *file,
                        int line, asc_tpipe p, asc_hardevent ev) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *v = pipe_value(&c, p);
  if (!v || !event_valid(&c, ev))
    return r;
  r.p_ = lang_op1(&c, kind, 1, &v, c.k->i32,
                  lang_attrs1(&c, "event", lang_enum_attr(&c, ev)));
  return r;
}

asc_int asc_tpipe_alloc_event_id_at(const char *file, int line, asc_tpipe p,
                                    asc_hardevent ev) {
  return event_id("asc_tpipe_alloc_event_id", CASC_OP_PIPE_ALLOC_EVENT_ID, file,
                  line, p, ev);
}
asc_int asc_tpipe_fetch_event_id_at(const char *file, int line, asc_tpipe p,
                                    asc_hardevent ev) {
  return event_id("asc_tpipe_fetch_event_id", CASC_OP_PIPE_FETCH_EVENT_ID, file,
                  line, p, ev);
}

void asc_tpipe_release_event_id_at(const char *file, int line, asc_tpipe p,
                                   asc__sv id, asc_hardevent ev) {
  lang_call c;
  if (!lang_begin(&c, "asc_tpipe_release_event_id", file, line))
    return;
  casc_value *ops[2];
  ops[0] = pipe_value(&c, p);
  if (!ops[0] || !event_valid(&c, ev))
    return;
  ops[1] = lang_mat(&c, id, c.k->i32, "id");
  if (ops[1])
    lang_op(&c, CASC_OP_PIPE_RELEASE_EVENT_ID, 2, ops, 0, NULL,
            lang_attrs1(&c, "event", lang_enum_attr(&c, ev)));
}

/* ---- TQueBind
 * ------------------------------------------------------------------ */

static asc_local_tensor
queue_tensor_op(const char *api, casc_op_kind kind, const char *file, int line,
                asc_tquebind q, asc_dtype dt,
                casc_attr *(*attrs)(lang_call *, void *), void *attr_user) {
  lang_call c;
  asc_local_tensor r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *v = queue_value(&c, q);
  casc_type *elem = v ? lang_dtype_checked(&c, dt, "dtype") : NULL;
  if (!elem)
    return r;
  casc_attr *a = attrs ? attrs(&c, attr_user) : NULL;
  if (c.failed)
    return r;
  r.p_ = lang_op1(&c, kind, 1, &v, casc_type_local_tensor(c.k->ctx, elem), a);
  return r;
}

static void queue_tensor_void(const char *api, casc_op_kind kind,
                              const char *file, int line, asc_tquebind q,
                              asc_local_tensor t, casc_attr *attrs) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_value *ops[2];
  ops[0] = queue_value(&c, q);
  ops[1] = tensor_value(&c, t, "tensor");
  if (c.failed)
    return;
  if (!casc_type_is_local_tensor(ops[1]->type)) {
    lang_error(&c, "tensor is not a LocalTensor");
    return;
  }
  lang_op(&c, kind, 2, ops, 0, NULL, attrs);
}

asc_local_tensor asc_tquebind_alloc_tensor_at(const char *file, int line,
                                              asc_tquebind q, asc_dtype dt) {
  return queue_tensor_op("asc_tquebind_alloc_tensor",
                         CASC_OP_QUE_BIND_ALLOC_TENSOR, file, line, q, dt, NULL,
                         NULL);
}

void asc_tquebind_alloc_tensor_in_place_at(const char *file, int line,
                                           asc_tquebind q, asc_local_tensor t) {
  queue_tensor_void("asc_tquebind_alloc_tensor",
                    CASC_OP_QUE_BIND_ALLOC_TENSOR_IN_PLACE, file, line, q, t,
                    NULL);
}

void asc_tquebind_enque_at(const char *file, int line, asc_tquebind q,
                           asc_local_tensor t) {
  queue_tensor_void("asc_tquebind_enque", CASC_OP_QUE_BIND_ENQUE_TENSOR, file,
                    line, q, t, NULL);
}

typedef struct {
  asc_tposition src, dst;
} pos_pair;

static casc_attr *pos_attrs(lang_call *c, void *user) {
  pos_pair *pp = user;
  if (!tpos_valid(c, pp->src, "src_user_pos") ||
      !tpos_valid(c, pp->dst, "dst_user_pos"))
    return NULL;
  casc_named_attr a[2] = {
      {casc_intern_cstr(c->k->ctx, "srcUserPos"), lang_enum_attr(c, pp->src)},
      {casc_intern_cstr(c->k->ctx, "dstUserPos"), lang_enum_attr(c, pp->dst)},
  };
  return casc_attr_dict(c->k->ctx, 2, a);
}

void asc_tquebind_enque_pos_at(const char *file, int line, asc_tquebind q,
                               asc_local_tensor t, asc_tposition src,
                               asc_tposition dst) {
  lang_call c;
  if (!lang_begin(&c, "asc_tquebind_enque", file, line))
    return;
  pos_pair pp = {src, dst};
  casc_value *ops[2];
  ops[0] = queue_value(&c, q);
  ops[1] = tensor_value(&c, t, "tensor");
  if (c.failed)
    return;
  casc_attr *a = pos_attrs(&c, &pp);
  if (a)
    lang_op(&c, CASC_OP_QUE_BIND_ENQUE_TENSOR_POS, 2, ops, 0, NULL, a);
}

asc_local_tensor asc_tquebind_deque_at(const char *file, int line,
                                       asc_tquebind q, asc_dtype dt) {
  return queue_tensor_op("asc_tquebind_deque", CASC_OP_QUE_BIND_DEQUE_TENSOR,
                         file, line, q, dt, NULL, NULL);
}

void asc_tquebind_deque_in_place_at(const char *file, int line, asc_tquebind q,
                                    asc_local_tensor t) {
  queue_tensor_void("asc_tquebind_deque",
                    CASC_OP_QUE_BIND_DEQUE_TENSOR_IN_PLACE, file, line, q, t,
                    NULL);
}

asc_local_tensor asc_tquebind_deque_pos_at(const char *file, int line,
                                           asc_tquebind q, asc_dtype dt,
                                           asc_tposition src,
                                           asc_tposition dst) {
  pos_pair pp = {src, dst};
  return queue_tensor_op("asc_tquebind_deque",
                         CASC_OP_QUE_BIND_DEQUE_TENSOR_POS, file, line, q, dt,
                         pos_attrs, &pp);
}

void asc_tquebind_free_tensor_at(const char *file, int line, asc_tquebind q,
                                 asc_local_tensor t) {
  queue_tensor_void("asc_tquebind_free_tensor", CASC_OP_QUE_BIND_FREE_TENSOR,
                    file, line, q, t, NULL);
}

void asc_tquebind_free_all_event_at(const char *file, int line,
                                    asc_tquebind q) {
  lang_call c;
  if (!lang_begin(&c, "asc_tquebind_free_all_event", file, line))
    return;
  casc_value *v = queue_value(&c, q);
  if (v)
    lang_op(&c, CASC_OP_QUE_BIND_FREE_ALL_EVENT, 1, &v, 0, NULL, NULL);
}

static casc_value *queue_query(lang_call *c, casc_op_kind kind, asc_tquebind q,
                               casc_type *rt) {
  casc_value *v = queue_value(c, q);
  return v ? lang_op1(c, kind, 1, &v, rt, NULL) : NULL;
}

#define QUEUE_BOOL_QUERY(fn, api, kind)                                        \
  asc_bool fn(const char *file, int line, asc_tquebind q) {                    \
    lang_call c;                                                               \
    asc_bool r = {0};                                                          \
    if (!lang_begin(&c, api, file, line))                                      \
      return r;                                                                \
    r.p_ = queue_query(&c, kind, q, c.k->i1);                                  \
    r.k_ = lang_stamp(&c);                                                     \
    return r;                                                                  \
  }
QUEUE_BOOL_QUERY(asc_tquebind_has_idle_buffer_at,
                 "asc_tquebind_has_idle_buffer",
                 CASC_OP_QUE_BIND_HAS_IDLE_BUFFER)
QUEUE_BOOL_QUERY(asc_tquebind_has_tensor_in_que_at,
                 "asc_tquebind_has_tensor_in_que",
                 CASC_OP_QUE_BIND_HAS_TENSOR_IN_QUE)
QUEUE_BOOL_QUERY(asc_tquebind_vacant_in_que_at, "asc_tquebind_vacant_in_que",
                 CASC_OP_QUE_BIND_VACANT_IN_QUE)

asc_int asc_tquebind_get_tensor_count_in_que_at(const char *file, int line,
                                                asc_tquebind q) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_tquebind_get_tensor_count_in_que", file, line))
    return r;
  r.p_ = queue_query(&c, CASC_OP_QUE_BIND_GET_TENSOR_COUNT_IN_QUE, q, c.k->i32);
  r.k_ = lang_stamp(&c);
  return r;
}

/* ---- TBuf
 * ------------------------------------------------------------------------ */

static asc_local_tensor tbuf_get(const char *file, int line, asc_tbuf b,
                                 asc_dtype dt, const asc__sv *len) {
  lang_call c;
  asc_local_tensor r = {0};
  if (!lang_begin(&c, "asc_tbuf_get", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *ops[2];
  ops[0] = lang_value(&c, b.p_, b.k_, "buffer");
  casc_type *elem = ops[0] ? lang_dtype_checked(&c, dt, "dtype") : NULL;
  if (!elem)
    return r;
  unsigned n = 1;
  if (len) {
    ops[1] = lang_mat(&c, *len, c.k->ui32, "len");
    if (!ops[1])
      return r;
    n = 2;
  }
  r.p_ = lang_op1(&c, CASC_OP_TBUF_GET_TENSOR, n, ops,
                  casc_type_local_tensor(c.k->ctx, elem), NULL);
  return r;
}

/* TBuf.alloc_tensor / free_tensor: a TBuf is a TQueBind (pyasc's class and
 * Ascend C's), and pyasc records que_bind.alloc_tensor / free_tensor on it.
 * The simulator gives the buffer's tensor and reports the free (free-tbuf):
 * TBuf memory is never released. */
asc_local_tensor asc_tbuf_alloc_tensor_at(const char *file, int line,
                                          asc_tbuf b, asc_dtype dt) {
  asc_tquebind q = {b.p_, b.k_};
  return queue_tensor_op("asc_tbuf_alloc_tensor", CASC_OP_QUE_BIND_ALLOC_TENSOR,
                         file, line, q, dt, NULL, NULL);
}

void asc_tbuf_free_tensor_at(const char *file, int line, asc_tbuf b,
                             asc_local_tensor t) {
  asc_tquebind q = {b.p_, b.k_};
  queue_tensor_void("asc_tbuf_free_tensor", CASC_OP_QUE_BIND_FREE_TENSOR, file,
                    line, q, t, NULL);
}

asc_local_tensor asc_tbuf_get_at(const char *file, int line, asc_tbuf b,
                                 asc_dtype dt) {
  return tbuf_get(file, line, b, dt, NULL);
}

asc_local_tensor asc_tbuf_get_len_at(const char *file, int line, asc_tbuf b,
                                     asc_dtype dt, asc__sv len) {
  return tbuf_get(file, line, b, dt, &len);
}

asc_local_tensor asc_tbuf_get_with_offset_at(const char *file, int line,
                                             asc_tbuf b, asc__sv size,
                                             asc__sv offset, asc_dtype dt) {
  lang_call c;
  asc_local_tensor r = {0};
  if (!lang_begin(&c, "asc_tbuf_get_with_offset", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *ops[3];
  ops[0] = lang_value(&c, b.p_, b.k_, "buffer");
  casc_type *elem = ops[0] ? lang_dtype_checked(&c, dt, "dtype") : NULL;
  if (!elem)
    return r;
  /* pyasc checks the alignment of a constant offset. */
  if ((offset.kind_ == ASC__SV_INT && offset.i_ % 32 != 0) ||
      (offset.kind_ == ASC__SV_UINT && offset.u_ % 32 != 0)) {
    lang_error(&c, "offset must be aligned to 32 bytes");
    return r;
  }
  ops[1] = lang_mat(&c, size, c.k->ui32, "size");
  ops[2] = ops[1] ? lang_mat(&c, offset, c.k->ui32, "offset") : NULL;
  if (!ops[2])
    return r;
  r.p_ = lang_op1(&c, CASC_OP_TBUF_GET_WITH_OFFSET, 3, ops,
                  casc_type_local_tensor(c.k->ctx, elem), NULL);
  return r;
}
