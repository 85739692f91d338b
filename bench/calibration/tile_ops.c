/* The measured PTO tile operations that are more than one kind of vector
 * instruction — row and column reductions, TSel, TRowExpand — written as
 * the instruction sequences PTO's a2a3 implementation issues for them
 * (include/pto/npu/a2a3/TRowReduceOps.hpp, TRowSum.hpp, TRowMax.hpp,
 * TRowMin.hpp, TColReduceOps.hpp, TColMax.hpp, TColSum.hpp, TSel.hpp,
 * TRowExpand.hpp at the commit the CSV names), for casc's simulator.
 *
 * PTO's count mode (set_mask_count, then repeatTimes 0) covers its count of
 * elements in repeats of 256 bytes with the instruction's repeat strides;
 * a level-0 instruction with a full mask and that many repeats is the same
 * work, and the timing model costs its repeats the same way. PTO's
 * pipe_barrier(PIPE_V) calls are issued where PTO issues them. The tiles
 * sit at the UB addresses PTO's tests assign them (TASSIGN). Nothing here
 * knows a cycle. */
#include <stdio.h>
#include <string.h>

#include "calibration/cases.h"
#include "casc/buf.h"

enum { REPEAT_MAX = 255, UB_END = 196608 };

/* ---- a kernel builder --------------------------------------------------- */

typedef struct {
  casc_buf b;
  const char *t; /* the tile's element type */
  int es;
  unsigned tensors, values, instrs;
  unsigned per_class[CASC_PLATFORM_VCOSTS]; /* instructions of each class */
} kb;

/* One more instruction of cost class `cls`. */
static void kb_count(kb *k, const char *cls) {
  k->instrs++;
  k->per_class[cal_vcost_index(cls)]++;
}

static void kb_init(kb *k, const char *t, int elems) {
  casc_buf_init(&k->b);
  k->t = t;
  k->es = cal_dtype_size(t);
  k->tensors = k->values = k->instrs = 0;
  memset(k->per_class, 0, sizeof k->per_class);
  casc_buf_printf(&k->b,
                  "module {\n"
                  "  func.func @k(%%x: memref<?x%s, 22> loc(\"x\")) "
                  "attributes {ascendc.global} {\n"
                  "    %%xg = ascendc.global_tensor : "
                  "!ascendc.global_tensor<*x%s>\n"
                  "    ascendc.global_tensor.set_global_buffer %%xg, %%x : "
                  "!ascendc.global_tensor<*x%s>, memref<?x%s, 22>\n"
                  "    %%n = arith.constant %d : i32\n",
                  t, t, t, t, elems);
}

/* An i32 constant; returns its number (%k<n>). */
static unsigned kb_int(kb *k, long v) {
  casc_buf_printf(&k->b, "    %%k%u = arith.constant %ld : i32\n", k->values,
                  v);
  return k->values++;
}

/* A UB tensor of type ty at byte address addr reaching to the end of UB;
 * returns its number (%u<n>). */
static unsigned kb_tensor(kb *k, const char *ty, int addr) {
  unsigned n = k->tensors++;
  int es = cal_dtype_size(ty);
  casc_buf_printf(&k->b,
                  "    %%ua%u = \"emitc.constant\"() <{value = %d : ui32}> : "
                  "() -> ui32\n"
                  "    %%ul%u = \"emitc.constant\"() <{value = %d : ui32}> : "
                  "() -> ui32\n"
                  "    %%u%u = ascendc.local_tensor_v2 vecin, %%ua%u, %%ul%u : "
                  "!ascendc.local_tensor<*x%s>\n",
                  n, addr, n, (UB_END - addr) / es, n, n, n, ty);
  return n;
}

/* A tile of the builder's type at addr filled from the kernel's GM
 * argument (its first %n elements), so that whatever reads it reads data
 * the kernel wrote. */
static unsigned kb_source(kb *k, int addr) {
  unsigned u = kb_tensor(k, k->t, addr);
  casc_buf_printf(&k->b,
                  "    ascendc.data_copy_l2 %%u%u, %%xg, %%n : "
                  "!ascendc.local_tensor<*x%s>, "
                  "!ascendc.global_tensor<*x%s>, i32\n",
                  u, k->t, k->t);
  return u;
}

/* The copies are in: from here on only the measured instructions. */
static void kb_start(kb *k) {
  casc_buf_puts(&k->b, "    ascendc.pipe_barrier pipe_all\n");
}

static void kb_barrier_v(kb *k) {
  casc_buf_puts(&k->b, "    ascendc.pipe_barrier pipe_v\n");
}

/* A level-0 two-source instruction (vadd, vmax, ...): mask elements of each
 * of `rep` repeats, repeat strides in 32-byte blocks, block strides 1. */
static void kb_binary(kb *k, const char *mn, unsigned dst, unsigned s0,
                      unsigned s1, int mask, int rep, int dst_rs, int s0_rs,
                      int s1_rs) {
  unsigned m = kb_int(k, mask), r = kb_int(k, rep), one = kb_int(k, 1);
  unsigned d = kb_int(k, dst_rs), a = kb_int(k, s0_rs), b = kb_int(k, s1_rs);
  unsigned p = k->instrs;
  kb_count(k, "binary");
  casc_buf_printf(&k->b,
                  "    %%p%u = ascendc.construct "
                  "!ascendc.binary_repeat_params(%%k%u, %%k%u, %%k%u, %%k%u, "
                  "%%k%u, %%k%u) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, "
                  "i32, i32, i32, i32\n"
                  "    ascendc.%s_l0 %%u%u, %%u%u, %%u%u, %%k%u, %%k%u, %%p%u "
                  "{isSetMask} : !ascendc.local_tensor<*x%s>, "
                  "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
                  "i32, i32, !ascendc.binary_repeat_params\n",
                  p, one, one, one, d, a, b, mn, dst, s0, s1, m, r, p, k->t,
                  k->t, k->t);
}

/* WholeReduceSum / Max / Min (vcadd / vcmax / vcmin, the value only): one
 * result per repeat, dst_rs elements apart. */
static void kb_whole_reduce(kb *k, const char *kind, unsigned dst, unsigned src,
                            int mask, int rep, int dst_rs, int src_rs) {
  unsigned m = kb_int(k, mask), r = kb_int(k, rep), d = kb_int(k, dst_rs);
  unsigned sb = kb_int(k, 1), sr = kb_int(k, src_rs);
  kb_count(k, "reduce");
  casc_buf_printf(&k->b,
                  "    ascendc.whole_reduce_%s_l0 %%u%u, %%u%u, %%k%u, %%k%u, "
                  "%%k%u, %%k%u, %%k%u {isSetMask%s} : "
                  "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
                  "i32, i32, i32, i32, i32\n",
                  kind, dst, src, m, r, d, sb, sr,
                  strcmp(kind, "sum") ? ", order = 2 : i32" : "", k->t, k->t);
}

/* copy_ubuf_to_ubuf of one burst of `blocks` 32-byte blocks: a UB -> UB
 * DataCopy. */
static void kb_ub_copy(kb *k, unsigned dst, unsigned src, int blocks) {
  unsigned one = kb_int(k, 1), len = kb_int(k, blocks), z = kb_int(k, 0);
  unsigned p = k->instrs;
  kb_count(k, "copy");
  casc_buf_printf(&k->b,
                  "    %%p%u = ascendc.construct "
                  "!ascendc.data_copy_params(%%k%u, %%k%u, %%k%u, %%k%u) "
                  "[ui16, ui16, ui16, ui16] : i32, i32, i32, i32\n"
                  "    ascendc.data_copy_l0 %%u%u, %%u%u, %%p%u : "
                  "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
                  "!ascendc.data_copy_params\n",
                  p, one, len, z, z, dst, src, p, k->t, k->t);
}

/* The kernel is complete. The case is fitted with the cost class of most
 * of its instructions; on a tie with `own`, the class of the instruction
 * the op is about (WholeReduce, Select). */
static bool kb_finish(kb *k, cal_case *c, const char *own) {
  casc_buf_puts(&k->b, "    return\n  }\n}\n");
  if (k->b.oom)
    return false;
  int g = cal_vcost_index(own);
  for (int i = 0; i < CASC_PLATFORM_VCOSTS; i++)
    if (k->per_class[i] > k->per_class[g])
      g = i;
  c->mlir = k->b.data;
  c->expressible = true;
  c->group = g;
  c->pipe = CASC_SIM_PIPE_V;
  c->ninstr = k->instrs;
  c->gm_dtype = cal_dtype_of(k->t);
  c->gm_count = (size_t)c->rows * (size_t)c->cols;
  return true;
}

/* ---- row reductions (TROWSUM / TROWMAX / TROWMIN) ----------------------- */

/* TRowReduceInstr for a float / half tile whose rows are whole repeats: a
 * row of one repeat is one WholeReduce; a wider row is first folded into a
 * temporary tile of one repeat per row by vadd / vmax / vmin of whole
 * repeat columns (TRowSum: a pairwise tree; TRowMax / TRowMin: one after
 * another), then WholeReduced. Source at 0, temporary at 0x4000,
 * destination at 0x8000, as PTO's tests assign them. */
static bool express_row_reduce(cal_case *c, const char *kind) {
  int es = cal_dtype_size(c->dtype), R = c->rows, C = c->cols;
  if (strcmp(c->dtype, "f32") && strcmp(c->dtype, "f16"))
    return cal_skip(c, "integer row reductions (a vadd per 32-byte block and "
                       "a scalar sum) are not in the data");
  int epr = 256 / es, epb = 32 / es, n = C / epr;
  if (R * C * es > 0x4000 || R > REPEAT_MAX || C % epr ||
      (C != epr && C < 2 * epr))
    return cal_skip(c, "a row that is not whole repeats (or a tile over 16 "
                       "KiB) takes paths no measured case takes");
  if (n > 64)
    return cal_skip(c, "more than 64 repeats per row");
  const char *bin = strcmp(kind, "sum") == 0 ? "add" : kind;
  kb k;
  kb_init(&k, c->dtype, R * C);
  unsigned src = kb_source(&k, 0);
  unsigned dst = kb_tensor(&k, c->dtype, 0x8000);
  int rs = C / epb; /* a row of source or temporary in blocks */
  unsigned srcs[64] = {0}, tmps[64] = {0};
  for (int i = 0; i < n; i++) {
    srcs[i] = i ? kb_tensor(&k, c->dtype, i * epr * es) : src;
    tmps[i] = kb_tensor(&k, c->dtype, 0x4000 + i * epr * es);
  }
  kb_start(&k);
  if (n == 1) {
    kb_whole_reduce(&k, kind, dst, src, epr, R, C, rs);
    kb_barrier_v(&k);
    return kb_finish(&k, c, "reduce");
  }
  if (strcmp(kind, "sum") == 0) {
    /* FillTmp: pairs of source columns into the temporary's columns. */
    for (int i = 0; i < n / 2; i++) {
      kb_binary(&k, bin, tmps[i], srcs[2 * i], srcs[2 * i + 1], epr, R, rs, rs,
                rs);
      kb_barrier_v(&k);
    }
    if (n % 2) {
      kb_binary(&k, bin, tmps[0], tmps[0], srcs[n - 1], epr, R, rs, rs, rs);
      kb_barrier_v(&k);
    }
    /* TmpProc: halve the temporary's columns until one is left. */
    for (int len = n / 2; len > 1;) {
      for (int i = 0; i < len / 2; i++) {
        kb_binary(&k, bin, tmps[i], tmps[2 * i], tmps[2 * i + 1], epr, R, rs,
                  rs, rs);
        kb_barrier_v(&k);
      }
      int odd = len % 2;
      len /= 2;
      if (odd) {
        kb_binary(&k, bin, tmps[len - 1], tmps[len - 1], tmps[len * 2], epr, R,
                  rs, rs, rs);
        kb_barrier_v(&k);
      }
    }
  } else {
    kb_binary(&k, bin, tmps[0], srcs[0], srcs[1], epr, R, rs, rs, rs);
    kb_barrier_v(&k);
    for (int i = 2; i < n; i++) {
      kb_binary(&k, bin, tmps[0], tmps[0], srcs[i], epr, R, rs, rs, rs);
      kb_barrier_v(&k);
    }
  }
  kb_whole_reduce(&k, kind, dst, tmps[0], epr, R, C, rs);
  kb_barrier_v(&k);
  return kb_finish(&k, c, "reduce");
}

/* ---- column reductions (TCOLMAX / TCOLSUM) ------------------------------ */

/* The UB -> UB copy of the first row into the destination, then per
 * further row one vmax / vadd into it (the whole repeats in count mode,
 * the rest of the row as one masked repeat); TColSum's "binary" form
 * instead adds pairs of rows into a temporary tile, level by level, and
 * copies its first row out. Source at 0, temporary at 0x11000,
 * destination at 0x22000 (PTO's TColSum test). */
static bool express_col_reduce(cal_case *c, const char *bin) {
  int es = cal_dtype_size(c->dtype), R = c->rows, C = c->cols;
  int epr = 256 / es, row_blocks = (C * es + 31) / 32;
  int row = row_blocks * 32 / es; /* a row's elements, 32-byte aligned */
  if (R * row * es > 0x11000 || R > 128)
    return cal_skip(c, "the tile does not fit below the temporary tile");
  bool tree = strcmp(c->extra, "binary") == 0;
  kb k;
  kb_init(&k, c->dtype, R * row);
  unsigned rows[128] = {0}, tmp[64] = {0};
  rows[0] = kb_source(&k, 0);
  for (int i = 1; i < R; i++)
    rows[i] = kb_tensor(&k, c->dtype, i * row * es);
  unsigned dst = kb_tensor(&k, c->dtype, 0x22000);
  for (int i = 0; tree && i < R / 2; i++)
    tmp[i] = kb_tensor(&k, c->dtype, 0x11000 + i * row * es);
  int full = C / epr, rest = C % epr;
  kb_start(&k);
  if (R == 1) {
    kb_ub_copy(&k, dst, rows[0], row_blocks);
    kb_barrier_v(&k);
    return kb_finish(&k, c, "copy");
  }
  int reps = (C + epr - 1) / epr; /* count mode over the row */
  if (tree) {
    for (int i = 0; i < R / 2; i++)
      kb_binary(&k, bin, tmp[i], rows[2 * i], rows[2 * i + 1], epr, reps, 8, 8,
                8);
    kb_barrier_v(&k);
    if (R % 2) {
      kb_binary(&k, bin, tmp[0], tmp[0], rows[R - 1], epr, reps, 8, 8, 8);
      kb_barrier_v(&k);
    }
    for (int cnt = R / 2; cnt > 1; cnt /= 2) {
      for (int i = 0; i < cnt / 2; i++)
        kb_binary(&k, bin, tmp[i], tmp[2 * i], tmp[2 * i + 1], epr, reps, 8, 8,
                  8);
      kb_barrier_v(&k);
      if (cnt % 2) {
        kb_binary(&k, bin, tmp[0], tmp[0], tmp[cnt - 1], epr, reps, 8, 8, 8);
        kb_barrier_v(&k);
      }
      kb_barrier_v(&k);
    }
    kb_ub_copy(&k, dst, tmp[0], row_blocks);
    kb_barrier_v(&k);
    return kb_finish(&k, c, "binary");
  }
  kb_ub_copy(&k, dst, rows[0], row_blocks);
  kb_barrier_v(&k);
  if (strcmp(bin, "add") == 0) { /* TColSum: count mode over the row */
    for (int i = 1; i < R; i++) {
      kb_binary(&k, bin, dst, dst, rows[i], epr, reps, 8, 8, 8);
      kb_barrier_v(&k);
    }
    return kb_finish(&k, c, "binary");
  }
  if (full)
    for (int i = 1; i < R; i++) {
      kb_binary(&k, bin, dst, dst, rows[i], epr, full, 8, 8, 8);
      kb_barrier_v(&k);
    }
  if (rest) {
    unsigned d2 = kb_tensor(&k, c->dtype, 0x22000 + full * 256);
    for (int i = 1; i < R; i++) {
      unsigned s2 = kb_tensor(&k, c->dtype, i * row * es + full * 256);
      kb_binary(&k, bin, d2, d2, s2, rest, 1, 8, 8, 8);
      kb_barrier_v(&k);
    }
  }
  kb_barrier_v(&k);
  return kb_finish(&k, c, "binary");
}

/* ---- TSEL ---------------------------------------------------------------- */

/* Per row: a Duplicate of the row's mask address into a 32-bit temporary
 * (2 or 4 of them: 64 / 128 mask bits), which PTO then loads into the
 * CMPMASK register between two barriers (set_cmpmask, an instruction
 * Ascend C does not expose: its cycles fall to the Select), and one Select
 * in tensor-tensor mode (VSEL_TENSOR_TENSOR_MODE) of the row in count
 * mode. Tiles at PTO's test addresses: dst 0, src0 0x4000, src1 0x8000,
 * mask 0xC000, temporary 0xE000. */
static bool express_select(cal_case *c) {
  int es = cal_dtype_size(c->dtype), R = c->rows, C = c->cols;
  if (es != 2 && es != 4)
    return cal_skip(c, "TSel takes 16- or 32-bit elements");
  int mask_cols = (C / 8 + 31) / 32 * 32;
  if (R * C * es > 0x4000 || R > 64 || C * es > 256)
    return cal_skip(c, "rows of more than one repeat are not in the data");
  kb k;
  kb_init(&k, c->dtype, R * C);
  unsigned s0 = kb_source(&k, 0x4000), s1 = kb_source(&k, 0x8000);
  kb_source(&k, 0xC000); /* the mask bits, written as the tile's type */
  unsigned tmp = kb_tensor(&k, "ui32", 0xE000);
  unsigned dst[64], a[64], b[64], m[64];
  for (int i = 0; i < R; i++) {
    dst[i] = kb_tensor(&k, c->dtype, i * C * es);
    a[i] = i ? kb_tensor(&k, c->dtype, 0x4000 + i * C * es) : s0;
    b[i] = i ? kb_tensor(&k, c->dtype, 0x8000 + i * C * es) : s1;
    m[i] = kb_tensor(&k, "ui8", 0xC000 + i * mask_cols);
  }
  kb_start(&k);
  int cmpmask = es == 2 ? 4 : 2;
  for (int i = 0; i < R; i++) {
    unsigned cnt = kb_int(&k, cmpmask);
    casc_buf_printf(&k.b,
                    "    %%addr%d = arith.constant %d : ui32\n"
                    "    ascendc.duplicate_l2 %%u%u, %%addr%d, %%k%u : "
                    "!ascendc.local_tensor<*xui32>, ui32, i32\n",
                    i, 0xC000 + i * mask_cols, tmp, i, cnt);
    kb_count(&k, "move");
    kb_barrier_v(&k);
    kb_barrier_v(&k);
    unsigned mk = kb_int(&k, C), rp = kb_int(&k, 1), one = kb_int(&k, 1);
    unsigned st = kb_int(&k, 8);
    unsigned p = k.instrs;
    kb_count(&k, "select");
    casc_buf_printf(&k.b,
                    "    %%p%u = ascendc.construct "
                    "!ascendc.binary_repeat_params(%%k%u, %%k%u, %%k%u, "
                    "%%k%u, %%k%u, %%k%u) [ui8, ui8, ui8, ui8, ui8, ui8] : "
                    "i32, i32, i32, i32, i32, i32\n"
                    "    ascendc.select_l0 %%u%u, %%u%u, %%u%u, %%u%u, %%k%u, "
                    "%%k%u, %%p%u {selMode = 2 : i32} : "
                    "!ascendc.local_tensor<*x%s>, "
                    "!ascendc.local_tensor<*xui8>, "
                    "!ascendc.local_tensor<*x%s>, "
                    "!ascendc.local_tensor<*x%s>, i32, i32, "
                    "!ascendc.binary_repeat_params\n",
                    p, one, one, one, st, st, st, dst[i], m[i], a[i], b[i], mk,
                    rp, p, c->dtype, c->dtype, c->dtype);
  }
  return kb_finish(&k, c, "select");
}

/* ---- TROWEXPAND -----------------------------------------------------------
 */

/* A tile whose shape is known at run time takes TRowExpand's general path:
 * per row, the scalar unit waits for V (SetFlag / WaitFlag<V_S>), reads
 * the row's first element from UB, hands back to V (<S_V>), and V
 * Duplicates it over the row in count mode. Source at 0, destination at
 * 0x8000. */
static bool express_row_expand(cal_case *c) {
  int es = cal_dtype_size(c->dtype), R = c->rows, C = c->cols;
  if (es != 2 && es != 4)
    return cal_skip(c, "8-bit elements go through a 16-bit view");
  if (R * C * es > 0x8000 || R > 128)
    return cal_skip(c, "the tile does not fit below the destination");
  kb k;
  kb_init(&k, c->dtype, R * C);
  unsigned src = kb_source(&k, 0);
  unsigned dst[128];
  for (int i = 0; i < R; i++)
    dst[i] = kb_tensor(&k, c->dtype, 0x8000 + i * C * es);
  unsigned ev = kb_int(&k, 0), cnt = kb_int(&k, C);
  kb_start(&k);
  for (int i = 0; i < R; i++) {
    casc_buf_printf(
        &k.b,
        "    %%at%d = arith.constant %d : ui32\n"
        "    ascendc.set_flag v_s, %%k%u : i32\n"
        "    ascendc.wait_flag v_s, %%k%u : i32\n"
        "    %%v%d = ascendc.local_tensor.get_value %%u%u, %%at%d : "
        "!ascendc.local_tensor<*x%s>, ui32, %s\n"
        "    ascendc.set_flag s_v, %%k%u : i32\n"
        "    ascendc.wait_flag s_v, %%k%u : i32\n"
        "    ascendc.duplicate_l2 %%u%u, %%v%d, %%k%u : "
        "!ascendc.local_tensor<*x%s>, %s, i32\n",
        i, i * C, ev, ev, i, src, i, c->dtype, c->dtype, ev, ev, dst[i], i, cnt,
        c->dtype, c->dtype);
    k.instrs++;
  }
  return kb_finish(&k, c, "move");
}

bool cal_express_tile_op(cal_case *c, bool *handled) {
  *handled = true;
  if (strcmp(c->op, "TROWSUM") == 0)
    return express_row_reduce(c, "sum");
  if (strcmp(c->op, "TROWMAX") == 0)
    return express_row_reduce(c, "max");
  if (strcmp(c->op, "TROWMIN") == 0)
    return express_row_reduce(c, "min");
  if (strcmp(c->op, "TCOLMAX") == 0)
    return express_col_reduce(c, "max");
  if (strcmp(c->op, "TCOLSUM") == 0)
    return express_col_reduce(c, "add");
  if (strcmp(c->op, "TSEL") == 0)
    return express_select(c);
  if (strcmp(c->op, "TROWEXPAND") == 0)
    return express_row_expand(c);
  *handled = false;
  return true;
}
