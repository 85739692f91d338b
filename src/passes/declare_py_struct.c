/* -ascendc-declare-py-struct: every `!emitasc.py_struct<"Name", [types],
 * ["fields"]>` that a value of the module has (block arguments and results,
 * through memref element types and nested structs) gets one
 * `emitasc.declare_py_struct` at the top of the module, so the emitter
 * prints the C++ struct before any function uses it. Order is pyasc's: ops
 * in post-order, each op's block arguments before its results, a struct's
 * field structs before the struct itself, first appearance wins.
 *
 * casc keeps py_struct as an opaque dialect type (its text is its identity:
 * equal text, same pointer), so nested structs are found in that text: a
 * field type `!emitasc.py_struct<...>` inside the body, outside quoted
 * names. */
#include <string.h>

#include "casc/diag.h"
#include "dialect/dialect.h"
#include "passes/pass_impl.h"
#include "util/alloc.h"
#include "util/grow.h"
#include "util/ptrmap.h"

typedef struct {
  casc_ctx *ctx;
  casc_type **list; /* first-appearance order, no duplicates */
  unsigned n, cap;
  casc_ptrmap seen;
  bool oom;
  bool too_deep; /* nesting beyond k_max_depth (a guard for the stack) */
} structs;

enum { k_max_depth = 256 };

static const char k_nested[] = "!emitasc.py_struct<";
static const char k_head[] = "py_struct<";

static void add_struct(structs *s, casc_type *t) {
  if (!t || s->oom) {
    s->oom = true;
    return;
  }
  if (casc_ptrmap_find(&s->seen, t, &(uintptr_t){0}))
    return;
  casc_type **grown = casc_grow(s->list, &s->cap, s->n + 1, sizeof *grown);
  if (!grown || !casc_ptrmap_put(&s->seen, t, 1)) {
    if (grown)
      s->list = grown;
    s->oom = true;
    return;
  }
  s->list = grown;
  s->list[s->n++] = t;
}

/* Index just past the '>' closing the '<' at body[open], skipping quoted
 * strings (a field name may contain '<' or '>'); len when unbalanced. */
static size_t match_angle(const char *body, size_t len, size_t open) {
  int depth = 0;
  for (size_t i = open; i < len; i++) {
    if (body[i] == '"') {
      for (i++; i < len && body[i] != '"'; i++)
        if (body[i] == '\\')
          i++;
    } else if (body[i] == '<') {
      depth++;
    } else if (body[i] == '>' && --depth == 0) {
      return i + 1;
    }
  }
  return len;
}

/* The structs nested in body[0..len), then, when is_struct, the struct
 * !emitasc.<body> itself. */
static void collect_body(structs *s, const char *body, size_t len,
                         bool is_struct, unsigned depth) {
  if (depth > k_max_depth) {
    s->too_deep = true;
    return;
  }
  const size_t nlen = sizeof k_nested - 1;
  for (size_t i = 0; i < len; i++) {
    if (body[i] == '"') {
      for (i++; i < len && body[i] != '"'; i++)
        if (body[i] == '\\')
          i++;
      continue;
    }
    if (len - i <= nlen || memcmp(body + i, k_nested, nlen) != 0)
      continue;
    size_t start = i + strlen("!emitasc.");
    size_t end = match_angle(body, len, i + nlen - 1);
    collect_body(s, body + start, end - start, true, depth + 1);
    i = end - 1;
  }
  if (is_struct)
    add_struct(
        s, casc_type_opaque(s->ctx, "emitasc", casc_intern(s->ctx, body, len)));
}

/* Post-order over the types a type is made of, as MLIR's Type::walk. */
static void collect_type(structs *s, casc_type *t) {
  if (!t)
    return;
  switch (t->kind) {
  case CASC_TYPE_FUNCTION:
    for (unsigned i = 0; i < t->u.func.nin; i++)
      collect_type(s, t->u.func.in[i]);
    for (unsigned i = 0; i < t->u.func.nout; i++)
      collect_type(s, t->u.func.out[i]);
    break;
  case CASC_TYPE_MEMREF:
  case CASC_TYPE_UNRANKED_MEMREF:
    collect_type(s, t->u.memref.elem);
    break;
  case CASC_TYPE_TUPLE:
    for (unsigned i = 0; i < t->u.tuple.n; i++)
      collect_type(s, t->u.tuple.elems[i]);
    break;
  case CASC_TYPE_ASC:
    collect_type(s, t->u.asc.elem);
    break;
  case CASC_TYPE_OPAQUE:
    /* Any dialect's opaque text may hold a py_struct parameter; only an
     * emitasc one whose body starts with py_struct< is one itself. */
    {
      const char *body = t->u.opaque.body;
      collect_body(s, body, strlen(body),
                   strcmp(t->u.opaque.dialect, "emitasc") == 0 &&
                       strncmp(body, k_head, sizeof k_head - 1) == 0,
                   0);
    }
    break;
  default:
    break;
  }
}

static bool collect_op(casc_op *op, void *user) {
  structs *s = user;
  for (unsigned r = 0; r < op->nregions; r++)
    for (casc_block *b = casc_op_regions(op)[r].first; b; b = b->next)
      for (unsigned i = 0; i < b->nargs; i++)
        collect_type(s, b->args[i]->type);
  for (unsigned i = 0; i < op->nres; i++)
    collect_type(s, casc_op_result(op, i)->type);
  return true;
}

/* A struct the module declares already is not declared again (pyasc would
 * print the C++ struct twice: a redefinition). */
static void skip_declared(structs *s, casc_op *module) {
  for (casc_op *o = casc_module_body(module)->first; o; o = o->next) {
    casc_attr *a = o->kind == CASC_OP_EMITASC_DECLARE_PY_STRUCT
                       ? casc_op_attr(o, "pystruct")
                       : NULL;
    if (a && a->kind == CASC_ATTR_TYPE && a->type &&
        !casc_ptrmap_put(&s->seen, a->type, 0))
      s->oom = true;
  }
}

bool casc_pass_declare_py_struct(casc_ctx *ctx, casc_op *module,
                                 const char *options) {
  (void)options;
  structs s = {.ctx = ctx};
  casc_ptrmap_init(&s.seen);
  skip_declared(&s, module);
  casc_walk_post(module, collect_op, &s);
  casc_block *body = casc_module_body(module);
  casc_op *after = NULL;
  for (unsigned i = 0; i < s.n && !s.oom && !s.too_deep; i++) {
    casc_named_attr e = {casc_intern_cstr(ctx, "pystruct"),
                         casc_attr_type(ctx, s.list[i])};
    casc_op *decl =
        casc_op_create_kind(ctx, CASC_OP_EMITASC_DECLARE_PY_STRUCT, module->loc,
                            0, NULL, 0, NULL, casc_attr_dict(ctx, 1, &e), 0);
    if (!decl) {
      s.oom = true;
      break;
    }
    if (after)
      casc_op_insert_after(after, decl);
    else if (body->first)
      casc_op_insert_before(body->first, decl);
    else
      casc_block_append(body, decl);
    after = decl;
  }
  casc_free(s.list);
  casc_ptrmap_free(&s.seen);
  if (s.oom)
    casc_ctx_report_oom(ctx);
  if (s.too_deep)
    casc_emit_error(ctx, module->loc,
                    "py_struct types nested more than %d deep", k_max_depth);
  return !s.oom && !s.too_deep;
}
