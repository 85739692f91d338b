/* TBufPool, TPipe.init_buf_pool and get_tpipe_ptr (pyasc asc.language.fwk;
 * casc/asc_bufpool.h). */
#include <stdint.h>

#include "lang/lang_internal.h"

static bool pool_pos_valid(lang_call *c, asc_tposition pos) {
  /* MAX parses in the IR but has no Ascend C spelling (docs/ir.md §10.11). */
  if ((int)pos < ASC_TPOSITION_GM || (int)pos >= ASC_TPOSITION_MAX) {
    lang_error(c, "position: %d is not a valid TPosition", (int)pos);
    return false;
  }
  return true;
}

static casc_value *pool_value(lang_call *c, asc_tbufpool b, const char *what) {
  casc_value *v = lang_value(c, b.p_, b.k_, what);
  if (v && !casc_type_is_asc(v->type, CASC_ASC_TBUF_POOL)) {
    lang_error(c, "%s is not a TBufPool", what);
    return NULL;
  }
  return v;
}

asc_tbufpool asc_tbufpool_at(const char *file, int line, asc_tposition pos,
                             long buf_id_size) {
  lang_call c;
  asc_tbufpool r = {0};
  if (!lang_begin(&c, "asc_tbufpool", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  if (!pool_pos_valid(&c, pos))
    return r;
  /* bufIDSize is a uint32_t template argument of AscendC::TBufPool. */
  if (buf_id_size < 0 || (unsigned long)buf_id_size > UINT32_MAX) {
    lang_error(&c, "buf_id_size %ld is not a uint32", buf_id_size);
    return r;
  }
  const int64_t p[2] = {(int64_t)pos, (int64_t)buf_id_size};
  casc_type *t =
      casc_type_asc(c.k->ctx, CASC_ASC_TBUF_POOL, 2, p, 0, NULL, NULL);
  r.p_ = lang_op1(&c, CASC_OP_TBUFPOOL, 0, NULL, t, NULL);
  return r;
}

/* The shared tail of the two init_buf_pool forms: ops[0] is the owner
 * (pipe or pool), already resolved. */
static asc_bool init_buf_pool(lang_call *c, casc_op_kind kind,
                              casc_value *owner, asc_tbufpool buf_pool,
                              asc__sv len, asc_tbufpool share_buf,
                              bool has_share) {
  asc_bool r = {NULL, lang_stamp(c)};
  casc_value *ops[4] = {owner, pool_value(c, buf_pool, "buf_pool"), NULL, NULL};
  if (has_share)
    ops[3] = pool_value(c, share_buf, "share_buf");
  if (c->failed)
    return r;
  ops[2] = lang_mat(c, len, c->k->ui32, "len");
  if (ops[2])
    r.p_ = lang_op1(c, kind, has_share ? 4 : 3, ops, c->k->i1, NULL);
  return r;
}

asc_bool asc_tpipe_init_buf_pool_at(const char *file, int line, asc_tpipe p,
                                    asc_tbufpool buf_pool, asc__sv len,
                                    asc_tbufpool share_buf, bool has_share) {
  lang_call c;
  asc_bool r = {0};
  if (!lang_begin(&c, "asc_tpipe_init_buf_pool", file, line))
    return r;
  return init_buf_pool(&c, CASC_OP_PIPE_INIT_BUF_POOL,
                       lang_value(&c, p.p_, p.k_, "pipe"), buf_pool, len,
                       share_buf, has_share);
}

asc_bool asc_tbufpool_init_buf_pool_at(const char *file, int line,
                                       asc_tbufpool origin,
                                       asc_tbufpool buf_pool, asc__sv len,
                                       asc_tbufpool share_buf, bool has_share) {
  lang_call c;
  asc_bool r = {0};
  if (!lang_begin(&c, "asc_tbufpool_init_buf_pool", file, line))
    return r;
  return init_buf_pool(&c, CASC_OP_TBUF_POOL_INIT_BUF_POOL,
                       pool_value(&c, origin, "pool"), buf_pool, len, share_buf,
                       has_share);
}

void asc_tbufpool_init_buffer_que_at(const char *file, int line,
                                     asc_tbufpool pool, asc_tquebind q,
                                     asc__sv num, asc__sv len) {
  lang_call c;
  if (!lang_begin(&c, "asc_tbufpool_init_buffer", file, line))
    return;
  casc_value *ops[4] = {pool_value(&c, pool, "pool"),
                        lang_value(&c, q.p_, q.k_, "queue"), NULL, NULL};
  if (c.failed)
    return;
  /* pyasc dispatches this form on a TQue: a TBuf here is the other form. */
  if (!casc_type_is_queue_like(ops[1]->type) ||
      casc_type_is_asc(ops[1]->type, CASC_ASC_TBUF)) {
    lang_error(&c, "queue is not a TQue/TQueBind");
    return;
  }
  ops[2] = lang_mat(&c, num, c.k->i32, "num");
  ops[3] = ops[2] ? lang_mat(&c, len, c.k->i32, "len") : NULL;
  if (ops[3])
    lang_op(&c, CASC_OP_TBUF_POOL_INIT_QUEUE, 4, ops, 0, NULL, NULL);
}

void asc_tbufpool_init_buffer_buf_at(const char *file, int line,
                                     asc_tbufpool pool, asc_tbuf b,
                                     asc__sv len) {
  lang_call c;
  if (!lang_begin(&c, "asc_tbufpool_init_buffer", file, line))
    return;
  casc_value *ops[3] = {pool_value(&c, pool, "pool"),
                        lang_value(&c, b.p_, b.k_, "buffer"), NULL};
  if (c.failed)
    return;
  if (!casc_type_is_asc(ops[1]->type, CASC_ASC_TBUF)) {
    lang_error(&c, "buffer is not a TBuf");
    return;
  }
  ops[2] = lang_mat(&c, len, c.k->i32, "len");
  if (ops[2])
    lang_op(&c, CASC_OP_TBUF_POOL_INIT_BUFFER, 3, ops, 0, NULL, NULL);
}

void asc_tbufpool_reset_at(const char *file, int line, asc_tbufpool pool) {
  lang_call c;
  if (!lang_begin(&c, "asc_tbufpool_reset", file, line))
    return;
  casc_value *v = pool_value(&c, pool, "pool");
  if (v)
    lang_op(&c, CASC_OP_TBUF_POOL_RESET, 1, &v, 0, NULL, NULL);
}

static bool find_pipe(casc_op *op, void *user) {
  if (op->kind != CASC_OP_PIPE)
    return true;
  *(casc_op **)user = op;
  return false;
}

/* pyasc keeps the one TPipe a kernel makes (TPipeManager) and hands it
 * back; C finds the ascendc.pipe op the build recorded. */
asc_tpipe asc_get_tpipe_ptr_at(const char *file, int line) {
  lang_call c;
  asc_tpipe r = {0};
  if (!lang_begin(&c, "asc_get_tpipe_ptr", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_op *pipe = NULL;
  casc_walk_pre(c.k->func, find_pipe, &pipe);
  if (!pipe) {
    lang_error(&c, "the kernel has no TPipe yet; create one with asc_tpipe()");
    return r;
  }
  r.p_ = casc_op_result(pipe, 0);
  return r;
}
