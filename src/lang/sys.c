/* System, atomic and cross-block calls (casc/asc_sys.h): pyasc's
 * set_atomic_*, set/get_store_atomic_config, sync_all, data_sync_barrier,
 * the cache calls, the system values and the scalar bit functions. Each
 * builds its one ascendc op. */
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
  if (!ops[0] || !ops[1])
    return;
  /* the reference: both workspaces are int32 */
  casc_dtype gd = casc_dtype_of_type(casc_type_elem(ops[0]->type));
  if (gd != CASC_DT_I32 || ud != CASC_DT_I32) {
    lang_error(&c,
               "the workspaces must be int32 tensors (gm_workspace is %s, "
               "ub_workspace %s)",
               casc_dtype_name(gd), casc_dtype_name(ud));
    return;
  }
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
  int64_t p[3] = {hw, 0, 0}; /* casc_type_asc reads three */
  casc_type *t =
      casc_type_asc(c.k->ctx, CASC_ASC_LOCAL_MEM_ALLOCATOR, p, 0, NULL, NULL);
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
