/* The verifier: op-table signatures, SSA dominance inside structured
 * regions, terminators, and the structural rules of func/scf ops. Every
 * failure is a located error; verification goes on after an error so one
 * run reports everything it can. */
#include <string.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "dialect/dialect.h"
#include "ir/ctx_internal.h"
#include "util/ptrmap.h"

typedef struct {
  casc_ctx *ctx;
  bool ok;
  /* Position of each op in its block, for the blocks where a short scan
   * did not settle dominance (numbered on first need). Keyed by op
   * pointer through a map so casc_op needs no extra field. One map per
   * isolated-from-above op being verified (dominance never looks across
   * one), dropped when that op is done: the map holds one function's
   * numbering, not the module's (12 MB at its growth on 240k ops). */
  casc_ptrmap order;
  bool oom; /* numbering failed: dominance cannot be checked */
} verifier;

static void fail(verifier *v, const casc_op *op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail(verifier *v, const casc_op *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  casc_buf b;
  casc_buf_init(&b);
  casc_buf_printf(&b, "'%s' op ", casc_op_name(op));
  casc_buf_vprintf(&b, fmt, ap);
  va_end(ap);
  casc_emit_error(v->ctx, op->loc, "%s",
                  b.oom ? "out of memory while verifying" : b.data);
  casc_buf_free(&b);
  v->ok = false;
}

static uintptr_t order_of(verifier *v, const casc_op *op) {
  return casc_ptrmap_get(&v->order, op, 0);
}

static void number_block(verifier *v, casc_block *b) {
  uintptr_t i = 1;
  for (casc_op *o = b->first; o && !v->oom; o = o->next)
    v->oom = !casc_ptrmap_put(&v->order, o, i++);
}

/* Does `def` come before `user` in their block? A value is mostly used a
 * few ops after its definition, so a short scan back from the user
 * settles nearly every operand without numbering anything; a longer
 * distance asks the block's numbering, made the first time it is needed
 * (so the cost stays linear in the block's size). */
enum { NEAR_OPS = 16 };
static bool comes_before(verifier *v, const casc_op *def, const casc_op *user) {
  const casc_op *o = user->prev;
  for (unsigned k = 0; o && k < NEAR_OPS; k++, o = o->prev)
    if (o == def)
      return true;
  if (!o)
    return false; /* the whole prefix scanned */
  if (!order_of(v, user))
    number_block(v, user->parent);
  if (v->oom)
    return true; /* unknown: reported as out of memory instead */
  return order_of(v, def) < order_of(v, user);
}

/* Is value `val` visible at `user` (defined before it in the same block or
 * in an enclosing block, without crossing an isolated-from-above op)? */
static bool dominates(verifier *v, const casc_value *val, const casc_op *user) {
  const casc_op *a = user;
  const casc_block *target =
      val->def ? val->def->parent : casc_value_block(val);
  if (!target)
    return false;
  while (a) {
    if (a->parent == target) {
      if (!val->def)
        return true; /* block argument of an enclosing block */
      if (a == val->def)
        return false; /* used inside its own defining op */
      return comes_before(v, val->def, a);
    }
    if (casc_value_block(val) && a->parent == NULL)
      return false;
    casc_op *parent = casc_op_parent_op(a);
    if (!parent)
      return false;
    const casc_op_info *pi = casc_op_info_of(parent);
    if (pi && (pi->flags & CASC_F_ISOLATED))
      return false;
    /* A block argument of the region the user sits in. */
    if (!val->def && casc_value_block(val) && a->parent &&
        a->parent == casc_value_block(val))
      return true;
    a = parent;
  }
  return false;
}

static void check_signature(verifier *v, casc_op *op,
                            const casc_op_info *info) {
  /* operand counts */
  unsigned fixed = 0, flex = 0;
  for (unsigned i = 0; i < info->nopnds; i++) {
    if (info->opnds[i].card)
      flex++;
    else
      fixed++;
  }
  if (flex == 0 && op->nops != fixed) {
    fail(v, op, "expected %u operands, but found %u", fixed, op->nops);
    return;
  }
  if (flex && op->nops < fixed) {
    fail(v, op, "expected at least %u operands, but found %u", fixed, op->nops);
    return;
  }
  if (flex == 1) {
    for (unsigned i = 0; i < info->nopnds; i++)
      if (info->opnds[i].card == '?' && op->nops > fixed + 1) {
        fail(v, op, "expected at most %u operands, but found %u", fixed + 1,
             op->nops);
        return;
      }
  }
  unsigned rfixed = 0, rflex = 0;
  for (unsigned i = 0; i < info->nress; i++) {
    if (info->ress[i].card)
      rflex++;
    else
      rfixed++;
  }
  if ((rflex == 0 && op->nres != rfixed) || op->nres < rfixed) {
    fail(v, op, "expected %u results, but found %u", rfixed, op->nres);
    return;
  }
  /* operand types */
  for (unsigned s = 0; s < info->nopnds; s++) {
    unsigned b, c;
    if (!casc_op_operand_group_of(op, info, s, &b, &c)) {
      fail(v, op, "operand segment sizes do not match the operands");
      return;
    }
    const casc_arg_spec *spec = &info->opnds[s];
    for (unsigned i = b; i < b + c; i++) {
      casc_type *t = op->operands[i].value->type;
      if (!casc_constraint_check(spec->c, t))
        fail(v, op, "operand #%u ('%s') must be %s, but got '%s'", i,
             spec->name, casc_constraint_name(spec->c),
             casc_type_str(v->ctx, t));
      if (spec->same_as >= 0) {
        casc_type *other = NULL;
        if (spec->same_as >= 100) {
          unsigned r = (unsigned)spec->same_as - 100;
          other = r < op->nres ? casc_op_results(op)[r].type : NULL;
        } else {
          unsigned ob, oc;
          if (casc_op_operand_group_of(op, info, (unsigned)spec->same_as, &ob,
                                       &oc) &&
              oc)
            other = op->operands[ob].value->type;
        }
        if (other && other != t)
          fail(v, op, "operand #%u ('%s') must have the same type as '%s'", i,
               spec->name,
               spec->same_as >= 100 ? info->ress[spec->same_as - 100].name
                                    : info->opnds[spec->same_as].name);
      }
    }
  }
  for (unsigned r = 0; r < op->nres && r < info->nress; r++) {
    const casc_arg_spec *spec = &info->ress[r];
    if (!casc_constraint_check(spec->c, casc_op_results(op)[r].type))
      fail(v, op, "result #%u ('%s') must be %s, but got '%s'", r, spec->name,
           casc_constraint_name(spec->c),
           casc_type_str(v->ctx, casc_op_results(op)[r].type));
  }
  /* attributes */
  for (unsigned i = 0; i < info->nattrs; i++) {
    const casc_attr_spec *as = &info->attrs[i];
    casc_attr *a = casc_op_attr(op, as->name);
    if (!a) {
      if (!as->optional)
        fail(v, op, "requires attribute '%s'", as->name);
      continue;
    }
    bool good = true;
    switch (as->kind) {
    case CASC_A_UNIT:
      good = a->kind == CASC_ATTR_UNIT;
      break;
    case CASC_A_INT:
    case CASC_A_ENUM:
      good = a->kind == CASC_ATTR_INTEGER;
      if (good && as->kind == CASC_A_ENUM) {
        const casc_enum_info *e = casc_enum_get((casc_enum_kind)as->enum_kind);
        if (a->u.i.v < 0 || a->u.i.v >= (int64_t)e->count) {
          fail(v, op, "attribute '%s' is not a valid %s: %lld", as->name,
               e->name, (long long)a->u.i.v);
          continue;
        }
      }
      break;
    case CASC_A_I32:
      good = a->kind == CASC_ATTR_INTEGER &&
             casc_type_is_int_of(a->type, 32, CASC_SIGNLESS);
      break;
    case CASC_A_I64:
      good = a->kind == CASC_ATTR_INTEGER &&
             casc_type_is_int_of(a->type, 64, CASC_SIGNLESS);
      break;
    case CASC_A_UI8:
      good = a->kind == CASC_ATTR_INTEGER &&
             casc_type_is_int_of(a->type, 8, CASC_UNSIGNED);
      break;
    case CASC_A_INDEX:
      good = a->kind == CASC_ATTR_INTEGER && a->type &&
             a->type->kind == CASC_TYPE_INDEX;
      break;
    case CASC_A_FLOAT:
      good = a->kind == CASC_ATTR_FLOAT;
      break;
    case CASC_A_STR:
      good = a->kind == CASC_ATTR_STRING;
      break;
    case CASC_A_SYM:
      good = a->kind == CASC_ATTR_SYMREF;
      break;
    case CASC_A_TYPE:
      good = a->kind == CASC_ATTR_TYPE;
      break;
    case CASC_A_TYPED:
      good = a->kind == CASC_ATTR_INTEGER || a->kind == CASC_ATTR_FLOAT ||
             a->kind == CASC_ATTR_BOOL;
      break;
    case CASC_A_ARRAY:
      good = a->kind == CASC_ATTR_ARRAY;
      break;
    case CASC_A_DICT:
      good = a->kind == CASC_ATTR_DICT;
      break;
    default:
      break;
    }
    if (!good)
      fail(v, op, "attribute '%s' has the wrong kind", as->name);
  }
}

static void check_types_match(verifier *v, casc_op *op, const char *what,
                              unsigned n, casc_value *const *vals, unsigned m,
                              casc_type *const *types) {
  if (n != m) {
    fail(v, op, "has %u %s, but %u are expected", n, what, m);
    return;
  }
  for (unsigned i = 0; i < n; i++)
    if (vals[i]->type != types[i])
      fail(v, op, "%s #%u has type '%s', but '%s' is expected", what, i,
           casc_type_str(v->ctx, vals[i]->type),
           casc_type_str(v->ctx, types[i]));
}

static casc_value **operand_values(casc_ctx *ctx, casc_op *op, unsigned from) {
  unsigned n = op->nops > from ? op->nops - from : 0;
  casc_value **vals = casc_ctx_alloc(ctx, (n ? n : 1) * sizeof(*vals));
  if (vals)
    for (unsigned i = 0; i < n; i++)
      vals[i] = op->operands[from + i].value;
  return vals;
}

static casc_type **result_types(casc_ctx *ctx, casc_op *op) {
  casc_type **t = casc_ctx_alloc(ctx, (op->nres ? op->nres : 1) * sizeof(*t));
  if (t)
    for (unsigned i = 0; i < op->nres; i++)
      t[i] = casc_op_results(op)[i].type;
  return t;
}

/* The structural rules MLIR's func and scf ops verify. */
static void check_structure(verifier *v, casc_op *op) {
  casc_ctx *ctx = v->ctx;
  switch (op->kind) {
  case CASC_OP_FUNC_FUNC: {
    casc_type *ft = casc_func_type(op);
    if (!ft) {
      fail(v, op, "requires a function type");
      return;
    }
    casc_block *entry = op->nregions ? casc_op_regions(op)[0].first : NULL;
    if (!entry)
      return; /* a declaration */
    casc_value **args = entry->args;
    check_types_match(v, op, "entry block arguments", entry->nargs, args,
                      ft->u.func.nin, ft->u.func.in);
    casc_op *term = entry->last;
    if (term && term->kind == CASC_OP_FUNC_RETURN) {
      casc_value **vals = operand_values(ctx, term, 0);
      if (vals && term->nops != ft->u.func.nout)
        fail(v, term,
             "has %u operands, but enclosing function (@%s) returns %u",
             term->nops, casc_func_name(op) ? casc_func_name(op) : "",
             ft->u.func.nout);
      else if (vals)
        check_types_match(v, term, "operands", term->nops, vals,
                          ft->u.func.nout, ft->u.func.out);
    }
    break;
  }
  case CASC_OP_SCF_FOR: {
    if (op->nops < 3) {
      fail(v, op, "expected lower bound, upper bound and step");
      return;
    }
    casc_type *ivt = op->operands[0].value->type;
    for (unsigned i = 1; i < 3; i++)
      if (op->operands[i].value->type != ivt)
        fail(v, op, "bounds and step must have the same type");
    if (op->nops - 3 != op->nres)
      fail(v, op, "has %u iter_args but %u results", op->nops - 3, op->nres);
    casc_block *body = op->nregions ? casc_op_regions(op)[0].first : NULL;
    if (!body || body->nargs != 1u + op->nres) {
      fail(v, op,
           "body must take the induction variable and one argument "
           "per iter_arg");
      return;
    }
    if (body->args[0]->type != ivt)
      fail(v, op, "induction variable must have the type of the bounds");
    casc_type **rt = result_types(ctx, op);
    if (rt) {
      check_types_match(v, op, "iter_args", op->nops - 3,
                        operand_values(ctx, op, 3), op->nres, rt);
      casc_op *y = body->last;
      if (y && y->kind == CASC_OP_SCF_YIELD)
        check_types_match(v, y, "operands", y->nops, operand_values(ctx, y, 0),
                          op->nres, rt);
    }
    break;
  }
  case CASC_OP_FUNC_CALL: {
    /* The callee must be a func.func of the enclosing module with the
     * call's signature (MLIR's SymbolUserOpInterface check). */
    casc_attr *callee = casc_op_attr(op, "callee");
    if (!callee || callee->kind != CASC_ATTR_SYMREF || callee->u.sym.n != 1)
      return;
    casc_op *module = casc_op_parent_op(op);
    while (module && module->kind != CASC_OP_MODULE)
      module = casc_op_parent_op(module);
    casc_op *fn =
        module ? casc_module_lookup_func(module, callee->u.sym.path[0]) : NULL;
    if (!fn) {
      fail(v, op, "'%s' does not reference a valid function",
           callee->u.sym.path[0]);
      return;
    }
    casc_type *ft = casc_func_type(fn);
    if (!ft)
      return;
    casc_type **rt = result_types(ctx, op);
    if (op->nops != ft->u.func.nin)
      fail(v, op, "incorrect number of operands for callee");
    else if (op->nres != ft->u.func.nout)
      fail(v, op, "incorrect number of results for callee");
    else if (rt) {
      for (unsigned i = 0; i < op->nops; i++)
        if (op->operands[i].value->type != ft->u.func.in[i])
          fail(v, op,
               "operand type mismatch: expected operand type '%s', "
               "but provided '%s' for operand number %u",
               casc_type_str(ctx, ft->u.func.in[i]),
               casc_type_str(ctx, op->operands[i].value->type), i);
      for (unsigned i = 0; i < op->nres; i++)
        if (rt[i] != ft->u.func.out[i])
          fail(v, op, "result type mismatch at index %u", i);
    }
    break;
  }
  case CASC_OP_SCF_IF: {
    if (op->nops != 1 ||
        !casc_type_is_int_of(op->operands[0].value->type, 1, CASC_SIGNLESS)) {
      fail(v, op, "condition must be an i1");
      return;
    }
    casc_type **rt = result_types(ctx, op);
    if (op->nres && (op->nregions < 2 || !casc_op_regions(op)[1].first))
      fail(v, op, "must have an else block if defining values");
    for (unsigned r = 0; rt && r < op->nregions; r++) {
      casc_block *b = casc_op_regions(op)[r].first;
      casc_op *y = b ? b->last : NULL;
      if (y && y->kind == CASC_OP_SCF_YIELD)
        check_types_match(v, y, "operands", y->nops, operand_values(ctx, y, 0),
                          op->nres, rt);
    }
    break;
  }
  default:
    break;
  }
}

static void verify_op(verifier *v, casc_op *op);

static void verify_region(verifier *v, casc_op *op, casc_region *r,
                          const casc_op_info *info) {
  for (casc_block *b = r->first; b; b = b->next) {
    for (casc_op *o = b->first; o; o = o->next)
      verify_op(v, o);
    bool need_term = !info || !(info->flags & CASC_F_NO_TERM);
    /* Registered ops need a terminator in each block, unless the op says
     * otherwise (module); empty regions of declarations are fine. */
    if (need_term && info) {
      casc_op *last = b->last;
      const casc_op_info *li = last ? casc_op_info_of(last) : NULL;
      bool is_term = last && (!li || (li->flags & CASC_F_TERMINATOR) != 0);
      /* MLIR's wording ("block with no terminator", "empty block: expect
       * at least a terminator"), located at the op that should have been
       * the terminator, or at the region's owner for an empty block. */
      if (!is_term && last)
        fail(v, last,
             "is not a terminator, but ends a block that requires one "
             "(block with no terminator)");
      else if (!is_term)
        fail(v, op, "has an empty block: expect at least a terminator");
    }
    for (casc_op *o = b->first; o; o = o->next) {
      const casc_op_info *oi = casc_op_info_of(o);
      if (oi && (oi->flags & CASC_F_TERMINATOR) && o != b->last)
        fail(v, o, "must be the last operation in its block");
    }
  }
}

static void verify_op(verifier *v, casc_op *op) {
  const casc_op_info *info = casc_op_info_of(op);
  for (unsigned i = 0; i < op->nops; i++) {
    casc_value *val = op->operands[i].value;
    if (!val) {
      fail(v, op, "operand #%u is null", i);
      continue;
    }
    if (!dominates(v, val, op))
      fail(v, op, "operand #%u does not dominate this use", i);
  }
  if (info) {
    check_signature(v, op, info);
    check_structure(v, op);
  }
  if (!op->nregions)
    return;
  bool isolated = info && (info->flags & CASC_F_ISOLATED);
  casc_ptrmap outer = v->order;
  if (isolated)
    casc_ptrmap_init(&v->order);
  for (unsigned r = 0; r < op->nregions; r++)
    verify_region(v, op, &casc_op_regions(op)[r], info);
  if (isolated) {
    casc_ptrmap_free(&v->order);
    v->order = outer;
  }
}

bool casc_verify(casc_ctx *ctx, casc_op *op) {
  /* A context that ran out of memory may hold IR that lost an attribute
   * or an operand without its builder noticing (casc_op_set_attr and
   * others return nothing); it is never valid. */
  if (casc_ctx_out_of_memory(ctx))
    return false;
  verifier v = {.ctx = ctx, .ok = true};
  casc_ptrmap_init(&v.order);
  verify_op(&v, op);
  if (v.oom) {
    casc_emit_error(ctx, op->loc, "out of memory while verifying");
    v.ok = false;
  }
  casc_ptrmap_free(&v.order);
  return v.ok;
}
