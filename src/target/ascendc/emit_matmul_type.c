/* The matmul::Matmul object type in C++, as pyasc's translator prints it.
 *
 * `!ascendc.matmul<posA, fmtA, TA, transA, layoutA, posB, ..., posBias,
 * fmtBias, TBias, <config>>` (19 parameters: four MatmulType descriptions
 * and a MatmulConfig) is kept by casc as opaque text, so it is read here
 * from that text. pyasc prints a value of it as
 *   constexpr static MatmulConfig CFG{1,0,...};matmul::Matmul<
 *     matmul::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float,
 *     false, LayoutMode::NONE>, ... (A, B, C), matmul::MatmulType<
 *     AscendC::TPosition::GM, CubeFormat::ND, float>, CFG>
 * (the MatmulConfig is declared in front of the object, so the same text
 * serves a local and, as pyasc prints it, a parameter), and
 * GetMatmulApiTiling takes the four MatmulTypes alone as its template
 * arguments. The config's fields are printed in MatmulConfig's member
 * order whatever order the text gives them in; pyasc's printer crashes on
 * a missing one, casc reports it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "casc/diag.h"
#include "target/ascendc/emitter.h"

static const char k_head[] = "matmul<";

/* What is wrong with a type, for the diagnostic. */
typedef struct {
  char text[128];
} why_t;

static bool fail(why_t *why, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why->text, sizeof why->text, fmt, ap);
  va_end(ap);
  return false;
}

bool casc_em_is_matmul_type(const casc_type *t) {
  return t && t->kind == CASC_TYPE_OPAQUE &&
         strcmp(t->u.opaque.dialect, "ascendc") == 0 &&
         strncmp(t->u.opaque.body, k_head, sizeof k_head - 1) == 0;
}

typedef struct {
  const char *s, *end;
} span;

static span trim(span x) {
  while (x.s < x.end && (*x.s == ' ' || *x.s == '\n' || *x.s == '\t'))
    x.s++;
  while (x.end > x.s &&
         (x.end[-1] == ' ' || x.end[-1] == '\n' || x.end[-1] == '\t'))
    x.end--;
  return x;
}

static bool is(span x, const char *word) {
  size_t n = strlen(word);
  return (size_t)(x.end - x.s) == n && memcmp(x.s, word, n) == 0;
}

/* Split [s, end) at its top-level commas into at most max items; the
 * count, or max + 1 when there are more. */
static unsigned split(const char *s, const char *end, span *items,
                      unsigned max) {
  unsigned n = 0;
  int depth = 0;
  const char *start = s;
  for (const char *c = s; c <= end; c++) {
    if (c < end && *c == '"') {
      const char *q = memchr(c + 1, '"', (size_t)(end - c - 1));
      c = q ? q : end - 1;
    } else if (c < end && (*c == '<' || *c == '(' || *c == '[' || *c == '{')) {
      depth++;
    } else if (c < end && (*c == '>' || *c == ')' || *c == ']' || *c == '}')) {
      depth--;
    } else if (c == end || (*c == ',' && depth == 0)) {
      if (n == max)
        return max + 1;
      items[n++] = trim((span){start, c});
      start = c + 1;
    }
  }
  return n;
}

/* An integer attribute's text, `N` or `N : iW`. */
static bool int_value(span x, long long *v) {
  const char *colon = memchr(x.s, ':', (size_t)(x.end - x.s));
  span num = trim((span){x.s, colon ? colon : x.end});
  if (num.s == num.end || num.end - num.s > 20)
    return false;
  char tmp[24];
  memcpy(tmp, num.s, (size_t)(num.end - num.s));
  tmp[num.end - num.s] = 0;
  char *stop;
  *v = strtoll(tmp, &stop, 10);
  return *stop == 0;
}

/* The k-th name of a space-separated list, or NULL. */
static const char *nth_name(const char *names, long long k, size_t *len) {
  for (long long i = 0; k >= 0 && *names; i++) {
    const char *sp = strchr(names, ' ');
    size_t n = sp ? (size_t)(sp - names) : strlen(names);
    if (i == k) {
      *len = n;
      return names;
    }
    if (!sp)
      break;
    names = sp + 1;
  }
  return NULL;
}

/* One MatmulType (parameters [first, first + 5) or, for the bias, 3):
 * `matmul::MatmulType<AscendC::TPosition::P, CubeFormat::F, T[, trans,
 * LayoutMode::L]>`. */
static bool matmul_type_arg(casc_buf *b, const span *p, bool bias, why_t *why) {
  int pos =
      casc_enum_parse(CASC_ENUM_TPOSITION, p[0].s, (size_t)(p[0].end - p[0].s));
  if (pos < 0)
    return fail(why, "has a position that is not a TPosition");
  long long fmt;
  size_t len;
  const char *fname =
      int_value(p[1], &fmt)
          ? nth_name("ND NZ ZN ZZ NN ND_ALIGN SCALAR VECTOR", fmt, &len)
          : NULL;
  if (!fname)
    return fail(why, "has a cube format that is not 0 to 7");
  casc_buf_printf(b,
                  "matmul::MatmulType<AscendC::TPosition::%s, "
                  "CubeFormat::%.*s, ",
                  casc_enum_cxx(CASC_ENUM_TPOSITION, pos), (int)len, fname);
  if (!casc_em_scalar_type_text(b, p[2].s, p[2].end))
    return fail(why, "has an element type with no C++ scalar type");
  if (!bias) {
    if (!is(p[3], "true") && !is(p[3], "false"))
      return fail(why, "has a transpose flag that is not true or false");
    long long lm;
    const char *lname =
        int_value(p[4], &lm)
            ? nth_name("NONE NORMAL BSNGD SBNGD BNGS1S2", lm, &len)
            : NULL;
    if (!lname)
      return fail(why, "has a layout mode that is not 0 to 4");
    casc_buf_printf(b, ", %s, LayoutMode::%.*s",
                    is(p[3], "true") ? "true" : "false", (int)len, lname);
  }
  casc_buf_putc(b, '>');
  return true;
}

/* The four MatmulTypes, ", "-separated, from the type's 19 parameters. */
static bool matmul_type_args(casc_buf *b, const span *p, why_t *why) {
  for (unsigned i = 0; i < 4; i++) {
    if (i)
      casc_buf_puts(b, ", ");
    if (!matmul_type_arg(b, p + 5 * i, i == 3, why))
      return false;
  }
  return true;
}

/* MatmulConfig's members in declaration order: b = bool, i = integer, or
 * the enumerators of an enum member (by value, "-" for none). */
static const struct {
  const char *name, *kind;
} k_config[] = {
    {"do_norm", "b"},
    {"do_basic_block", "b"},
    {"do_multi_data_load", "b"},
    {"basic_m", "i"},
    {"basic_n", "i"},
    {"basic_k", "i"},
    {"intrinsics_check", "b"},
    {"is_n_batch", "b"},
    {"en_vec_nd2nz", "b"},
    {"do_special_basic_block", "b"},
    {"do_mte2_preload", "i"},
    {"single_core_m", "i"},
    {"single_core_n", "i"},
    {"single_core_k", "i"},
    {"step_m", "i"},
    {"step_n", "i"},
    {"base_mn", "i"},
    {"single_core_mn", "i"},
    {"en_unit_flag", "b"},
    {"is_per_tensor", "b"},
    {"has_anti_quant_offset", "b"},
    {"do_ib_share_norm", "b"},
    {"do_special_mdl", "b"},
    {"enable_init", "b"},
    {"batch_mode", "BatchMode::NONE BatchMode::BATCH_LESS_THAN_L1 "
                   "BatchMode::BATCH_LARGE_THAN_L1 "
                   "BatchMode::SINGLE_LARGE_THAN_L1"},
    {"enable_end", "b"},
    {"enable_get_tensor_c", "b"},
    {"enable_set_org_shape", "b"},
    {"enable_set_bias", "b"},
    {"enable_set_tail", "b"},
    {"enable_quant_vector", "b"},
    {"enable_set_define_data", "b"},
    {"iterate_mode", "i"},
    {"enable_reuse", "b"},
    {"enable_ub_reuse", "b"},
    {"enable_l1_cache_ub", "b"},
    {"intra_block_part_sum", "b"},
    {"iterate_order",
     "IterateOrder::ORDER_M IterateOrder::ORDER_N IterateOrder::UNDEF"},
    {"schedule_type",
     "ScheduleType::INNER_PRODUCT ScheduleType::OUTER_PRODUCT"},
    {"enable_double_cache", "b"},
    {"is_bias_batch", "b"},
    {"enable_static_pad_zeros", "b"},
    {"is_partial_output", "b"},
    {"enable_mix_dual_master", "b"},
    {"is_a2b2_shared", "b"},
    {"is_enable_channel_split", "b"},
    {"enable_kdim_reorder_load", "b"},
    {"is_co1_shared", "b"},
    {"shared_co1_buffer_size", "i"},
    {"batch_out_mode", "BatchOutMode::SINGLE_BATCH BatchOutMode::MULTI_BATCH "
                       "BatchOutMode::DYNAMIC"},
};
enum { k_nconfig = sizeof k_config / sizeof k_config[0] };

/* The value text of member `name` among the `key = value` items. */
static bool config_value(const span *items, unsigned n, const char *name,
                         span *v) {
  size_t len = strlen(name);
  for (unsigned i = 0; i < n; i++) {
    const char *eq =
        memchr(items[i].s, '=', (size_t)(items[i].end - items[i].s));
    if (!eq)
      continue;
    span key = trim((span){items[i].s, eq});
    if ((size_t)(key.end - key.s) == len && memcmp(key.s, name, len) == 0) {
      *v = trim((span){eq + 1, items[i].end});
      return true;
    }
  }
  return false;
}

/* `constexpr static MatmulConfig CFG{...};` from the config parameter,
 * `<k = v, ...>` (or `#ascendc.matmul_config<...>`). */
static bool matmul_config(casc_buf *b, span c, why_t *why) {
  static const char full[] = "#ascendc.matmul_config";
  if ((size_t)(c.end - c.s) > sizeof full - 1 &&
      memcmp(c.s, full, sizeof full - 1) == 0)
    c.s += sizeof full - 1;
  if (c.end - c.s < 2 || *c.s != '<' || c.end[-1] != '>')
    return fail(why, "has a MatmulConfig that is not `<name = value, ...>`");
  span items[k_nconfig + 1];
  unsigned n = split(c.s + 1, c.end - 1, items, k_nconfig);
  if (n > k_nconfig)
    return fail(why,
                "has a MatmulConfig with more members than MatmulConfig has");
  casc_buf_puts(b, "constexpr static MatmulConfig CFG{");
  for (unsigned i = 0; i < k_nconfig; i++) {
    span v;
    if (!config_value(items, n, k_config[i].name, &v))
      return fail(why, "has a MatmulConfig without %s", k_config[i].name);
    if (i)
      casc_buf_putc(b, ',');
    const char *kind = k_config[i].kind;
    long long x;
    if (kind[0] == 'b' && !kind[1]) {
      if (!is(v, "true") && !is(v, "false"))
        return fail(why, "has a MatmulConfig %s that is not true or false",
                    k_config[i].name);
      casc_buf_putc(b, is(v, "true") ? '1' : '0');
    } else if (!int_value(v, &x)) {
      return fail(why, "has a MatmulConfig %s that is not an integer",
                  k_config[i].name);
    } else if (kind[0] == 'i' && !kind[1]) {
      casc_buf_printf(b, "%lld", x);
    } else {
      size_t len;
      const char *name = nth_name(kind, x, &len);
      if (!name)
        return fail(why, "has a MatmulConfig %s of %lld, out of range",
                    k_config[i].name, x);
      casc_buf_put(b, name, len);
    }
  }
  casc_buf_puts(b, "};");
  return true;
}

/* The type's 19 parameters. */
static bool params_of(const casc_type *t, span *p, why_t *why) {
  const char *body = t->u.opaque.body + sizeof k_head - 1;
  const char *end = body + strlen(body);
  if (end == body || end[-1] != '>')
    return fail(why, "is not `matmul<...>`");
  if (split(body, end - 1, p, 19) != 19)
    return fail(why, "does not have the 19 parameters of a matmul type");
  return true;
}

bool casc_em_matmul_type(casc_buf *b, const casc_type *t, casc_buf *err) {
  span p[20];
  why_t why;
  if (params_of(t, p, &why) && matmul_config(b, p[18], &why)) {
    casc_buf_puts(b, "matmul::Matmul<");
    if (matmul_type_args(b, p, &why)) {
      casc_buf_puts(b, ", CFG>");
      return true;
    }
  }
  if (err)
    casc_buf_puts(err, why.text);
  return false;
}

/* ascendc.get_matmul_api_tiling: `MatmulApiStaticTiling vN =
 * GetMatmulApiTiling<A, B, C, Bias>(cfg, l1Size)`, the MatmulTypes from
 * the matmulType attribute. */
bool casc_em_get_matmul_api_tiling(casc_emitter *e, casc_op *op) {
  casc_attr *mt = casc_em_attr(op, "matmulType");
  if (op->nops != 2 || op->nres != 1)
    return casc_em_fail(e, op, "is malformed");
  if (!mt || mt->kind != CASC_ATTR_TYPE || !casc_em_is_matmul_type(mt->type))
    return casc_em_fail(e, op, "has no matmulType of !ascendc.matmul type");
  const char *cfg = casc_em_name(e, casc_op_operand(op, 0), op);
  const char *l1 = cfg ? casc_em_name(e, casc_op_operand(op, 1), op) : NULL;
  if (!l1)
    return false;
  span p[20];
  casc_buf args;
  casc_buf_init(&args);
  why_t why;
  bool ok = params_of(mt->type, p, &why) && matmul_type_args(&args, p, &why);
  if (!ok)
    casc_emit_error(e->ctx, op->loc, "'%s' op has a matmul type that %s",
                    casc_op_name(op), why.text);
  if (ok) {
    casc_em_indent(e);
    ok = casc_em_decl(e, e->out, &casc_op_results(op)[0], op);
  }
  if (ok)
    casc_buf_printf(e->out, " = GetMatmulApiTiling<%s>(%s, %s)",
                    casc_buf_str(&args), cfg, l1);
  casc_em_scratch_done(e->out, &args);
  return ok;
}
