/* Debug output (pyasc asc.dump_tensor, asc.printf): ascendc.dump_tensor and
 * ascendc.printf, which the simulator prints through the launch's print
 * sink and the Ascend C emitter turns into DumpTensor / printf. */
#include <string.h>

#include "lang/lang_internal.h"

/* dump_tensor(tensor, desc, dump_size): pyasc materialises desc and
 * dump_size as uint32. */
static void dump_tensor(lang_call *c, casc_value *t, asc__sv desc,
                        asc__sv count) {
  casc_value *ops[3] = {t, NULL, NULL};
  if (!t || !(ops[1] = lang_mat(c, desc, c->k->ui32, "desc")) ||
      !(ops[2] = lang_mat(c, count, c->k->ui32, "dump_size")))
    return;
  lang_op(c, CASC_OP_DUMP_TENSOR, 3, ops, 0, NULL, NULL);
}

void asc_dump_tensor_local_at(const char *file, int line,
                              asc_local_tensor tensor, asc__sv desc,
                              asc__sv dump_size) {
  lang_call c;
  if (!lang_begin(&c, "asc_dump_tensor", file, line))
    return;
  casc_value *t = lang_value(&c, tensor.p_, tensor.k_, "tensor");
  if (t && !casc_type_is_local_tensor(t->type)) {
    lang_error(&c, "tensor is not a LocalTensor");
    return;
  }
  dump_tensor(&c, t, desc, dump_size);
}

void asc_dump_tensor_global_at(const char *file, int line,
                               asc_global_tensor tensor, asc__sv desc,
                               asc__sv dump_size) {
  lang_call c;
  if (!lang_begin(&c, "asc_dump_tensor", file, line))
    return;
  dump_tensor(&c, lang_global_value(&c, tensor.p_, tensor.k_, "tensor"), desc,
              dump_size);
}

void asc_printf_at(const char *file, int line, const char *fmt, unsigned n,
                   const asc__sv *vals) {
  lang_call c;
  if (!lang_begin(&c, "asc_printf", file, line))
    return;
  if (!fmt) {
    lang_error(&c, "the format is NULL");
    return;
  }
  enum { MAX_VALUES = 16 };
  if (n > MAX_VALUES || (n && !vals)) {
    lang_error(&c, "%u values; at most %d", n, MAX_VALUES);
    return;
  }
  casc_value *ops[MAX_VALUES];
  for (unsigned i = 0; i < n; i++)
    if (!(ops[i] = lang_mat(&c, vals[i], NULL, "value")))
      return;
  casc_attr *desc = casc_attr_string(c.k->ctx, fmt, strlen(fmt));
  lang_op(&c, CASC_OP_PRINTF, n, ops, 0, NULL,
          desc ? lang_attrs1(&c, "desc", desc) : NULL);
}
