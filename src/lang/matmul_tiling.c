/* The kernel's TCubeTiling (include/casc/asc_matmul.h): the argument and
 * its copy, member reads and writes by the C++ field name, and
 * asc.property's compile-time constants — the ops pyasc's prologue of a
 * Matmul kernel builds (python/test/kernels/test_matmul.py). */
#include <stdio.h>
#include <string.h>

#include "casc/asc_matmul.h"
#include "lang/lang_internal.h"

_Static_assert(ASC_TCUBE_TILING_FIELDS == CASC_CUBE_TILING_FIELDS,
               "asc_tcube_tiling is the dialect's TCubeTiling");

static casc_type *tiling_type(lang_kernel *k) {
  return casc_type_asc(k->ctx, CASC_ASC_CUBE_TILING, 0, NULL, 0, NULL, NULL);
}

asc_cube_tiling asc_arg_cube_tiling_at(const char *file, int line,
                                       asc_kernel *k, const char *name) {
  lang_call c;
  asc_cube_tiling r = {0};
  if (!lang_begin(&c, "asc_arg_cube_tiling", file, line))
    return r;
  casc_type *t = tiling_type(c.k);
  casc_type *mt = t ? casc_type_gm_memref(c.k->ctx, t) : NULL;
  casc_value *arg = mt ? lang_add_arg(&c, k, name, mt) : NULL;
  /* pyasc copies the struct first thing (its Struct argument handling);
   * the copy carries no source line. */
  if (arg) {
    casc_loc *at = c.loc;
    c.loc = casc_loc_unknown(c.k->ctx);
    r.p_ = lang_op1(&c, CASC_OP_EMITASC_COPY_STRUCT, 1, &arg, t, NULL);
    c.loc = at;
  }
  r.k_ = lang_stamp(&c);
  return r;
}

/* The field's name checked against TCubeTiling's; false after reporting. */
static bool field_ok(lang_call *c, const char *field) {
  if (casc_cube_tiling_field(field) >= 0)
    return true;
  lang_error(c,
             "'%s' is not a field of TCubeTiling (give its C++ name, e.g. "
             "\"baseM\", \"singleCoreN\")",
             field ? field : "(null)");
  return false;
}

asc_int asc_cube_tiling_get_at(const char *file, int line, asc_cube_tiling t,
                               const char *field) {
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_cube_tiling_get", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *v = lang_value(&c, t.p_, t.k_, "tiling");
  if (!v || !field_ok(&c, field))
    return r;
  r.p_ =
      lang_op1(&c, CASC_OP_EMITASC_MEMBER, 1, &v, c.k->i32,
               lang_attrs1(&c, "field",
                           casc_attr_string(c.k->ctx, field, strlen(field))));
  return r;
}

void asc_cube_tiling_set_at(const char *file, int line, asc_cube_tiling t,
                            const char *field, asc__sv v) {
  lang_call c;
  if (!lang_begin(&c, "asc_cube_tiling_set", file, line))
    return;
  casc_value *ops[2];
  ops[0] = lang_value(&c, t.p_, t.k_, "tiling");
  if (!ops[0] || !field_ok(&c, field))
    return;
  if (!(ops[1] = lang_mat(&c, v, c.k->i32, "value")))
    return;
  lang_op(&c, CASC_OP_EMITASC_SET_MEMBER, 2, ops, 0, NULL,
          lang_attrs1(&c, "field",
                      casc_attr_string(c.k->ctx, field, strlen(field))));
}

asc_int asc_property_at(const char *file, int line, asc_property_id p) {
  /* python/asc/language/core/properties.py: the name and its dtype. */
  static const struct {
    const char *name;
    unsigned bits;
  } k_props[] = {
      [ASC_PROPERTY_DEFAULT_C0_SIZE] = {"DEFAULT_C0_SIZE", 32},
      [ASC_PROPERTY_ONE_BLK_SIZE] = {"ONE_BLK_SIZE", 16},
      [ASC_PROPERTY_TOTAL_L1_SIZE] = {"TOTAL_L1_SIZE", 32},
      [ASC_PROPERTY_TOTAL_L0C_SIZE] = {"TOTAL_L0C_SIZE", 32},
  };
  lang_call c;
  asc_int r = {0};
  if (!lang_begin(&c, "asc_property", file, line))
    return r;
  r.k_ = lang_stamp(&c);
  if ((unsigned)p >= sizeof k_props / sizeof k_props[0]) {
    lang_error(&c, "%d is not an asc_property_id", (int)p);
    return r;
  }
  char text[80];
  snprintf(text, sizeof text, "#emitc.opaque<\"::AscendC::%s\">",
           k_props[p].name);
  casc_type *t = k_props[p].bits == 16 ? c.k->i16 : c.k->i32;
  r.p_ = lang_op1(&c, CASC_OP_EMITC_CONSTANT, 0, NULL, t,
                  lang_attrs1(&c, "value", casc_attr_opaque(c.k->ctx, text)));
  return r;
}
