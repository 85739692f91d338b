/* The fixpipe's other forms (docs/simulator.md, "The cube path: other
 * forms"): DataCopy with DataCopyCO12DstParams (CO1 -> GM or A1, with the
 * quantisation the scalar of SetFixpipePreQuantFlag feeds) and Fixpipe with
 * a cbufWorkspace (VDEQF16: one dequantisation scale per N column, read
 * from L1). Both move an L0C NZ matrix of mSize rows and nSize columns the
 * way Fixpipe does (cube.c): fractal column j of 16 columns at
 * j * srcStride rows of 16 elements, rows of 64 bytes; out to an ND matrix
 * of dstStride elements a row, or to NZ with dstStride 32-byte blocks
 * between the heads of the fractal columns (the copy_matrix_cc_to_gm
 * intrinsic's table). Each element goes through sim_cube_fix_elem, or
 * for the int8 modes through cube_quant.c. Also
 * SetMMLayoutTransform, the cube's other register setting. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim_internal.h"

/* QuantMode_t (pyasc QuantModes, casc/asc.h asc_quantmode). */
enum {
  Q_NOQUANT = 0,
  Q_F322F16 = 1,
  Q_F322BF16 = 2,
  Q_DEQF16 = 3,
  Q_VDEQF16 = 4
};

/* What the fixpipe writes for quantPre q from an L0C of type sdt (the
 * FixpipeParamsV220 table of the Ascend C reference): CASC_DT_INVALID for
 * the modes this table does not hold (the int8 ones: cube_quant.c). */
static unsigned out_type(unsigned sdt, int64_t q) {
  if (sdt == CASC_DT_F32)
    return q == Q_NOQUANT    ? CASC_DT_F32
           : q == Q_F322F16  ? CASC_DT_F16
           : q == Q_F322BF16 ? CASC_DT_BF16
                             : CASC_DT_INVALID;
  if (sdt == CASC_DT_I32)
    return q == Q_NOQUANT                    ? CASC_DT_I32
           : q == Q_DEQF16 || q == Q_VDEQF16 ? CASC_DT_F16
                                             : CASC_DT_INVALID;
  return CASC_DT_INVALID;
}

/* One move L0C (NZ) -> dst; operand 0 is dst (GM, or L1 when dst_l1),
 * operand 1 the L0C tensor. */
typedef struct {
  int64_t ns, ms, sstride, dstride;
  int64_t ndnum, snd, dnd; /* ND matrices (ND path only): count, source
                              stride in 1024-byte fractals, dst stride in
                              elements */
  bool nd, relu, dst_l1;
  bool split; /* isChannelSplit: NZ out with C0 = 8 */
  unsigned sdt, ddt;
  double deq;         /* the scalar scale (DEQF16) */
  const uint8_t *vws; /* VDEQF16 / VREQ8 / VQF322B8_PRE: nSize uint64
                         words, or NULL */
  bool q8;            /* an int8 mode (cube_quant.c) */
  sim_q8 q8w;         /* its scalar word decoded (REQ8, QF322B8_PRE) */
} fix_move;

/* dst bytes of the 16-element run (r, 16j ..) or of row r (ND). */
static uint8_t *dst_run(sim_block *b, const sim_insn *in, const fix_move *f,
                        int64_t off, int64_t bytes) {
  if (!f->dst_l1)
    return sim_global_access(b, in, 0, off, bytes, true);
  sim_pool p;
  uint8_t *d =
      sim_local_access_in(b, in, 0, off, bytes, 32, 1u << SIM_POOL_L1, &p);
  if (d)
    sim_cube_mark(b, p, d - b->mem[p], bytes);
  return d;
}

static bool run_move(sim_block *b, const sim_insn *in, const fix_move *f) {
  int64_t nb = (f->ns + 15) / 16, des = casc_dtype_size((casc_dtype)f->ddt);
  int64_t w = f->split ? 8 : 16, ng = (f->ns + w - 1) / w;
  for (int64_t i = 0; i < (f->nd ? f->ndnum : 1); i++) {
    sim_pool cp;
    const uint8_t *C =
        sim_local_access_in(b, in, 1, i * f->snd * 1024, nb * f->sstride * 64,
                            64, 1u << SIM_POOL_L0C, &cp);
    if (!C)
      return false;
    int64_t coff = C - b->mem[cp];
    for (int64_t j = 0; j < nb; j++) {
      int64_t first = sim_cube_first_unwritten(
          b, cp, coff + j * f->sstride * 64, f->ms * 64);
      if (first >= 0) {
        sim_report(b, CASC_CHECK_L0C_UNINIT, CASC_SEV_ERROR, in->op,
                   "%s: reads L0C bytes at %lld that no Mmad has written",
                   sim_api_name(in->op), (long long)first);
        return false;
      }
    }
    for (int64_t r = 0; r < f->ms; r++)
      for (int64_t g = 0; g < ng; g++) {
        int64_t c0 = g * w, n = f->ns - c0 < w ? f->ns - c0 : w;
        int64_t off = f->nd ? (i * f->dnd + r * f->dstride + c0) * des
                            : g * f->dstride * 32 + r * w * des;
        uint8_t *dp = dst_run(b, in, f, off, n * des);
        if (!dp)
          return false;
        const uint8_t *sp =
            C + ((c0 / 16) * f->sstride + r) * 64 + (c0 % 16) * 4;
        for (int64_t t = 0; t < n; t++) {
          if (f->q8) {
            sim_q8 q = f->q8w;
            uint64_t wd;
            if (f->vws) {
              memcpy(&wd, f->vws + (c0 + t) * 8, 8);
              if (!sim_cube_q8_word(b, in, wd, &q))
                return false;
            }
            if (!sim_cube_q8_store(b, in, dp + t, sp + t * 4, f->sdt, f->relu,
                                   &q))
              return false;
            continue;
          }
          double deq = f->deq;
          if (f->vws) {
            uint64_t wd;
            memcpy(&wd, f->vws + (c0 + t) * 8, 8);
            deq = sim_cube_deq_scale(wd);
          }
          sim_cube_fix_elem(dp + t * des, sp + t * 4, f->sdt, f->ddt, f->relu,
                            deq);
        }
      }
  }
  return true;
}

/* The checks both forms share: sizes, strides, types. */
static bool check_move(sim_block *b, const sim_insn *in, const fix_move *f,
                       int64_t quant) {
  if (f->ns < 1 || f->ns > 4095)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE, "nSize %lld is not in 1..4095",
                    (long long)f->ns);
  if (f->ms < 1 || f->ms > (f->nd ? 8192 : 65535))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    f->nd ? "mSize %lld is not in 1..8192 (NZ2ND)"
                          : "mSize %lld is not in 1..65535",
                    (long long)f->ms);
  if (!f->nd && !f->split && f->ns % 16)
    return sim_fail(b, in, CASC_CHECK_FRACTAL_ALIGN,
                    "nSize %lld must be a multiple of 16 without NZ2ND",
                    (long long)f->ns);
  if (f->sstride % 16 != 0 || f->sstride < f->ms)
    return sim_fail(
        b, in, CASC_CHECK_FRACTAL_ALIGN,
        "srcStride %lld must be a multiple of 16 rows and cover mSize",
        (long long)f->sstride);
  if (f->dstride == 0)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE, "dstStride must not be 0");
  if (f->nd && f->dstride < f->ns)
    return sim_fail(
        b, in, CASC_CHECK_BAD_VALUE,
        "dstStride %lld is smaller than nSize (ND: elements per row)",
        (long long)f->dstride);
  if (f->split &&
      !sim_cube_fix_split_check(b, in, f->sdt, f->ddt, quant, f->nd, f->ns))
    return false;
  if (sim_cube_q8_mode(quant))
    return sim_cube_q8_check(b, in, quant, f->sdt, f->ddt);
  unsigned want = out_type(f->sdt, quant);
  if (want == CASC_DT_INVALID)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "quantPre %lld from this CO1 type is not simulated",
                    (long long)quant);
  if (want != f->ddt) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "%s: quantPre %lld writes %s, but dst has %s elements",
               sim_api_name(in->op), (long long)quant,
               casc_dtype_name((casc_dtype)want),
               casc_dtype_name((casc_dtype)f->ddt));
    return false;
  }
  return true;
}

/* ---- DataCopy(dst, src CO1, DataCopyCO12DstParams) ---------------------- */

/* Fields in pyasc's order: nSize, mSize, dstStride, srcStride, quantPre,
 * reluPre, channelSplit, nz2ndEn. */
static bool co12dst(sim_block *b, const sim_insn *in) {
  fix_move f = {0};
  f.ns = sim_field(b, in, 2, 0);
  f.ms = sim_field(b, in, 2, 1);
  f.dstride = sim_field(b, in, 2, 2);
  f.sstride = sim_field(b, in, 2, 3);
  int64_t quant = sim_field(b, in, 2, 4), relu = sim_field(b, in, 2, 5);
  f.nd = sim_field(b, in, 2, 7) != 0;
  f.sdt = in->dt3;
  f.ddt = in->dt2;
  f.dst_l1 = !casc_type_is_global_tensor(in->op->operands[0].value->type);
  f.relu = relu == 1;
  f.split = sim_field(b, in, 2, 6) != 0;
  f.ndnum = 1; /* its ND_PARA comes from SetFixpipeNz2ndFlag, which pyasc
                  does not expose: one matrix */
  if (relu != 0 && relu != 1)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "reluPre %lld: only 0 (none) and 1 (ReLU) are simulated",
                    (long long)relu);
  /* "isChannelSplit must be false when dst position is C1" (asc-devkit's
   * CheckFixpipeL0C2L1Param) */
  if (f.split && f.dst_l1)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "channelSplit: the channel split writes to GM only");
  if (f.nd && f.dst_l1)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "nz2ndEn: NZ2ND converts on the CO1 -> GM path only");
  if (quant == Q_VDEQF16 || sim_cube_q8_vector(quant))
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "quantPre %lld (a vector mode) takes its scales from a "
                    "workspace: use Fixpipe with a cbufWorkspace",
                    (long long)quant);
  if (!check_move(b, in, &f, quant))
    return false;
  f.q8 = sim_cube_q8_mode(quant);
  if (quant == Q_DEQF16 || f.q8) {
    if (!b->fix_quant_set) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "%s: quantPre %lld scales by the value "
                 "SetFixpipePreQuantFlag sets, and none was set in this "
                 "kernel",
                 sim_api_name(in->op), (long long)quant);
      return false;
    }
    if (f.q8 && !sim_cube_q8_word(b, in, b->fix_quant, &f.q8w))
      return false;
    f.deq = sim_cube_deq_scale(b->fix_quant);
  }
  return run_move(b, in, &f);
}

/* ---- Fixpipe(dst GM, src CO1, cbufWorkspace A1, params, config) -------- */

static bool fixpipe_ws(sim_block *b, const sim_insn *in) {
  fix_move f = {0};
  f.ns = sim_field(b, in, 3, 0);
  f.ms = sim_field(b, in, 3, 1);
  f.sstride = sim_field(b, in, 3, 2);
  f.dstride = sim_field(b, in, 3, 3);
  f.relu = sim_field(b, in, 3, 4) != 0;
  int64_t quant = sim_field(b, in, 3, 5);
  f.ndnum = sim_field(b, in, 3, 7);
  f.snd = sim_field(b, in, 3, 8);
  f.dnd = sim_field(b, in, 3, 9);
  f.split = sim_field(b, in, 3, 11) != 0;
  int64_t uflag = sim_field(b, in, 3, 10);
  int64_t layout = sim_field(b, in, 4, 0);
  f.sdt = in->dt3;
  f.ddt = in->dt2;
  f.nd = layout == 1;
  if (layout != 0 && layout != 1)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED, "CO2Layout %lld",
                    (long long)layout);
  if (uflag != 0)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "unitFlag %lld is not supported by the simulator (the "
                    "reference gives it as an Mmad -> Fixpipe handshake per "
                    "fractal, with no effect on the data; Mmad and Fixpipe "
                    "run whole here)",
                    (long long)uflag);
  if (!sim_cube_fix_nd_check(b, in, f.ndnum, f.snd, f.dnd, f.nd))
    return false;
  /* "cbufWorkspace ... 仅当quantPre为VDEQF16/VQF322B8_PRE/VREQ8时支持" */
  if (quant != Q_VDEQF16 && !sim_cube_q8_vector(quant))
    return sim_fail(
        b, in, CASC_CHECK_BAD_VALUE,
        "quantPre %lld is not a vector mode (VDEQF16, VQF322B8_PRE, "
        "VREQ8): only those read the cbufWorkspace",
        (long long)quant);
  if (!check_move(b, in, &f, quant))
    return false;
  f.q8 = sim_cube_q8_mode(quant);
  sim_pool wp;
  const uint8_t *ws =
      sim_local_access_in(b, in, 2, 0, f.ns * 8, 32, 1u << SIM_POOL_L1, &wp);
  if (!ws)
    return false;
  /* Never-written scales: a warning, and the deterministic garbage of
   * never-written memory (as the cube's other reads, cube.c). */
  int64_t woff = ws - b->mem[wp];
  int64_t first = sim_cube_first_unwritten(b, wp, woff, f.ns * 8);
  if (first >= 0) {
    sim_report(b, CASC_CHECK_UNINIT_READ, CASC_SEV_WARNING, in->op,
               "%s: operand 'cbufWorkspace' reads L1 bytes at %lld, which "
               "were never written",
               sim_api_name(in->op), (long long)first);
    for (int64_t k = woff / 32; k <= (woff + f.ns * 8 - 1) / 32; k++)
      if (sim_cube_first_unwritten(b, wp, k * 32, 32) >= 0)
        for (int64_t i = 0; i < 32; i++)
          b->mem[wp][k * 32 + i] = sim_ub_initial_byte((uint32_t)(k * 32 + i));
  }
  f.vws = ws;
  return run_move(b, in, &f);
}

bool sim_exec_cube_forms(sim_block *b, const sim_insn *in) {
  switch (in->opc) {
  case SIM_DATA_COPY_CO12DST:
    return co12dst(b, in);
  case SIM_FIXPIPE_WORKSPACE:
    return fixpipe_ws(b, in);
  case SIM_SET_FIX_PRE_QUANT:
    b->fix_quant = (uint64_t)b->slots[in->a[0]].i;
    b->fix_quant_set = true;
    return true;
  case SIM_SET_MM_LAYOUT:
    /* SetMMLayoutTransform: whether the cube walks N before M while it
     * produces C's fractals. Each element's sum and L0C's layout are the
     * same either way; only the order differs, which nothing the
     * simulator models can observe (unitFlag is not modelled). */
    return true;
  default:
    return false;
  }
}
