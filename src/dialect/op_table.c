/* The op table: ops.def rows, with their operand/result/attribute specs
 * parsed once per process into casc_op_info (thread-safe, no heap). */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "dialect/dialect.h"
#include "util/hashmap.h"

#define PIPE_NONE CASC_PIPE_NONE
#define PIPE_S CASC_PIPE_S
#define PIPE_V CASC_PIPE_V
#define PIPE_M CASC_PIPE_M
#define PIPE_MTE1 CASC_PIPE_MTE1
#define PIPE_MTE2 CASC_PIPE_MTE2
#define PIPE_MTE3 CASC_PIPE_MTE3
#define PIPE_FIX CASC_PIPE_FIX
#define PIPE_COPY CASC_PIPE_COPY

static casc_op_info op_infos[CASC_OP_COUNT_] = {
    {.name = NULL},
#define CASC_OP(id_, name_, api_, pipe_, flags_, operands_, results_, attrs_,  \
                format_, emit_, cls_, dtypes_, sim_)                           \
  {.name = name_,                                                              \
   .api = api_,                                                                \
   .pipe = PIPE_##pipe_,                                                       \
   .flags = flags_,                                                            \
   .operands_spec = operands_,                                                 \
   .results_spec = results_,                                                   \
   .attrs_spec = attrs_,                                                       \
   .format = format_,                                                          \
   .emit = emit_,                                                              \
   .cls = CASC_CLS_##cls_,                                                     \
   .dtypes = CASC_DTS_##dtypes_,                                               \
   .sim = #sim_},
#include "dialect/ops.def"
#undef CASC_OP
};

static const struct {
  const char *name;
  bool vector;
} class_infos[CASC_CLS_COUNT_] = {
#define CASC_OP_CLASS(id, name, vec, doc) [CASC_CLS_##id] = {name, vec},
#include "dialect/op_classes.def"
#undef CASC_OP_CLASS
};

const char *casc_op_class_name(casc_op_class c) {
  return (unsigned)c < CASC_CLS_COUNT_ ? class_infos[c].name : "?";
}

bool casc_op_class_is_vector(casc_op_class c) {
  return (unsigned)c < CASC_CLS_COUNT_ && class_infos[c].vector;
}

static const char *const constraint_names[CASC_C_COUNT_] = {
#define CASC_CONSTRAINT(id, name) name,
#include "dialect/constraints.def"
#undef CASC_CONSTRAINT
};

static const struct {
  const char *name;
  casc_attr_spec_kind kind;
} attr_kinds[] = {
    {"Any", CASC_A_ANY},     {"Unit", CASC_A_UNIT},   {"Int", CASC_A_INT},
    {"I32", CASC_A_I32},     {"I64", CASC_A_I64},     {"Index", CASC_A_INDEX},
    {"UI8", CASC_A_UI8},     {"Float", CASC_A_FLOAT}, {"Str", CASC_A_STR},
    {"Sym", CASC_A_SYM},     {"Type", CASC_A_TYPE},   {"Typed", CASC_A_TYPED},
    {"Array", CASC_A_ARRAY}, {"Dict", CASC_A_DICT},
};

/* Names cut out of the spec strings live here. */
static char name_pool[64 * 1024];
static size_t pool_used;
/* Index from op name to kind: open addressing over a power-of-two table. */
#define NAME_INDEX_SIZE 4096
static unsigned short name_index[NAME_INDEX_SIZE];
/* The first malformed spec found, for the unit test that checks the table. */
static const char *table_error;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;
/* Set (release) once table_init has run: the table is read for nearly
 * every op, and an acquire load is cheaper than a call to pthread_once. */
static atomic_bool table_ready;

static const char *pool_word(const char *s, size_t len) {
  if (pool_used + len + 1 > sizeof name_pool)
    return "";
  char *w = name_pool + pool_used;
  memcpy(w, s, len);
  w[len] = 0;
  pool_used += len + 1;
  return w;
}

static int find_constraint(const char *s, size_t len) {
  for (int i = 0; i < CASC_C_COUNT_; i++)
    if (strlen(constraint_names[i]) == len &&
        memcmp(constraint_names[i], s, len) == 0)
      return i;
  return -1;
}

static void trim(const char **s, const char **e) {
  while (*s < *e && (**s == ' ' || **s == '\t'))
    (*s)++;
  while (*e > *s && ((*e)[-1] == ' ' || (*e)[-1] == '\t'))
    (*e)--;
}

/* Parse "a:C, b?:C, c*:C=a" into specs. Cross references (=other) are
 * resolved after both operand and result lists exist. */
static unsigned parse_args(casc_op_info *info, const char *spec,
                           casc_arg_spec *out, unsigned max,
                           const char **same_names) {
  unsigned n = 0;
  const char *p = spec;
  while (*p) {
    const char *e = strchr(p, ',');
    if (!e)
      e = p + strlen(p);
    const char *s = p, *end = e;
    trim(&s, &end);
    if (s < end) {
      if (n >= max) {
        table_error = info->name;
        break;
      }
      const char *colon = memchr(s, ':', (size_t)(end - s));
      if (!colon) {
        table_error = info->name;
        break;
      }
      const char *ne = colon;
      char card = 0;
      if (ne > s && (ne[-1] == '?' || ne[-1] == '*')) {
        card = ne[-1];
        ne--;
      }
      const char *cs = colon + 1, *ce = end;
      const char *eq = memchr(cs, '=', (size_t)(ce - cs));
      same_names[n] = NULL;
      if (eq) {
        const char *os = eq + 1, *oe = ce;
        trim(&os, &oe);
        same_names[n] = pool_word(os, (size_t)(oe - os));
        ce = eq;
      }
      trim(&cs, &ce);
      int c = find_constraint(cs, (size_t)(ce - cs));
      if (c < 0) {
        table_error = info->name;
        c = CASC_C_ANY;
      }
      out[n].name = pool_word(s, (size_t)(ne - s));
      out[n].c = (casc_constraint)c;
      out[n].card = card;
      out[n].same_as = -1;
      n++;
    }
    p = *e ? e + 1 : e;
  }
  return n;
}

static const char *enum_names[CASC_ENUM_COUNT_] = {
#define CASC_ENUM(id, name, cxxprefix, kws, cxxs) name,
#include "dialect/enums.def"
#undef CASC_ENUM
};

static unsigned parse_attrs(casc_op_info *info) {
  unsigned n = 0;
  const char *p = info->attrs_spec;
  while (*p) {
    const char *e = strchr(p, ',');
    if (!e)
      e = p + strlen(p);
    const char *s = p, *end = e;
    trim(&s, &end);
    if (s < end && n < CASC_MAX_ARGS) {
      const char *colon = memchr(s, ':', (size_t)(end - s));
      if (!colon) {
        table_error = info->name;
        break;
      }
      const char *ne = colon;
      bool opt = false;
      if (ne > s && ne[-1] == '?') {
        opt = true;
        ne--;
      }
      const char *ks = colon + 1, *ke = end;
      trim(&ks, &ke);
      size_t kl = (size_t)(ke - ks);
      casc_attr_spec *a = &info->attrs[n];
      a->name = pool_word(s, (size_t)(ne - s));
      a->optional = opt;
      a->enum_kind = -1;
      a->kind = -1;
      for (size_t i = 0; i < sizeof attr_kinds / sizeof attr_kinds[0]; i++)
        if (strlen(attr_kinds[i].name) == kl &&
            memcmp(attr_kinds[i].name, ks, kl) == 0)
          a->kind = attr_kinds[i].kind;
      for (int i = 0; a->kind < 0 && i < CASC_ENUM_COUNT_; i++)
        if (strlen(enum_names[i]) == kl && memcmp(enum_names[i], ks, kl) == 0) {
          a->kind = CASC_A_ENUM;
          a->enum_kind = i;
        }
      if (a->kind < 0) {
        table_error = info->name;
        a->kind = CASC_A_ANY;
      }
      n++;
    }
    p = *e ? e + 1 : e;
  }
  return n;
}

static void resolve_same(casc_op_info *info, casc_arg_spec *specs, unsigned n,
                         const char **names) {
  for (unsigned i = 0; i < n; i++) {
    if (!names[i])
      continue;
    size_t len = strlen(names[i]);
    int o = casc_op_info_operand(info, names[i], len);
    int r = casc_op_info_result(info, names[i], len);
    if (o >= 0)
      specs[i].same_as = o;
    else if (r >= 0)
      specs[i].same_as = 100 + r;
    else
      table_error = info->name;
  }
}

static void table_init(void) {
  for (unsigned k = 1; k < CASC_OP_COUNT_; k++) {
    casc_op_info *info = &op_infos[k];
    const char *onames[CASC_MAX_ARGS], *rnames[4];
    info->nopnds = parse_args(info, info->operands_spec, info->opnds,
                              CASC_MAX_ARGS, onames);
    info->nress = parse_args(info, info->results_spec, info->ress, 4, rnames);
    info->nattrs = parse_attrs(info);
    resolve_same(info, info->opnds, info->nopnds, onames);
    resolve_same(info, info->ress, info->nress, rnames);
    for (unsigned i = 0; i < info->nopnds; i++) {
      if (info->opnds[i].card == '*')
        info->has_variadic_operands = true;
      if (info->opnds[i].card)
        info->nflex_opnds++;
    }
    uint64_t h = casc_hash_bytes(info->name, strlen(info->name));
    unsigned slot = (unsigned)h & (NAME_INDEX_SIZE - 1);
    while (name_index[slot]) {
      if (strcmp(op_infos[name_index[slot]].name, info->name) == 0) {
        table_error = info->name; /* an op listed twice */
        break;
      }
      slot = (slot + 1) & (NAME_INDEX_SIZE - 1);
    }
    if (!name_index[slot])
      name_index[slot] = (unsigned short)k;
  }
  atomic_store_explicit(&table_ready, true, memory_order_release);
}

static void ensure_table(void) {
  if (!atomic_load_explicit(&table_ready, memory_order_acquire))
    pthread_once(&table_once, table_init);
}

casc_op_kind casc_op_info_kind(const casc_op_info *info) {
  return (casc_op_kind)(info - op_infos);
}

const casc_op_info *casc_op_info_get(casc_op_kind kind) {
  if (kind == 0 || kind >= CASC_OP_COUNT_)
    return NULL;
  ensure_table();
  return &op_infos[kind];
}

unsigned casc_op_table_size(void) {
  return CASC_OP_COUNT_;
}

const char *casc_op_table_error(void) {
  ensure_table();
  return table_error;
}

casc_op_kind casc_op_kind_lookup(const char *name, size_t len) {
  ensure_table();
  uint64_t h = casc_hash_bytes(name, len);
  unsigned slot = (unsigned)h & (NAME_INDEX_SIZE - 1);
  while (name_index[slot]) {
    const char *n = op_infos[name_index[slot]].name;
    if (strlen(n) == len && memcmp(n, name, len) == 0)
      return name_index[slot];
    slot = (slot + 1) & (NAME_INDEX_SIZE - 1);
  }
  return CASC_OP_UNREGISTERED;
}

static int find_spec(const casc_arg_spec *specs, unsigned n, const char *name,
                     size_t len) {
  for (unsigned i = 0; i < n; i++)
    if (strlen(specs[i].name) == len && memcmp(specs[i].name, name, len) == 0)
      return (int)i;
  return -1;
}

int casc_op_info_operand(const casc_op_info *info, const char *name,
                         size_t len) {
  return find_spec(info->opnds, info->nopnds, name, len);
}

int casc_op_info_result(const casc_op_info *info, const char *name,
                        size_t len) {
  return find_spec(info->ress, info->nress, name, len);
}

int casc_op_info_attr(const casc_op_info *info, const char *name, size_t len) {
  for (unsigned i = 0; i < info->nattrs; i++)
    if (strlen(info->attrs[i].name) == len &&
        memcmp(info->attrs[i].name, name, len) == 0)
      return (int)i;
  return -1;
}

const char *casc_constraint_name(casc_constraint c) {
  return (unsigned)c < CASC_C_COUNT_ ? constraint_names[c] : "?";
}

/* operandSegmentSizes is either an array of integer attributes or, as MLIR
 * prints it, the dense-array text `array<i32: 1, 0, 2>`. */
unsigned casc_op_segment_sizes(const casc_op *op, unsigned *sizes,
                               unsigned max) {
  casc_attr *seg = casc_op_attr(op, "operandSegmentSizes");
  if (!seg)
    seg = casc_dict_get(casc_op_props(op), "operandSegmentSizes");
  if (!seg)
    return 0;
  unsigned n = 0;
  if (seg->kind == CASC_ATTR_ARRAY) {
    for (unsigned i = 0; i < seg->u.array.n && n < max; i++) {
      casc_attr *e = seg->u.array.elems[i];
      if (e->kind != CASC_ATTR_INTEGER || e->u.i.v < 0)
        return 0;
      sizes[n++] = (unsigned)e->u.i.v;
    }
    return n;
  }
  if (seg->kind != CASC_ATTR_OPAQUE)
    return 0;
  const char *p = strchr(seg->u.opaque.text, ':');
  if (strncmp(seg->u.opaque.text, "array<i32", 9) != 0 || !p)
    return 0;
  p++;
  while (*p && *p != '>' && n < max) {
    while (*p == ' ' || *p == ',')
      p++;
    if (*p < '0' || *p > '9')
      break;
    unsigned v = 0;
    while (*p >= '0' && *p <= '9' && v < 100000)
      v = v * 10 + (unsigned)(*p++ - '0');
    sizes[n++] = v;
  }
  return n;
}

bool casc_op_operand_group(const casc_op *op, unsigned spec, unsigned *begin,
                           unsigned *count) {
  return casc_op_operand_group_of(op, casc_op_info_of(op), spec, begin, count);
}

bool casc_op_operand_group_of(const casc_op *op, const casc_op_info *info,
                              unsigned spec, unsigned *begin, unsigned *count) {
  if (!info || spec >= info->nopnds)
    return false;
  unsigned nflex = info->nflex_opnds;
  if (nflex == 0) {
    /* One operand per spec: the common case, and the verifier asks for
     * every spec of every op. */
    *begin = spec;
    *count = 1;
    return spec < op->nops;
  }
  if (nflex > 1) {
    /* MLIR's AttrSizedOperandSegments: sizes recorded on the op. */
    unsigned sizes[CASC_MAX_ARGS];
    if (casc_op_segment_sizes(op, sizes, CASC_MAX_ARGS) != info->nopnds)
      return false;
    unsigned b = 0;
    for (unsigned i = 0; i < spec; i++)
      b += sizes[i];
    *begin = b;
    *count = sizes[spec];
    return b + *count <= op->nops;
  }
  unsigned fixed = info->nopnds - nflex;
  unsigned flex = op->nops >= fixed ? op->nops - fixed : 0;
  unsigned b = 0;
  for (unsigned i = 0; i < info->nopnds; i++) {
    unsigned c = info->opnds[i].card ? flex : 1;
    if (i == spec) {
      *begin = b;
      *count = c;
      return b + c <= op->nops;
    }
    b += c;
  }
  return false;
}
