/* The CPU-debug output rows beyond DumpTensor and printf (docs/simulator.md,
 * "Printing"): LocalTensor.Print(len), LocalTensor.ToFile(fileName) and
 * PrintTimeStamp(descId). Like DumpTensor they go to the launch's print
 * sink (print.c keeps them per block), and without a sink they only check
 * their operands.
 *
 * The reference gives no text format for Print (a CPU-debug aid) and
 * ToFile writes the tensor's bytes to a host file; the library never
 * writes files, so both hand the sink a header naming what they show and
 * the values in DumpTensor's list form. PrintTimeStamp prints the
 * reference's line, "descId is D, rsv is 0, timeStamp is T, pcPtr is P,
 * entry is 0.", with T what GetSystemCycle gives at that point (the
 * block's instruction count) and P what GetProgramCounter gives (the
 * instruction's index). */
#include <inttypes.h>

#include "casc/buf.h"
#include "sim/sim_internal.h"

static const char *pool_name(sim_pool pool) {
  switch (pool) {
  case SIM_POOL_UB:
    return "UB";
  case SIM_POOL_L1:
    return "L1";
  case SIM_POOL_L0C:
    return "L0C";
  default:
    return "?";
  }
}

/* Print(len) / Print() / ToFile(name): n elements from the tensor's start,
 * the whole tensor when no length is given. */
static bool print_tensor(sim_block *b, const sim_insn *in) {
  const casc_type *tt = in->op->operands[0].value->type;
  unsigned dt = casc_dtype_of_type(casc_type_elem(tt));
  unsigned es = casc_dtype_size((casc_dtype)dt);
  const char *api = sim_api_name(in->op);
  if (!es) {
    sim_report(b, CASC_CHECK_UNSUPPORTED, CASC_SEV_ERROR, in->op,
               "%s of a tensor without an element type", api);
    return false;
  }
  const sim_tensor *t = &b->slots[in->a[0]].t;
  bool has_len = in->opc == SIM_LT_PRINT && in->nargs > 1;
  uint64_t n = has_len ? sim_zext(b->slots[in->a[1]].i, CASC_DT_U32)
                       : (uint64_t)(t->len > 0 ? t->len / es : 0);
  int64_t bytes = (int64_t)n * es;
  sim_pool pool;
  const uint8_t *p = sim_local_access_in(
      b, in, 0, 0, bytes, 1,
      (1u << SIM_POOL_UB) | (1u << SIM_POOL_L1) | (1u << SIM_POOL_L0C), &pool);
  if (!p)
    return false;
  if (pool == SIM_POOL_UB)
    sim_check_init(b, in, 0, p, bytes);
  if (!b->L->print)
    return true;
  casc_buf text;
  casc_buf_init(&text);
  if (in->opc == SIM_LT_TO_FILE) {
    casc_attr *f = casc_op_attr(in->op, "fileName");
    casc_buf_printf(&text, "ToFile: file=%.*s, ",
                    f && f->kind == CASC_ATTR_STRING ? (int)f->u.str.len : 0,
                    f && f->kind == CASC_ATTR_STRING ? f->u.str.s : "");
  } else {
    casc_buf_puts(&text, "Print: ");
  }
  casc_buf_printf(
      &text, "addr=%lld, data_type=%s, position=%s, len=%" PRIu64 "\n",
      (long long)t->off, sim_print_type_name(dt), pool_name(pool), n);
  sim_print_values(&text, p, dt, n);
  sim_print_keep(b, in, &text);
  return true;
}

static bool print_time_stamp(sim_block *b, const sim_insn *in) {
  uint64_t desc = sim_zext(b->slots[in->a[0]].i, CASC_DT_U32);
  if (!b->L->print)
    return true;
  casc_buf text;
  casc_buf_init(&text);
  casc_buf_printf(&text,
                  "descId is %" PRIu64 ", rsv is 0, timeStamp is %" PRIu64
                  ", pcPtr is %lld, entry is 0.",
                  desc, b->steps, (long long)(in - b->L->prog->code));
  sim_print_keep(b, in, &text);
  return true;
}

bool sim_exec_print_debug(sim_block *b, const sim_insn *in) {
  if (in->opc == SIM_PRINT_TIME_STAMP)
    return print_time_stamp(b, in);
  return print_tensor(b, in);
}
