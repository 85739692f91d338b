/* System, atomic and cross-block calls of the C kernel API (pyasc's
 * asc.language.basic: set_atomic, block_sync, cache, sys_var, scalar),
 * included by casc/asc.h; same naming rule and error handling as there.
 *
 *   asc_set_atomic_add(ASC_FLOAT);   // UB -> GM copies now accumulate
 *   asc_data_copy(z_gm, tile, n);
 *   asc_set_atomic_none();
 *   asc_sync_all();                  // every block waits for every block
 *
 * The simulator's semantics of each are in docs/simulator.md ("Scalar,
 * system and sync ops"). */
#ifndef CASC_ASC_SYS_H
#define CASC_ASC_SYS_H

#include "casc/asc.h"

#pragma GCC visibility push(default)
#ifdef __cplusplus
extern "C" {
#endif

/* asc.AtomicDtype / asc.AtomicOp / asc.MemDsbT / asc.CacheLine /
 * asc.DcciDst, with pyasc's values. */
typedef enum {
  ASC_ATOMICDTYPE_ATOMIC_NONE = 0,
  ASC_ATOMICDTYPE_ATOMIC_F32 = 1,
  ASC_ATOMICDTYPE_ATOMIC_F16 = 2,
  ASC_ATOMICDTYPE_ATOMIC_S16 = 3,
  ASC_ATOMICDTYPE_ATOMIC_S32 = 4,
  ASC_ATOMICDTYPE_ATOMIC_S8 = 5,
  ASC_ATOMICDTYPE_ATOMIC_BF16 = 6
} asc_atomicdtype;
typedef enum { ASC_ATOMICOP_ATOMIC_SUM = 0 } asc_atomicop;
typedef enum {
  ASC_MEMDSBT_ALL = 0,
  ASC_MEMDSBT_DDR = 1,
  ASC_MEMDSBT_UB = 2,
  ASC_MEMDSBT_SEQ = 3
} asc_memdsbt;
typedef enum {
  ASC_CACHELINE_SINGLE_CACHE_LINE = 0,
  ASC_CACHELINE_ENTIRE_DATA_CACHE = 1
} asc_cacheline;
typedef enum {
  ASC_DCCIDST_CACHELINE_ALL = 0,
  ASC_DCCIDST_CACHELINE_UB = 1,
  ASC_DCCIDST_CACHELINE_OUT = 2,
  ASC_DCCIDST_CACHELINE_ATOMIC = 3
} asc_dccidst;

/* ---- atomics: set_atomic_add / _max / _min / _type (dtype), _none,
 * set_store_atomic_config(atomic_type, atomic_op) and
 * get_store_atomic_config() (pyasc returns the pair; C takes two out
 * pointers, either may be NULL). */
void asc_set_atomic_add_at(const char *file, int line, asc_dtype dt);
void asc_set_atomic_max_at(const char *file, int line, asc_dtype dt);
void asc_set_atomic_min_at(const char *file, int line, asc_dtype dt);
void asc_set_atomic_type_at(const char *file, int line, asc_dtype dt);
void asc_set_atomic_none_at(const char *file, int line);
void asc_set_store_atomic_config_at(const char *file, int line,
                                    asc_atomicdtype atomic_type,
                                    asc_atomicop atomic_op);
void asc_get_store_atomic_config_at(const char *file, int line,
                                    asc_int *atomic_type, asc_int *atomic_op);
#define asc_set_atomic_add(dt) asc_set_atomic_add_at(ASC__AT, dt)
#define asc_set_atomic_max(dt) asc_set_atomic_max_at(ASC__AT, dt)
#define asc_set_atomic_min(dt) asc_set_atomic_min_at(ASC__AT, dt)
#define asc_set_atomic_type(dt) asc_set_atomic_type_at(ASC__AT, dt)
#define asc_set_atomic_none() asc_set_atomic_none_at(ASC__AT)
#define asc_set_store_atomic_config(t, o)                                      \
  asc_set_store_atomic_config_at(ASC__AT, t, o)
#define asc_get_store_atomic_config(t, o)                                      \
  asc_get_store_atomic_config_at(ASC__AT, t, o)

/* ---- cross-block sync: sync_all() (hard), sync_all(gm_workspace,
 * ub_workspace[, used_cores]) (soft; int32 workspaces of 32 bytes per
 * core, the GM one zeroed). */
void asc_sync_all_hard_at(const char *file, int line);
void asc_sync_all_soft_at(const char *file, int line,
                          asc_global_tensor gm_workspace,
                          asc_local_tensor ub_workspace, asc__sv used_cores);
#define asc_sync_all(...) ASC__OVERLOAD(asc__sync_all_, __VA_ARGS__)
/* no argument (counted as one empty one); a lone argument does not compile */
#define asc__sync_all_1(none) asc_sync_all_hard_at(ASC__AT none)
#define asc__sync_all_2(g, u) asc_sync_all_soft_at(ASC__AT, g, u, asc__sv_i(0))
#define asc__sync_all_3(g, u, n) asc_sync_all_soft_at(ASC__AT, g, u, ASC__I(n))

/* ---- memory ordering and caches (no effect on values in the simulator's
 * coherent memory): data_sync_barrier(arg0), data_cache_preload(src,
 * cache_offset), data_cache_clean_and_invalid(entire_type, dst[,
 * dcci_dst]). */
void asc_data_sync_barrier_at(const char *file, int line, asc_memdsbt type);
void asc_data_cache_preload_at(const char *file, int line,
                               asc_global_tensor src, asc__sv cache_offset);
void asc_data_cache_clean_and_invalid_at(const char *file, int line,
                                         asc_cacheline entire_type,
                                         asc_global_tensor dst, int dcci_dst);
#define asc_data_sync_barrier(t) asc_data_sync_barrier_at(ASC__AT, t)
#define asc_data_cache_preload(s, o)                                           \
  asc_data_cache_preload_at(ASC__AT, s, ASC__I(o))
#define asc_data_cache_clean_and_invalid(...)                                  \
  ASC__OVERLOAD(asc__dcci_, __VA_ARGS__)
#define asc__dcci_2(e, d) asc_data_cache_clean_and_invalid_at(ASC__AT, e, d, -1)
#define asc__dcci_3(e, d, k)                                                   \
  asc_data_cache_clean_and_invalid_at(ASC__AT, e, d, (int)(k))

/* ---- system values and scalar bit functions (int64 results, as pyasc's
 * get_program_counter / get_system_cycle / get_task_ratio; int for
 * get_data_block_size_in_bytes). */
asc_int asc_get_data_block_size_in_bytes_at(const char *file, int line);
asc_int asc_get_program_counter_at(const char *file, int line);
asc_int asc_get_system_cycle_at(const char *file, int line);
asc_int asc_get_task_ratio_at(const char *file, int line);
void asc_trap_at(const char *file, int line);
asc_int asc_scalar_count_leading_zero_at(const char *file, int line,
                                         asc__sv value_in);
asc_int asc_scalar_get_count_of_value_at(const char *file, int line,
                                         asc__sv value_in, asc__sv count_value);
asc_int asc_scalar_get_sff_value_at(const char *file, int line,
                                    asc__sv value_in, asc__sv count_value);
asc_int asc_count_bits_cnt_same_as_sign_bit_at(const char *file, int line,
                                               asc__sv value_in);
/* scalar_cast(value, dtype, round_mode): float to int32 or half. C needs
 * the result's type statically: asc_scalar_cast_int(v, ASC_INT32, mode)
 * and asc_scalar_cast_float(v, ASC_HALF, mode) (as get_value_int /
 * _float). */
asc_int asc_scalar_cast_int_at(const char *file, int line, asc__sv value_in,
                               asc_dtype dt, asc_roundmode mode);
asc_float asc_scalar_cast_float_at(const char *file, int line, asc__sv value_in,
                                   asc_dtype dt, asc_roundmode mode);
#define asc_scalar_cast_int(v, dt, m)                                          \
  asc_scalar_cast_int_at(ASC__AT, ASC__F(v), dt, m)
#define asc_scalar_cast_float(v, dt, m)                                        \
  asc_scalar_cast_float_at(ASC__AT, ASC__F(v), dt, m)
#define asc_get_data_block_size_in_bytes()                                     \
  asc_get_data_block_size_in_bytes_at(ASC__AT)
#define asc_get_program_counter() asc_get_program_counter_at(ASC__AT)
#define asc_get_system_cycle() asc_get_system_cycle_at(ASC__AT)
#define asc_get_task_ratio() asc_get_task_ratio_at(ASC__AT)
#define asc_trap() asc_trap_at(ASC__AT)
#define asc_scalar_count_leading_zero(v)                                       \
  asc_scalar_count_leading_zero_at(ASC__AT, ASC__I(v))
#define asc_scalar_get_count_of_value(v, c)                                    \
  asc_scalar_get_count_of_value_at(ASC__AT, ASC__I(v), ASC__I(c))
#define asc_scalar_get_sff_value(v, c)                                         \
  asc_scalar_get_sff_value_at(ASC__AT, ASC__I(v), ASC__I(c))
#define asc_count_bits_cnt_same_as_sign_bit(v)                                 \
  asc_count_bits_cnt_same_as_sign_bit_at(ASC__AT, ASC__I(v))

/* ---- static tensors and tensor bookkeeping: LocalMemAllocator(hardware)
 * with .alloc(pos, dtype, tile_size) (a C constant tile_size is the
 * template form, a runtime one the dynamic form) and .get_cur_addr();
 * LocalTensor.set_size / set_addr_with_offset / get_position and
 * TPipe.get_base_addr. */
typedef enum {
  ASC_HARDWARE_GM = 0,
  ASC_HARDWARE_UB = 1,
  ASC_HARDWARE_L1 = 2,
  ASC_HARDWARE_L0A = 3,
  ASC_HARDWARE_L0B = 4,
  ASC_HARDWARE_L0C = 5,
  ASC_HARDWARE_BIAS = 6,
  ASC_HARDWARE_FIXBUF = 7
} asc_hardware;
ASC__HANDLE(asc_local_mem_allocator); /* LocalMemAllocator */
asc_local_mem_allocator asc_localmemallocator_at(const char *file, int line,
                                                 asc_hardware hw);
asc_local_tensor asc_localmemallocator_alloc_at(const char *file, int line,
                                                asc_local_mem_allocator a,
                                                asc_tposition pos, asc_dtype dt,
                                                asc__sv tile_size);
asc_int asc_localmemallocator_get_cur_addr_at(const char *file, int line,
                                              asc_local_mem_allocator a);
void asc_localtensor_set_size_at(const char *file, int line, asc_local_tensor t,
                                 asc__sv size);
void asc_localtensor_set_addr_with_offset_at(const char *file, int line,
                                             asc_local_tensor t,
                                             asc_local_tensor src,
                                             asc__sv offset);
asc_int asc_localtensor_get_position_at(const char *file, int line,
                                        asc_local_tensor t);
asc_int asc_tpipe_get_base_addr_at(const char *file, int line, asc_tpipe p,
                                   asc_tposition pos);
/* pyasc's default hardware is UB; C spells it: asc_localmemallocator(
 * ASC_HARDWARE_UB) */
#define asc_localmemallocator(hw) asc_localmemallocator_at(ASC__AT, hw)
#define asc_localmemallocator_alloc(a, pos, dt, n)                             \
  asc_localmemallocator_alloc_at(ASC__AT, a, pos, dt, ASC__I(n))
#define asc_localmemallocator_get_cur_addr(a)                                  \
  asc_localmemallocator_get_cur_addr_at(ASC__AT, a)
#define asc_localtensor_set_size(t, n)                                         \
  asc_localtensor_set_size_at(ASC__AT, t, ASC__I(n))
#define asc_localtensor_set_addr_with_offset(t, src, off)                      \
  asc_localtensor_set_addr_with_offset_at(ASC__AT, t, src, ASC__I(off))
#define asc_localtensor_get_position(t)                                        \
  asc_localtensor_get_position_at(ASC__AT, t)
#define asc_tpipe_get_base_addr(p, pos)                                        \
  asc_tpipe_get_base_addr_at(ASC__AT, p, pos)

/* ---- core identity, cross-core and inter-block flags (pyasc's
 * basic.common / sys_var / block_sync / determine_compute_sync):
 *
 *   ASC_IF(asc_ascend_is_aiv()) { ... }     // i1, as pyasc
 *   asc_cross_core_set_flag(3, 2, ASC_PIPEID_PIPE_MTE3);
 *   asc_ib_set(gm_ws, ub_ws, block_idx, event_id);
 *
 * ib_set / ib_wait / notify_next_block / wait_pre_block take int32
 * workspaces, as the reference's IBSet / NotifyNextBlock do. pyasc's
 * is_aiv_only argument is not offered: its default (true) is the only
 * form, as for asc_sync_all. */
asc_bool asc_ascend_is_aic_at(const char *file, int line);
asc_bool asc_ascend_is_aiv_at(const char *file, int line);
asc_int asc_get_sub_block_idx_at(const char *file, int line); /* int64 */
asc_int asc_get_sub_block_num_at(const char *file, int line); /* uint64 */
void asc_get_arch_version_at(const char *file, int line, asc__sv core_version);
/* mode_id: the reference's modes 0, 1, 2 (a ui8 attribute) */
void asc_cross_core_set_flag_at(const char *file, int line, asc__sv flag_id,
                                int mode_id, asc_pipeid pipe);
void asc_cross_core_wait_flag_at(const char *file, int line, asc__sv flag_id,
                                 int mode_id, asc_pipeid pipe);
void asc_ib_set_at(const char *file, int line, asc_global_tensor gm_workspace,
                   asc_local_tensor ub_workspace, asc__sv block_idx,
                   asc__sv event_id);
void asc_ib_wait_at(const char *file, int line, asc_global_tensor gm_workspace,
                    asc_local_tensor ub_workspace, asc__sv block_idx,
                    asc__sv event_id);
void asc_notify_next_block_at(const char *file, int line,
                              asc_global_tensor gm_workspace,
                              asc_local_tensor ub_workspace);
void asc_wait_pre_block_at(const char *file, int line,
                           asc_global_tensor gm_workspace,
                           asc_local_tensor ub_workspace);
#define asc_ascend_is_aic() asc_ascend_is_aic_at(ASC__AT)
#define asc_ascend_is_aiv() asc_ascend_is_aiv_at(ASC__AT)
#define asc_get_sub_block_idx() asc_get_sub_block_idx_at(ASC__AT)
#define asc_get_sub_block_num() asc_get_sub_block_num_at(ASC__AT)
#define asc_get_arch_version(v) asc_get_arch_version_at(ASC__AT, ASC__I(v))
#define asc_cross_core_set_flag(f, m, p)                                       \
  asc_cross_core_set_flag_at(ASC__AT, ASC__I(f), m, p)
#define asc_cross_core_wait_flag(f, m, p)                                      \
  asc_cross_core_wait_flag_at(ASC__AT, ASC__I(f), m, p)
#define asc_ib_set(g, u, b, e)                                                 \
  asc_ib_set_at(ASC__AT, g, u, ASC__I(b), ASC__I(e))
#define asc_ib_wait(g, u, b, e)                                                \
  asc_ib_wait_at(ASC__AT, g, u, ASC__I(b), ASC__I(e))
#define asc_notify_next_block(g, u) asc_notify_next_block_at(ASC__AT, g, u)
#define asc_wait_pre_block(g, u) asc_wait_pre_block_at(ASC__AT, g, u)

/* ---- cube modes, instruction cache, profiling and debug stamps:
 * set_hf32_mode / set_hf32_trans_mode / set_mm_layout_transform (bool, i1),
 * icache_preload(pre_fetch_len) and get_icache_preload_status() (int64),
 * init_soc_state, metrics_prof_start / _stop, print_time_stamp(desc_id)
 * (int32) and dump_acc_chk_point(tensor, index, count_off, dump_size) on a
 * LocalTensor or a GlobalTensor (uint32 operands). */
void asc_set_hf32_mode_at(const char *file, int line, asc__sv hf32_mode);
void asc_set_hf32_trans_mode_at(const char *file, int line, asc__sv trans_mode);
void asc_set_mm_layout_transform_at(const char *file, int line,
                                    asc__sv mm_layout_mode);
void asc_icache_preload_at(const char *file, int line, asc__sv pre_fetch_len);
asc_int asc_get_icache_preload_status_at(const char *file, int line);
void asc_init_soc_state_at(const char *file, int line);
void asc_metrics_prof_start_at(const char *file, int line);
void asc_metrics_prof_stop_at(const char *file, int line);
void asc_print_time_stamp_at(const char *file, int line, asc__sv desc_id);
void asc_dump_acc_chk_point_local_at(const char *file, int line,
                                     asc_local_tensor t, asc__sv index,
                                     asc__sv count_off, asc__sv dump_size);
void asc_dump_acc_chk_point_global_at(const char *file, int line,
                                      asc_global_tensor t, asc__sv index,
                                      asc__sv count_off, asc__sv dump_size);
#define asc_set_hf32_mode(b) asc_set_hf32_mode_at(ASC__AT, ASC__B(b))
#define asc_set_hf32_trans_mode(b)                                             \
  asc_set_hf32_trans_mode_at(ASC__AT, ASC__B(b))
#define asc_set_mm_layout_transform(b)                                         \
  asc_set_mm_layout_transform_at(ASC__AT, ASC__B(b))
#define asc_icache_preload(n) asc_icache_preload_at(ASC__AT, ASC__I(n))
#define asc_get_icache_preload_status()                                        \
  asc_get_icache_preload_status_at(ASC__AT)
#define asc_init_soc_state() asc_init_soc_state_at(ASC__AT)
#define asc_metrics_prof_start() asc_metrics_prof_start_at(ASC__AT)
#define asc_metrics_prof_stop() asc_metrics_prof_stop_at(ASC__AT)
#define asc_print_time_stamp(d) asc_print_time_stamp_at(ASC__AT, ASC__I(d))
/* clang-format off */
#define asc_dump_acc_chk_point(t, i, c, n)                                     \
  _Generic((t),                                                                \
      asc_local_tensor: asc_dump_acc_chk_point_local_at,                       \
      asc_global_tensor: asc_dump_acc_chk_point_global_at)(                    \
      ASC__AT, t, ASC__I(i), ASC__I(c), ASC__I(n))
/* clang-format on */

/* ---- system workspace and HCCL context: get_sys_workspace() and
 * get_hccl_context(index) give a uint8 GlobalAddress (memref<?xui8, 22>);
 * set_sys_workspace(workspace) takes any GlobalAddress (the emitted C++
 * casts it), set_hccl_context(index, context) a uint8 one (the reference's
 * `__gm__ uint8_t*`; another dtype is a located error). index is the
 * reference's template argument, so a C constant (pyasc materialises it as
 * uint32): a communication domain, 0 or 1. */
asc_gm_addr asc_get_sys_workspace_at(const char *file, int line);
void asc_set_sys_workspace_at(const char *file, int line,
                              asc_gm_addr workspace);
asc_gm_addr asc_get_hccl_context_at(const char *file, int line, long index);
void asc_set_hccl_context_at(const char *file, int line, long index,
                             asc_gm_addr context);
#define asc_get_sys_workspace() asc_get_sys_workspace_at(ASC__AT)
#define asc_set_sys_workspace(w) asc_set_sys_workspace_at(ASC__AT, w)
#define asc_get_hccl_context(i) asc_get_hccl_context_at(ASC__AT, i)
#define asc_set_hccl_context(i, c) asc_set_hccl_context_at(ASC__AT, i, c)

/* ---- tensor debug and bookkeeping: LocalTensor.get_user_tag() (i32) /
 * set_user_tag(tag) (i32), set_buffer_len(n), print(n) (uint32 lengths),
 * to_file(file_name) (a string attribute), GlobalTensor.set_l2_cache_hint(
 * mode, rw_mode) (asc.CacheMode / asc.CacheRwMode, pyasc's values; pyasc's
 * defaults are CACHE_MODE_NORMAL and RW). */
typedef enum {
  ASC_CACHEMODE_CACHE_MODE_NORMAL = 0,
  ASC_CACHEMODE_CACHE_MODE_DISABLE = 1,
  ASC_CACHEMODE_CACHE_MODE_LAST = 2,
  ASC_CACHEMODE_CACHE_MODE_PERSISTENT = 4
} asc_cachemode;
typedef enum {
  ASC_CACHERWMODE_READ = 1,
  ASC_CACHERWMODE_WRITE = 2,
  ASC_CACHERWMODE_RW = 3
} asc_cacherwmode;
asc_int asc_localtensor_get_user_tag_at(const char *file, int line,
                                        asc_local_tensor t);
void asc_localtensor_set_user_tag_at(const char *file, int line,
                                     asc_local_tensor t, asc__sv tag);
void asc_localtensor_set_buffer_len_at(const char *file, int line,
                                       asc_local_tensor t, asc__sv data_len);
void asc_localtensor_print_at(const char *file, int line, asc_local_tensor t,
                              asc__sv data_len);
void asc_localtensor_to_file_at(const char *file, int line, asc_local_tensor t,
                                const char *file_name);
void asc_globaltensor_set_l2_cache_hint_at(const char *file, int line,
                                           asc_global_tensor g,
                                           asc_cachemode mode,
                                           asc_cacherwmode rw_mode);
#define asc_localtensor_get_user_tag(t)                                        \
  asc_localtensor_get_user_tag_at(ASC__AT, t)
#define asc_localtensor_set_user_tag(t, tag)                                   \
  asc_localtensor_set_user_tag_at(ASC__AT, t, ASC__I(tag))
#define asc_localtensor_set_buffer_len(t, n)                                   \
  asc_localtensor_set_buffer_len_at(ASC__AT, t, ASC__I(n))
#define asc_localtensor_print(t, n)                                            \
  asc_localtensor_print_at(ASC__AT, t, ASC__I(n))
#define asc_localtensor_to_file(t, name)                                       \
  asc_localtensor_to_file_at(ASC__AT, t, name)
#define asc_globaltensor_set_l2_cache_hint(g, mode, rw)                        \
  asc_globaltensor_set_l2_cache_hint_at(ASC__AT, g, mode, rw)

/* ---- ShapeInfo read from and handed to tensors: LocalTensor /
 * GlobalTensor .get_shape_info() and .set_shape_info(info), and the
 * ShapeInfo's .shape(dim) / .original_shape(dim) (i32 results, i32 dim, as
 * pyasc). Building a ShapeInfo from arrays (pyasc's ShapeInfo(shape, ...))
 * is not offered yet. */
ASC__HANDLE(asc_shape_info); /* ShapeInfo */
asc_shape_info asc_localtensor_get_shape_info_at(const char *file, int line,
                                                 asc_local_tensor t);
asc_shape_info asc_globaltensor_get_shape_info_at(const char *file, int line,
                                                  asc_global_tensor g);
void asc_localtensor_set_shape_info_at(const char *file, int line,
                                       asc_local_tensor t, asc_shape_info si);
void asc_globaltensor_set_shape_info_at(const char *file, int line,
                                        asc_global_tensor g, asc_shape_info si);
asc_int asc_shapeinfo_shape_at(const char *file, int line, asc_shape_info si,
                               asc__sv dim);
asc_int asc_shapeinfo_original_shape_at(const char *file, int line,
                                        asc_shape_info si, asc__sv dim);
#define asc_localtensor_get_shape_info(t)                                      \
  asc_localtensor_get_shape_info_at(ASC__AT, t)
#define asc_globaltensor_get_shape_info(g)                                     \
  asc_globaltensor_get_shape_info_at(ASC__AT, g)
#define asc_localtensor_set_shape_info(t, si)                                  \
  asc_localtensor_set_shape_info_at(ASC__AT, t, si)
#define asc_globaltensor_set_shape_info(g, si)                                 \
  asc_globaltensor_set_shape_info_at(ASC__AT, g, si)
#define asc_shapeinfo_shape(si, d)                                             \
  asc_shapeinfo_shape_at(ASC__AT, si, ASC__I(d))
#define asc_shapeinfo_original_shape(si, d)                                    \
  asc_shapeinfo_original_shape_at(ASC__AT, si, ASC__I(d))

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_ASC_SYS_H */
