/* C++ names of IR values: `vN` in order of definition within a function
 * (function arguments first), `_<name>` appended from a NameLoc, constants
 * named by value. Unlike pyasc, a name is never declared twice in one
 * function: a clash gets a `_N` suffix (docs/ir.md §10.19). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "casc/diag.h"
#include "target/ascendc/emitter.h"

void casc_em_reset_function(casc_emitter *e) {
  casc_ptrmap_free(&e->names);
  casc_hm_free(&e->declared);
  casc_hm_init(&e->declared);
  e->next_id = 0;
  e->mask_lists = 0;
}

static bool is_declared(casc_emitter *e, const char *s) {
  size_t n = strlen(s);
  return casc_hm_get(&e->declared, s, n, casc_hash_bytes(s, n)) != NULL;
}

/* Naming fails only for lack of memory; the output is then marked (see
 * casc_em_scratch_done) so the failure is reported whoever the caller. */
static const char *claim(casc_emitter *e, const char *s) {
  const char *in = casc_intern_cstr(e->ctx, s);
  size_t n = in ? strlen(in) : 0;
  if (!in ||
      !casc_hm_put(&e->declared, in, n, casc_hash_bytes(in, n), (void *)in)) {
    e->out->oom = true;
    return NULL;
  }
  return in;
}

const char *casc_em_fresh(casc_emitter *e, const char *base) {
  if (!base) { /* a name built in a scratch buffer that ran out */
    e->out->oom = true;
    return NULL;
  }
  if (!is_declared(e, base))
    return claim(e, base);
  char buf[256];
  for (unsigned k = 1;; k++) {
    snprintf(buf, sizeof buf, "%.200s_%u", base, k);
    if (!is_declared(e, buf))
      return claim(e, buf);
  }
}

static bool bind(casc_emitter *e, casc_value *v, const char *name) {
  if (!casc_ptrmap_put(&e->names, v, (uintptr_t)name)) {
    e->out->oom = true;
    return false;
  }
  return true;
}

const char *casc_em_name(casc_emitter *e, casc_value *v, casc_op *op) {
  const char *n = (const char *)casc_ptrmap_get(&e->names, v, 0);
  if (!n && op)
    casc_emit_error(e->ctx, op->loc,
                    "'%s' op operand has no C++ name (used before it is "
                    "defined)",
                    casc_op_name(op));
  return n;
}

const char *casc_em_define_as(casc_emitter *e, casc_value *v,
                              const char *base) {
  const char *n = casc_em_fresh(e, base);
  if (!n || !bind(e, v, n))
    return NULL;
  return n;
}

/* The first NameLoc in l, searched as MLIR's Location::findInstanceOf
 * walks a location: the location itself, then its parts in order (a
 * name's child, a callsite's callee then caller, a fused location's
 * members). The depth bound only guards against absurd nesting. */
static const char *find_name(const casc_loc *l, unsigned depth) {
  if (!l || depth > 64)
    return NULL;
  switch (l->kind) {
  case CASC_LOC_NAME:
    return l->u.name.name;
  case CASC_LOC_CALLSITE: {
    const char *n = find_name(l->u.callsite.callee, depth + 1);
    return n ? n : find_name(l->u.callsite.caller, depth + 1);
  }
  case CASC_LOC_FUSED:
    for (unsigned i = 0; i < l->u.fused.n; i++) {
      const char *n = find_name(l->u.fused.locs[i], depth + 1);
      if (n)
        return n;
    }
    return NULL;
  default:
    return NULL;
  }
}

/* The NameLoc text of a value: of its defining op's location for a
 * result, of its own location for a block argument. */
static const char *name_loc(casc_value *v) {
  return find_name(v->def ? v->def->loc : casc_value_loc(v), 0);
}

const char *casc_em_define(casc_emitter *e, casc_value *v) {
  char buf[256];
  int n = snprintf(buf, sizeof buf, "v%u", ++e->next_id);
  const char *nl = name_loc(v);
  if (nl && *nl) {
    /* Only identifier characters survive; the rest become '_'. */
    size_t at = (size_t)n;
    buf[at++] = '_';
    for (const char *p = nl; *p && at + 1 < sizeof buf; p++)
      buf[at++] = isalnum((unsigned char)*p) ? *p : '_';
    buf[at] = 0;
  }
  return casc_em_define_as(e, v, buf);
}
