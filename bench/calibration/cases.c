/* Each measured PTO tile operation as the Ascend C instructions it is made
 * of on A2/A3, written as an ASC-IR kernel for casc's simulator.
 *
 * PTO's a2a3 implementation (include/pto/npu/a2a3/TBinOp.hpp, TBinSOp.hpp,
 * TUnaryOp.hpp, TLoad.hpp at the commit the CSV names) decides how many
 * vector instructions a tile op issues and with how many repeats; the
 * rules below restate those decisions for the shapes of the CSV, so that
 * casc runs the same instruction sequence the hardware ran (TAdd of a
 * 64 x 64 int16 tile is one level-0 Add of 64 masked repeats, one per
 * 128-byte row, not 32 full ones). Everything else — what an instruction
 * costs — is the timing model's business; nothing here knows a cycle.
 *
 * Every kernel copies its sources in, waits for them (PipeBarrier
 * <PIPE_ALL>) and then issues the measured instructions, so the measured
 * pipe runs them alone. */
#include "calibration/cases.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/buf.h"

/* ---- the CSV ----------------------------------------------------------------
 */

static bool field(char **p, char *out, size_t n) {
  char *s = *p, *e = strchr(s, ',');
  size_t len = e ? (size_t)(e - s) : strcspn(s, "\r\n");
  if (len >= n)
    return false;
  memcpy(out, s, len);
  out[len] = 0;
  *p = e ? e + 1 : s + len;
  return true;
}

bool cal_read_csv(const char *path, cal_case **cases, unsigned *n) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "timing_calibration: cannot open %s\n", path);
    return false;
  }
  char line[512];
  unsigned cap = 0, cnt = 0, lineno = 0;
  cal_case *cs = NULL;
  bool header = true, ok = true;
  while (ok && fgets(line, sizeof line, f)) {
    lineno++;
    if (line[0] == '#' || line[0] == '\n')
      continue;
    if (header) { /* case,op,dtype,rows,cols,extra,measured,... */
      header = false;
      continue;
    }
    if (cnt == cap) {
      cap = cap ? cap * 2 : 128;
      cal_case *nc = realloc(cs, cap * sizeof *nc);
      if (!nc) {
        ok = false;
        break;
      }
      cs = nc;
    }
    cal_case *c = &cs[cnt];
    memset(c, 0, sizeof *c);
    char num[5][32];
    char *p = line;
    ok = field(&p, c->name, sizeof c->name) && field(&p, c->op, sizeof c->op) &&
         field(&p, c->dtype, sizeof c->dtype) &&
         field(&p, num[0], sizeof num[0]) && field(&p, num[1], sizeof num[1]) &&
         field(&p, c->extra, sizeof c->extra) &&
         field(&p, num[2], sizeof num[2]) && field(&p, num[3], sizeof num[3]);
    if (!ok) {
      fprintf(stderr, "%s:%u: expected 9 comma-separated fields\n", path,
              lineno);
      break;
    }
    c->rows = atoi(num[0]);
    c->cols = atoi(num[1]);
    c->measured = atof(num[2]);
    c->pto_accuracy = atof(num[3]);
    cnt++;
  }
  fclose(f);
  if (!ok) {
    free(cs);
    return false;
  }
  *cases = cs;
  *n = cnt;
  return true;
}

void cal_free(cal_case *cases, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    free(cases[i].mlir);
  free(cases);
}

/* ---- instruction sequences
 * ---------------------------------------------------
 */

/* One vector instruction: level 2 (count mode, `count` elements) or level
 * 0 (a count mask of `mask` elements, `repeat` repeats `stride` 32-byte
 * blocks apart). */
typedef struct {
  bool l0;
  int count, mask, repeat, stride;
} vinstr;

enum { MAX_INSTR = 512, REPEAT_MAX = 255, STRIDE_MAX = 255 };

typedef struct {
  vinstr v[MAX_INSTR];
  unsigned n;
} vseq;

static void l2(vseq *s, int count) {
  if (s->n < MAX_INSTR)
    s->v[s->n++] = (vinstr){false, count, 0, 0, 0};
}

static void l0(vseq *s, int mask, int repeat, int stride) {
  if (s->n < MAX_INSTR)
    s->v[s->n++] = (vinstr){true, 0, mask, repeat, stride};
}

/* A contiguous tile of n elements, per_rep to a repeat: full repeats in one
 * instruction and the rest in a masked one, or count mode when the
 * repeats exceed repeatTimes' range (TBinOp / TUnaryOp "1L" paths). */
static void contiguous(vseq *s, int n, int per_rep, bool count_mode) {
  if (count_mode || (n + per_rep - 1) / per_rep > REPEAT_MAX) {
    l2(s, n);
    return;
  }
  l0(s, per_rep, n / per_rep, 8);
  if (n % per_rep)
    l0(s, n % per_rep, 1, 8);
}

/* TADD / TSUB / TMUL / TDIV on a rows x cols tile (TBinOp.hpp): a tile
 * narrower than a repeat goes one masked repeat per row; otherwise the
 * tile is contiguous, in count mode when rows are not whole repeats. */
static void binary_seq(vseq *s, int rows, int cols, int size) {
  int per_rep = 256 / size;
  if (rows <= REPEAT_MAX && cols < per_rep) {
    l0(s, cols, rows, cols * size / 32);
    return;
  }
  contiguous(s, rows * cols, per_rep, cols > per_rep && cols % per_rep);
}

/* TADDS / TMULS / TMINS (TBinSOp.hpp, tiles whose valid shape is known at
 * run time): row by row, or one instruction per repeat column with a
 * repeat per row, or 255-row pieces of a taller tile. */
static void scalar_seq(vseq *s, int rows, int cols, int size) {
  int per_rep = 256 / size, ncr = cols / per_rep, rem = cols % per_rep;
  int row_blocks = cols * size / 32;
  if (ncr > 1 && rows * ncr < 4) {
    for (int r = 0; r < rows; r++)
      l2(s, cols);
  } else if (rows < ncr + 1) {
    for (int r = 0; r < rows; r++)
      if (rem)
        l2(s, cols);
      else
        l0(s, per_rep, ncr, 8);
  } else if (rows <= REPEAT_MAX && row_blocks <= STRIDE_MAX) {
    for (int k = 0; k < ncr; k++)
      l0(s, per_rep, rows, row_blocks);
    if (rem)
      l0(s, rem, rows, row_blocks);
  } else {
    for (int r = 0; ncr && r < rows; r++) {
      for (int k = 0; k < ncr / REPEAT_MAX; k++)
        l0(s, per_rep, REPEAT_MAX, 8);
      if (ncr % REPEAT_MAX)
        l0(s, per_rep, ncr % REPEAT_MAX, 8);
    }
    int mask = ncr ? rem : cols;
    if (mask) {
      for (int k = 0; k < rows / REPEAT_MAX; k++)
        l0(s, mask, REPEAT_MAX, row_blocks);
      if (rows % REPEAT_MAX)
        l0(s, mask, rows % REPEAT_MAX, row_blocks);
    }
  }
}

/* ---- the kernel
 * --------------------------------------------------------------
 */

int cal_dtype_size(const char *t) {
  return strcmp(t, "f32") == 0 || strcmp(t, "i32") == 0 ||
                 strcmp(t, "ui32") == 0
             ? 4
         : strcmp(t, "f16") == 0 || strcmp(t, "i16") == 0 ? 2
         : strcmp(t, "u8") == 0 || strcmp(t, "ui8") == 0 || strcmp(t, "i8") == 0
             ? 1
             : 0;
}

casc_dtype cal_dtype_of(const char *t) {
  return strcmp(t, "ui32") == 0  ? CASC_DT_U32
         : strcmp(t, "f32") == 0 ? CASC_DT_F32
         : strcmp(t, "f16") == 0 ? CASC_DT_F16
         : strcmp(t, "i32") == 0 ? CASC_DT_I32
         : strcmp(t, "i16") == 0 ? CASC_DT_I16
         : strcmp(t, "i8") == 0  ? CASC_DT_I8
                                 : CASC_DT_U8;
}

static bool is_float(const char *t) {
  return t[0] == 'f';
}

/* The head of every kernel: @k(%x) with %x as %xg, UB tensors %t0 %t1 %t2
 * of `elems` elements of type t at 0, 64 and 128 KiB. */
static void kernel_head(casc_buf *b, const char *t, int elems) {
  casc_buf_printf(b,
                  "module {\n"
                  "  func.func @k(%%x: memref<?x%s, 22> loc(\"x\")) "
                  "attributes {ascendc.global} {\n"
                  "    %%len = \"emitc.constant\"() <{value = %d : ui32}> : "
                  "() -> ui32\n"
                  "    %%xg = ascendc.global_tensor : "
                  "!ascendc.global_tensor<*x%s>\n"
                  "    ascendc.global_tensor.set_global_buffer %%xg, %%x : "
                  "!ascendc.global_tensor<*x%s>, memref<?x%s, 22>\n",
                  t, elems, t, t, t);
  for (int i = 0; i < 3; i++)
    casc_buf_printf(b,
                    "    %%a%d = \"emitc.constant\"() <{value = %d : ui32}> : "
                    "() -> ui32\n"
                    "    %%t%d = ascendc.local_tensor_v2 %s, %%a%d, %%len : "
                    "!ascendc.local_tensor<*x%s>\n",
                    i, i * 65536, i, i < 2 ? "vecin" : "vecout", i, t);
}

static void kernel_tail(casc_buf *b) {
  casc_buf_puts(b, "    return\n  }\n}\n");
}

/* Copy `elems` elements of %xg into the first `srcs` tensors, then wait. */
static void copy_in(casc_buf *b, const char *t, int elems, int srcs) {
  casc_buf_printf(b, "    %%n = arith.constant %d : i32\n", elems);
  for (int i = 0; i < srcs; i++)
    casc_buf_printf(b,
                    "    ascendc.data_copy_l2 %%t%d, %%xg, %%n : "
                    "!ascendc.local_tensor<*x%s>, "
                    "!ascendc.global_tensor<*x%s>, i32\n",
                    i, t, t);
  casc_buf_puts(b, "    ascendc.pipe_barrier pipe_all\n");
}

/* The vector instructions of seq, op `mn` of shape `shape` ('b'inary,
 * 's'calar, 'u'nary); dst is %t<dst>. */
static void emit_seq(casc_buf *b, const vseq *seq, const char *mn, char shape,
                     const char *t, int dst) {
  char lt[48], types[160];
  snprintf(lt, sizeof lt, "!ascendc.local_tensor<*x%s>", t);
  if (shape == 'b')
    snprintf(types, sizeof types, "%s, %s, %s", lt, lt, lt);
  else if (shape == 's')
    snprintf(types, sizeof types, "%s, %s, %s", lt, lt, t);
  else
    snprintf(types, sizeof types, "%s, %s", lt, lt);
  const char *srcs = shape == 'b'   ? ", %t0, %t1"
                     : shape == 's' ? ", %t0, %sc"
                                    : ", %t0";
  if (shape == 's')
    casc_buf_printf(b, "    %%sc = arith.constant %s : %s\n",
                    is_float(t) ? "1.5" : "3", t);
  for (unsigned i = 0; i < seq->n; i++) {
    const vinstr *v = &seq->v[i];
    if (!v->l0) {
      casc_buf_printf(b, "    %%c%u = arith.constant %d : i32\n", i, v->count);
      casc_buf_printf(b, "    ascendc.%s_l2 %%t%d%s, %%c%u : %s, i32\n", mn,
                      dst, srcs, i, types);
      continue;
    }
    casc_buf_printf(b,
                    "    %%m%u = arith.constant %d : i32\n"
                    "    %%r%u = arith.constant %d : i32\n"
                    "    %%one%u = arith.constant 1 : i32\n"
                    "    %%st%u = arith.constant %d : i32\n",
                    i, v->mask, i, v->repeat, i, i, v->stride);
    if (shape == 'b')
      casc_buf_printf(b,
                      "    %%p%u = ascendc.construct "
                      "!ascendc.binary_repeat_params(%%one%u, %%one%u, "
                      "%%one%u, %%st%u, %%st%u, %%st%u) [ui8, ui8, ui8, ui8, "
                      "ui8, ui8] : i32, i32, i32, i32, i32, i32\n",
                      i, i, i, i, i, i, i);
    else
      casc_buf_printf(b,
                      "    %%p%u = ascendc.construct "
                      "!ascendc.unary_repeat_params(%%one%u, %%one%u, "
                      "%%st%u, %%st%u) [ui16, ui16, ui8, ui8] : i32, i32, "
                      "i32, i32\n",
                      i, i, i, i, i);
    casc_buf_printf(b,
                    "    ascendc.%s_l0 %%t%d%s, %%m%u, %%r%u, %%p%u "
                    "{isSetMask} : %s, i32, i32, !ascendc.%s_repeat_params\n",
                    mn, dst, srcs, i, i, i, types,
                    shape == 'b' ? "binary" : "unary");
  }
}

/* The index of the vector cost class called name. */
int cal_vcost_index(const char *name) {
  for (unsigned i = 0; i < CASC_PLATFORM_VCOSTS; i++)
    if (strcmp(casc_platform_vcost_name(i), name) == 0)
      return (int)i;
  return 0;
}

bool cal_skip(cal_case *c, const char *why) {
  c->expressible = false;
  snprintf(c->why, sizeof c->why, "%s", why);
  return true;
}

/* A vector tile op: the instruction sequence, the kernel around it. */
static bool express_vector(cal_case *c, const char *mn, char shape, int group) {
  int size = cal_dtype_size(c->dtype), elems = c->rows * c->cols;
  if (!size || elems <= 0 || elems * size > 65536 || elems * size % 32)
    return cal_skip(c, "tile shape does not fit the kernel's 64 KiB tensors");
  static vseq seq;
  seq.n = 0;
  if (shape == 'b')
    binary_seq(&seq, c->rows, c->cols, size);
  else if (shape == 's')
    scalar_seq(&seq, c->rows, c->cols, size);
  else
    contiguous(&seq, elems, 256 / size, false);
  casc_buf b;
  casc_buf_init(&b);
  kernel_head(&b, c->dtype, elems);
  copy_in(&b, c->dtype, elems, shape == 'b' ? 2 : 1);
  emit_seq(&b, &seq, mn, shape, c->dtype,
           strcmp(c->extra, "inplace") == 0 ? 0 : 2);
  kernel_tail(&b);
  if (b.oom)
    return false;
  c->mlir = b.data;
  c->expressible = true;
  c->group = group;
  c->pipe = CASC_SIM_PIPE_V;
  c->ninstr = seq.n;
  c->gm_dtype = cal_dtype_of(c->dtype);
  c->gm_count = (size_t)elems;
  return true;
}

/* TCVT: one count-mode Cast of the tile (from_<src> to dtype). */
static bool express_cast(cal_case *c) {
  const char *src = c->extra + 5; /* "from_f16" */
  int elems = c->rows * c->cols;
  if (strncmp(c->extra, "from_", 5) != 0 || !cal_dtype_size(src))
    return cal_skip(c, "unknown source type");
  casc_buf b;
  casc_buf_init(&b);
  kernel_head(&b, src, elems);
  copy_in(&b, src, elems, 1);
  casc_buf_printf(&b,
                  "    %%d = ascendc.local_tensor_v2 vecout, %%a2, %%len : "
                  "!ascendc.local_tensor<*x%s>\n"
                  "    ascendc.cast_l2 %%d, %%t0, %%n {roundMode = %d : i32} : "
                  "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
                  "i32\n",
                  c->dtype,
                  cal_dtype_size(c->dtype) < cal_dtype_size(src) ? 1 : 0,
                  c->dtype, src);
  kernel_tail(&b);
  if (b.oom)
    return false;
  c->mlir = b.data;
  c->expressible = true;
  c->group = cal_vcost_index("cast");
  c->pipe = CASC_SIM_PIPE_V;
  c->ninstr = 1;
  c->gm_dtype = cal_dtype_of(src);
  c->gm_count = (size_t)elems;
  return true;
}

/* TLOAD (TLoad.hpp): one DMA instruction per index of the global tensor's
 * outer dimensions ("nd x8"), each moving rows bursts of cols elements
 * (ND) or cols bursts of rows elements (DN, column by column). A burst of
 * whole 32-byte blocks is a DataCopy with DataCopyParams(bursts, burst /
 * 32 B, 0, 0); a burst of any other length, or a padded load ("pad_max",
 * "pad_min": the row's 32-byte tail filled with the type's largest or
 * smallest value), is a DataCopyPad with DataCopyParams(bursts, burst
 * bytes, 0, 0), whose rows land 32-byte aligned in UB. */
static bool express_load(cal_case *c) {
  char layout[8] = "";
  int ninstr = 0;
  if (sscanf(c->extra, "%7s x%d", layout, &ninstr) != 2 || ninstr <= 0)
    return cal_skip(c, "unknown TLoad layout");
  int size = cal_dtype_size(c->dtype);
  bool dn = strcmp(layout, "dn") == 0;
  bool padded = strstr(c->extra, "pad_") != NULL;
  int bursts = dn ? c->cols : c->rows;
  int burst_bytes = (dn ? c->rows : c->cols) * size;
  bool pad_copy = padded || burst_bytes % 32;
  int ub_burst = (burst_bytes + 31) / 32 * 32;
  int per = bursts * ub_burst / size; /* UB elements per instruction */
  if ((long)per * size * ninstr > 196608)
    return cal_skip(c, "the load does not fit in UB");
  casc_buf b;
  casc_buf_init(&b);
  const char *t = strcmp(c->dtype, "u8") == 0 ? "ui8" : c->dtype;
  casc_buf_printf(&b,
                  "module {\n"
                  "  func.func @k(%%x: memref<?x%s, 22> loc(\"x\")) "
                  "attributes {ascendc.global} {\n"
                  "    %%len = \"emitc.constant\"() <{value = %d : ui32}> : "
                  "() -> ui32\n"
                  "    %%xg = ascendc.global_tensor : "
                  "!ascendc.global_tensor<*x%s>\n"
                  "    ascendc.global_tensor.set_global_buffer %%xg, %%x : "
                  "!ascendc.global_tensor<*x%s>, memref<?x%s, 22>\n"
                  "    %%bc = arith.constant %d : i32\n"
                  "    %%bl = arith.constant %d : i32\n"
                  "    %%gap = arith.constant 0 : i32\n"
                  "    %%prm = ascendc.construct "
                  "!ascendc.data_copy_params(%%bc, %%bl, %%gap, %%gap) "
                  "[ui16, ui16, ui16, ui16] : i32, i32, i32, i32\n",
                  t, per, t, t, t, bursts,
                  pad_copy ? burst_bytes : burst_bytes / 32);
  if (pad_copy) {
    /* The padding fills the rest of the row's last 32 bytes; its value
     * does not change what the DMA costs. */
    int right = padded ? (ub_burst - burst_bytes) / size : 0;
    casc_buf_printf(&b,
                    "    %%ispad = arith.constant %s\n"
                    "    %%left = arith.constant 0 : i32\n"
                    "    %%right = arith.constant %d : i32\n"
                    "    %%pval = arith.constant 0 : i64\n"
                    "    %%pad = ascendc.construct "
                    "!ascendc.data_copy_pad_params(%%ispad, %%left, %%right, "
                    "%%pval) [i1, ui16, ui16, ui64] : i1, i32, i32, i64\n",
                    padded ? "true" : "false", right);
  }
  for (int i = 0; i < ninstr; i++) {
    casc_buf_printf(&b,
                    "    %%a%d = \"emitc.constant\"() <{value = %d : ui32}> : "
                    "() -> ui32\n"
                    "    %%t%d = ascendc.local_tensor_v2 vecin, %%a%d, %%len : "
                    "!ascendc.local_tensor<*x%s>\n",
                    i, i * per * size, i, i, t);
    if (pad_copy)
      casc_buf_printf(
          &b,
          "    ascendc.data_copy_pad_l0 %%t%d, %%xg, %%prm, %%pad : "
          "!ascendc.local_tensor<*x%s>, "
          "!ascendc.global_tensor<*x%s>, !ascendc.data_copy_params, "
          "!ascendc.data_copy_pad_params\n",
          i, t, t);
    else
      casc_buf_printf(
          &b,
          "    ascendc.data_copy_l0 %%t%d, %%xg, %%prm : "
          "!ascendc.local_tensor<*x%s>, "
          "!ascendc.global_tensor<*x%s>, !ascendc.data_copy_params\n",
          i, t, t);
  }
  kernel_tail(&b);
  if (b.oom)
    return false;
  c->mlir = b.data;
  c->expressible = true;
  c->group = CAL_GROUP_MTE2;
  c->pipe = CASC_SIM_PIPE_MTE2;
  c->ninstr = (unsigned)ninstr;
  c->gm_dtype = cal_dtype_of(t);
  c->gm_count = (size_t)(bursts * burst_bytes / size);
  return true;
}

/* TMATMUL (PTO's runTMatmul / runTMatmulSplitK): one Mmad of validM x
 * validK x validN on tiles already in L0A / L0B (or `reps` of them, the
 * first starting C at 0 and the others accumulating, of which PTO
 * profiles the last). The kernel fills L1 from GM, loads every fractal
 * L0A and L0B hold (so that the Mmad reads nothing unwritten), waits, and
 * then issues the Mmads; only M is measured. */
static bool express_matmul(cal_case *c) {
  int n = 0, reps = 1;
  if (sscanf(c->extra, "n=%d reps=%d", &n, &reps) < 1 || n <= 0 || reps <= 0)
    return cal_skip(c, "unknown TMatmul shape");
  if (strcmp(c->dtype, "f16") && strcmp(c->dtype, "f32") &&
      strcmp(c->dtype, "i8"))
    return cal_skip(c, "unknown TMatmul input type");
  int es = cal_dtype_size(c->dtype);
  const char *acc = es == 1 ? "i32" : "f32";
  int c0 = 32 / es, mf = (c->rows + 15) / 16, kf = (c->cols + c0 - 1) / c0;
  int nf = (n + 15) / 16;
  int abytes = mf * kf * 512, bbytes = kf * nf * 512;
  int l1 = abytes > bbytes ? abytes : bbytes;
  if (abytes > 65536 || bbytes > 65536 || mf * nf * 1024 > 131072 ||
      mf * kf > 255 || kf * nf > 255)
    return cal_skip(c, "the tiles do not fit L0A / L0B / L0C");
  const char *t = c->dtype;
  casc_buf b;
  casc_buf_init(&b);
  casc_buf_printf(
      &b,
      "module {\n"
      "  func.func @k(%%x: memref<?x%s, 22> loc(\"x\")) "
      "attributes {ascendc.global} {\n"
      "    %%z = \"emitc.constant\"() <{value = 0 : ui32}> : () -> ui32\n"
      "    %%len = \"emitc.constant\"() <{value = %d : ui32}> : () -> ui32\n"
      "    %%clen = \"emitc.constant\"() <{value = %d : ui32}> : () -> ui32\n"
      "    %%xg = ascendc.global_tensor : !ascendc.global_tensor<*x%s>\n"
      "    ascendc.global_tensor.set_global_buffer %%xg, %%x : "
      "!ascendc.global_tensor<*x%s>, memref<?x%s, 22>\n"
      "    %%l1 = ascendc.local_tensor_v2 a1, %%z, %%len : "
      "!ascendc.local_tensor<*x%s>\n"
      "    %%a2 = ascendc.local_tensor_v2 a2, %%z, %%len : "
      "!ascendc.local_tensor<*x%s>\n"
      "    %%b2 = ascendc.local_tensor_v2 b2, %%z, %%len : "
      "!ascendc.local_tensor<*x%s>\n"
      "    %%co = ascendc.local_tensor_v2 co1, %%z, %%clen : "
      "!ascendc.local_tensor<*x%s>\n"
      "    %%n = arith.constant %d : i32\n"
      "    ascendc.data_copy_l2 %%l1, %%xg, %%n : !ascendc.local_tensor<*x%s>, "
      "!ascendc.global_tensor<*x%s>, i32\n"
      "    ascendc.pipe_barrier pipe_all\n"
      "    %%c0 = arith.constant 0 : i32\n"
      "    %%c1 = arith.constant 1 : i32\n"
      "    %%f = arith.constant false\n"
      "    %%t = arith.constant true\n",
      t, l1 / es, mf * nf * 256, t, t, t, t, t, t, acc, l1 / es, t, t);
  int frac[2] = {mf * kf, kf * nf};
  for (int i = 0; i < 2; i++)
    casc_buf_printf(
        &b,
        "    %%r%d = arith.constant %d : i32\n"
        "    %%lp%d = ascendc.construct !ascendc.load_data_2d_params(%%c0, "
        "%%r%d, %%c1, %%c0, %%c0, %%f, %%c0) [ui16, ui8, ui16, ui16, ui16, "
        "i1, ui8] : i32, i32, i32, i32, i32, i1, i32\n"
        "    ascendc.load_data_l0 %%%s, %%l1, %%lp%d : "
        "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
        "!ascendc.load_data_2d_params\n",
        i, frac[i], i, i, i == 0 ? "a2" : "b2", i, t, t);
  casc_buf_printf(&b,
                  "    ascendc.pipe_barrier pipe_all\n"
                  "    %%m = arith.constant %d : i32\n"
                  "    %%kk = arith.constant %d : i32\n"
                  "    %%nn = arith.constant %d : i32\n",
                  c->rows, c->cols, n);
  for (int r = 0; r < reps; r++)
    casc_buf_printf(&b,
                    "    %%mp%d = ascendc.construct !ascendc.mmad_params(%%m, "
                    "%%nn, %%kk, %%f, %%f, %%%s) [ui16, ui16, ui16, i1, i1, "
                    "i1] : i32, i32, i32, i1, i1, i1\n"
                    "    ascendc.mmad %%co, %%a2, %%b2, %%mp%d : "
                    "!ascendc.local_tensor<*x%s>, !ascendc.local_tensor<*x%s>, "
                    "!ascendc.local_tensor<*x%s>, !ascendc.mmad_params\n",
                    r, r == 0 ? "t" : "f", r, acc, t, t);
  kernel_tail(&b);
  if (b.oom)
    return false;
  c->mlir = b.data;
  c->expressible = true;
  c->group = CAL_GROUP_CUBE;
  c->pipe = CASC_SIM_PIPE_M;
  c->last_only = reps > 1;
  c->ninstr = (unsigned)reps;
  c->gm_dtype = cal_dtype_of(t);
  c->gm_count = (size_t)(l1 / es);
  return true;
}

bool cal_express(cal_case *c) {
  static const struct {
    const char *op, *mn;
    char shape;
    const char *group; /* the cost class the model gives it */
  } vec[] = {{"TADD", "add", 'b', "binary"},   {"TSUB", "sub", 'b', "binary"},
             {"TMUL", "mul", 'b', "binary"},   {"TDIV", "div", 'b', "div"},
             {"TADDS", "adds", 's', "scalar"}, {"TMULS", "muls", 's', "scalar"},
             {"TMINS", "mins", 's', "scalar"}, {"TABS", "abs", 'u', "unary"},
             {"TEXP", "exp", 'u', "transc"},   {"TSQRT", "sqrt", 'u', "sqrt"},
             {"TRSQRT", "rsqrt", 'u', "sqrt"}};
  static const struct {
    const char *op, *why;
  } skipped[] = {
      {"TDIVS", "no vector-scalar divide (Divs) in Ascend C's API or casc; "
                "the int cases (4 cycles) issue no vector instruction"},
      {"TLOADCONV", "NC1HWC0 / fractal layouts (DataCopy ND2NZ) are not run "
                    "by the simulator"},
      {"TTRANS", "PTO transposes f32 with scatter_vnchwconv_b32 "
                 "(TransDataTo5HD), which the simulator does not run; its "
                 "Transpose is the 16 x 16 b16 one"},
      {"TSORT32", "casc's op table puts Sort32 on the scalar pipe (S), so "
                  "the model would cost vbitsort as one scalar instruction"}};
  if (cal_contradicted(c))
    return true;
  for (size_t i = 0; i < sizeof vec / sizeof vec[0]; i++)
    if (strcmp(c->op, vec[i].op) == 0)
      return express_vector(c, vec[i].mn, vec[i].shape,
                            cal_vcost_index(vec[i].group));
  bool handled;
  bool ok = cal_express_tile_op(c, &handled);
  if (handled)
    return ok;
  if (strcmp(c->op, "TCVT") == 0)
    return express_cast(c);
  if (strcmp(c->op, "TLOAD") == 0)
    return express_load(c);
  if (strcmp(c->op, "TMATMUL") == 0)
    return express_matmul(c);
  for (size_t i = 0; i < sizeof skipped / sizeof skipped[0]; i++)
    if (strcmp(c->op, skipped[i].op) == 0)
      return cal_skip(c, skipped[i].why);
  return cal_skip(c, "no Ascend C equivalent known to this benchmark");
}
