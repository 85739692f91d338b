/* The block's environment registers (docs/simulator.md, "Environment
 * registers"): SetPadValue (MOV_PAD_VAL), SetSysWorkspace /
 * GetSysWorkSpacePtr, PopStackBuffer and CheckLocalMemoryIA.
 *
 * Sources: the Ascend C reference pages of each call and CANN's public
 * asc-devkit sources, which state what the reference leaves open:
 * SetPadValue and a DataCopyPad with isPad both write the one MOV_PAD_VAL
 * register (`set_mov_pad_val`, for __CCE_AICORE__ == 220 whatever `pos`
 * says); SetSysWorkspace keeps the first workspace (`if
 * (g_sysWorkspaceReserved == nullptr)`), GetSysWorkSpacePtr returns it, null
 * before; PopStackBuffer hands out UB from the TPipe's last buffer to the UB
 * size less the 64 bytes reserved for KFC messages (impl/basic_api/
 * kernel_pop_stack_buffer.h). */
#include <string.h>

#include "sim/sim_internal.h"

/* The bytes at the end of UB PopStackBuffer leaves out on Atlas A2 (the
 * library: "the last 64B reserved for ub kfc msg send", sizeof(KfcMsg)). */
#define SIM_KFC_MSG_BYTES 64

static bool is_gm_memref(const casc_type *t) {
  if (!t || t->kind != CASC_TYPE_MEMREF)
    return false;
  const casc_attr *s = t->u.memref.space;
  return s && s->kind == CASC_ATTR_INTEGER && s->u.i.v == 22;
}

/* PopStackBuffer's T (the reference's list). */
static bool pop_stack_dtype(unsigned dt) {
  switch (dt) {
  case CASC_DT_U8:
  case CASC_DT_I8:
  case CASC_DT_I16:
  case CASC_DT_U16:
  case CASC_DT_I32:
  case CASC_DT_U32:
  case CASC_DT_I64:
  case CASC_DT_U64:
  case CASC_DT_F32:
  case CASC_DT_F16:
    return true;
  default:
    return false;
  }
}

bool sim_env_check(const casc_op *op, sim_insn *in, char *why, size_t n) {
  switch (in->opc) {
  case SIM_SET_PAD_VALUE:
    if (in->dt2 == CASC_DT_INVALID || casc_dtype_size(in->dt2) == 0 ||
        casc_dtype_size(in->dt2) > 8) {
      snprintf(why, n, "a padding value that is not a scalar");
      return false;
    }
    return true;
  case SIM_SET_SYS_WORKSPACE:
    if (!is_gm_memref(op->operands[0].value->type)) {
      snprintf(why, n, "a workspace that is not a GM address");
      return false;
    }
    return true;
  case SIM_GET_SYS_WORKSPACE:
    if (!is_gm_memref(casc_op_results(op)[0].type)) {
      snprintf(why, n, "a result that is not a GM address");
      return false;
    }
    return true;
  case SIM_POP_STACK_BUFFER: {
    /* in->imm: the pos attribute. The library asserts a UB position. */
    if (sim_pool_of_pos((int)in->imm) != SIM_POOL_UB) {
      snprintf(why, n,
               "a position outside the unified buffer (PopStackBuffer "
               "takes VECIN, VECOUT or VECCALC: the library asserts "
               "hardType == UB)");
      return false;
    }
    unsigned dt =
        casc_dtype_of_type(casc_type_elem(op->operands[0].value->type));
    if (!pop_stack_dtype(dt)) {
      snprintf(why, n,
               "a tensor of %s; PopStackBuffer takes uint8_t, int8_t, "
               "int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t, "
               "float, half",
               casc_dtype_name((casc_dtype)dt));
      return false;
    }
    in->dt = (uint8_t)dt;
    return true;
  }
  default: /* SIM_CHECK_LOCAL_MEMORY_IA: the struct is checked at run time */
    return true;
  }
}

/* ---- MOV_PAD_VAL ---------------------------------------------------------
 */

/* The bits of value slot v as an element of dt (little-endian, zero-filled
 * above its size): the register holds GetScalarBitcodeValue(value). */
static uint64_t elem_bits(const sim_slot *v, unsigned dt) {
  uint8_t e[8] = {0};
  if (sim_dt_is_float(dt))
    sim_store_f(e, dt, v->f);
  else
    sim_store_i(e, dt, v->i);
  uint64_t bits = 0;
  memcpy(&bits, e, 8);
  return bits;
}

void sim_env_pad_from_copy(sim_block *b, const sim_insn *in, unsigned dt,
                           const uint8_t *elem) {
  sim_env *e = &b->env;
  e->pad_bits = 0;
  memcpy(&e->pad_bits, elem, casc_dtype_size((casc_dtype)dt));
  e->pad_dt = (uint8_t)dt;
  e->pad_set = true;
  e->pad_from = in->op;
}

bool sim_env_pad_fill(sim_block *b, const sim_insn *in, unsigned dt,
                      uint8_t *elem) {
  const sim_env *e = &b->env;
  if (!e->pad_set)
    return false;
  unsigned es = casc_dtype_size((casc_dtype)dt);
  if (e->pad_dt != dt) {
    /* the hardware pads with the register's low bytes, whatever wrote it */
    sim_issue *is = sim_report(
        b, CASC_CHECK_BAD_VALUE, CASC_SEV_WARNING, in->op,
        "%s: pads %s elements from the MOV_PAD_VAL register, which holds a "
        "value of type %s: the padding is the low %u bytes of its bits (the "
        "reference: SetPadValue's type is the type DataCopyPad moves)",
        sim_api_name(in->op), casc_dtype_name((casc_dtype)dt),
        casc_dtype_name((casc_dtype)e->pad_dt), es);
    if (is && e->pad_from)
      sim_note_add(is, e->pad_from->loc, "the register was written here");
  }
  memcpy(elem, &e->pad_bits, es);
  return true;
}

/* ---- the system workspace --------------------------------------------------
 */

static bool set_sys_workspace(sim_block *b, const sim_insn *in) {
  const sim_tensor *t = &b->slots[in->a[0]].t;
  sim_env *e = &b->env;
  if (t->buf < 0)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "the workspace is a null GM address (the library "
                    "asserts workspace != nullptr)");
  const sim_gm *gm = &b->L->gm[t->buf];
  if (t->off < 0 || t->off > gm->bytes)
    return sim_fail(b, in, CASC_CHECK_GM_OUT_OF_BOUNDS,
                    "the workspace points at byte %lld of GM '%s', outside "
                    "its %lld bytes",
                    (long long)t->off, gm->name, (long long)gm->bytes);
  if (e->ws_set) {
    if (e->ws.buf != t->buf || e->ws.off != t->off) {
      sim_issue *is = sim_report(
          b, CASC_CHECK_BAD_VALUE, CASC_SEV_WARNING, in->op,
          "SetSysWorkspace: the system workspace is already set, so this "
          "one is ignored (the library keeps the first; "
          "SetSysWorkspaceForce replaces it)");
      if (is && e->ws_from)
        sim_note_add(is, e->ws_from->loc, "set here");
    }
    return true;
  }
  e->ws = *t;
  e->ws.len = -1;
  e->ws_set = true;
  e->ws_from = in->op;
  return true;
}

static bool get_sys_workspace(sim_block *b, const sim_insn *in) {
  sim_tensor *r = &b->slots[in->r].t;
  if (b->env.ws_set) {
    *r = b->env.ws;
    return true;
  }
  sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_WARNING, in->op,
             "GetSysWorkSpacePtr: no SetSysWorkspace ran before it in this "
             "block, so it returns nullptr (the library's pointer starts "
             "null; the simulator's launch sets no system workspace)");
  memset(r, 0, sizeof *r);
  r->buf = -1;
  r->len = -1;
  return true;
}

/* ---- PopStackBuffer --------------------------------------------------------
 */

static bool pop_stack_buffer(sim_block *b, const sim_insn *in) {
  if (!b->pipe_alive)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "no TPipe is alive (the library asserts GetTPipePtr() "
                    "!= nullptr: the stack is the UB the TPipe's buffers "
                    "leave free)");
  int64_t start = b->pool_top[SIM_POOL_UB];
  int64_t end = (int64_t)b->pool_size[SIM_POOL_UB] - SIM_KFC_MSG_BYTES;
  if (start % 32)
    return sim_fail(b, in, CASC_CHECK_UNALIGNED,
                    "the TPipe's buffers end at UB byte %lld, which is not "
                    "32-byte aligned (the library asserts it)",
                    (long long)start);
  if (start > end)
    return sim_fail(b, in, CASC_CHECK_UB_CAPACITY,
                    "the TPipe's buffers end at UB byte %lld, past the %lld "
                    "bytes the stack may reach (the last %d bytes of UB are "
                    "reserved for KFC messages)",
                    (long long)start, (long long)end, SIM_KFC_MSG_BYTES);
  sim_tensor *t = &b->slots[in->a[0]].t;
  memset(t, 0, sizeof *t);
  t->off = start;
  t->len = end - start;
  t->buf = -1; /* no buffer handle: built from an address */
  t->pool = SIM_POOL_UB;
  return true;
}

/* ---- CheckLocalMemoryIA ----------------------------------------------------
 */

/* CheckLocalMemoryIAParam's fields, in the struct's order. */
enum {
  IA_ENABLE_BIT,
  IA_START,
  IA_END,
  IA_SCALAR_READ,
  IA_SCALAR_WRITE,
  IA_VECTOR_READ,
  IA_VECTOR_WRITE,
  IA_MTE_READ,
  IA_MTE_WRITE,
  IA_ENABLE
};

static bool check_local_memory_ia(sim_block *b, const sim_insn *in) {
  int64_t reg = sim_field(b, in, 0, IA_ENABLE_BIT);
  int64_t start = sim_field(b, in, 0, IA_START);
  int64_t end = sim_field(b, in, 0, IA_END);
  if (reg < 0 || reg >= SIM_IA_REGS)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "enableBit is %lld; the exception registers are 0..3",
                    (long long)reg);
  if (start < 0 || start > 65535 || end < 0 || end > 65535)
    return sim_fail(b, in, CASC_CHECK_BAD_VALUE,
                    "startAddr %lld / endAddr %lld: each is in [0, 65535] "
                    "(32-byte units)",
                    (long long)start, (long long)end);
  sim_env *e = &b->env;
  sim_ia_reg *r = &e->ia[reg];
  static const uint8_t kinds[] = {SIM_IA_SCALAR_READ, SIM_IA_SCALAR_WRITE,
                                  SIM_IA_VECTOR_READ, SIM_IA_VECTOR_WRITE,
                                  SIM_IA_MTE_READ,    SIM_IA_MTE_WRITE};
  r->kinds = 0;
  for (unsigned k = 0; k < sizeof kinds; k++)
    if (sim_field(b, in, 0, IA_SCALAR_READ + k))
      r->kinds |= kinds[k];
  r->on = sim_field(b, in, 0, IA_ENABLE) != 0;
  /* (startAddr, endAddr] in 32-byte units: the byte addresses above
   * startAddr * 32 up to endAddr * 32 */
  r->lo = start * 32 + 1;
  r->hi = end * 32 + 1;
  r->from = in->op;
  e->ia_any = false;
  for (unsigned i = 0; i < SIM_IA_REGS; i++)
    e->ia_any |= e->ia[i].on && e->ia[i].kinds && e->ia[i].lo < e->ia[i].hi;
  return true;
}

/* The access kind of an instruction's UB access by the pipe it runs on
 * (0: a pipe no register field names). */
static uint8_t ia_kind(const sim_insn *in, bool write) {
  switch (in->pipe) {
  case CASC_PIPE_S:
    return write ? SIM_IA_SCALAR_WRITE : SIM_IA_SCALAR_READ;
  case CASC_PIPE_V:
    return write ? SIM_IA_VECTOR_WRITE : SIM_IA_VECTOR_READ;
  case CASC_PIPE_MTE1:
  case CASC_PIPE_MTE2:
  case CASC_PIPE_MTE3:
    return write ? SIM_IA_MTE_WRITE : SIM_IA_MTE_READ;
  default:
    return 0;
  }
}

static const char *ia_kind_name(uint8_t k) {
  switch (k) {
  case SIM_IA_SCALAR_READ:
    return "a scalar read";
  case SIM_IA_SCALAR_WRITE:
    return "a scalar write";
  case SIM_IA_VECTOR_READ:
    return "a vector read";
  case SIM_IA_VECTOR_WRITE:
    return "a vector write";
  case SIM_IA_MTE_READ:
    return "an MTE read";
  default:
    return "an MTE write";
  }
}

/* Whether the instruction writes its operand opnd: a destination (the op
 * table names it dst...) or the tensor LocalTensor.SetValue stores into;
 * every other tensor operand is read. */
static bool ia_writes(const sim_insn *in, unsigned opnd) {
  if (in->op->kind == CASC_OP_LOCAL_TENSOR_SET_VALUE)
    return true;
  char name[32];
  return strncmp(
             sim_operand_name(in->op, opnd + in->opnd_base, name, sizeof name),
             "dst", 3) == 0;
}

bool sim_env_ia_access(sim_block *b, const sim_insn *in, unsigned opnd,
                       int64_t lo, int64_t bytes) {
  if (bytes <= 0)
    return true;
  uint8_t kind = ia_kind(in, ia_writes(in, opnd));
  int64_t hi = lo + bytes;
  for (unsigned i = 0; i < SIM_IA_REGS; i++) {
    const sim_ia_reg *r = &b->env.ia[i];
    /* an empty range ((s, e] with e <= s) guards nothing */
    if (!r->on || !(r->kinds & kind) || r->hi <= r->lo || hi <= r->lo ||
        r->hi <= lo)
      continue;
    char on[32];
    sim_issue *is = sim_report(
        b, CASC_CHECK_LOCAL_MEMORY_IA, CASC_SEV_ERROR, in->op,
        "%s: %s of UB bytes [%lld, %lld) by operand '%s' enters (%lld, "
        "%lld], the range exception register %u guards (CheckLocalMemoryIA); "
        "on the NPU the core raises an exception",
        sim_api_name(in->op), ia_kind_name(kind), (long long)lo, (long long)hi,
        sim_operand_name(in->op, opnd + in->opnd_base, on, sizeof on),
        (long long)(r->lo - 1), (long long)(r->hi - 1), i);
    if (r->from)
      sim_note_add(is, r->from->loc, "register %u enabled here", i);
    return false;
  }
  return true;
}

bool sim_exec_env(sim_block *b, const sim_insn *in) {
  switch (in->opc) {
  case SIM_SET_PAD_VALUE: {
    sim_env *e = &b->env;
    e->pad_bits = elem_bits(&b->slots[in->a[0]], in->dt2);
    e->pad_dt = in->dt2;
    e->pad_set = true;
    e->pad_from = in->op;
    return true;
  }
  case SIM_SET_SYS_WORKSPACE:
    return set_sys_workspace(b, in);
  case SIM_GET_SYS_WORKSPACE:
    return get_sys_workspace(b, in);
  case SIM_POP_STACK_BUFFER:
    return pop_stack_buffer(b, in);
  default:
    return check_local_memory_ia(b, in);
  }
}
