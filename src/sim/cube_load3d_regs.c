/* The Load3D control registers of a block (b->l3d): SetFmatrix,
 * SetLoadDataPaddingValue, SetLoadDataRepeat and SetLoadDataBoundary, which
 * Load3Dv2 / Load3Dv2Pro read (cube_load3d.c; docs/simulator.md, "The
 * cube path: img2col").
 *
 * Sources: the Ascend C reference's pages of the four calls
 * (atlasascendc_api_07_0245 SetFmatrix: l1H, l1W in 1..32767, padList
 * left/right/top/bottom, only FMATRIX_LEFT supported, which both matrices
 * use; 07_0246 SetLoadDataBoundary: bytes for Load3Dv2, at least 1024, 0 =
 * no boundary, a read past it continues from L1's start, the load's start
 * address must lie inside it; 07_0247 SetLoadDataRepeat: repeatTime
 * 0..255, repeatStride in 16 elements (repeatMode 0, height) or 32 bytes
 * of elements (mode 1, width)) and, for the padding register's content,
 * CANN asc-devkit impl/basic_api/dav_c220/kernel_operator_mm_impl.h
 * (Load3DSetPaddingCal: a 16- or 32-bit value's bit pattern; an 8-bit
 * value twice, in the low two bytes). */
#include <stdio.h>
#include <string.h>

#include "sim/sim_internal.h"

/* LoadDataRepeatParam's construct, as the C++ it stands for reads it:
 * pyasc's asc.LoadDataRepeatParam(repeat_time, repeat_stride, repeat_mode)
 * (core/types.py) builds the construct from its arguments in that order,
 * and the construct is `AscendC::LoadDataRepeatParam v{a, b, c}`, which
 * calls the constructor LoadDataRepeatParam(repeatStrideIn, repeatTimeIn,
 * repeatModeIn) (CANN asc-devkit kernel_struct_mm.h): the first value is
 * the stride, the second the repeat count. The simulator runs what that
 * C++ does (docs/simulator.md). */
enum { R_STRIDE, R_TIME, R_MODE };

/* Load3Dv2's least boundary, in bytes (SetLoadDataBoundary's page) */
#define L3D_MIN_BOUNDARY 1024

void sim_load3d_block_reset(sim_block *b) {
  memset(&b->l3d, 0, sizeof b->l3d);
  /* LoadDataRepeatParam's defaults: one load, as a kernel that never
   * calls SetLoadDataRepeat gets */
  b->l3d.rpt_time = 1;
}

static bool scalar_int(const casc_op *op, unsigned i) {
  const casc_type *t = op->operands[i].value->type;
  return t->kind == CASC_TYPE_INTEGER || t->kind == CASC_TYPE_INDEX;
}

static const casc_op *construct_def(const casc_op *op, unsigned i,
                                    casc_asc_type id) {
  const casc_value *v = i < op->nops ? op->operands[i].value : NULL;
  return v && v->def && v->def->kind == CASC_OP_CONSTRUCT &&
                 casc_type_is_asc(v->type, id)
             ? v->def
             : NULL;
}

bool sim_lower_check_load3d_reg(const casc_op *op, sim_insn *in, char *why,
                                size_t n) {
  switch (op->kind) {
  case CASC_OP_SET_FMATRIX: {
    const casc_type *pl = op->nops == 4 ? op->operands[2].value->type : NULL;
    const casc_op *mode = construct_def(op, 3, CASC_ASC_FMATRIX_MODE);
    if (!pl || !scalar_int(op, 0) || !scalar_int(op, 1) ||
        pl->kind != CASC_TYPE_MEMREF || pl->u.memref.space ||
        pl->u.memref.rank != 1 || pl->u.memref.shape[0] != 4 || !mode ||
        mode->nops > 1) {
      snprintf(why, n,
               "SetFmatrix other than integers l1H, l1W, a local array of "
               "4 padList values and a FmatrixMode construct");
      return false;
    }
    /* imm: whether the mode is given (FmatrixMode{} is FMATRIX_LEFT) */
    in->imm = mode->nops;
    return true;
  }
  case CASC_OP_SET_LOAD_DATA_PADDING_VALUE: {
    unsigned dt = op->nops == 1
                      ? casc_dtype_of_type(op->operands[0].value->type)
                      : CASC_DT_INVALID;
    size_t es = dt != CASC_DT_INVALID ? casc_dtype_size((casc_dtype)dt) : 0;
    if (op->nops != 1 ||
        (op->operands[0].value->type->kind != CASC_TYPE_INTEGER &&
         dt != CASC_DT_F16 && dt != CASC_DT_BF16 && dt != CASC_DT_F32) ||
        (es != 1 && es != 2 && es != 4)) {
      snprintf(why, n,
               "SetLoadDataPaddingValue of other than an 8-, 16- or 32-bit "
               "integer or a half, bfloat16 or float scalar");
      return false;
    }
    in->dt2 = (uint8_t)dt;
    return true;
  }
  case CASC_OP_SET_LOAD_DATA_REPEAT: {
    const casc_op *p = construct_def(op, 0, CASC_ASC_LOAD_DATA_REPEAT_PARAM);
    if (op->nops != 1 || !p || p->nops != 3) {
      snprintf(why, n,
               "SetLoadDataRepeat other than with a LoadDataRepeatParam "
               "construct of its three fields");
      return false;
    }
    return true;
  }
  case CASC_OP_SET_LOAD_DATA_BOUNDARY:
    if (op->nops != 1 || !scalar_int(op, 0)) {
      snprintf(why, n, "SetLoadDataBoundary of other than an integer");
      return false;
    }
    return true;
  default:
    snprintf(why, n, "not a Load3D register");
    return false;
  }
}

static bool set_fmatrix(sim_block *b, const sim_insn *in) {
  int64_t h = b->slots[in->a[0]].i, w = b->slots[in->a[1]].i;
  if (h < 1 || h > 32767 || w < 1 || w > 32767)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "l1%s %lld is outside 1..32767",
                    h < 1 || h > 32767 ? "H" : "W",
                    (long long)(h < 1 || h > 32767 ? h : w));
  const sim_tensor *t = &b->slots[in->a[2]].t;
  if (t->buf != SIM_BUF_LOCAL_ARRAY || t->len < 4)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "padList is not a local array of 4 values");
  int64_t mode = in->imm ? b->slots[b->slots[in->a[3]].i].i : 0;
  if (mode != 0)
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED,
                    "fmatrixMode %lld: the reference supports only "
                    "FMATRIX_LEFT (0), which the left and right matrices "
                    "both use",
                    (long long)mode);
  uint8_t pads[4];
  for (int i = 0; i < 4; i++) {
    int64_t p = b->slots[t->off + i].i;
    if (p < 0 || p > 255)
      return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                      "padList[%d] = %lld is outside 0..255", i, (long long)p);
    pads[i] = (uint8_t)p;
  }
  b->l3d.l1h = (uint16_t)h;
  b->l3d.l1w = (uint16_t)w;
  memcpy(b->l3d.pad_list, pads, sizeof pads);
  b->l3d.fm_set = true;
  return true;
}

/* The register's bits: a 16- or 32-bit value's pattern, an 8-bit value
 * repeated in the low two bytes (Load3DSetPaddingCal). */
static void set_padding(sim_block *b, const sim_insn *in) {
  const sim_slot *v = &b->slots[in->a[0]];
  uint64_t bits;
  switch (in->dt2) {
  case CASC_DT_F16:
    bits = casc_f32_to_f16((float)v->f);
    break;
  case CASC_DT_BF16:
    bits = casc_f32_to_bf16((float)v->f);
    break;
  case CASC_DT_F32: {
    float f = (float)v->f;
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    bits = u;
    break;
  }
  default: {
    size_t es = casc_dtype_size((casc_dtype)in->dt2);
    uint64_t u = (uint64_t)v->i;
    bits = es == 1   ? ((u & 0xff) << 8) | (u & 0xff)
           : es == 2 ? u & 0xffff
                     : u & 0xffffffffu;
    break;
  }
  }
  b->l3d.pad = bits;
  b->l3d.pad_set = true;
}

static bool set_repeat(sim_block *b, const sim_insn *in) {
  /* the constructor's parameters: uint16_t, uint8_t, uint8_t */
  int64_t stride = sim_field(b, in, 0, R_STRIDE) & 0xffff;
  int64_t time = sim_field(b, in, 0, R_TIME) & 0xff;
  int64_t mode = sim_field(b, in, 0, R_MODE) & 0xff;
  if (mode > 1)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "repeatMode %lld is outside 0..1", (long long)mode);
  b->l3d.rpt_time = (uint8_t)time;
  b->l3d.rpt_stride = (uint16_t)stride;
  b->l3d.rpt_mode = (uint8_t)mode;
  return true;
}

static bool set_boundary(sim_block *b, const sim_insn *in) {
  int64_t v = b->slots[in->a[0]].i;
  if (v < 0 || v > (int64_t)UINT32_MAX)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "boundaryValue %lld is not a uint32", (long long)v);
  if (v != 0 && v < L3D_MIN_BOUNDARY)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "boundaryValue %lld bytes is below Load3Dv2's least, "
                    "%d (0: no boundary)",
                    (long long)v, L3D_MIN_BOUNDARY);
  b->l3d.boundary = (uint32_t)v;
  b->l3d.boundary_op = in->op;
  return true;
}

bool sim_exec_load3d_reg(sim_block *b, const sim_insn *in) {
  switch (in->op->kind) {
  case CASC_OP_SET_FMATRIX:
    return set_fmatrix(b, in);
  case CASC_OP_SET_LOAD_DATA_PADDING_VALUE:
    set_padding(b, in);
    return true;
  case CASC_OP_SET_LOAD_DATA_REPEAT:
    return set_repeat(b, in);
  case CASC_OP_SET_LOAD_DATA_BOUNDARY:
    return set_boundary(b, in);
  default:
    return sim_fail(b, in, CASC_CHECK_UNSUPPORTED, "not a Load3D register");
  }
}
