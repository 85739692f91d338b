/* The high-level Matmul object (include/casc/asc_matmul.h) as pyasc builds
 * it (python/asc/language/adv/matmul.py, types.py): the MatmulConfig's
 * ascendc.construct, the object's construct of type !ascendc.matmul<...>
 * (its MatmulTypes and config spelled as pyasc's get_matmul_type prints
 * them), ascendc.regist_matmul_obj and one ascendc.matmul.* op per call,
 * with pyasc's materialisation of each argument. The work itself is the
 * simulator's (src/sim/matmul.c) and the emitted matmul::Matmul's. */
#include <stdio.h>
#include <string.h>

#include "casc/asc_matmul.h"
#include "casc/buf.h"
#include "lang/lang_internal.h"

/* ---- MatmulConfig -------------------------------------------------------- */

/* One field: its name, whether pyasc materialises it as a bool (i1; else
 * i32) and the type its construct records ("types"). */
typedef enum {
  FT_I1,
  FT_UI32,
  FT_UI8,
  FT_BATCH_MODE,
  FT_ORDER,
  FT_SCHED,
  FT_OUT_MODE
} field_type;
typedef struct {
  const char *name;
  bool is_bool;   /* operand i1 and `true`/`false` in the type */
  bool type_bool; /* spelled as a bool in the type (enable_double_cache) */
  field_type ft;
  size_t off;
} cfg_field;

#define B(f)                                                                   \
  { #f, true, true, FT_I1, offsetof(asc_matmul_config_fields, f) }
#define U(f)                                                                   \
  { #f, false, false, FT_UI32, offsetof(asc_matmul_config_fields, f) }
#define E(f, t)                                                                \
  { #f, false, false, t, offsetof(asc_matmul_config_fields, f) }
static const cfg_field k_cfg[] = {
    B(do_norm),
    B(do_basic_block),
    B(do_multi_data_load),
    U(basic_m),
    U(basic_n),
    U(basic_k),
    B(intrinsics_check),
    B(is_n_batch),
    B(en_vec_nd2nz),
    B(do_special_basic_block),
    U(do_mte2_preload),
    U(single_core_m),
    U(single_core_n),
    U(single_core_k),
    U(step_m),
    U(step_n),
    U(base_mn),
    U(single_core_mn),
    B(en_unit_flag),
    B(is_per_tensor),
    B(has_anti_quant_offset),
    B(do_ib_share_norm),
    B(do_special_mdl),
    B(enable_init),
    E(batch_mode, FT_BATCH_MODE),
    B(enable_end),
    B(enable_get_tensor_c),
    B(enable_set_org_shape),
    B(enable_set_bias),
    B(enable_set_tail),
    B(enable_quant_vector),
    B(enable_set_define_data),
    E(iterate_mode, FT_UI8),
    B(enable_reuse),
    B(enable_ub_reuse),
    B(enable_l1_cache_ub),
    B(intra_block_part_sum),
    E(iterate_order, FT_ORDER),
    E(schedule_type, FT_SCHED),
    /* an int in pyasc's Python (materialised as i32), a bool in the
     * construct's types and in the Matmul type */
    {"enable_double_cache", false, true, FT_I1,
     offsetof(asc_matmul_config_fields, enable_double_cache)},
    B(is_bias_batch),
    B(enable_static_pad_zeros),
    B(is_partial_output),
    B(enable_mix_dual_master),
    B(is_a2b2_shared),
    B(is_enable_channel_split),
    B(enable_kdim_reorder_load),
    B(is_co1_shared),
    U(shared_co1_buffer_size),
    E(batch_out_mode, FT_OUT_MODE)};
#undef B
#undef U
#undef E
#define NCFG (sizeof k_cfg / sizeof k_cfg[0])

static int64_t cfg_value(const asc_matmul_config_fields *cfg,
                         const cfg_field *f) {
  const char *p = (const char *)cfg + f->off;
  if (f->is_bool) {
    bool b;
    memcpy(&b, p, sizeof b);
    return b;
  }
  int v;
  memcpy(&v, p, sizeof v);
  return v;
}

static casc_type *cfg_field_type(lang_kernel *k, field_type ft) {
  static const casc_asc_type ids[] = {[FT_BATCH_MODE] = CASC_ASC_BATCH_MODE,
                                      [FT_ORDER] = CASC_ASC_ITERATE_ORDER,
                                      [FT_SCHED] = CASC_ASC_SCHEDULE_TYPE,
                                      [FT_OUT_MODE] = CASC_ASC_BATCH_OUT_MODE};
  switch (ft) {
  case FT_I1:
    return k->i1;
  case FT_UI32:
    return k->ui32;
  case FT_UI8:
    return k->ui8;
  default:
    return casc_type_asc(k->ctx, ids[ft], 0, NULL, 0, NULL, NULL);
  }
}

/* asc.adv.MatmulConfig(...): each field materialised, then the construct
 * (`constexpr static`). */
static casc_value *build_config(lang_call *c,
                                const asc_matmul_config_fields *cfg) {
  casc_value *ops[NCFG];
  casc_attr *types[NCFG];
  for (unsigned i = 0; i < NCFG; i++) {
    int64_t v = cfg_value(cfg, &k_cfg[i]);
    ops[i] = lang_mat(c, asc__sv_i(v), k_cfg[i].is_bool ? c->k->i1 : c->k->i32,
                      k_cfg[i].name);
    types[i] = casc_attr_type(c->k->ctx, cfg_field_type(c->k, k_cfg[i].ft));
    if (!ops[i] || !types[i])
      return NULL;
  }
  casc_ctx *ctx = c->k->ctx;
  casc_named_attr a[3] = {
      {casc_intern_cstr(ctx, "isConstexpr"), casc_attr_unit(ctx)},
      {casc_intern_cstr(ctx, "isStatic"), casc_attr_unit(ctx)},
      {casc_intern_cstr(ctx, "types"), casc_attr_array(ctx, NCFG, types)}};
  casc_type *t =
      casc_type_asc(ctx, CASC_ASC_MATMUL_CONFIG, 0, NULL, 0, NULL, NULL);
  return lang_op1(c, CASC_OP_CONSTRUCT, NCFG, ops, t,
                  casc_attr_dict(ctx, 3, a));
}

static asc_matmul_config make_config(const char *api, const char *file,
                                     int line,
                                     const asc_matmul_config_fields *f) {
  lang_call c;
  asc_matmul_config r;
  memset(&r, 0, sizeof r);
  if (!lang_begin(&c, api, file, line))
    return r;
  r.k_ = lang_stamp(&c);
  r.f_ = *f;
  /* pyasc checks its enums' values when it materialises them */
  if (f->batch_mode < 0 || f->batch_mode > 3 || f->iterate_order < 0 ||
      f->iterate_order > 2 || f->schedule_type < 0 || f->schedule_type > 1 ||
      f->do_mte2_preload < 0 || f->do_mte2_preload > 2) {
    lang_error(&c,
               "batch_mode %d, iterate_order %d, schedule_type %d or "
               "do_mte2_preload %d out of range (0..3, 0..2, 0..1, 0..2)",
               f->batch_mode, f->iterate_order, f->schedule_type,
               f->do_mte2_preload);
    return r;
  }
  r.p_ = build_config(&c, f);
  return r;
}

asc_matmul_config asc_matmulconfig_at(const char *file, int line,
                                      const asc_matmul_config_fields *f) {
  asc_matmul_config_fields def = asc_matmul_config_fields_default();
  return make_config("asc_matmulconfig", file, line, f ? f : &def);
}

asc_matmul_config asc_adv_get_basic_config_at(const char *file, int line,
                                              int basic_m, int basic_n,
                                              int basic_k,
                                              bool intrinsics_limit,
                                              bool batch_loop, int bmm_mode) {
  asc_matmul_config_fields f = asc_matmul_config_fields_default();
  f.basic_m = basic_m;
  f.basic_n = basic_n;
  f.basic_k = basic_k;
  f.intrinsics_check = intrinsics_limit;
  f.is_n_batch = batch_loop;
  f.batch_mode = bmm_mode;
  return make_config("asc_adv_get_basic_config", file, line, &f);
}

asc_matmul_config asc_adv_get_ib_share_norm_config_at(
    const char *file, int line, bool intrinsics_limit, bool batch_loop,
    bool is_vec_nd2_nz, int bmm_mode, bool is_double_cache, bool en_unit_flag) {
  asc_matmul_config_fields f = asc_matmul_config_fields_default();
  f.intrinsics_check = intrinsics_limit;
  f.is_n_batch = batch_loop;
  f.en_vec_nd2nz = is_vec_nd2_nz;
  f.batch_mode = bmm_mode;
  f.enable_double_cache = is_double_cache;
  f.en_unit_flag = en_unit_flag;
  return make_config("asc_adv_get_ib_share_norm_config", file, line, &f);
}

/* pyasc's get_mdl_config and get_special_mdl_config leave do_multi_data_load
 * and do_special_mdl at their defaults (False); so does casc. */
asc_matmul_config asc_adv_get_mdl_config_at(
    const char *file, int line, bool intrinsics_limit, bool batch_loop,
    int do_mte2_preload, bool is_vec_nd2_nz, bool is_per_tensor,
    bool has_anti_quant_offset, bool en_unit_flag, bool is_msg_reuse,
    bool enable_ub_reuse, bool enable_l1_cache_ub, bool enable_mix_dual_master,
    bool enable_kdim_reorder_load) {
  asc_matmul_config_fields f = asc_matmul_config_fields_default();
  f.intrinsics_check = intrinsics_limit;
  f.is_n_batch = batch_loop;
  f.do_mte2_preload = do_mte2_preload;
  f.en_vec_nd2nz = is_vec_nd2_nz;
  f.is_per_tensor = is_per_tensor;
  f.has_anti_quant_offset = has_anti_quant_offset;
  f.en_unit_flag = en_unit_flag;
  f.enable_reuse = is_msg_reuse;
  f.enable_ub_reuse = enable_ub_reuse;
  f.enable_l1_cache_ub = enable_l1_cache_ub;
  f.enable_mix_dual_master = enable_mix_dual_master;
  f.enable_kdim_reorder_load = enable_kdim_reorder_load;
  return make_config("asc_adv_get_mdl_config", file, line, &f);
}

asc_matmul_config
asc_adv_get_normal_config_at(const char *file, int line, bool intrinsics_limit,
                             bool batch_loop, bool is_vec_nd2_nz, int bmm_mode,
                             bool is_msg_reuse, int iterate_order,
                             int schedule_type, bool en_unit_flag) {
  asc_matmul_config_fields f = asc_matmul_config_fields_default();
  f.intrinsics_check = intrinsics_limit;
  f.is_n_batch = batch_loop;
  f.en_vec_nd2nz = is_vec_nd2_nz;
  f.batch_mode = bmm_mode;
  f.enable_reuse = is_msg_reuse;
  f.iterate_order = iterate_order;
  f.schedule_type = schedule_type;
  f.en_unit_flag = en_unit_flag;
  return make_config("asc_adv_get_normal_config", file, line, &f);
}

asc_matmul_config asc_adv_get_special_basic_config_at(
    const char *file, int line, int basic_m, int basic_n, int basic_k,
    int single_core_m, int single_core_n, int single_core_k, int step_m,
    int step_n, bool intrinsics_limit, bool batch_loop, int bmm_mode) {
  asc_matmul_config_fields f = asc_matmul_config_fields_default();
  f.basic_m = basic_m;
  f.basic_n = basic_n;
  f.basic_k = basic_k;
  f.single_core_m = single_core_m;
  f.single_core_n = single_core_n;
  f.single_core_k = single_core_k;
  f.step_m = step_m;
  f.step_n = step_n;
  f.intrinsics_check = intrinsics_limit;
  f.is_n_batch = batch_loop;
  f.batch_mode = bmm_mode;
  return make_config("asc_adv_get_special_basic_config", file, line, &f);
}

asc_matmul_config asc_adv_get_special_mdl_config_at(
    const char *file, int line, bool intrinsics_limit, bool batch_loop,
    int do_mte2_pre_load, bool is_vec_nd2_nz, bool is_per_tensor,
    bool has_anti_quant_offset) {
  asc_matmul_config_fields f = asc_matmul_config_fields_default();
  f.intrinsics_check = intrinsics_limit;
  f.is_n_batch = batch_loop;
  f.do_mte2_preload = do_mte2_pre_load;
  f.en_vec_nd2nz = is_vec_nd2_nz;
  f.is_per_tensor = is_per_tensor;
  f.has_anti_quant_offset = has_anti_quant_offset;
  return make_config("asc_adv_get_special_mdl_config", file, line, &f);
}

asc_matmul_config asc_adv_get_mm_config_at(const char *file, int line, int mode,
                                           const asc_matmul_shape_params *shape,
                                           const asc_matmul_quant_params *quant,
                                           const asc_matmul_batch_params *batch,
                                           const asc_matmul_func_params *func) {
  /* get_mm_config's own defaults, not MatmulConfig's */
  asc_matmul_config_fields f = asc_matmul_config_fields_default();
  f.iterate_order = ASC_ITERATEORDER_ORDER_M;
  f.enable_reuse = false;
  f.is_bias_batch = false;
  if (shape) {
    f.single_core_m = shape->single_core_m;
    f.single_core_n = shape->single_core_n;
    f.single_core_k = shape->single_core_k;
    f.basic_m = shape->basic_m;
    f.basic_n = shape->basic_n;
    f.basic_k = shape->basic_k;
  }
  if (quant) {
    f.is_per_tensor = quant->is_per_tensor;
    f.has_anti_quant_offset = quant->has_anti_quant_offset;
  }
  if (batch) {
    f.is_n_batch = batch->is_n_batch;
    f.batch_mode = batch->batch_mode;
    f.is_bias_batch = batch->is_bias_batch;
  }
  if (func) {
    f.intrinsics_check = func->intrinsics_limit;
    f.en_vec_nd2nz = func->en_vec_nd2_nz;
    f.enable_l1_cache_ub = func->enable_l1_cache;
    f.do_mte2_preload = func->do_mte2_pre_load;
    f.iterate_order = func->iterate_order;
    f.schedule_type = func->schedule_type;
    f.enable_reuse = func->enable_reuse;
    f.enable_ub_reuse = func->enable_ub_reuse;
    f.is_partial_output = func->is_partial_output;
    f.is_a2b2_shared = func->is_a2_b2_shared;
    f.is_enable_channel_split = func->is_enable_channel_split;
    f.enable_kdim_reorder_load = func->enable_kdim_reorder_load;
  }
  /* do_norm stays true whatever the mode (pyasc sets only the mode's own
   * flag) */
  f.do_multi_data_load = mode == ASC_MATMULCONFIGMODE_CONFIG_MDL;
  f.do_special_mdl = mode == ASC_MATMULCONFIGMODE_CONFIG_SPECIALMDL;
  f.do_ib_share_norm = mode == ASC_MATMULCONFIGMODE_CONFIG_IBSHARE;
  if (mode < ASC_MATMULCONFIGMODE_CONFIG_NORM ||
      mode > ASC_MATMULCONFIGMODE_CONFIG_IBSHARE) {
    lang_call c;
    asc_matmul_config r;
    memset(&r, 0, sizeof r);
    if (lang_begin(&c, "asc_adv_get_mm_config", file, line))
      lang_error(&c, "mode %d is not a MatmulConfigMode (1..4)", mode);
    r.k_ = lang_stamp(&c);
    return r;
  }
  return make_config("asc_adv_get_mm_config", file, line, &f);
}

asc_quant_config asc_quantconfig_at(const char *file, int line,
                                    asc__sv calc_count, asc__sv offset_count,
                                    asc__sv scale_count,
                                    asc__sv work_local_size) {
  lang_call c;
  asc_quant_config r = {0};
  if (!lang_begin(&c, "asc_quantconfig", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  static const char *const names[4] = {"calc_count", "offset_count",
                                       "scale_count", "work_local_size"};
  const asc__sv in[4] = {calc_count, offset_count, scale_count,
                         work_local_size};
  casc_ctx *ctx = c.k->ctx;
  casc_value *ops[4];
  casc_attr *types[4];
  for (unsigned i = 0; i < 4; i++) {
    if (!(ops[i] = lang_mat(&c, in[i], c.k->i32, names[i])))
      return r;
    types[i] = casc_attr_type(ctx, c.k->ui32);
  }
  casc_named_attr a[3] = {
      {casc_intern_cstr(ctx, "isConstexpr"), casc_attr_unit(ctx)},
      {casc_intern_cstr(ctx, "isStatic"), casc_attr_unit(ctx)},
      {casc_intern_cstr(ctx, "types"), casc_attr_array(ctx, 4, types)}};
  casc_type *t =
      casc_type_asc(ctx, CASC_ASC_ASCEND_QUANT_CONFIG, 0, NULL, 0, NULL, NULL);
  r.p_ = lang_op1(&c, CASC_OP_CONSTRUCT, 4, ops, t, casc_attr_dict(ctx, 3, a));
  return r;
}

/* ---- the Matmul type ----------------------------------------------------- */

static const char *pos_name(asc_tposition p) {
  static const char *const k[] = {"gm",  "a1",    "a2",     "b1",
                                  "b2",  "c1",    "c2",     "co1",
                                  "co2", "vecin", "vecout", "veccalc"};
  return (unsigned)p < sizeof k / sizeof k[0] ? k[p] : NULL;
}

/* "pos, 0 : i32, dtype[, is_trans, layout : i32]" (format ND). */
static bool put_type(lang_call *c, casc_buf *b, const char *what,
                     asc_matmul_type t, bool full) {
  const char *pos = pos_name(t.pos);
  casc_type *dt = pos ? lang_dtype_type(c->k, t.dtype) : NULL;
  if (!dt) {
    lang_error(c, "%s: %s", what,
               pos ? "not a valid dtype" : "not a valid TPosition");
    return false;
  }
  casc_buf_printf(b, "%s, 0 : i32, ", pos);
  casc_type_format(dt, b);
  if (full)
    casc_buf_printf(b, ", %s, %d : i32, ", t.is_trans ? "true" : "false",
                    t.layout);
  return true;
}

static casc_type *matmul_type(lang_call *c, const asc_matmul *mm,
                              const asc_matmul_config_fields *cfg) {
  casc_buf b;
  casc_buf_init(&b);
  casc_buf_puts(&b, "matmul<");
  bool ok = put_type(c, &b, "a", mm->a_, true) &&
            put_type(c, &b, "b", mm->b_, true) &&
            put_type(c, &b, "c", mm->c_, true) &&
            put_type(c, &b, "bias", mm->bias_, false);
  casc_type *t = NULL;
  if (ok) {
    casc_buf_puts(&b, ", <");
    for (unsigned i = 0; i < NCFG; i++) {
      int64_t v = cfg_value(cfg, &k_cfg[i]);
      casc_buf_printf(&b, "%s%s = ", i ? ", " : "", k_cfg[i].name);
      if (k_cfg[i].type_bool)
        casc_buf_puts(&b, v ? "true" : "false");
      else
        casc_buf_printf(&b, "%lld : i32", (long long)v);
    }
    casc_buf_puts(&b, ">>");
    /* a truncated spelling would name another type */
    if (b.oom)
      casc_ctx_report_oom(c->k->ctx);
    else
      t = casc_type_opaque(c->k->ctx, "ascendc", casc_buf_str(&b));
  }
  casc_buf_free(&b);
  return t;
}

/* ---- the object ------------------------------------------------------------
 */

/* Whether C (and the bias) fit A and B: f16 / bf16 / f32 -> f32 (or f16 /
 * bf16 from f32), int8 -> int32 (or f16 by quantisation). */
static bool dtypes_ok(asc_dtype in, asc_dtype b, asc_dtype out) {
  if (in != b)
    return false;
  if (in == ASC_INT8)
    return out == ASC_INT32 || out == ASC_HALF;
  return (in == ASC_HALF || in == ASC_BF16 || in == ASC_FLOAT) &&
         (out == ASC_FLOAT || out == ASC_HALF || out == ASC_BF16);
}

asc_matmul asc_matmul_at(const char *file, int line, asc_matmul_type a,
                         asc_matmul_type b, asc_matmul_type c,
                         const asc_matmul_type *bias,
                         const asc_matmul_config *cfg) {
  lang_call lc;
  asc_matmul mm;
  memset(&mm, 0, sizeof mm);
  if (!lang_begin(&lc, "asc_matmul", file, line))
    return mm;
  mm.k_ = lang_stamp(&lc);
  mm.a_ = a;
  mm.b_ = b;
  mm.c_ = c;
  mm.bias_ = bias ? *bias : c; /* pyasc: the bias type defaults to C's */
  if (!dtypes_ok(a.dtype, b.dtype, c.dtype)) {
    lang_error(&lc,
               "A, B and C have dtypes %s, %s and %s; the Matmul takes A and "
               "B of one of half, bfloat16, float, int8 and C of their "
               "accumulator type (float, int32) or half / bfloat16",
               asc_dtype_name(a.dtype), asc_dtype_name(b.dtype),
               asc_dtype_name(c.dtype));
    return mm;
  }
  asc_matmul_config_fields def = asc_matmul_config_fields_default();
  const asc_matmul_config_fields *f = &def;
  if (cfg) {
    if (!lang_value(&lc, cfg->p_, cfg->k_, "matmul_config"))
      return mm;
    f = &cfg->f_;
  }
  casc_type *t = matmul_type(&lc, &mm, f);
  if (!t || (!cfg && !build_config(&lc, f)))
    return mm;
  mm.p_ = lang_op1(&lc, CASC_OP_CONSTRUCT, 0, NULL, t, NULL);
  return mm;
}

/* The object's value; NULL after reporting. */
static casc_value *mm_value(lang_call *c, asc_matmul *mm) {
  if (!mm) {
    lang_error(c, "the Matmul is NULL");
    return NULL;
  }
  return lang_value(c, mm->p_, mm->k_, "matmul");
}

/* Begin an asc_matmul_* call: its object's value in ops[0]. */
static bool mm_begin(lang_call *c, const char *api, const char *file, int line,
                     asc_matmul *mm, casc_value **ops) {
  if (!lang_begin(c, api, file, line))
    return false;
  return (ops[0] = mm_value(c, mm)) != NULL;
}

void asc_adv_register_matmul_at(const char *file, int line, asc_tpipe pipe,
                                asc_gm_addr workspace, asc_matmul *mm,
                                const asc_cube_tiling *tiling) {
  lang_call c;
  casc_value *ops[4];
  if (!mm_begin(&c, "asc_adv_register_matmul", file, line, mm, &ops[2]))
    return;
  ops[0] = lang_value(&c, pipe.p_, pipe.k_, "pipe");
  ops[1] = lang_value(&c, workspace.p_, workspace.k_, "workspace");
  ops[3] = tiling ? lang_value(&c, tiling->p_, tiling->k_, "tiling") : NULL;
  if (ops[0] && ops[1] && (!tiling || ops[3]))
    lang_op(&c, CASC_OP_REGIST_MATMUL_OBJ, tiling ? 4 : 3, ops, 0, NULL, NULL);
}

void asc_matmul_init_at(const char *file, int line, asc_matmul *mm,
                        asc_cube_tiling tiling) {
  lang_call c;
  casc_value *ops[2];
  if (!mm_begin(&c, "asc_matmul_init", file, line, mm, ops))
    return;
  if ((ops[1] = lang_value(&c, tiling.p_, tiling.k_, "tiling")))
    lang_op(&c, CASC_OP_MATMUL_INIT, 2, ops, 0, NULL, NULL);
}

/* A GlobalTensor operand of the Matmul's dtype for `what`. */
static casc_value *gm_operand(lang_call *c, asc_global_tensor t,
                              const char *what, asc_dtype want) {
  casc_value *v = lang_global_value(c, t.p_, t.k_, what);
  if (!v)
    return NULL;
  asc_dtype dt = lang_type_dtype(casc_type_elem(v->type));
  if (dt != want) {
    lang_error(c, "%s has dtype %s but the Matmul's %s type is %s", what,
               asc_dtype_name(dt), what, asc_dtype_name(want));
    return NULL;
  }
  return v;
}

static void set_tensor(const char *api, casc_op_kind kind, const char *file,
                       int line, asc_matmul *mm, asc_global_tensor t,
                       asc__sv transpose, bool is_a) {
  lang_call c;
  casc_value *ops[3];
  if (!mm_begin(&c, api, file, line, mm, ops))
    return;
  ops[1] =
      gm_operand(&c, t, is_a ? "a" : "b", is_a ? mm->a_.dtype : mm->b_.dtype);
  /* pyasc's check_type: half, float and int8 tensors only */
  asc_dtype dt = is_a ? mm->a_.dtype : mm->b_.dtype;
  if (ops[1] && dt != ASC_HALF && dt != ASC_FLOAT && dt != ASC_INT8) {
    lang_error(&c, "Tensor type %s is not supported in set_tensor_%s",
               asc_dtype_name(dt), is_a ? "a" : "b");
    return;
  }
  if (!ops[1] || !(ops[2] = lang_mat(&c, transpose, c.k->i1, "transpose")))
    return;
  lang_op(&c, kind, 3, ops, 0, NULL, NULL);
}

void asc_matmul_set_tensor_a_at(const char *file, int line, asc_matmul *mm,
                                asc_global_tensor a, asc__sv transpose) {
  set_tensor("asc_matmul_set_tensor_a", CASC_OP_MATMUL_SET_TENSOR_A, file, line,
             mm, a, transpose, true);
}

void asc_matmul_set_tensor_b_at(const char *file, int line, asc_matmul *mm,
                                asc_global_tensor b, asc__sv transpose) {
  set_tensor("asc_matmul_set_tensor_b", CASC_OP_MATMUL_SET_TENSOR_B, file, line,
             mm, b, transpose, false);
}

void asc_matmul_set_bias_at(const char *file, int line, asc_matmul *mm,
                            asc_global_tensor bias) {
  lang_call c;
  casc_value *ops[2];
  if (!mm_begin(&c, "asc_matmul_set_bias", file, line, mm, ops))
    return;
  if ((ops[1] = gm_operand(&c, bias, "bias", mm->bias_.dtype)))
    lang_op(&c, CASC_OP_MATMUL_SET_BIAS, 2, ops, 0, NULL, NULL);
}

/* An operand type of pyasc's _mat(x, KT.<t>). */
typedef enum { T_I1, T_I8, T_UI8, T_I32, T_UI32, T_UI64 } mat_type;

static casc_type *mat_type_of(lang_kernel *k, mat_type t) {
  switch (t) {
  case T_I1:
    return k->i1;
  case T_I8:
    return k->i8;
  case T_UI8:
    return k->ui8;
  case T_I32:
    return k->i32;
  case T_UI32:
    return k->ui32;
  default:
    return k->ui64;
  }
}

/* ops[0 .. at) are resolved; materialise in[i] as ty[i] into ops[at + i]
 * (pyasc's order) and build the op. */
static void finish(lang_call *c, casc_op_kind kind, casc_value **ops,
                   unsigned at, unsigned n, const asc__sv *in,
                   const mat_type *ty, const char *const *names,
                   casc_attr *attrs) {
  for (unsigned i = 0; i < n; i++)
    if (!(ops[at + i] = lang_mat(c, in[i], mat_type_of(c->k, ty[i]), names[i])))
      return;
  lang_op(c, kind, at + n, ops, 0, NULL, attrs);
}

/* An op of the object and n RuntimeInt operands materialised as i32. */
static void int_op(const char *api, casc_op_kind kind, const char *file,
                   int line, asc_matmul *mm, unsigned n, const asc__sv *in,
                   const char *const *names) {
  lang_call c;
  casc_value *ops[6];
  if (!mm_begin(&c, api, file, line, mm, ops))
    return;
  for (unsigned i = 0; i < n; i++)
    if (!(ops[1 + i] = lang_mat(&c, in[i], c.k->i32, names[i])))
      return;
  lang_op(&c, kind, 1 + n, ops, 0, NULL, NULL);
}

void asc_matmul_disable_bias_at(const char *file, int line, asc_matmul *mm) {
  int_op("asc_matmul_disable_bias", CASC_OP_MATMUL_DISABLE_BIAS, file, line, mm,
         0, NULL, NULL);
}

void asc_matmul_end_at(const char *file, int line, asc_matmul *mm) {
  int_op("asc_matmul_end", CASC_OP_MATMUL_END, file, line, mm, 0, NULL, NULL);
}

void asc_matmul_set_tail_at(const char *file, int line, asc_matmul *mm,
                            asc__sv tail_m, asc__sv tail_n, asc__sv tail_k) {
  static const char *const names[3] = {"tail_m", "tail_n", "tail_k"};
  const asc__sv in[3] = {tail_m, tail_n, tail_k};
  int_op("asc_matmul_set_tail", CASC_OP_MATMUL_SET_TAIL, file, line, mm, 3, in,
         names);
}

void asc_matmul_set_org_shape_at(const char *file, int line, asc_matmul *mm,
                                 asc__sv m, asc__sv n, asc__sv k_a,
                                 asc__sv k_b) {
  lang_call c;
  casc_value *ops[5];
  if (!mm_begin(&c, "asc_matmul_set_org_shape", file, line, mm, ops))
    return;
  static const char *const names[4] = {"org_m", "org_n", "org_ka", "org_kb"};
  static const mat_type ty[4] = {T_I32, T_I32, T_I32, T_I32};
  const asc__sv in[4] = {m, n, k_a, k_b};
  /* pyasc's three-operand form when org_kb is not given (-1 here); org_kc
   * is left out */
  bool three = k_b.kind_ == ASC__SV_INT && k_b.i_ == -1;
  finish(&c, CASC_OP_MATMUL_SET_ORG_SHAPE, ops, 1, three ? 3 : 4, in, ty, names,
         lang_attrs1(&c, "operandSegmentSizes",
                     casc_attr_opaque(c.k->ctx,
                                      three ? "array<i32: 1, 1, 1, 1, 0, 0>"
                                            : "array<i32: 1, 1, 1, 1, 1, 0>")));
}

void asc_matmul_set_single_shape_at(const char *file, int line, asc_matmul *mm,
                                    asc__sv m, asc__sv n, asc__sv k) {
  static const char *const names[3] = {"single_m", "single_n", "single_k"};
  const asc__sv in[3] = {m, n, k};
  int_op("asc_matmul_set_single_shape", CASC_OP_MATMUL_SET_SINGLE_SHAPE, file,
         line, mm, 3, in, names);
}

/* ---- Iterate, GetTensorC, IterateAll ---------------------------------- */

typedef struct {
  casc_value *mm, *local_c;
  asc__sv partial_sum, sync;
} iter_cond;

/* The before-region of pyasc's MatmulIterator: en_partial_sum and sync
 * materialised, then ascendc.matmul.iterate. */
static casc_value *build_iterate(lang_call *c, void *ud) {
  iter_cond *it = ud;
  if (!it->mm)
    return NULL;
  casc_value *ops[4] = {it->mm, NULL, NULL, NULL};
  unsigned n = it->local_c ? 4 : 3;
  ops[1] = lang_mat(c, it->partial_sum, c->k->i1, "en_partial_sum");
  /* operands: matmul, partialsum[, localCmaxtrix], sync */
  if (it->local_c)
    ops[2] = it->local_c;
  ops[n - 1] = ops[1] ? lang_mat(c, it->sync, c->k->i1, "sync") : NULL;
  return ops[n - 1]
             ? lang_op1(c, CASC_OP_MATMUL_ITERATE, n, ops, c->k->i1, NULL)
             : NULL;
}

asc__frame *asc_matmul_iterate_at(const char *file, int line, asc_matmul *mm,
                                  asc__sv en_partial_sum, asc__sv sync,
                                  const asc_local_tensor *local_c_matrix) {
  lang_call c;
  iter_cond it = {NULL, NULL, en_partial_sum, sync};
  /* A failed call still opens a (dead) frame: its body runs once, so that
   * later mistakes in it are reported too. */
  if (mm_begin(&c, "asc_matmul_iterate", file, line, mm, &it.mm) &&
      local_c_matrix) {
    casc_dtype dt = CASC_DT_INVALID;
    it.local_c = lang_local_tensor(&c, local_c_matrix->p_, local_c_matrix->k_,
                                   "local_c_matrix", &dt);
    /* pyasc's check_type: int32 or float */
    if (it.local_c && dt != CASC_DT_I32 && dt != CASC_DT_F32) {
      lang_error(&c,
                 "Local_c_matrix Tensor type %s is not supported in iterate",
                 casc_dtype_name(dt));
      it.local_c = NULL;
    }
    if (!it.local_c)
      it.mm = NULL;
  }
  return lang_while_open(&c, build_iterate, &it);
}

static bool out_dtype_ok(lang_call *c, asc_dtype dt, const char *api) {
  /* pyasc's check_type: int32, float, half, int8 */
  if (dt == ASC_INT32 || dt == ASC_FLOAT || dt == ASC_HALF || dt == ASC_INT8)
    return true;
  lang_error(c, "Tensor type %s is not supported in %s", asc_dtype_name(dt),
             api);
  return false;
}

/* get_tensor_c(tensor, en_atomic, en_sequential_write, sync=True). */
static void get_tensor_c(lang_call *c, casc_value **ops, asc__sv en_atomic,
                         asc__sv seq_write) {
  if (en_atomic.kind_ == ASC__SV_INT &&
      (en_atomic.i_ < 0 || en_atomic.i_ > 3)) {
    lang_error(c, "Params en_atomic should be in [0, 1, 2, 3]");
    return;
  }
  if (!(ops[2] = lang_mat(c, en_atomic, c->k->i8, "en_atomic")) ||
      !(ops[3] = lang_mat(c, seq_write, c->k->i1, "en_sequential_write")) ||
      !(ops[4] = lang_mat(c, asc__sv_i(1), c->k->i1, "sync")))
    return;
  lang_op(c, CASC_OP_MATMUL_GET_TENSOR_C, 5, ops, 0, NULL, NULL);
}

void asc_matmul_get_tensor_c_global_at(const char *file, int line,
                                       asc_matmul *mm, asc_global_tensor dst,
                                       asc__sv en_atomic, asc__sv seq_write) {
  lang_call c;
  casc_value *ops[5];
  if (!mm_begin(&c, "asc_matmul_get_tensor_c", file, line, mm, ops))
    return;
  ops[1] = lang_global_value(&c, dst.p_, dst.k_, "tensor");
  if (ops[1] && out_dtype_ok(&c, lang_type_dtype(casc_type_elem(ops[1]->type)),
                             "get_tensor_c"))
    get_tensor_c(&c, ops, en_atomic, seq_write);
}

void asc_matmul_get_tensor_c_local_at(const char *file, int line,
                                      asc_matmul *mm, asc_local_tensor dst,
                                      asc__sv en_atomic, asc__sv seq_write) {
  lang_call c;
  casc_value *ops[5];
  casc_dtype dt = CASC_DT_INVALID;
  if (!mm_begin(&c, "asc_matmul_get_tensor_c", file, line, mm, ops))
    return;
  ops[1] = lang_local_tensor(&c, dst.p_, dst.k_, "tensor", &dt);
  if (ops[1] && out_dtype_ok(&c, lang_type_dtype(casc_type_elem(ops[1]->type)),
                             "get_tensor_c"))
    get_tensor_c(&c, ops, en_atomic, seq_write);
}

void asc_matmul_iterate_all_at(const char *file, int line, asc_matmul *mm,
                               asc_global_tensor cg, asc__sv en_atomic) {
  lang_call c;
  casc_value *ops[7];
  if (!mm_begin(&c, "asc_matmul_iterate_all", file, line, mm, ops))
    return;
  ops[1] = lang_global_value(&c, cg.p_, cg.k_, "tensor");
  if (!ops[1] ||
      !out_dtype_ok(&c, lang_type_dtype(casc_type_elem(ops[1]->type)),
                    "iterate_all"))
    return;
  if (en_atomic.kind_ == ASC__SV_INT &&
      (en_atomic.i_ < 0 || en_atomic.i_ > 3)) {
    lang_error(&c, "Params en_atomic should be in [0, 1, 2, 3]");
    return;
  }
  /* pyasc's GM form: en_sequential_write, wait_iterate_all and fake_msg
   * False, sync True. */
  static const char *const names[4] = {"en_sequential_write",
                                       "wait_iterate_all", "fake_msg", "sync"};
  for (unsigned i = 0; i < 4; i++)
    if (!(ops[3 + i] = lang_mat(&c, asc__sv_i(i == 3), c.k->i1, names[i])))
      return;
  /* en_atomic last: pyasc materialises it in the builder call's argument
   * list, after the others. */
  if (!(ops[2] = lang_mat(&c, en_atomic, c.k->i8, "en_atomic")))
    return;
  /* the row's four optional operands, all present */
  lang_op(&c, CASC_OP_MATMUL_ITERATE_ALL, 7, ops, 0, NULL,
          lang_attrs1(
              &c, "operandSegmentSizes",
              casc_attr_opaque(c.k->ctx, "array<i32: 1, 1, 1, 1, 1, 1, 1>")));
}

/* ---- the other Matmul calls ------------------------------------------- */

void asc_matmul_wait_iterate_all_at(const char *file, int line,
                                    asc_matmul *mm) {
  int_op("asc_matmul_wait_iterate_all", CASC_OP_MATMUL_WAIT_ITERATE_ALL, file,
         line, mm, 0, NULL, NULL);
}

void asc_matmul_wait_get_tensor_c_at(const char *file, int line,
                                     asc_matmul *mm) {
  int_op("asc_matmul_wait_get_tensor_c", CASC_OP_MATMUL_WAIT_GET_TENSOR_C, file,
         line, mm, 0, NULL, NULL);
}

void asc_matmul_wait_iterate_batch_at(const char *file, int line,
                                      asc_matmul *mm) {
  int_op("asc_matmul_wait_iterate_batch", CASC_OP_MATMUL_WAIT_ITERATE_BATCH,
         file, line, mm, 0, NULL, NULL);
}

void asc_matmul_set_batch_num_at(const char *file, int line, asc_matmul *mm,
                                 asc__sv batch_a, asc__sv batch_b) {
  static const char *const names[2] = {"batch_a", "batch_b"};
  const asc__sv in[2] = {batch_a, batch_b};
  int_op("asc_matmul_set_batch_num", CASC_OP_MATMUL_SET_BATCH_NUM, file, line,
         mm, 2, in, names);
}

void asc_matmul_set_hf32_at(const char *file, int line, asc_matmul *mm,
                            asc__sv enable_hf32, asc__sv trans_mode) {
  lang_call c;
  casc_value *ops[3];
  if (!mm_begin(&c, "asc_matmul_set_hf32", file, line, mm, ops))
    return;
  static const char *const names[2] = {"enable_hf32", "trans_mode"};
  static const mat_type ty[2] = {T_I1, T_I32};
  const asc__sv in[2] = {enable_hf32, trans_mode};
  finish(&c, CASC_OP_MATMUL_SET_HF32, ops, 1, 2, in, ty, names, NULL);
}

void asc_matmul_set_quant_scalar_at(const char *file, int line, asc_matmul *mm,
                                    asc__sv quant_scalar) {
  lang_call c;
  casc_value *ops[2];
  if (!mm_begin(&c, "asc_matmul_set_quant_scalar", file, line, mm, ops))
    return;
  static const char *const names[1] = {"quant_scalar"};
  static const mat_type ty[1] = {T_UI64};
  finish(&c, CASC_OP_MATMUL_SET_QUANT_SCALAR, ops, 1, 1, &quant_scalar, ty,
         names, NULL);
}

/* An op of the object and one GlobalTensor (of dtype `want`, or any when
 * want is 0). */
static void gm_op(const char *api, casc_op_kind kind, const char *file,
                  int line, asc_matmul *mm, asc_global_tensor t,
                  const char *what, asc_dtype want) {
  lang_call c;
  casc_value *ops[2];
  if (!mm_begin(&c, api, file, line, mm, ops))
    return;
  ops[1] = want ? gm_operand(&c, t, what, want)
                : lang_global_value(&c, t.p_, t.k_, what);
  if (ops[1])
    lang_op(&c, kind, 2, ops, 0, NULL, NULL);
}

void asc_matmul_set_quant_vector_at(const char *file, int line, asc_matmul *mm,
                                    asc_global_tensor quant_vector) {
  gm_op("asc_matmul_set_quant_vector", CASC_OP_MATMUL_SET_QUANT_VECTOR, file,
        line, mm, quant_vector, "quant_vector", ASC_UINT64);
}

void asc_matmul_set_sparse_index_at(const char *file, int line, asc_matmul *mm,
                                    asc_global_tensor index_global) {
  gm_op("asc_matmul_set_sparse_index", CASC_OP_MATMUL_SET_SPARSE_INDEX, file,
        line, mm, index_global, "index_global", 0);
}

void asc_matmul_set_workspace_at(const char *file, int line, asc_matmul *mm,
                                 asc_global_tensor addr, asc__sv size) {
  lang_call c;
  casc_value *ops[3];
  if (!mm_begin(&c, "asc_matmul_set_workspace", file, line, mm, ops) ||
      !(ops[1] = lang_global_value(&c, addr.p_, addr.k_, "addr")))
    return;
  /* pyasc's two forms: without a size (asc__sv_i(-1) here) and with */
  bool no_size = size.kind_ == ASC__SV_INT && size.i_ == -1;
  static const char *const names[1] = {"size"};
  static const mat_type ty[1] = {T_I32};
  finish(&c, CASC_OP_MATMUL_SET_WORKSPACE, ops, 2, no_size ? 0 : 1, &size, ty,
         names, NULL);
}

void asc_matmul_set_user_def_info_at(const char *file, int line, asc_matmul *mm,
                                     asc_gm_addr tiling_ptr) {
  lang_call c;
  casc_value *ops[2];
  if (!mm_begin(&c, "asc_matmul_set_user_def_info", file, line, mm, ops))
    return;
  if ((ops[1] = lang_value(&c, tiling_ptr.p_, tiling_ptr.k_, "tiling_ptr")))
    lang_op(&c, CASC_OP_MATMUL_SET_USER_DEF_INFO, 2, ops, 0, NULL, NULL);
}

void asc_matmul_set_self_define_data_at(const char *file, int line,
                                        asc_matmul *mm, asc__sv data) {
  lang_call c;
  casc_value *ops[2];
  if (!mm_begin(&c, "asc_matmul_set_self_define_data", file, line, mm, ops))
    return;
  /* a GM address as it is, an integer as uint64 (pyasc's two forms) */
  casc_value *v =
      data.kind_ == ASC__SV_VALUE ? lang_sv_value(&c, data, "data_ptr") : NULL;
  if (data.kind_ == ASC__SV_VALUE && !v)
    return;
  if (v && v->type->kind == CASC_TYPE_MEMREF) {
    ops[1] = v;
    lang_op(&c, CASC_OP_MATMUL_SET_SELF_DEFINE_DATA, 2, ops, 0, NULL, NULL);
    return;
  }
  static const char *const names[1] = {"data_ptr"};
  static const mat_type ty[1] = {T_UI64};
  finish(&c, CASC_OP_MATMUL_SET_SELF_DEFINE_DATA, ops, 1, 1, &data, ty, names,
         NULL);
}

void asc_matmul_async_get_tensor_c_at(const char *file, int line,
                                      asc_matmul *mm, asc_local_tensor c_t) {
  lang_call c;
  casc_value *ops[2];
  if (!mm_begin(&c, "asc_matmul_async_get_tensor_c", file, line, mm, ops))
    return;
  if ((ops[1] = lang_local_tensor(&c, c_t.p_, c_t.k_, "c", NULL)))
    lang_op(&c, CASC_OP_MATMUL_ASYNC_GET_TENSOR_C, 2, ops, 0, NULL, NULL);
}

/* iterate_batch's tensor: GM with en_sequential_write false, a
 * LocalTensor with true (pyasc's check_type). */
static bool batch_tensor(lang_call *c, casc_value *t, asc__sv seq) {
  asc_dtype dt = lang_type_dtype(casc_type_elem(t->type));
  if (dt != ASC_INT32 && dt != ASC_FLOAT && dt != ASC_HALF) {
    lang_error(c, "Tensor type %s is not supported in iterate_batch",
               asc_dtype_name(dt));
    return false;
  }
  bool gm = casc_type_is_global_tensor(t->type);
  if (seq.kind_ == ASC__SV_INT && (seq.i_ != 0) == gm) {
    lang_error(c, gm ? "When output to GM, en_sequential_write should be False "
                       "in iterate_batch"
                     : "When output to a LocalTensor, en_sequential_write "
                       "should be True in iterate_batch");
    return false;
  }
  return true;
}

void asc_matmul_iterate_batch_at(const char *file, int line, asc_matmul *mm,
                                 asc__tensor tensor, asc__sv batch_a,
                                 asc__sv batch_b, asc__sv seq_write,
                                 asc__sv stride_a, asc__sv stride_b,
                                 asc__sv stride_c) {
  lang_call c;
  casc_value *ops[10];
  if (!mm_begin(&c, "asc_matmul_iterate_batch", file, line, mm, ops))
    return;
  ops[1] = tensor.global_
               ? lang_global_value(&c, tensor.p_, tensor.k_, "tensor")
               : lang_local_tensor(&c, tensor.p_, tensor.k_, "tensor", NULL);
  if (!ops[1] || !batch_tensor(&c, ops[1], seq_write))
    return;
  /* pyasc's order: the batches, en_sequential_write, the strides, sync,
   * then (GM) wait_iterate_batch False; en_partial_sum and en_atomic are
   * left out (None) */
  static const char *const names[8] = {"batch_a",
                                       "batch_b",
                                       "en_sequential_write",
                                       "matrix_stride_a",
                                       "matrix_stride_b",
                                       "matrix_stride_c",
                                       "sync",
                                       "wait_iterate_batch"};
  static const mat_type ty[8] = {T_UI32, T_UI32, T_I1, T_UI32,
                                 T_UI32, T_UI32, T_I1, T_I1};
  const asc__sv in[8] = {batch_a,  batch_b,  seq_write,    stride_a,
                         stride_b, stride_c, asc__sv_i(1), asc__sv_i(0)};
  unsigned n = tensor.global_ ? 8 : 7;
  char seg[64];
  snprintf(seg, sizeof seg, "array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, %d>",
           tensor.global_ ? 1 : 0);
  finish(
      &c, CASC_OP_MATMUL_ITERATE_BATCH, ops, 2, n, in, ty, names,
      lang_attrs1(&c, "operandSegmentSizes", casc_attr_opaque(c.k->ctx, seg)));
}

void asc_matmul_iterate_batch_cube_only_at(const char *file, int line,
                                           asc_matmul *mm, asc_global_tensor c,
                                           asc__sv en_partial_sum,
                                           asc__sv en_atomic, asc__sv seq_write,
                                           asc__sv stride_a, asc__sv stride_b,
                                           asc__sv stride_c) {
  lang_call cl;
  casc_value *ops[8];
  if (!mm_begin(&cl, "asc_matmul_iterate_batch", file, line, mm, ops))
    return;
  ops[1] = lang_global_value(&cl, c.p_, c.k_, "tensor");
  if (!ops[1] || !batch_tensor(&cl, ops[1], seq_write))
    return;
  /* pyasc's cube-only overload: en_partial_sum (bit), en_atomic (uint8),
   * en_sequential_write (bit), the strides (uint32) */
  static const char *const names[6] = {
      "en_partial_sum",  "en_atomic",       "en_sequential_write",
      "matrix_stride_a", "matrix_stride_b", "matrix_stride_c"};
  static const mat_type ty[6] = {T_I1, T_UI8, T_I1, T_UI32, T_UI32, T_UI32};
  const asc__sv in[6] = {en_partial_sum, en_atomic, seq_write,
                         stride_a,       stride_b,  stride_c};
  finish(&cl, CASC_OP_MATMUL_ITERATE_BATCH_CUBE_ONLY, ops, 2, 6, in, ty, names,
         NULL);
}

void asc_matmul_iterate_n_batch_at(const char *file, int line, asc_matmul *mm,
                                   asc__sv batch_loop, asc__sv batch_a,
                                   asc__sv batch_b, asc__sv seq_write,
                                   asc__sv stride_a, asc__sv stride_b,
                                   asc__sv stride_c) {
  lang_call c;
  casc_value *ops[10];
  if (!mm_begin(&c, "asc_matmul_iterate_n_batch", file, line, mm, ops))
    return;
  /* pyasc materialises wait_iterate_batch fourth, before the strides, but
   * passes it last */
  static const char *const names[9] = {"batch_loop",
                                       "batch_a",
                                       "batch_b",
                                       "wait_iterate_batch",
                                       "matrix_stride_a",
                                       "matrix_stride_b",
                                       "matrix_stride_c",
                                       "en_sequential_write",
                                       "sync"};
  static const mat_type ty[9] = {T_UI32, T_UI32, T_UI32, T_I1, T_UI32,
                                 T_UI32, T_UI32, T_I1,   T_I1};
  const asc__sv in[9] = {batch_loop,   batch_a,   batch_b,
                         asc__sv_i(0), stride_a,  stride_b,
                         stride_c,     seq_write, asc__sv_i(1)};
  casc_value *v[9];
  for (unsigned i = 0; i < 9; i++)
    if (!(v[i] = lang_mat(&c, in[i], mat_type_of(c.k, ty[i]), names[i])))
      return;
  /* the op's order: loop, a, b, en_sequential_write, strides, sync, wait */
  static const unsigned order[9] = {0, 1, 2, 7, 4, 5, 6, 8, 3};
  for (unsigned i = 0; i < 9; i++)
    ops[1 + i] = v[order[i]];
  lang_op(&c, CASC_OP_MATMUL_ITERATE_N_BATCH, 10, ops, 0, NULL, NULL);
}

/* ---- scalar operands and the returning forms ------------------------------
 */

static void set_scalar(const char *api, casc_op_kind kind, const char *file,
                       int line, asc_matmul *mm, asc__sv scalar, bool is_a) {
  lang_call c;
  casc_value *ops[2];
  if (!mm_begin(&c, api, file, line, mm, ops))
    return;
  asc_dtype dt = is_a ? mm->a_.dtype : mm->b_.dtype;
  /* pyasc's check_type, then _mat(scalar, the operand's dtype) */
  if (dt != ASC_HALF && dt != ASC_FLOAT) {
    lang_error(&c,
               "Scalar type is not supported in set_tensor_%s: the "
               "Matmul's %s type is %s (half or float)",
               is_a ? "a" : "b", is_a ? "a" : "b", asc_dtype_name(dt));
    return;
  }
  if ((ops[1] = lang_mat(&c, scalar, lang_dtype_type(c.k, dt), "scalar")))
    lang_op(&c, kind, 2, ops, 0, NULL, NULL);
}

void asc_matmul_set_tensor_a_scalar_at(const char *file, int line,
                                       asc_matmul *mm, asc__sv scalar) {
  set_scalar("asc_matmul_set_tensor_a", CASC_OP_MATMUL_SET_TENSOR_A_SCALAR,
             file, line, mm, scalar, true);
}

void asc_matmul_set_tensor_b_scalar_at(const char *file, int line,
                                       asc_matmul *mm, asc__sv scalar) {
  set_scalar("asc_matmul_set_tensor_b", CASC_OP_MATMUL_SET_TENSOR_B_SCALAR,
             file, line, mm, scalar, false);
}

/* The GlobalTensor<C's dtype> a returning form gives. */
static casc_type *c_global_type(lang_call *c, const asc_matmul *mm) {
  casc_type *e = lang_dtype_type(c->k, mm->c_.dtype);
  return e ? casc_type_global_tensor(c->k->ctx, e) : NULL;
}

asc_global_tensor asc_matmul_get_tensor_c_return_at(const char *file, int line,
                                                    asc_matmul *mm,
                                                    asc__sv en_atomic,
                                                    asc__sv seq_write) {
  lang_call c;
  casc_value *ops[4];
  asc_global_tensor none = {0};
  if (!mm_begin(&c, "asc_matmul_get_tensor_c", file, line, mm, ops)) {
    none.k_ = lang_stamp(&c);
    return none;
  }
  if (en_atomic.kind_ == ASC__SV_INT &&
      (en_atomic.i_ < 0 || en_atomic.i_ > 3)) {
    lang_error(&c, "Params en_atomic should be in [0, 1, 2, 3]");
    return lang_global_wrap(&c, NULL);
  }
  /* pyasc's returning form takes sync=False only */
  static const char *const names[3] = {"en_atomic", "en_sequential_write",
                                       "sync"};
  static const mat_type ty[3] = {T_I8, T_I1, T_I1};
  const asc__sv in[3] = {en_atomic, seq_write, asc__sv_i(0)};
  for (unsigned i = 0; i < 3; i++)
    if (!(ops[1 + i] = lang_mat(&c, in[i], mat_type_of(c.k, ty[i]), names[i])))
      return lang_global_wrap(&c, NULL);
  return lang_global_wrap(&c, lang_op1(&c, CASC_OP_MATMUL_GET_TENSOR_C_RETURN,
                                       4, ops, c_global_type(&c, mm), NULL));
}

/* batch_a, batch_b, en_sequential_write and sync (False: pyasc's
 * get_batch_tensor_c takes no other) into ops[at ..]. */
static bool batch_operands(lang_call *c, casc_value **ops, unsigned at,
                           asc__sv batch_a, asc__sv batch_b, asc__sv seq) {
  static const char *const names[4] = {"batch_a", "batch_b",
                                       "en_sequential_write", "sync"};
  static const mat_type ty[4] = {T_UI32, T_UI32, T_I1, T_I1};
  const asc__sv in[4] = {batch_a, batch_b, seq, asc__sv_i(0)};
  for (unsigned i = 0; i < 4; i++)
    if (!(ops[at + i] = lang_mat(c, in[i], mat_type_of(c->k, ty[i]), names[i])))
      return false;
  return true;
}

asc_global_tensor asc_matmul_get_batch_tensor_c_at(const char *file, int line,
                                                   asc_matmul *mm,
                                                   asc__sv batch_a,
                                                   asc__sv batch_b,
                                                   asc__sv seq_write) {
  lang_call c;
  casc_value *ops[5];
  asc_global_tensor none = {0};
  if (!mm_begin(&c, "asc_matmul_get_batch_tensor_c", file, line, mm, ops)) {
    none.k_ = lang_stamp(&c);
    return none;
  }
  if (!batch_operands(&c, ops, 1, batch_a, batch_b, seq_write))
    return lang_global_wrap(&c, NULL);
  return lang_global_wrap(&c, lang_op1(&c, CASC_OP_MATMUL_GET_BATCH_TENSOR_C, 5,
                                       ops, c_global_type(&c, mm), NULL));
}

void asc_matmul_get_batch_tensor_c_local_at(const char *file, int line,
                                            asc_matmul *mm, asc_local_tensor t,
                                            asc__sv batch_a, asc__sv batch_b,
                                            asc__sv seq_write) {
  lang_call c;
  casc_value *ops[6];
  if (!mm_begin(&c, "asc_matmul_get_batch_tensor_c", file, line, mm, ops))
    return;
  if ((ops[1] = lang_local_tensor(&c, t.p_, t.k_, "tensor", NULL)) &&
      batch_operands(&c, ops, 2, batch_a, batch_b, seq_write))
    lang_op(&c, CASC_OP_MATMUL_GET_BATCH_TENSOR_C_LOCAL_MEM, 6, ops, 0, NULL,
            NULL);
}

asc_matrix_offset asc_matmul_get_offset_c_at(const char *file, int line,
                                             asc_matmul *mm) {
  lang_call c;
  casc_value *ops[1];
  asc_matrix_offset r = {0};
  bool ok = mm_begin(&c, "asc_matmul_get_offset_c", file, line, mm, ops);
  r.k_ = lang_stamp(&c);
  if (ok)
    r.p_ = lang_op1(
        &c, CASC_OP_MATMUL_GET_OFFSET_C, 1, ops,
        casc_type_asc(c.k->ctx, CASC_ASC_MATRIX_OFFSET, 0, NULL, 0, NULL, NULL),
        NULL);
  return r;
}

/* ---- structs built in the kernel ------------------------------------------
 */

/* pyasc's Struct(...) in a JIT function: an empty construct; its keyword
 * fields are set_member ops after it (asc_cube_tiling_set). */
static void *empty_struct(const char *api, const char *file, int line,
                          casc_asc_type id, unsigned *stamp) {
  lang_call c;
  *stamp = 0;
  if (!lang_begin(&c, api, file, line))
    return NULL;
  *stamp = lang_stamp(&c);
  return lang_op1(&c, CASC_OP_CONSTRUCT, 0, NULL,
                  casc_type_asc(c.k->ctx, id, 0, NULL, 0, NULL, NULL), NULL);
}

asc_cube_tiling asc_tcubetiling_at(const char *file, int line) {
  asc_cube_tiling r;
  r.p_ =
      empty_struct("asc_tcubetiling", file, line, CASC_ASC_CUBE_TILING, &r.k_);
  return r;
}

asc_matmul_api_static_tiling asc_matmulapistatictiling_at(const char *file,
                                                          int line) {
  asc_matmul_api_static_tiling r;
  r.p_ = empty_struct("asc_matmulapistatictiling", file, line,
                      CASC_ASC_MATMUL_API_STATIC_TILING, &r.k_);
  return r;
}

asc_matmul_api_static_tiling asc_adv_get_matmul_api_tiling_at(
    const char *file, int line, const asc_matmul_config *cfg, asc_matmul_type a,
    asc_matmul_type b, asc_matmul_type c_type, asc_matmul_type bias,
    asc__sv l1_size) {
  lang_call c;
  asc_matmul_api_static_tiling r = {0};
  if (!lang_begin(&c, "asc_adv_get_matmul_api_tiling", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  if (!cfg) {
    lang_error(&c, "the MatmulConfig is NULL");
    return r;
  }
  casc_value *ops[2];
  if (!(ops[0] = lang_value(&c, cfg->p_, cfg->k_, "mm_cfg")))
    return r;
  asc_matmul mm;
  memset(&mm, 0, sizeof mm);
  mm.a_ = a;
  mm.b_ = b;
  mm.c_ = c_type;
  mm.bias_ = bias;
  casc_type *t = matmul_type(&c, &mm, &cfg->f_);
  if (!t)
    return r;
  /* no l1_size (-1 here): asc.property(TOTAL_L1_SIZE), as pyasc does */
  if (l1_size.kind_ == ASC__SV_INT && l1_size.i_ == -1) {
    asc_int p = asc_property_at(file, line, ASC_PROPERTY_TOTAL_L1_SIZE);
    l1_size = asc__sv_vi(p);
  }
  if (!(ops[1] = lang_mat(&c, l1_size, NULL, "l1_size")))
    return r;
  r.p_ = lang_op1(&c, CASC_OP_GET_MATMUL_API_TILING, 2, ops,
                  casc_type_asc(c.k->ctx, CASC_ASC_MATMUL_API_STATIC_TILING, 0,
                                NULL, 0, NULL, NULL),
                  lang_attrs1(&c, "matmulType", casc_attr_type(c.k->ctx, t)));
  return r;
}
