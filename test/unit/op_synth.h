/* Synthesis of a minimal valid op for one row of the op table, for the
 * table sweep (test_tool_op_sweep.c). The op is built with the builder API
 * inside a kernel function `@sweep(%gm: memref<?xf32, 22>)`; each operand
 * gets a value made by ordinary producer ops placed before it (constants,
 * a TPipe, queues and TBufs with their InitBuffer, GlobalTensors bound to
 * %gm, API structs by ascendc.construct), so that the simulator sees a
 * kernel it can run as far as it models the ops.
 *
 * Types follow the row's constraints (constraints.def): one fixed choice
 * per constraint, and for `Any` a choice by operand name where the name
 * says what the API expects (dst/src are tensors, scalar is an element).
 * `=other` ties are honoured. Tensors hold f32 (int16 for the bitwise
 * APIs). Values are small and sane (counts of 64 elements in 1 KiB
 * buffers) but nothing depends on them: the sweep asks for
 * run-or-clean-reject, not for results.
 *
 * Header-only and static, like check.h, so a test stays one translation
 * unit. */
#ifndef CASC_TEST_OP_SYNTH_H
#define CASC_TEST_OP_SYNTH_H

#include <stdio.h>
#include <string.h>

#include "casc/ir.h"
#include "dialect/dialect.h"

#define SYNTH_KERNEL "sweep"
#define SYNTH_GM_ELEMS 1024u /* f32 elements behind %gm */
#define SYNTH_UB_BYTES 1024  /* bytes of each queue / TBuf buffer */
#define SYNTH_COUNT 64       /* elements an op is asked to process */

typedef struct {
  casc_ctx *ctx;
  casc_builder b;
  const casc_op_info *row;
  /* Variant: optional operands and attributes present (variadic groups get
   * two values), or all absent. `alt` takes the other branch of formats
   * with alternatives (`(a^):(b)?`): see synth_alternatives[]. */
  bool full, alt;
  casc_type *elem; /* element type of the row's local tensors and scalars */
  casc_op *module, *kernel;
  casc_value *gm;
  casc_value *pipe;  /* made on first use */
  casc_value *queue; /* the row's queue operand, once made */
  bool row_inits;    /* the row itself is an InitBuffer: do not init */
  /* Constants made so far, reused: one value per (type, value), as a
   * kernel author writes them (and as pyasc's emitter needs: it names a
   * constant's C++ variable after its value, so two equal constants in
   * one function would be two declarations of one name). */
  struct {
    casc_type *t;
    int64_t v;
    casc_value *val;
  } consts[32];
  unsigned nconsts;
  const char *error; /* why synthesis failed */
  char error_buf[256];
} synth;

/* ---- small builders ------------------------------------------------------ */

static casc_attr *synth_dict1(synth *s, const char *name, casc_attr *v) {
  casc_named_attr a = {casc_intern_cstr(s->ctx, name), v};
  return casc_attr_dict(s->ctx, 1, &a);
}

static casc_value *synth_op1(synth *s, casc_op_kind k, unsigned n,
                             casc_value **ops, casc_type *res,
                             casc_attr *attrs) {
  casc_op *o =
      casc_build(&s->b, k, n, ops, res ? 1 : 0, res ? &res : NULL, attrs, 0);
  return res ? casc_op_result(o, 0) : NULL;
}

/* A constant of scalar type t: arith.constant for signless integers, index
 * and floats, emitc.constant for signed/unsigned integers (MLIR's arith
 * takes signless types only; pyasc uses emitc.constant for the others). */
static casc_value *synth_const(synth *s, casc_type *t, int64_t v) {
  for (unsigned i = 0; i < s->nconsts; i++)
    if (s->consts[i].t == t && s->consts[i].v == v)
      return s->consts[i].val;
  casc_attr *val;
  if (t->kind == CASC_TYPE_FLOAT)
    val = casc_attr_float(s->ctx, t, (double)v);
  else if (casc_type_is_int_of(t, 1, CASC_SIGNLESS))
    val = casc_attr_int(s->ctx, t, v != 0);
  else
    val = casc_attr_int(s->ctx, t, v);
  bool arith =
      t->kind != CASC_TYPE_INTEGER || t->u.integer.sign == CASC_SIGNLESS;
  casc_value *c =
      synth_op1(s, arith ? CASC_OP_ARITH_CONSTANT : CASC_OP_EMITC_CONSTANT, 0,
                NULL, t, synth_dict1(s, "value", val));
  if (s->nconsts < sizeof s->consts / sizeof s->consts[0]) {
    s->consts[s->nconsts].t = t;
    s->consts[s->nconsts].v = v;
    s->consts[s->nconsts++].val = c;
  }
  return c;
}

static casc_type *synth_f32(synth *s) {
  return casc_type_float(s->ctx, CASC_F32);
}

static casc_value *synth_i32(synth *s, int64_t v) {
  return synth_const(s, casc_type_i32(s->ctx), v);
}

static casc_value *synth_pipe(synth *s) {
  if (!s->pipe)
    s->pipe = synth_op1(s, CASC_OP_PIPE, 0, NULL, casc_type_pipe(s->ctx), NULL);
  return s->pipe;
}

/* `ascendc.pipe.init_queue %pipe, %q, 2, SYNTH_UB_BYTES` (or init_buffer
 * for a TBuf), unless the row under test is the initialisation. */
static void synth_init_buffer(synth *s, casc_value *q, bool tbuf) {
  if (s->row_inits)
    return;
  casc_value *pipe = synth_pipe(s);
  casc_value *len = synth_i32(s, SYNTH_UB_BYTES);
  if (tbuf) {
    casc_value *ops[3] = {pipe, q, len};
    synth_op1(s, CASC_OP_PIPE_INIT_BUFFER, 3, ops, NULL, NULL);
  } else {
    casc_value *ops[4] = {pipe, q, synth_i32(s, 2), len};
    synth_op1(s, CASC_OP_PIPE_INIT_QUEUE, 4, ops, NULL, NULL);
  }
}

static casc_value *synth_local_tensor(synth *s, casc_type *t) {
  if (s->queue) /* a tensor of the row's own queue */
    return synth_op1(s, CASC_OP_QUE_BIND_ALLOC_TENSOR, 1, &s->queue, t, NULL);
  synth_pipe(s); /* declared before the buffers it owns */
  casc_value *buf = synth_op1(s, CASC_OP_TBUF, 0, NULL,
                              casc_type_tbuf(s->ctx, CASC_TPOS_VECCALC), NULL);
  synth_init_buffer(s, buf, true);
  return synth_op1(s, CASC_OP_TBUF_GET_TENSOR, 1, &buf, t, NULL);
}

static casc_value *synth_global_tensor(synth *s, casc_type *t) {
  casc_value *g = synth_op1(s, CASC_OP_GLOBAL_TENSOR, 0, NULL, t, NULL);
  /* %gm holds f32: a GlobalTensor of another element type (an int32_t
   * synchronisation workspace) cannot be bound to it in C++ */
  if (casc_type_elem(t) != casc_type_elem(s->gm->type))
    return g;
  casc_value *ops[2] = {g, s->gm};
  synth_op1(s, CASC_OP_GLOBAL_TENSOR_SET_GLOBAL_BUFFER, 2, ops, NULL, NULL);
  return g;
}

/* An API struct, constructed with all its fields where the simulator reads
 * them (it models a parameter struct only when every field is given, as
 * pyasc builds them), default-constructed otherwise. Field values are the
 * API's plain defaults: one block, contiguous repeats (8 blocks apart). */
static const struct {
  casc_asc_type t;
  unsigned n;
  int64_t v[6];
} synth_struct_fields[] = {
    {CASC_ASC_DATA_COPY_PARAMS, 4, {1, 2, 0, 0}},
    {CASC_ASC_UNARY_REPEAT_PARAMS, 4, {1, 1, 8, 8}},
    {CASC_ASC_BINARY_REPEAT_PARAMS, 6, {1, 1, 1, 8, 8, 8}},
    /* FixpipeConfig{1}: the emitter reads the layout from that first field
     * (1 = CFG_ROW_MAJOR), as pyasc's does. */
    {CASC_ASC_FIXPIPE_CONFIG, 1, {1}},
};

/* AippParams<T> is built from its six parameter structs, each constructed
 * with all its fields (pyasc's translator and casc's emitter assign them
 * member by member; T is the padding values' type, int8_t here). */
static const struct {
  casc_asc_type t;
  unsigned n;
} synth_aipp_members[] = {
    {CASC_ASC_AIPP_PADDING_PARAMS, 5},     {CASC_ASC_AIPP_SWAP_PARAMS, 3},
    {CASC_ASC_AIPP_SINGLE_LINE_PARAMS, 1}, {CASC_ASC_AIPP_DTC_PARAMS, 10},
    {CASC_ASC_AIPP_CPADDING_PARAMS, 2},    {CASC_ASC_AIPP_CSC_PARAMS, 16},
};

static casc_value *synth_aipp_params(synth *s, casc_type *t) {
  enum { nm = sizeof synth_aipp_members / sizeof synth_aipp_members[0] };
  casc_value *members[nm];
  casc_type *pad = casc_type_int(s->ctx, 8, CASC_SIGNLESS);
  for (unsigned m = 0; m < nm; m++) {
    casc_value *f[16];
    unsigned n = synth_aipp_members[m].n;
    /* AippPaddingParams<T>: mode, then four T; AippChannelPaddingParams<T>:
     * mode, then one T */
    bool padded = synth_aipp_members[m].t == CASC_ASC_AIPP_PADDING_PARAMS ||
                  synth_aipp_members[m].t == CASC_ASC_AIPP_CPADDING_PARAMS;
    for (unsigned i = 0; i < n; i++)
      f[i] = padded && i > 0 ? synth_const(s, pad, 0) : synth_i32(s, 0);
    casc_type *mt =
        casc_type_asc(s->ctx, synth_aipp_members[m].t, 0, NULL, 0, NULL, NULL);
    members[m] = synth_op1(s, CASC_OP_CONSTRUCT, n, f, mt, NULL);
  }
  return synth_op1(s, CASC_OP_CONSTRUCT, nm, members, t, NULL);
}

static casc_value *synth_struct(synth *s, casc_type *t) {
  if (casc_type_is_asc(t, CASC_ASC_AIPP_PARAMS))
    return synth_aipp_params(s, t);
  for (size_t k = 0;
       k < sizeof synth_struct_fields / sizeof synth_struct_fields[0]; k++) {
    if (!casc_type_is_asc(t, synth_struct_fields[k].t))
      continue;
    unsigned n = synth_struct_fields[k].n;
    casc_value *ops[6];
    for (unsigned i = 0; i < n; i++)
      ops[i] = synth_i32(s, synth_struct_fields[k].v[i]);
    casc_attr *attrs = NULL;
    if (casc_type_is_asc(t, CASC_ASC_DATA_COPY_PARAMS)) {
      /* pyasc declares DataCopyParams' fields uint16_t */
      casc_attr *types[4];
      for (unsigned i = 0; i < 4; i++)
        types[i] =
            casc_attr_type(s->ctx, casc_type_int(s->ctx, 16, CASC_UNSIGNED));
      attrs = synth_dict1(s, "types", casc_attr_array(s->ctx, 4, types));
    }
    if (casc_type_is_asc(t, CASC_ASC_FIXPIPE_CONFIG)) {
      /* its field is the enum CO2Layout: `static_cast<AscendC::CO2Layout>`
       * of the constant, as pyasc's fixpipe.mlir builds it */
      casc_attr *layout =
          casc_attr_type(s->ctx, casc_type_asc(s->ctx, CASC_ASC_CO2_LAYOUT, 0,
                                               NULL, 0, NULL, NULL));
      attrs = synth_dict1(s, "types", casc_attr_array(s->ctx, 1, &layout));
    }
    return synth_op1(s, CASC_OP_CONSTRUCT, n, ops, t, attrs);
  }
  return synth_op1(s, CASC_OP_CONSTRUCT, 0, NULL, t, NULL);
}

/* ---- type and value choice ---------------------------------------------- */

/* !ascendc.matmul<...> (matmul::Matmul): A, B, C and bias in GM, ND, f32,
 * and a MatmulConfig with every field given (pyasc's translator needs them
 * all), at MatmulConfig's default values. Field names and order are those
 * of pyasc's MatmulConfigAttr. */
static const struct {
  const char *name;
  int value; /* -1/-2: false/true, else an i32 */
} synth_mm_config[] = {
    {"do_norm", -2},
    {"do_basic_block", -1},
    {"do_multi_data_load", -1},
    {"basic_m", 0},
    {"basic_n", 0},
    {"basic_k", 0},
    {"intrinsics_check", -1},
    {"is_n_batch", -1},
    {"en_vec_nd2nz", -1},
    {"do_special_basic_block", -1},
    {"do_mte2_preload", 0},
    {"single_core_m", 0},
    {"single_core_n", 0},
    {"single_core_k", 0},
    {"step_m", 0},
    {"step_n", 0},
    {"base_mn", 0},
    {"single_core_mn", 0},
    {"en_unit_flag", -2},
    {"is_per_tensor", -1},
    {"has_anti_quant_offset", -1},
    {"do_ib_share_norm", -1},
    {"do_special_mdl", -1},
    {"enable_init", -2},
    {"batch_mode", 0},
    {"enable_end", -2},
    {"enable_get_tensor_c", -2},
    {"enable_set_org_shape", -2},
    {"enable_set_bias", -2},
    {"enable_set_tail", -2},
    {"enable_quant_vector", -2},
    {"enable_set_define_data", -2},
    {"iterate_mode", 255},
    {"enable_reuse", -2},
    {"enable_ub_reuse", -1},
    {"enable_l1_cache_ub", -1},
    {"intra_block_part_sum", -1},
    {"iterate_order", 2},
    {"schedule_type", 0},
    {"enable_double_cache", -1},
    {"is_bias_batch", -2},
    {"enable_static_pad_zeros", -1},
    {"is_partial_output", -1},
    {"enable_mix_dual_master", -1},
    {"is_a2b2_shared", -1},
    {"is_enable_channel_split", -1},
    {"enable_kdim_reorder_load", -1},
    {"is_co1_shared", -1},
    {"shared_co1_buffer_size", 65536},
    {"batch_out_mode", 0},
};

static casc_type *synth_matmul_type(casc_ctx *ctx) {
  char body[2048];
  size_t n = 0;
  const char *mt = "gm, 0 : i32, f32, false, 0 : i32";
  n += (size_t)snprintf(body + n, sizeof body - n,
                        "matmul<%s, %s, %s, gm, 0 : i32, f32, <", mt, mt, mt);
  for (size_t i = 0; i < sizeof synth_mm_config / sizeof synth_mm_config[0];
       i++) {
    int v = synth_mm_config[i].value;
    n += (size_t)snprintf(body + n, sizeof body - n, "%s%s = ", i ? ", " : "",
                          synth_mm_config[i].name);
    if (v < 0)
      n += (size_t)snprintf(body + n, sizeof body - n, "%s",
                            v == -2 ? "true" : "false");
    else
      n += (size_t)snprintf(body + n, sizeof body - n, "%d : i32", v);
  }
  snprintf(body + n, sizeof body - n, ">>");
  return casc_type_opaque(ctx, "ascendc", body);
}

static bool synth_name_in(const char *name, const char *const *list) {
  for (; *list; list++)
    if (strcmp(name, *list) == 0)
      return true;
  return false;
}

/* APIs whose tensors hold integers only (bitwise ops: int16/uint16 in
 * Ascend C); every other row's tensors hold f32. */
static const char *const synth_int16_apis[] = {
    "And", "Or", "Not", "Xor", "ShiftLeft", "ShiftRight", NULL};

/* Operand names that are tensors in the Ascend C API even where the row
 * says `Any` (the vector ops of docs/ir.md §5). */
static const char *const synth_tensor_names[] = {
    "dst", "src", "src0", "src1", "sharedTmpBuffer", "src0Offset", NULL};
/* Operand names that are one element of the tensors' type. */
static const char *const synth_element_names[] = {"scalar", "paddingValue",
                                                  "epsilon", NULL};

static bool synth_row_has_tensor(const casc_op_info *info) {
  for (unsigned i = 0; i < info->nopnds; i++)
    if (info->opnds[i].c == CASC_C_LOCAL_TENSOR ||
        info->opnds[i].c == CASC_C_GLOBAL_TENSOR ||
        info->opnds[i].c == CASC_C_TENSOR ||
        synth_name_in(info->opnds[i].name, synth_tensor_names))
      return true;
  return false;
}

/* Operand types a row cannot state (`Any`, or a tensor whose element type
 * the Ascend C API fixes), as the API reference's parameter types give
 * them: (row, operand) -> type code. "L:x" is a LocalTensor and "G:x" a
 * GlobalTensor of element x, "x" a scalar, "gm" the kernel's GM memref
 * (a pointer in C++), "gm:x" that memref reinterpreted as one of x (a
 * GM_ADDR is `__gm__ uint8_t *`), "arr4:x" a local array `x v[4]{0}` (an
 * emitasc.variable), "SoftMaxShapeInfo" and "TBufPool" those
 * types; x is e (the row's element type), u8, i8, i32, u32, u64 or f32. A
 * code "full:c" applies to the full instance only (the next entry for the
 * operand to the minimal one). Without
 * these the sweep would hand the API arguments no kernel can pass (a float
 * offset tensor to Gather), and its C++ would not compile against the stub for
 * a reason that is not casc's. */
static const struct {
  const char *op, *operand, *type;
} synth_operand_types[] = {
    {"ascendc.gather_l0", "srcOffset", "L:u32"},
    {"ascendc.gather_l1", "srcOffset", "L:u32"},
    {"ascendc.gather_l2", "srcOffset", "L:u32"},
    {"ascendc.gatherb_l0", "offset", "L:u32"},
    {"ascendc.scatter_l0", "dstOffset", "L:u32"},
    {"ascendc.scatter_l1", "dstOffset", "L:u32"},
    {"ascendc.scatter_l2", "dstOffset", "L:u32"},
    /* ReduceMax/Min/Sum's work tensor holds the source's type */
    {"ascendc.reduce_max_l0", "sharedTmpBuffer", "L:e"},
    {"ascendc.reduce_max_l1", "sharedTmpBuffer", "L:e"},
    {"ascendc.reduce_max_l2", "sharedTmpBuffer", "L:e"},
    {"ascendc.reduce_min_l0", "sharedTmpBuffer", "L:e"},
    {"ascendc.reduce_min_l1", "sharedTmpBuffer", "L:e"},
    {"ascendc.reduce_min_l2", "sharedTmpBuffer", "L:e"},
    {"ascendc.reduce_sum_l0", "sharedTmpBuffer", "L:e"},
    {"ascendc.reduce_sum_l1", "sharedTmpBuffer", "L:e"},
    {"ascendc.reduce_sum_l2", "sharedTmpBuffer", "L:e"},
    /* CompareScalar writes a bit mask (uint8_t) and compares with a T */
    {"ascendc.compare_scalar_l0", "dst", "L:u8"},
    {"ascendc.compare_scalar_l1", "dst", "L:u8"},
    {"ascendc.compare_scalar_l2", "dst", "L:u8"},
    {"ascendc.compare_scalar_l0", "src1Scalar", "e"},
    {"ascendc.compare_scalar_l1", "src1Scalar", "e"},
    {"ascendc.compare_scalar_l2", "src1Scalar", "e"},
    /* the inter-core synchronisation workspaces are int32_t */
    {"ascendc.ib_set", "gmWorkspace", "G:i32"},
    {"ascendc.ib_set", "ubWorkspace", "L:i32"},
    {"ascendc.ib_wait", "gmWorkspace", "G:i32"},
    {"ascendc.ib_wait", "ubWorkspace", "L:i32"},
    {"ascendc.sync_all_soft", "gmWorkspace", "G:i32"},
    {"ascendc.sync_all_soft", "ubWorkspace", "L:i32"},
    {"ascendc.notify_next_block", "gmWorkspace", "G:i32"},
    {"ascendc.notify_next_block", "ubWorkspace", "L:i32"},
    {"ascendc.wait_pre_block", "gmWorkspace", "G:i32"},
    {"ascendc.wait_pre_block", "ubWorkspace", "L:i32"},
    /* sort indices are uint32_t */
    {"ascendc.extract", "dstIndex", "L:u32"},
    {"ascendc.sort32", "src1", "L:u32"},
    {"ascendc.sort", "concat", "L:e"},
    {"ascendc.sort", "index", "L:u32"},
    {"ascendc.sort", "tmp", "L:e"},
    {"ascendc.data_cache_preload", "src", "G:u64"},
    {"ascendc.quant", "dst", "L:i8"},
    {"ascendc.cumsum", "lastRow", "L:e"},
    {"ascendc.matmul.set_quant_vector", "quantvector", "G:u64"},
    {"ascendc.matmul.set_sparse_index", "indexGlobal", "G:u8"},
    {"ascendc.matmul.set_self_define_data", "dataPtr", "gm"},
    /* SetWorkspace(GlobalTensor) alone, SetWorkspace(GM address, size)
     * with the size (as pyasc's matmul.mlir passes it) */
    {"ascendc.kfc_server.init", "workspace", "gm:u8"}, /* a GM_ADDR */
    {"ascendc.matmul.set_workspace", "tensor", "full:gm:u8"},
    {"ascendc.matmul.set_workspace", "tensor", "G:f32"},
    {"ascendc.list_tensor_desc_v2", "data", "gm"},
    {"ascendc.list_tensor_desc_init", "data", "gm"},
    /* GM addresses of bytes: the kernel's pointer reinterpreted */
    {"ascendc.set_sys_workspace", "workspace", "gm:i8"},
    {"ascendc.regist_matmul_obj", "workspace", "gm:u8"},
    {"ascendc.get_hccl_context", "context", "gm:u8"},
    {"ascendc.set_fmatrix", "padList", "arr4:u8"}, /* uint8_t padList[4] */
    /* Fixpipe's workspace in L1 holds uint64_t (quantisation params) */
    {"ascendc.fixpipe_with_workspace", "cbufWorkspace", "L:u64"},
    {"ascendc.set_hccl_context", "context", "gm:u8"},
    {"ascendc.bilinearInterpolation_l0", "src0Offset", "L:u32"},
    {"ascendc.bilinearInterpolation_l1", "src0Offset", "L:u32"},
    {"ascendc.gather_l1", "dstOffset", "L:u32"}, /* pyasc's operand names */
    /* the cube loads read L1 (a LocalTensor), not GM */
    {"ascendc.load_data_3d_l0_v1", "src", "L:e"},
    {"ascendc.load_data_3d_l0_v2", "src", "L:e"},
    {"ascendc.load_data_3d_l0_v2pro", "src", "L:e"},
    {"ascendc.load_data_with_transpose", "src", "L:e"},
    {"ascendc.load_data_with_transpose_v2", "src", "L:e"},
    /* CO1 -> GM and NZ -> ND copies write GM from a LocalTensor */
    {"ascendc.data_copy_co12dst", "dst", "G:f32"},
    {"ascendc.data_copy_co12dst", "src", "L:e"},
    {"ascendc.data_copy_nz2nd", "dst", "G:f32"},
    {"ascendc.data_copy_nz2nd", "src", "L:e"},
    /* DataCopyPad without padding parameters copies UB -> GM; with ND2NZ,
     * UB -> L1 */
    {"ascendc.data_copy_pad_l2", "dst", "G:f32"},
    {"ascendc.data_copy_pad_l2", "src", "L:e"},
    {"ascendc.data_copy_pad_l2_ext", "dst", "G:f32"},
    {"ascendc.data_copy_pad_l2_ext", "src", "L:e"},
    {"ascendc.data_copy_pad_nd2nz", "src", "L:e"},
    {"ascendc.data_copy_pad_nd2nz_ext", "src", "L:e"},
    /* Matmul results go to GM (a second, local tensor for GetTensorC) */
    {"ascendc.matmul.get_tensor_c", "tensor", "G:f32"},
    {"ascendc.matmul.get_tensor_c", "tensor2", "L:e"},
    {"ascendc.matmul.iterate_all", "tensor", "G:f32"},
    /* InitBufPool divides a pool into another TBufPool */
    {"ascendc.pipe.init_buf_pool", "bufPool", "TBufPool"},
    {"ascendc.pipe.init_buf_pool", "shareBuf", "TBufPool"},
    {"ascendc.tbuf_pool.init_buf_pool", "bufPool", "TBufPool"},
    {"ascendc.tbuf_pool.init_buf_pool", "shareBuf", "TBufPool"},
    /* a dereference reads an element of the memref (f32 here) */
    {"emitasc.dereference", "result", "f32"},
    {"ascendc.get_arch_version", "coreVersion", "u32"},
    {"ascendc.softmax", "softmaxShapeInfo", "SoftMaxShapeInfo"},
    {"ascendc.simple_softmax", "softmaxShapeInfo", "SoftMaxShapeInfo"},
};

static casc_type *synth_elem_code(synth *s, const char *x) {
  static const struct {
    const char *code;
    unsigned width;
    casc_signedness sign;
  } ints[] = {{"u8", 8, CASC_UNSIGNED},
              {"i8", 8, CASC_SIGNLESS},
              {"i32", 32, CASC_SIGNLESS},
              {"u32", 32, CASC_UNSIGNED},
              {"u64", 64, CASC_UNSIGNED}};
  if (strcmp(x, "e") == 0)
    return s->elem;
  if (strcmp(x, "f32") == 0)
    return synth_f32(s);
  for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
    if (strcmp(x, ints[i].code) == 0)
      return casc_type_int(s->ctx, ints[i].width, ints[i].sign);
  return NULL;
}

static casc_type *synth_operand_override(synth *s, const char *operand) {
  for (size_t i = 0;
       i < sizeof synth_operand_types / sizeof synth_operand_types[0]; i++) {
    if (strcmp(s->row->name, synth_operand_types[i].op) != 0 ||
        strcmp(operand, synth_operand_types[i].operand) != 0)
      continue;
    const char *c = synth_operand_types[i].type;
    if (strncmp(c, "full:", 5) == 0) {
      if (!s->full)
        continue;
      c += 5;
    }
    if (strcmp(c, "gm") == 0)
      return casc_type_gm_memref(s->ctx, synth_f32(s));
    if (strncmp(c, "gm:", 3) == 0)
      return casc_type_gm_memref(s->ctx, synth_elem_code(s, c + 3));
    if (strncmp(c, "arr4:", 5) == 0) {
      static const int64_t four[1] = {4};
      return casc_type_memref(s->ctx, 1, four, synth_elem_code(s, c + 5), NULL);
    }
    if (strcmp(c, "TBufPool") == 0) {
      int64_t p[2] = {CASC_TPOS_VECCALC, 1};
      return casc_type_asc(s->ctx, CASC_ASC_TBUF_POOL, 2, p, 0, NULL, NULL);
    }
    if (strcmp(c, "SoftMaxShapeInfo") == 0)
      return casc_type_asc(s->ctx, CASC_ASC_SOFTMAX_SHAPE_INFO, 0, NULL, 0,
                           NULL, NULL);
    if (c[0] == 'L' && c[1] == ':')
      return casc_type_local_tensor(s->ctx, synth_elem_code(s, c + 2));
    if (c[0] == 'G' && c[1] == ':')
      return casc_type_global_tensor(s->ctx, synth_elem_code(s, c + 2));
    return synth_elem_code(s, c);
  }
  return NULL;
}

/* Operands an API writes through a reference (`uint32_t &`): a variable,
 * which the sweep makes by an emitc.cast of a constant (pyasc's own test
 * does the same), not a constant, whose C++ is a constexpr. */
static const struct {
  const char *op, *operand;
} synth_lvalue_operands[] = {
    {"ascendc.get_arch_version", "coreVersion"},
};

static bool synth_wants_lvalue(const synth *s, const char *operand) {
  for (size_t i = 0;
       i < sizeof synth_lvalue_operands / sizeof synth_lvalue_operands[0]; i++)
    if (strcmp(s->row->name, synth_lvalue_operands[i].op) == 0 &&
        strcmp(operand, synth_lvalue_operands[i].operand) == 0)
      return true;
  return false;
}

static casc_type *synth_type(synth *s, const casc_arg_spec *spec) {
  casc_ctx *ctx = s->ctx;
  const char *n = spec->name;
  casc_type *fixed = synth_operand_override(s, n);
  if (fixed)
    return fixed;
  /* Temporary space is bytes in the Ascend C API (LocalTensor<uint8_t>). */
  if (strcmp(n, "sharedTmpBuffer") == 0 &&
      (spec->c == CASC_C_ANY || spec->c == CASC_C_LOCAL_TENSOR))
    return casc_type_local_tensor(ctx, casc_type_int(ctx, 8, CASC_UNSIGNED));
  switch (spec->c) {
  case CASC_C_ANY:
    if (synth_name_in(n, synth_tensor_names))
      return casc_type_local_tensor(ctx, s->elem);
    if (synth_name_in(n, synth_element_names) ||
        (strcmp(n, "value") == 0 && synth_row_has_tensor(s->row)))
      return s->elem;
    return casc_type_i32(ctx);
  case CASC_C_ANY_INT:
  case CASC_C_SIGNLESS_INT:
  case CASC_C_INT_OR_INDEX:
  case CASC_C_ANY_INT_OR_INDEX:
  case CASC_C_INT_OR_FLOAT:
  case CASC_C_SCALAR:
    return casc_type_i32(ctx);
  case CASC_C_ANY_FLOAT:
    return synth_f32(s);
  case CASC_C_LOCAL_TENSOR:
    return casc_type_local_tensor(ctx, s->elem);
  case CASC_C_GLOBAL_TENSOR:
    return casc_type_global_tensor(ctx, synth_f32(s));
  case CASC_C_TENSOR: /* a copy reads GM and writes UB */
    return strncmp(n, "src", 3) == 0
               ? casc_type_global_tensor(ctx, synth_f32(s))
               : casc_type_local_tensor(ctx, s->elem);
  case CASC_C_QUEUE_LIKE:
  case CASC_C_QUEUE:
    return casc_type_queue(ctx, CASC_TPOS_VECIN, 2);
  case CASC_C_QUE_BIND:
    /* a TQue<VECIN, 2> is a TQueBind<VECIN, VECIN, 2>: to_que_bind's
     * result names the queue's own binding */
    if (strcmp(s->row->name, "ascendc.to_que_bind") == 0)
      return casc_type_que_bind(ctx, CASC_TPOS_VECIN, CASC_TPOS_VECIN, 2);
    return casc_type_que_bind(ctx, CASC_TPOS_VECIN, CASC_TPOS_VECOUT, 2);
  case CASC_C_TBUF:
    return casc_type_tbuf(ctx, CASC_TPOS_VECCALC);
  case CASC_C_TBUF_POOL: {
    int64_t p[2] = {CASC_TPOS_VECCALC, 1};
    return casc_type_asc(ctx, CASC_ASC_TBUF_POOL, 2, p, 0, NULL, NULL);
  }
  case CASC_C_MEMREF:
    return casc_type_gm_memref(ctx, synth_f32(s));
  case CASC_C_ASC_TYPE:
    return casc_type_asc(ctx, CASC_ASC_MASK, 0, NULL, 0, NULL, NULL);
  case CASC_C_DATA_COPY_PAD_EXT_PARAMS:
    return casc_type_asc(ctx, CASC_ASC_DATA_COPY_PAD_EXT_PARAMS, 0, NULL, 0,
                         NULL, synth_f32(s));
  case CASC_C_MRG_SORT_SRC_LIST:
    return casc_type_asc(ctx, CASC_ASC_MRG_SORT_SRC_LIST, 0, NULL, 0, NULL,
                         s->elem);
  case CASC_C_LOAD_DATA_3D_PARAMS_V2:
    return casc_type_asc(ctx, CASC_ASC_LOAD_DATA_3D_PARAMS_V2, 0, NULL, 0, NULL,
                         s->elem);
  case CASC_C_LOCAL_MEM_ALLOCATOR: { /* local_mem_allocator<1>: UB */
    /* the hardware operand (synth_int_value: 1) says the same; the
     * emitter rejects an allocator whose operand and type disagree */
    int64_t hw = 1;
    return casc_type_asc(ctx, CASC_ASC_LOCAL_MEM_ALLOCATOR, 1, &hw, 0, NULL,
                         NULL);
  }
  case CASC_C_LOAD_DATA_PARAMS:
    return casc_type_asc(ctx, CASC_ASC_LOAD_DATA_2D_PARAMS, 0, NULL, 0, NULL,
                         NULL);
  case CASC_C_MATMUL:
    return synth_matmul_type(ctx);
  case CASC_C_ANY_UNSIGNED_INT:
    return casc_type_int(ctx, 64, CASC_UNSIGNED);
  default:
    return casc_constraint_buildable(ctx, spec->c);
  }
}

/* The integer an operand named n gets (names of the Ascend C API). */
static int64_t synth_int_value(const char *n) {
  static const char *const counts[] = {"calCount", "count",   "size", "len",
                                       "tileSize", "dataLen", "mask", NULL};
  static const char *const zeros[] = {"offset", "index",   "bufOffset", "addr",
                                      "id",     "eventId", NULL};
  if (strcmp(n, "num") == 0)
    return 2;
  if (strcmp(n, "length") == 0)
    return SYNTH_UB_BYTES;
  if (synth_name_in(n, counts))
    return SYNTH_COUNT;
  if (synth_name_in(n, zeros))
    return 0;
  return 1;
}

static casc_value *synth_value(synth *s, casc_type *t, const char *name) {
  switch (t->kind) {
  case CASC_TYPE_INTEGER:
  case CASC_TYPE_INDEX:
  case CASC_TYPE_FLOAT:
    return synth_const(s, t, synth_int_value(name));
  case CASC_TYPE_MEMREF:
    if (t == s->gm->type)
      return s->gm;
    /* a GM memref of another element type: %gm reinterpreted, as a kernel
     * casts its GM_ADDR argument */
    if (t == casc_type_gm_memref(s->ctx, casc_type_elem(t)))
      return synth_op1(s, CASC_OP_EMITASC_REINTERPRET_CAST, 1, &s->gm, t, NULL);
    /* a local array of static size: a variable initialised to 0 */
    if (t->u.memref.rank == 1 && t->u.memref.shape[0] != CASC_DYN_DIM &&
        !t->u.memref.space)
      return synth_op1(s, CASC_OP_EMITASC_VARIABLE, 0, NULL, t,
                       synth_dict1(s, "staticInit",
                                   casc_attr_int(s->ctx, t->u.memref.elem, 0)));
    return NULL;
  case CASC_TYPE_ASC:
    break;
  case CASC_TYPE_OPAQUE: /* !ascendc.matmul<...>: a constructed object */
    return synth_op1(s, CASC_OP_CONSTRUCT, 0, NULL, t, NULL);
  default:
    return NULL;
  }
  if (casc_type_is_asc(t, CASC_ASC_PIPE))
    return synth_pipe(s);
  if (casc_type_is_local_tensor(t))
    return synth_local_tensor(s, t);
  if (casc_type_is_global_tensor(t))
    return synth_global_tensor(s, t);
  if (casc_type_is_asc(t, CASC_ASC_QUEUE) ||
      casc_type_is_asc(t, CASC_ASC_QUE_BIND)) {
    synth_pipe(s);
    casc_value *q = synth_op1(
        s,
        casc_type_is_asc(t, CASC_ASC_QUEUE) ? CASC_OP_QUEUE : CASC_OP_QUE_BIND,
        0, NULL, t, NULL);
    synth_init_buffer(s, q, false);
    if (!s->queue)
      s->queue = q;
    return q;
  }
  if (casc_type_is_asc(t, CASC_ASC_TBUF)) {
    synth_pipe(s);
    casc_value *b = synth_op1(s, CASC_OP_TBUF, 0, NULL, t, NULL);
    synth_init_buffer(s, b, true);
    return b;
  }
  if (casc_type_is_asc(t, CASC_ASC_TBUF_POOL))
    return synth_op1(s, CASC_OP_TBUFPOOL, 0, NULL, t, NULL);
  /* A TensorDesc comes from ascendc.tensor_desc, which names its element
   * type (`AscendC::TensorDesc<float>()`; TensorDesc is a class template,
   * so a default-constructed `AscendC::TensorDesc v;` names no type). */
  if (casc_type_is_asc(t, CASC_ASC_TENSOR_DESC))
    return synth_op1(
        s, CASC_OP_TENSOR_DESC, 0, NULL, t,
        synth_dict1(s, "elementType", casc_attr_type(s->ctx, s->elem)));
  return synth_struct(s, t);
}

/* ---- attributes -----------------------------------------------------------
 */

/* A valid value of each enum: the one a kernel would most plausibly use. */
static int64_t synth_enum_value(int enum_kind) {
  switch (enum_kind) {
  case CASC_ENUM_TPOSITION:
    return CASC_TPOS_VECIN;
  case CASC_ENUM_HARDEVENT:
    return casc_enum_parse(CASC_ENUM_HARDEVENT, "v_mte3", 6);
  case CASC_ENUM_PIPE:
    return casc_enum_parse(CASC_ENUM_PIPE, "pipe_v", 6);
  case CASC_ENUM_CMPI:
    return casc_enum_parse(CASC_ENUM_CMPI, "slt", 3);
  case CASC_ENUM_CMPF:
    return casc_enum_parse(CASC_ENUM_CMPF, "olt", 3);
  case CASC_ENUM_ROUNDMODE: /* CAST_RINT, which every conversion has */
    return 1;
  default: /* the first value (AtomicOp, GatherMaskMode have only one) */
    return 0;
  }
}

/* `Any` attributes of arith ops are MLIR enum attributes (docs/ir.md §2). */
static const struct {
  const char *name, *value;
} synth_any_attrs[] = {
    {"fastmath", "#arith.fastmath<fast>"},
    {"overflowFlags", "#arith.overflow<nsw>"},
};

/* A constant's value: of the type of the op's result where that is a
 * scalar. */
static casc_attr *synth_typed_value(casc_ctx *ctx, casc_type *res0) {
  if (res0 && res0->kind == CASC_TYPE_FLOAT)
    return casc_attr_float(ctx, res0, 1.0);
  if (res0 &&
      (res0->kind == CASC_TYPE_INTEGER || res0->kind == CASC_TYPE_INDEX))
    return casc_attr_int(ctx, res0, 1);
  return casc_attr_int(ctx, casc_type_i32(ctx), 1);
}

static casc_attr *synth_attr(synth *s, const casc_attr_spec *as,
                             casc_type *res0, unsigned nops,
                             casc_value *const *ops) {
  casc_ctx *ctx = s->ctx;
  switch (as->kind) {
  case CASC_A_UNIT:
    return casc_attr_unit(ctx);
  case CASC_A_INT:
  case CASC_A_I32:
    return casc_attr_int(ctx, casc_type_i32(ctx), 1);
  case CASC_A_I64:
    return casc_attr_int(ctx, casc_type_i64(ctx), 1);
  case CASC_A_UI8:
    return casc_attr_int(ctx, casc_type_int(ctx, 8, CASC_UNSIGNED), 1);
  case CASC_A_INDEX:
    return casc_attr_int(ctx, casc_type_index(ctx), 1);
  case CASC_A_FLOAT:
    return casc_attr_float(ctx, synth_f32(s), 0.5);
  case CASC_A_STR:
    if (strcmp(as->name, "include") == 0)
      return casc_attr_string(ctx, "kernel_operator.h", 17);
    return casc_attr_string(ctx, "// sweep", 8);
  case CASC_A_TYPE: /* get_matmul_api_tiling's matmulType is a Matmul */
    if (strcmp(as->name, "matmulType") == 0)
      return casc_attr_type(ctx, synth_matmul_type(ctx));
    /* an Alloc's (GetDataPtr's) dtype is the element type of the tensor
     * (pointer) it returns */
    if (strcmp(as->name, "dtype") == 0 && res0 &&
        (casc_type_is_local_tensor(res0) || res0->kind == CASC_TYPE_MEMREF))
      return casc_attr_type(ctx, casc_type_elem(res0));
    return casc_attr_type(ctx, casc_type_i32(ctx));
  case CASC_A_ARRAY: {
    /* `types` of ascendc.construct: the declared type of each field. */
    casc_attr *elems[CASC_MAX_ARGS];
    unsigned n = 0;
    if (strcmp(as->name, "types") == 0)
      for (; n < nops && n < CASC_MAX_ARGS; n++)
        elems[n] = casc_attr_type(ctx, ops[n]->type);
    return casc_attr_array(ctx, n, elems);
  }
  case CASC_A_DICT:
    return casc_attr_dict(ctx, 0, NULL);
  case CASC_A_ENUM: {
    /* Stored as the parser stores it (MLIR: i64 for the arith
     * predicates, i32 for the others). */
    bool i64 =
        as->enum_kind == CASC_ENUM_CMPI || as->enum_kind == CASC_ENUM_CMPF;
    return casc_attr_int(ctx, i64 ? casc_type_i64(ctx) : casc_type_i32(ctx),
                         synth_enum_value(as->enum_kind));
  }
  case CASC_A_SYM: {
    const char *path = SYNTH_KERNEL;
    return casc_attr_symref(ctx, 1, &path);
  }
  case CASC_A_ANY:
    for (size_t i = 0; i < sizeof synth_any_attrs / sizeof synth_any_attrs[0];
         i++)
      if (strcmp(as->name, synth_any_attrs[i].name) == 0)
        return casc_attr_opaque(ctx, synth_any_attrs[i].value);
    return synth_typed_value(ctx, res0);
  case CASC_A_TYPED:
  default:
    return synth_typed_value(ctx, res0);
  }
}

/* Formats with alternatives, `($a^ ...):($b)?`: a or b, never both. The
 * full variant has the anchor a, the alternative variant b. */
static const struct {
  const char *op, *anchor, *other;
} synth_alternatives[] = {
    {"emitasc.ptr_offset", "dynamicOffset", "staticOffset"},
    {"emitasc.variable", "dynamicInit", "staticInit"},
};

/* Is part `name` of the row present in this variant? */
static bool synth_present(const synth *s, const char *name, bool optional) {
  if (!optional)
    return true;
  for (size_t i = 0;
       i < sizeof synth_alternatives / sizeof synth_alternatives[0]; i++)
    if (strcmp(s->row->name, synth_alternatives[i].op) == 0) {
      if (strcmp(name, synth_alternatives[i].anchor) == 0)
        return s->full && !s->alt;
      if (strcmp(name, synth_alternatives[i].other) == 0)
        return s->full && s->alt;
    }
  return s->full;
}

static bool synth_has_alternative(const casc_op_info *info) {
  for (size_t i = 0;
       i < sizeof synth_alternatives / sizeof synth_alternatives[0]; i++)
    if (strcmp(info->name, synth_alternatives[i].op) == 0)
      return true;
  return false;
}

static bool row_has_optional_parts(const casc_op_info *info) {
  for (unsigned i = 0; i < info->nopnds; i++)
    if (info->opnds[i].card)
      return true;
  for (unsigned i = 0; i < info->nattrs; i++)
    if (info->attrs[i].optional)
      return true;
  return false;
}

/* ---- the module -----------------------------------------------------------
 */

/* module { func.func @sweep(%gm: memref<?xf32, 22>) attributes
 * {ascendc.aicore, ascendc.global} { return } }, insertion point before the
 * return. */
static void synth_init(synth *s, casc_ctx *ctx, const casc_op_info *row,
                       bool full, bool alt) {
  memset(s, 0, sizeof *s);
  s->ctx = ctx;
  s->row = row;
  s->full = full;
  s->alt = alt;
  s->row_inits =
      strstr(row->name, ".init_queue") || strstr(row->name, ".init_buffer");
  s->elem = synth_name_in(row->api, synth_int16_apis)
                ? casc_type_int(ctx, 16, CASC_SIGNLESS)
                : synth_f32(s);
  casc_loc *unk = casc_loc_unknown(ctx);
  casc_builder_init(&s->b, ctx);
  s->b.loc = unk;
  s->module = casc_module_create(ctx, unk);
  casc_builder_set_end(&s->b, casc_module_body(s->module));
  casc_type *gmt = casc_type_gm_memref(ctx, synth_f32(s));
  casc_type *ft = casc_type_func(ctx, 1, &gmt, 0, NULL);
  casc_named_attr at[4] = {
      {casc_intern_cstr(ctx, "sym_name"),
       casc_attr_string(ctx, SYNTH_KERNEL, strlen(SYNTH_KERNEL))},
      {casc_intern_cstr(ctx, "function_type"), casc_attr_type(ctx, ft)},
      {casc_intern_cstr(ctx, "ascendc.aicore"), casc_attr_unit(ctx)},
      {casc_intern_cstr(ctx, "ascendc.global"), casc_attr_unit(ctx)}};
  s->kernel = casc_build(&s->b, CASC_OP_FUNC_FUNC, 0, NULL, 0, NULL,
                         casc_attr_dict(ctx, 4, at), 1);
  casc_block *entry = casc_region_entry(ctx, casc_op_region(s->kernel, 0));
  s->gm = casc_block_add_arg(ctx, entry, gmt, casc_loc_name(ctx, "gm", NULL));
  casc_builder_set_end(&s->b, entry);
  casc_op *ret =
      casc_build(&s->b, CASC_OP_FUNC_RETURN, 0, NULL, 0, NULL, NULL, 0);
  casc_builder_set_before(&s->b, ret);
}

static casc_op *synth_fail(synth *s, const char *fmt, const char *arg) {
  snprintf(s->error_buf, sizeof s->error_buf, fmt, arg);
  s->error = s->error_buf;
  return NULL;
}

/* Conversions between widths (MLIR verifies that an ext widens, a trunc
 * narrows and an index cast has index on one side): source and result
 * types of the arith casts whose row allows equal types. */
static const struct {
  const char *op;
  char in, out; /* h f16, f f32, s i16, i i32, x index */
} synth_casts[] = {
    {"arith.extf", 'h', 'f'},         {"arith.truncf", 'f', 'h'},
    {"arith.extsi", 's', 'i'},        {"arith.extui", 's', 'i'},
    {"arith.trunci", 'i', 's'},       {"arith.index_cast", 'i', 'x'},
    {"arith.index_castui", 'i', 'x'},
};

static casc_type *synth_cast_type(casc_ctx *ctx, char c) {
  switch (c) {
  case 'h':
    return casc_type_float(ctx, CASC_F16);
  case 'f':
    return casc_type_float(ctx, CASC_F32);
  case 's':
    return casc_type_int(ctx, 16, CASC_SIGNLESS);
  case 'x':
    return casc_type_index(ctx);
  default:
    return casc_type_i32(ctx);
  }
}

static void synth_cast_types(synth *s, casc_type **in, casc_type **out) {
  for (size_t i = 0; i < sizeof synth_casts / sizeof synth_casts[0]; i++)
    if (strcmp(s->row->name, synth_casts[i].op) == 0) {
      *in = synth_cast_type(s->ctx, synth_casts[i].in);
      *out = synth_cast_type(s->ctx, synth_casts[i].out);
    }
}

/* Build the row's op (kind) at the insertion point; NULL with s->error if
 * the row's specs cannot be satisfied by this synthesiser. */
static casc_op *synth_row(synth *s, casc_op_kind kind) {
  const casc_op_info *info = s->row;
  casc_type *ot[CASC_MAX_ARGS], *rt[4];
  for (unsigned i = 0; i < info->nress; i++)
    rt[i] = synth_type(s, &info->ress[i]);
  for (unsigned i = 0; i < info->nopnds; i++)
    ot[i] = synth_type(s, &info->opnds[i]);
  /* `=other` ties: two passes settle chains (a=b, b=result). */
  for (int pass = 0; pass < 2; pass++) {
    for (unsigned i = 0; i < info->nress; i++) {
      int o = info->ress[i].same_as;
      if (o >= 100)
        rt[i] = rt[o - 100];
      else if (o >= 0)
        rt[i] = ot[o];
    }
    for (unsigned i = 0; i < info->nopnds; i++) {
      int o = info->opnds[i].same_as;
      if (o >= 100)
        ot[i] = rt[o - 100];
      else if (o >= 0)
        ot[i] = ot[o];
    }
  }
  if (info->nopnds == 1 && info->nress == 1)
    synth_cast_types(s, &ot[0], &rt[0]);
  for (unsigned i = 0; i < info->nress; i++)
    if (!rt[i] || !casc_constraint_check(info->ress[i].c, rt[i]))
      return synth_fail(s, "no type for result '%s'", info->ress[i].name);
  for (unsigned i = 0; i < info->nopnds; i++)
    if (!ot[i] || !casc_constraint_check(info->opnds[i].c, ot[i]))
      return synth_fail(s, "no type for operand '%s'", info->opnds[i].name);

  casc_value *ops[2 * CASC_MAX_ARGS];
  unsigned nops = 0, seg[CASC_MAX_ARGS], nflex = 0;
  for (unsigned i = 0; i < info->nopnds; i++) {
    const casc_arg_spec *sp = &info->opnds[i];
    unsigned n = 1;
    if (sp->card)
      n = synth_present(s, sp->name, true) ? (sp->card == '*' ? 2 : 1) : 0;
    nflex += sp->card != 0;
    seg[i] = n;
    for (unsigned k = 0; k < n; k++) {
      casc_value *v;
      if (synth_wants_lvalue(s, sp->name)) {
        casc_value *c = synth_i32(s, synth_int_value(sp->name));
        v = synth_op1(s, CASC_OP_EMITC_CAST, 1, &c, ot[i], NULL);
      } else {
        v = synth_value(s, ot[i], sp->name);
      }
      if (!v)
        return synth_fail(s, "no value for operand '%s'", sp->name);
      ops[nops++] = v;
    }
  }
  casc_named_attr attrs[CASC_MAX_ARGS + 1];
  unsigned na = 0;
  for (unsigned i = 0; i < info->nattrs; i++) {
    const casc_attr_spec *as = &info->attrs[i];
    if (!synth_present(s, as->name, as->optional))
      continue;
    attrs[na].name = casc_intern_cstr(s->ctx, as->name);
    attrs[na].value = synth_attr(s, as, info->nress ? rt[0] : NULL, nops, ops);
    na++;
  }
  if (nflex > 1) { /* MLIR's rule: the group sizes are recorded */
    char buf[128] = "array<i32";
    size_t len = strlen(buf);
    for (unsigned i = 0; i < info->nopnds; i++)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%u",
                              i ? ", " : ": ", seg[i]);
    snprintf(buf + len, sizeof buf - len, ">");
    attrs[na].name = casc_intern_cstr(s->ctx, "operandSegmentSizes");
    attrs[na].value = casc_attr_opaque(s->ctx, casc_intern_cstr(s->ctx, buf));
    na++;
  }
  /* emitc.include belongs to the module (MLIR: HasParent<ModuleOp>). */
  if (strcmp(info->name, "emitc.include") == 0)
    casc_builder_set_before(&s->b, s->kernel);
  return casc_build(&s->b, kind, nops, ops, info->nress, rt,
                    na ? casc_attr_dict(s->ctx, na, attrs) : NULL, 0);
}

/* ---- finding ops again ------------------------------------------------------
 */

/* The `count`-th op named `name` in walk order (find mode), or the index
 * of `target` among them (count mode). */
typedef struct {
  const char *name;
  casc_op *target;
  unsigned count;
  casc_op *found;
  bool done;
} find_nth_ctx;

static bool find_nth(casc_op *op, void *user) {
  find_nth_ctx *f = user;
  if (f->done || strcmp(casc_op_name(op), f->name) != 0)
    return true;
  if (f->target) {
    if (op == f->target)
      f->done = true;
    else
      f->count++;
  } else if (f->count-- == 0) {
    f->found = op;
    f->done = true;
  }
  return true;
}

static bool has_op_named(casc_op *module, const char *name) {
  find_nth_ctx f = {name, NULL, 0, NULL, false};
  casc_walk_pre(module, find_nth, &f);
  return f.found != NULL;
}

#endif /* CASC_TEST_OP_SYNTH_H */
