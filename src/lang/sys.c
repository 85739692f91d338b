/* System, atomic and cross-block calls (casc/asc_sys.h): pyasc's
 * set_atomic_*, set/get_store_atomic_config, sync_all, data_sync_barrier,
 * the cache calls, the system values and the scalar bit functions. Each
 * builds its one ascendc op. */
#include <stdint.h>
#include <string.h>

#include "lang/lang_internal.h"

/* ---- atomics ------------------------------------------------------------ */

/* set_atomic_add / _max / _min / _type<dtype>: the dtype attribute. */
static void set_atomic(const char *api, casc_op_kind kind, const char *file,
                       int line, asc_dtype dt) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_type *t = lang_dtype_checked(&c, dt, "dtype");
  if (!t)
    return;
  lang_op(&c, kind, 0, NULL, 0, NULL,
          lang_attrs1(&c, "dtype", casc_attr_type(c.k->ctx, t)));
}

void asc_set_atomic_add_at(const char *file, int line, asc_dtype dt) {
  set_atomic("asc_set_atomic_add", CASC_OP_SET_ATOMIC_ADD, file, line, dt);
}

void asc_set_atomic_max_at(const char *file, int line, asc_dtype dt) {
  set_atomic("asc_set_atomic_max", CASC_OP_SET_ATOMIC_MAX, file, line, dt);
}

void asc_set_atomic_min_at(const char *file, int line, asc_dtype dt) {
  set_atomic("asc_set_atomic_min", CASC_OP_SET_ATOMIC_MIN, file, line, dt);
}

void asc_set_atomic_type_at(const char *file, int line, asc_dtype dt) {
  set_atomic("asc_set_atomic_type", CASC_OP_SET_ATOMIC_TYPE, file, line, dt);
}

void asc_set_atomic_none_at(const char *file, int line) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_atomic_none", file, line))
    return;
  lang_op(&c, CASC_OP_SET_ATOMIC_NONE, 0, NULL, 0, NULL, NULL);
}

void asc_set_store_atomic_config_at(const char *file, int line,
                                    asc_atomicdtype atomic_type,
                                    asc_atomicop atomic_op) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_store_atomic_config", file, line))
    return;
  if ((int)atomic_type < ASC_ATOMICDTYPE_ATOMIC_NONE ||
      (int)atomic_type > ASC_ATOMICDTYPE_ATOMIC_BF16) {
    lang_error(&c, "%d is not a valid AtomicDtype", (int)atomic_type);
    return;
  }
  if ((int)atomic_op != ASC_ATOMICOP_ATOMIC_SUM) {
    lang_error(&c, "%d is not a valid AtomicOp", (int)atomic_op);
    return;
  }
  casc_named_attr a[2] = {
      {casc_intern_cstr(c.k->ctx, "atomicOp"), lang_enum_attr(&c, atomic_op)},
      {casc_intern_cstr(c.k->ctx, "atomicType"),
       lang_enum_attr(&c, atomic_type)}};
  lang_op(&c, CASC_OP_SET_STORE_ATOMIC_CONFIG, 0, NULL, 0, NULL,
          casc_attr_dict(c.k->ctx, 2, a));
}

void asc_get_store_atomic_config_at(const char *file, int line,
                                    asc_int *atomic_type, asc_int *atomic_op) {
  lang_call c;
  if (atomic_type)
    *atomic_type = (asc_int){0};
  if (atomic_op)
    *atomic_op = (asc_int){0};
  if (!lang_begin(&c, "asc_get_store_atomic_config", file, line))
    return;
  /* pyasc types both results int16 */
  casc_type *rt[2] = {c.k->i16, c.k->i16};
  casc_op *op =
      lang_op(&c, CASC_OP_GET_STORE_ATOMIC_CONFIG, 0, NULL, 2, rt, NULL);
  if (atomic_type) {
    atomic_type->p_ = op ? casc_op_result(op, 0) : NULL;
    atomic_type->k_ = lang_stamp(&c);
  }
  if (atomic_op) {
    atomic_op->p_ = op ? casc_op_result(op, 1) : NULL;
    atomic_op->k_ = lang_stamp(&c);
  }
}

/* ---- cross-block sync -----------------------------------------------------
 */

/* The reference's SyncAll / IBSet / IBWait / NotifyNextBlock / WaitPreBlock
 * take int32 workspaces; ops[0] is the GM one, ud the UB one's dtype. */
static bool int32_workspaces(lang_call *c, casc_value *const *ops,
                             casc_dtype ud) {
  if (!ops[0] || !ops[1])
    return false;
  casc_dtype gd = casc_dtype_of_type(casc_type_elem(ops[0]->type));
  if (gd == CASC_DT_I32 && ud == CASC_DT_I32)
    return true;
  lang_error(c,
             "the workspaces must be int32 tensors (gm_workspace is %s, "
             "ub_workspace %s)",
             casc_dtype_name(gd), casc_dtype_name(ud));
  return false;
}

void asc_sync_all_hard_at(const char *file, int line) {
  lang_call c;
  if (!lang_begin(&c, "asc_sync_all", file, line))
    return;
  lang_op(&c, CASC_OP_SYNC_ALL_HARD, 0, NULL, 0, NULL, NULL);
}

void asc_sync_all_soft_at(const char *file, int line,
                          asc_global_tensor gm_workspace,
                          asc_local_tensor ub_workspace, asc__sv used_cores) {
  lang_call c;
  if (!lang_begin(&c, "asc_sync_all", file, line))
    return;
  casc_dtype ud = CASC_DT_INVALID;
  casc_value *ops[3] = {
      lang_global_value(&c, gm_workspace.p_, gm_workspace.k_, "gm_workspace"),
      lang_local_tensor(&c, ub_workspace.p_, ub_workspace.k_, "ub_workspace",
                        &ud),
      NULL};
  if (!int32_workspaces(&c, ops, ud))
    return;
  if (!(ops[2] = lang_mat(&c, used_cores, c.k->i32, "used_cores")))
    return;
  lang_op(&c, CASC_OP_SYNC_ALL_SOFT, 3, ops, 0, NULL, NULL);
}

/* ---- memory ordering and caches -------------------------------------------
 */

void asc_data_sync_barrier_at(const char *file, int line, asc_memdsbt type) {
  lang_call c;
  if (!lang_begin(&c, "asc_data_sync_barrier", file, line))
    return;
  if ((int)type < ASC_MEMDSBT_ALL || (int)type > ASC_MEMDSBT_SEQ) {
    lang_error(&c, "%d is not a valid MemDsbT", (int)type);
    return;
  }
  lang_op(&c, CASC_OP_DATA_SYNC_BARRIER, 0, NULL, 0, NULL,
          lang_attrs1(&c, "memDsbType", lang_enum_attr(&c, type)));
}

void asc_data_cache_preload_at(const char *file, int line,
                               asc_global_tensor src, asc__sv cache_offset) {
  lang_call c;
  if (!lang_begin(&c, "asc_data_cache_preload", file, line))
    return;
  casc_value *ops[2] = {lang_global_value(&c, src.p_, src.k_, "src"), NULL};
  if (!ops[0] ||
      !(ops[1] = lang_mat(&c, cache_offset, c.k->i64, "cache_offset")))
    return;
  lang_op(&c, CASC_OP_DATA_CACHE_PRELOAD, 2, ops, 0, NULL, NULL);
}

void asc_data_cache_clean_and_invalid_at(const char *file, int line,
                                         asc_cacheline entire_type,
                                         asc_global_tensor dst, int dcci_dst) {
  lang_call c;
  if (!lang_begin(&c, "asc_data_cache_clean_and_invalid", file, line))
    return;
  if ((int)entire_type < ASC_CACHELINE_SINGLE_CACHE_LINE ||
      (int)entire_type > ASC_CACHELINE_ENTIRE_DATA_CACHE) {
    lang_error(&c, "%d is not a valid CacheLine", (int)entire_type);
    return;
  }
  if (dcci_dst < -1 || dcci_dst > ASC_DCCIDST_CACHELINE_ATOMIC) {
    lang_error(&c, "%d is not a valid DcciDst", dcci_dst);
    return;
  }
  casc_value *g = lang_global_value(&c, dst.p_, dst.k_, "dst");
  if (!g)
    return;
  if (dcci_dst < 0) {
    lang_op(&c, CASC_OP_DATA_CACHE_CLEAN_INVALID_GLOBAL_NODCCIDST, 1, &g, 0,
            NULL,
            lang_attrs1(&c, "entireType", lang_enum_attr(&c, entire_type)));
    return;
  }
  casc_named_attr a[2] = {
      {casc_intern_cstr(c.k->ctx, "dcciDst"), lang_enum_attr(&c, dcci_dst)},
      {casc_intern_cstr(c.k->ctx, "entireType"),
       lang_enum_attr(&c, entire_type)}};
  lang_op(&c, CASC_OP_DATA_CACHE_CLEAN_INVALID_GLOBAL, 1, &g, 0, NULL,
          casc_attr_dict(c.k->ctx, 2, a));
}

/* ---- system values and scalar bit functions --------------------------------
 */

static asc_int query(const char *api, casc_op_kind kind, const char *file,
                     int line, bool i64) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  r.p_ = lang_op1(&c, kind, 0, NULL, i64 ? c.k->i64 : c.k->i32, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_int asc_get_data_block_size_in_bytes_at(const char *file, int line) {
  return query("asc_get_data_block_size_in_bytes",
               CASC_OP_GET_DATA_BLOCK_SIZE_IN_BYTES, file, line, false);
}

asc_int asc_get_program_counter_at(const char *file, int line) {
  return query("asc_get_program_counter", CASC_OP_GET_PROGRAM_COUNTER, file,
               line, true);
}

asc_int asc_get_system_cycle_at(const char *file, int line) {
  return query("asc_get_system_cycle", CASC_OP_GET_SYSTEM_CYCLE, file, line,
               true);
}

asc_int asc_get_task_ratio_at(const char *file, int line) {
  return query("asc_get_task_ratio", CASC_OP_GET_TASK_RATIO, file, line, true);
}

void asc_trap_at(const char *file, int line) {
  lang_call c;
  if (!lang_begin(&c, "asc_trap", file, line))
    return;
  lang_op(&c, CASC_OP_TRAP, 0, NULL, 0, NULL, NULL);
}

/* value_in as `in` (pyasc: uint64, or int64 for the sign-bit count), an
 * optional count_value as `cv` (int32), an int64 result. */
static asc_int bit_fn(const char *api, casc_op_kind kind, const char *file,
                      int line, asc__sv value_in, const asc__sv *count_value,
                      bool signed_in) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  casc_value *ops[2] = {
      lang_mat(&c, value_in, signed_in ? c.k->i64 : c.k->ui64, "value_in"),
      NULL};
  if (ops[0] && count_value)
    ops[1] = lang_mat(&c, *count_value, c.k->i32, "count_value");
  if (ops[0] && (!count_value || ops[1]))
    r.p_ = lang_op1(&c, kind, count_value ? 2 : 1, ops, c.k->i64, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_int asc_scalar_count_leading_zero_at(const char *file, int line,
                                         asc__sv value_in) {
  return bit_fn("asc_scalar_count_leading_zero",
                CASC_OP_SCALAR_COUNT_LEADING_ZERO, file, line, value_in, NULL,
                false);
}

asc_int asc_scalar_get_count_of_value_at(const char *file, int line,
                                         asc__sv value_in,
                                         asc__sv count_value) {
  return bit_fn("asc_scalar_get_count_of_value",
                CASC_OP_SCALAR_GET_COUNT_OF_VALUE, file, line, value_in,
                &count_value, false);
}

asc_int asc_scalar_get_sff_value_at(const char *file, int line,
                                    asc__sv value_in, asc__sv count_value) {
  return bit_fn("asc_scalar_get_sff_value", CASC_OP_SCALAR_GET_SFF_VALUE, file,
                line, value_in, &count_value, false);
}

asc_int asc_count_bits_cnt_same_as_sign_bit_at(const char *file, int line,
                                               asc__sv value_in) {
  return bit_fn("asc_count_bits_cnt_same_as_sign_bit",
                CASC_OP_COUNT_BITS_CNT_SAME_AS_SIGN_BIT, file, line, value_in,
                NULL, true);
}

/* ---- static tensors and tensor bookkeeping ----------------------------------
 */

asc_local_mem_allocator asc_localmemallocator_at(const char *file, int line,
                                                 asc_hardware hw) {
  lang_call c;
  asc_local_mem_allocator r = {0};
  if (!lang_begin(&c, "asc_localmemallocator", file, line))
    return r;
  /* GM is a Hardware value, but no memory an allocator hands out */
  if ((int)hw < ASC_HARDWARE_UB || (int)hw > ASC_HARDWARE_FIXBUF) {
    lang_error(&c,
               "%d is not a Hardware a LocalMemAllocator takes (UB .. "
               "FIXBUF)",
               (int)hw);
    r.k_ = lang_stamp(&c);
    return r;
  }
  int64_t p = hw;
  casc_type *t = casc_type_asc(c.k->ctx, CASC_ASC_LOCAL_MEM_ALLOCATOR, 1, &p, 0,
                               NULL, NULL);
  casc_value *h = lang_mat(&c, asc__sv_i(hw), c.k->i64, "hardware");
  if (h && t)
    r.p_ = lang_op1(&c, CASC_OP_LOCAL_MEM_ALLOCATOR, 1, &h, t, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_local_tensor asc_localmemallocator_alloc_at(const char *file, int line,
                                                asc_local_mem_allocator a,
                                                asc_tposition pos, asc_dtype dt,
                                                asc__sv tile_size) {
  lang_call c;
  asc_local_tensor r = {0};
  if (!lang_begin(&c, "asc_localmemallocator_alloc", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *ops[2] = {lang_value(&c, a.p_, a.k_, "allocator"), NULL};
  if (!ops[0])
    return r;
  if ((int)pos < ASC_TPOSITION_GM || (int)pos >= ASC_TPOSITION_MAX) {
    lang_error(&c, "%d is not a valid TPosition", (int)pos);
    return r;
  }
  casc_type *et = lang_dtype_checked(&c, dt, "dtype");
  if (!et)
    return r;
  /* a C constant is the template argument of Alloc<pos, T, tileSize>() */
  bool dynamic = lang_sv_value(&c, tile_size, "tile_size") != NULL;
  if (!(ops[1] = lang_mat(&c, tile_size, c.k->i32, "tile_size")))
    return r;
  casc_named_attr at[2] = {
      {casc_intern_cstr(c.k->ctx, "dtype"), casc_attr_type(c.k->ctx, et)},
      {casc_intern_cstr(c.k->ctx, "pos"), lang_enum_attr(&c, pos)}};
  r.p_ = lang_op1(&c,
                  dynamic ? CASC_OP_LOCAL_MEM_ALLOCATOR_ALLOC_DYNAMIC
                          : CASC_OP_LOCAL_MEM_ALLOCATOR_ALLOC,
                  2, ops, casc_type_local_tensor(c.k->ctx, et),
                  casc_attr_dict(c.k->ctx, 2, at));
  return r;
}

asc_int asc_localmemallocator_get_cur_addr_at(const char *file, int line,
                                              asc_local_mem_allocator a) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_localmemallocator_get_cur_addr", file, line))
    return r;
  casc_value *v = lang_value(&c, a.p_, a.k_, "allocator");
  if (v)
    r.p_ = lang_op1(&c, CASC_OP_LOCAL_MEM_ALLOCATOR_GET_CUR_ADDR, 1, &v,
                    c.k->ui32, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

void asc_localtensor_set_size_at(const char *file, int line, asc_local_tensor t,
                                 asc__sv size) {
  lang_call c;
  if (!lang_begin(&c, "asc_localtensor_set_size", file, line))
    return;
  casc_value *ops[2] = {lang_local_tensor(&c, t.p_, t.k_, "tensor", NULL),
                        NULL};
  if (ops[0] && (ops[1] = lang_mat(&c, size, c.k->ui32, "size")))
    lang_op(&c, CASC_OP_LOCAL_TENSOR_SET_SIZE, 2, ops, 0, NULL, NULL);
}

void asc_localtensor_set_addr_with_offset_at(const char *file, int line,
                                             asc_local_tensor t,
                                             asc_local_tensor src,
                                             asc__sv offset) {
  lang_call c;
  if (!lang_begin(&c, "asc_localtensor_set_addr_with_offset", file, line))
    return;
  casc_value *ops[3] = {lang_local_tensor(&c, t.p_, t.k_, "tensor", NULL),
                        lang_local_tensor(&c, src.p_, src.k_, "src", NULL),
                        NULL};
  if (ops[0] && ops[1] && (ops[2] = lang_mat(&c, offset, c.k->ui32, "offset")))
    lang_op(&c, CASC_OP_LOCAL_TENSOR_SET_ADDR_WITH_OFFSET, 3, ops, 0, NULL,
            NULL);
}

asc_int asc_localtensor_get_position_at(const char *file, int line,
                                        asc_local_tensor t) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_localtensor_get_position", file, line))
    return r;
  casc_value *v = lang_local_tensor(&c, t.p_, t.k_, "tensor", NULL);
  if (v)
    r.p_ =
        lang_op1(&c, CASC_OP_LOCAL_TENSOR_GET_POSITION, 1, &v, c.k->i32, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_int asc_tpipe_get_base_addr_at(const char *file, int line, asc_tpipe p,
                                   asc_tposition pos) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_tpipe_get_base_addr", file, line))
    return r;
  casc_value *v = lang_value(&c, p.p_, p.k_, "pipe");
  if (v && ((int)pos < ASC_TPOSITION_GM || (int)pos >= ASC_TPOSITION_MAX)) {
    lang_error(&c, "%d is not a valid TPosition", (int)pos);
    v = NULL;
  }
  if (v)
    r.p_ = lang_op1(&c, CASC_OP_PIPE_GET_BASE_ADDR, 1, &v, c.k->i64,
                    lang_attrs1(&c, "logicPos", lang_enum_attr(&c, pos)));
  r.k_ = lang_stamp(&c);
  return r;
}

/* ScalarCast<float, T, mode>: the reference's pairs, float to int32 (any
 * mode but CAST_ODD and CAST_NONE) and float to half (any but CAST_NONE). */
static casc_value *scalar_cast(lang_call *c, asc__sv value_in, asc_dtype dt,
                               asc_roundmode mode, bool want_int) {
  casc_type *t = lang_dtype_checked(c, dt, "dtype");
  if (!t)
    return NULL;
  if (want_int ? dt != ASC_INT32 : dt != ASC_HALF) {
    lang_error(c, "dtype is %s; ScalarCast converts float to %s",
               asc_dtype_name(dt), want_int ? "int32" : "half");
    return NULL;
  }
  if ((int)mode < ASC_ROUNDMODE_CAST_RINT ||
      (int)mode > ASC_ROUNDMODE_CAST_ODD ||
      (want_int && mode == ASC_ROUNDMODE_CAST_ODD)) {
    lang_error(c, "round mode %d is not one ScalarCast to %s takes", (int)mode,
               want_int ? "int32" : "half");
    return NULL;
  }
  casc_value *v = lang_mat(c, value_in, c->k->f32, "value_in");
  if (!v)
    return NULL;
  casc_named_attr a[2] = {
      {casc_intern_cstr(c->k->ctx, "dtype"), casc_attr_type(c->k->ctx, t)},
      {casc_intern_cstr(c->k->ctx, "roundMode"), lang_enum_attr(c, mode)}};
  return lang_op1(c, CASC_OP_SCALAR_CAST, 1, &v, t,
                  casc_attr_dict(c->k->ctx, 2, a));
}

asc_int asc_scalar_cast_int_at(const char *file, int line, asc__sv value_in,
                               asc_dtype dt, asc_roundmode mode) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_scalar_cast", file, line))
    return r;
  r.p_ = scalar_cast(&c, value_in, dt, mode, true);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_float asc_scalar_cast_float_at(const char *file, int line, asc__sv value_in,
                                   asc_dtype dt, asc_roundmode mode) {
  lang_call c;
  asc_float r = {0};
  if (!lang_begin(&c, "asc_scalar_cast", file, line))
    return r;
  r.p_ = scalar_cast(&c, value_in, dt, mode, false);
  r.k_ = lang_stamp(&c);
  return r;
}

/* ---- core identity, cross-core and inter-block flags -------------------- */

static asc_bool core_is(const char *api, casc_op_kind kind, const char *file,
                        int line) {
  lang_call c;
  asc_bool r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  r.p_ = lang_op1(&c, kind, 0, NULL, c.k->i1, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_bool asc_ascend_is_aic_at(const char *file, int line) {
  return core_is("asc_ascend_is_aic", CASC_OP_ASCEND_IS_AIC, file, line);
}

asc_bool asc_ascend_is_aiv_at(const char *file, int line) {
  return core_is("asc_ascend_is_aiv", CASC_OP_ASCEND_IS_AIV, file, line);
}

asc_int asc_get_sub_block_idx_at(const char *file, int line) {
  return query("asc_get_sub_block_idx", CASC_OP_GET_SUB_BLOCK_IDX, file, line,
               true);
}

asc_int asc_get_sub_block_num_at(const char *file, int line) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_get_sub_block_num", file, line))
    return r;
  r.p_ = lang_op1(&c, CASC_OP_GET_SUB_BLOCK_NUM, 0, NULL, c.k->ui64, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

/* An op whose only operand is one scalar materialised as `t` (pyasc's
 * _mat(value, type)). */
static void scalar_op(const char *api, casc_op_kind kind, const char *file,
                      int line, asc__sv v, casc_type *(*type)(lang_kernel *),
                      const char *what) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_value *op = lang_mat(&c, v, type(c.k), what);
  if (op)
    lang_op(&c, kind, 1, &op, 0, NULL, NULL);
}

static casc_type *t_i1(lang_kernel *k) {
  return k->i1;
}
static casc_type *t_i32(lang_kernel *k) {
  return k->i32;
}
static casc_type *t_i64(lang_kernel *k) {
  return k->i64;
}
static casc_type *t_ui32(lang_kernel *k) {
  return k->ui32;
}

void asc_get_arch_version_at(const char *file, int line, asc__sv core_version) {
  scalar_op("asc_get_arch_version", CASC_OP_GET_ARCH_VERSION, file, line,
            core_version, t_ui32, "core_version");
}

/* CrossCoreSetFlag<modeId, pipe>(flagId): modes 0 (all cores), 1 (the AIV
 * cores of a group) and 2 (an AIC core and its AIV cores); flagId i32. */
static void cross_core_flag(const char *api, casc_op_kind kind,
                            const char *file, int line, asc__sv flag_id,
                            int mode_id, asc_pipeid pipe) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  if (mode_id < 0 || mode_id > 2) {
    lang_error(&c, "mode_id %d is not a cross-core mode (0, 1 or 2)", mode_id);
    return;
  }
  if ((int)pipe < ASC_PIPEID_PIPE_S || (int)pipe > ASC_PIPEID_PIPE_FIX) {
    lang_error(&c, "%d is not a valid PipeID", (int)pipe);
    return;
  }
  casc_value *f = lang_mat(&c, flag_id, c.k->i32, "flag_id");
  if (!f)
    return;
  casc_named_attr a[2] = {
      {casc_intern_cstr(c.k->ctx, "modeId"),
       casc_attr_int(c.k->ctx, c.k->ui8, mode_id)},
      {casc_intern_cstr(c.k->ctx, "pipe"), lang_enum_attr(&c, pipe)}};
  lang_op(&c, kind, 1, &f, 0, NULL, casc_attr_dict(c.k->ctx, 2, a));
}

void asc_cross_core_set_flag_at(const char *file, int line, asc__sv flag_id,
                                int mode_id, asc_pipeid pipe) {
  cross_core_flag("asc_cross_core_set_flag", CASC_OP_CROSS_CORE_SET_FLAG, file,
                  line, flag_id, mode_id, pipe);
}

void asc_cross_core_wait_flag_at(const char *file, int line, asc__sv flag_id,
                                 int mode_id, asc_pipeid pipe) {
  cross_core_flag("asc_cross_core_wait_flag", CASC_OP_CROSS_CORE_WAIT_FLAG,
                  file, line, flag_id, mode_id, pipe);
}

/* IBSet / IBWait: the int32 workspaces, then block_idx and event_id (i32). */
static void ib_flag(const char *api, casc_op_kind kind, const char *file,
                    int line, asc_global_tensor g, asc_local_tensor u,
                    asc__sv block_idx, asc__sv event_id) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_dtype ud = CASC_DT_INVALID;
  casc_value *ops[4] = {lang_global_value(&c, g.p_, g.k_, "gm_workspace"),
                        lang_local_tensor(&c, u.p_, u.k_, "ub_workspace", &ud),
                        NULL, NULL};
  if (!int32_workspaces(&c, ops, ud))
    return;
  if (!(ops[2] = lang_mat(&c, block_idx, c.k->i32, "block_idx")) ||
      !(ops[3] = lang_mat(&c, event_id, c.k->i32, "event_id")))
    return;
  lang_op(&c, kind, 4, ops, 0, NULL, NULL);
}

void asc_ib_set_at(const char *file, int line, asc_global_tensor gm_workspace,
                   asc_local_tensor ub_workspace, asc__sv block_idx,
                   asc__sv event_id) {
  ib_flag("asc_ib_set", CASC_OP_IB_SET, file, line, gm_workspace, ub_workspace,
          block_idx, event_id);
}

void asc_ib_wait_at(const char *file, int line, asc_global_tensor gm_workspace,
                    asc_local_tensor ub_workspace, asc__sv block_idx,
                    asc__sv event_id) {
  ib_flag("asc_ib_wait", CASC_OP_IB_WAIT, file, line, gm_workspace,
          ub_workspace, block_idx, event_id);
}

static void block_chain(const char *api, casc_op_kind kind, const char *file,
                        int line, asc_global_tensor g, asc_local_tensor u) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_dtype ud = CASC_DT_INVALID;
  casc_value *ops[2] = {lang_global_value(&c, g.p_, g.k_, "gm_workspace"),
                        lang_local_tensor(&c, u.p_, u.k_, "ub_workspace", &ud)};
  if (int32_workspaces(&c, ops, ud))
    lang_op(&c, kind, 2, ops, 0, NULL, NULL);
}

void asc_notify_next_block_at(const char *file, int line,
                              asc_global_tensor gm_workspace,
                              asc_local_tensor ub_workspace) {
  block_chain("asc_notify_next_block", CASC_OP_NOTIFY_NEXT_BLOCK, file, line,
              gm_workspace, ub_workspace);
}

void asc_wait_pre_block_at(const char *file, int line,
                           asc_global_tensor gm_workspace,
                           asc_local_tensor ub_workspace) {
  block_chain("asc_wait_pre_block", CASC_OP_WAIT_PRE_BLOCK, file, line,
              gm_workspace, ub_workspace);
}

/* ---- cube modes, instruction cache, profiling and debug stamps ----------- */

void asc_set_hf32_mode_at(const char *file, int line, asc__sv hf32_mode) {
  scalar_op("asc_set_hf32_mode", CASC_OP_SET_HF32_MODE, file, line, hf32_mode,
            t_i1, "hf32_mode");
}

void asc_set_hf32_trans_mode_at(const char *file, int line,
                                asc__sv trans_mode) {
  scalar_op("asc_set_hf32_trans_mode", CASC_OP_SET_HF32_TRANS_MODE, file, line,
            trans_mode, t_i1, "trans_mode");
}

void asc_set_mm_layout_transform_at(const char *file, int line,
                                    asc__sv mm_layout_mode) {
  scalar_op("asc_set_mm_layout_transform", CASC_OP_SET_MM_LAYOUT_TRANSFORM,
            file, line, mm_layout_mode, t_i1, "mm_layout_mode");
}

void asc_icache_preload_at(const char *file, int line, asc__sv pre_fetch_len) {
  scalar_op("asc_icache_preload", CASC_OP_ICACHE_PRELOAD, file, line,
            pre_fetch_len, t_i64, "pre_fetch_len");
}

asc_int asc_get_icache_preload_status_at(const char *file, int line) {
  return query("asc_get_icache_preload_status",
               CASC_OP_GET_ICACHE_PRELOAD_STATUS, file, line, true);
}

static void no_operand(const char *api, casc_op_kind kind, const char *file,
                       int line) {
  lang_call c;
  if (lang_begin(&c, api, file, line))
    lang_op(&c, kind, 0, NULL, 0, NULL, NULL);
}

void asc_init_soc_state_at(const char *file, int line) {
  no_operand("asc_init_soc_state", CASC_OP_INIT_SOC_STATE, file, line);
}

void asc_metrics_prof_start_at(const char *file, int line) {
  no_operand("asc_metrics_prof_start", CASC_OP_METRICS_PROF_START, file, line);
}

void asc_metrics_prof_stop_at(const char *file, int line) {
  no_operand("asc_metrics_prof_stop", CASC_OP_METRICS_PROF_STOP, file, line);
}

void asc_print_time_stamp_at(const char *file, int line, asc__sv desc_id) {
  scalar_op("asc_print_time_stamp", CASC_OP_PRINT_TIME_STAMP, file, line,
            desc_id, t_i32, "desc_id");
}

/* DumpAccChkPoint(tensor, index, countOff, dumpSize): the tensor first,
 * three uint32 operands. */
static void dump_acc(lang_call *c, casc_value *t, asc__sv index,
                     asc__sv count_off, asc__sv dump_size) {
  casc_value *ops[4] = {t, NULL, NULL, NULL};
  if (!t || !(ops[1] = lang_mat(c, index, c->k->ui32, "index")) ||
      !(ops[2] = lang_mat(c, count_off, c->k->ui32, "count_off")) ||
      !(ops[3] = lang_mat(c, dump_size, c->k->ui32, "dump_size")))
    return;
  lang_op(c, CASC_OP_DUMP_ACC_CHK_POINT, 4, ops, 0, NULL, NULL);
}

void asc_dump_acc_chk_point_local_at(const char *file, int line,
                                     asc_local_tensor t, asc__sv index,
                                     asc__sv count_off, asc__sv dump_size) {
  lang_call c;
  if (lang_begin(&c, "asc_dump_acc_chk_point", file, line))
    dump_acc(&c, lang_local_tensor(&c, t.p_, t.k_, "tensor", NULL), index,
             count_off, dump_size);
}

void asc_dump_acc_chk_point_global_at(const char *file, int line,
                                      asc_global_tensor t, asc__sv index,
                                      asc__sv count_off, asc__sv dump_size) {
  lang_call c;
  if (lang_begin(&c, "asc_dump_acc_chk_point", file, line))
    dump_acc(&c, lang_global_value(&c, t.p_, t.k_, "tensor"), index, count_off,
             dump_size);
}

/* ---- system workspace and HCCL context ----------------------------------- */

static casc_value *gm_address(lang_call *c, asc_gm_addr a, const char *what) {
  casc_value *v = lang_value(c, a.p_, a.k_, what);
  if (v && v->type->kind != CASC_TYPE_MEMREF &&
      v->type->kind != CASC_TYPE_UNRANKED_MEMREF) {
    lang_error(c, "%s is not a GM address", what);
    return NULL;
  }
  return v;
}

/* GetHcclContext<index> / SetHcclContext<index>: a template argument, so a
 * C constant, materialised as uint32 as pyasc does. The reference takes two
 * communication domains, index 0 or 1 (and the emitter's run-time form
 * chooses between exactly those two). */
static casc_value *hccl_index(lang_call *c, long index) {
  if (index != 0 && index != 1) {
    lang_error(c, "index %ld is not an HCCL communication domain (0 or 1)",
               index);
    return NULL;
  }
  return lang_mat(c, asc__sv_u((unsigned long long)index), c->k->ui32, "index");
}

asc_gm_addr asc_get_sys_workspace_at(const char *file, int line) {
  lang_call c;
  asc_gm_addr r = {0};
  if (!lang_begin(&c, "asc_get_sys_workspace", file, line))
    return r;
  r.p_ = lang_op1(&c, CASC_OP_GET_SYS_WORKSPACE_PTR, 0, NULL,
                  casc_type_gm_memref(c.k->ctx, c.k->ui8), NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

void asc_set_sys_workspace_at(const char *file, int line,
                              asc_gm_addr workspace) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_sys_workspace", file, line))
    return;
  casc_value *w = gm_address(&c, workspace, "workspace");
  if (w)
    lang_op(&c, CASC_OP_SET_SYS_WORKSPACE, 1, &w, 0, NULL, NULL);
}

asc_gm_addr asc_get_hccl_context_at(const char *file, int line, long index) {
  lang_call c;
  asc_gm_addr r = {0};
  if (!lang_begin(&c, "asc_get_hccl_context", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *i = hccl_index(&c, index);
  if (i)
    r.p_ = lang_op1(&c, CASC_OP_GET_HCCL_CONTEXT, 1, &i,
                    casc_type_gm_memref(c.k->ctx, c.k->ui8), NULL);
  return r;
}

void asc_set_hccl_context_at(const char *file, int line, long index,
                             asc_gm_addr context) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_hccl_context", file, line))
    return;
  casc_value *ops[2] = {hccl_index(&c, index), NULL};
  if (!ops[0] || !(ops[1] = gm_address(&c, context, "context")))
    return;
  /* SetHcclContext takes `__gm__ uint8_t* context` (what GetHcclContext
   * returns): the C++ of another element type does not compile. pyasc's
   * Python front end does not check this; the reference does. */
  casc_type *elem = casc_type_elem(ops[1]->type);
  if (elem != c.k->ui8) {
    lang_error(&c,
               "context must be a uint8 GM address (SetHcclContext "
               "takes __gm__ uint8_t*), not %s",
               casc_type_str(c.k->ctx, elem));
    return;
  }
  lang_op(&c, CASC_OP_SET_HCCL_CONTEXT, 2, ops, 0, NULL, NULL);
}

/* ---- tensor debug and bookkeeping ---------------------------------------- */

asc_int asc_localtensor_get_user_tag_at(const char *file, int line,
                                        asc_local_tensor t) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_localtensor_get_user_tag", file, line))
    return r;
  casc_value *v = lang_local_tensor(&c, t.p_, t.k_, "tensor", NULL);
  if (v)
    r.p_ =
        lang_op1(&c, CASC_OP_LOCAL_TENSOR_GET_USER_TAG, 1, &v, c.k->i32, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

/* A LocalTensor method whose one operand after the tensor is a scalar
 * materialised as `t`. */
static void tensor_scalar(const char *api, casc_op_kind kind, const char *file,
                          int line, asc_local_tensor t, asc__sv v,
                          casc_type *(*type)(lang_kernel *), const char *what) {
  lang_call c;
  if (!lang_begin(&c, api, file, line))
    return;
  casc_value *ops[2] = {lang_local_tensor(&c, t.p_, t.k_, "tensor", NULL),
                        NULL};
  if (ops[0] && (ops[1] = lang_mat(&c, v, type(c.k), what)))
    lang_op(&c, kind, 2, ops, 0, NULL, NULL);
}

void asc_localtensor_set_user_tag_at(const char *file, int line,
                                     asc_local_tensor t, asc__sv tag) {
  tensor_scalar("asc_localtensor_set_user_tag",
                CASC_OP_LOCAL_TENSOR_SET_USER_TAG, file, line, t, tag, t_i32,
                "tag");
}

void asc_localtensor_set_buffer_len_at(const char *file, int line,
                                       asc_local_tensor t, asc__sv data_len) {
  tensor_scalar("asc_localtensor_set_buffer_len",
                CASC_OP_LOCAL_TENSOR_SET_BUFFER_LEN, file, line, t, data_len,
                t_ui32, "data_len");
}

void asc_localtensor_print_at(const char *file, int line, asc_local_tensor t,
                              asc__sv data_len) {
  tensor_scalar("asc_localtensor_print", CASC_OP_LOCAL_TENSOR_PRINT, file, line,
                t, data_len, t_ui32, "data_len");
}

void asc_localtensor_to_file_at(const char *file, int line, asc_local_tensor t,
                                const char *file_name) {
  lang_call c;
  if (!lang_begin(&c, "asc_localtensor_to_file", file, line))
    return;
  if (!file_name) {
    lang_error(&c, "file_name is NULL");
    return;
  }
  casc_value *v = lang_local_tensor(&c, t.p_, t.k_, "tensor", NULL);
  if (v)
    lang_op(
        &c, CASC_OP_LOCAL_TENSOR_TO_FILE, 1, &v, 0, NULL,
        lang_attrs1(&c, "fileName",
                    casc_attr_string(c.k->ctx, file_name, strlen(file_name))));
}

void asc_globaltensor_set_l2_cache_hint_at(const char *file, int line,
                                           asc_global_tensor g,
                                           asc_cachemode mode,
                                           asc_cacherwmode rw_mode) {
  lang_call c;
  if (!lang_begin(&c, "asc_globaltensor_set_l2_cache_hint", file, line))
    return;
  if (mode != ASC_CACHEMODE_CACHE_MODE_NORMAL &&
      mode != ASC_CACHEMODE_CACHE_MODE_DISABLE &&
      mode != ASC_CACHEMODE_CACHE_MODE_LAST &&
      mode != ASC_CACHEMODE_CACHE_MODE_PERSISTENT) {
    lang_error(&c, "%d is not a valid CacheMode", (int)mode);
    return;
  }
  if ((int)rw_mode < ASC_CACHERWMODE_READ ||
      (int)rw_mode > ASC_CACHERWMODE_RW) {
    lang_error(&c, "%d is not a valid CacheRwMode", (int)rw_mode);
    return;
  }
  casc_value *v = lang_global_value(&c, g.p_, g.k_, "tensor");
  if (!v)
    return;
  casc_named_attr a[2] = {
      {casc_intern_cstr(c.k->ctx, "mode"), lang_enum_attr(&c, mode)},
      {casc_intern_cstr(c.k->ctx, "rwMode"), lang_enum_attr(&c, rw_mode)}};
  lang_op(&c, CASC_OP_GLOBAL_TENSOR_SET_L2_CACHE_HINT, 1, &v, 0, NULL,
          casc_attr_dict(c.k->ctx, 2, a));
}

/* ---- ShapeInfo read from and handed to tensors --------------------------- */

static asc_shape_info get_shape_info(lang_call *c, casc_value *t,
                                     casc_op_kind kind) {
  asc_shape_info r = {0};
  if (t)
    r.p_ = lang_op1(
        c, kind, 1, &t,
        casc_type_asc(c->k->ctx, CASC_ASC_SHAPE_INFO, 0, NULL, 0, NULL, NULL),
        NULL);
  r.k_ = lang_stamp(c);
  return r;
}

asc_shape_info asc_localtensor_get_shape_info_at(const char *file, int line,
                                                 asc_local_tensor t) {
  lang_call c;
  asc_shape_info r = {0};
  if (!lang_begin(&c, "asc_localtensor_get_shape_info", file, line))
    return r;
  return get_shape_info(&c, lang_local_tensor(&c, t.p_, t.k_, "tensor", NULL),
                        CASC_OP_LOCAL_TENSOR_GET_SHAPE_INFO);
}

asc_shape_info asc_globaltensor_get_shape_info_at(const char *file, int line,
                                                  asc_global_tensor g) {
  lang_call c;
  asc_shape_info r = {0};
  if (!lang_begin(&c, "asc_globaltensor_get_shape_info", file, line))
    return r;
  return get_shape_info(&c, lang_global_value(&c, g.p_, g.k_, "tensor"),
                        CASC_OP_GLOBAL_TENSOR_GET_SHAPE_INFO);
}

static void set_shape_info(lang_call *c, casc_value *t, asc_shape_info si,
                           casc_op_kind kind) {
  casc_value *ops[2] = {t, NULL};
  if (t && (ops[1] = lang_value(c, si.p_, si.k_, "shape_info")))
    lang_op(c, kind, 2, ops, 0, NULL, NULL);
}

void asc_localtensor_set_shape_info_at(const char *file, int line,
                                       asc_local_tensor t, asc_shape_info si) {
  lang_call c;
  if (lang_begin(&c, "asc_localtensor_set_shape_info", file, line))
    set_shape_info(&c, lang_local_tensor(&c, t.p_, t.k_, "tensor", NULL), si,
                   CASC_OP_LOCAL_TENSOR_SET_SHAPE_INFO);
}

void asc_globaltensor_set_shape_info_at(const char *file, int line,
                                        asc_global_tensor g,
                                        asc_shape_info si) {
  lang_call c;
  if (lang_begin(&c, "asc_globaltensor_set_shape_info", file, line))
    set_shape_info(&c, lang_global_value(&c, g.p_, g.k_, "tensor"), si,
                   CASC_OP_GLOBAL_TENSOR_SET_SHAPE_INFO);
}

static asc_int shape_dim(const char *api, casc_op_kind kind, const char *file,
                         int line, asc_shape_info si, asc__sv dim) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  casc_value *ops[2] = {lang_value(&c, si.p_, si.k_, "shape_info"), NULL};
  if (ops[0] && (ops[1] = lang_mat(&c, dim, c.k->i32, "dim")))
    r.p_ = lang_op1(&c, kind, 2, ops, c.k->i32, NULL);
  r.k_ = lang_stamp(&c);
  return r;
}

asc_int asc_shapeinfo_shape_at(const char *file, int line, asc_shape_info si,
                               asc__sv dim) {
  return shape_dim("asc_shapeinfo_shape", CASC_OP_SHAPE_INFO_SHAPE, file, line,
                   si, dim);
}

asc_int asc_shapeinfo_original_shape_at(const char *file, int line,
                                        asc_shape_info si, asc__sv dim) {
  return shape_dim("asc_shapeinfo_original_shape",
                   CASC_OP_SHAPE_INFO_ORIGINAL_SHAPE, file, line, si, dim);
}
