/* memref.alloca / load / store / cast and emitasc.variable / dereference /
 * reinterpret_cast: the scalar arrays and variables pyasc's front end
 * makes (`T v[N];`, `T v = init;`) and element access to GM buffers.
 *
 * A local array (a memref without memory space) lives in value slots: the
 * lowering reserves one slot per element next to each other (its shape is
 * static), and the memref's value is a sim_tensor whose buf is
 * SIM_BUF_LOCAL_ARRAY, off the first element's slot and len the element
 * count. A GM memref (memory space 22, a kernel argument or a view of one)
 * is the sim_tensor the rest of the simulator uses; load / store on it are
 * checked GM accesses. Which one a value is is known at run time from its
 * slot, so a memref.cast or a call argument of either kind works. */
#include <stdio.h>

#include "sim/sim_internal.h"

/* Whether a memref type is GM (memory space 22), the other memory spaces
 * being unsupported and none meaning a local array. */
static int memref_space(const casc_type *t) {
  if (!t || t->kind != CASC_TYPE_MEMREF)
    return -1;
  const casc_attr *s = t->u.memref.space;
  if (!s)
    return 0;
  return s->kind == CASC_ATTR_INTEGER && s->u.i.v == 22 ? 22 : -1;
}

/* Elements of a static shape, or -1. */
static int64_t static_count(const casc_type *t) {
  int64_t n = 1;
  for (unsigned i = 0; i < t->u.memref.rank; i++) {
    int64_t d = t->u.memref.shape[i];
    if (d == CASC_DYN_DIM || d < 0 || d > (1 << 20))
      return -1;
    n *= d;
  }
  return n;
}

bool sim_memref_check(const casc_op *op, sim_insn *in, char *why, size_t n) {
  const casc_type *mt = NULL;
  unsigned mi = 0; /* the memref operand */
  switch ((sim_opc)in->opc) {
  case SIM_MEMREF_ALLOC: {
    mt = casc_op_results(op)[0].type;
    int64_t cnt = static_count(mt);
    if (op->nops || memref_space(mt) != 0 || cnt <= 0 ||
        in->dt == CASC_DT_INVALID) {
      snprintf(why, n,
               "a memref.alloca other than a local array of scalars with a "
               "static shape of at most 2^20 elements");
      return false;
    }
    in->imm = cnt;
    return true;
  }
  case SIM_EMIT_VARIABLE: {
    mt = casc_op_results(op)[0].type;
    if (memref_space(mt) != 0 || in->dt == CASC_DT_INVALID) {
      snprintf(why, n, "a variable other than a local scalar");
      return false;
    }
    if (op->nops)
      return true;
    casc_attr *a = casc_op_attr((casc_op *)op, "staticInit");
    double f = 0;
    int64_t v = 0;
    if (a && a->kind == CASC_ATTR_FLOAT && sim_dt_is_float(in->dt))
      f = a->u.f.v;
    else if (a && a->kind == CASC_ATTR_INTEGER && !sim_dt_is_float(in->dt))
      v = a->u.i.v;
    else if (a) {
      snprintf(why, n, "a staticInit that is not a number of the type");
      return false;
    }
    /* imm: the initial value, as the slot holds it */
    sim_slot s;
    if (sim_dt_is_float(in->dt))
      s.f = sim_fround(f, in->dt);
    else
      s.i = sim_norm(v, in->dt);
    memcpy(&in->imm, &s, sizeof in->imm);
    return true;
  }
  case SIM_MEMREF_LOAD:
  case SIM_EMIT_DEREF:
    mi = 0;
    break;
  case SIM_MEMREF_STORE:
    mi = 1;
    break;
  case SIM_MEMREF_CAST:
    return true;
  case SIM_EMIT_REINTERPRET: {
    const casc_type *s = op->operands[0].value->type;
    const casc_type *d = casc_op_results(op)[0].type;
    bool gm = memref_space(s) == 22 && memref_space(d) == 22;
    bool scalar = s->kind != CASC_TYPE_MEMREF && d->kind != CASC_TYPE_MEMREF &&
                  in->dt2 != CASC_DT_INVALID && in->dt != CASC_DT_INVALID &&
                  casc_dtype_size((casc_dtype)in->dt) ==
                      casc_dtype_size((casc_dtype)in->dt2);
    if (!gm && !scalar) {
      snprintf(why, n,
               "a reinterpret_cast other than between GM memrefs or scalars "
               "of one width");
      return false;
    }
    in->imm = gm;
    return true;
  }
  default:
    return true;
  }
  mt = op->operands[mi].value->type;
  if (memref_space(mt) < 0) {
    snprintf(why, n, "a memref in a memory space other than GM (22)");
    return false;
  }
  unsigned rank = mt->u.memref.rank;
  if (rank > 1 && static_count(mt) < 0) {
    snprintf(why, n, "a memref of rank above 1 with a dynamic shape");
    return false;
  }
  if (op->nops - mi - 1 != rank && !(in->opc == SIM_EMIT_DEREF)) {
    snprintf(why, n, "index count other than the memref's rank");
    return false;
  }
  return true;
}

/* The element index of operands [first, first + rank) into memref type t;
 * false after reporting an index outside its dimension. */
static bool linear_index(sim_block *b, const sim_insn *in, const casc_type *t,
                         unsigned first, int64_t *out) {
  int64_t lin = 0;
  unsigned rank = t->u.memref.rank;
  for (unsigned i = 0; i < rank; i++) {
    int64_t x = b->slots[in->a[first + i]].i; /* index: 64-bit */
    int64_t d = t->u.memref.shape[i];
    if (x < 0 || (d != CASC_DYN_DIM && x >= d)) {
      sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
                 "'%s': index %lld is outside dimension %u of size %lld",
                 casc_op_name(in->op), (long long)x, i, (long long)d);
      return false;
    }
    lin = lin * (d == CASC_DYN_DIM ? 1 : d) + x;
  }
  *out = lin;
  return true;
}

/* The slot of element `lin` of a local array, or NULL after reporting. */
static sim_slot *local_elem(sim_block *b, const sim_insn *in,
                            const sim_tensor *t, int64_t lin) {
  if (lin < 0 || lin >= t->len) {
    sim_report(b, CASC_CHECK_BAD_VALUE, CASC_SEV_ERROR, in->op,
               "'%s': element %lld of a local array of %lld",
               casc_op_name(in->op), (long long)lin, (long long)t->len);
    return NULL;
  }
  return &b->slots[t->off + lin];
}

/* Load (store = false) or store element `lin` of memref operand mi. */
static bool access(sim_block *b, const sim_insn *in, unsigned mi, int64_t lin,
                   bool store, sim_slot *val, unsigned dt) {
  const sim_tensor *t = &b->slots[in->a[mi]].t;
  if (t->buf == SIM_BUF_LOCAL_ARRAY) {
    sim_slot *e = local_elem(b, in, t, lin);
    if (!e)
      return false;
    if (store)
      *e = *val;
    else
      *val = *e;
    return true;
  }
  int64_t es = casc_dtype_size((casc_dtype)dt);
  uint8_t *p = sim_global_access(b, in, mi, lin * es, es, store);
  if (!p)
    return false;
  if (store) {
    if (sim_dt_is_float(dt))
      sim_store_f(p, dt, val->f);
    else
      sim_store_i(p, dt, val->i);
  } else if (sim_dt_is_float(dt)) {
    val->f = sim_load_f(p, dt);
  } else {
    val->i = sim_norm(sim_load_i(p, dt), dt);
  }
  return true;
}

bool sim_exec_memref(sim_block *b, const sim_insn *in) {
  sim_slot *s = b->slots, *r = &s[in->r];
  switch ((sim_opc)in->opc) {
  case SIM_MEMREF_ALLOC:
  case SIM_EMIT_VARIABLE:
    memset(&r->t, 0, sizeof r->t);
    r->t.buf = SIM_BUF_LOCAL_ARRAY;
    r->t.off = in->imm2;
    r->t.len = in->opc == SIM_MEMREF_ALLOC ? in->imm : 1;
    if (in->opc == SIM_EMIT_VARIABLE) {
      if (in->nargs)
        s[in->imm2] = s[in->a[0]];
      else
        memcpy(&s[in->imm2], &in->imm, sizeof in->imm);
    }
    return true;
  case SIM_MEMREF_CAST:
    *r = s[in->a[0]];
    return true;
  case SIM_MEMREF_LOAD: {
    int64_t lin;
    return linear_index(b, in, in->op->operands[0].value->type, 1, &lin) &&
           access(b, in, 0, lin, false, r, in->dt);
  }
  case SIM_EMIT_DEREF:
    return access(b, in, 0, 0, false, r, in->dt);
  case SIM_MEMREF_STORE: {
    int64_t lin;
    sim_slot v = s[in->a[0]];
    return linear_index(b, in, in->op->operands[1].value->type, 2, &lin) &&
           access(b, in, 1, lin, true, &v, in->dt);
  }
  case SIM_EMIT_REINTERPRET:
    if (in->imm) /* a GM view: the same bytes, another element type */
      *r = s[in->a[0]];
    else {
      uint8_t bytes[8] = {0};
      if (sim_dt_is_float(in->dt2))
        sim_store_f(bytes, in->dt2, s[in->a[0]].f);
      else
        sim_store_i(bytes, in->dt2, s[in->a[0]].i);
      if (sim_dt_is_float(in->dt))
        r->f = sim_load_f(bytes, in->dt);
      else
        r->i = sim_norm(sim_load_i(bytes, in->dt), in->dt);
    }
    return true;
  default:
    return true;
  }
}
