/* The high-level Matmul of pyasc (asc.adv: MatmulType, TCubeTiling,
 * register_matmul, Matmul.init / set_tensor_a / set_tensor_b / set_bias /
 * set_tail / iterate / get_tensor_c / iterate_all / end) for the C kernel
 * API, made of the basic cube ops of casc/asc.h: each call emits the
 * DataCopy (Nd2Nz), LoadData, Mmad and Fixpipe a Matmul of that tiling
 * runs on arch 2201, at the caller's line. docs/simulator.md, "The
 * high-level Matmul", says what it covers.
 *
 *   asc_matmul mm = asc_matmul_new(asc_matmul_type_(ASC_TPOSITION_GM, a_dt,
 *                                                   false), b, c, bias);
 *   asc_register_matmul(pipe, workspace, &mm, &tiling);
 *   asc_matmul_set_tensor_a(&mm, a_gm, false);
 *   asc_matmul_set_tensor_b(&mm, b_gm, false);
 *   asc_matmul_iterate_all(&mm, c_gm);          // or:
 *   ASC_MATMUL_ITERATE(&mm, count) {            // pyasc: with mm.iterate()
 *     asc_matmul_get_tensor_c(&mm, ub_tensor);  //   as count:
 *     ...vector epilogue...
 *   }
 *   asc_matmul_end(&mm); */
#ifndef CASC_ASC_MATMUL_H
#define CASC_ASC_MATMUL_H

#include "casc/asc.h"

/* The public API; the library is compiled with -fvisibility=hidden. */
#pragma GCC visibility push(default)

/* asc.adv.TCubeTiling, as the host fills it (compile-time integers): the
 * original shape (m, n, k_a = k_b), the part of it one block computes
 * (single_core_*), the tile one Iterate computes (base_*: multiples of 16,
 * base_k of the input's 32-byte rows) and the L1 depths. step_m / step_n
 * and share_mode are taken as 1 / 1 / 0 (one tile at a time). */
typedef struct {
  int used_core_num;
  int m, n, k_a, k_b;
  int single_core_m, single_core_n, single_core_k;
  int base_m, base_n, base_k;
  int depth_a1, depth_b1;
  int step_m, step_n;
  int is_bias;
} asc_tcube_tiling;

/* asc.adv.MatmulType(position, CubeFormat.ND, dtype, is_trans). */
typedef struct {
  asc_tposition pos;
  asc_dtype dtype;
  bool is_trans;
} asc_matmul_type;

static inline asc_matmul_type asc_matmul_type_(asc_tposition pos, asc_dtype dt,
                                               bool is_trans) {
  asc_matmul_type t = {pos, dt, is_trans};
  return t;
}

/* The Matmul object: a value the kernel builder keeps (the fields are
 * private). */
typedef struct {
  asc_matmul_type a_, b_, c_, bias_;
  bool has_bias_type_;
  asc_tcube_tiling t_;
  bool inited_, a_set_, b_set_, bias_on_, a_trans_, b_trans_, has_tail_;
  asc_tpipe pipe_;
  asc_global_tensor ws_, ga_, gb_, gbias_;
  asc_tquebind qa1_, qb1_, qa2_, qb2_, qco1_, qbias1_, qbias2_;
  asc_int tail_m_, tail_n_, count_;
  bool has_result_;
} asc_matmul;

/* asc.adv.Matmul(a=, b=, c=[, bias=]). */
asc_matmul asc_matmul_new(asc_matmul_type a, asc_matmul_type b,
                          asc_matmul_type c, const asc_matmul_type *bias);

/* asc.adv.register_matmul(pipe, workspace, matmul, tiling) + init: the
 * queues and buffers of the tiling, in pipe. workspace: GM of C's dtype
 * (get_tensor_c into a LocalTensor passes each tile through it). */
void asc_register_matmul_at(const char *file, int line, asc_tpipe pipe,
                            asc_gm_addr workspace, asc_matmul *mm,
                            const asc_tcube_tiling *tiling);
#define asc_register_matmul(p, ws, mm, t)                                      \
  asc_register_matmul_at(ASC__AT, p, ws, mm, t)

/* set_tensor_a(tensor, transpose) / set_tensor_b / set_bias / disable_bias:
 * the GM operands, already offset to this block's part. A transposed A
 * (given as K x M, rows M apart) must be of a 16-bit dtype; B must be
 * transposed (given as N x K) unless its dtype is 16-bit (casc's LoadData
 * transposes 16-bit fractals only). */
void asc_matmul_set_tensor_a_at(const char *file, int line, asc_matmul *mm,
                                asc_global_tensor a, bool transpose);
void asc_matmul_set_tensor_b_at(const char *file, int line, asc_matmul *mm,
                                asc_global_tensor b, bool transpose);
void asc_matmul_set_bias_at(const char *file, int line, asc_matmul *mm,
                            asc_global_tensor bias);
void asc_matmul_disable_bias_at(const char *file, int line, asc_matmul *mm);
#define asc_matmul_set_tensor_a(mm, a, tr)                                     \
  asc_matmul_set_tensor_a_at(ASC__AT, mm, a, tr)
#define asc_matmul_set_tensor_b(mm, b, tr)                                     \
  asc_matmul_set_tensor_b_at(ASC__AT, mm, b, tr)
#define asc_matmul_set_bias(mm, b) asc_matmul_set_bias_at(ASC__AT, mm, b)
#define asc_matmul_disable_bias(mm) asc_matmul_disable_bias_at(ASC__AT, mm)

/* set_tail(tail_m, tail_n): this block's part is tail_m x tail_n (at most
 * single_core_m x single_core_n; the edge blocks of the original shape). */
void asc_matmul_set_tail_at(const char *file, int line, asc_matmul *mm,
                            asc__sv tail_m, asc__sv tail_n);
#define asc_matmul_set_tail(mm, tm, tn)                                        \
  asc_matmul_set_tail_at(ASC__AT, mm, ASC__I(tm), ASC__I(tn))

/* The number of Iterate results (base tiles of this block's part), and
 * Iterate number `count` (M first: tile (count % tiles along M, count /
 * tiles along M)): A x B (+ bias) over the whole K into L0C. */
asc_int asc_matmul_tiles_at(const char *file, int line, asc_matmul *mm);
void asc_matmul_iterate_at(const char *file, int line, asc_matmul *mm,
                           asc_int count);
#define ASC_MATMUL_ITERATE(mm, count)                                          \
  ASC_FOR(count, 0, asc_matmul_tiles_at(ASC__AT, mm))                          \
  for (int asc__mm_once = (asc_matmul_iterate_at(ASC__AT, mm, count), 1);      \
       asc__mm_once; asc__mm_once = 0)

/* get_tensor_c(tensor): the last Iterate's tile, into GM C (dst is this
 * block's C: the tile lands at its offset, rows n apart) or into a UB
 * LocalTensor (en_sequential_write: the tile as base_m rows of base_n,
 * through the workspace; the data is ready for V when it returns). */
void asc_matmul_get_tensor_c_global_at(const char *file, int line,
                                       asc_matmul *mm, asc_global_tensor dst);
void asc_matmul_get_tensor_c_local_at(const char *file, int line,
                                      asc_matmul *mm, asc_local_tensor dst);
/* clang-format off */
#define asc_matmul_get_tensor_c(mm, dst)                                       \
  _Generic((dst),                                                              \
      asc_global_tensor: asc_matmul_get_tensor_c_global_at,                    \
      asc_local_tensor: asc_matmul_get_tensor_c_local_at)(ASC__AT, mm, dst)
/* clang-format on */

/* iterate_all(c): every tile, each into GM C. */
void asc_matmul_iterate_all_at(const char *file, int line, asc_matmul *mm,
                               asc_global_tensor c);
#define asc_matmul_iterate_all(mm, c) asc_matmul_iterate_all_at(ASC__AT, mm, c)

/* end(): the Matmul is done (no op on arch 2201 for one core type). */
void asc_matmul_end_at(const char *file, int line, asc_matmul *mm);
#define asc_matmul_end(mm) asc_matmul_end_at(ASC__AT, mm)

#pragma GCC visibility pop

#endif
