/* SetFmatrix for the C API (casc/asc_data.h): pyasc's IR row
 * ascendc.set_fmatrix (l1H, l1W, padList: a memref of 4 uint8, fmatrixMode:
 * a FmatrixMode value), which pyasc's Python API does not build. The pad
 * list is a local `uint8_t padList[4]` (memref.alloca and four stores, as
 * pyasc's asc.array builds local arrays) and the mode an ascendc.construct
 * of FmatrixMode with the enum's value (uint8_t, its underlying type) as
 * its one field: `AscendC::FmatrixMode v{x};`, where the field-less form
 * would declare an uninitialised enum. */
#include "casc/asc_data.h"
#include "lang/lang_internal.h"

void asc_set_fmatrix_at(const char *file, int line, asc__sv l1h, asc__sv l1w,
                        const asc__sv *pad_list, asc_fmatrix_mode mode) {
  lang_call c;
  if (!lang_begin(&c, "asc_set_fmatrix", file, line))
    return;
  if (mode != ASC_FMATRIX_LEFT && mode != ASC_FMATRIX_RIGHT) {
    lang_error(&c,
               "mode is %d; it must be ASC_FMATRIX_LEFT or "
               "ASC_FMATRIX_RIGHT",
               (int)mode);
    return;
  }
  casc_ctx *ctx = c.k->ctx;
  casc_value *ops[4];
  if (!(ops[0] = lang_mat(&c, l1h, NULL, "l1h")) ||
      !(ops[1] = lang_mat(&c, l1w, NULL, "l1w")))
    return;
  const int64_t four = 4;
  casc_type *mt = casc_type_memref(ctx, 1, &four, c.k->ui8, NULL);
  if (!(ops[2] = lang_op1(&c, CASC_OP_MEMREF_ALLOCA, 0, NULL, mt,
                          lang_attrs1(&c, "operandSegmentSizes",
                                      casc_attr_opaque(ctx, "array<i32: 0, "
                                                            "0>")))))
    return;
  for (unsigned i = 0; i < 4; i++) {
    casc_value *st[3] = {lang_mat(&c, pad_list[i], c.k->ui8, "pad_list"),
                         ops[2], NULL};
    if (!st[0] ||
        !(st[2] = lang_mat(&c, asc__sv_i((long long)i), c.k->index, "index")))
      return;
    lang_op(&c, CASC_OP_MEMREF_STORE, 3, st, 0, NULL, NULL);
  }
  casc_type *ft =
      casc_type_asc(ctx, CASC_ASC_FMATRIX_MODE, 0, NULL, 0, NULL, NULL);
  casc_value *mv = lang_mat(&c, asc__sv_i((long long)mode), c.k->ui8, "mode");
  if (!mv || !(ops[3] = lang_op1(&c, CASC_OP_CONSTRUCT, 1, &mv, ft, NULL)))
    return;
  lang_op(&c, CASC_OP_SET_FMATRIX, 4, ops, 0, NULL, NULL);
}
