/* Lowering: a verified kernel function becomes a flat program of sim_insn
 * over numbered value slots. scf.for / scf.if / scf.while become jumps and
 * moves, func.call is inlined (a kernel cannot recurse on the NPU either),
 * constants are written into the initial slot image so they cost nothing
 * at run time. Every other op maps through the op table kind to its
 * handler and element kernel (sim_rows.c, from ops.def's CLASS and SIM
 * columns); an op with none is reported by name, an element type outside
 * its row's DTYPES with the front end's sentence. */
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"
#include "util/alloc.h"
#include "util/grow.h"
#include "util/ptrmap.h"

#define MAX_INLINE_DEPTH 32

/* ---- lowerer ------------------------------------------------------------- */
typedef struct frame {
  casc_ptrmap map; /* value -> slot; slot 0 is "none" */
  const casc_op *func;
  uint32_t *ret_slots; /* call results, NULL for the kernel itself */
  unsigned nret;
  unsigned *ret_jumps; /* JMPs to patch to the end of the inlined body */
  unsigned njumps, capjumps;
} frame;

typedef struct {
  casc_ctx *ctx;
  casc_op *module;
  sim_insn *code;
  unsigned ncode, capcode;
  sim_slot *init;
  unsigned nslots, capslots;
  frame *frames[MAX_INLINE_DEPTH];
  unsigned depth;
  bool failed;
  unsigned nqueue_ops;
  bool mix; /* a Matmul or mix-mode row was lowered */
  /* What emit hands out once the code cannot grow: callers fill it in
   * without checking, and L->failed discards it. Per lowerer, since
   * programs are compiled on several threads at once. */
  sim_insn scratch;
} lowerer;

static void oom(lowerer *L, const casc_op *op) {
  if (!L->failed)
    casc_emit_error(
        L->ctx, op ? op->loc : casc_loc_unknown(L->ctx),
        "out of memory while compiling the kernel for the simulator");
  L->failed = true;
}

static uint32_t new_slot(lowerer *L, const casc_op *op) {
  if (L->nslots == L->capslots) {
    unsigned old = L->capslots;
    sim_slot *ns = casc_grow(L->init, &L->capslots, L->nslots + 1, sizeof *ns);
    if (!ns) {
      oom(L, op);
      return 0;
    }
    memset(ns + old, 0, (L->capslots - old) * sizeof *ns);
    L->init = ns;
  }
  return L->nslots++;
}

static sim_insn *emit(lowerer *L, uint16_t opc, const casc_op *op) {
  if (L->ncode == L->capcode) {
    sim_insn *ni = casc_grow(L->code, &L->capcode, L->ncode + 1, sizeof *ni);
    if (!ni) {
      oom(L, op);
      memset(&L->scratch, 0, sizeof L->scratch);
      return &L->scratch;
    }
    L->code = ni;
  }
  sim_insn *in = &L->code[L->ncode++];
  memset(in, 0, sizeof *in);
  in->opc = opc;
  in->op = op;
  return in;
}

static frame *cur(lowerer *L) {
  return L->frames[L->depth - 1];
}

static uint32_t slot_of(lowerer *L, const casc_op *user, casc_value *v) {
  uint32_t s = (uint32_t)casc_ptrmap_get(&cur(L)->map, v, 0);
  if (!s && !L->failed) {
    casc_emit_error(L->ctx, user->loc,
                    "'%s' uses a value the simulator has not seen defined",
                    casc_op_name(user));
    L->failed = true;
  }
  return s;
}

static uint32_t define(lowerer *L, const casc_op *op, casc_value *v) {
  uint32_t s = new_slot(L, op);
  if (s && !casc_ptrmap_put(&cur(L)->map, v, s))
    oom(L, op);
  return s;
}

static void mov(lowerer *L, const casc_op *op, uint32_t dst, uint32_t src) {
  if (dst == src)
    return;
  sim_insn *in = emit(L, SIM_MOV, op);
  in->r = dst;
  in->a[0] = src;
}

static void unsupported(lowerer *L, const casc_op *op, const char *why) {
  if (why)
    casc_emit_error(L->ctx, op->loc, "not supported by the simulator: %s (%s)",
                    casc_op_name(op), why);
  else
    casc_emit_error(L->ctx, op->loc, "not supported by the simulator: %s",
                    casc_op_name(op));
  L->failed = true;
}

/* Element type of a tensor/memref type, or the scalar's own dtype. */
static unsigned dt_of(const casc_type *t) {
  if (!t)
    return CASC_DT_INVALID;
  casc_type *e = casc_type_elem(t);
  return casc_dtype_of_type(e ? e : t);
}

static bool is_local(const casc_type *t) {
  return casc_type_is_local_tensor(t);
}
static bool is_global(const casc_type *t) {
  return casc_type_is_global_tensor(t) || t->kind == CASC_TYPE_MEMREF ||
         t->kind == CASC_TYPE_UNRANKED_MEMREF;
}

static bool lower_block(lowerer *L, casc_block *blk, casc_op **term);

/* Lower the single block of region r; *term receives its terminator. */
static bool lower_region(lowerer *L, casc_op *parent, casc_region *r,
                         casc_op **term) {
  *term = NULL;
  if (!r->first)
    return true;
  if (r->first != r->last) {
    unsupported(L, parent, "regions with more than one block");
    return false;
  }
  return lower_block(L, r->first, term);
}

static bool terminator_named(const casc_op *t, const char *name) {
  return t && strcmp(casc_op_name(t), name) == 0;
}

/* Moves for a yield into slots dst[] where the yielded values may be some
 * of those same slots in another order (parallel assignment). */
static void parallel_move(lowerer *L, const casc_op *op, const uint32_t *dst,
                          const uint32_t *src, unsigned n) {
  bool hazard = false;
  for (unsigned i = 0; i < n && !hazard; i++)
    for (unsigned j = 0; j < n; j++)
      if (i != j && src[i] == dst[j])
        hazard = true;
  if (!hazard) {
    for (unsigned i = 0; i < n; i++)
      mov(L, op, dst[i], src[i]);
    return;
  }
  uint32_t tmp[64];
  if (n > 64) {
    unsupported(L, op, "more than 64 loop-carried values");
    return;
  }
  for (unsigned i = 0; i < n; i++) {
    tmp[i] = new_slot(L, op);
    mov(L, op, tmp[i], src[i]);
  }
  for (unsigned i = 0; i < n; i++)
    mov(L, op, dst[i], tmp[i]);
}

static bool yield_slots(lowerer *L, casc_op *y, uint32_t *out, unsigned n,
                        const casc_op *parent) {
  if (!y || y->nops != n) {
    if (!L->failed)
      casc_emit_error(L->ctx, parent->loc,
                      "'%s' region must end with a terminator yielding %u "
                      "value(s)",
                      casc_op_name(parent), n);
    L->failed = true;
    return false;
  }
  for (unsigned i = 0; i < n; i++)
    out[i] = slot_of(L, y, casc_op_operand(y, i));
  return true;
}

static bool lower_for(lowerer *L, casc_op *op) {
  if (op->nops < 3 || op->nregions != 1 || !casc_op_regions(op)[0].first) {
    unsupported(L, op, "malformed scf.for");
    return false;
  }
  casc_block *body = casc_op_regions(op)[0].first;
  unsigned niter = op->nops - 3;
  if (body->nargs != niter + 1 || op->nres != niter) {
    unsupported(L, op, "malformed scf.for");
    return false;
  }
  uint32_t lb = slot_of(L, op, casc_op_operand(op, 0));
  uint32_t ub = slot_of(L, op, casc_op_operand(op, 1));
  uint32_t st = slot_of(L, op, casc_op_operand(op, 2));
  uint32_t iv = define(L, op, body->args[0]);
  unsigned dt = dt_of(body->args[0]->type);
  uint32_t *iter = casc_calloc(niter + 1, sizeof *iter);
  uint32_t *ys = casc_calloc(niter + 1, sizeof *ys);
  if (!iter || !ys) {
    casc_free(iter);
    casc_free(ys);
    oom(L, op);
    return false;
  }
  for (unsigned i = 0; i < niter; i++) {
    iter[i] = define(L, op, body->args[i + 1]);
    mov(L, op, iter[i], slot_of(L, op, casc_op_operand(op, 3 + i)));
  }
  mov(L, op, iv, lb);
  unsigned head = L->ncode;
  sim_insn *t = emit(L, SIM_FOR_TEST, op);
  t->a[0] = iv;
  t->a[1] = ub;
  t->a[2] = st;
  t->dt = (uint8_t)dt;
  unsigned test = L->ncode - 1;
  casc_op *term;
  bool ok = lower_region(L, op, &casc_op_regions(op)[0], &term);
  if (ok && yield_slots(L, term, ys, niter, op))
    parallel_move(L, term, iter, ys, niter);
  sim_insn *s = emit(L, SIM_FOR_STEP, op);
  s->r = iv;
  s->a[0] = iv;
  s->a[1] = st;
  s->dt = (uint8_t)dt;
  sim_insn *j = emit(L, SIM_JMP, op);
  j->imm = head;
  if (!L->failed)
    L->code[test].imm = L->ncode;
  /* The results are the final values of the iteration arguments. */
  for (unsigned i = 0; i < niter; i++)
    if (!casc_ptrmap_put(&cur(L)->map, casc_op_result(op, i), iter[i]))
      oom(L, op);
  casc_free(iter);
  casc_free(ys);
  return !L->failed;
}

static bool lower_if(lowerer *L, casc_op *op) {
  if (op->nops != 1 || op->nregions < 1) {
    unsupported(L, op, "malformed scf.if");
    return false;
  }
  uint32_t *res = casc_calloc(op->nres + 1, sizeof *res);
  uint32_t *ys = casc_calloc(op->nres + 1, sizeof *ys);
  if (!res || !ys) {
    casc_free(res);
    casc_free(ys);
    oom(L, op);
    return false;
  }
  for (unsigned i = 0; i < op->nres; i++)
    res[i] = define(L, op, casc_op_result(op, i));
  sim_insn *jz = emit(L, SIM_JZ, op);
  jz->a[0] = slot_of(L, op, casc_op_operand(op, 0));
  unsigned jz_at = L->ncode - 1;
  casc_op *term;
  if (lower_region(L, op, &casc_op_regions(op)[0], &term) &&
      yield_slots(L, term, ys, op->nres, op))
    for (unsigned i = 0; i < op->nres; i++)
      mov(L, term, res[i], ys[i]);
  bool has_else = op->nregions > 1 && casc_op_regions(op)[1].first;
  if (!has_else && op->nres) {
    unsupported(L, op, "scf.if with results needs an else region");
  }
  unsigned jmp_at = 0;
  if (has_else) {
    emit(L, SIM_JMP, op);
    jmp_at = L->ncode - 1;
  }
  if (!L->failed)
    L->code[jz_at].imm = L->ncode;
  if (has_else) {
    if (lower_region(L, op, &casc_op_regions(op)[1], &term) &&
        yield_slots(L, term, ys, op->nres, op))
      for (unsigned i = 0; i < op->nres; i++)
        mov(L, term, res[i], ys[i]);
    if (!L->failed)
      L->code[jmp_at].imm = L->ncode;
  }
  casc_free(res);
  casc_free(ys);
  return !L->failed;
}

static bool lower_while(lowerer *L, casc_op *op) {
  if (op->nregions != 2 || !casc_op_regions(op)[0].first ||
      !casc_op_regions(op)[1].first) {
    unsupported(L, op, "malformed scf.while");
    return false;
  }
  casc_block *before = casc_op_regions(op)[0].first,
             *after = casc_op_regions(op)[1].first;
  if (before->nargs != op->nops || after->nargs != op->nres) {
    unsupported(L, op, "malformed scf.while");
    return false;
  }
  unsigned nb = before->nargs, na = after->nargs;
  uint32_t *bs = casc_calloc(nb + na + 1, sizeof *bs);
  uint32_t *ys = casc_calloc(nb + na + 1, sizeof *ys);
  if (!bs || !ys) {
    casc_free(bs);
    casc_free(ys);
    oom(L, op);
    return false;
  }
  for (unsigned i = 0; i < nb; i++) {
    bs[i] = define(L, op, before->args[i]);
    mov(L, op, bs[i], slot_of(L, op, casc_op_operand(op, i)));
  }
  unsigned head = L->ncode;
  casc_op *term;
  if (!lower_region(L, op, &casc_op_regions(op)[0], &term))
    goto out;
  if (!terminator_named(term, "scf.condition") || term->nops != na + 1) {
    unsupported(L, op, "the before region must end with scf.condition");
    goto out;
  }
  /* The condition's forwarded values are the results on exit and the
   * arguments of the after region otherwise. */
  for (unsigned i = 0; i < na; i++) {
    uint32_t r = define(L, op, casc_op_result(op, i));
    mov(L, term, r, slot_of(L, term, casc_op_operand(term, i + 1)));
    if (!casc_ptrmap_put(&cur(L)->map, after->args[i], r))
      oom(L, op);
  }
  sim_insn *jz = emit(L, SIM_JZ, term);
  jz->a[0] = slot_of(L, term, casc_op_operand(term, 0));
  unsigned jz_at = L->ncode - 1;
  if (lower_region(L, op, &casc_op_regions(op)[1], &term) &&
      yield_slots(L, term, ys, nb, op))
    parallel_move(L, term, bs, ys, nb);
  sim_insn *j = emit(L, SIM_JMP, op);
  j->imm = head;
  if (!L->failed)
    L->code[jz_at].imm = L->ncode;
out:
  casc_free(bs);
  casc_free(ys);
  return !L->failed;
}

/* scf.index_switch: region 0 is the default, region k the case of the
 * k-th value of the `cases` attribute (array<i64: v1, v2, ...>, kept as
 * its text). Each case is a compare with a constant and a jump. */
static bool lower_index_switch(lowerer *L, casc_op *op) {
  casc_attr *ca = casc_op_attr(op, "cases");
  const char *c = ca && ca->kind == CASC_ATTR_OPAQUE ? ca->u.opaque.text : "";
  c = strchr(c, ':');
  unsigned ncase = op->nregions ? op->nregions - 1 : 0;
  if (op->nops != 1 || !op->nregions || (ncase && !c)) {
    unsupported(L, op, "malformed scf.index_switch");
    return false;
  }
  uint32_t *res = casc_calloc(op->nres + 1, sizeof *res);
  uint32_t *ys = casc_calloc(op->nres + 1, sizeof *ys);
  unsigned *ends = casc_calloc(ncase + 1, sizeof *ends);
  if (!res || !ys || !ends) {
    casc_free(res);
    casc_free(ys);
    casc_free(ends);
    oom(L, op);
    return false;
  }
  for (unsigned i = 0; i < op->nres; i++)
    res[i] = define(L, op, casc_op_result(op, i));
  uint32_t x = slot_of(L, op, casc_op_operand(op, 0));
  uint32_t hit = new_slot(L, op);
  casc_op *term;
  for (unsigned k = 0; k < ncase && !L->failed; k++) {
    char *e;
    long long v = strtoll(c + 1, &e, 10);
    if (e == c + 1) {
      unsupported(L, op, "malformed scf.index_switch cases");
      break;
    }
    c = e;
    uint32_t cv = new_slot(L, op);
    if (cv)
      L->init[cv].i = v;
    sim_insn *cmp = emit(L, SIM_CMPI, op);
    cmp->r = hit;
    cmp->a[0] = x;
    cmp->a[1] = cv;
    cmp->imm = 0; /* eq */
    cmp->dt = CASC_DT_BOOL;
    cmp->dt2 = CASC_DT_I64;
    sim_insn *jz = emit(L, SIM_JZ, op);
    jz->a[0] = hit;
    unsigned jz_at = L->ncode - 1;
    if (lower_region(L, op, &casc_op_regions(op)[k + 1], &term) &&
        yield_slots(L, term, ys, op->nres, op))
      for (unsigned i = 0; i < op->nres; i++)
        mov(L, term, res[i], ys[i]);
    emit(L, SIM_JMP, op);
    ends[k] = L->ncode - 1;
    if (!L->failed)
      L->code[jz_at].imm = L->ncode;
  }
  if (!L->failed && lower_region(L, op, &casc_op_regions(op)[0], &term) &&
      yield_slots(L, term, ys, op->nres, op))
    for (unsigned i = 0; i < op->nres; i++)
      mov(L, term, res[i], ys[i]);
  for (unsigned k = 0; k < ncase && !L->failed; k++)
    L->code[ends[k]].imm = L->ncode;
  casc_free(res);
  casc_free(ys);
  casc_free(ends);
  return !L->failed;
}

static bool lower_func_body(lowerer *L, frame *fr, casc_op *func);

static bool lower_call(lowerer *L, casc_op *op) {
  casc_attr *callee = casc_op_attr(op, "callee");
  if (!callee || callee->kind != CASC_ATTR_SYMREF || callee->u.sym.n != 1) {
    unsupported(L, op, "call without a flat callee symbol");
    return false;
  }
  casc_op *fn = casc_module_lookup_func(L->module, callee->u.sym.path[0]);
  if (!fn || !fn->nregions || !casc_op_regions(fn)[0].first) {
    casc_emit_error(L->ctx, op->loc,
                    "'%s' calls @%s, which has no body in this module",
                    casc_op_name(op), callee->u.sym.path[0]);
    L->failed = true;
    return false;
  }
  for (unsigned i = 0; i < L->depth; i++)
    if (L->frames[i]->func == fn) {
      casc_emit_error(L->ctx, op->loc,
                      "'%s' to @%s is recursive: not supported by the "
                      "simulator (Ascend C kernels cannot recurse)",
                      casc_op_name(op), callee->u.sym.path[0]);
      L->failed = true;
      return false;
    }
  if (L->depth == MAX_INLINE_DEPTH) {
    unsupported(L, op, "calls nested more than 32 deep");
    return false;
  }
  casc_block *entry = casc_op_regions(fn)[0].first;
  if (entry->nargs != op->nops) {
    casc_emit_error(L->ctx, op->loc,
                    "'%s' passes %u arguments to @%s, which "
                    "takes %u",
                    casc_op_name(op), op->nops, callee->u.sym.path[0],
                    entry->nargs);
    L->failed = true;
    return false;
  }
  frame fr;
  memset(&fr, 0, sizeof fr);
  fr.func = fn;
  fr.nret = op->nres;
  fr.ret_slots = casc_calloc(op->nres + 1, sizeof *fr.ret_slots);
  uint32_t *argslots = casc_calloc(op->nops + 1, sizeof *argslots);
  if (!fr.ret_slots || !argslots) {
    casc_free(fr.ret_slots);
    casc_free(argslots);
    oom(L, op);
    return false;
  }
  for (unsigned i = 0; i < op->nres; i++)
    fr.ret_slots[i] = define(L, op, casc_op_result(op, i));
  for (unsigned i = 0; i < op->nops; i++)
    argslots[i] = slot_of(L, op, casc_op_operand(op, i));
  L->frames[L->depth++] = &fr;
  for (unsigned i = 0; i < op->nops; i++)
    mov(L, op, define(L, op, entry->args[i]), argslots[i]);
  bool ok = lower_func_body(L, &fr, fn);
  L->depth--;
  /* A return that is the last instruction jumps to the next one: drop it. */
  if (!L->failed && fr.njumps && fr.ret_jumps[fr.njumps - 1] == L->ncode - 1) {
    L->ncode--;
    fr.njumps--;
  }
  for (unsigned i = 0; i < fr.njumps && !L->failed; i++)
    L->code[fr.ret_jumps[i]].imm = L->ncode;
  casc_free(fr.ret_jumps);
  casc_free(fr.ret_slots);
  casc_ptrmap_free(&fr.map);
  casc_free(argslots);
  return ok && !L->failed;
}

static bool lower_return(lowerer *L, casc_op *op) {
  frame *fr = cur(L);
  if (!fr->ret_slots) {
    if (op->nops) {
      unsupported(L, op, "a kernel cannot return values");
      return false;
    }
    emit(L, SIM_HALT, op);
    return true;
  }
  if (op->nops != fr->nret) {
    casc_emit_error(L->ctx, op->loc,
                    "'%s' returns %u values, the call "
                    "expects %u",
                    casc_op_name(op), op->nops, fr->nret);
    L->failed = true;
    return false;
  }
  uint32_t src[64];
  if (op->nops > 64) {
    unsupported(L, op, "more than 64 results");
    return false;
  }
  for (unsigned i = 0; i < op->nops; i++)
    src[i] = slot_of(L, op, casc_op_operand(op, i));
  parallel_move(L, op, fr->ret_slots, src, op->nops);
  if (fr->njumps == fr->capjumps) {
    unsigned *nj =
        casc_grow(fr->ret_jumps, &fr->capjumps, fr->njumps + 1, sizeof *nj);
    if (!nj) {
      oom(L, op);
      return false;
    }
    fr->ret_jumps = nj;
  }
  emit(L, SIM_JMP, op);
  fr->ret_jumps[fr->njumps++] = L->ncode - 1;
  return true;
}

static bool lower_constant(lowerer *L, casc_op *op) {
  if (op->nres != 1) {
    unsupported(L, op, "malformed constant");
    return false;
  }
  casc_attr *a = casc_op_attr(op, "value");
  if (!a)
    a = casc_dict_get(casc_op_props(op), "value");
  casc_value *res = casc_op_result(op, 0);
  unsigned dt = casc_dtype_of_type(res->type);
  uint32_t s = define(L, op, res);
  if (!s)
    return false;
  if (dt == CASC_DT_INVALID || !a) {
    unsupported(L, op, "only integer, index and float constants");
    return false;
  }
  sim_slot *v = &L->init[s];
  int64_t opaque;
  if (a->kind == CASC_ATTR_OPAQUE && !sim_dt_is_float(dt) &&
      sim_opaque_constant(a->u.opaque.text, &opaque))
    v->i = sim_norm(opaque, dt); /* TOTAL_L1_SIZE ... (matmul_tiling.c) */
  else if (a->kind == CASC_ATTR_INTEGER && !sim_dt_is_float(dt))
    v->i = sim_norm(a->u.i.v, dt);
  else if (a->kind == CASC_ATTR_BOOL && !sim_dt_is_float(dt))
    v->i = a->u.b ? 1 : 0;
  else if (a->kind == CASC_ATTR_FLOAT && sim_dt_is_float(dt))
    v->f = sim_fround(a->u.f.v, dt);
  else {
    unsupported(L, op, "only integer, index and float constants");
    return false;
  }
  return true;
}

/* The memory a LocalTensor value is in, traced back through its views
 * (subindex, [], ReinterpretCast) to the queue, TBuf or position that made
 * it; CASC_HW_MEM_NONE when the IR does not say (a function or block
 * argument). */
static casc_hw_mem local_mem(const casc_value *v) {
  for (int hops = 0; v && v->def && hops < 64; hops++) {
    const casc_op *d = v->def;
    switch (d->kind) {
    case CASC_OP_LOCAL_TENSOR_SUBINDEX:
    case CASC_OP_LOCAL_TENSOR_BRACKET:
    case CASC_OP_REINTERPRET_CAST:
      v = d->nops ? d->operands[0].value : NULL;
      continue;
    case CASC_OP_LOCAL_TENSOR_V2: {
      casc_attr *pos = casc_op_attr((casc_op *)d, "pos");
      return pos && pos->kind == CASC_ATTR_INTEGER
                 ? casc_hw_mem_of_pos(pos->u.i.v)
                 : CASC_HW_MEM_NONE;
    }
    case CASC_OP_QUE_BIND_ALLOC_TENSOR:
    case CASC_OP_QUE_BIND_DEQUE_TENSOR:
    case CASC_OP_TBUF_GET_TENSOR: {
      const casc_type *t = d->nops ? d->operands[0].value->type : NULL;
      casc_hw_queue q;
      if (!t || t->kind != CASC_TYPE_ASC)
        return CASC_HW_MEM_NONE;
      const int64_t *p = t->u.asc.p;
      if (t->u.asc.id == CASC_ASC_QUEUE)
        casc_hw_tque(p[0], &q);
      else if (t->u.asc.id == CASC_ASC_QUE_BIND)
        casc_hw_tquebind(p[0], p[1], &q);
      else if (t->u.asc.id == CASC_ASC_TBUF)
        casc_hw_tquebind(p[0], p[0], &q);
      else
        return CASC_HW_MEM_NONE;
      return q.pool;
    }
    default:
      return CASC_HW_MEM_NONE;
    }
  }
  return CASC_HW_MEM_NONE;
}

static unsigned resolve_pipe(const casc_op *op, const casc_op_info *info) {
  if (!info)
    return CASC_PIPE_NONE;
  if (info->pipe != CASC_PIPE_COPY)
    return info->pipe;
  if (op->nops < 2)
    return CASC_PIPE_NONE;
  const casc_type *d = op->operands[0].value->type;
  const casc_type *s = op->operands[1].value->type;
  if (is_local(d) && is_global(s))
    return CASC_PIPE_MTE2;
  if (is_global(d) && is_local(s))
    return CASC_PIPE_MTE3;
  /* Local -> local: the memories decide. L1 -> BiasTable is MTE1
   * (copy_cbuf_to_bt, PTO's a2a3 cost model groups it with MTE1's L1 ->
   * L0 loads), UB -> L1 MTE3 (copy_ubuf_to_cbuf, its queue event
   * MTE3_MTE1); UB -> UB, and what the IR does not say, V. */
  casc_hw_mem dm = local_mem(op->operands[0].value);
  casc_hw_mem sm = local_mem(op->operands[1].value);
  if (sm == CASC_HW_MEM_L1 && dm == CASC_HW_MEM_BIAS)
    return CASC_PIPE_MTE1;
  if (sm == CASC_HW_MEM_UB && dm == CASC_HW_MEM_L1)
    return CASC_PIPE_MTE3;
  return CASC_PIPE_V;
}

/* The enum attribute a handler reads from imm: the row's one required
 * enum attribute (a predicate, a HardEvent, a RoundMode, a Pipe, a
 * TPosition), or NULL when the row has none or several. */
static const char *enum_attr_name(const casc_op_info *info) {
  const char *name = NULL;
  for (unsigned i = 0; i < info->nattrs; i++) {
    if (info->attrs[i].kind != CASC_A_ENUM || info->attrs[i].optional)
      continue;
    if (name)
      return NULL;
    name = info->attrs[i].name;
  }
  return name;
}

/* The two tensors of a copy: GM -> UB, UB -> GM, and UB -> UB where the
 * op has it (DataCopy; DataCopyPad does not), of one element type. */
static bool check_copy(lowerer *L, casc_op *op, const sim_insn *in,
                       bool ub_to_ub) {
  const casc_type *d = op->operands[0].value->type;
  const casc_type *s = op->operands[1].value->type;
  bool gm_s = casc_type_is_global_tensor(s);
  if (!((is_local(d) && (gm_s || (ub_to_ub && is_local(s)))) ||
        (casc_type_is_global_tensor(d) && is_local(s)))) {
    unsupported(L, op,
                ub_to_ub ? "this copy direction"
                         : "this copy direction (GM -> UB and UB -> GM are)");
    return false;
  }
  if (in->dt != in->dt3) {
    unsupported(L, op, "copies between different element types");
    return false;
  }
  return true;
}

/* Operands of a vector family op: the element types its shape requires to
 * be equal, and a loop of the row's kernel for the type. */
static bool check_vector(lowerer *L, casc_op *op, sim_insn *in,
                         const casc_op_info *info) {
  unsigned same = 0; /* operands [0, same) share dst's element type */
  switch (in->opc) {
  case SIM_VEC_BINARY:
  case SIM_VEC_BINARY_REP:
  case SIM_VEC_BINARY_L3:
    same = 3;
    break;
  case SIM_VEC_SCALAR:
  case SIM_VEC_UNARY:
  case SIM_VEC_REDUCE:
  case SIM_VEC_SCALAR_REP:
  case SIM_VEC_UNARY_REP:
  case SIM_VEC_REDUCE_REP:
  case SIM_WHOLE_REDUCE_SUM:
  case SIM_WHOLE_REDUCE_MAX:
  case SIM_WHOLE_REDUCE_MIN:
  case SIM_REPEAT_REDUCE_SUM:
  case SIM_BLOCK_REDUCE_SUM:
  case SIM_BLOCK_REDUCE_MAX:
  case SIM_BLOCK_REDUCE_MIN:
  case SIM_PAIR_REDUCE_SUM:
    same = 2;
    break;
  default:
    break;
  }
  for (unsigned i = 1; i < same && i < op->nops; i++)
    if (dt_of(op->operands[i].value->type) != in->dt) {
      unsupported(L, op, "operands of different element types");
      return false;
    }
  if (sim_row_of(op->kind)->need_kernel &&
      !sim_vkernel_supports(sim_vkernel_get(in->kern), sim_vec_shape(in->opc),
                            in->dt)) {
    char why[96];
    snprintf(why, sizeof why, "%s on %s", info->api,
             casc_dtype_name((casc_dtype)in->dt));
    unsupported(L, op, why);
    return false;
  }
  return true;
}

/* The ascendc.construct of type id that defines operand i of op (the
 * simulator reads its fields from their slots), or NULL after reporting. */
static const casc_op *param_struct(lowerer *L, casc_op *op, unsigned i,
                                   casc_asc_type id, const char *what) {
  const casc_value *v = i < op->nops ? casc_op_operand(op, i) : NULL;
  const casc_op *d = v ? v->def : NULL;
  if (!d || d->kind != CASC_OP_CONSTRUCT || !casc_type_is_asc(v->type, id)) {
    char why[96];
    snprintf(why, sizeof why, "a %s that is not an ascendc.construct", what);
    unsupported(L, op, why);
    return NULL;
  }
  return d;
}

/* The cube ops (cube.c): tensor kinds, element types and the parameter
 * structs they read. The TPositions are runtime facts the handlers check. */
static bool check_cube(lowerer *L, casc_op *op, sim_insn *in) {
  const casc_type *t0 = op->operands[0].value->type;
  const casc_type *t1 = op->operands[1].value->type;
  switch (in->opc) {
  case SIM_DATA_COPY_ND2NZ:
    if (!is_local(t0) || !casc_type_is_global_tensor(t1) || in->dt != in->dt3) {
      unsupported(L, op,
                  "DataCopy with Nd2NzParams other than GM -> local "
                  "of one element type");
      return false;
    }
    return param_struct(L, op, 2, CASC_ASC_ND2NZ_PARAMS, "Nd2NzParams");
  case SIM_LOAD_DATA_2D:
    if (!is_local(t0) ||
        !(is_local(t1) || (casc_type_is_global_tensor(t1) &&
                           op->kind == CASC_OP_LOAD_DATA_G2L)) ||
        in->dt != in->dt3) {
      unsupported(L, op,
                  "LoadData other than local -> local (or GM -> local) of "
                  "one element type");
      return false;
    }
    return param_struct(L, op, 2, CASC_ASC_LOAD_DATA_2D_PARAMS,
                        "LoadData2DParams");
  case SIM_MMAD: {
    /* Mmad(dst, fm, filter[, bias], params): the bias (BiasTable) holds a
     * row of n accumulator-type values. */
    bool bias = op->nops == 5;
    unsigned fdt = dt_of(op->operands[2].value->type);
    /* f32 inputs: regular FP32 products unless SetHF32Mode(true) (the
     * Ascend C reference's SetHF32Mode page), which casc does not have. */
    bool fl = in->dt3 == CASC_DT_F16 || in->dt3 == CASC_DT_BF16 ||
              in->dt3 == CASC_DT_F32;
    if (!is_local(t0) || !is_local(t1) ||
        !is_local(op->operands[2].value->type) || fdt != in->dt3 ||
        !((fl && in->dt == CASC_DT_F32) ||
          (in->dt3 == CASC_DT_I8 && in->dt == CASC_DT_I32)) ||
        (bias && (!is_local(op->operands[3].value->type) ||
                  dt_of(op->operands[3].value->type) != in->dt))) {
      unsupported(L, op,
                  "Mmad other than f16/bf16/f32 -> f32 or int8 -> int32 "
                  "on LocalTensors (a bias of the accumulator's type)");
      return false;
    }
    const casc_op *p =
        param_struct(L, op, op->nops - 1, CASC_ASC_MMAD_PARAMS, "MmadParams");
    if (!p)
      return false;
    in->imm = p->nops; /* which MmadParams form (cube.c) */
    return true;
  }
  case SIM_INIT_CONST_VALUE:
    return param_struct(L, op, 1, CASC_ASC_INIT_CONST_VALUE_PARAMS,
                        "InitConstValueParams");
  case SIM_FIXPIPE:
    if (!casc_type_is_global_tensor(t0) || !is_local(t1)) {
      unsupported(L, op, "Fixpipe other than CO1 -> GM");
      return false;
    }
    return param_struct(L, op, 2, CASC_ASC_FIXPIPE_PARAMS_V220,
                        "FixpipeParamsV220") &&
           param_struct(L, op, 3, CASC_ASC_FIXPIPE_CONFIG, "FixpipeConfig");
  default:
    return true;
  }
}

/* The TCubeTiling rows (matmul_tiling.c), the Matmul object's rows
 * (matmul.c: imm packs its type's facts) and the cross-core flags (mix.c:
 * imm = modeId). */
static bool check_matmul_mix(lowerer *L, casc_op *op, sim_insn *in) {
  const char *why = NULL;
  L->mix |= in->opc != SIM_STRUCT_COPY && in->opc != SIM_STRUCT_MEMBER &&
            in->opc != SIM_STRUCT_SET_MEMBER;
  switch (in->opc) {
  case SIM_STRUCT_COPY: {
    casc_type *e = casc_type_elem(op->operands[0].value->type);
    if (!e || !casc_type_is_asc(e, CASC_ASC_CUBE_TILING)) {
      unsupported(L, op, "a struct other than TCubeTiling");
      return false;
    }
    in->imm = SIM_CUBE_TILING_FIELDS;
    in->imm2 = new_slot(L, op);
    for (unsigned i = 1; i < SIM_CUBE_TILING_FIELDS; i++)
      new_slot(L, op);
    return true;
  }
  case SIM_STRUCT_MEMBER:
  case SIM_STRUCT_SET_MEMBER: {
    casc_attr *f = casc_op_attr(op, "field");
    const casc_value *base = casc_op_operand(op, 0);
    char name[64] = "";
    if (f && f->kind == CASC_ATTR_STRING && f->u.str.len < sizeof name)
      memcpy(name, f->u.str.s, f->u.str.len), name[f->u.str.len] = 0;
    int i = sim_cube_tiling_field(name);
    if (!casc_type_is_asc(base->type, CASC_ASC_CUBE_TILING) || !base->def ||
        base->def->kind != CASC_OP_EMITASC_COPY_STRUCT) {
      unsupported(L, op, "a member of other than a copied TCubeTiling");
      return false;
    }
    if (i < 0) {
      unsupported(L, op, "a field TCubeTiling does not have");
      return false;
    }
    in->imm = i;
    return true;
  }
  case SIM_MIX_CROSS_SET:
  case SIM_MIX_CROSS_WAIT: {
    casc_attr *m = casc_op_attr(op, "modeId");
    if (!m || m->kind != CASC_ATTR_INTEGER) {
      unsupported(L, op, "missing integer attribute 'modeId'");
      return false;
    }
    in->imm = m->u.i.v;
    return true;
  }
  case SIM_MM_OBJECT:
    break;
  default: /* a Matmul row: the object is operand 0 (REGIST: 2) */
    if (!sim_mm_type_facts(
            op->operands[in->opc == SIM_MM_REGIST ? 2 : 0].value->type,
            &in->imm, &why)) {
      unsupported(L, op, why);
      return false;
    }
    return true;
  }
  /* ascendc.construct of the object: its state slots */
  in->imm2 = new_slot(L, op);
  for (unsigned i = 1; i < SIM_MM_SLOTS; i++)
    new_slot(L, op);
  return true;
}

/* SoftMax / SimpleSoftMax (adv.c) read their SoftMaxTiling and the
 * optional SoftMaxShapeInfo field by field: both must be constructs. */
static bool check_softmax(lowerer *L, casc_op *op) {
  unsigned tb, tc, sb, sc;
  if (!casc_op_operand_group(op, 5, &tb, &tc) || tc != 1 ||
      !casc_op_operand_group(op, 6, &sb, &sc)) {
    unsupported(L, op, "malformed operand segments");
    return false;
  }
  return param_struct(L, op, tb, CASC_ASC_SOFTMAX_TILING, "SoftMaxTiling") &&
         (!sc || param_struct(L, op, sb, CASC_ASC_SOFTMAX_SHAPE_INFO,
                              "SoftMaxShapeInfo"));
}

/* The repeat forms of duplicate and the reductions: imm2 = 1 when the
 * mask is an array (level 1), imm = WholeReduceMax/Min's ReduceOrder. A row
 * that has the isSetMask attribute but not the attribute set runs with the
 * mask register's mask (vec_mask.c); rows without the attribute always set
 * the mask, as their C++ API does. */
static bool check_repeat_form(lowerer *L, casc_op *op, sim_insn *in,
                              const casc_op_info *info) {
  bool has_set_mask = false;
  for (unsigned i = 0; i < info->nattrs; i++)
    has_set_mask |= strcmp(info->attrs[i].name, "isSetMask") == 0;
  if (has_set_mask && !casc_op_attr(op, "isSetMask"))
    in->vflags |= SIM_VF_MASK_REG;
  for (unsigned i = 0; i < info->nopnds; i++)
    if (strcmp(info->opnds[i].name, "mask") == 0)
      in->imm2 = info->opnds[i].card == '*';
  if (in->opc == SIM_WHOLE_REDUCE_MAX || in->opc == SIM_WHOLE_REDUCE_MIN) {
    casc_attr *a = casc_op_attr(op, "order");
    if (!a || a->kind != CASC_ATTR_INTEGER || a->u.i.v < 0 || a->u.i.v > 3) {
      unsupported(L, op,
                  "an order attribute other than 0..3 (ReduceOrder "
                  "ORDER_VALUE_INDEX, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, "
                  "ORDER_ONLY_INDEX)");
      return false;
    }
    in->imm = a->u.i.v;
  }
  return true;
}

/* The level of an op with a `mask` operand: 0 a count, 1 an array (its
 * card is '*'); 2 when it has none (the count form). */
static int mask_level(const casc_op_info *info) {
  for (unsigned i = 0; i < info->nopnds; i++)
    if (strcmp(info->opnds[i].name, "mask") == 0)
      return info->opnds[i].card == '*';
  return 2;
}

/* Compare / CompareScalar / Select: imm = the mode attribute, imm2 = the
 * level; the element types the reference lists for A2 (Compare: half,
 * float, and int32 with CMPMODE::EQ only; Select: src0 / src1 of dst's
 * type). Their isSetMask is a reserved parameter, so it is not required. */
static bool check_cmpsel(lowerer *L, casc_op *op, sim_insn *in,
                         const casc_op_info *info) {
  const bool cmp = in->opc == SIM_COMPARE || in->opc == SIM_COMPARE_SCALAR;
  const char *an = cmp ? "cmpMode" : "selMode";
  const int64_t hi = cmp ? 5 : 2;
  casc_attr *a = casc_op_attr(op, an);
  if (!a || a->kind != CASC_ATTR_INTEGER || a->u.i.v < 0 || a->u.i.v > hi) {
    char why[96];
    snprintf(why, sizeof why, "a %s attribute other than 0..%lld", an,
             (long long)hi);
    unsupported(L, op, why);
    return false;
  }
  in->imm = a->u.i.v;
  in->imm2 = mask_level(info);
  char why[128];
  if (cmp) {
    unsigned s = in->dt3; /* src0 */
    if (s != CASC_DT_F16 && s != CASC_DT_F32 && s != CASC_DT_I32) {
      snprintf(why, sizeof why, "%s on %s (A2: half, float, int32)", info->api,
               casc_dtype_name((casc_dtype)s));
      unsupported(L, op, why);
      return false;
    }
    if (s == CASC_DT_I32 && in->imm != 2) {
      unsupported(L, op, "int32 with a CMPMODE other than EQ (A2)");
      return false;
    }
    if (in->opc == SIM_COMPARE && dt_of(op->operands[2].value->type) != s) {
      unsupported(L, op, "operands of different element types");
      return false;
    }
    return true;
  }
  const bool scalar = in->opc == SIM_SELECT_SCALAR;
  if ((in->imm == 1) != scalar) {
    unsupported(L, op,
                scalar ? "a tensor-scalar Select whose selMode is not "
                         "VSEL_TENSOR_SCALAR_MODE (1)"
                       : "a tensor-tensor Select in VSEL_TENSOR_SCALAR_MODE");
    return false;
  }
  for (unsigned i = 2; i < (scalar ? 3u : 4u); i++)
    if (dt_of(op->operands[i].value->type) != in->dt) {
      unsupported(L, op, "operands of different element types");
      return false;
    }
  return true;
}

/* SetVectorMask<T, mode>(len) / (maskHigh, maskLow): dt = T, imm = the
 * MaskMode (0 NORMAL, 1 COUNTER), imm2 = 1 for the two-word form. */
static bool check_set_vector_mask(lowerer *L, casc_op *op, sim_insn *in) {
  casc_attr *t = casc_op_attr(op, "dtype");
  casc_attr *m = casc_op_attr(op, "mode");
  unsigned dt = t && t->kind == CASC_ATTR_TYPE ? dt_of(t->type) : 0;
  unsigned es = dt ? casc_dtype_size((casc_dtype)dt) : 0;
  if (es != 2 && es != 4) {
    unsupported(L, op, "a dtype other than a 16- or 32-bit type");
    return false;
  }
  if (!m || m->kind != CASC_ATTR_INTEGER || m->u.i.v < 0 || m->u.i.v > 1) {
    unsupported(L, op, "a mode other than 0 (NORMAL) or 1 (COUNTER)");
    return false;
  }
  in->dt = (uint8_t)dt;
  in->imm = m->u.i.v;
  in->imm2 = op->nops == 2;
  return true;
}

/* A level-2 vector op (`_l2` / `_l3`, on PIPE_V) leaves the mask register
 * in normal mode with every bit set, as the library's level-2
 * implementations do (vec_mask.c). */
static bool resets_mask(const casc_op *op, const casc_op_info *info) {
  size_t n = strlen(casc_op_name(op));
  return info->pipe == CASC_PIPE_V && n > 3 &&
         (strcmp(casc_op_name(op) + n - 3, "_l2") == 0 ||
          strcmp(casc_op_name(op) + n - 3, "_l3") == 0);
}

/* AddReluCast, SubReluCast, MulCast: the pairs of their table 3 on A2;
 * AddDeqRelu int32 -> half; MulAddDst half -> float (vec_bin_cast.c). */
static bool bin_cast_pair(const char *api, unsigned s, unsigned d) {
  if (strcmp(api, "MulAddDst") == 0) /* its mixed form */
    return s == CASC_DT_F16 && d == CASC_DT_F32;
  if (strcmp(api, "AddDeqRelu") == 0)
    return s == CASC_DT_I32 && d == CASC_DT_F16;
  if (strcmp(api, "MulCast") == 0)
    return s == CASC_DT_F16 && (d == CASC_DT_I8 || d == CASC_DT_U8);
  if (strcmp(api, "AddReluCast") == 0 || strcmp(api, "SubReluCast") == 0)
    return (s == CASC_DT_F32 && d == CASC_DT_F16) ||
           (s == CASC_DT_F16 && d == CASC_DT_I8) ||
           (s == CASC_DT_I16 && d == CASC_DT_I8);
  return false;
}

static bool is_bin_cast(const casc_op_info *info) {
  return strcmp(info->api, "MulCast") == 0 ||
         strcmp(info->api, "AddDeqRelu") == 0 ||
         strcmp(info->api, "AddReluCast") == 0 ||
         strcmp(info->api, "SubReluCast") == 0;
}

/* A converting binary row runs on SIM_VEC_BIN_CAST: imm2 = its level (2 =
 * the count form), the sources of one type, a pair of table 3. */
static bool check_bin_cast(lowerer *L, casc_op *op, sim_insn *in,
                           const casc_op_info *info) {
  unsigned s = in->dt3, s1 = dt_of(op->operands[2].value->type);
  if (s1 != s || !bin_cast_pair(info->api, s, in->dt)) {
    char why[128];
    snprintf(why, sizeof why,
             "%s from %s and %s to %s (A2: the pairs of its "
             "table 3)",
             info->api, casc_dtype_name((casc_dtype)s),
             casc_dtype_name((casc_dtype)s1),
             casc_dtype_name((casc_dtype)in->dt));
    unsupported(L, op, why);
    return false;
  }
  in->opc = SIM_VEC_BIN_CAST;
  /* 1: through DEQSCALE; 2: MulAddDst's half -> float, reading dst */
  in->imm = strcmp(info->api, "AddDeqRelu") == 0  ? 1
            : strcmp(info->api, "MulAddDst") == 0 ? 2
                                                  : 0;
  in->imm2 = mask_level(info);
  bool has_set_mask = false;
  for (unsigned i = 0; i < info->nattrs; i++)
    has_set_mask |= strcmp(info->attrs[i].name, "isSetMask") == 0;
  if (has_set_mask && !casc_op_attr(op, "isSetMask"))
    in->vflags |= SIM_VF_MASK_REG;
  return true;
}

/* The math library (vec_math.c): where each op keeps its sources, tmp
 * buffer and count (operand spec indices, -1 = none), and the element
 * types of A2. imm2 packs the operands' positions (a byte each, 0xff =
 * absent): src0, src1, sharedTmpBuffer, calCount. */
static bool check_math(lowerer *L, casc_op *op, sim_insn *in) {
  int spec[4] = {1, -1, 2, 3}; /* the unary functions */
  const casc_op_kind k = op->kind;
  if (k == CASC_OP_POWER || k == CASC_OP_XOR || k == CASC_OP_AXPY)
    spec[1] = 2, spec[2] = 3, spec[3] = 4;
  else if (k == CASC_OP_MATH_EXP) /* calCount, taylorExpandLevel, tmp? */
    spec[2] = 4, spec[3] = 2;
  else if (k == CASC_OP_CLAMP_MAX || k == CASC_OP_CLAMP_MIN)
    spec[1] = 3, spec[2] = 2, spec[3] = 4;
  else if (!sim_math_unary_known(k)) {
    unsupported(L, op, NULL);
    return false;
  }
  unsigned pos[4] = {0xff, 0xff, 0xff, 0xff}, begin, count;
  for (unsigned f = 0; f < 4; f++) {
    if (spec[f] < 0)
      continue;
    if (!casc_op_operand_group(op, (unsigned)spec[f], &begin, &count) ||
        count > 1) {
      unsupported(L, op, "malformed operand segments");
      return false;
    }
    if (count)
      pos[f] = begin;
  }
  const unsigned dt = in->dt;
  const casc_type *t0 = op->operands[pos[0]].value->type;
  const unsigned s0 = dt_of(t0);
  char why[160];
  bool ok;
  if (k == CASC_OP_XOR)
    ok = dt == CASC_DT_I16 || dt == CASC_DT_U16;
  else if (k == CASC_OP_AXPY) /* half, float, half -> float */
    ok = (dt == CASC_DT_F16 || dt == CASC_DT_F32) &&
         (s0 == dt || (s0 == CASC_DT_F16 && dt == CASC_DT_F32));
  else
    ok = dt == CASC_DT_F16 || dt == CASC_DT_F32;
  if (!ok) {
    snprintf(why, sizeof why, "%s from %s to %s (A2: %s)",
             casc_op_info_of(op)->api, casc_dtype_name((casc_dtype)s0),
             casc_dtype_name((casc_dtype)dt),
             k == CASC_OP_XOR    ? "int16, uint16"
             : k == CASC_OP_AXPY ? "half, float, half to float"
                                 : "half, float");
    unsupported(L, op, why);
    return false;
  }
  /* src0 a tensor (of dst's type but for Axpy); src1 a tensor of dst's
   * type (Power, Xor) or a scalar (Power, ClampMax/Min, Axpy) */
  bool bad = !is_local(t0) || (k != CASC_OP_AXPY && s0 != dt);
  if (pos[1] != 0xff) {
    const casc_type *t1 = op->operands[pos[1]].value->type;
    bool scalar = casc_type_is_float(t1) || casc_type_is_int(t1);
    bool tensor_ok = k == CASC_OP_POWER || k == CASC_OP_XOR;
    bad |= is_local(t1) ? !tensor_ok || dt_of(t1) != dt
                        : !scalar || k == CASC_OP_XOR;
  }
  if (pos[2] != 0xff)
    bad |= !is_local(op->operands[pos[2]].value->type);
  if (bad) {
    unsupported(L, op,
                "operands other than its tensors of dst's type, a scalar "
                "where it takes one, and a LocalTensor tmp buffer");
    return false;
  }
  in->imm2 = (int64_t)pos[0] | (int64_t)pos[1] << 8 | (int64_t)pos[2] << 16 |
             (int64_t)pos[3] << 24;
  return true;
}

/* Static checks of one generic op; false after reporting. */
static bool check_generic(lowerer *L, casc_op *op, sim_insn *in) {
  char why[160];
  const casc_op_info *info = casc_op_info_of(op);
  if (info->cls != CASC_CLS_VCAST_L2 && info->dtypes &&
      !(info->dtypes & CASC_DT_BIT(in->dt))) {
    /* Not a limit of the simulator: the op does not take this type on the
     * hardware. Same wording as the C front end (casc_op_dtype_error). */
    const char *what = op->nres       ? "the result"
                       : info->nopnds ? info->opnds[0].name
                                      : "dst";
    casc_op_dtype_error(info, what, (casc_dtype)in->dt, why, sizeof why);
    casc_emit_error(L->ctx, op->loc, "%s: %s", casc_op_name(op), why);
    L->failed = true;
    return false;
  }
  if ((in->opc == SIM_VEC_BINARY || in->opc == SIM_VEC_BINARY_REP) &&
      (is_bin_cast(info) ||
       (strcmp(info->api, "MulAddDst") == 0 && in->dt != in->dt3)))
    return check_bin_cast(L, op, in, info);
  if (casc_op_class_is_vector(info->cls) && !check_vector(L, op, in, info))
    return false;
  /* The data-movement and CMPMASK rows check themselves (lower_data.c). */
  if (!sim_lower_check_data(op, in, why, sizeof why)) {
    unsupported(L, op, why);
    return false;
  }
  /* So do the cube's other data movement forms (lower_cube_forms.c). */
  if (!sim_lower_check_cube_forms(op, in, why, sizeof why)) {
    unsupported(L, op, why);
    return false;
  }
  switch (in->opc) {
  case SIM_SELECT_REG:
    if (!sim_select_reg_check(op, in, why, sizeof why)) {
      unsupported(L, op, why);
      return false;
    }
    break;
  case SIM_SET_AIPP_FUNCTIONS: /* aipp.c */
  case SIM_LOAD_IMAGE_TO_LOCAL:
    if (!sim_aipp_check(op, in, why, sizeof why)) {
      unsupported(L, op, why);
      return false;
    }
    break;
  case SIM_CMPF:
    if (!sim_dt_is_float(in->dt2)) {
      unsupported(L, op, "non-float operands");
      return false;
    }
    break;
  case SIM_CAST_L2:
    if (!casc_cast_supported((casc_dtype)in->dt, (casc_dtype)in->dt3,
                             (int)in->imm)) {
      snprintf(why, sizeof why, "Cast from %s to %s with round mode %d",
               casc_dtype_name((casc_dtype)in->dt3),
               casc_dtype_name((casc_dtype)in->dt), (int)in->imm);
      unsupported(L, op, why);
      return false;
    }
    break;
  case SIM_DATA_COPY_PAD:
    if (!check_copy(L, op, in, false))
      return false;
    break;
  case SIM_DATA_COPY_L2:
  case SIM_DATA_COPY_L0:
    /* DataCopy with DataCopyEnhancedParams runs as the basic DataCopy: on
     * Atlas A2 the reference says the enhanced fields do not take effect
     * (docs/simulator.md, "DataCopy with DataCopyEnhancedParams"). */
    if (op->nops != (op->kind == CASC_OP_DATA_COPY_ENHANCED ? 4u : 3u)) {
      unsupported(L, op, "malformed DataCopy");
      return false;
    }
    if (!check_copy(L, op, in, true))
      return false;
    break;
  case SIM_CONSTRUCT: {
    /* The parameter structs the simulator reads (sim_field): each field is
     * a slot of its own, allocated here next to each other; the struct's
     * value is the index of the first. */
    static const struct {
      casc_asc_type t;
      unsigned nfields;
    } structs[] = {
        {CASC_ASC_DATA_COPY_PARAMS, 4},
        {CASC_ASC_UNARY_REPEAT_PARAMS, 4},
        {CASC_ASC_BINARY_REPEAT_PARAMS, 6},
        {CASC_ASC_DATA_COPY_PAD_PARAMS, 4},
        {CASC_ASC_DATA_COPY_EXT_PARAMS, 5},
        {CASC_ASC_DATA_COPY_PAD_EXT_PARAMS, 4},
        {CASC_ASC_DATA_COPY_ENHANCED_PARAMS, 7}, /* read by nothing on A2 */
        /* the cube path (cube.c) */
        {CASC_ASC_ND2NZ_PARAMS, 8},
        {CASC_ASC_LOAD_DATA_2D_PARAMS, 7},
        {CASC_ASC_MMAD_PARAMS, 0},
        {CASC_ASC_MMAD_PARAMS, 6},
        {CASC_ASC_MMAD_PARAMS, 8},
        {CASC_ASC_FIXPIPE_PARAMS_V220, 12},
        {CASC_ASC_FIXPIPE_CONFIG, 1},
        {CASC_ASC_DATA_COPY_CO12DST_PARAMS, 8},      /* cube_forms.c */
        {CASC_ASC_LOAD_DATA_2D_TRANSPOSE_PARAMS, 6}, /* cube_load_transpose.c */
        {CASC_ASC_LOAD_DATA_3D_PARAMS_V2, 22},       /* cube_load3d.c */
        {CASC_ASC_LOAD_DATA_3D_PARAMS_V2_PRO, 8},
        /* the Load3D registers (cube_load3d_regs.c); FmatrixMode{} is
         * FMATRIX_LEFT */
        {CASC_ASC_LOAD_DATA_REPEAT_PARAM, 3},
        {CASC_ASC_FMATRIX_MODE, 0},
        {CASC_ASC_FMATRIX_MODE, 1},
        {CASC_ASC_INIT_CONST_VALUE_PARAMS, 4},
        {CASC_ASC_BRCB_REPEAT_PARAMS, 2},
        {CASC_ASC_GATHER_MASK_PARAMS, 4},
        {CASC_ASC_TRANSPOSE_PARAMS_EXT, 5},
        {CASC_ASC_COPY_REPEAT_PARAMS, 4}, /* Copy (vec_copy.c) */
        /* MrgSort's lists: 2..4 LocalTensors (vec_mrgsort.c) */
        {CASC_ASC_MRG_SORT_SRC_LIST, 2},
        {CASC_ASC_MRG_SORT_SRC_LIST, 3},
        {CASC_ASC_MRG_SORT_SRC_LIST, 4},
        {CASC_ASC_MRG_SORT4_INFO, 4}, /* MrgSort's MrgSort4Info form */
        {CASC_ASC_TRANS_DATA_TO_5HD_PARAMS, 5}, /* vec_trans5hd.c */
        {CASC_ASC_NZ2ND_PARAMS_FULL, 7},        /* copy_nz2nd.c */
        {CASC_ASC_GATHER_REPEAT_PARAMS, 2},     /* vec_gatherb.c */
        {CASC_ASC_SLICE_INFO, 5},               /* copy_slice.c */
        /* CheckLocalMemoryIA's registers (sys_env.c) */
        {CASC_ASC_CHECK_LOCAL_MEMORY_IA_PARAM, 10},
        /* the advanced APIs (adv.c) */
        {CASC_ASC_SOFTMAX_TILING, 16},
        {CASC_ASC_SOFTMAX_SHAPE_INFO, 4},
        {CASC_ASC_ASCEND_QUANT_CONFIG, 4},
        {CASC_ASC_RMSNORM_TILING, 12},
        /* AIPP (aipp.c): AippParams of its six parts, and the load's */
        {CASC_ASC_AIPP_PADDING_PARAMS, 5},
        {CASC_ASC_AIPP_SWAP_PARAMS, 3},
        {CASC_ASC_AIPP_SINGLE_LINE_PARAMS, 1},
        {CASC_ASC_AIPP_DTC_PARAMS, 10},
        {CASC_ASC_AIPP_CPADDING_PARAMS, 2},
        {CASC_ASC_AIPP_CSC_PARAMS, 16},
        {CASC_ASC_AIPP_PARAMS, 6},
        {CASC_ASC_LOAD_IMAGE_TO_LOCAL_PARAMS, 9},
    };
    const casc_type *t = op->nres == 1 ? casc_op_results(op)[0].type : NULL;
    if (t && sim_mm_is_type(t) && op->nops == 0) { /* the Matmul object */
      in->opc = SIM_MM_OBJECT;
      return check_matmul_mix(L, op, in);
    }
    if (t && casc_type_is_asc(t, CASC_ASC_SHAPE_INFO)) {
      /* shape_info.c copies the arrays into a record of its own */
      in->opc = SIM_SHAPE_INFO_NEW;
      break;
    }
    bool ok = false;
    for (unsigned i = 0; t && i < sizeof structs / sizeof structs[0]; i++)
      ok |= casc_type_is_asc(t, structs[i].t) && op->nops == structs[i].nfields;
    if (!ok) {
      unsupported(L, op,
                  "only DataCopyParams, DataCopyExtParams, DataCopyPadParams, "
                  "DataCopyPadExtParams, UnaryRepeatParams, "
                  "BinaryRepeatParams, BrcbRepeatParams, GatherMaskParams, "
                  "CopyRepeatParams, MrgSortSrcList, MrgSort4Info, "
                  "TransDataTo5HDParams, "
                  "Nz2NdParamsFull, "
                  "GatherRepeatParams, SliceInfo, CheckLocalMemoryIAParam, "
                  "TransposeParamsExt, Nd2NzParams, LoadData2DParams, "
                  "MmadParams, FixpipeParamsV220, FixpipeConfig, "
                  "DataCopyCO12DstParams, LoadData2dTransposeParams, "
                  "LoadData3DParamsV2, LoadData3DParamsV2Pro, "
                  "LoadDataRepeatParam, FmatrixMode, "
                  "InitConstValueParams, "
                  "SoftMaxTiling, SoftMaxShapeInfo, AscendQuantConfig, "
                  "RmsNormTiling, AippParams and its parts and "
                  "LoadImageToLocalParams are "
                  "constructed, with all their fields");
      return false;
    }
    in->imm = op->nops;
    in->imm2 = new_slot(L, op);
    for (unsigned i = 1; i < op->nops; i++)
      new_slot(L, op);
    break;
  }
  case SIM_VEC_BINARY_REP:
  case SIM_VEC_SCALAR_REP:
  case SIM_VEC_UNARY_REP:
    /* Without isSetMask the op runs with the mask register's mask, or in
     * counter mode its element count (vec_mask.c). */
    if (!casc_op_attr(op, "isSetMask"))
      in->vflags |= SIM_VF_MASK_REG;
    in->imm2 = info->cls == CASC_CLS_VBIN_L1 ||
               info->cls == CASC_CLS_VUNARY_L1 ||
               info->cls == CASC_CLS_VSCALAR_L1;
    break;
  case SIM_DATA_COPY_ND2NZ:
  case SIM_LOAD_DATA_2D:
  case SIM_MMAD:
  case SIM_FIXPIPE:
  case SIM_INIT_CONST_VALUE:
    if (!check_cube(L, op, in))
      return false;
    break;
  case SIM_STRUCT_COPY:
  case SIM_STRUCT_MEMBER:
  case SIM_STRUCT_SET_MEMBER:
  case SIM_MM_REGIST:
  case SIM_MM_INIT:
  case SIM_MM_SET_TENSOR_A:
  case SIM_MM_SET_TENSOR_B:
  case SIM_MM_SET_BIAS:
  case SIM_MM_DISABLE_BIAS:
  case SIM_MM_SET_TAIL:
  case SIM_MM_SET_SINGLE_SHAPE:
  case SIM_MM_SET_ORG_SHAPE:
  case SIM_MM_SET_WORKSPACE:
  case SIM_MM_SET_QUANT_SCALAR:
  case SIM_MM_ITERATE:
  case SIM_MM_GET_TENSOR_C:
  case SIM_MM_ITERATE_ALL:
  case SIM_MM_ITERATE_BATCH:
  case SIM_MM_END:
  case SIM_MM_WAIT:
  case SIM_MM_SET_TENSOR_SCALAR:
  case SIM_MM_SET_QUANT_VECTOR:
  case SIM_MM_SET_HF32:
  case SIM_MM_GET_TENSOR_C_RETURN:
  case SIM_MM_ASYNC_GET_TENSOR_C:
  case SIM_MM_SET_BATCH_NUM:
  case SIM_MM_ITERATE_BATCH_CUBE_ONLY:
  case SIM_MM_ITERATE_N_BATCH:
  case SIM_MM_GET_BATCH_TENSOR_C:
  case SIM_MM_USER_DATA:
  case SIM_MIX_CROSS_SET:
  case SIM_MIX_CROSS_WAIT:
    if (!check_matmul_mix(L, op, in))
      return false;
    break;
  case SIM_SOFTMAX:
  case SIM_SIMPLE_SOFTMAX:
    if (!check_softmax(L, op))
      return false;
    break;
  case SIM_RMSNORM:
    if (!param_struct(L, op, 4, CASC_ASC_RMSNORM_TILING, "RmsNormTiling"))
      return false;
    break;
  case SIM_VEC_DUP_REP:
  case SIM_VEC_REDUCE_REP:
  case SIM_WHOLE_REDUCE_SUM:
  case SIM_WHOLE_REDUCE_MAX:
  case SIM_WHOLE_REDUCE_MIN:
  case SIM_REPEAT_REDUCE_SUM:
  case SIM_BLOCK_REDUCE_SUM:
  case SIM_BLOCK_REDUCE_MAX:
  case SIM_BLOCK_REDUCE_MIN:
  case SIM_PAIR_REDUCE_SUM:
    return check_repeat_form(L, op, in, info);
  case SIM_COMPARE:
  case SIM_COMPARE_SCALAR:
  case SIM_SELECT_TENSOR:
  case SIM_SELECT_SCALAR:
    return check_cmpsel(L, op, in, info);
  case SIM_CAST_REP:
    if (!casc_cast_supported((casc_dtype)in->dt, (casc_dtype)in->dt3,
                             (int)in->imm)) {
      snprintf(why, sizeof why, "Cast from %s to %s with round mode %d",
               casc_dtype_name((casc_dtype)in->dt3),
               casc_dtype_name((casc_dtype)in->dt), (int)in->imm);
      unsupported(L, op, why);
      return false;
    }
    return check_repeat_form(L, op, in, info);
  case SIM_AXPY: {
    /* A2: half -> half, float -> float, half -> float */
    unsigned d = in->dt, s = in->dt3;
    if (!((d == s && (d == CASC_DT_F16 || d == CASC_DT_F32)) ||
          (s == CASC_DT_F16 && d == CASC_DT_F32))) {
      snprintf(why, sizeof why,
               "Axpy from %s to %s (A2: half, float, half "
               "to float)",
               casc_dtype_name((casc_dtype)s), casc_dtype_name((casc_dtype)d));
      unsupported(L, op, why);
      return false;
    }
    /* isSetMask belongs to the mask forms (level 2 has no mask) */
    if (mask_level(info) != 2 && !check_repeat_form(L, op, in, info))
      return false;
    in->imm2 = mask_level(info);
    return true;
  }
  case SIM_GATHER: {
    unsigned o = dt_of(op->operands[2].value->type);
    if (in->dt3 != in->dt || casc_dtype_size((casc_dtype)o) != 4) {
      unsupported(L, op,
                  "operands of different element types, or offsets that are "
                  "not 32-bit");
      return false;
    }
    in->imm2 = mask_level(info);
    break;
  }
  case SIM_GATHER_MASK:
  case SIM_TRANSPOSE:
    if (in->opc == SIM_GATHER_MASK &&
        !param_struct(L, op, 5, CASC_ASC_GATHER_MASK_PARAMS,
                      "GatherMaskParams"))
      return false;
    if (in->opc == SIM_TRANSPOSE && op->nops == 4 &&
        !param_struct(L, op, 3, CASC_ASC_TRANSPOSE_PARAMS_EXT,
                      "TransposeParamsExt"))
      return false;
    if (dt_of(op->operands[1].value->type) != in->dt2) {
      unsupported(L, op, "operands of different element types");
      return false;
    }
    break;
  case SIM_SORT32: {
    /* A2: half or float scores, uint32 indices; the row types them Any */
    const casc_type *t0 = op->operands[0].value->type;
    const casc_type *t1 = op->operands[1].value->type;
    const casc_type *t2 = op->operands[2].value->type;
    if (!is_local(t0) || !is_local(t1) || !is_local(t2) ||
        (in->dt2 != CASC_DT_F16 && in->dt2 != CASC_DT_F32) ||
        in->dt3 != in->dt2 || dt_of(t2) != CASC_DT_U32) {
      unsupported(L, op,
                  "Sort32 other than LocalTensors of half / float scores "
                  "with uint32 indices");
      return false;
    }
    break;
  }
  case SIM_BILINEAR: {
    /* dst, src0, src1 of one type (the row's DTYPES: half), uint32 offsets;
     * the operand count tells a mask array from a count mask */
    const casc_type *t2 = op->operands[2].value->type;
    const casc_type *t3 = op->operands[3].value->type;
    if (in->dt3 != in->dt || dt_of(t3) != in->dt || !is_local(t2) ||
        dt_of(t2) != CASC_DT_U32) {
      unsupported(L, op,
                  "BilinearInterpolation other than dst, src0, src1 of one "
                  "type with uint32 src0Offset");
      return false;
    }
    in->imm2 = mask_level(info);
    break;
  }
  case SIM_BRCB:
    if (!param_struct(L, op, 3, CASC_ASC_BRCB_REPEAT_PARAMS,
                      "BrcbRepeatParams"))
      return false;
    if (in->dt3 != in->dt) {
      unsupported(L, op, "operands of different element types");
      return false;
    }
    break;
  case SIM_QUEUE:
  case SIM_QUE_BIND:
  case SIM_TBUF:
    L->nqueue_ops++;
    break;
  case SIM_SET_VECTOR_MASK:
    return check_set_vector_mask(L, op, in);
  case SIM_VEC_MATH:
    return check_math(L, op, in);
  default:
    break;
  }
  return true;
}

/* TransDataTo5HD with LocalTensor or uint64 address lists: 16 + 16
 * entries and the params, more operands than an instruction holds. The
 * entries are moved into 32 consecutive slots (dstList, then srcList) that
 * operand 0 of the instruction names; operand 1 is the params. The
 * address-tensor form (dst, src, params) gets the 32 slots as scratch for
 * the tensors its addresses stand for, and its two uint64 tensors as
 * operands 2 and 3. */
static bool lower_trans_5hd_list(lowerer *L, casc_op *op, uint16_t opc) {
  char why[192];
  sim_insn tmp;
  memset(&tmp, 0, sizeof tmp);
  tmp.opc = opc;
  tmp.op = op;
  tmp.dt = tmp.dt2 = tmp.dt3 =
      op->nops ? (uint8_t)dt_of(op->operands[0].value->type) : 0;
  if (!sim_lower_check_data(op, &tmp, why, sizeof why)) {
    unsupported(L, op, why);
    return false;
  }
  const bool lists = opc != SIM_TRANS_5HD_ADDR;
  const uint32_t base = new_slot(L, op);
  for (unsigned k = 1; k < 32; k++)
    new_slot(L, op);
  for (unsigned k = 0; lists && k < 32 && !L->failed; k++)
    mov(L, op, base + k, slot_of(L, op, casc_op_operand(op, k)));
  tmp.nargs = lists ? 2 : 4;
  tmp.pipe = (uint8_t)resolve_pipe(op, casc_op_info_of(op));
  tmp.a[0] = base;
  tmp.a[1] = slot_of(L, op, casc_op_operand(op, op->nops - 1u));
  if (!lists) {
    tmp.a[2] = slot_of(L, op, casc_op_operand(op, 0));
    tmp.a[3] = slot_of(L, op, casc_op_operand(op, 1));
  }
  sim_insn *in = emit(L, opc, op);
  if (!L->failed)
    *in = tmp;
  return !L->failed;
}

static bool lower_generic(lowerer *L, casc_op *op) {
  const sim_row *row = sim_row_of(op->kind);
  uint16_t opc = row->opc;
  if (row->need_kernel && row->kern == SIM_K_NONE)
    opc = SIM_NONE; /* a family the simulator runs, but not this op yet */
  if (opc == SIM_LOWERED) {
    /* lower_op and lower_block take these where they belong */
    unsupported(L, op, "this structural op in this place");
    return false;
  }
  if (!opc) {
    /* sim_unsupported.def says why (for local_tensor_auto: what to run
     * first, since front-end IR still has the tensors the compiler gives
     * buffers to). */
    unsupported(L, op, casc_sim_why_not(op->kind));
    return false;
  }
  /* A `constexpr static` construct nothing uses (pyasc's MatmulConfig
   * before every Matmul, whose fields the Matmul's type repeats and
   * matmul.c reads there; a QuantConfig): nothing runs. */
  if (op->kind == CASC_OP_CONSTRUCT && op->nres == 1 &&
      casc_op_attr(op, "isConstexpr") &&
      !casc_value_has_uses(casc_op_result(op, 0)))
    return true;
  if (opc == SIM_TRANS_5HD_LIST || opc == SIM_TRANS_5HD_ADDR ||
      opc == SIM_TRANS_5HD_UINT)
    return lower_trans_5hd_list(L, op, opc);
  const unsigned max_res = opc == SIM_GET_MRG_SORT_RESULT ? 4u
                           : sim_sys_two_results(opc)     ? 2u
                                                          : 1u;
  if (op->nops > SIM_MAX_ARGS || op->nres > max_res || op->nregions) {
    unsupported(L, op, "this operand/result/region shape");
    return false;
  }
  const casc_op_info *info = casc_op_info_of(op);
  sim_insn tmp;
  memset(&tmp, 0, sizeof tmp);
  tmp.opc = opc;
  tmp.kern = row->kern;
  tmp.op = op;
  tmp.nargs = (uint8_t)op->nops;
  tmp.pipe = (uint8_t)resolve_pipe(op, info);
  for (unsigned i = 0; i < op->nops; i++)
    tmp.a[i] = slot_of(L, op, casc_op_operand(op, i));
  if (op->nres)
    tmp.dt = (uint8_t)dt_of(casc_op_results(op)[0].type);
  else if (op->nops)
    tmp.dt = (uint8_t)dt_of(op->operands[0].value->type);
  if (op->nops > 0)
    tmp.dt2 = (uint8_t)dt_of(op->operands[0].value->type);
  if (op->nops > 1)
    tmp.dt3 = (uint8_t)dt_of(op->operands[1].value->type);
  const char *an = enum_attr_name(info);
  if (an) {
    casc_attr *a = casc_op_attr(op, an);
    if (!a || (a->kind != CASC_ATTR_INTEGER && a->kind != CASC_ATTR_BOOL)) {
      char why[96];
      snprintf(why, sizeof why, "missing integer attribute '%s'", an);
      unsupported(L, op, why);
      return false;
    }
    tmp.imm = a->kind == CASC_ATTR_BOOL ? a->u.b : a->u.i.v;
  }
  if (opc == SIM_QUEUE || opc == SIM_QUE_BIND || opc == SIM_TBUF) {
    const casc_type *t = op->nres ? casc_op_results(op)[0].type : NULL;
    if (!t || t->kind != CASC_TYPE_ASC) {
      unsupported(L, op, "malformed queue type");
      return false;
    }
    /* imm: src | dst << 8, imm2: depth (TBuf: 0). */
    if (opc == SIM_QUEUE) {
      tmp.imm = t->u.asc.p[0] | (t->u.asc.p[0] << 8);
      tmp.imm2 = t->u.asc.p[1];
    } else if (opc == SIM_QUE_BIND) {
      tmp.imm = t->u.asc.p[0] | (t->u.asc.p[1] << 8);
      tmp.imm2 = t->u.asc.p[2];
    } else {
      tmp.imm = t->u.asc.p[0] | (t->u.asc.p[0] << 8);
      tmp.imm2 = 0;
    }
  }
  if (resets_mask(op, info))
    tmp.vflags |= SIM_VF_L2_RESETS;
  if (!check_generic(L, op, &tmp))
    return false;
  char why[192];
  if (!sim_sys_check(op, &tmp, why, sizeof why)) {
    unsupported(L, op, why);
    return false;
  }
  if (op->nres)
    tmp.r = define(L, op, casc_op_result(op, 0));
  if (op->nres == 2) /* the two-result ops (sim_sys_two_results) */
    tmp.imm2 = define(L, op, casc_op_result(op, 1));
  /* GetMrgSortResult: its four results in slots r .. r + 3 */
  for (unsigned i = 1; opc == SIM_GET_MRG_SORT_RESULT && i < op->nres; i++)
    if (define(L, op, casc_op_result(op, i)) != tmp.r + i && !L->failed)
      unsupported(L, op, "results in slots that are not consecutive");
  if (opc == SIM_MEMREF_ALLOC || opc == SIM_EMIT_VARIABLE) {
    /* a local array's elements: slots next to each other (memref.c) */
    int64_t n = opc == SIM_MEMREF_ALLOC ? tmp.imm : 1;
    tmp.imm2 = new_slot(L, op);
    for (int64_t i = 1; i < n; i++)
      new_slot(L, op);
  }
  if (tmp.opc == SIM_SHAPE_INFO_NEW || tmp.opc == SIM_SHAPE_INFO_GET) {
    /* the ShapeInfo the op makes: a record in slots of its own */
    tmp.imm2 = new_slot(L, op);
    for (unsigned i = 1; i < SIM_SHAPE_REC_SLOTS; i++)
      new_slot(L, op);
  }
  if (tmp.opc == SIM_DESC_NEW) {
    /* the ListTensorDesc / TensorDesc it makes (tensor_desc.c) */
    tmp.imm2 = new_slot(L, op);
    for (unsigned i = 1; i < SIM_DESC_REC_SLOTS; i++)
      new_slot(L, op);
  }
  sim_insn *in = emit(L, opc, op);
  if (!L->failed)
    *in = tmp;
  return !L->failed;
}

static bool lower_op(lowerer *L, casc_op *op) {
  switch (op->kind) {
  case CASC_OP_SCF_FOR:
    return lower_for(L, op);
  case CASC_OP_SCF_IF:
    return lower_if(L, op);
  case CASC_OP_SCF_WHILE:
    return lower_while(L, op);
  case CASC_OP_SCF_INDEX_SWITCH:
    return lower_index_switch(L, op);
  case CASC_OP_FUNC_CALL:
    return lower_call(L, op);
  case CASC_OP_FUNC_RETURN:
    return lower_return(L, op);
  case CASC_OP_ARITH_CONSTANT:
  case CASC_OP_EMITC_CONSTANT:
    return lower_constant(L, op);
  default:
    return lower_generic(L, op);
  }
}

static bool lower_block(lowerer *L, casc_block *blk, casc_op **term) {
  *term = NULL;
  for (casc_op *op = blk->first; op && !L->failed; op = op->next) {
    if (!op->next && (strcmp(casc_op_name(op), "scf.yield") == 0 ||
                      strcmp(casc_op_name(op), "scf.condition") == 0)) {
      *term = op;
      break;
    }
    if (!lower_op(L, op))
      return false;
  }
  return !L->failed;
}

static bool lower_func_body(lowerer *L, frame *fr, casc_op *func) {
  (void)fr;
  casc_op *term;
  if (!lower_region(L, func, &casc_op_regions(func)[0], &term))
    return false;
  if (term) {
    unsupported(L, term, "a structured terminator at function level");
    return false;
  }
  return true;
}

static const char *param_name(casc_ctx *ctx, casc_value *arg, unsigned i) {
  for (const casc_loc *l = casc_value_loc(arg); l; l = NULL)
    if (l->kind == CASC_LOC_NAME && l->u.name.name && l->u.name.name[0])
      return l->u.name.name;
  char buf[32];
  snprintf(buf, sizeof buf, "arg%u", i);
  return casc_intern_cstr(ctx, buf);
}

static bool param_is_ffts(casc_value *arg) {
  casc_attr *k = casc_dict_get(casc_value_arg_attrs(arg), "emitasc.kernel_arg");
  return k && k->kind == CASC_ATTR_KERNEL_ARG && k->u.kernel_arg == 1;
}

casc_sim_program *casc_sim_compile(casc_ctx *ctx, casc_op *module,
                                   const char *kernel) {
  if (!module || !kernel)
    return NULL;
  casc_op *fn = casc_module_lookup_func(module, kernel);
  if (!fn) {
    casc_emit_error(ctx, module->loc, "no function @%s in the module", kernel);
    return NULL;
  }
  if (!fn->nregions || !casc_op_regions(fn)[0].first) {
    casc_emit_error(ctx, fn->loc, "@%s has no body to run", kernel);
    return NULL;
  }
  if (!casc_verify(ctx, module))
    return NULL;

  lowerer L;
  memset(&L, 0, sizeof L);
  L.ctx = ctx;
  L.module = module;
  casc_sim_program *p = casc_calloc(1, sizeof *p);
  if (p)
    pthread_mutex_init(&p->ws_lock, NULL);
  frame top;
  memset(&top, 0, sizeof top);
  top.func = fn;
  if (!p) {
    oom(&L, fn);
    goto fail;
  }
  new_slot(&L, fn); /* slot 0: "no slot" */
  L.frames[L.depth++] = &top;

  casc_block *entry = casc_op_regions(fn)[0].first;
  p->nparams = entry->nargs;
  p->ptypes = casc_calloc(entry->nargs + 1, sizeof *p->ptypes);
  p->pnames = casc_calloc(entry->nargs + 1, sizeof *p->pnames);
  p->pffts = casc_calloc(entry->nargs + 1, sizeof *p->pffts);
  p->pslots = casc_calloc(entry->nargs + 1, sizeof *p->pslots);
  if (!p->ptypes || !p->pnames || !p->pffts || !p->pslots) {
    oom(&L, fn);
    goto fail;
  }
  for (unsigned i = 0; i < entry->nargs; i++) {
    casc_value *a = entry->args[i];
    p->ptypes[i] = a->type;
    p->pnames[i] = param_name(ctx, a, i);
    if (!p->pnames[i])
      L.failed = true; /* the context reported running out of memory */
    p->pffts[i] = param_is_ffts(a);
    p->pslots[i] = define(&L, fn, a);
    casc_type *pe = casc_type_elem(a->type);
    if (a->type->kind == CASC_TYPE_MEMREF && pe &&
        casc_type_is_asc(pe, CASC_ASC_CUBE_TILING))
      /* the host's TCubeTiling: its int32 fields (matmul_tiling.c) */
      p->ptypes[i] =
          casc_type_gm_memref(ctx, casc_type_int(ctx, 32, CASC_SIGNLESS));
    if (!p->ptypes[i]) {
      L.failed = true; /* the context reported running out of memory */
      continue;
    }
    bool gm = a->type->kind == CASC_TYPE_MEMREF ||
              a->type->kind == CASC_TYPE_UNRANKED_MEMREF;
    if (!gm && casc_dtype_of_type(a->type) == CASC_DT_INVALID) {
      casc_emit_error(ctx, casc_value_loc(a) ? casc_value_loc(a) : fn->loc,
                      "kernel argument %u of @%s has a type the simulator "
                      "cannot pass (GM memrefs and scalars only)",
                      i, kernel);
      L.failed = true;
    }
    if (gm && dt_of(p->ptypes[i]) == CASC_DT_INVALID) {
      casc_emit_error(ctx, casc_value_loc(a) ? casc_value_loc(a) : fn->loc,
                      "kernel argument %u of @%s: unsupported element type", i,
                      kernel);
      L.failed = true;
    }
  }
  if (!L.failed && lower_func_body(&L, &top, fn))
    emit(&L, SIM_HALT, fn); /* falling off the end = return */
  if (L.failed)
    goto fail;
  casc_ptrmap_free(&top.map);
  p->ctx = ctx;
  p->module = module;
  p->func = fn;
  p->code = L.code;
  p->ncode = L.ncode;
  p->init = L.init;
  p->nslots = L.nslots;
  p->nqueue_ops = L.nqueue_ops;
  p->mix = L.mix || casc_op_attr(module, "asc.compile_mix") != NULL;
  return p;
fail:
  casc_ptrmap_free(&top.map);
  casc_free(L.code);
  casc_free(L.init);
  casc_sim_program_free(p);
  return NULL;
}

void casc_sim_program_free(casc_sim_program *p) {
  if (!p)
    return;
  casc_free(p->code);
  casc_free(p->init);
  casc_free(p->ptypes);
  casc_free(p->pnames);
  casc_free(p->pffts);
  casc_free(p->pslots);
  sim_ws_cache_free(p);
  pthread_mutex_destroy(&p->ws_lock);
  casc_free(p);
}

unsigned casc_sim_num_params(const casc_sim_program *p) {
  return p->nparams;
}
casc_type *casc_sim_param_type(const casc_sim_program *p, unsigned i) {
  return i < p->nparams ? p->ptypes[i] : NULL;
}
const char *casc_sim_param_name(const casc_sim_program *p, unsigned i) {
  return i < p->nparams ? p->pnames[i] : NULL;
}
bool casc_sim_param_is_ffts(const casc_sim_program *p, unsigned i) {
  return i < p->nparams && p->pffts[i];
}
