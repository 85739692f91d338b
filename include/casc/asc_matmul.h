/* The high-level Matmul of pyasc (asc.adv: TCubeTiling, MatmulType,
 * MatmulConfig, Matmul, register_matmul and the Matmul's methods) for the C
 * kernel API. Each call builds the op pyasc builds (ascendc.matmul.*,
 * ascendc.regist_matmul_obj, the TCubeTiling argument read with
 * emitasc.member), so a C kernel prints the IR of its pyasc twin and emits
 * Ascend C's matmul::Matmul<...>; the simulator runs those rows
 * (docs/simulator.md, "The Matmul object in the IR").
 *
 *   asc_cube_tiling t = asc_arg_cube_tiling(k, "tiling");   // TCubeTiling
 *   asc_matmul mm = asc_matmul(
 *       asc_matmultype(ASC_TPOSITION_GM, ASC_FLOAT, false), b_type,
 *       c_type, &bias_type, NULL);
 *   asc_adv_register_matmul(pipe, workspace, &mm);
 *   asc_matmul_init(&mm, t);
 *   asc_matmul_set_tensor_a(&mm, a_gm, false);
 *   asc_matmul_set_tensor_b(&mm, b_gm, false);
 *   asc_matmul_iterate_all(&mm, c_gm);             // or:
 *   ASC_MATMUL_ITERATE(&mm, count) {               // with mm.iterate()
 *     asc_matmul_get_tensor_c(&mm, ub, 0, true);   //   as count:
 *     ...vector epilogue...
 *   }
 *   asc_matmul_end(&mm);
 *
 * The host fills an asc_tcube_tiling and passes it as the kernel's GM
 * argument (49 int32: casc_arg_gm(&tiling, CASC_DT_I32,
 * ASC_TCUBE_TILING_FIELDS)). */
#ifndef CASC_ASC_MATMUL_H
#define CASC_ASC_MATMUL_H

#include <stdint.h>

#include "casc/asc.h"

/* The public API; the library is compiled with -fvisibility=hidden. */
#pragma GCC visibility push(default)

/* ---- TCubeTiling ---------------------------------------------------------
 * asc.adv.TCubeTiling as the host passes it: Ascend C's 49 int32 fields in
 * pyasc's order (python/asc/language/adv/tiling.py), so the struct's bytes
 * are the kernel argument. */
enum { ASC_TCUBE_TILING_FIELDS = 49 };
typedef struct {
  int32_t used_core_num, m, n, k_a, k_b;
  int32_t single_core_m, single_core_n, single_core_k;
  int32_t base_m, base_n, base_k;
  int32_t depth_a1, depth_b1, step_m, step_n, is_bias;
  int32_t trans_length, iterate_order, share_mode;
  int32_t share_l1_size, share_l0c_size, share_ub_size;
  int32_t batch_m, batch_n, single_batch_m, single_batch_n;
  int32_t step_k_a, step_k_b, depth_a_l1_cache_ub, depth_b_l1_cache_ub;
  int32_t db_l0a, db_l0b, db_l0c;
  int32_t a_layout_info_b, a_layout_info_s, a_layout_info_n, a_layout_info_g,
      a_layout_info_d;
  int32_t b_layout_info_b, b_layout_info_s, b_layout_info_n, b_layout_info_g,
      b_layout_info_d;
  int32_t c_layout_info_b, c_layout_info_s1, c_layout_info_n, c_layout_info_g,
      c_layout_info_s2;
  int32_t batch_num;
} asc_tcube_tiling;
_Static_assert(sizeof(asc_tcube_tiling) == 4 * ASC_TCUBE_TILING_FIELDS,
               "asc_tcube_tiling is TCubeTiling's int32 fields, unpadded");

/* The kernel's TCubeTiling (a struct value; pyasc `tiling:
 * asc.adv.TCubeTiling`). */
typedef struct {
  void *p_;
  unsigned k_;
} asc_cube_tiling;

/* The argument (memref<?x!ascendc.cube_tiling, 22>) and its copy
 * (emitasc.copy_struct), as pyasc's kernel prologue makes them. */
asc_cube_tiling asc_arg_cube_tiling_at(const char *file, int line,
                                       asc_kernel *k, const char *name);
#define asc_arg_cube_tiling(k, name) asc_arg_cube_tiling_at(ASC__AT, k, name)
/* tiling.<field> (emitasc.member) and tiling.<field> = v
 * (emitasc.set_member); `field` is the C++ name ("baseM", "singleCoreN",
 * "shareL1Size": the IR's). */
asc_int asc_cube_tiling_get_at(const char *file, int line, asc_cube_tiling t,
                               const char *field);
void asc_cube_tiling_set_at(const char *file, int line, asc_cube_tiling t,
                            const char *field, asc__sv v);
#define asc_cube_tiling_get(t, f) asc_cube_tiling_get_at(ASC__AT, t, f)
#define asc_cube_tiling_set(t, f, v)                                           \
  asc_cube_tiling_set_at(ASC__AT, t, f, ASC__I(v))

/* asc.property(asc.X): Ascend C's compile-time constants (emitc.constant
 * #emitc.opaque<"::AscendC::X">). */
typedef enum {
  ASC_PROPERTY_DEFAULT_C0_SIZE,
  ASC_PROPERTY_ONE_BLK_SIZE,
  ASC_PROPERTY_TOTAL_L1_SIZE,
  ASC_PROPERTY_TOTAL_L0C_SIZE
} asc_property_id;
asc_int asc_property_at(const char *file, int line, asc_property_id p);
#define asc_property(p) asc_property_at(ASC__AT, p)

/* ---- MatmulType, MatmulConfig ------------------------------------------- */

/* asc.LayoutMode: how IterateBatch finds the batches' matrices. */
enum {
  ASC_LAYOUTMODE_NONE = 0,
  ASC_LAYOUTMODE_NORMAL = 1,
  ASC_LAYOUTMODE_BSNGD = 2,
  ASC_LAYOUTMODE_SBNGD = 3,
  ASC_LAYOUTMODE_BNGS1S2 = 4
};

/* asc.adv.MatmulType(position, CubeFormat.ND, dtype, is_trans[, layout])
 * (layout: ASC_LAYOUTMODE_*, NONE by default). */
typedef struct {
  asc_tposition pos;
  asc_dtype dtype;
  bool is_trans;
  int layout;
} asc_matmul_type;

static inline asc_matmul_type asc_matmultype(asc_tposition pos, asc_dtype dt,
                                             bool is_trans) {
  asc_matmul_type t = {pos, dt, is_trans, ASC_LAYOUTMODE_NONE};
  return t;
}
static inline asc_matmul_type asc_matmultype_layout(asc_tposition pos,
                                                    asc_dtype dt, bool is_trans,
                                                    int layout) {
  asc_matmul_type t = {pos, dt, is_trans, layout};
  return t;
}

/* asc.BatchMode, asc.IterateOrder, asc.ScheduleType, asc.BatchOutMode. */
enum {
  ASC_BATCHMODE_NONE = 0,
  ASC_BATCHMODE_BATCH_LESS_THAN_L1 = 1,
  ASC_BATCHMODE_BATCH_LARGE_THAN_L1 = 2,
  ASC_BATCHMODE_SINGLE_LARGE_THAN_L1 = 3
};
enum {
  ASC_ITERATEORDER_ORDER_M = 0,
  ASC_ITERATEORDER_ORDER_N = 1,
  ASC_ITERATEORDER_UNDEF = 2
};
enum { ASC_SCHEDULETYPE_INNER_PRODUCT = 0, ASC_SCHEDULETYPE_OUTER_PRODUCT = 1 };
enum {
  ASC_BATCHOUTMODE_SINGLE_BATCH = 0,
  ASC_BATCHOUTMODE_MULTI_BATCH = 1,
  ASC_BATCHOUTMODE_DYNAMIC = 2
};

/* asc.adv.MatmulConfig's fields, compile-time values (pyasc's names and
 * defaults: asc_matmul_config_fields_default). */
typedef struct {
  bool do_norm, do_basic_block, do_multi_data_load;
  int basic_m, basic_n, basic_k;
  bool intrinsics_check, is_n_batch, en_vec_nd2nz, do_special_basic_block;
  int do_mte2_preload, single_core_m, single_core_n, single_core_k;
  int step_m, step_n, base_mn, single_core_mn;
  bool en_unit_flag, is_per_tensor, has_anti_quant_offset, do_ib_share_norm,
      do_special_mdl, enable_init;
  int batch_mode;
  bool enable_end, enable_get_tensor_c, enable_set_org_shape, enable_set_bias,
      enable_set_tail, enable_quant_vector, enable_set_define_data;
  int iterate_mode;
  bool enable_reuse, enable_ub_reuse, enable_l1_cache_ub, intra_block_part_sum;
  int iterate_order, schedule_type, enable_double_cache;
  bool is_bias_batch, enable_static_pad_zeros, is_partial_output,
      enable_mix_dual_master, is_a2b2_shared, is_enable_channel_split,
      enable_kdim_reorder_load, is_co1_shared;
  int shared_co1_buffer_size, batch_out_mode;
} asc_matmul_config_fields;

static inline asc_matmul_config_fields asc_matmul_config_fields_default(void) {
  asc_matmul_config_fields c = {0};
  c.do_norm = c.en_unit_flag = c.enable_init = c.enable_end = true;
  c.enable_get_tensor_c = c.enable_set_org_shape = c.enable_set_bias = true;
  c.enable_set_tail = c.enable_quant_vector = c.enable_set_define_data = true;
  c.enable_reuse = c.is_bias_batch = true;
  c.batch_mode = 1;     /* BatchMode.BATCH_LESS_THAN_L1 */
  c.iterate_mode = 255; /* IterateMode.ITERATE_MODE_DEFAULT */
  c.iterate_order = 2;  /* IterateOrder.UNDEF */
  c.shared_co1_buffer_size = 64 * 1024;
  return c;
}

/* A MatmulConfig built in the kernel (its `constexpr static` construct)
 * and its fields, which the Matmul's type spells. */
typedef struct {
  void *p_;
  unsigned k_;
  asc_matmul_config_fields f_;
} asc_matmul_config;

/* asc.adv.MatmulConfig(...): f NULL for pyasc's defaults. */
asc_matmul_config asc_matmulconfig_at(const char *file, int line,
                                      const asc_matmul_config_fields *f);
#define asc_matmulconfig(f) asc_matmulconfig_at(ASC__AT, f)

/* pyasc's preset configs (asc.adv.get_*_config): a MatmulConfig of these
 * fields, the others default. Arguments in pyasc's order, all given. */
asc_matmul_config asc_adv_get_basic_config_at(const char *file, int line,
                                              int basic_m, int basic_n,
                                              int basic_k,
                                              bool intrinsics_limit,
                                              bool batch_loop, int bmm_mode);
#define asc_adv_get_basic_config(bm, bn, bk, lim, loop, mode)                  \
  asc_adv_get_basic_config_at(ASC__AT, bm, bn, bk, lim, loop, mode)
asc_matmul_config asc_adv_get_ib_share_norm_config_at(
    const char *file, int line, bool intrinsics_limit, bool batch_loop,
    bool is_vec_nd2_nz, int bmm_mode, bool is_double_cache, bool en_unit_flag);
#define asc_adv_get_ib_share_norm_config(lim, loop, nd2nz, mode, dc, unit)     \
  asc_adv_get_ib_share_norm_config_at(ASC__AT, lim, loop, nd2nz, mode, dc, unit)
asc_matmul_config asc_adv_get_mdl_config_at(
    const char *file, int line, bool intrinsics_limit, bool batch_loop,
    int do_mte2_preload, bool is_vec_nd2_nz, bool is_per_tensor,
    bool has_anti_quant_offset, bool en_unit_flag, bool is_msg_reuse,
    bool enable_ub_reuse, bool enable_l1_cache_ub, bool enable_mix_dual_master,
    bool enable_kdim_reorder_load);
#define asc_adv_get_mdl_config(...)                                            \
  asc_adv_get_mdl_config_at(ASC__AT, __VA_ARGS__)
asc_matmul_config
asc_adv_get_normal_config_at(const char *file, int line, bool intrinsics_limit,
                             bool batch_loop, bool is_vec_nd2_nz, int bmm_mode,
                             bool is_msg_reuse, int iterate_order,
                             int schedule_type, bool en_unit_flag);
#define asc_adv_get_normal_config(...)                                         \
  asc_adv_get_normal_config_at(ASC__AT, __VA_ARGS__)
asc_matmul_config asc_adv_get_special_basic_config_at(
    const char *file, int line, int basic_m, int basic_n, int basic_k,
    int single_core_m, int single_core_n, int single_core_k, int step_m,
    int step_n, bool intrinsics_limit, bool batch_loop, int bmm_mode);
#define asc_adv_get_special_basic_config(...)                                  \
  asc_adv_get_special_basic_config_at(ASC__AT, __VA_ARGS__)
asc_matmul_config asc_adv_get_special_mdl_config_at(
    const char *file, int line, bool intrinsics_limit, bool batch_loop,
    int do_mte2_pre_load, bool is_vec_nd2_nz, bool is_per_tensor,
    bool has_anti_quant_offset);
#define asc_adv_get_special_mdl_config(...)                                    \
  asc_adv_get_special_mdl_config_at(ASC__AT, __VA_ARGS__)

/* asc.adv.get_mm_config(mode, params...)'s parameter groups: plain data in
 * pyasc too (no IR), made by their constructors with pyasc's defaults. */
typedef struct {
  int single_core_m, single_core_n, single_core_k, basic_m, basic_n, basic_k;
} asc_matmul_shape_params;
typedef struct {
  bool is_per_tensor, has_anti_quant_offset;
} asc_matmul_quant_params;
typedef struct {
  bool is_n_batch;
  int batch_mode;
  bool is_bias_batch;
} asc_matmul_batch_params;
typedef struct {
  bool intrinsics_limit, en_vec_nd2_nz, enable_double_cache, enable_l1_cache;
  int do_mte2_pre_load, iterate_order, schedule_type;
  bool enable_reuse, enable_ub_reuse, is_partial_output, is_a2_b2_shared,
      is_enable_channel_split, enable_kdim_reorder_load;
} asc_matmul_func_params;

static inline asc_matmul_shape_params
asc_matmulshapeparams(int single_core_m, int single_core_n, int single_core_k,
                      int basic_m, int basic_n, int basic_k) {
  asc_matmul_shape_params p = {single_core_m, single_core_n, single_core_k,
                               basic_m,       basic_n,       basic_k};
  return p;
}
static inline asc_matmul_quant_params
asc_matmulquantparams(bool is_per_tensor, bool has_anti_quant_offset) {
  asc_matmul_quant_params p = {is_per_tensor, has_anti_quant_offset};
  return p;
}
static inline asc_matmul_batch_params
asc_matmulbatchparams(bool is_b_batch, int batch_mode, bool is_bias_batch) {
  asc_matmul_batch_params p = {is_b_batch, batch_mode, is_bias_batch};
  return p;
}
/* pyasc's defaults: all false / 0 but enable_reuse true. */
static inline asc_matmul_func_params asc_matmulfuncparams(void) {
  asc_matmul_func_params p = {0};
  p.enable_reuse = true;
  return p;
}

/* asc.MatmulConfigMode. */
enum {
  ASC_MATMULCONFIGMODE_CONFIG_NORM = 1,
  ASC_MATMULCONFIGMODE_CONFIG_MDL = 2,
  ASC_MATMULCONFIGMODE_CONFIG_SPECIALMDL = 3,
  ASC_MATMULCONFIGMODE_CONFIG_IBSHARE = 4
};

/* asc.adv.get_mm_config(mode, shape, quant, batch, func): any group may be
 * NULL (left out). casc applies the groups it is given; pyasc's loop looks
 * at its argument tuple instead of the arguments and so ignores them, and
 * reads en_vec_nd2nz from intrinsics_limit (docs/c-api.md, "The Matmul"). */
asc_matmul_config asc_adv_get_mm_config_at(const char *file, int line, int mode,
                                           const asc_matmul_shape_params *shape,
                                           const asc_matmul_quant_params *quant,
                                           const asc_matmul_batch_params *batch,
                                           const asc_matmul_func_params *func);
#define asc_adv_get_mm_config(mode, shape, quant, batch, func)                 \
  asc_adv_get_mm_config_at(ASC__AT, mode, shape, quant, batch, func)

/* asc.adv.QuantConfig(calc_count, offset_count, scale_count,
 * work_local_size): its `constexpr static` construct. */
typedef struct {
  void *p_;
  unsigned k_;
} asc_quant_config;
asc_quant_config asc_quantconfig_at(const char *file, int line,
                                    asc__sv calc_count, asc__sv offset_count,
                                    asc__sv scale_count,
                                    asc__sv work_local_size);
#define asc_quantconfig(c, o, s, w)                                            \
  asc_quantconfig_at(ASC__AT, ASC__I(c), ASC__I(o), ASC__I(s), ASC__I(w))

/* asc.adv.TCubeTiling(...) in a kernel: an empty struct whose fields the
 * kernel then sets (asc_cube_tiling_set: pyasc's keyword arguments are
 * set_member ops). */
asc_cube_tiling asc_tcubetiling_at(const char *file, int line);
#define asc_tcubetiling() asc_tcubetiling_at(ASC__AT)

/* asc.adv.MatmulApiStaticTiling: built empty in a kernel, or by
 * get_matmul_api_tiling(mm_cfg, a, b, c, bias[, l1_size]) (l1_size -1:
 * asc.property(TOTAL_L1_SIZE), pyasc's default). */
typedef struct {
  void *p_;
  unsigned k_;
} asc_matmul_api_static_tiling;
asc_matmul_api_static_tiling asc_matmulapistatictiling_at(const char *file,
                                                          int line);
#define asc_matmulapistatictiling() asc_matmulapistatictiling_at(ASC__AT)
asc_matmul_api_static_tiling asc_adv_get_matmul_api_tiling_at(
    const char *file, int line, const asc_matmul_config *cfg, asc_matmul_type a,
    asc_matmul_type b, asc_matmul_type c, asc_matmul_type bias,
    asc__sv l1_size);
#define asc_adv_get_matmul_api_tiling(cfg, a, b, c, bias, l1)                  \
  asc_adv_get_matmul_api_tiling_at(ASC__AT, cfg, a, b, c, bias, ASC__I(l1))

/* ---- the Matmul object --------------------------------------------------- */

/* A Matmul (its IR value and the static facts of its type). */
typedef struct {
  void *p_;
  unsigned k_;
  asc_matmul_type a_, b_, c_, bias_;
} asc_matmul;

/* asc.adv.Matmul(a=, b=, c=[, bias=][, matmul_config=]): the object's
 * construct, its type spelling cfg's fields (cfg NULL: pyasc's
 * MatmulConfig() is built here, as pyasc does). Without a bias type the
 * bias is C's. */
asc_matmul asc_matmul_at(const char *file, int line, asc_matmul_type a,
                         asc_matmul_type b, asc_matmul_type c,
                         const asc_matmul_type *bias,
                         const asc_matmul_config *cfg);
#define asc_matmul(a, b, c, bias, cfg)                                         \
  asc_matmul_at(ASC__AT, a, b, c, bias, cfg)

/* asc.adv.register_matmul(pipe, workspace, matmul[, tiling]). */
void asc_adv_register_matmul_at(const char *file, int line, asc_tpipe pipe,
                                asc_gm_addr workspace, asc_matmul *mm,
                                const asc_cube_tiling *tiling);
#define asc_adv_register_matmul(...)                                           \
  ASC__OVERLOAD(asc__mm_register_, __VA_ARGS__)
#define asc__mm_register_3(p, ws, mm)                                          \
  asc_adv_register_matmul_at(ASC__AT, p, ws, mm, NULL)
#define asc__mm_register_4(p, ws, mm, t)                                       \
  asc_adv_register_matmul_at(ASC__AT, p, ws, mm, &(t))

/* matmul.init(tiling). */
void asc_matmul_init_at(const char *file, int line, asc_matmul *mm,
                        asc_cube_tiling tiling);
#define asc_matmul_init(mm, t) asc_matmul_init_at(ASC__AT, mm, t)

/* set_tensor_a(tensor, transpose) / set_tensor_b / set_bias /
 * disable_bias: the GM operands, already offset to this block's part. */
void asc_matmul_set_tensor_a_at(const char *file, int line, asc_matmul *mm,
                                asc_global_tensor a, asc__sv transpose);
void asc_matmul_set_tensor_b_at(const char *file, int line, asc_matmul *mm,
                                asc_global_tensor b, asc__sv transpose);
void asc_matmul_set_bias_at(const char *file, int line, asc_matmul *mm,
                            asc_global_tensor bias);
void asc_matmul_disable_bias_at(const char *file, int line, asc_matmul *mm);
/* set_tensor_a(scalar) / set_tensor_b(scalar): A (B) filled with one value
 * of its half / float type — the two-argument form; the tensor form takes
 * its transpose flag explicitly. */
void asc_matmul_set_tensor_a_scalar_at(const char *file, int line,
                                       asc_matmul *mm, asc__sv scalar);
void asc_matmul_set_tensor_b_scalar_at(const char *file, int line,
                                       asc_matmul *mm, asc__sv scalar);
#define asc_matmul_set_tensor_a(...)                                           \
  ASC__OVERLOAD(asc__mm_set_tensor_a_, __VA_ARGS__)
#define asc__mm_set_tensor_a_3(mm, a, tr)                                      \
  asc_matmul_set_tensor_a_at(ASC__AT, mm, a, ASC__B(tr))
#define asc__mm_set_tensor_a_2(mm, s)                                          \
  asc_matmul_set_tensor_a_scalar_at(ASC__AT, mm, ASC__I(s))
#define asc_matmul_set_tensor_b(...)                                           \
  ASC__OVERLOAD(asc__mm_set_tensor_b_, __VA_ARGS__)
#define asc__mm_set_tensor_b_3(mm, b, tr)                                      \
  asc_matmul_set_tensor_b_at(ASC__AT, mm, b, ASC__B(tr))
#define asc__mm_set_tensor_b_2(mm, s)                                          \
  asc_matmul_set_tensor_b_scalar_at(ASC__AT, mm, ASC__I(s))
#define asc_matmul_set_bias(mm, b) asc_matmul_set_bias_at(ASC__AT, mm, b)
#define asc_matmul_disable_bias(mm) asc_matmul_disable_bias_at(ASC__AT, mm)

/* set_tail(tail_m, tail_n, tail_k) (-1: unchanged), set_org_shape(m, n,
 * k_a, k_b, k_c) (pyasc's two forms: k_b / k_c -1 for the four- / three-
 * operand op), set_single_shape(m, n, k). */
void asc_matmul_set_tail_at(const char *file, int line, asc_matmul *mm,
                            asc__sv tail_m, asc__sv tail_n, asc__sv tail_k);
#define asc_matmul_set_tail(mm, tm, tn, tk)                                    \
  asc_matmul_set_tail_at(ASC__AT, mm, ASC__I(tm), ASC__I(tn), ASC__I(tk))
void asc_matmul_set_org_shape_at(const char *file, int line, asc_matmul *mm,
                                 asc__sv m, asc__sv n, asc__sv k_a,
                                 asc__sv k_b);
#define asc_matmul_set_org_shape(mm, m, n, ka, kb)                             \
  asc_matmul_set_org_shape_at(ASC__AT, mm, ASC__I(m), ASC__I(n), ASC__I(ka),   \
                              ASC__I(kb))
void asc_matmul_set_single_shape_at(const char *file, int line, asc_matmul *mm,
                                    asc__sv m, asc__sv n, asc__sv k);
#define asc_matmul_set_single_shape(mm, m, n, k)                               \
  asc_matmul_set_single_shape_at(ASC__AT, mm, ASC__I(m), ASC__I(n), ASC__I(k))

/* `with matmul.iterate() as count:` — an scf.while whose condition is
 * ascendc.matmul.iterate; count is 0, 1, ... ASC_MATMUL_ITERATE_WITH takes
 * pyasc's arguments: iterate(en_partial_sum, sync, local_c_matrix), the
 * last a pointer (NULL: none). */
asc__frame *asc_matmul_iterate_at(const char *file, int line, asc_matmul *mm,
                                  asc__sv en_partial_sum, asc__sv sync,
                                  const asc_local_tensor *local_c_matrix);
#define ASC_MATMUL_ITERATE(mm, count)                                          \
  ASC__MM_ITER_IMPL(                                                           \
      ASC__UNIQ(asc__mm_frame_), count,                                        \
      asc_matmul_iterate_at(ASC__AT, mm, asc__sv_i(0), asc__sv_i(1), NULL))
#define ASC_MATMUL_ITERATE_WITH(mm, count, partial_sum, sync, local_c)         \
  ASC__MM_ITER_IMPL(ASC__UNIQ(asc__mm_frame_), count,                          \
                    asc_matmul_iterate_at(ASC__AT, mm, ASC__B(partial_sum),    \
                                          ASC__B(sync), local_c))
#define ASC__MM_ITER_IMPL(F, count, open)                                      \
  for (asc__frame *F ASC__CLEANUP = open; asc__frame_enter(F);)                \
    for (asc_int count = asc__frame_iv(F); asc__frame_body(F);                 \
         asc__frame_body_end(F))

/* get_tensor_c(tensor, en_atomic, en_sequential_write): the last
 * Iterate's tile into GM C or a LocalTensor. */
void asc_matmul_get_tensor_c_global_at(const char *file, int line,
                                       asc_matmul *mm, asc_global_tensor dst,
                                       asc__sv en_atomic, asc__sv seq_write);
void asc_matmul_get_tensor_c_local_at(const char *file, int line,
                                      asc_matmul *mm, asc_local_tensor dst,
                                      asc__sv en_atomic, asc__sv seq_write);
/* get_tensor_c(en_atomic, en_sequential_write, sync=False): the tile's
 * GlobalTensor (pyasc's returning form, three arguments here). */
asc_global_tensor asc_matmul_get_tensor_c_return_at(const char *file, int line,
                                                    asc_matmul *mm,
                                                    asc__sv en_atomic,
                                                    asc__sv seq_write);
/* clang-format off */
#define asc_matmul_get_tensor_c(...)                                           \
  ASC__OVERLOAD(asc__mm_get_tensor_c_, __VA_ARGS__)
#define asc__mm_get_tensor_c_4(mm, dst, atomic, seq)                           \
  _Generic((dst),                                                              \
      asc_global_tensor: asc_matmul_get_tensor_c_global_at,                    \
      asc_local_tensor: asc_matmul_get_tensor_c_local_at)(                     \
          ASC__AT, mm, dst, ASC__I(atomic), ASC__B(seq))
#define asc__mm_get_tensor_c_3(mm, atomic, seq)                                \
  asc_matmul_get_tensor_c_return_at(ASC__AT, mm, ASC__I(atomic), ASC__B(seq))
/* clang-format on */

/* get_batch_tensor_c(batch_a, batch_b, en_sequential_write, sync=False):
 * a GlobalTensor of C; with a LocalTensor first, into it. */
asc_global_tensor asc_matmul_get_batch_tensor_c_at(const char *file, int line,
                                                   asc_matmul *mm,
                                                   asc__sv batch_a,
                                                   asc__sv batch_b,
                                                   asc__sv seq_write);
void asc_matmul_get_batch_tensor_c_local_at(const char *file, int line,
                                            asc_matmul *mm, asc_local_tensor t,
                                            asc__sv batch_a, asc__sv batch_b,
                                            asc__sv seq_write);
#define asc_matmul_get_batch_tensor_c(...)                                     \
  ASC__OVERLOAD(asc__mm_get_batch_tensor_c_, __VA_ARGS__)
#define asc__mm_get_batch_tensor_c_4(mm, ba, bb, seq)                          \
  asc_matmul_get_batch_tensor_c_at(ASC__AT, mm, ASC__I(ba), ASC__I(bb),        \
                                   ASC__B(seq))
#define asc__mm_get_batch_tensor_c_5(mm, t, ba, bb, seq)                       \
  asc_matmul_get_batch_tensor_c_local_at(ASC__AT, mm, t, ASC__I(ba),           \
                                         ASC__I(bb), ASC__B(seq))

/* get_offset_c(): the MatrixOffset of the last tile. */
typedef struct {
  void *p_;
  unsigned k_;
} asc_matrix_offset;
asc_matrix_offset asc_matmul_get_offset_c_at(const char *file, int line,
                                             asc_matmul *mm);
#define asc_matmul_get_offset_c(mm) asc_matmul_get_offset_c_at(ASC__AT, mm)

/* iterate_all(tensor, en_atomic): every tile into GM C (pyasc's GM form:
 * en_sequential_write, wait_iterate_all and fake_msg false, sync true). */
void asc_matmul_iterate_all_at(const char *file, int line, asc_matmul *mm,
                               asc_global_tensor c, asc__sv en_atomic);
#define asc_matmul_iterate_all(mm, c)                                          \
  asc_matmul_iterate_all_at(ASC__AT, mm, c, asc__sv_i(0))

/* wait_iterate_all(), wait_get_tensor_c(), wait_iterate_batch(): the
 * asynchronous forms' waits. */
void asc_matmul_wait_iterate_all_at(const char *file, int line, asc_matmul *mm);
void asc_matmul_wait_get_tensor_c_at(const char *file, int line,
                                     asc_matmul *mm);
void asc_matmul_wait_iterate_batch_at(const char *file, int line,
                                      asc_matmul *mm);
#define asc_matmul_wait_iterate_all(mm)                                        \
  asc_matmul_wait_iterate_all_at(ASC__AT, mm)
#define asc_matmul_wait_get_tensor_c(mm)                                       \
  asc_matmul_wait_get_tensor_c_at(ASC__AT, mm)
#define asc_matmul_wait_iterate_batch(mm)                                      \
  asc_matmul_wait_iterate_batch_at(ASC__AT, mm)

/* async_get_tensor_c(c): a LocalTensor C's tiles are written to as they
 * come. */
void asc_matmul_async_get_tensor_c_at(const char *file, int line,
                                      asc_matmul *mm, asc_local_tensor c);
#define asc_matmul_async_get_tensor_c(mm, c)                                   \
  asc_matmul_async_get_tensor_c_at(ASC__AT, mm, c)

/* set_batch_num(batch_a, batch_b), set_hf32(enable_hf32, trans_mode),
 * set_quant_scalar(quant_scalar: uint64), set_quant_vector(GlobalTensor
 * of uint64), set_sparse_index(GlobalTensor), set_user_def_info(GM
 * address), set_self_define_data(GM address or uint64),
 * set_workspace(GlobalTensor[, size]). */
void asc_matmul_set_batch_num_at(const char *file, int line, asc_matmul *mm,
                                 asc__sv batch_a, asc__sv batch_b);
void asc_matmul_set_hf32_at(const char *file, int line, asc_matmul *mm,
                            asc__sv enable_hf32, asc__sv trans_mode);
void asc_matmul_set_quant_scalar_at(const char *file, int line, asc_matmul *mm,
                                    asc__sv quant_scalar);
void asc_matmul_set_quant_vector_at(const char *file, int line, asc_matmul *mm,
                                    asc_global_tensor quant_vector);
void asc_matmul_set_sparse_index_at(const char *file, int line, asc_matmul *mm,
                                    asc_global_tensor index_global);
void asc_matmul_set_user_def_info_at(const char *file, int line, asc_matmul *mm,
                                     asc_gm_addr tiling_ptr);
void asc_matmul_set_self_define_data_at(const char *file, int line,
                                        asc_matmul *mm, asc__sv data);
void asc_matmul_set_workspace_at(const char *file, int line, asc_matmul *mm,
                                 asc_global_tensor addr, asc__sv size);
#define asc_matmul_set_batch_num(mm, a, b)                                     \
  asc_matmul_set_batch_num_at(ASC__AT, mm, ASC__I(a), ASC__I(b))
#define asc_matmul_set_hf32(mm, en, mode)                                      \
  asc_matmul_set_hf32_at(ASC__AT, mm, ASC__B(en), ASC__I(mode))
#define asc_matmul_set_quant_scalar(mm, q)                                     \
  asc_matmul_set_quant_scalar_at(ASC__AT, mm, ASC__I(q))
#define asc_matmul_set_quant_vector(mm, q)                                     \
  asc_matmul_set_quant_vector_at(ASC__AT, mm, q)
#define asc_matmul_set_sparse_index(mm, g)                                     \
  asc_matmul_set_sparse_index_at(ASC__AT, mm, g)
#define asc_matmul_set_user_def_info(mm, p)                                    \
  asc_matmul_set_user_def_info_at(ASC__AT, mm, p)
static inline asc__sv asc__mm_addr_sv(asc_gm_addr a) {
  asc__sv s = {0};
  s.kind_ = ASC__SV_VALUE;
  s.p_ = a.p_;
  s.k_ = a.k_;
  return s;
}
/* clang-format off */
#define asc_matmul_set_self_define_data(mm, d)                                 \
  asc_matmul_set_self_define_data_at(ASC__AT, mm,                              \
      _Generic((d), asc_gm_addr: asc__mm_addr_sv, asc_int: asc__sv_vi,         \
               default: asc__sv_i)(d))
/* clang-format on */
#define asc_matmul_set_workspace(...)                                          \
  ASC__OVERLOAD(asc__mm_set_workspace_, __VA_ARGS__)
#define asc__mm_set_workspace_2(mm, g)                                         \
  asc_matmul_set_workspace_at(ASC__AT, mm, g, asc__sv_i(-1))
#define asc__mm_set_workspace_3(mm, g, size)                                   \
  asc_matmul_set_workspace_at(ASC__AT, mm, g, ASC__I(size))

/* iterate_batch(tensor, batch_a, batch_b, en_sequential_write,
 * matrix_stride_a, _b, _c) into GM (en_sequential_write false) or a
 * LocalTensor (true); iterate_n_batch(batch_loop, batch_a, batch_b,
 * en_sequential_write, matrix_stride_a, _b, _c). */
void asc_matmul_iterate_batch_at(const char *file, int line, asc_matmul *mm,
                                 asc__tensor tensor, asc__sv batch_a,
                                 asc__sv batch_b, asc__sv seq_write,
                                 asc__sv stride_a, asc__sv stride_b,
                                 asc__sv stride_c);
/* clang-format off */
#define asc_matmul_iterate_batch(mm, t, ba, bb, seq, sa, sb, sc)               \
  asc_matmul_iterate_batch_at(ASC__AT, mm,                                     \
      _Generic((t), asc_global_tensor: asc__t_global,                          \
                    asc_local_tensor: asc__t_local)(t),                        \
      ASC__I(ba), ASC__I(bb), ASC__B(seq), ASC__I(sa), ASC__I(sb), ASC__I(sc))
/* clang-format on */
/* iterate_batch(tensor, en_partial_sum, en_atomic, en_sequential_write,
 * matrix_stride_a, _b, _c): the cube-only form into GM, on
 * set_batch_num's batch counts. */
void asc_matmul_iterate_batch_cube_only_at(const char *file, int line,
                                           asc_matmul *mm, asc_global_tensor c,
                                           asc__sv en_partial_sum,
                                           asc__sv en_atomic, asc__sv seq_write,
                                           asc__sv stride_a, asc__sv stride_b,
                                           asc__sv stride_c);
#define asc_matmul_iterate_batch_cube_only(mm, c, ps, at, seq, sa, sb, sc)     \
  asc_matmul_iterate_batch_cube_only_at(ASC__AT, mm, c, ASC__B(ps),            \
                                        ASC__I(at), ASC__B(seq), ASC__I(sa),   \
                                        ASC__I(sb), ASC__I(sc))
void asc_matmul_iterate_n_batch_at(const char *file, int line, asc_matmul *mm,
                                   asc__sv batch_loop, asc__sv batch_a,
                                   asc__sv batch_b, asc__sv seq_write,
                                   asc__sv stride_a, asc__sv stride_b,
                                   asc__sv stride_c);
#define asc_matmul_iterate_n_batch(mm, loop, ba, bb, seq, sa, sb, sc)          \
  asc_matmul_iterate_n_batch_at(ASC__AT, mm, ASC__I(loop), ASC__I(ba),         \
                                ASC__I(bb), ASC__B(seq), ASC__I(sa),           \
                                ASC__I(sb), ASC__I(sc))

/* end(). */
void asc_matmul_end_at(const char *file, int line, asc_matmul *mm);
#define asc_matmul_end(mm) asc_matmul_end_at(ASC__AT, mm)

#pragma GCC visibility pop

#endif
