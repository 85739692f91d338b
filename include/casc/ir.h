/* casc IR core: context, types, attributes, locations, ops, values, blocks,
 * regions, builder, walkers. Modelled on MLIR's core, kept small.
 *
 * Ownership: a casc_ctx owns every object created through it (arenas). Types,
 * attributes and locations are uniqued: compare them by pointer. Ops, blocks
 * and regions live until the context is freed; erasing an op unlinks it and
 * drops its uses but does not return memory (there are no per-op mallocs).
 *
 * The library never prints and never exits: errors are reported through the
 * context's diagnostic handler (see diag.h) and signalled by return values. */
#ifndef CASC_IR_H
#define CASC_IR_H
/* What the public headers declare is the exported API: the library is
 * compiled with -fvisibility=hidden (CMakeLists.txt). */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct casc_ctx casc_ctx;
typedef struct casc_type casc_type;
typedef struct casc_attr casc_attr;
typedef struct casc_loc casc_loc;
typedef struct casc_op casc_op;
typedef struct casc_value casc_value;
typedef struct casc_use casc_use;
typedef struct casc_block casc_block;
typedef struct casc_region casc_region;
typedef struct casc_op_info casc_op_info;

/* ------------------------------------------------------------------------ */
/* Context                                                                   */

casc_ctx *casc_ctx_new(void);
void casc_ctx_free(casc_ctx *ctx);

/* Arena allocation owned by the context (zeroed, 16-byte aligned). Returns
 * NULL only when the system is out of memory. */
void *casc_ctx_alloc(casc_ctx *ctx, size_t size);
/* True once the context failed to get memory (for an object, a string, a
 * uniquing table), or a function working for it reported running out with
 * casc_ctx_report_oom. The first time is reported as an "out of memory"
 * error through the handler. The IR may since have lost parts that void
 * mutators such as casc_op_set_attr could not add, so casc_verify fails
 * from then on: a caller can tell a failure for lack of memory from one
 * for bad input by asking here. */
bool casc_ctx_out_of_memory(const casc_ctx *ctx);
void casc_ctx_report_oom(casc_ctx *ctx);
/* Interned, NUL-terminated copy of s[0..len); equal strings share a pointer. */
const char *casc_intern(casc_ctx *ctx, const char *s, size_t len);
const char *casc_intern_cstr(casc_ctx *ctx, const char *s);

/* ------------------------------------------------------------------------ */
/* Enumerations shared by types, attributes and ops (pyasc numbering).       */

typedef enum {
  CASC_TPOS_GM = 0,
  CASC_TPOS_A1,
  CASC_TPOS_A2,
  CASC_TPOS_B1,
  CASC_TPOS_B2,
  CASC_TPOS_C1,
  CASC_TPOS_C2,
  CASC_TPOS_CO1,
  CASC_TPOS_CO2,
  CASC_TPOS_VECIN,
  CASC_TPOS_VECOUT,
  CASC_TPOS_VECCALC,
  CASC_TPOS_MAX
} casc_tpos;

/* The named enums (TPosition, HardEvent, Pipe, RoundMode, arith predicates)
 * with their keywords live in src/dialect/enums.def; internal layers reach
 * them through src/dialect/dialect.h. */

/* ------------------------------------------------------------------------ */
/* Types                                                                     */

typedef enum {
  CASC_TYPE_INTEGER, /* iN / siN / uiN */
  CASC_TYPE_INDEX,
  CASC_TYPE_FLOAT,           /* f16 bf16 f32 f64 */
  CASC_TYPE_NONE,            /* none */
  CASC_TYPE_FUNCTION,        /* (inputs) -> results */
  CASC_TYPE_MEMREF,          /* memref<?x4xf16, 22> */
  CASC_TYPE_UNRANKED_MEMREF, /* memref<*xf16, 22> */
  CASC_TYPE_TUPLE,           /* tuple<...> */
  CASC_TYPE_ASC,   /* a registered !ascendc.* / !emitasc.* / !emitc.* type */
  CASC_TYPE_OPAQUE /* any other !dialect.xxx<...>: kept as text */
} casc_type_kind;

typedef enum { CASC_SIGNLESS = 0, CASC_SIGNED, CASC_UNSIGNED } casc_signedness;
typedef enum { CASC_F16, CASC_BF16, CASC_F32, CASC_F64 } casc_float_kind;

/* Registered dialect types are numbered by their row in
 * src/dialect/types.def (CASC_ASC_* in src/dialect/dialect.h). */
typedef unsigned casc_asc_type;

#define CASC_DYN_DIM INT64_MIN /* `?` in a shape */

struct casc_type {
  casc_type_kind kind;
  uint32_t id; /* unique per context, stable ordering for hashing */
  union {
    struct {
      unsigned width;
      casc_signedness sign;
    } integer;
    struct {
      casc_float_kind fk;
    } flt;
    struct {
      unsigned nin, nout;
      casc_type **in, **out;
    } func;
    struct {
      unsigned rank;
      const int64_t *shape;
      casc_type *elem;
      casc_attr *space; /* memory space attribute or NULL */
    } memref;           /* also unranked memref: rank 0, shape NULL */
    struct {
      unsigned n;
      casc_type **elems;
    } tuple;
    struct {
      casc_asc_type id;
      int64_t p[3];  /* positions / integers, per params */
      unsigned rank; /* "S": rank 0 = element only (<*xT>) */
      const int64_t *shape;
      casc_type *elem; /* "S" / "T" */
      const char *str; /* "Q": the quoted string, interned, unescaped */
    } asc;
    struct {
      const char *dialect;
      const char *body;
    } opaque; /* body = "name<...>" */
  } u;
};

casc_type *casc_type_int(casc_ctx *ctx, unsigned width, casc_signedness s);
casc_type *casc_type_i1(casc_ctx *ctx);
casc_type *casc_type_i8(casc_ctx *ctx);
casc_type *casc_type_i32(casc_ctx *ctx);
casc_type *casc_type_i64(casc_ctx *ctx);
casc_type *casc_type_index(casc_ctx *ctx);
casc_type *casc_type_float(casc_ctx *ctx, casc_float_kind k);
casc_type *casc_type_none(casc_ctx *ctx);
casc_type *casc_type_func(casc_ctx *ctx, unsigned nin, casc_type *const *in,
                          unsigned nout, casc_type *const *out);
casc_type *casc_type_memref(casc_ctx *ctx, unsigned rank, const int64_t *shape,
                            casc_type *elem, casc_attr *space);
casc_type *casc_type_unranked_memref(casc_ctx *ctx, casc_type *elem,
                                     casc_attr *space);
casc_type *casc_type_tuple(casc_ctx *ctx, unsigned n, casc_type *const *elems);
/* Registered dialect type. p: np integer params (positions first; at most
 * the type's own count, 3 at most, types.def; the ones not given are 0), read
 * only up to p[np-1]. shape/rank/elem for tensor-like and type-parameterised
 * types. NULL with an error through ctx when np exceeds the type's count (or
 * p is NULL with np > 0) or the id is unknown; NULL on out of memory. */
casc_type *casc_type_asc(casc_ctx *ctx, casc_asc_type id, unsigned np,
                         const int64_t *p, unsigned rank, const int64_t *shape,
                         casc_type *elem);
/* Registered type with a quoted-string parameter ("Q"), e.g. emitc.opaque. */
casc_type *casc_type_asc_str(casc_ctx *ctx, casc_asc_type id, const char *s);
casc_type *casc_type_opaque(casc_ctx *ctx, const char *dialect,
                            const char *body);

/* Convenience constructors for the common ascendc types. */
casc_type *casc_type_pipe(casc_ctx *ctx);
casc_type *casc_type_queue(casc_ctx *ctx, casc_tpos pos, int64_t depth);
casc_type *casc_type_que_bind(casc_ctx *ctx, casc_tpos src, casc_tpos dst,
                              int64_t depth);
casc_type *casc_type_tbuf(casc_ctx *ctx, casc_tpos pos);
casc_type *casc_type_local_tensor(casc_ctx *ctx, casc_type *elem);
casc_type *casc_type_global_tensor(casc_ctx *ctx, casc_type *elem);
/* memref<?xT, 22>: the kernel-argument form of a GM pointer. */
casc_type *casc_type_gm_memref(casc_ctx *ctx, casc_type *elem);

bool casc_type_is_int(const casc_type *t); /* any integer width/sign */
bool casc_type_is_signless_int(const casc_type *t);
bool casc_type_is_int_of(const casc_type *t, unsigned width, casc_signedness s);
bool casc_type_is_float(const casc_type *t);
bool casc_type_is_asc(const casc_type *t, casc_asc_type id);
/* queue, que_bind or tbuf (pyasc's BaseQueueTypeInterface). */
bool casc_type_is_queue_like(const casc_type *t);
/* local_tensor / global_tensor (and their base_ forms). */
bool casc_type_is_local_tensor(const casc_type *t);
bool casc_type_is_global_tensor(const casc_type *t);
/* Element type of a tensor or memref type, else NULL. */
casc_type *casc_type_elem(const casc_type *t);
/* MLIR spelling of a type (`i32`, `!ascendc.queue<vecin, 2>`), appended to
 * out (a casc_buf from casc/buf.h); casc_type_str interns it in ctx, for
 * diagnostics. casc_type_format_params prints only a registered dialect
 * type's parameter list (the "stripped" form `<vecin, 2>`). */
struct casc_buf_s;
void casc_type_format(const casc_type *t, struct casc_buf_s *out);
void casc_type_format_params(const casc_type *t, struct casc_buf_s *out);
const char *casc_type_str(casc_ctx *ctx, const casc_type *t);
/* A string literal with MLIR's escaping, quotes included. */
void casc_string_format(const char *s, size_t len, struct casc_buf_s *out);
/* Size in bytes of a scalar type (i1 counts as 1), 0 if not scalar. */
unsigned casc_type_byte_size(const casc_type *t);
/* Bit width of an integer/float/index(64) type, 0 otherwise. */
unsigned casc_type_bit_width(const casc_type *t);

/* ------------------------------------------------------------------------ */
/* Attributes                                                                */

typedef enum {
  CASC_ATTR_INTEGER, /* 5 : i32, true (i1), 0 : index */
  CASC_ATTR_FLOAT,   /* 2.500000e-01 : f32 */
  CASC_ATTR_STRING,  /* "text" (optionally typed, rarely) */
  CASC_ATTR_UNIT,
  CASC_ATTR_BOOL,       /* true / false (BoolAttr, no type) */
  CASC_ATTR_ARRAY,      /* [a, b] */
  CASC_ATTR_DICT,       /* {k = v, ...}, sorted by key */
  CASC_ATTR_TYPE,       /* a type used as attribute */
  CASC_ATTR_SYMREF,     /* @a or @a::@b */
  CASC_ATTR_KERNEL_ARG, /* #emitasc<kernel_arg explicit|ffts_addr> */
  CASC_ATTR_OPAQUE /* any other #dialect<...> / #dialect.name<...> / dense<...>:
                      text */
} casc_attr_kind;

typedef struct {
  const char *name; /* interned */
  casc_attr *value;
} casc_named_attr;

struct casc_attr {
  casc_attr_kind kind;
  uint32_t id;
  casc_type *type; /* INTEGER, FLOAT, STRING(optional), TYPE (the type) */
  union {
    struct {
      int64_t v;
    } i; /* sign-extended value for the width */
    struct {
      double v;
    } f;
    struct {
      const char *s;
      size_t len;
    } str; /* interned, raw bytes */
    bool b;
    struct {
      unsigned n;
      casc_attr **elems;
    } array;
    struct {
      unsigned n;
      casc_named_attr *entries;
    } dict;
    struct {
      unsigned n;
      const char **path;
    } sym;              /* @path[0]::@path[1]... */
    int64_t kernel_arg; /* 0 explicit, 1 ffts_addr */
    struct {
      const char *text;
    } opaque; /* full spelling, e.g. "#arith.fastmath<none>" */
  } u;
};

casc_attr *casc_attr_int(casc_ctx *ctx, casc_type *type, int64_t v);
casc_attr *casc_attr_float(casc_ctx *ctx, casc_type *type, double v);
casc_attr *casc_attr_string(casc_ctx *ctx, const char *s, size_t len);
casc_attr *casc_attr_unit(casc_ctx *ctx);
casc_attr *casc_attr_bool(casc_ctx *ctx, bool b);
casc_attr *casc_attr_array(casc_ctx *ctx, unsigned n, casc_attr *const *elems);
/* Entries are copied and sorted by name; a later duplicate key replaces an
 * earlier one. An entry whose name is NULL (an interning that ran out of
 * memory) makes the result NULL. */
casc_attr *casc_attr_dict(casc_ctx *ctx, unsigned n,
                          const casc_named_attr *entries);
casc_attr *casc_attr_type(casc_ctx *ctx, casc_type *t);
casc_attr *casc_attr_symref(casc_ctx *ctx, unsigned n, const char *const *path);
casc_attr *casc_attr_kernel_arg(casc_ctx *ctx, int64_t kind);
casc_attr *casc_attr_opaque(casc_ctx *ctx, const char *text);

/* Lookup in a DICT attribute (NULL dict allowed). */
casc_attr *casc_dict_get(const casc_attr *dict, const char *name);
/* New dict with name set to value (value NULL removes the entry). */
casc_attr *casc_dict_set(casc_ctx *ctx, const casc_attr *dict, const char *name,
                         casc_attr *value);

/* ------------------------------------------------------------------------ */
/* Locations                                                                 */

typedef enum {
  CASC_LOC_UNKNOWN,
  CASC_LOC_FILE,     /* "file":line:col */
  CASC_LOC_NAME,     /* "name"(child) or "name" */
  CASC_LOC_CALLSITE, /* callsite(callee at caller) */
  CASC_LOC_FUSED     /* fused[a, b] */
} casc_loc_kind;

/* The kind shares its word with a file location's column, so that a file
 * location, one per parsed op, is 16 bytes: only the other kinds have the
 * whole struct. Never copy a casc_loc by value (a file location has no
 * bytes past u.file). A column past CASC_LOC_MAX_COL is kept as that. */
#define CASC_LOC_MAX_COL 0xffffffu
struct casc_loc {
  union {
    struct {
      unsigned kind : 8; /* a casc_loc_kind */
    };
    union {
      struct {
        unsigned : 8; /* the kind */
        unsigned col : 24;
        unsigned line;
        const char *file;
      } file;
      struct {
        uint64_t header_; /* the kind */
        const char *name;
        casc_loc *child;
      } name; /* child may be NULL */
      struct {
        uint64_t header_;
        casc_loc *callee, *caller;
      } callsite;
      struct {
        uint32_t header_;
        unsigned n;
        casc_loc **locs;
      } fused;
    } u;
  };
};

casc_loc *casc_loc_unknown(casc_ctx *ctx);
casc_loc *casc_loc_file(casc_ctx *ctx, const char *file, unsigned line,
                        unsigned col);
casc_loc *casc_loc_name(casc_ctx *ctx, const char *name, casc_loc *child);
casc_loc *casc_loc_callsite(casc_ctx *ctx, casc_loc *callee, casc_loc *caller);
casc_loc *casc_loc_fused(casc_ctx *ctx, unsigned n, casc_loc *const *locs);
/* The first file:line:col inside loc (through names, callsites' caller... as
 * MLIR does for diagnostics: a callsite reports its callee), or NULL. */
const casc_loc *casc_loc_find_file(const casc_loc *loc);

/* ------------------------------------------------------------------------ */
/* Ops, values, blocks, regions                                              */

/* Op kinds are row numbers in the op table (src/dialect/ops.def; the
 * CASC_OP_* names are in src/dialect/dialect.h). 0 = unregistered op. */
typedef unsigned casc_op_kind;
#define CASC_OP_UNREGISTERED 0u
/* Kind of a registered op name, or CASC_OP_UNREGISTERED. */
casc_op_kind casc_op_kind_lookup(const char *name, size_t len);

/* 32 bytes: the operand number is the use's place in its user's operand
 * array (casc_use_index), not a field. */
struct casc_use {
  casc_value *value;
  casc_op *user;
  casc_use *next, **prevp; /* intrusive use list of value */
};

/* 32 bytes. A block argument's block, location and attributes live
 * beside it (casc_value_block, casc_value_loc, casc_value_arg_attrs):
 * results, most of a module's values, have none of them. */
struct casc_value {
  casc_type *type;
  casc_use *first_use;
  casc_op *def;   /* defining op, or NULL for a block argument */
  unsigned index; /* result number / argument number */
  /* The printer's SSA name of the value while it prints (0 otherwise):
   * kept in what was padding, it replaces a value -> name map that cost
   * 16 bytes a value at the peak of a large `casc opt` (text/printer.h). */
  uint32_t print_name;
};

/* The block a block argument belongs to; NULL for an op result (its
 * op's parent is the block to use). */
casc_block *casc_value_block(const casc_value *v);
/* Location of a block argument; NULL for an op result (its op's loc is
 * the one to use). */
casc_loc *casc_value_loc(const casc_value *v);
/* Sets a block argument's location (ignored for an op result). */
void casc_value_set_loc(casc_value *v, casc_loc *loc);
/* Attributes of a func.func entry block argument: a DICT or NULL (always
 * NULL for an op result). */
casc_attr *casc_value_arg_attrs(const casc_value *v);
/* Sets them (ignored for an op result). */
void casc_value_set_arg_attrs(casc_value *v, casc_attr *attrs);

struct casc_op {
  /* The counts first, so that no padding sits between them and the
   * pointers (56 bytes an op). The results and regions sit in front of the
   * op (casc_op_results, casc_op_regions) and the operands' capacity is not
   * kept: both follow from where they are (ops.c). The name is the op
   * table's (casc_op_name); an unregistered op's name and properties sit
   * in front of its regions (casc_op_props). */
  /* 16-bit counts (at most CASC_OP_MAX_COUNT: creation and growth past
   * it fail with a located error) keep the op at 56 bytes. */
  uint16_t kind; /* a casc_op_kind */
  uint16_t nops;
  uint16_t nres;
  uint16_t nregions;
  casc_loc *loc;
  casc_use *operands;
  casc_attr *attrs; /* DICT or NULL */
  casc_op *prev, *next;
  casc_block *parent;
};

struct casc_block {
  unsigned nargs, cap_args;
  casc_value **args;
  casc_op *first, *last;
  casc_region *parent;
  casc_block *prev, *next;
};

struct casc_region {
  casc_block *first, *last;
  casc_op *parent;
};

/* The most operands, results or regions an op can have. */
#define CASC_OP_MAX_COUNT 65535u

/* Creation. Operands, result types, attributes (a DICT or NULL) and the
 * number of regions are fixed at creation; regions start empty. More than
 * CASC_OP_MAX_COUNT of any is a located error (NULL). */
casc_op *casc_op_create(casc_ctx *ctx, const char *name, casc_loc *loc,
                        unsigned nops, casc_value *const *operands,
                        unsigned nres, casc_type *const *result_types,
                        casc_attr *attrs, unsigned nregions);
casc_op *casc_op_create_kind(casc_ctx *ctx, casc_op_kind kind, casc_loc *loc,
                             unsigned nops, casc_value *const *operands,
                             unsigned nres, casc_type *const *result_types,
                             casc_attr *attrs, unsigned nregions);

/* The nres results, right in front of op (an op is made with them). */
static inline casc_value *casc_op_results(const casc_op *op) {
  return (casc_value *)op - op->nres;
}
/* The nregions regions, right in front of the results. */
static inline casc_region *casc_op_regions(const casc_op *op) {
  return (casc_region *)casc_op_results(op) - op->nregions;
}
static inline casc_value *casc_op_operand(const casc_op *op, unsigned i) {
  return op->operands[i].value;
}
/* Operand number of a use in its user. */
static inline unsigned casc_use_index(const casc_use *u) {
  return (unsigned)(u - u->user->operands);
}
static inline casc_value *casc_op_result(casc_op *op, unsigned i) {
  return &casc_op_results(op)[i];
}
void casc_op_set_operand(casc_op *op, unsigned i, casc_value *v);
/* Append an operand (grows the operand list). */
void casc_op_add_operand(casc_ctx *ctx, casc_op *op, casc_value *v);
/* Replace the operand list. */
void casc_op_set_operands(casc_ctx *ctx, casc_op *op, unsigned n,
                          casc_value *const *vals);
/* An unregistered op's `<{...}>` properties: a DICT or NULL (always NULL
 * for a registered op, whose properties are among its attributes). */
casc_attr *casc_op_props(const casc_op *op);
/* Sets them; false (nothing changes) for a registered op given
 * properties other than NULL. */
bool casc_op_set_props(casc_op *op, casc_attr *props);
/* The op's full name, e.g. "ascendc.pipe" (the op table's spelling for a
 * registered op, an interned string for an unregistered one). */
const char *casc_op_name(const casc_op *op);
casc_attr *casc_op_attr(const casc_op *op, const char *name);
void casc_op_set_attr(casc_ctx *ctx, casc_op *op, const char *name,
                      casc_attr *value);
/* Integer value of an integer/bool attribute, or dflt if absent. */
int64_t casc_op_attr_int(const casc_op *op, const char *name, int64_t dflt);
static inline casc_region *casc_op_region(casc_op *op, unsigned i) {
  return &casc_op_regions(op)[i];
}
const casc_op_info *casc_op_info_of(const casc_op *op);
/* Parent op of op (through block and region), or NULL. */
casc_op *casc_op_parent_op(const casc_op *op);
/* True if ancestor contains op (strictly or op == ancestor). */
bool casc_op_is_ancestor(const casc_op *ancestor, const casc_op *op);

/* Blocks and regions. */
casc_block *casc_block_create(casc_ctx *ctx);
casc_value *casc_block_add_arg(casc_ctx *ctx, casc_block *b, casc_type *t,
                               casc_loc *loc);
void casc_region_push_block(casc_region *r, casc_block *b);
/* Entry block of a region, creating it if the region is empty. */
casc_block *casc_region_entry(casc_ctx *ctx, casc_region *r);
casc_op *casc_block_terminator(const casc_block *b);

/* Linking. */
void casc_block_append(casc_block *b, casc_op *op);
void casc_op_insert_before(casc_op *anchor, casc_op *op);
void casc_op_insert_after(casc_op *anchor, casc_op *op);
void casc_op_unlink(casc_op *op);
void casc_op_move_before(casc_op *anchor, casc_op *op);
/* Unlink op, drop its operand uses and those of everything nested. Its
 * results must have no remaining uses outside the erased op (checked by the
 * caller; debug builds of the verifier report dangling uses). */
void casc_op_erase(casc_op *op);
void casc_value_replace_all_uses(casc_value *from, casc_value *to);
bool casc_value_has_uses(const casc_value *v);
unsigned casc_value_num_uses(const casc_value *v);

/* Walk: visit every op nested in op (including op itself). Returning false
 * from the callback stops the walk; the walk returns false then. Post-order
 * visits an op after everything nested in it. The callback may erase the op
 * it is given (the walker keeps the next pointer first). */
typedef bool (*casc_walk_fn)(casc_op *op, void *user);
bool casc_walk_pre(casc_op *op, casc_walk_fn fn, void *user);
bool casc_walk_post(casc_op *op, casc_walk_fn fn, void *user);
bool casc_walk_region_pre(casc_region *r, casc_walk_fn fn, void *user);

/* ------------------------------------------------------------------------ */
/* Builder                                                                   */

typedef struct {
  casc_ctx *ctx;
  casc_block *block; /* insertion block */
  casc_op *before;   /* insert before this op; NULL = at the end of block */
  casc_loc *loc;     /* location given to created ops */
} casc_builder;

void casc_builder_init(casc_builder *b, casc_ctx *ctx);
void casc_builder_set_end(casc_builder *b, casc_block *block);
void casc_builder_set_before(casc_builder *b, casc_op *op);
void casc_builder_set_after(casc_builder *b, casc_op *op);
/* Create an op at the insertion point (kind from the op table). */
casc_op *casc_build(casc_builder *b, casc_op_kind kind, unsigned nops,
                    casc_value *const *operands, unsigned nres,
                    casc_type *const *result_types, casc_attr *attrs,
                    unsigned nregions);
void casc_builder_insert(casc_builder *b, casc_op *op);

/* builtin.module with one region and an empty entry block. */
casc_op *casc_module_create(casc_ctx *ctx, casc_loc *loc);
casc_block *casc_module_body(casc_op *module);
/* Find func.func @name directly inside module, or NULL. */
casc_op *casc_module_lookup_func(casc_op *module, const char *name);
/* Symbol name of a func.func (its sym_name attribute) or NULL. */
const char *casc_func_name(const casc_op *func);
/* Function type of a func.func or NULL. */
casc_type *casc_func_type(const casc_op *func);

/* ------------------------------------------------------------------------ */
/* Verifier (src/ir/verify.c)                                                */

/* Check operand/result counts and types against the op table, attributes,
 * SSA dominance within structured regions, terminators and the structural
 * rules of builtin/func/scf ops. Each failure is a located error through the
 * context's handler. Returns true if op (and everything in it) is valid. */
bool casc_verify(casc_ctx *ctx, casc_op *op);

/* ---- element types ------------------------------------------------------ */
/* The scalar element types of tensors and scalars, numbered once for every
 * layer (dtype sets in the op table are bit masks over this enum). */
typedef enum {
  CASC_DT_INVALID = 0,
  CASC_DT_BOOL, /* i1 stored as one byte */
  CASC_DT_I8,
  CASC_DT_I16,
  CASC_DT_I32,
  CASC_DT_I64,
  CASC_DT_U8,
  CASC_DT_U16,
  CASC_DT_U32,
  CASC_DT_U64,
  CASC_DT_F16,
  CASC_DT_BF16,
  CASC_DT_F32,
  CASC_DT_F64,
  CASC_DT_COUNT_
} casc_dtype;

/* Size in bytes (0 for CASC_DT_INVALID). */
unsigned casc_dtype_size(casc_dtype dt);
/* IR spelling: "f16", "bf16", "i32", "ui8", "i1" ... */
const char *casc_dtype_name(casc_dtype dt);
/* dtype of an IR scalar type (index counts as i64), CASC_DT_INVALID if none. */
casc_dtype casc_dtype_of_type(const casc_type *t);

#define CASC_DT_BIT(dt) (1u << (dt))

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif
