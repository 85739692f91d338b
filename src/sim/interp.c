/* The per-block interpreter: one switch over the flat program. Scalar ops
 * (arith, control flow) are handled inline; framework, memory and tile ops
 * call their handlers, which do a whole tile per call, so the dispatch cost
 * is per op, never per element. An error stops the block. */
#include <math.h>
#include <string.h>

#include "sim/sim_internal.h"

static int64_t smin_of(unsigned dt) {
  switch (dt) {
  case CASC_DT_I8:
    return INT8_MIN;
  case CASC_DT_I16:
    return INT16_MIN;
  case CASC_DT_I32:
    return INT32_MIN;
  case CASC_DT_BOOL:
    return -1;
  default:
    return INT64_MIN;
  }
}

/* float op in the precision of dt (half/bf16: in float, rounded per op). */
static inline double farith(int k, double a, double b, unsigned dt) {
  if (dt == CASC_DT_F64) {
    switch (k) {
    case 0:
      return a + b;
    case 1:
      return a - b;
    case 2:
      return a * b;
    default:
      return a / b;
    }
  }
  float x = (float)a, y = (float)b, r;
  switch (k) {
  case 0:
    r = x + y;
    break;
  case 1:
    r = x - y;
    break;
  case 2:
    r = x * y;
    break;
  default:
    r = x / y;
    break;
  }
  return sim_fround(r, dt);
}

static bool cmpi(int pred, int64_t a, int64_t b, unsigned dt) {
  int64_t sa = sim_sext(a, dt), sb = sim_sext(b, dt);
  uint64_t ua = sim_zext(a, dt), ub = sim_zext(b, dt);
  switch (pred) {
  case 0:
    return ua == ub;
  case 1:
    return ua != ub;
  case 2:
    return sa < sb;
  case 3:
    return sa <= sb;
  case 4:
    return sa > sb;
  case 5:
    return sa >= sb;
  case 6:
    return ua < ub;
  case 7:
    return ua <= ub;
  case 8:
    return ua > ub;
  case 9:
    return ua >= ub;
  default:
    return false;
  }
}

static bool cmpf(int pred, double a, double b) {
  bool uno = isnan(a) || isnan(b);
  switch (pred) {
  case 0:
    return false;
  case 1:
    return !uno && a == b;
  case 2:
    return !uno && a > b;
  case 3:
    return !uno && a >= b;
  case 4:
    return !uno && a < b;
  case 5:
    return !uno && a <= b;
  case 6:
    return !uno && a != b;
  case 7:
    return !uno;
  case 8:
    return uno || a == b;
  case 9:
    return uno || a > b;
  case 10:
    return uno || a >= b;
  case 11:
    return uno || a < b;
  case 12:
    return uno || a <= b;
  case 13:
    return uno || a != b;
  case 14:
    return uno;
  default:
    return true;
  }
}

/* Float to integer of type dt, truncating; saturates, NaN gives 0. */
static int64_t f2i(double v, unsigned dt) {
  if (isnan(v))
    return 0;
  v = trunc(v);
  double lo, hi;
  switch (dt) {
  case CASC_DT_BOOL:
    lo = 0;
    hi = 1;
    break;
  case CASC_DT_I8:
    lo = INT8_MIN;
    hi = INT8_MAX;
    break;
  case CASC_DT_I16:
    lo = INT16_MIN;
    hi = INT16_MAX;
    break;
  case CASC_DT_I32:
    lo = INT32_MIN;
    hi = INT32_MAX;
    break;
  case CASC_DT_U8:
    lo = 0;
    hi = UINT8_MAX;
    break;
  case CASC_DT_U16:
    lo = 0;
    hi = UINT16_MAX;
    break;
  case CASC_DT_U32:
    lo = 0;
    hi = UINT32_MAX;
    break;
  case CASC_DT_U64:
    if (v <= 0)
      return 0;
    if (v >= 18446744073709551616.0)
      return (int64_t)UINT64_MAX;
    return (int64_t)(uint64_t)v;
  default:
    if (v <= -9223372036854775808.0)
      return INT64_MIN;
    if (v >= 9223372036854775808.0)
      return INT64_MAX;
    return (int64_t)v;
  }
  if (v < lo)
    v = lo;
  if (v > hi)
    v = hi;
  return sim_norm((int64_t)v, dt);
}

/* Integer of type sdt to a value of type dt (emitc.cast: C conversion). */
static void convert(sim_slot *r, const sim_slot *a, unsigned dt, unsigned sdt) {
  if (sim_dt_is_float(sdt)) {
    if (sim_dt_is_float(dt))
      r->f = sim_fround(a->f, dt);
    else
      r->i = f2i(a->f, dt);
    return;
  }
  int64_t v = sim_dt_is_unsigned(sdt) ? (int64_t)sim_zext(a->i, sdt)
                                      : sim_sext(a->i, sdt);
  if (sim_dt_is_float(dt))
    r->f = sim_dt_is_unsigned(sdt) ? sim_fround((double)(uint64_t)v, dt)
                                   : sim_fround((double)v, dt);
  else if (dt == CASC_DT_BOOL)
    r->i = v != 0; /* C's conversion to bool */
  else
    r->i = sim_norm(v, dt);
}

static bool arith_error(sim_block *b, const sim_insn *in, const char *what) {
  sim_report(b, CASC_CHECK_ARITH, CASC_SEV_ERROR, in->op, "'%s': %s",
             casc_op_name(in->op), what);
  return false;
}

void sim_block_run(sim_block *b) {
  const casc_sim_program *P = b->L->prog;
  const sim_insn *code = P->code;
  sim_slot *s = b->slots;
  const uint64_t limit = b->L->max_steps;
  uint64_t steps = 0;
  /* Endless loops end at a backward jump: there the step limit, the
   * launch's clock and the other blocks are looked at, at most every
   * SIM_STOP_INTERVAL steps (one compare per jump otherwise). */
  uint64_t check_at = limit < SIM_STOP_INTERVAL ? limit : SIM_STOP_INTERVAL;
  unsigned pc = 0;
  /* With timing on, an instruction is issued to the pipes once it has run
   * without error, i.e. when the next one starts (HALT and a failing
   * instruction are never issued). */
  const bool timing = b->tm != NULL;
  const sim_insn *ran = NULL;
  for (;;) {
    const sim_insn *in = &code[pc++];
    if (timing) {
      if (ran)
        sim_tm_commit(b, ran);
      ran = in;
    }
    steps++;
    sim_slot *r = &s[in->r];
    const sim_slot *x = &s[in->a[0]], *y = &s[in->a[1]];
    unsigned dt = in->dt;
    /* A level-2 vector op ends in normal mode with every mask bit set
     * (vec_mask.c); it does not read the register, so doing it first is
     * the same. */
    if (in->vflags & SIM_VF_L2_RESETS)
      sim_vmask_reset(b);
    switch ((sim_opc)in->opc) {
    case SIM_HALT:
      goto done;
    case SIM_JMP:
      pc = (unsigned)in->imm;
      if (steps > check_at) {
        if (sim_block_check_stop(b, in->op, steps))
          goto done;
        check_at = limit - steps < SIM_STOP_INTERVAL
                       ? limit
                       : steps + SIM_STOP_INTERVAL;
      }
      break;
    case SIM_JZ:
      if (!x->i)
        pc = (unsigned)in->imm;
      break;
    case SIM_MOV:
      *r = *x;
      break;
    case SIM_FOR_TEST: {
      if (sim_sext(s[in->a[2]].i, dt) <= 0) {
        sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                   "scf.for step is %lld; it must be positive",
                   (long long)sim_sext(s[in->a[2]].i, dt));
        goto done;
      }
      if (!(sim_sext(x->i, dt) < sim_sext(y->i, dt)))
        pc = (unsigned)in->imm;
      break;
    }
    case SIM_FOR_STEP:
      r->i = sim_norm((int64_t)((uint64_t)x->i + (uint64_t)y->i), dt);
      break;

    /* ---- arith ------------------------------------------------------- */
    case SIM_ADDI:
      r->i = sim_norm((int64_t)((uint64_t)x->i + (uint64_t)y->i), dt);
      break;
    case SIM_SUBI:
      r->i = sim_norm((int64_t)((uint64_t)x->i - (uint64_t)y->i), dt);
      break;
    case SIM_MULI:
      r->i = sim_norm((int64_t)((uint64_t)x->i * (uint64_t)y->i), dt);
      break;
    case SIM_DIVSI:
    case SIM_REMSI: {
      int64_t a = sim_sext(x->i, dt), d = sim_sext(y->i, dt);
      if (d == 0) {
        arith_error(b, in, "division by zero");
        goto done;
      }
      if (d == -1 && a == smin_of(dt)) {
        if (in->opc == SIM_DIVSI) {
          arith_error(b, in, "signed division overflows");
          goto done;
        }
        r->i = 0;
        break;
      }
      r->i = sim_norm(in->opc == SIM_DIVSI ? a / d : a % d, dt);
      break;
    }
    case SIM_DIVUI:
    case SIM_REMUI: {
      uint64_t a = sim_zext(x->i, dt), d = sim_zext(y->i, dt);
      if (d == 0) {
        arith_error(b, in, "division by zero");
        goto done;
      }
      r->i = sim_norm((int64_t)(in->opc == SIM_DIVUI ? a / d : a % d), dt);
      break;
    }
    case SIM_MINSI:
      r->i = sim_sext(x->i, dt) < sim_sext(y->i, dt) ? x->i : y->i;
      break;
    case SIM_MAXSI:
      r->i = sim_sext(x->i, dt) > sim_sext(y->i, dt) ? x->i : y->i;
      break;
    case SIM_MINUI:
      r->i = sim_zext(x->i, dt) < sim_zext(y->i, dt) ? x->i : y->i;
      break;
    case SIM_MAXUI:
      r->i = sim_zext(x->i, dt) > sim_zext(y->i, dt) ? x->i : y->i;
      break;
    case SIM_ANDI:
      r->i = sim_norm(x->i & y->i, dt);
      break;
    case SIM_ORI:
      r->i = sim_norm(x->i | y->i, dt);
      break;
    case SIM_XORI:
      r->i = sim_norm(x->i ^ y->i, dt);
      break;
    case SIM_CMPI:
      r->i = cmpi((int)in->imm, x->i, y->i, in->dt2);
      break;
    case SIM_SELECT:
      *r = x->i ? *y : s[in->a[2]];
      break;
    case SIM_INDEX_CAST:
    case SIM_EXTSI:
      r->i = sim_norm(sim_sext(x->i, in->dt2), dt);
      break;
    case SIM_INDEX_CASTUI:
    case SIM_EXTUI:
      r->i = sim_norm((int64_t)sim_zext(x->i, in->dt2), dt);
      break;
    case SIM_TRUNCI:
      r->i = sim_norm(x->i, dt);
      break;
    case SIM_SITOFP:
      r->f = sim_fround((double)sim_sext(x->i, in->dt2), dt);
      break;
    case SIM_UITOFP:
      r->f = sim_fround((double)sim_zext(x->i, in->dt2), dt);
      break;
    case SIM_FPTOSI:
    case SIM_FPTOUI:
      r->i = f2i(x->f, dt);
      break;
    case SIM_EXTF:
    case SIM_TRUNCF:
      r->f = sim_fround(x->f, dt);
      break;
    case SIM_ADDF:
      r->f = farith(0, x->f, y->f, dt);
      break;
    case SIM_SUBF:
      r->f = farith(1, x->f, y->f, dt);
      break;
    case SIM_MULF:
      r->f = farith(2, x->f, y->f, dt);
      break;
    case SIM_DIVF:
      r->f = farith(3, x->f, y->f, dt);
      break;
    case SIM_NEGF:
      r->f = -x->f;
      break;
    case SIM_MAXIMUMF:
      r->f = isnan(x->f) || isnan(y->f) ? NAN : (x->f > y->f ? x->f : y->f);
      break;
    case SIM_MINIMUMF:
      r->f = isnan(x->f) || isnan(y->f) ? NAN : (x->f < y->f ? x->f : y->f);
      break;
    case SIM_CMPF:
      r->i = cmpf((int)in->imm, x->f, y->f);
      break;
    case SIM_EMITC_CAST:
      convert(r, x, dt, in->dt2);
      break;
    case SIM_NOP_INCLUDE:
    case SIM_SET_FFTS_BASE_ADDR:
      break;
    case SIM_PIPE_BARRIER:
      /* PipeBarrier<PIPE_ALL> (6) stops the scalar unit too. */
      if (in->imm == 6 && !sim_sync_scalar_waits(b, in))
        goto done;
      if (timing)
        sim_tm_barrier(b, (int)in->imm);
      break;
    case SIM_GET_BLOCK_IDX:
      r->i = sim_norm(b->idx, dt);
      break;
    case SIM_GET_BLOCK_NUM:
      r->i = sim_norm((int64_t)b->L->block_dim, dt);
      break;

    /* ---- framework: queue.c --------------------------------------------- */
    case SIM_PIPE:
    case SIM_QUEUE:
    case SIM_QUE_BIND:
    case SIM_TBUF:
    case SIM_INIT_QUEUE:
    case SIM_INIT_BUFFER:
    case SIM_PIPE_INIT:
    case SIM_PIPE_RESET:
    case SIM_PIPE_DESTROY:
    case SIM_ALLOC_EVENT_ID:
    case SIM_FETCH_EVENT_ID:
    case SIM_RELEASE_EVENT_ID:
    case SIM_ALLOC_TENSOR:
    case SIM_ALLOC_TENSOR_IN_PLACE:
    case SIM_ENQUE:
    case SIM_ENQUE_POS:
    case SIM_DEQUE:
    case SIM_DEQUE_IN_PLACE:
    case SIM_DEQUE_POS:
    case SIM_FREE_TENSOR:
    case SIM_HAS_IDLE_BUFFER:
    case SIM_HAS_TENSOR_IN_QUE:
    case SIM_VACANT_IN_QUE:
    case SIM_TENSOR_COUNT_IN_QUE:
    case SIM_QUE_DESTROY:
    case SIM_FREE_ALL_EVENT:
    case SIM_TBUF_GET:
    case SIM_TBUF_GET_WITH_OFFSET:
    case SIM_TO_QUE_BIND:
    case SIM_BUFPOOL_INIT_QUEUE:
    case SIM_BUFPOOL_INIT_BUFFER:
    case SIM_SET_FLAG:
    case SIM_WAIT_FLAG:
      if (!sim_exec_framework(b, in))
        goto done;
      break;

    /* ---- tensors and copies: mem.c ------------------------------------- */
    case SIM_PTR_OFFSET:
    case SIM_GLOBAL_TENSOR:
    case SIM_SET_GLOBAL_BUFFER:
    case SIM_GT_SUBINDEX:
    case SIM_GT_BRACKET:
    case SIM_GT_GET_VALUE:
    case SIM_GT_SET_VALUE:
    case SIM_GT_GET_SIZE:
    case SIM_GT_GET_PHY_ADDR:
    case SIM_LOCAL_TENSOR:
    case SIM_LOCAL_TENSOR_V2:
    case SIM_LT_SUBINDEX:
    case SIM_LT_BRACKET:
    case SIM_LT_GET_VALUE:
    case SIM_LT_SET_VALUE:
    case SIM_LT_GET_SIZE:
    case SIM_LT_GET_LENGTH:
    case SIM_LT_GET_PHY_ADDR:
    case SIM_REINTERPRET_CAST:
    case SIM_CONSTRUCT:
    case SIM_DATA_COPY_L2:
    case SIM_DATA_COPY_L0:
    case SIM_DATA_COPY_PAD:
      if (!sim_exec_memory(b, in))
        goto done;
      break;

    /* ---- the cube path: cube.c ------------------------------------------ */
    case SIM_DATA_COPY_ND2NZ:
    case SIM_LOAD_DATA_2D:
    case SIM_MMAD:
    case SIM_FIXPIPE:
    case SIM_INIT_CONST_VALUE:
    case SIM_SET_HF32_MODE:
    case SIM_SET_HF32_TRANS:
      if (!sim_exec_cube(b, in))
        goto done;
      break;
    /* the fixpipe's other forms: cube_forms.c */
    case SIM_DATA_COPY_CO12DST:
    case SIM_FIXPIPE_WORKSPACE:
    case SIM_SET_FIX_PRE_QUANT:
    case SIM_SET_MM_LAYOUT:
      if (!sim_exec_cube_forms(b, in))
        goto done;
      break;
    case SIM_LOAD_DATA_TRANSPOSE: /* cube_load_transpose.c */
      if (!sim_exec_load_transpose(b, in))
        goto done;
      break;
    case SIM_LOAD_3D: /* cube_load3d.c */
      if (!sim_exec_load3d(b, in))
        goto done;
      break;
    case SIM_LOAD_DATA_SPARSE: /* cube_sparse.c */
    case SIM_MMAD_SPARSE:
      if (!sim_exec_cube_sparse(b, in))
        goto done;
      break;
    case SIM_SET_AIPP_FUNCTIONS: /* aipp.c */
    case SIM_LOAD_IMAGE_TO_LOCAL:
      if (!sim_exec_aipp(b, in))
        goto done;
      break;
    case SIM_LOAD3D_REG: /* cube_load3d_regs.c */
      if (!sim_exec_load3d_reg(b, in))
        goto done;
      break;

    /* ---- the Matmul object: matmul.c, matmul_tiling.c; mix.c ---------- */
    case SIM_STRUCT_COPY:
    case SIM_STRUCT_MEMBER:
    case SIM_STRUCT_SET_MEMBER:
      if (!sim_exec_struct(b, in))
        goto done;
      break;
    case SIM_MM_OBJECT:
    case SIM_MM_REGIST:
    case SIM_MM_INIT:
    case SIM_MM_SET_TENSOR_A:
    case SIM_MM_SET_TENSOR_B:
    case SIM_MM_SET_BIAS:
    case SIM_MM_DISABLE_BIAS:
    case SIM_MM_SET_TAIL:
    case SIM_MM_SET_SINGLE_SHAPE:
    case SIM_MM_SET_ORG_SHAPE:
    case SIM_MM_SET_WORKSPACE:
    case SIM_MM_SET_QUANT_SCALAR:
    case SIM_MM_ITERATE:
    case SIM_MM_GET_TENSOR_C:
    case SIM_MM_ITERATE_ALL:
    case SIM_MM_ITERATE_BATCH:
    case SIM_MM_END:
    case SIM_MM_WAIT:
    case SIM_MM_SET_TENSOR_SCALAR:
    case SIM_MM_SET_QUANT_VECTOR:
    case SIM_MM_SET_HF32:
    case SIM_MM_GET_TENSOR_C_RETURN:
    case SIM_MM_ASYNC_GET_TENSOR_C:
    case SIM_MM_SET_BATCH_NUM:
    case SIM_MM_ITERATE_BATCH_CUBE_ONLY:
    case SIM_MM_ITERATE_N_BATCH:
    case SIM_MM_GET_BATCH_TENSOR_C:
    case SIM_MM_USER_DATA:
      if (!sim_exec_matmul(b, in))
        goto done;
      break;
    case SIM_MIX_IS_AIC:
    case SIM_MIX_IS_AIV:
    case SIM_MIX_SUB_BLOCK_IDX:
    case SIM_MIX_SUB_BLOCK_NUM:
    case SIM_MIX_CROSS_SET:
    case SIM_MIX_CROSS_WAIT:
    case SIM_MIX_FFTS_SYNC:
      if (!sim_exec_mix(b, in))
        goto done;
      break;

    /* ---- DumpTensor / printf: print.c ------------------------------------ */
    case SIM_DUMP_TENSOR:
    case SIM_PRINTF:
    case SIM_DUMP_ACC_CHK_POINT:
    case SIM_LT_PRINT:
    case SIM_LT_TO_FILE:
    case SIM_PRINT_TIME_STAMP:
      b->steps = steps; /* PrintTimeStamp reads it */
      if (!sim_exec_print(b, in))
        goto done;
      break;

    /* ---- advanced APIs: adv.c ------------------------------------------- */
    case SIM_SOFTMAX:
    case SIM_SIMPLE_SOFTMAX:
    case SIM_ASCEND_QUANT:
    case SIM_RMSNORM:
      if (!sim_exec_adv(b, in))
        goto done;
      break;

    /* ---- tile ops: vec.c / cast.c ---------------------------------------- */
    case SIM_CAST_L2:
      if (!sim_exec_cast(b, in))
        goto done;
      break;
    case SIM_VEC_BINARY_REP:
    case SIM_VEC_SCALAR_REP:
    case SIM_VEC_UNARY_REP:
      if (!sim_exec_vector_repeat(b, in))
        goto done;
      break;
    case SIM_VEC_DUP_REP:
      if (!sim_exec_dup_repeat(b, in))
        goto done;
      break;
    case SIM_VEC_REDUCE_REP:
    case SIM_WHOLE_REDUCE_SUM:
    case SIM_WHOLE_REDUCE_MAX:
    case SIM_WHOLE_REDUCE_MIN:
    case SIM_REPEAT_REDUCE_SUM:
    case SIM_BLOCK_REDUCE_SUM:
    case SIM_BLOCK_REDUCE_MAX:
    case SIM_BLOCK_REDUCE_MIN:
    case SIM_PAIR_REDUCE_SUM:
      if (!sim_exec_reduce_repeat(b, in))
        goto done;
      break;
    case SIM_CAST_REP:
      if (!sim_exec_cast_repeat(b, in))
        goto done;
      break;
    case SIM_AXPY:
      if (!sim_exec_axpy(b, in))
        goto done;
      break;
    case SIM_BRCB:
      if (!sim_exec_brcb(b, in))
        goto done;
      break;
    case SIM_GATHER:
      if (!sim_exec_gather(b, in))
        goto done;
      break;
    case SIM_GATHER_MASK:
      if (!sim_exec_gather_mask(b, in))
        goto done;
      break;
    case SIM_GATHER_MASK_COUNT:
      if (!sim_exec_gather_mask_count(b, in))
        goto done;
      break;
    case SIM_TRANSPOSE:
      if (!sim_exec_transpose(b, in))
        goto done;
      break;
    case SIM_BILINEAR:
      if (!sim_exec_bilinear(b, in))
        goto done;
      break;
    case SIM_SORT32:
      if (!sim_exec_sort32(b, in))
        goto done;
      break;
    case SIM_COPY_REPEAT:
      if (!sim_exec_copy_repeat(b, in))
        goto done;
      break;
    case SIM_COMPARE_REG:
    case SIM_GET_CMP_MASK:
    case SIM_SET_CMP_MASK:
      if (!sim_exec_cmpmask(b, in))
        goto done;
      break;
    case SIM_SELECT_REG:
      if (!sim_exec_select_reg(b, in))
        goto done;
      break;
    case SIM_GATHERB:
      if (!sim_exec_gatherb(b, in))
        goto done;
      break;
    case SIM_DATA_COPY_NZ2ND:
      if (!sim_exec_data_copy_nz2nd(b, in))
        goto done;
      break;
    case SIM_DATA_COPY_SLICE:
      if (!sim_exec_data_copy_slice(b, in))
        goto done;
      break;
    case SIM_SORT:
    case SIM_EXTRACT:
    case SIM_MRG_SORT:
    case SIM_MRG_SORT_INFO:
    case SIM_GET_MRG_SORT_RESULT:
    case SIM_CONCAT:
    case SIM_SORT_LEN:
      if (!sim_exec_sort_family(b, in))
        goto done;
      break;
    case SIM_TRANS_5HD_LIST:
    case SIM_TRANS_5HD_ADDR:
    case SIM_TRANS_5HD_UINT:
      if (!sim_exec_trans_5hd(b, in))
        goto done;
      break;
    case SIM_VEC_BIN_CAST:
      if (!sim_exec_bin_cast(b, in))
        goto done;
      break;
    case SIM_SET_DEQ_SCALE:
      if (!sim_exec_set_deq_scale(b, in))
        goto done;
      break;
    case SIM_VEC_MATH:
      if (!sim_exec_math(b, in))
        goto done;
      break;
    case SIM_SET_MASK_COUNT:
    case SIM_SET_MASK_NORM:
    case SIM_RESET_MASK:
    case SIM_SET_VECTOR_MASK:
      if (!sim_exec_vmask(b, in))
        goto done;
      break;
    case SIM_COMPARE:
    case SIM_COMPARE_SCALAR:
    case SIM_SELECT_TENSOR:
    case SIM_SELECT_SCALAR:
      if (!sim_exec_cmpsel(b, in))
        goto done;
      break;
    case SIM_VEC_BINARY:
    case SIM_VEC_BINARY_L3:
    case SIM_VEC_SCALAR:
    case SIM_VEC_UNARY:
    case SIM_VEC_DUP:
    case SIM_VEC_REDUCE:
      if (!sim_exec_vector(b, in))
        goto done;
      break;
    /* ---- scalar, system, atomics, SyncAll: scalar_ops.c, atomic.c,
     * sync_all.c ------------------------------------------------------- */
    case SIM_CEILDIVSI:
    case SIM_CEILDIVUI:
    case SIM_FLOORDIVSI:
    case SIM_SHLI:
    case SIM_SHRSI:
    case SIM_SHRUI:
    case SIM_MAXNUMF:
    case SIM_MINNUMF:
    case SIM_REMF:
    case SIM_BITCAST:
    case SIM_ADDUI_EXT:
    case SIM_MULSI_EXT:
    case SIM_MULUI_EXT:
    case SIM_MATH:
    case SIM_DATA_BLOCK_SIZE:
    case SIM_SYSTEM_CYCLE:
    case SIM_PROGRAM_COUNTER:
    case SIM_TASK_RATIO:
    case SIM_ICACHE_STATUS:
    case SIM_SCALAR_BITS:
    case SIM_SCALAR_CAST:
    case SIM_TRAP:
    case SIM_NO_EFFECT:
      b->steps = steps; /* GetSystemCycle reads it */
      if (!sim_exec_scalar_ext(b, in))
        goto done;
      break;
    case SIM_SET_ATOMIC:
    case SIM_SET_STORE_ATOMIC:
    case SIM_GET_STORE_ATOMIC:
      if (!sim_exec_atomic(b, in))
        goto done;
      break;
    case SIM_SYNC_ALL:
      if (!sim_exec_sync_all(b, in))
        goto done;
      break;
    case SIM_IB_SET:
    case SIM_IB_WAIT:
    case SIM_NOTIFY_NEXT_BLOCK:
    case SIM_WAIT_PRE_BLOCK:
      if (!sim_exec_block_flag(b, in))
        goto done;
      break;
    case SIM_MEMREF_ALLOC:
    case SIM_MEMREF_LOAD:
    case SIM_MEMREF_STORE:
    case SIM_MEMREF_CAST:
    case SIM_EMIT_VARIABLE:
    case SIM_EMIT_DEREF:
    case SIM_EMIT_REINTERPRET:
      if (!sim_exec_memref(b, in))
        goto done;
      break;
    case SIM_LT_SET_SIZE:
    case SIM_LT_SET_ADDR_OFFSET:
    case SIM_LT_GET_POSITION:
    case SIM_PIPE_BASE_ADDR:
    case SIM_LMA_NEW:
    case SIM_LMA_ALLOC:
    case SIM_LMA_CUR_ADDR:
    case SIM_LT_SET_BUFFER_LEN:
      if (!sim_exec_tensor_meta(b, in))
        goto done;
      break;
    case SIM_BUFPOOL_NEW:
    case SIM_PIPE_INIT_BUF_POOL:
    case SIM_BUFPOOL_INIT_BUF_POOL:
    case SIM_BUFPOOL_RESET:
      if (!sim_exec_bufpool(b, in))
        goto done;
      break;
    case SIM_LT_SET_USER_TAG:
    case SIM_LT_GET_USER_TAG:
      if (!sim_exec_tensor_tag(b, in))
        goto done;
      break;
    case SIM_SHAPE_INFO_NEW:
    case SIM_SHAPE_INFO_GET:
    case SIM_SHAPE_INFO_SET:
    case SIM_SHAPE_INFO_DIM:
    case SIM_SHAPE_SIZE:
      if (!sim_exec_shape_info(b, in))
        goto done;
      break;
    case SIM_DESC_NEW:
    case SIM_DESC_LIST:
    case SIM_DESC_TENSOR:
      if (!sim_exec_tensor_desc(b, in))
        goto done;
      break;
    case SIM_SET_PAD_VALUE:
    case SIM_SET_SYS_WORKSPACE:
    case SIM_GET_SYS_WORKSPACE:
    case SIM_POP_STACK_BUFFER:
    case SIM_CHECK_LOCAL_MEMORY_IA:
      if (!sim_exec_env(b, in))
        goto done;
      break;
    case SIM_NONE: /* lowering never emits these two */
    case SIM_LOWERED:
    case SIM_OPC_COUNT_:
      goto done;
    }
  }
done:
  b->steps = steps;
  if (!b->failed)
    sim_end_of_kernel(b);
}
