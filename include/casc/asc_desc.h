/* TensorDesc and ListTensorDesc (pyasc's asc.language.basic.list_tensor):
 * the descriptors of a list of GM tensors handed to a kernel as one
 * pointer; and ShapeInfo built from shape arrays (pyasc's core.types).
 * Included by casc/asc.h; same naming rule and error handling as there.
 *
 *   asc_list_tensor_desc l = asc_listtensordesc(x, 8u, 4u);
 *   asc_tensor_desc d = asc_tensordesc(ASC_HALF);
 *   asc_listtensordesc_get_desc(l, d, 1u);          // d describes tensor 1
 *   asc_global_tensor g = asc_tensordesc_get_data_obj(d);
 *
 * pyasc's ListTensorDesc.init / get_desc / get_size and
 * TensorDesc.set_shape_addr overwrite the object's IR handle with the op's
 * (empty) result, so a pyasc object is unusable after one of them; C keeps
 * the handle, and get_size returns the uint32 count the op yields (pyasc
 * returns None). */
#ifndef CASC_ASC_DESC_H
#define CASC_ASC_DESC_H

#include <stddef.h>
#include <stdint.h>

#include "casc/asc.h"

#pragma GCC visibility push(default)
#ifdef __cplusplus
extern "C" {
#endif

ASC__HANDLE(asc_tensor_desc);      /* TensorDesc */
ASC__HANDLE(asc_list_tensor_desc); /* ListTensorDesc */

/* asc.TensorDesc(dtype): the element type of the tensors it describes
 * (pyasc's default float32; C spells it). */
asc_tensor_desc asc_tensordesc_at(const char *file, int line, asc_dtype dt);
/* set_shape_addr(shape_ptr): a uint64 address; get_dim() / get_index():
 * uint64; get_shape(offset): int64 (offset int32); get_data_ptr(): a GM
 * address of the desc's dtype (memref<*xT, 22>); get_data_obj(): a
 * GlobalTensor of that dtype. */
void asc_tensordesc_set_shape_addr_at(const char *file, int line,
                                      asc_tensor_desc d, asc__sv shape_ptr);
asc_int asc_tensordesc_get_dim_at(const char *file, int line,
                                  asc_tensor_desc d);
asc_int asc_tensordesc_get_index_at(const char *file, int line,
                                    asc_tensor_desc d);
asc_int asc_tensordesc_get_shape_at(const char *file, int line,
                                    asc_tensor_desc d, asc__sv offset);
asc_gm_addr asc_tensordesc_get_data_ptr_at(const char *file, int line,
                                           asc_tensor_desc d);
asc_global_tensor asc_tensordesc_get_data_obj_at(const char *file, int line,
                                                 asc_tensor_desc d);
#define asc_tensordesc(dt) asc_tensordesc_at(ASC__AT, dt)
#define asc_tensordesc_set_shape_addr(d, p)                                    \
  asc_tensordesc_set_shape_addr_at(ASC__AT, d, ASC__I(p))
#define asc_tensordesc_get_dim(d) asc_tensordesc_get_dim_at(ASC__AT, d)
#define asc_tensordesc_get_index(d) asc_tensordesc_get_index_at(ASC__AT, d)
#define asc_tensordesc_get_shape(d, o)                                         \
  asc_tensordesc_get_shape_at(ASC__AT, d, ASC__I(o))
#define asc_tensordesc_get_data_ptr(d)                                         \
  asc_tensordesc_get_data_ptr_at(ASC__AT, d)
#define asc_tensordesc_get_data_obj(d)                                         \
  asc_tensordesc_get_data_obj_at(ASC__AT, d)

/* asc.ListTensorDesc() and asc.ListTensorDesc(data=, length=,
 * shape_size=): length and shape_size are uint32 (pyasc's defaults
 * 0xffffffff; C passes length, shape_size may be left out). */
asc_list_tensor_desc asc_listtensordesc_empty_at(const char *file, int line);
asc_list_tensor_desc asc_listtensordesc_data_at(const char *file, int line,
                                                asc_gm_addr data,
                                                asc__sv length,
                                                asc__sv shape_size);
#define asc_listtensordesc(...) ASC__OVERLOAD(asc__listtensordesc_, __VA_ARGS__)
/* no argument (counted as one empty one); a lone argument does not compile */
#define asc__listtensordesc_1(none) asc_listtensordesc_empty_at(ASC__AT none)
#define asc__listtensordesc_2(x, n)                                            \
  asc_listtensordesc_data_at(ASC__AT, x, ASC__I(n), asc__sv_u(0xffffffffu))
#define asc__listtensordesc_3(x, n, s)                                         \
  asc_listtensordesc_data_at(ASC__AT, x, ASC__I(n), ASC__I(s))

/* init(data, length=0xffffffff, shape_size=0xffffffff), get_desc(desc,
 * index), get_data_ptr(index, dtype) (a GM address of dtype), get_size()
 * (uint32); indices are uint32. */
void asc_listtensordesc_init_at(const char *file, int line,
                                asc_list_tensor_desc l, asc_gm_addr data,
                                asc__sv length, asc__sv shape_size);
void asc_listtensordesc_get_desc_at(const char *file, int line,
                                    asc_list_tensor_desc l, asc_tensor_desc d,
                                    asc__sv index);
asc_gm_addr asc_listtensordesc_get_data_ptr_at(const char *file, int line,
                                               asc_list_tensor_desc l,
                                               asc__sv index, asc_dtype dt);
asc_int asc_listtensordesc_get_size_at(const char *file, int line,
                                       asc_list_tensor_desc l);
#define asc_listtensordesc_init(...)                                           \
  ASC__OVERLOAD(asc__listtensordesc_init_, __VA_ARGS__)
#define asc__listtensordesc_init_2(l, x)                                       \
  asc_listtensordesc_init_at(ASC__AT, l, x, asc__sv_u(0xffffffffu),            \
                             asc__sv_u(0xffffffffu))
#define asc__listtensordesc_init_3(l, x, n)                                    \
  asc_listtensordesc_init_at(ASC__AT, l, x, ASC__I(n), asc__sv_u(0xffffffffu))
#define asc__listtensordesc_init_4(l, x, n, s)                                 \
  asc_listtensordesc_init_at(ASC__AT, l, x, ASC__I(n), ASC__I(s))
#define asc_listtensordesc_get_desc(l, d, i)                                   \
  asc_listtensordesc_get_desc_at(ASC__AT, l, d, ASC__I(i))
#define asc_listtensordesc_get_data_ptr(l, i, dt)                              \
  asc_listtensordesc_get_data_ptr_at(ASC__AT, l, ASC__I(i), dt)
#define asc_listtensordesc_get_size(l)                                         \
  asc_listtensordesc_get_size_at(ASC__AT, l)

/* asc.ShapeInfo(), ShapeInfo(shape[, original_shape][, data_format]): the
 * shape (and original shape) as C arrays of uint32 with their lengths,
 * 1..8 dimensions (the reference's K_MAX_DIM), each stored into a
 * memref<Nxui32> as pyasc's asc.array; the lengths int8, the DataFormat
 * int8 (pyasc's default ND). The asc_shape_info handle and its getters
 * are in casc/asc_sys.h. */
typedef enum {
  ASC_DATAFORMAT_ND = 0,
  ASC_DATAFORMAT_NZ = 1,
  ASC_DATAFORMAT_NCHW = 2,
  ASC_DATAFORMAT_NC1HWC0 = 3,
  ASC_DATAFORMAT_NHWC = 4
} asc_dataformat;
asc_shape_info asc_shapeinfo_at(const char *file, int line,
                                const uint32_t *shape, int shape_dim,
                                const uint32_t *original_shape,
                                int original_dim, asc_dataformat format);
#define asc_shapeinfo(...) ASC__OVERLOAD(asc__shapeinfo_, __VA_ARGS__)
/* no argument (counted as one empty one): the empty ShapeInfo */
#define asc__shapeinfo_1(none)                                                 \
  asc_shapeinfo_at(ASC__AT none, NULL, 0, NULL, 0, ASC_DATAFORMAT_ND)
#define asc__shapeinfo_2(s, n)                                                 \
  asc_shapeinfo_at(ASC__AT, s, n, NULL, -1, ASC_DATAFORMAT_ND)
#define asc__shapeinfo_3(s, n, f) asc_shapeinfo_at(ASC__AT, s, n, NULL, -1, f)
#define asc__shapeinfo_4(s, n, o, on)                                          \
  asc_shapeinfo_at(ASC__AT, s, n, o, on, ASC_DATAFORMAT_ND)
#define asc__shapeinfo_5(s, n, o, on, f)                                       \
  asc_shapeinfo_at(ASC__AT, s, n, o, on, f)
/* asc.get_shape_size(shape_info): GetShapeSize, the product of the shape's
 * dims, as pyasc's int32. */
asc_int asc_get_shape_size_at(const char *file, int line, asc_shape_info si);
#define asc_get_shape_size(si) asc_get_shape_size_at(ASC__AT, si)

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_ASC_DESC_H */
