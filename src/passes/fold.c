/* Integer folding with MLIR arith semantics. Values are kept sign-extended
 * from their width (as integer attributes store them); unsigned operations
 * look at the low `width` bits. */
#include "passes/fold.h"

#include "dialect/dialect.h"

unsigned casc_fold_width(const casc_type *t) {
  if (!t)
    return 0;
  if (t->kind == CASC_TYPE_INDEX)
    return 64;
  if (t->kind == CASC_TYPE_INTEGER)
    return t->u.integer.width >= 1 && t->u.integer.width <= 64
               ? t->u.integer.width
               : 0;
  return 0;
}

int64_t casc_fold_norm(unsigned width, int64_t v) {
  if (width == 0 || width >= 64)
    return v;
  uint64_t m = (UINT64_C(1) << width) - 1;
  uint64_t u = (uint64_t)v & m;
  if (u & (UINT64_C(1) << (width - 1)))
    u |= ~m;
  return (int64_t)u;
}

static uint64_t as_unsigned(unsigned width, int64_t v) {
  if (width >= 64)
    return (uint64_t)v;
  return (uint64_t)v & ((UINT64_C(1) << width) - 1);
}

bool casc_fold_const_value(const casc_op *op, int64_t *out) {
  if (op->kind != CASC_OP_ARITH_CONSTANT && op->kind != CASC_OP_EMITC_CONSTANT)
    return false;
  if (op->nres != 1 || !casc_fold_width(casc_op_results(op)[0].type))
    return false;
  casc_attr *a = casc_op_attr(op, "value");
  if (!a)
    a = casc_dict_get(casc_op_props(op), "value");
  if (!a)
    return false;
  unsigned w = casc_fold_width(casc_op_results(op)[0].type);
  if (a->kind == CASC_ATTR_INTEGER) {
    *out = casc_fold_norm(w, a->u.i.v);
    return true;
  }
  if (a->kind == CASC_ATTR_BOOL) {
    *out = casc_fold_norm(w, a->u.b ? 1 : 0);
    return true;
  }
  return false;
}

bool casc_fold_is_int_op(const casc_op *op) {
  switch (op->kind) {
  case CASC_OP_ARITH_ADDI:
  case CASC_OP_ARITH_SUBI:
  case CASC_OP_ARITH_MULI:
  case CASC_OP_ARITH_DIVSI:
  case CASC_OP_ARITH_DIVUI:
  case CASC_OP_ARITH_REMSI:
  case CASC_OP_ARITH_REMUI:
  case CASC_OP_ARITH_CEILDIVSI:
  case CASC_OP_ARITH_CEILDIVUI:
  case CASC_OP_ARITH_FLOORDIVSI:
  case CASC_OP_ARITH_MINSI:
  case CASC_OP_ARITH_MAXSI:
  case CASC_OP_ARITH_MINUI:
  case CASC_OP_ARITH_MAXUI:
  case CASC_OP_ARITH_ANDI:
  case CASC_OP_ARITH_ORI:
  case CASC_OP_ARITH_XORI:
  case CASC_OP_ARITH_SHLI:
  case CASC_OP_ARITH_SHRSI:
  case CASC_OP_ARITH_SHRUI:
  case CASC_OP_ARITH_CMPI:
  case CASC_OP_ARITH_SELECT:
  case CASC_OP_ARITH_INDEX_CAST:
  case CASC_OP_ARITH_INDEX_CASTUI:
  case CASC_OP_ARITH_EXTSI:
  case CASC_OP_ARITH_EXTUI:
  case CASC_OP_ARITH_TRUNCI:
  case CASC_OP_EMITC_CAST:
    break;
  default:
    return false;
  }
  if (op->nres != 1 || !casc_fold_width(casc_op_results(op)[0].type))
    return false;
  for (unsigned i = 0; i < op->nops; i++)
    if (!casc_fold_width(op->operands[i].value->type))
      return false;
  return op->nops >= 1;
}

static bool fold_cmpi(int64_t pred, unsigned w, int64_t a, int64_t b,
                      int64_t *out) {
  uint64_t ua = as_unsigned(w, a), ub = as_unsigned(w, b);
  bool r;
  switch (pred) {
  case 0:
    r = a == b;
    break;
  case 1:
    r = a != b;
    break;
  case 2:
    r = a < b;
    break;
  case 3:
    r = a <= b;
    break;
  case 4:
    r = a > b;
    break;
  case 5:
    r = a >= b;
    break;
  case 6:
    r = ua < ub;
    break;
  case 7:
    r = ua <= ub;
    break;
  case 8:
    r = ua > ub;
    break;
  case 9:
    r = ua >= ub;
    break;
  default:
    return false;
  }
  /* i1 true is -1 once sign-extended from one bit. */
  *out = r ? -1 : 0;
  return true;
}

bool casc_fold_int(const casc_op *op, const int64_t *in, int64_t *out) {
  if (!casc_fold_is_int_op(op))
    return false;
  unsigned w = casc_fold_width(casc_op_results(op)[0].type);
  unsigned wi = casc_fold_width(op->operands[0].value->type);
  int64_t a = in[0], b = op->nops > 1 ? in[1] : 0;
  uint64_t ua = as_unsigned(wi, a), ub = as_unsigned(wi, b);
  int64_t r;
  switch (op->kind) {
  case CASC_OP_ARITH_ADDI:
    r = (int64_t)((uint64_t)a + (uint64_t)b);
    break;
  case CASC_OP_ARITH_SUBI:
    r = (int64_t)((uint64_t)a - (uint64_t)b);
    break;
  case CASC_OP_ARITH_MULI:
    r = (int64_t)((uint64_t)a * (uint64_t)b);
    break;
  case CASC_OP_ARITH_DIVSI:
  case CASC_OP_ARITH_CEILDIVSI:
  case CASC_OP_ARITH_FLOORDIVSI:
  case CASC_OP_ARITH_REMSI:
    if (b == 0 ||
        (b == -1 && a == (wi >= 64 ? INT64_MIN : -((int64_t)1 << (wi - 1)))))
      return false;
    if (op->kind == CASC_OP_ARITH_REMSI) {
      r = a % b;
    } else {
      r = a / b;
      int64_t rem = a % b;
      if (rem != 0 && op->kind == CASC_OP_ARITH_CEILDIVSI &&
          ((rem > 0) == (b > 0)))
        r += 1;
      if (rem != 0 && op->kind == CASC_OP_ARITH_FLOORDIVSI &&
          ((rem > 0) != (b > 0)))
        r -= 1;
    }
    break;
  case CASC_OP_ARITH_DIVUI:
  case CASC_OP_ARITH_CEILDIVUI:
  case CASC_OP_ARITH_REMUI:
    if (ub == 0)
      return false;
    if (op->kind == CASC_OP_ARITH_REMUI)
      r = (int64_t)(ua % ub);
    else
      r = (int64_t)(ua / ub + (op->kind == CASC_OP_ARITH_CEILDIVUI && ua % ub));
    break;
  case CASC_OP_ARITH_MINSI:
    r = a < b ? a : b;
    break;
  case CASC_OP_ARITH_MAXSI:
    r = a > b ? a : b;
    break;
  case CASC_OP_ARITH_MINUI:
    r = ua < ub ? a : b;
    break;
  case CASC_OP_ARITH_MAXUI:
    r = ua > ub ? a : b;
    break;
  case CASC_OP_ARITH_ANDI:
    r = a & b;
    break;
  case CASC_OP_ARITH_ORI:
    r = a | b;
    break;
  case CASC_OP_ARITH_XORI:
    r = a ^ b;
    break;
  case CASC_OP_ARITH_SHLI:
    if (ub >= wi)
      return false;
    r = (int64_t)((uint64_t)a << ub);
    break;
  case CASC_OP_ARITH_SHRSI:
    if (ub >= wi)
      return false;
    r = a >> ub; /* a is sign-extended: arithmetic shift */
    break;
  case CASC_OP_ARITH_SHRUI:
    if (ub >= wi)
      return false;
    r = (int64_t)(ua >> ub);
    break;
  case CASC_OP_ARITH_CMPI:
    return fold_cmpi(casc_op_attr_int(op, "predicate", -1), wi, a, b, out);
  case CASC_OP_ARITH_SELECT:
    if (op->nops != 3)
      return false;
    r = (a & 1) ? in[1] : in[2];
    break;
  case CASC_OP_ARITH_INDEX_CASTUI:
  case CASC_OP_ARITH_EXTUI:
    r = (int64_t)ua;
    break;
  case CASC_OP_ARITH_INDEX_CAST:
  case CASC_OP_ARITH_EXTSI:
  case CASC_OP_ARITH_TRUNCI:
    r = a;
    break;
  case CASC_OP_EMITC_CAST:
    /* C conversion: from an unsigned source type zero-extend. */
    r = op->operands[0].value->type->kind == CASC_TYPE_INTEGER &&
                op->operands[0].value->type->u.integer.sign == CASC_UNSIGNED
            ? (int64_t)ua
            : a;
    break;
  default:
    return false;
  }
  *out = casc_fold_norm(w, r);
  return true;
}
