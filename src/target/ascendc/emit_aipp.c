/* AippParams as pyasc's translator builds it: AscendC::AippParams<T> is a
 * class template whose members are the six parameter structs, so instead
 * of brace-initialising it from six constructed structs (which would need
 * their template arguments too), it is declared and filled member by
 * member from the operands of the structs' constructs:
 *   AscendC::AippParams<int8_t> v40;
 *   v40.paddingParams.paddingMode = v3;
 *   ...
 *   ;
 * T is the type of paddingParams' paddingValueCh0 operand. A sub-struct
 * construct used only by AippParams constructs prints an empty statement
 * `;`, as pyasc does, and so does the AippParams construct after its last
 * assignment (byte compatibility; both are valid C++). pyasc prints the
 * empty statement even when the struct has another user, which then names
 * an undeclared variable: casc declares such a struct and fills it member
 * by member too (casc_em_aipp_struct), since brace-initialising it from
 * the construct's operands narrows (an i8 operand into a bool field is
 * ill-formed in a braced list) and two of the structs are templates. */
#include "casc/diag.h"
#include "target/ascendc/emitter.h"

static const struct {
  casc_asc_type type;
  const char *member;
  bool is_template; /* a class template on U, the type of field 1 */
  const char *fields[16];
} k_members[] = {
    {CASC_ASC_AIPP_PADDING_PARAMS,
     "paddingParams",
     true,
     {"paddingMode", "paddingValueCh0", "paddingValueCh1", "paddingValueCh2",
      "paddingValueCh3"}},
    {CASC_ASC_AIPP_SWAP_PARAMS,
     "swapParams",
     false,
     {"isSwapRB", "isSwapUV", "isSwapAX"}},
    {CASC_ASC_AIPP_SINGLE_LINE_PARAMS,
     "singleLineParams",
     false,
     {"isSingleLineCopy"}},
    {CASC_ASC_AIPP_DTC_PARAMS,
     "dtcParams",
     false,
     {"dtcMeanCh0", "dtcMeanCh1", "dtcMeanCh2", "dtcMinCh0", "dtcMinCh1",
      "dtcMinCh2", "dtcVarCh0", "dtcVarCh1", "dtcVarCh2", "dtcRoundMode"}},
    {CASC_ASC_AIPP_CPADDING_PARAMS,
     "cPaddingParams",
     true,
     {"cPaddingMode", "cPaddingValue"}},
    {CASC_ASC_AIPP_CSC_PARAMS,
     "cscParams",
     false,
     {"isEnableCsc", "cscMatrixR0C0", "cscMatrixR0C1", "cscMatrixR0C2",
      "cscMatrixR1C0", "cscMatrixR1C1", "cscMatrixR1C2", "cscMatrixR2C0",
      "cscMatrixR2C1", "cscMatrixR2C2", "cscBiasIn0", "cscBiasIn1",
      "cscBiasIn2", "cscBiasOut0", "cscBiasOut1", "cscBiasOut2"}},
};
enum { k_nmembers = sizeof k_members / sizeof k_members[0] };

static unsigned nfields(unsigned m) {
  unsigned n = 0;
  while (n < 16 && k_members[m].fields[n])
    n++;
  return n;
}

static bool is_aipp_params(const casc_op *op) {
  return op->kind == CASC_OP_CONSTRUCT && op->nres == 1 &&
         casc_type_is_asc(casc_op_results(op)[0].type, CASC_ASC_AIPP_PARAMS);
}

bool casc_em_aipp_member_only(const casc_op *op) {
  if (op->kind != CASC_OP_CONSTRUCT || op->nres != 1)
    return false;
  bool member = false;
  for (unsigned m = 0; m < k_nmembers && !member; m++)
    member = casc_type_is_asc(casc_op_results(op)[0].type, k_members[m].type);
  if (!member || !casc_op_results(op)[0].first_use)
    return false;
  for (const casc_use *u = casc_op_results(op)[0].first_use; u; u = u->next)
    if (!is_aipp_params(u->user))
      return false;
  return true;
}

bool casc_em_is_aipp_params(const casc_op *op) {
  return is_aipp_params(op);
}

/* The construct giving member m of op, checked against the field list. */
static casc_op *member_construct(casc_emitter *e, casc_op *op, unsigned m) {
  casc_op *c = m < op->nops ? casc_op_operand(op, m)->def : NULL;
  if (!c || c->kind != CASC_OP_CONSTRUCT || c->nres != 1 ||
      !casc_type_is_asc(casc_op_results(c)[0].type, k_members[m].type)) {
    casc_emit_error(e->ctx, op->loc,
                    "'%s' op needs operand %u built by an ascendc.construct "
                    "of its %s",
                    casc_op_name(op), m, k_members[m].member);
    return NULL;
  }
  if (c->nops != nfields(m)) {
    casc_emit_error(e->ctx, op->loc,
                    "'%s' op has a %s with %u fields, expected %u",
                    casc_op_name(op), k_members[m].member, c->nops, nfields(m));
    return NULL;
  }
  return c;
}

/* Declaration and member assignments, each ending its line; the op's own
 * `;` then stands alone, as in pyasc's output. */
bool casc_em_aipp_params(casc_emitter *e, casc_op *op) {
  if (op->nops != k_nmembers)
    return casc_em_fail(e, op, "needs the six AIPP parameter structs");
  casc_op *subs[k_nmembers];
  for (unsigned m = 0; m < k_nmembers; m++)
    if (!(subs[m] = member_construct(e, op, m)))
      return false;
  casc_em_indent(e);
  casc_buf_puts(e->out, "AscendC::AippParams<");
  if (!casc_em_type_at(e, e->out, casc_op_operand(subs[0], 1)->type, op))
    return false;
  casc_buf_putc(e->out, '>');
  const char *name = casc_em_define(e, &casc_op_results(op)[0]);
  if (!name)
    return casc_em_fail(e, op, "ran out of memory naming a value");
  casc_buf_printf(e->out, " %s", name);
  for (unsigned m = 0; m < k_nmembers; m++)
    for (unsigned f = 0; f < subs[m]->nops; f++) {
      const char *v = casc_em_name(e, casc_op_operand(subs[m], f), op);
      if (!v)
        return false;
      casc_buf_puts(e->out, ";\n");
      casc_em_indent(e);
      casc_buf_printf(e->out, "%s.%s.%s = %s", name, k_members[m].member,
                      k_members[m].fields[f], v);
    }
  casc_buf_puts(e->out, ";\n");
  casc_em_indent(e);
  return true;
}

/* A member struct construct that has a user besides AippParams:
 *   AscendC::AippSwapParams v7;
 *   v7.isSwapRB = v3;
 *   ...
 * (AippPaddingParams<U> / AippChannelPaddingParams<U> with U the type of
 * their second field's operand). Assignment converts each operand to its
 * field's type as C++ does; the brace form would be a narrowing error. */
bool casc_em_aipp_struct(casc_emitter *e, casc_op *op) {
  unsigned m = 0;
  while (m < k_nmembers &&
         !casc_type_is_asc(casc_op_results(op)[0].type, k_members[m].type))
    m++;
  if (m == k_nmembers)
    return casc_em_fail(e, op, "is not an AIPP parameter struct");
  if (op->nops != nfields(m))
    return casc_em_fail(e, op, "has the wrong number of AIPP fields");
  casc_em_indent(e);
  if (!casc_em_type_at(e, e->out, casc_op_results(op)[0].type, op))
    return false;
  if (k_members[m].is_template) {
    casc_buf_putc(e->out, '<');
    if (!casc_em_type_at(e, e->out, casc_op_operand(op, 1)->type, op))
      return false;
    casc_buf_putc(e->out, '>');
  }
  const char *name = casc_em_define(e, &casc_op_results(op)[0]);
  if (!name)
    return casc_em_fail(e, op, "ran out of memory naming a value");
  casc_buf_printf(e->out, " %s", name);
  for (unsigned f = 0; f < op->nops; f++) {
    const char *v = casc_em_name(e, casc_op_operand(op, f), op);
    if (!v)
      return false;
    casc_buf_puts(e->out, ";\n");
    casc_em_indent(e);
    casc_buf_printf(e->out, "%s.%s = %s", name, k_members[m].fields[f], v);
  }
  return true;
}

bool casc_em_is_aipp_struct(const casc_op *op) {
  if (op->kind != CASC_OP_CONSTRUCT || op->nres != 1)
    return false;
  for (unsigned m = 0; m < k_nmembers; m++)
    if (casc_type_is_asc(casc_op_results(op)[0].type, k_members[m].type))
      return true;
  return false;
}
