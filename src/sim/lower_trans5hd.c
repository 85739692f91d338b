/* Lowering checks of TransDataTo5HD's two address forms: uint64 LocalTensors
 * of 16 addresses each (ascendc.trans_data_to_5hd) and lists of 16 + 16
 * uint64 addresses (ascendc.trans_data_to_5hd_uint_list).
 *
 * The element type T of `TransDataTo5HD<T>` is not in either op: pyasc's
 * IR has no attribute for it, and the addresses are plain integers. pyasc's
 * translator (lib/Target/AscendC/Basic/DataConversion.cpp) takes it from
 * the IR around the op: for the tensor form, the first set_value into dst
 * (then src) that stores a LocalTensor's GetPhyAddr; for the list form, the
 * GetPhyAddr that defines dstList[0] (then srcList[0]). The simulator
 * finds it the same way, so that it runs what the emitted C++ would, and
 * goes further where a guess could be wrong: every such GetPhyAddr of the
 * op (all the set_values into both tensors, all 32 list entries) must be of
 * a tensor of one element size, else the op is an error at its location
 * naming the two. Where no GetPhyAddr is found the op does not run (the
 * emitter fails there too). */
#include <stdio.h>

#include "sim/sim_internal.h"

/* The element type of the tensor whose GetPhyAddr v is, or
 * CASC_DT_INVALID. */
static unsigned phy_addr_dt(const casc_value *v) {
  const casc_op *d = v ? v->def : NULL;
  if (!d || d->kind != CASC_OP_LOCAL_TENSOR_GET_PHY_ADDR || !d->nops ||
      !casc_type_is_local_tensor(d->operands[0].value->type))
    return CASC_DT_INVALID;
  return casc_dtype_of_type(casc_type_elem(d->operands[0].value->type));
}

/* The element types found so far: the first one and where it came from. */
typedef struct {
  unsigned dt;
  char from[48];
} found_dt;

/* Fold in dt (from `what`); false with why filled when its element size
 * differs from the one found before. */
static bool fold_dt(found_dt *f, unsigned dt, const char *what, char *why,
                    size_t n) {
  if (dt == CASC_DT_INVALID)
    return true;
  if (f->dt == CASC_DT_INVALID) {
    f->dt = dt;
    snprintf(f->from, sizeof f->from, "%s", what);
    return true;
  }
  if (casc_dtype_size((casc_dtype)dt) == casc_dtype_size((casc_dtype)f->dt))
    return true;
  snprintf(why, n,
           "its element type is the type of the tensors whose GetPhyAddr it "
           "is given, and %s is the address of a %s tensor but %s of a %s "
           "one: one TransDataTo5HD has one element size",
           what, casc_dtype_pyasc_name((casc_dtype)dt), f->from,
           casc_dtype_pyasc_name((casc_dtype)f->dt));
  return false;
}

/* The tensor form: the GetPhyAddrs set_value stores into address tensor t
 * (operand `name` of the op). */
static bool fold_set_values(found_dt *f, const casc_value *t, const char *name,
                            char *why, size_t n) {
  for (const casc_use *u = t->first_use; u; u = u->next) {
    const casc_op *s = u->user;
    if (s->kind != CASC_OP_LOCAL_TENSOR_SET_VALUE || s->nops != 3 ||
        s->operands[0].value != t)
      continue;
    char what[48];
    snprintf(what, sizeof what, "an address set into %s", name);
    if (!fold_dt(f, phy_addr_dt(s->operands[2].value), what, why, n))
      return false;
  }
  return true;
}

static bool is_u64(const casc_type *t) {
  return t && casc_dtype_of_type(t) == CASC_DT_U64;
}

static bool addr_tensor(const casc_op *op, unsigned i) {
  const casc_type *t = op->operands[i].value->type;
  return casc_type_is_local_tensor(t) && is_u64(casc_type_elem(t));
}

bool sim_lower_check_trans_5hd_addr(const casc_op *op, sim_insn *in, char *why,
                                    size_t n) {
  const bool tensors = in->opc == SIM_TRANS_5HD_ADDR;
  const unsigned params = tensors ? 2 : 32;
  unsigned db = 0, dc = 0, sb = 0, sc = 0;
  bool ok = tensors
                ? op->nops == 3 && addr_tensor(op, 0) && addr_tensor(op, 1)
                : op->nops == 33 && casc_op_operand_group(op, 0, &db, &dc) &&
                      casc_op_operand_group(op, 1, &sb, &sc) && dc == 16 &&
                      sc == 16;
  for (unsigned i = 0; ok && !tensors && i < 32; i++)
    ok = is_u64(op->operands[i].value->type);
  if (!ok) {
    snprintf(why, n, "%s",
             tensors ? "TransDataTo5HD other than dst and src uint64 "
                       "LocalTensors of addresses"
                     : "TransDataTo5HD other than 16 dst and 16 src uint64 "
                       "addresses");
    return false;
  }
  const casc_value *p = op->operands[params].value;
  if (!p->def || p->def->kind != CASC_OP_CONSTRUCT ||
      !casc_type_is_asc(p->type, CASC_ASC_TRANS_DATA_TO_5HD_PARAMS)) {
    snprintf(why, n, "a TransDataTo5HDParams that is not an ascendc.construct");
    return false;
  }
  found_dt f = {CASC_DT_INVALID, ""};
  if (tensors) {
    if (!fold_set_values(&f, op->operands[0].value, "dst", why, n) ||
        !fold_set_values(&f, op->operands[1].value, "src", why, n))
      return false;
  } else {
    for (unsigned i = 0; i < 32; i++) {
      char what[32];
      snprintf(what, sizeof what, "%s[%u]", i < 16 ? "dstList" : "srcList",
               i % 16);
      if (!fold_dt(&f, phy_addr_dt(op->operands[i].value), what, why, n))
        return false;
    }
  }
  const unsigned d = f.dt;
  if (d == CASC_DT_INVALID) {
    snprintf(why, n,
             "its element type is not in the IR: %s, where pyasc's translator "
             "finds the TransDataTo5HD template argument",
             tensors ? "no set_value stores a LocalTensor's GetPhyAddr into "
                       "dst or src"
                     : "neither dstList[0] nor srcList[0] is a LocalTensor's "
                       "GetPhyAddr");
    return false;
  }
  if (!(d == CASC_DT_I8 || d == CASC_DT_U8 || d == CASC_DT_I16 ||
        d == CASC_DT_U16 || d == CASC_DT_F16 || d == CASC_DT_I32 ||
        d == CASC_DT_U32 || d == CASC_DT_F32)) {
    snprintf(why, n,
             "%s is the address of a %s tensor; TransDataTo5HD takes (A2) "
             "int8, uint8, int16, uint16, half, int32, uint32, float",
             f.from, casc_dtype_pyasc_name((casc_dtype)d));
    return false;
  }
  in->dt = (uint8_t)d;
  return true;
}
