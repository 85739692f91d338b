/* Lowering checks of the cube's other data movement forms (cube_forms.c):
 * operand kinds, element types and the parameter structs the handlers
 * read field by field (and of LoadDataWithTranspose, cube_load_transpose.c).
 * Called by lower.c, which reports `why` as "not supported by the simulator:
 * <op> (why)". TPositions are runtime facts the handlers check. */
#include <stdio.h>

#include "sim/sim_internal.h"

static bool is_local(const casc_op *op, unsigned i) {
  return i < op->nops && casc_type_is_local_tensor(op->operands[i].value->type);
}

static bool is_global(const casc_op *op, unsigned i) {
  return i < op->nops &&
         casc_type_is_global_tensor(op->operands[i].value->type);
}

static unsigned elem_dt(const casc_op *op, unsigned i) {
  casc_type *t = op->operands[i].value->type;
  casc_type *e = casc_type_elem(t);
  return casc_dtype_of_type(e ? e : t);
}

/* Operand i is an ascendc.construct of struct id. */
static bool construct_of(const casc_op *op, unsigned i, casc_asc_type id) {
  const casc_value *v = i < op->nops ? op->operands[i].value : NULL;
  return v && v->def && v->def->kind == CASC_OP_CONSTRUCT &&
         casc_type_is_asc(v->type, id);
}

/* L0C holds float or int32. */
static bool l0c_type(unsigned dt) {
  return dt == CASC_DT_F32 || dt == CASC_DT_I32;
}

bool sim_lower_check_cube_forms(const casc_op *op, sim_insn *in, char *why,
                                size_t n) {
  switch (in->opc) {
  case SIM_DATA_COPY_CO12DST:
    if (op->nops != 3 || !(is_global(op, 0) || is_local(op, 0)) ||
        !is_local(op, 1) || !l0c_type(elem_dt(op, 1)) ||
        !construct_of(op, 2, CASC_ASC_DATA_COPY_CO12DST_PARAMS)) {
      snprintf(why, n,
               "DataCopy with DataCopyCO12DstParams other than a float / "
               "int32 CO1 LocalTensor to a GlobalTensor or LocalTensor, "
               "with a DataCopyCO12DstParams construct");
      return false;
    }
    return true;
  case SIM_FIXPIPE_WORKSPACE:
    if (op->nops != 5 || !is_global(op, 0) || !is_local(op, 1) ||
        !l0c_type(elem_dt(op, 1)) || !is_local(op, 2) ||
        elem_dt(op, 2) != CASC_DT_U64 ||
        !construct_of(op, 3, CASC_ASC_FIXPIPE_PARAMS_V220) ||
        !construct_of(op, 4, CASC_ASC_FIXPIPE_CONFIG)) {
      snprintf(why, n,
               "Fixpipe with a workspace other than a float / int32 CO1 "
               "LocalTensor to a GlobalTensor, a uint64 LocalTensor "
               "workspace and FixpipeParamsV220 / FixpipeConfig constructs");
      return false;
    }
    return true;
  case SIM_LOAD_DATA_SPARSE: /* cube_sparse.c */
    /* the index: uint8 as the C++ template takes it, int8 as its text
     * calls it (Ascend C reference, LoadDataWithSparse) */
    if (op->nops != 4 || !is_local(op, 0) || !is_local(op, 1) ||
        !is_local(op, 2) || elem_dt(op, 0) != CASC_DT_I8 ||
        elem_dt(op, 1) != CASC_DT_I8 ||
        (elem_dt(op, 2) != CASC_DT_U8 && elem_dt(op, 2) != CASC_DT_I8) ||
        !construct_of(op, 3, CASC_ASC_LOAD_DATA_2D_PARAMS)) {
      snprintf(why, n,
               "LoadDataWithSparse other than int8 LocalTensor to "
               "LocalTensor with a uint8 index LocalTensor and a "
               "LoadData2DParams construct");
      return false;
    }
    return true;
  case SIM_MMAD_SPARSE:
    if (op->nops != 4 || !is_local(op, 0) || !is_local(op, 1) ||
        !is_local(op, 2) || elem_dt(op, 0) != CASC_DT_I32 ||
        elem_dt(op, 1) != CASC_DT_I8 || elem_dt(op, 2) != CASC_DT_I8 ||
        !construct_of(op, 3, CASC_ASC_MMAD_PARAMS)) {
      snprintf(why, n,
               "MmadWithSparse other than int8 LocalTensors into an int32 "
               "LocalTensor with a MmadParams construct");
      return false;
    }
    in->imm = op->operands[3].value->def->nops; /* the MmadParams form */
    return true;
  case SIM_LOAD_DATA_TRANSPOSE:
    if (op->nops != 3 || !is_local(op, 0) || !is_local(op, 1) ||
        elem_dt(op, 0) != elem_dt(op, 1) ||
        !construct_of(op, 2, CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS)) {
      snprintf(why, n,
               "LoadDataWithTranspose other than LocalTensor to LocalTensor "
               "of one type with a LoadData2dTransposeParams construct");
      return false;
    }
    return true;
  case SIM_LOAD_3D: {
    /* imm: 1 for V2Pro (its fields are packed; the fmatrix and the pad
     * value come from the registers) */
    bool pro = op->kind == CASC_OP_LOAD_DATA_3D_L0_V2PRO;
    if (op->nops != 3 || !is_local(op, 0) || !is_local(op, 1) ||
        elem_dt(op, 0) != elem_dt(op, 1) ||
        !construct_of(op, 2,
                      pro ? CASC_ASC_LOAD_DATA_3D_PARAMS_V2_PRO
                          : CASC_ASC_LOAD_DATA_3D_PARAMS_V2) ||
        op->operands[2].value->def->nops != (pro ? 8 : 22)) {
      snprintf(why, n,
               "LoadData 3-D other than LocalTensor to LocalTensor of one "
               "type with a LoadData3DParams%s construct of all its fields",
               pro ? "V2Pro" : "V2");
      return false;
    }
    in->imm = pro;
    return true;
  }
  case SIM_LOAD3D_REG:
    return sim_lower_check_load3d_reg(op, in, why, n);
  default:
    return true;
  }
}
