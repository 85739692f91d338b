/* asc_and / asc_or (casc/asc_logic.h): Python's `and` / `or` on two
 * runtime conditions, arith.andi / arith.ori of i1 as pyasc builds them. */
#include "casc/asc.h"
#include "lang/lang_internal.h"

static asc_bool logic_op(const char *api, casc_op_kind kind, const char *file,
                         int line, asc_bool a, asc_bool b) {
  lang_call c;
  asc_bool r = {0};
  if (!lang_begin(&c, api, file, line))
    return r;
  r.k_ = lang_stamp(&c);
  casc_value *ops[2];
  if (!(ops[0] = lang_value(&c, a.p_, a.k_, "lhs")) ||
      !(ops[1] = lang_value(&c, b.p_, b.k_, "rhs")))
    return r;
  if (ops[0]->type != c.k->i1 || ops[1]->type != c.k->i1) {
    lang_error(&c, "both operands must be asc_bool conditions (i1)");
    return r;
  }
  r.p_ = lang_op1(&c, kind, 2, ops, c.k->i1, NULL);
  return r;
}

asc_bool asc_and_at(const char *file, int line, asc_bool a, asc_bool b) {
  return logic_op("asc_and", CASC_OP_ARITH_ANDI, file, line, a, b);
}

asc_bool asc_or_at(const char *file, int line, asc_bool a, asc_bool b) {
  return logic_op("asc_or", CASC_OP_ARITH_ORI, file, line, a, b);
}
