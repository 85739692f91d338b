/* The high-level Matmul (include/casc/asc_matmul.h) as the basic cube ops
 * it is made of on arch 2201: per Iterate, for each base_k step, DataCopy
 * Nd2Nz GM -> A1 / B1, LoadData A1 -> A2 and B1 -> B2, Mmad into CO1 (the
 * first step starts C at 0 or at the bias row, GM -> C1 -> C2); GetTensorC
 * is a Fixpipe CO1 -> GM (to UB through the workspace). Every op is
 * emitted through the public asc_*_at functions at the caller's line, so
 * diagnostics and the IR's locations point at the user's kernel. */
#include "casc/asc_matmul.h"

#include <string.h>

#include "lang/lang_internal.h"

/* The caller's location, and arithmetic on runtime integers there. */
typedef struct {
  const char *file;
  int line;
} at;

static asc__sv sv_id(asc__sv s) {
  return s;
}
static asc__sv sv_int(long long v) {
  return asc__sv_i(v);
}
/* A runtime integer operand: an asc_int, a C integer or an asc__sv. */
#define SV(x)                                                                  \
  _Generic((x), asc__sv : sv_id, asc_int : asc__sv_vi, default : sv_int)(x)
#define ADD(a, b) asc_iadd_at(w.file, w.line, SV(a), SV(b))
#define SUB(a, b) asc_isub_at(w.file, w.line, SV(a), SV(b))
#define MUL(a, b) asc_imul_at(w.file, w.line, SV(a), SV(b))
#define DIV(a, b) asc_idiv_at(w.file, w.line, SV(a), SV(b))
#define REM(a, b) asc_irem_at(w.file, w.line, SV(a), SV(b))
#define MIN(a, b) asc_imin_at(w.file, w.line, SV(a), SV(b))

/* A for loop / an if-else at the caller's line (the frames of ASC_FOR /
 * ASC_IF, asc.h). */
#define MM_FOR(iv, lo, hi)                                                     \
  for (asc__frame *mm_f_##iv ASC__CLEANUP = asc__for_open(                     \
           w.file, w.line, ASC__I(lo), ASC__I(hi), asc__sv_i(1));              \
       asc__frame_enter(mm_f_##iv);)                                           \
    for (asc_int iv = asc__frame_iv(mm_f_##iv); asc__frame_body(mm_f_##iv);    \
         asc__frame_body_end(mm_f_##iv))
#define MM_IF(F, c)                                                            \
  for (asc__frame *F ASC__CLEANUP = asc__if_open(w.file, w.line, c);           \
       asc__frame_enter(F);)                                                   \
    for (; asc__frame_body(F); asc__frame_body_end(F))
#define MM_ELSE(F)                                                             \
  for (asc__frame *F ASC__CLEANUP = asc__else_open(w.file, w.line);            \
       asc__frame_enter(F);)                                                   \
    for (; asc__frame_body(F); asc__frame_body_end(F))

static int cdiv(int a, int b) {
  return (a + b - 1) / b;
}

static asc_int align_up(at w, asc_int x, int a) {
  return MUL(DIV(ADD(x, a - 1), a), a);
}

asc_matmul asc_matmul_new(asc_matmul_type a, asc_matmul_type b,
                          asc_matmul_type c, const asc_matmul_type *bias) {
  asc_matmul mm;
  memset(&mm, 0, sizeof mm);
  mm.a_ = a;
  mm.b_ = b;
  mm.c_ = c;
  if (bias) {
    mm.bias_ = *bias;
    mm.has_bias_type_ = true;
  }
  return mm;
}

/* Whether acc is the accumulator type of Mmad's input type in (f16 / bf16
 * / f32 -> f32, int8 -> int32). */
static bool acc_ok(asc_dtype in, asc_dtype acc) {
  if (in == ASC_INT8)
    return acc == ASC_INT32;
  return (in == ASC_HALF || in == ASC_BF16 || in == ASC_FLOAT) &&
         acc == ASC_FLOAT;
}

void asc_register_matmul_at(const char *file, int line, asc_tpipe pipe,
                            asc_gm_addr workspace, asc_matmul *mm,
                            const asc_tcube_tiling *t) {
  lang_call c;
  if (!lang_begin(&c, "asc_register_matmul", file, line))
    return;
  at w = {file, line};
  const asc_tcube_tiling *x = t;
  asc_dtype acc = mm->a_.dtype == ASC_INT8 ? ASC_INT32 : ASC_FLOAT;
  if (mm->a_.dtype != mm->b_.dtype || !acc_ok(mm->a_.dtype, acc) ||
      (mm->c_.dtype != acc &&
       !(acc == ASC_FLOAT &&
         (mm->c_.dtype == ASC_HALF || mm->c_.dtype == ASC_BF16)))) {
    lang_error(&c,
               "A, B and C have dtypes %s, %s and %s; the Matmul takes A and "
               "B of one of half, bfloat16, float, int8 and C of their "
               "accumulator type (or half / bfloat16 from float)",
               asc_dtype_name(mm->a_.dtype), asc_dtype_name(mm->b_.dtype),
               asc_dtype_name(mm->c_.dtype));
    return;
  }
  if (mm->a_.pos != ASC_TPOSITION_GM || mm->b_.pos != ASC_TPOSITION_GM) {
    lang_error(&c, "A and B must be in GM (TPosition.GM)");
    return;
  }
  unsigned es = asc_dtype_sizeof(mm->a_.dtype), c0 = 32 / es;
  if (x->base_m <= 0 || x->base_n <= 0 || x->base_k <= 0 || x->base_m % 16 ||
      x->base_n % 16 || x->base_k % (int)c0 || x->single_core_m % x->base_m ||
      x->single_core_n % x->base_n || x->single_core_k <= 0 ||
      x->k_a != x->k_b || x->n <= 0 || x->k_a <= 0) {
    lang_error(&c,
               "the tiling needs base_m, base_n multiples of 16, base_k of "
               "%u, single_core_m / _n multiples of base_m / _n, k_a == k_b",
               c0);
    return;
  }
  if (asc_gm_addr_dtype_at(file, line, workspace) != mm->c_.dtype) {
    lang_error(&c, "the workspace must be GM of C's dtype (%s)",
               asc_dtype_name(mm->c_.dtype));
    return;
  }
  mm->t_ = *x;
  mm->pipe_ = pipe;
  mm->ws_ = asc_globaltensor_at(file, line);
  asc_globaltensor_set_global_buffer_at(file, line, mm->ws_, workspace);
  int a_tile = x->base_m * x->base_k * (int)es;
  int b_tile = x->base_k * x->base_n * (int)es;
  int depth_a = x->depth_a1 > 0 ? x->depth_a1 : 1;
  int depth_b = x->depth_b1 > 0 ? x->depth_b1 : 1;
  mm->qa1_ = asc_tque_at(file, line, ASC_TPOSITION_A1, 1);
  mm->qb1_ = asc_tque_at(file, line, ASC_TPOSITION_B1, 1);
  mm->qa2_ = asc_tque_at(file, line, ASC_TPOSITION_A2, 1);
  mm->qb2_ = asc_tque_at(file, line, ASC_TPOSITION_B2, 1);
  mm->qco1_ = asc_tque_at(file, line, ASC_TPOSITION_CO1, 1);
  asc_tpipe_init_buffer_que_at(file, line, pipe, mm->qa1_, asc__sv_i(depth_a),
                               asc__sv_i(a_tile));
  asc_tpipe_init_buffer_que_at(file, line, pipe, mm->qb1_, asc__sv_i(depth_b),
                               asc__sv_i(b_tile));
  asc_tpipe_init_buffer_que_at(file, line, pipe, mm->qa2_, asc__sv_i(1),
                               asc__sv_i(a_tile));
  asc_tpipe_init_buffer_que_at(file, line, pipe, mm->qb2_, asc__sv_i(1),
                               asc__sv_i(b_tile));
  asc_tpipe_init_buffer_que_at(file, line, pipe, mm->qco1_, asc__sv_i(1),
                               asc__sv_i(x->base_m * x->base_n * 4));
  if (mm->has_bias_type_) {
    mm->qbias1_ = asc_tque_at(file, line, ASC_TPOSITION_C1, 1);
    mm->qbias2_ = asc_tque_at(file, line, ASC_TPOSITION_C2, 1);
    asc_tpipe_init_buffer_que_at(file, line, pipe, mm->qbias1_, asc__sv_i(1),
                                 asc__sv_i(x->base_n * 4));
    asc_tpipe_init_buffer_que_at(file, line, pipe, mm->qbias2_, asc__sv_i(1),
                                 asc__sv_i(x->base_n * 4));
  }
  /* This block's part, until set_tail says otherwise: the single-core
   * shape, as runtime values (the tile arithmetic mixes it with them). */
  mm->tail_m_ = asc_get_int_at(
      file, line, asc_var_int_at(file, line, asc__sv_i(x->single_core_m)));
  mm->tail_n_ = asc_get_int_at(
      file, line, asc_var_int_at(file, line, asc__sv_i(x->single_core_n)));
  (void)w;
  mm->inited_ = true;
}

/* The Matmul must have been registered; false after reporting. */
static bool ready(lang_call *c, const asc_matmul *mm) {
  if (!mm->inited_)
    lang_error(c, "the Matmul was not registered (asc_register_matmul)");
  return mm->inited_;
}

void asc_matmul_set_tensor_a_at(const char *file, int line, asc_matmul *mm,
                                asc_global_tensor a, bool transpose) {
  lang_call c;
  if (!lang_begin(&c, "asc_matmul_set_tensor_a", file, line) || !ready(&c, mm))
    return;
  bool tr = transpose || mm->a_.is_trans;
  if (tr && asc_dtype_sizeof(mm->a_.dtype) != 2) {
    lang_error(&c,
               "a transposed A of dtype %s is not supported: casc's LoadData "
               "transposes only 16-bit fractals",
               asc_dtype_name(mm->a_.dtype));
    return;
  }
  mm->ga_ = a;
  mm->a_trans_ = tr;
  mm->a_set_ = true;
}

void asc_matmul_set_tensor_b_at(const char *file, int line, asc_matmul *mm,
                                asc_global_tensor b, bool transpose) {
  lang_call c;
  if (!lang_begin(&c, "asc_matmul_set_tensor_b", file, line) || !ready(&c, mm))
    return;
  bool tr = transpose || mm->b_.is_trans;
  if (!tr && asc_dtype_sizeof(mm->b_.dtype) != 2) {
    lang_error(&c,
               "B of dtype %s must be given transposed (N x K): casc's "
               "LoadData transposes only 16-bit fractals",
               asc_dtype_name(mm->b_.dtype));
    return;
  }
  mm->gb_ = b;
  mm->b_trans_ = tr;
  mm->b_set_ = true;
}

void asc_matmul_set_bias_at(const char *file, int line, asc_matmul *mm,
                            asc_global_tensor bias) {
  lang_call c;
  if (!lang_begin(&c, "asc_matmul_set_bias", file, line) || !ready(&c, mm))
    return;
  asc_dtype acc = mm->a_.dtype == ASC_INT8 ? ASC_INT32 : ASC_FLOAT;
  if (!mm->has_bias_type_ || mm->bias_.dtype != acc) {
    lang_error(&c,
               "the Matmul was made without a bias type of %s (the "
               "accumulator's)",
               asc_dtype_name(acc));
    return;
  }
  mm->gbias_ = bias;
  mm->bias_on_ = true;
}

void asc_matmul_disable_bias_at(const char *file, int line, asc_matmul *mm) {
  lang_call c;
  if (!lang_begin(&c, "asc_matmul_disable_bias", file, line))
    return;
  mm->bias_on_ = false;
}

void asc_matmul_set_tail_at(const char *file, int line, asc_matmul *mm,
                            asc__sv tail_m, asc__sv tail_n) {
  lang_call c;
  if (!lang_begin(&c, "asc_matmul_set_tail", file, line) || !ready(&c, mm))
    return;
  at w = {file, line};
  /* Materialise the two as runtime values (min with the single shape). */
  mm->tail_m_ =
      asc_imin_at(w.file, w.line, tail_m, asc__sv_i(mm->t_.single_core_m));
  mm->tail_n_ =
      asc_imin_at(w.file, w.line, tail_n, asc__sv_i(mm->t_.single_core_n));
  mm->has_tail_ = true;
}

/* This block's part: single_core_m x _n, or the tail. */
static asc__sv part_m(const asc_matmul *mm) {
  return asc__sv_vi(mm->tail_m_);
}

static asc__sv part_n(const asc_matmul *mm) {
  return asc__sv_vi(mm->tail_n_);
}

asc_int asc_matmul_tiles_at(const char *file, int line, asc_matmul *mm) {
  lang_call c;
  asc_int none = {0};
  if (!lang_begin(&c, "asc_matmul_iterate", file, line) || !ready(&c, mm))
    return none;
  at w = {file, line};
  asc_int tm = DIV(ADD(part_m(mm), mm->t_.base_m - 1), mm->t_.base_m);
  asc_int tn = DIV(ADD(part_n(mm), mm->t_.base_n - 1), mm->t_.base_n);
  return MUL(tm, tn);
}

void asc_matmul_iterate_at(const char *file, int line, asc_matmul *mm,
                           asc_int count) {
  lang_call c;
  if (!lang_begin(&c, "asc_matmul_iterate", file, line) || !ready(&c, mm))
    return;
  if (!mm->a_set_ || !mm->b_set_) {
    lang_error(&c, "set_tensor_a and set_tensor_b must come first");
    return;
  }
  if (mm->has_result_) {
    lang_error(&c, "the last Iterate's result was not taken (get_tensor_c)");
    return;
  }
  at w = {file, line};
  const asc_tcube_tiling *t = &mm->t_;
  asc_dtype in = mm->a_.dtype, acc = in == ASC_INT8 ? ASC_INT32 : ASC_FLOAT;
  int c0 = 32 / (int)asc_dtype_sizeof(in);
  /* The tile: M first (pyasc's default iterate order). */
  asc_int rm = DIV(ADD(part_m(mm), t->base_m - 1), t->base_m);
  asc_int m0 = MUL(REM(count, rm), t->base_m);
  asc_int n0 = MUL(DIV(count, rm), t->base_n);
  asc_int mc = MIN(t->base_m, SUB(part_m(mm), m0));
  asc_int nc = MIN(t->base_n, SUB(part_n(mm), n0));
  asc_int mal = align_up(w, mc, 16), nal = align_up(w, nc, 16);
  mm->count_ = count;

  asc_local_tensor bias2 = {0};
  if (mm->bias_on_) { /* this tile's bias row: GM -> C1 -> C2 */
    asc_local_tensor b1 =
        asc_tquebind_alloc_tensor_at(file, line, mm->qbias1_, acc);
    asc_data_copy_at(file, line, asc__t_local(b1),
                     asc__t_global(asc_globaltensor_subindex_at(
                         file, line, mm->gbias_, ASC__I(n0))),
                     ASC__I(align_up(w, nc, 8)));
    asc_tquebind_enque_at(file, line, mm->qbias1_, b1);
    asc_local_tensor b1d = asc_tquebind_deque_at(file, line, mm->qbias1_, acc);
    bias2 = asc_tquebind_alloc_tensor_at(file, line, mm->qbias2_, acc);
    asc_data_copy_at(file, line, asc__t_local(bias2), asc__t_local(b1d),
                     ASC__I(align_up(w, nc, 8)));
    asc_tquebind_free_tensor_at(file, line, mm->qbias1_, b1d);
    asc_tquebind_enque_at(file, line, mm->qbias2_, bias2);
    bias2 = asc_tquebind_deque_at(file, line, mm->qbias2_, acc);
  }
  asc_local_tensor cl =
      asc_tquebind_alloc_tensor_at(file, line, mm->qco1_, acc);
  MM_FOR(kt, 0, cdiv(t->single_core_k, t->base_k)) {
    asc_int k0 = MUL(kt, t->base_k);
    asc_int kc = MIN(t->base_k, SUB(t->single_core_k, k0));
    asc_int kal = align_up(w, kc, c0);
    asc_int kf = DIV(kal, c0), mf = DIV(mal, 16), nf = DIV(nal, 16);
    /* GM -> A1 / B1: ND rows into NZ column blocks (A^T: K x M, rows M
     * apart, its k rows into column blocks of 16 m). */
    asc_local_tensor a1 =
        asc_tquebind_alloc_tensor_at(file, line, mm->qa1_, in);
    asc_data_copy_at(
        file, line, asc__t_local(a1),
        asc__t_global(asc_globaltensor_subindex_at(
            file, line, mm->ga_,
            ASC__I(mm->a_trans_ ? ADD(MUL(k0, t->m), m0)
                                : ADD(MUL(m0, t->k_a), k0)))),
        asc__sv_nd2nz(asc_nd2nzparams_at(
            file, line,
            (asc__sv[]){asc__sv_i(1), ASC__I(mm->a_trans_ ? kc : mc),
                        ASC__I(mm->a_trans_ ? mc : kc), asc__sv_i(0),
                        asc__sv_i(mm->a_trans_ ? t->m : t->k_a),
                        ASC__I(mm->a_trans_ ? kal : mal), asc__sv_i(1),
                        asc__sv_i(0)})));
    asc_tquebind_enque_at(file, line, mm->qa1_, a1);
    asc_local_tensor b1 =
        asc_tquebind_alloc_tensor_at(file, line, mm->qb1_, in);
    asc_global_tensor bsrc = asc_globaltensor_subindex_at(
        file, line, mm->gb_,
        ASC__I(mm->b_trans_ ? ADD(MUL(n0, t->k_b), k0)
                            : ADD(MUL(k0, t->n), n0)));
    asc__sv nd[8] = {asc__sv_i(1),
                     ASC__I(mm->b_trans_ ? nc : kc),
                     ASC__I(mm->b_trans_ ? kc : nc),
                     asc__sv_i(0),
                     asc__sv_i(mm->b_trans_ ? t->k_b : t->n),
                     ASC__I(mm->b_trans_ ? nal : kal),
                     asc__sv_i(1),
                     asc__sv_i(0)};
    asc_data_copy_at(file, line, asc__t_local(b1), asc__t_global(bsrc),
                     asc__sv_nd2nz(asc_nd2nzparams_at(file, line, nd)));
    asc_tquebind_enque_at(file, line, mm->qb1_, b1);

    /* L1 -> L0A: the NZ column blocks become ZZ rows of fractals; A^T's
     * column block of m-fractal i holds A's row of fractals i, each
     * transposed on the way. */
    asc_local_tensor a1d = asc_tquebind_deque_at(file, line, mm->qa1_, in);
    asc_local_tensor a2 =
        asc_tquebind_alloc_tensor_at(file, line, mm->qa2_, in);
    MM_FOR(i, 0, mf) {
      asc_local_tensor row = asc_localtensor_subindex_at(
          file, line, a2, ASC__I(MUL(MUL(i, kf), 16 * c0)));
      asc_load_data_at(
          file, line, row, a1d,
          asc_loaddata2dparams_at(
              file, line,
              (asc__sv[]){ASC__I(mm->a_trans_ ? MUL(i, kf) : i), ASC__I(kf),
                          mm->a_trans_ ? asc__sv_i(1) : ASC__I(mf),
                          asc__sv_i(0), asc__sv_i(0),
                          asc__sv_i(mm->a_trans_ ? 1 : 0), asc__sv_i(0)}));
    }
    asc_tquebind_free_tensor_at(file, line, mm->qa1_, a1d);
    asc_tquebind_enque_at(file, line, mm->qa2_, a2);
    /* L1 -> L0B: B^T's NZ is already ZN (one run of every fractal); B's
     * NZ becomes ZN fractal row by fractal row, each 16 x 16 transposed. */
    asc_local_tensor b1d = asc_tquebind_deque_at(file, line, mm->qb1_, in);
    asc_local_tensor b2 =
        asc_tquebind_alloc_tensor_at(file, line, mm->qb2_, in);
    if (mm->b_trans_) {
      asc_load_data_at(file, line, b2, b1d,
                       asc_loaddata2dparams_at(
                           file, line,
                           (asc__sv[]){asc__sv_i(0), ASC__I(MUL(kf, nf)),
                                       asc__sv_i(1), asc__sv_i(0), asc__sv_i(0),
                                       asc__sv_i(0), asc__sv_i(0)}));
    } else {
      MM_FOR(kb, 0, kf) {
        asc_local_tensor row = asc_localtensor_subindex_at(
            file, line, b2, ASC__I(MUL(MUL(kb, nf), 256)));
        asc_load_data_at(
            file, line, row, b1d,
            asc_loaddata2dparams_at(
                file, line,
                (asc__sv[]){ASC__I(kb), ASC__I(nf), ASC__I(kf), asc__sv_i(0),
                            asc__sv_i(0), asc__sv_i(1), asc__sv_i(0)}));
      }
    }
    asc_tquebind_free_tensor_at(file, line, mm->qb1_, b1d);
    asc_tquebind_enque_at(file, line, mm->qb2_, b2);

    /* The cube: the first step starts C at 0 (or the bias), the others
     * add to it. */
    asc_local_tensor a2d = asc_tquebind_deque_at(file, line, mm->qa2_, in);
    asc_local_tensor b2d = asc_tquebind_deque_at(file, line, mm->qb2_, in);
    asc_bool first = asc_cmp_at(file, line, ASC__EQ, ASC__I(kt), asc__sv_i(0));
    if (mm->bias_on_) {
      MM_IF(f_if, asc__sv_vb(first)) {
        asc_mmad_at(file, line, cl, a2d, b2d, bias2, true,
                    asc_mmadparams_at(file, line,
                                      (asc__sv[]){ASC__I(mc), ASC__I(nc),
                                                  ASC__I(kc), asc__sv_i(0),
                                                  asc__sv_i(1), asc__sv_i(0)}));
      }
      MM_ELSE(f_else) {
        asc_mmad_at(file, line, cl, a2d, b2d, (asc_local_tensor){0}, false,
                    asc_mmadparams_at(file, line,
                                      (asc__sv[]){ASC__I(mc), ASC__I(nc),
                                                  ASC__I(kc), asc__sv_i(0),
                                                  asc__sv_i(0), asc__sv_i(0)}));
      }
    } else {
      asc_mmad_at(
          file, line, cl, a2d, b2d, (asc_local_tensor){0}, false,
          asc_mmadparams_at(file, line,
                            (asc__sv[]){ASC__I(mc), ASC__I(nc), ASC__I(kc),
                                        asc__sv_i(0), asc__sv_i(0),
                                        asc__sv_vb(first)}));
    }
    asc_tquebind_free_tensor_at(file, line, mm->qa2_, a2d);
    asc_tquebind_free_tensor_at(file, line, mm->qb2_, b2d);
  }
  if (mm->bias_on_)
    asc_tquebind_free_tensor_at(file, line, mm->qbias2_, bias2);
  asc_tquebind_enque_at(file, line, mm->qco1_, cl);
  mm->has_result_ = true;
}

/* Fixpipe of the last Iterate's tile into dst (rows `stride` apart). */
static void fix_out(lang_call *c, at w, asc_matmul *mm, asc_global_tensor dst,
                    int stride) {
  const asc_tcube_tiling *t = &mm->t_;
  asc_dtype acc = mm->a_.dtype == ASC_INT8 ? ASC_INT32 : ASC_FLOAT;
  asc_int rm = DIV(ADD(part_m(mm), t->base_m - 1), t->base_m);
  asc_int m0 = MUL(REM(mm->count_, rm), t->base_m);
  asc_int n0 = MUL(DIV(mm->count_, rm), t->base_n);
  asc_int mc = MIN(t->base_m, SUB(part_m(mm), m0));
  asc_int nc = MIN(t->base_n, SUB(part_n(mm), n0));
  asc_int mal = align_up(w, mc, 16);
  int quant = mm->c_.dtype == ASC_HALF   ? ASC_QUANTMODE_F322F16
              : mm->c_.dtype == ASC_BF16 ? ASC_QUANTMODE_F322BF16
                                         : ASC_QUANTMODE_NOQUANT;
  asc_local_tensor cd = asc_tquebind_deque_at(w.file, w.line, mm->qco1_, acc);
  asc_fixpipe_at(
      w.file, w.line, dst, cd,
      asc_fixpipeparamsv220_at(w.file, w.line,
                               (asc__sv[]){ASC__I(nc), ASC__I(mc), ASC__I(mal),
                                           asc__sv_i(stride), asc__sv_i(quant),
                                           asc__sv_i(0)}),
      asc_fixpipeconfig_at(w.file, w.line, ASC_CO2LAYOUT_ROW_MAJOR));
  asc_tquebind_free_tensor_at(w.file, w.line, mm->qco1_, cd);
  mm->has_result_ = false;
  (void)c;
}

static bool has_result(lang_call *c, const asc_matmul *mm) {
  if (!mm->has_result_)
    lang_error(c, "there is no Iterate result to take");
  return mm->has_result_;
}

void asc_matmul_get_tensor_c_global_at(const char *file, int line,
                                       asc_matmul *mm, asc_global_tensor dst) {
  lang_call c;
  if (!lang_begin(&c, "asc_matmul_get_tensor_c", file, line) ||
      !ready(&c, mm) || !has_result(&c, mm))
    return;
  at w = {file, line};
  const asc_tcube_tiling *t = &mm->t_;
  asc_int rm = DIV(ADD(part_m(mm), t->base_m - 1), t->base_m);
  asc_int m0 = MUL(REM(mm->count_, rm), t->base_m);
  asc_int n0 = MUL(DIV(mm->count_, rm), t->base_n);
  fix_out(&c, w, mm,
          asc_globaltensor_subindex_at(file, line, dst,
                                       ASC__I(ADD(MUL(m0, t->n), n0))),
          t->n);
}

void asc_matmul_get_tensor_c_local_at(const char *file, int line,
                                      asc_matmul *mm, asc_local_tensor dst) {
  lang_call c;
  if (!lang_begin(&c, "asc_matmul_get_tensor_c", file, line) ||
      !ready(&c, mm) || !has_result(&c, mm))
    return;
  at w = {file, line};
  const asc_tcube_tiling *t = &mm->t_;
  int tile = t->base_m * t->base_n;
  /* This block's slot of the workspace: the tile as base_m rows of
   * base_n (what en_sequential_write gives the vector side). */
  asc_global_tensor ws = asc_globaltensor_subindex_at(
      file, line, mm->ws_, ASC__I(MUL(asc_get_block_idx_at(file, line), tile)));
  fix_out(&c, w, mm, ws, t->base_n);
  /* The cube's result reaches the vector side through GM. */
  asc_pipe_barrier_at(file, line, ASC_PIPEID_PIPE_ALL);
  int blk = t->base_n * (int)asc_dtype_sizeof(mm->c_.dtype) / 32;
  asc_data_copy_at(file, line, asc__t_local(dst), asc__t_global(ws),
                   asc__sv_dcp(asc_datacopyparams_at(
                       file, line, asc__sv_i(t->base_m), asc__sv_i(blk),
                       asc__sv_i(0), asc__sv_i(0))));
  asc_set_flag_at(file, line, ASC_HARDEVENT_MTE2_V, asc__sv_i(0));
  asc_wait_flag_at(file, line, ASC_HARDEVENT_MTE2_V, asc__sv_i(0));
}

void asc_matmul_iterate_all_at(const char *file, int line, asc_matmul *mm,
                               asc_global_tensor cg) {
  lang_call c;
  if (!lang_begin(&c, "asc_matmul_iterate_all", file, line) || !ready(&c, mm))
    return;
  at w = {file, line};
  MM_FOR(count, 0, asc_matmul_tiles_at(file, line, mm)) {
    asc_matmul_iterate_at(file, line, mm, count);
    asc_matmul_get_tensor_c_global_at(file, line, mm, cg);
  }
}

void asc_matmul_end_at(const char *file, int line, asc_matmul *mm) {
  lang_call c;
  if (!lang_begin(&c, "asc_matmul_end", file, line) || !ready(&c, mm))
    return;
  if (mm->has_result_)
    lang_error(&c, "the last Iterate's result was not taken (get_tensor_c)");
  mm->inited_ = false;
}
