/* IR type -> C++ type spelling (docs/ir.md §1.6), with bf16 as bfloat16_t
 * rather than pyasc's half (docs/ir.md §10.9). */
#include <stdio.h>
#include <string.h>

#include "casc/diag.h"
#include "target/ascendc/emitter.h"

static const char *tpos(int64_t p) {
  return casc_enum_cxx(CASC_ENUM_TPOSITION, p);
}

static const char *addr_space(const casc_attr *space) {
  int64_t v = 0;
  if (space && !casc_em_attr_int(space, &v))
    return NULL;
  switch (v) {
  case 0:
    return "";
  case 22:
    return "__gm__ ";
  case 23:
    return "__ca__ ";
  case 24:
    return "__cb__ ";
  case 25:
    return "__cc__ ";
  case 26:
    return "__ubuf__ ";
  case 27:
    return "__cbuf__ ";
  case 28:
    return "__fbuf__ ";
  default:
    return NULL;
  }
}

static bool asc_type(casc_buf *b, const casc_type *t) {
  const casc_asc_type_info *ti = casc_asc_type_get(t->u.asc.id);
  if (!ti || !ti->cxx || !*ti->cxx)
    return false;
  const char *P = ti->params;
  const int64_t *p = t->u.asc.p;
  if (P[0] == 0) {
    casc_buf_puts(b, ti->cxx);
    return true;
  }
  if (P[0] == 'P') {
    const char *a = tpos(p[0]);
    if (!a)
      return false;
    if (P[1] == 0) {
      casc_buf_printf(b, "%s<AscendC::TPosition::%s>", ti->cxx, a);
      return true;
    }
    if (P[1] == 'I') {
      casc_buf_printf(b, "%s<AscendC::TPosition::%s, %lld>", ti->cxx, a,
                      (long long)p[1]);
      return true;
    }
    const char *c = tpos(p[1]);
    if (!c)
      return false;
    casc_buf_printf(b,
                    "%s<AscendC::TPosition::%s, AscendC::TPosition::%s, %lld>",
                    ti->cxx, a, c, (long long)p[2]);
    return true;
  }
  if (P[0] == 'I' && t->u.asc.id == CASC_ASC_LOCAL_MEM_ALLOCATOR) {
    /* LocalMemAllocator<Hardware>: pyasc's numbering of AscendC::Hardware. */
    static const char *const hw[] = {"GM",  "UB",   "L1",     "L0A", "L0B",
                                     "L0C", "BIAS", "FIXBUF", "MAX"};
    if (p[0] < 0 || p[0] >= (int64_t)(sizeof hw / sizeof hw[0]))
      return false;
    casc_buf_printf(b, "%s<AscendC::Hardware::%s>", ti->cxx, hw[p[0]]);
    return true;
  }
  if (P[0] == 't' && !t->u.asc.elem) { /* the template without argument */
    casc_buf_puts(b, ti->cxx);
    return true;
  }
  if ((P[0] == 'S' || P[0] == 'T' || P[0] == 't') && t->u.asc.elem) {
    casc_buf inner;
    casc_buf_init(&inner);
    bool ok = casc_em_type(&inner, t->u.asc.elem);
    if (ok)
      casc_buf_printf(b, "%s<%s>", ti->cxx, casc_buf_str(&inner));
    casc_em_scratch_done(b, &inner);
    return ok;
  }
  return false;
}

static bool em_type(casc_buf *b, const casc_type *t, bool as_unsigned) {
  if (!t)
    return false;
  switch (t->kind) {
  case CASC_TYPE_INTEGER: {
    unsigned w = t->u.integer.width;
    if (w == 1) {
      casc_buf_puts(b, "bool");
      return true;
    }
    if (w != 8 && w != 16 && w != 32 && w != 64)
      return false;
    casc_buf_printf(
        b, "%sint%u_t",
        as_unsigned || t->u.integer.sign == CASC_UNSIGNED ? "u" : "", w);
    return true;
  }
  case CASC_TYPE_INDEX:
    casc_buf_puts(b, "uint32_t");
    return true;
  case CASC_TYPE_FLOAT:
    switch (t->u.flt.fk) {
    case CASC_F16:
      casc_buf_puts(b, "half");
      return true;
    case CASC_BF16:
      casc_buf_puts(b, "bfloat16_t");
      return true;
    case CASC_F32:
      casc_buf_puts(b, "float");
      return true;
    case CASC_F64:
      casc_buf_puts(b, "double");
      return true;
    }
    return false;
  case CASC_TYPE_MEMREF:
  case CASC_TYPE_UNRANKED_MEMREF: {
    const char *q = addr_space(t->u.memref.space);
    if (!q)
      return false;
    casc_buf inner;
    casc_buf_init(&inner);
    bool ok = em_type(&inner, t->u.memref.elem, as_unsigned);
    if (ok)
      casc_buf_printf(b, "%s%s*", q, casc_buf_str(&inner));
    casc_em_scratch_done(b, &inner);
    return ok;
  }
  case CASC_TYPE_ASC:
    if (t->u.asc.id == CASC_ASC_EMITC_OPAQUE && t->u.asc.str) {
      casc_buf_puts(b, t->u.asc.str);
      return true;
    }
    if (t->u.asc.id == CASC_ASC_EMITC_PTR && t->u.asc.elem) {
      casc_buf inner;
      casc_buf_init(&inner);
      bool ok = casc_em_type(&inner, t->u.asc.elem);
      if (ok)
        casc_buf_printf(b, "%s*", casc_buf_str(&inner));
      casc_em_scratch_done(b, &inner);
      return ok;
    }
    return asc_type(b, t);
  case CASC_TYPE_OPAQUE:
    if (casc_em_is_matmul_type(t)) {
      casc_buf text;
      casc_buf_init(&text);
      bool ok = casc_em_matmul_type(&text, t, NULL);
      if (ok)
        casc_buf_puts(b, casc_buf_str(&text));
      casc_em_scratch_done(b, &text);
      return ok;
    }
    return casc_em_is_py_struct(t) && casc_em_py_struct_name(b, t);
  default:
    return false;
  }
}

bool casc_em_type(casc_buf *b, const casc_type *t) {
  return em_type(b, t, false);
}

bool casc_em_type_unsigned(casc_buf *b, const casc_type *t) {
  return em_type(b, t, true);
}

bool casc_em_type_at(casc_emitter *e, casc_buf *b, const casc_type *t,
                     casc_op *op) {
  if (casc_em_type(b, t))
    return true;
  if (casc_em_is_matmul_type(t)) { /* say what is wrong with it */
    casc_buf scratch, why;
    casc_buf_init(&scratch);
    casc_buf_init(&why);
    casc_em_matmul_type(&scratch, t, &why);
    casc_emit_error(e->ctx, op ? op->loc : casc_loc_unknown(e->ctx),
                    "'%s' op has a matmul type that %s",
                    op ? casc_op_name(op) : "?", casc_buf_str(&why));
    casc_buf_free(&scratch);
    casc_buf_free(&why);
    return false;
  }
  casc_emit_error(e->ctx, op ? op->loc : casc_loc_unknown(e->ctx),
                  "'%s' op unable to emit a C++ type for a value of this op",
                  op ? casc_op_name(op) : "?");
  return false;
}

bool casc_em_scalar_type_text(casc_buf *b, const char *s, const char *end) {
  size_t n = (size_t)(end - s);
  static const struct {
    const char *ir, *cxx;
  } scalars[] = {{"i1", "bool"},   {"f16", "half"},   {"bf16", "bfloat16_t"},
                 {"f32", "float"}, {"f64", "double"}, {"index", "uint32_t"}};
  for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
    if (strlen(scalars[i].ir) == n && memcmp(s, scalars[i].ir, n) == 0) {
      casc_buf_puts(b, scalars[i].cxx);
      return true;
    }
  const char *u = s;
  bool is_unsigned = false;
  if (n > 2 && (memcmp(s, "ui", 2) == 0 || memcmp(s, "si", 2) == 0)) {
    is_unsigned = s[0] == 'u';
    u = s + 2;
  } else if (n > 1 && s[0] == 'i') {
    u = s + 1;
  } else {
    return false;
  }
  int w = 0;
  for (const char *c = u; c < end; c++) {
    if (*c < '0' || *c > '9' || w > 64)
      return false;
    w = w * 10 + (*c - '0');
  }
  if (w != 8 && w != 16 && w != 32 && w != 64)
    return false;
  casc_buf_printf(b, "%sint%d_t", is_unsigned ? "u" : "", w);
  return true;
}
