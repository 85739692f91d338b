/* TBufPool and the TPipe calls around it (pyasc's asc.language.fwk:
 * TBufPool, TPipe.init_buf_pool, get_tpipe_ptr), included by casc/asc.h;
 * same naming rule and error handling as there.
 *
 *   asc_tpipe pipe = asc_tpipe();
 *   asc_tbufpool pool = asc_tbufpool(ASC_TPOSITION_VECCALC, 4);
 *   asc_tpipe_init_buf_pool(pipe, pool, 1024);      // carve 1 KiB of UB
 *   asc_tbufpool_init_buffer(pool, que, 2, 256);    // buffers from the pool
 *   asc_tbufpool_reset(pool);                       // hand them back
 *
 * The simulator's semantics of each are in docs/simulator.md. */
#ifndef CASC_ASC_BUFPOOL_H
#define CASC_ASC_BUFPOOL_H

#include "casc/asc.h"

#pragma GCC visibility push(default)
#ifdef __cplusplus
extern "C" {
#endif

ASC__HANDLE(asc_tbufpool); /* TBufPool */

/* asc.TBufPool(pos, buf_id_size): pos and buf_id_size are the template
 * arguments of AscendC::TBufPool, so C constants (pyasc's default
 * buf_id_size is 4; C spells it). */
asc_tbufpool asc_tbufpool_at(const char *file, int line, asc_tposition pos,
                             long buf_id_size);
#define asc_tbufpool(pos, n) asc_tbufpool_at(ASC__AT, pos, n)

/* TPipe.init_buf_pool(buf_pool, len=0, share_buf=None) and
 * TBufPool.init_buf_pool(...): len is uint32; the result is the i1 the op
 * returns (pyasc drops it). share: pass the pool whose memory buf_pool
 * shares, or leave it out. */
asc_bool asc_tpipe_init_buf_pool_at(const char *file, int line, asc_tpipe p,
                                    asc_tbufpool buf_pool, asc__sv len,
                                    asc_tbufpool share_buf, bool has_share);
asc_bool asc_tbufpool_init_buf_pool_at(const char *file, int line,
                                       asc_tbufpool origin,
                                       asc_tbufpool buf_pool, asc__sv len,
                                       asc_tbufpool share_buf, bool has_share);
#define asc_tpipe_init_buf_pool(...)                                           \
  ASC__OVERLOAD(asc__tpipe_init_buf_pool_, __VA_ARGS__)
#define asc__tpipe_init_buf_pool_2(p, b)                                       \
  asc_tpipe_init_buf_pool_at(ASC__AT, p, b, asc__sv_i(0), (asc_tbufpool){0},   \
                             false)
#define asc__tpipe_init_buf_pool_3(p, b, n)                                    \
  asc_tpipe_init_buf_pool_at(ASC__AT, p, b, ASC__I(n), (asc_tbufpool){0}, false)
#define asc__tpipe_init_buf_pool_4(p, b, n, s)                                 \
  asc_tpipe_init_buf_pool_at(ASC__AT, p, b, ASC__I(n), s, true)
#define asc_tbufpool_init_buf_pool(...)                                        \
  ASC__OVERLOAD(asc__tbufpool_init_buf_pool_, __VA_ARGS__)
#define asc__tbufpool_init_buf_pool_2(o, b)                                    \
  asc_tbufpool_init_buf_pool_at(ASC__AT, o, b, asc__sv_i(0),                   \
                                (asc_tbufpool){0}, false)
#define asc__tbufpool_init_buf_pool_3(o, b, n)                                 \
  asc_tbufpool_init_buf_pool_at(ASC__AT, o, b, ASC__I(n), (asc_tbufpool){0},   \
                                false)
#define asc__tbufpool_init_buf_pool_4(o, b, n, s)                              \
  asc_tbufpool_init_buf_pool_at(ASC__AT, o, b, ASC__I(n), s, true)

/* TBufPool.init_buffer(que, num, len) / (tbuf, len): i32 operands, as
 * TPipe.init_buffer. */
void asc_tbufpool_init_buffer_que_at(const char *file, int line,
                                     asc_tbufpool pool, asc_tquebind q,
                                     asc__sv num, asc__sv len);
void asc_tbufpool_init_buffer_buf_at(const char *file, int line,
                                     asc_tbufpool pool, asc_tbuf b,
                                     asc__sv len);
#define asc_tbufpool_init_buffer(...)                                          \
  ASC__OVERLOAD(asc__tbufpool_init_buffer_, __VA_ARGS__)
#define asc__tbufpool_init_buffer_4(pl, q, num, len)                           \
  asc_tbufpool_init_buffer_que_at(ASC__AT, pl, q, ASC__I(num), ASC__I(len))
#define asc__tbufpool_init_buffer_3(pl, b, len)                                \
  asc_tbufpool_init_buffer_buf_at(ASC__AT, pl, b, ASC__I(len))
void asc_tbufpool_reset_at(const char *file, int line, asc_tbufpool pool);
#define asc_tbufpool_reset(pl) asc_tbufpool_reset_at(ASC__AT, pl)

/* asc.get_tpipe_ptr(): the kernel's one TPipe (no op, as in pyasc); an
 * error when the kernel has made none yet. */
asc_tpipe asc_get_tpipe_ptr_at(const char *file, int line);
#define asc_get_tpipe_ptr() asc_get_tpipe_ptr_at(ASC__AT)

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_ASC_BUFPOOL_H */
