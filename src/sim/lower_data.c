/* Lowering checks of the data-movement and CMPMASK rows (vec_copy.c,
 * vec_cmpmask.c): the operand kinds and element types the Ascend C
 * reference lists for Atlas A2, the parameter struct each one reads field
 * by field, and the attributes the handlers take as immediates. Called by
 * lower.c, which reports `why` as "not supported by the simulator: <op>
 * (why)". */
#include <stdio.h>
#include <string.h>

#include "sim/sim_internal.h"

static bool local(const casc_op *op, unsigned i) {
  return i < op->nops && casc_type_is_local_tensor(op->operands[i].value->type);
}

static unsigned elem_dt(const casc_op *op, unsigned i) {
  casc_type *t = op->operands[i].value->type;
  casc_type *e = casc_type_elem(t);
  return casc_dtype_of_type(e ? e : t);
}

/* Operand i is an ascendc.construct of struct id (the handlers read its
 * fields from their slots). */
static bool struct_operand(const casc_op *op, unsigned i, casc_asc_type id,
                           const char *what, char *why, size_t n) {
  const casc_value *v = i < op->nops ? op->operands[i].value : NULL;
  if (v && v->def && v->def->kind == CASC_OP_CONSTRUCT &&
      casc_type_is_asc(v->type, id))
    return true;
  snprintf(why, n, "a %s that is not an ascendc.construct", what);
  return false;
}

/* 1 when the row's `mask` operand is variadic (the mask words), else 0. */
static int64_t mask_is_array(const casc_op *op) {
  const casc_op_info *info = casc_op_info_of(op);
  for (unsigned i = 0; i < info->nopnds; i++)
    if (strcmp(info->opnds[i].name, "mask") == 0)
      return info->opnds[i].card == '*';
  return 0;
}

/* Copy: UB -> UB of one element type, A2's uint16 / int16 / half / bfloat16
 * / uint32 / int32 / float. */
static bool check_copy_repeat(const casc_op *op, sim_insn *in, char *why,
                              size_t n) {
  const unsigned d = in->dt;
  const bool typed = d == CASC_DT_U16 || d == CASC_DT_I16 || d == CASC_DT_F16 ||
                     d == CASC_DT_BF16 || d == CASC_DT_U32 ||
                     d == CASC_DT_I32 || d == CASC_DT_F32;
  if (op->nops < 6 || !local(op, 0) || !local(op, 1) || elem_dt(op, 1) != d ||
      !typed) {
    snprintf(why, n,
             "Copy other than LocalTensor to LocalTensor of one type (A2: "
             "uint16, int16, half, bfloat16, uint32, int32, float)");
    return false;
  }
  in->imm2 = mask_is_array(op);
  return struct_operand(op, op->nops - 2, CASC_ASC_COPY_REPEAT_PARAMS,
                        "CopyRepeatParams", why, n);
}

/* Compare into CMPMASK: half or float sources of one type, a CMPMODE, the
 * mask set by the op (isSetMask). */
static bool check_compare_reg(const casc_op *op, sim_insn *in, char *why,
                              size_t n) {
  const unsigned d = in->dt;
  if (op->nops < 4 || !local(op, 0) || !local(op, 1) || elem_dt(op, 1) != d ||
      (d != CASC_DT_F16 && d != CASC_DT_F32)) {
    snprintf(why, n,
             "Compare (register form) other than two LocalTensors of half "
             "or float (A2)");
    return false;
  }
  casc_attr *a = casc_op_attr(op, "cmpMode");
  if (!a || a->kind != CASC_ATTR_INTEGER || a->u.i.v < 0 || a->u.i.v > 5) {
    snprintf(why, n, "a cmpMode attribute other than 0..5");
    return false;
  }
  if (!casc_op_attr(op, "isSetMask")) {
    snprintf(why, n,
             "isSetMask = false (the mask of SetVectorMask) is not modelled");
    return false;
  }
  in->imm = a->u.i.v;
  in->imm2 = mask_is_array(op);
  return struct_operand(op, op->nops - 1, CASC_ASC_BINARY_REPEAT_PARAMS,
                        "BinaryRepeatParams", why, n);
}

static bool half_or_float(unsigned d) {
  return d == CASC_DT_F16 || d == CASC_DT_F32;
}

/* Sort: dst, concat of one type (half, float), uint32 index, tmp. */
static bool check_sort(const casc_op *op, sim_insn *in, char *why, size_t n) {
  if (op->nops != 5 || !local(op, 0) || !local(op, 1) || !local(op, 2) ||
      !local(op, 3) || !half_or_float(in->dt) || elem_dt(op, 1) != in->dt ||
      elem_dt(op, 2) != CASC_DT_U32) {
    snprintf(why, n,
             "Sort other than LocalTensors of half / float scores with "
             "uint32 indices");
    return false;
  }
  in->imm = casc_op_attr(op, "isFullSort") != NULL;
  return true;
}

/* Concat: concat, src, tmp of one type (half, float), repeatTime. */
static bool check_concat(const casc_op *op, sim_insn *in, char *why, size_t n) {
  if (op->nops != 4 || !local(op, 0) || !local(op, 1) || !local(op, 2) ||
      !half_or_float(in->dt) || elem_dt(op, 1) != in->dt ||
      elem_dt(op, 2) != in->dt) {
    snprintf(why, n,
             "Concat other than LocalTensors of one type (half, "
             "float)");
    return false;
  }
  return true;
}

/* Extract: dstValue (half, float), dstIndex uint32, src of dstValue's
 * type. */
static bool check_extract(const casc_op *op, sim_insn *in, char *why,
                          size_t n) {
  if (op->nops != 4 || !local(op, 0) || !local(op, 1) || !local(op, 2) ||
      !half_or_float(in->dt) || elem_dt(op, 1) != CASC_DT_U32 ||
      elem_dt(op, 2) != in->dt) {
    snprintf(why, n,
             "Extract other than half / float values and uint32 indices "
             "from LocalTensors");
    return false;
  }
  return true;
}

/* MrgSort's dst (half / float) and its MrgSortSrcList operand 1: a
 * construct of 2..4 LocalTensors of dst's type, whose count goes to imm2. */
static bool mrg_sort_lists(const casc_op *op, sim_insn *in) {
  const casc_value *l = op->nops > 1 ? op->operands[1].value : NULL;
  const casc_op *c = l ? l->def : NULL;
  bool ok = local(op, 0) && half_or_float(in->dt) && c &&
            c->kind == CASC_OP_CONSTRUCT &&
            casc_type_is_asc(l->type, CASC_ASC_MRG_SORT_SRC_LIST) &&
            c->nops >= 2 && c->nops <= 4;
  for (unsigned i = 0; ok && i < c->nops; i++)
    ok = casc_type_is_local_tensor(c->operands[i].value->type) &&
         elem_dt(c, i) == in->dt;
  in->imm2 = ok ? c->nops : 0;
  return ok;
}

/* MrgSort (elementCountList form): 1..4 counts. */
static bool check_mrg_sort(const casc_op *op, sim_insn *in, char *why,
                           size_t n) {
  unsigned cb = 0, cc = 0;
  bool ok = op->nops >= 4 && mrg_sort_lists(op, in) &&
            casc_op_operand_group(op, 2, &cb, &cc) && cb == 2 && cc >= 1 &&
            cc <= 4;
  if (!ok) {
    snprintf(why, n,
             "MrgSort other than a half / float LocalTensor dst, a "
             "MrgSortSrcList construct of 2..4 LocalTensors of its type and "
             "1..4 element counts");
    return false;
  }
  in->imm = cc | (casc_op_attr(op, "isExhaustedSuspension") ? 1 << 8 : 0);
  return true;
}

/* MrgSort with MrgSort4Info: the info a construct of (elementLengths, a
 * local array of 4 integers; ifExhaustedSuspension; validBit;
 * repeatTimes), as pyasc's asc.MrgSort4Info builds it. */
static bool check_mrg_sort_info(const casc_op *op, sim_insn *in, char *why,
                                size_t n) {
  const casc_value *p = op->nops == 3 ? op->operands[2].value : NULL;
  const casc_op *c = p ? p->def : NULL;
  const casc_type *lt = c && c->nops == 4 ? c->operands[0].value->type : NULL;
  const casc_type *le = lt && lt->kind == CASC_TYPE_MEMREF &&
                                !lt->u.memref.space && lt->u.memref.rank == 1 &&
                                lt->u.memref.shape[0] == 4
                            ? casc_type_elem(lt)
                            : NULL;
  unsigned ld = le ? casc_dtype_of_type(le) : CASC_DT_INVALID;
  bool ok = p && mrg_sort_lists(op, in) && c->kind == CASC_OP_CONSTRUCT &&
            casc_type_is_asc(p->type, CASC_ASC_MRG_SORT4_INFO) &&
            (ld == CASC_DT_U16 || ld == CASC_DT_I16 || ld == CASC_DT_U32 ||
             ld == CASC_DT_I32);
  if (!ok) {
    snprintf(why, n,
             "MrgSort other than a half / float LocalTensor dst, a "
             "MrgSortSrcList construct of 2..4 LocalTensors of its type and "
             "a MrgSort4Info construct whose elementLengths is a local "
             "array of 4 integers");
    return false;
  }
  return true;
}

/* DataCopy NZ -> ND: UB to GM of one type, A2's int16, uint16, int32,
 * uint32, half, bfloat16, float. */
static bool check_nz2nd(const casc_op *op, sim_insn *in, char *why, size_t n) {
  const unsigned d = in->dt;
  const bool typed = d == CASC_DT_I16 || d == CASC_DT_U16 || d == CASC_DT_I32 ||
                     d == CASC_DT_U32 || d == CASC_DT_F16 ||
                     d == CASC_DT_BF16 || d == CASC_DT_F32;
  if (op->nops != 3 ||
      !casc_type_is_global_tensor(op->operands[0].value->type) ||
      !local(op, 1) || elem_dt(op, 1) != d || !typed) {
    snprintf(why, n,
             "DataCopy with Nz2NdParamsFull other than LocalTensor to "
             "GlobalTensor of one type (A2: int16, uint16, int32, uint32, "
             "half, bfloat16, float)");
    return false;
  }
  return struct_operand(op, 2, CASC_ASC_NZ2ND_PARAMS_FULL, "Nz2NdParamsFull",
                        why, n);
}

/* Gatherb: dst and src0 of one type (A2: uint16, uint32), uint32
 * offsets. */
static bool check_gatherb(const casc_op *op, sim_insn *in, char *why,
                          size_t n) {
  const unsigned d = in->dt;
  if (op->nops != 5 || !local(op, 0) || !local(op, 1) || !local(op, 2) ||
      elem_dt(op, 1) != d || (d != CASC_DT_U16 && d != CASC_DT_U32) ||
      elem_dt(op, 2) != CASC_DT_U32) {
    snprintf(why, n,
             "Gatherb other than LocalTensors of uint16 / uint32 (A2) with "
             "uint32 offsets");
    return false;
  }
  return struct_operand(op, 4, CASC_ASC_GATHER_REPEAT_PARAMS,
                        "GatherRepeatParams", why, n);
}

/* DataCopy with SliceInfo: GM -> UB or UB -> GM of one type (A2: int8,
 * uint8, int16, uint16, int32, uint32, half, bfloat16, float), 1..8
 * SliceInfo constructs a side. */
static bool check_slice(const casc_op *op, sim_insn *in, char *why, size_t n) {
  const unsigned d = in->dt;
  const casc_type *t0 = op->operands[0].value->type;
  const casc_type *t1 = op->operands[1].value->type;
  unsigned db = 0, dc = 0, sb = 0, sc = 0, vb = 0, vc = 0;
  bool ok = op->nops >= 4 &&
            ((local(op, 0) && casc_type_is_global_tensor(t1)) ||
             (casc_type_is_global_tensor(t0) && local(op, 1))) &&
            elem_dt(op, 1) == d &&
            (d == CASC_DT_I8 || d == CASC_DT_U8 || d == CASC_DT_I16 ||
             d == CASC_DT_U16 || d == CASC_DT_I32 || d == CASC_DT_U32 ||
             d == CASC_DT_F16 || d == CASC_DT_BF16 || d == CASC_DT_F32) &&
            casc_op_operand_group(op, 2, &db, &dc) &&
            casc_op_operand_group(op, 3, &sb, &sc) &&
            casc_op_operand_group(op, 4, &vb, &vc) && dc >= 1 && dc <= 8 &&
            sc >= 1 && sc <= 8;
  if (!ok) {
    snprintf(why, n,
             "DataCopy with SliceInfo other than GM <-> UB of one type (A2: "
             "int8, uint8, int16, uint16, int32, uint32, half, bfloat16, "
             "float) with 1..8 SliceInfos a side");
    return false;
  }
  for (unsigned i = 0; i < dc + sc; i++)
    if (!struct_operand(op, db + i, CASC_ASC_SLICE_INFO, "SliceInfo", why, n))
      return false;
  in->imm = dc | sc << 8 | (vc ? 1 << 16 : 0);
  return true;
}

/* TransDataTo5HD, LocalTensor lists: 16 dst and 16 src tensors of one
 * type (A2: int8, uint8, int16, uint16, half, int32, uint32, float) and a
 * TransDataTo5HDParams construct. */
static bool check_trans_5hd_list(const casc_op *op, sim_insn *in, char *why,
                                 size_t n) {
  const unsigned d = in->dt;
  unsigned db = 0, dc = 0, sb = 0, sc = 0;
  bool ok = op->nops == 33 && casc_op_operand_group(op, 0, &db, &dc) &&
            casc_op_operand_group(op, 1, &sb, &sc) && dc == 16 && sc == 16 &&
            (d == CASC_DT_I8 || d == CASC_DT_U8 || d == CASC_DT_I16 ||
             d == CASC_DT_U16 || d == CASC_DT_F16 || d == CASC_DT_I32 ||
             d == CASC_DT_U32 || d == CASC_DT_F32);
  for (unsigned i = 0; ok && i < 32; i++)
    ok = local(op, i) && elem_dt(op, i) == d;
  if (!ok) {
    snprintf(why, n,
             "TransDataTo5HD other than 16 dst and 16 src LocalTensors of one "
             "type (A2: int8, uint8, int16, uint16, half, int32, uint32, "
             "float)");
    return false;
  }
  return struct_operand(op, 32, CASC_ASC_TRANS_DATA_TO_5HD_PARAMS,
                        "TransDataTo5HDParams", why, n);
}

bool sim_lower_check_data(const casc_op *op, sim_insn *in, char *why,
                          size_t n) {
  switch (in->opc) {
  case SIM_TRANS_5HD_LIST:
    return check_trans_5hd_list(op, in, why, n);
  case SIM_TRANS_5HD_ADDR:
  case SIM_TRANS_5HD_UINT:
    return sim_lower_check_trans_5hd_addr(op, in, why, n);
  case SIM_DATA_COPY_SLICE:
    return check_slice(op, in, why, n);
  case SIM_GATHERB:
    return check_gatherb(op, in, why, n);
  case SIM_DATA_COPY_NZ2ND:
    return check_nz2nd(op, in, why, n);
  case SIM_SORT:
    return check_sort(op, in, why, n);
  case SIM_CONCAT:
    return check_concat(op, in, why, n);
  case SIM_EXTRACT:
    return check_extract(op, in, why, n);
  case SIM_MRG_SORT:
    return check_mrg_sort(op, in, why, n);
  case SIM_MRG_SORT_INFO:
    return check_mrg_sort_info(op, in, why, n);
  case SIM_COPY_REPEAT:
    return check_copy_repeat(op, in, why, n);
  case SIM_COMPARE_REG:
    return check_compare_reg(op, in, why, n);
  case SIM_GET_CMP_MASK:
  case SIM_SET_CMP_MASK:
    if (op->nops == 1 && local(op, 0))
      return true;
    snprintf(why, n, "%s of other than one LocalTensor",
             casc_op_info_of(op)->api);
    return false;
  default:
    return true;
  }
}
