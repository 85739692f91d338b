/* C++ of the `!ascendc.matmul<...>` type (matmul::Matmul), which casc keeps
 * as opaque text. pyasc's translator prints the type as the MatmulConfig
 * declaration it needs followed by the class:
 *
 *   constexpr static MatmulConfig CFG{f0,f1,...};matmul::Matmul<
 *     matmul::MatmulType<pos, format, T, isTrans, layout> x 3 (A, B, C),
 *     matmul::MatmulType<pos, format, T> (bias), CFG>
 *
 * and casc prints the same (that text is only valid C++ where a
 * declaration may stand, e.g. a local variable; so is pyasc's).
 *
 * The type's 19 parameters, as MLIR prints them: for A, B and C a
 * TPosition keyword, a CubeFormat (`0 : i32`), the element type, a bool and
 * a LayoutMode (`0 : i32`); for the bias a position, a format and a type;
 * then the MatmulConfig `<name = value, ...>`, all 50 fields given. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/dialect.h"
#include "target/ascendc/emitter.h"

#define MM_PARAMS 19

/* A parameter: [s, s + n) of the body, trimmed. */
typedef struct {
  const char *s;
  size_t n;
} mm_text;

static bool mm_is(mm_text t, const char *w) {
  return t.n == strlen(w) && strncmp(t.s, w, t.n) == 0;
}

/* Split "a, <b, c>, d" at the commas outside angle brackets. */
static unsigned mm_split(const char *s, size_t n, mm_text *out, unsigned max) {
  unsigned k = 0, depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= n; i++) {
    char c = i < n ? s[i] : ',';
    if (c == '<')
      depth++;
    else if (c == '>' && depth)
      depth--;
    else if (c == ',' && depth == 0) {
      if (k == max)
        return max + 1;
      size_t a = start, b = i;
      while (a < b && s[a] == ' ')
        a++;
      while (b > a && s[b - 1] == ' ')
        b--;
      out[k].s = s + a;
      out[k].n = b - a;
      k++;
      start = i + 1;
    }
  }
  return k;
}

/* `3 : i32` -> 3. */
static bool mm_int(mm_text t, long long *v) {
  char buf[32];
  if (!t.n || t.n >= sizeof buf)
    return false;
  memcpy(buf, t.s, t.n);
  buf[t.n] = 0;
  char *end;
  *v = strtoll(buf, &end, 10);
  return end != buf && (*end == 0 || *end == ' ');
}

static bool mm_name(casc_buf *b, mm_text t, const char *prefix,
                    const char *const *names, size_t count) {
  long long v;
  if (!mm_int(t, &v) || v < 0 || (size_t)v >= count)
    return false;
  casc_buf_printf(b, "%s%s", prefix, names[v]);
  return true;
}

static bool mm_position(casc_buf *b, mm_text t) {
  int v = casc_enum_parse(CASC_ENUM_TPOSITION, t.s, t.n);
  const char *c = v >= 0 ? casc_enum_cxx(CASC_ENUM_TPOSITION, v) : NULL;
  if (!c)
    return false;
  casc_buf_printf(b, "AscendC::TPosition::%s", c);
  return true;
}

/* The element types a matmul takes, MLIR spelling -> C++. */
static bool mm_elem(casc_buf *b, mm_text t) {
  static const char *const map[][2] = {
      {"f16", "half"},      {"bf16", "bfloat16_t"}, {"f32", "float"},
      {"f64", "double"},    {"i8", "int8_t"},       {"i16", "int16_t"},
      {"i32", "int32_t"},   {"i64", "int64_t"},     {"ui8", "uint8_t"},
      {"ui16", "uint16_t"}, {"ui32", "uint32_t"},   {"ui64", "uint64_t"},
      {"si8", "int8_t"},    {"si16", "int16_t"},    {"si32", "int32_t"},
      {"si64", "int64_t"},
  };
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (mm_is(t, map[i][0])) {
      casc_buf_puts(b, map[i][1]);
      return true;
    }
  return false;
}

static const char *const mm_formats[] = {"ND", "NZ",       "ZN",     "ZZ",
                                         "NN", "ND_ALIGN", "SCALAR", "VECTOR"};
static const char *const mm_layouts[] = {"NONE", "NORMAL", "BSNGD", "SBNGD",
                                         "BNGS1S2"};

/* matmul::MatmulType<pos, format, T[, isTrans, layout]> from p[0..]. */
static bool mm_type(casc_buf *b, const mm_text *p, bool full) {
  casc_buf_puts(b, "matmul::MatmulType<");
  if (!mm_position(b, p[0]))
    return false;
  casc_buf_puts(b, ", ");
  if (!mm_name(b, p[1], "CubeFormat::", mm_formats,
               sizeof mm_formats / sizeof mm_formats[0]))
    return false;
  casc_buf_puts(b, ", ");
  if (!mm_elem(b, p[2]))
    return false;
  if (full) {
    if (!mm_is(p[3], "true") && !mm_is(p[3], "false"))
      return false;
    casc_buf_printf(b, ", %.*s, ", (int)p[3].n, p[3].s);
    if (!mm_name(b, p[4], "LayoutMode::", mm_layouts,
                 sizeof mm_layouts / sizeof mm_layouts[0]))
      return false;
  }
  casc_buf_puts(b, ">");
  return true;
}

/* MatmulConfig's fields in the order of its aggregate initialiser; enum
 * fields print their enumerator (NULL-terminated names, by value). */
static const char *const mm_batch_modes[] = {
    "BatchMode::NONE", "BatchMode::BATCH_LESS_THAN_L1",
    "BatchMode::BATCH_LARGE_THAN_L1", "BatchMode::SINGLE_LARGE_THAN_L1", NULL};
static const char *const mm_iterate_orders[] = {"IterateOrder::ORDER_M",
                                                "IterateOrder::ORDER_N",
                                                "IterateOrder::UNDEF", NULL};
static const char *const mm_schedule_types[] = {
    "ScheduleType::INNER_PRODUCT", "ScheduleType::OUTER_PRODUCT", NULL};
static const char *const mm_batch_out_modes[] = {"BatchOutMode::SINGLE_BATCH",
                                                 "BatchOutMode::MULTI_BATCH",
                                                 "BatchOutMode::DYNAMIC", NULL};

static const struct {
  const char *name;
  const char *const *names; /* an enum field, else NULL */
} mm_fields[] = {
    {"do_norm", NULL},
    {"do_basic_block", NULL},
    {"do_multi_data_load", NULL},
    {"basic_m", NULL},
    {"basic_n", NULL},
    {"basic_k", NULL},
    {"intrinsics_check", NULL},
    {"is_n_batch", NULL},
    {"en_vec_nd2nz", NULL},
    {"do_special_basic_block", NULL},
    {"do_mte2_preload", NULL},
    {"single_core_m", NULL},
    {"single_core_n", NULL},
    {"single_core_k", NULL},
    {"step_m", NULL},
    {"step_n", NULL},
    {"base_mn", NULL},
    {"single_core_mn", NULL},
    {"en_unit_flag", NULL},
    {"is_per_tensor", NULL},
    {"has_anti_quant_offset", NULL},
    {"do_ib_share_norm", NULL},
    {"do_special_mdl", NULL},
    {"enable_init", NULL},
    {"batch_mode", mm_batch_modes},
    {"enable_end", NULL},
    {"enable_get_tensor_c", NULL},
    {"enable_set_org_shape", NULL},
    {"enable_set_bias", NULL},
    {"enable_set_tail", NULL},
    {"enable_quant_vector", NULL},
    {"enable_set_define_data", NULL},
    {"iterate_mode", NULL},
    {"enable_reuse", NULL},
    {"enable_ub_reuse", NULL},
    {"enable_l1_cache_ub", NULL},
    {"intra_block_part_sum", NULL},
    {"iterate_order", mm_iterate_orders},
    {"schedule_type", mm_schedule_types},
    {"enable_double_cache", NULL},
    {"is_bias_batch", NULL},
    {"enable_static_pad_zeros", NULL},
    {"is_partial_output", NULL},
    {"enable_mix_dual_master", NULL},
    {"is_a2b2_shared", NULL},
    {"is_enable_channel_split", NULL},
    {"enable_kdim_reorder_load", NULL},
    {"is_co1_shared", NULL},
    {"shared_co1_buffer_size", NULL},
    {"batch_out_mode", mm_batch_out_modes},
};
#define MM_FIELDS (sizeof mm_fields / sizeof mm_fields[0])

/* The value of field `name` in the config's entries `name = value`. */
static bool mm_field(const mm_text *e, unsigned n, const char *name,
                     mm_text *v) {
  size_t len = strlen(name);
  for (unsigned i = 0; i < n; i++)
    if (e[i].n > len + 3 && strncmp(e[i].s, name, len) == 0 &&
        strncmp(e[i].s + len, " = ", 3) == 0) {
      v->s = e[i].s + len + 3;
      v->n = e[i].n - len - 3;
      return true;
    }
  return false;
}

/* `constexpr static MatmulConfig CFG{...};` from `<name = value, ...>`. */
static bool mm_config(casc_buf *b, mm_text cfg) {
  if (cfg.n < 2 || cfg.s[0] != '<' || cfg.s[cfg.n - 1] != '>')
    return false;
  mm_text e[MM_FIELDS];
  unsigned n = mm_split(cfg.s + 1, cfg.n - 2, e, MM_FIELDS);
  if (n != MM_FIELDS)
    return false;
  casc_buf_puts(b, "constexpr static MatmulConfig CFG{");
  for (size_t i = 0; i < MM_FIELDS; i++) {
    mm_text v;
    if (!mm_field(e, n, mm_fields[i].name, &v))
      return false;
    long long k;
    if (mm_is(v, "true") || mm_is(v, "false")) {
      casc_buf_puts(b, mm_is(v, "true") ? "1" : "0");
    } else if (!mm_int(v, &k)) {
      return false;
    } else if (mm_fields[i].names) {
      const char *const *names = mm_fields[i].names;
      long long c = 0;
      while (names[c] && c < k)
        c++;
      if (k < 0 || !names[c])
        return false;
      casc_buf_puts(b, names[c]);
    } else {
      casc_buf_printf(b, "%lld", k);
    }
    casc_buf_puts(b, i + 1 < MM_FIELDS ? "," : "};");
  }
  return true;
}

/* The 19 parameters of body "matmul<...>"; false when malformed. */
static bool mm_params(const char *body, mm_text *p) {
  size_t n = strlen(body);
  return n >= 9 && strncmp(body, "matmul<", 7) == 0 && body[n - 1] == '>' &&
         mm_split(body + 7, n - 8, p, MM_PARAMS) == MM_PARAMS;
}

/* `<A, B, C, Bias` (the MatmulType arguments, no closing bracket). */
static bool mm_types(casc_buf *b, const mm_text *p) {
  casc_buf_puts(b, "<");
  for (unsigned k = 0; k < 3; k++) {
    if (!mm_type(b, p + 5 * k, true))
      return false;
    casc_buf_puts(b, ", ");
  }
  return mm_type(b, p + 15, false);
}

bool casc_em_matmul_type(casc_buf *b, const char *body) {
  mm_text p[MM_PARAMS];
  if (!mm_params(body, p) || !mm_config(b, p[18]))
    return false;
  casc_buf_puts(b, "matmul::Matmul");
  if (!mm_types(b, p))
    return false;
  casc_buf_puts(b, ", CFG>");
  return true;
}

bool casc_em_matmul_type_args(casc_buf *b, const char *body) {
  mm_text p[MM_PARAMS];
  if (!mm_params(body, p) || !mm_types(b, p))
    return false;
  casc_buf_puts(b, ">");
  return true;
}
