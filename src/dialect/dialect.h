/* The op table, type table and enum table, as seen by every internal layer.
 * ops.def is the single source of truth for ops: the parser, printer,
 * verifier, emitter and simulator all read it (docs/architecture.md §3). */
#ifndef CASC_DIALECT_H
#define CASC_DIALECT_H

#include "casc/ir.h"

/* ---- enums -------------------------------------------------------------- */
typedef enum {
#define CASC_ENUM(id, name, cxxprefix, kws, cxxs) CASC_ENUM_##id,
#include "dialect/enums.def"
#undef CASC_ENUM
  CASC_ENUM_COUNT_
} casc_enum_kind;

#define CASC_ENUM_MAX_VALUES 48
typedef struct {
  const char *name;      /* "TPosition" */
  const char *cxxprefix; /* "AscendC::TPosition::" */
  unsigned count;
  const char *kw[CASC_ENUM_MAX_VALUES];  /* NULL where the value has none */
  const char *cxx[CASC_ENUM_MAX_VALUES]; /* C++ enumerator / operator */
} casc_enum_info;

const casc_enum_info *casc_enum_get(casc_enum_kind k);
/* Value of keyword kw (len bytes) in enum k, or -1. */
int casc_enum_parse(casc_enum_kind k, const char *kw, size_t len);
/* Keyword of value v, or NULL if out of range or unnamed. */
const char *casc_enum_keyword(casc_enum_kind k, int64_t v);
const char *casc_enum_cxx(casc_enum_kind k, int64_t v);

/* ---- registered types ---------------------------------------------------- */
enum {
#define CASC_TYPE(id, dialect, mnemonic, params, cxx) CASC_ASC_##id,
#include "dialect/types.def"
#undef CASC_TYPE
  CASC_ASC_TYPE_COUNT_
};

typedef struct {
  const char *dialect;  /* "ascendc" */
  const char *mnemonic; /* "que_bind" */
  const char *params;   /* see types.def */
  const char *cxx;
} casc_asc_type_info;
const casc_asc_type_info *casc_asc_type_get(casc_asc_type id);
/* Registered type id for dialect + mnemonic, or -1. */
int casc_asc_type_lookup(const char *dialect, size_t dlen, const char *mnem,
                         size_t mlen);

/* ---- ops ----------------------------------------------------------------- */
enum {
  CASC_OP_UNREGISTERED_ = 0,
#define CASC_OP(id, name, api, pipe, flags, operands, results, attrs, format,  \
                emit, cls, dtypes, sim)                                        \
  CASC_OP_##id,
#include "dialect/ops.def"
#undef CASC_OP
  CASC_OP_COUNT_
};

/* Hardware pipe an op is issued to (docs/ascendc-facts.md §6). COPY = decided
 * by the operand types (GM->UB MTE2, UB->GM MTE3, UB->UB V). */
typedef enum {
  CASC_PIPE_NONE, /* structural / no hardware work (func, scf, constants) */
  CASC_PIPE_S,
  CASC_PIPE_V,
  CASC_PIPE_M,
  CASC_PIPE_MTE1,
  CASC_PIPE_MTE2,
  CASC_PIPE_MTE3,
  CASC_PIPE_FIX,
  CASC_PIPE_COPY
} casc_hw_pipe;

/* The family of an op (ops.def CLASS column, op_classes.def). */
typedef enum {
#define CASC_OP_CLASS(id, name, vec, doc) CASC_CLS_##id,
#include "dialect/op_classes.def"
#undef CASC_OP_CLASS
  CASC_CLS_COUNT_
} casc_op_class;

/* "binary-l2" ... */
const char *casc_op_class_name(casc_op_class c);
/* True for the vector families (CASC_CLS_V*). */
bool casc_op_class_is_vector(casc_op_class c);

/* Element-type sets of the DTYPES column: masks of CASC_DT_BIT(casc_dtype).
 * The vector sets are the types the Ascend C reference lists for the op on
 * Atlas A2 (docs/ascendc-facts.md §7 for Add; the API reference per op). */
#define CASC_DTS_ANY 0u /* not restricted by the table */
#define CASC_DTS_INT                                                           \
  (CASC_DT_BIT(CASC_DT_BOOL) | CASC_DT_BIT(CASC_DT_I8) |                       \
   CASC_DT_BIT(CASC_DT_I16) | CASC_DT_BIT(CASC_DT_I32) |                       \
   CASC_DT_BIT(CASC_DT_I64) | CASC_DT_BIT(CASC_DT_U8) |                        \
   CASC_DT_BIT(CASC_DT_U16) | CASC_DT_BIT(CASC_DT_U32) |                       \
   CASC_DT_BIT(CASC_DT_U64))
#define CASC_DTS_FLOAT                                                         \
  (CASC_DT_BIT(CASC_DT_F16) | CASC_DT_BIT(CASC_DT_BF16) |                      \
   CASC_DT_BIT(CASC_DT_F32) | CASC_DT_BIT(CASC_DT_F64))
#define CASC_DTS_ELEM (CASC_DTS_INT | CASC_DTS_FLOAT)
/* half, float */
#define CASC_DTS_HF (CASC_DT_BIT(CASC_DT_F16) | CASC_DT_BIT(CASC_DT_F32))
/* half, float, int16, int32: Add, Sub, Mul, Max, Min and their scalar forms */
#define CASC_DTS_ARITH                                                         \
  (CASC_DTS_HF | CASC_DT_BIT(CASC_DT_I16) | CASC_DT_BIT(CASC_DT_I32))
#define CASC_DTS_HF_I16 (CASC_DTS_HF | CASC_DT_BIT(CASC_DT_I16))
#define CASC_DTS_HF_I32 (CASC_DTS_HF | CASC_DT_BIT(CASC_DT_I32))
/* int16, uint16: And, Or, Not */
#define CASC_DTS_B16 (CASC_DT_BIT(CASC_DT_I16) | CASC_DT_BIT(CASC_DT_U16))
/* 16- and 32-bit integers: ShiftLeft, ShiftRight */
#define CASC_DTS_BITS                                                          \
  (CASC_DTS_B16 | CASC_DT_BIT(CASC_DT_I32) | CASC_DT_BIT(CASC_DT_U32))
/* Duplicate: also bfloat16 on A2 (Ascend C API reference, Duplicate) */
#define CASC_DTS_DUP (CASC_DTS_HF | CASC_DTS_BITS | CASC_DT_BIT(CASC_DT_BF16))
/* Compare's dst (the result bits): int8, uint8; CompareScalar's: uint8 */
#define CASC_DTS_CMP (CASC_DT_BIT(CASC_DT_I8) | CASC_DT_BIT(CASC_DT_U8))
#define CASC_DTS_U8 CASC_DT_BIT(CASC_DT_U8)
/* half only: BilinearInterpolation (Ascend C API reference, A2) */
#define CASC_DTS_F16 CASC_DT_BIT(CASC_DT_F16)
/* DataCopyPad with DataCopyParams: half, float, (u)int8/16/32 */
#define CASC_DTS_PAD                                                           \
  (CASC_DTS_HF | CASC_DTS_BITS | CASC_DT_BIT(CASC_DT_I8) |                     \
   CASC_DT_BIT(CASC_DT_U8))
/* DataCopyPad with DataCopyExtParams: also bfloat16, (u)int64, double */
#define CASC_DTS_PAD_EXT                                                       \
  (CASC_DTS_PAD | CASC_DT_BIT(CASC_DT_BF16) | CASC_DT_BIT(CASC_DT_I64) |       \
   CASC_DT_BIT(CASC_DT_U64) | CASC_DT_BIT(CASC_DT_F64))

/* "half, float, int16, int32": the dtypes of set (pyasc's names), in a
 * fixed order, into buf; returns buf. */
const char *casc_dtype_set_text(uint32_t set, char *buf, size_t n);
/* pyasc's name of one dtype ("half", "bfloat16", "int16", ...). */
const char *casc_dtype_pyasc_name(casc_dtype dt);
/* The one message for an operand whose dtype is not in the op's DTYPES,
 * used by the C front end and the simulator alike:
 * "dst has dtype int8; Add supports half, float, int16, int32". */
const char *casc_op_dtype_error(const casc_op_info *info, const char *what,
                                casc_dtype dt, char *buf, size_t n);

/* Cast on Atlas A2: true if Cast converts src to dst with RoundMode mode
 * (cast_rules.c); the _pair form ignores the mode. */
bool casc_cast_supported(casc_dtype dst, casc_dtype src, int mode);
bool casc_cast_pair_supported(casc_dtype dst, casc_dtype src);

/* Op flags. */
enum {
  CASC_F_PURE = 1u << 0,       /* no side effects: CSE/DCE may act */
  CASC_F_TERMINATOR = 1u << 1, /* ends a block */
  CASC_F_CTOR = 1u << 2,       /* AscConstructor: `T vN;` */
  CASC_F_MEMBER = 1u << 3,     /* AscMemberFunc: `vA.Api(...)` */
  CASC_F_FUNC = 1u << 4,       /* AscFunc: `AscendC::Api(...)` */
  CASC_F_CUSTOM = 1u << 5,     /* hand-written syntax in src/text/custom_*.c */
  CASC_F_ISOLATED = 1u << 6,   /* IsolatedFromAbove (func.func, module) */
  CASC_F_SYMBOL = 1u << 7,     /* defines a symbol (sym_name) */
  CASC_F_NO_TERM = 1u << 8,    /* its regions need no terminator (module) */
  CASC_F_CONST = 1u << 9,      /* constant-like (foldable materialisation) */
  CASC_F_COMMUTATIVE = 1u << 10
};

/* Type constraints of operands and results (the names used in ops.def). */
typedef enum {
#define CASC_CONSTRAINT(id, name) CASC_C_##id,
#include "dialect/constraints.def"
#undef CASC_CONSTRAINT
  CASC_C_COUNT_
} casc_constraint;

#define CASC_MAX_ARGS 16
typedef struct {
  const char *name; /* "dst" */
  casc_constraint c;
  char card;   /* 0 single, '?' optional, '*' variadic */
  int same_as; /* -1, or index of the operand (< 100) or result
                  (100 + i) whose type this one must equal */
} casc_arg_spec;

typedef struct {
  const char *name; /* "event" */
  int kind;         /* casc_attr_spec_kind */
  int enum_kind;    /* casc_enum_kind for CASC_A_ENUM, else -1 */
  bool optional;
} casc_attr_spec;

typedef enum {
  CASC_A_ANY,
  CASC_A_UNIT,
  CASC_A_INT, /* IntegerAttr of any type */
  CASC_A_I32,
  CASC_A_I64,
  CASC_A_INDEX, /* IntegerAttr of type index, printed bare in formats */
  CASC_A_UI8,   /* IntegerAttr of type ui8 (ODS UI8Attr), printed bare */
  CASC_A_FLOAT,
  CASC_A_STR,
  CASC_A_SYM,   /* FlatSymbolRefAttr */
  CASC_A_TYPE,  /* TypeAttr */
  CASC_A_TYPED, /* TypedAttr: integer or float with its type (constant value) */
  CASC_A_ARRAY,
  CASC_A_DICT,
  CASC_A_ENUM /* I32EnumAttr-like, stored as an integer of its own type */
} casc_attr_spec_kind;

struct casc_op_info {
  const char *name; /* "ascendc.que_bind.free_tensor" */
  const char *api;  /* "FreeTensor", "" when none */
  casc_hw_pipe pipe;
  unsigned flags;
  const char *operands_spec, *results_spec, *attrs_spec, *format;
  const char *emit; /* ops.def's emit column */
  casc_op_class cls;
  uint32_t dtypes; /* CASC_DTS_* mask; 0 = not restricted */
  const char *sim; /* SIM column as written ("ADD", "ALLOC_TENSOR", "NONE") */
  /* parsed once from the specs above */
  unsigned nopnds, nress, nattrs;
  casc_arg_spec opnds[CASC_MAX_ARGS];
  casc_arg_spec ress[4];
  casc_attr_spec attrs[CASC_MAX_ARGS];
  bool has_variadic_operands; /* more than the fixed list possible */
  unsigned nflex_opnds;       /* optional or variadic operand specs */
};

/* Op table row for kind (kind 0 = unregistered: returns NULL). */
const casc_op_info *casc_op_info_get(casc_op_kind kind);
unsigned casc_op_table_size(void);
/* The kind of a row returned by casc_op_info_get. */
casc_op_kind casc_op_info_kind(const casc_op_info *info);
/* Name of the first op whose ops.def row is malformed (bad constraint or
 * attribute kind, unknown =other, duplicate name), or NULL. */
const char *casc_op_table_error(void);
/* True if type t satisfies constraint c. */
bool casc_constraint_check(casc_constraint c, const casc_type *t);
const char *casc_constraint_name(casc_constraint c);
/* The one type constraint c admits, if it admits exactly one (e.g. I1,
 * UI64, Pipe); NULL otherwise. Used to infer unprinted types. */
casc_type *casc_constraint_buildable(casc_ctx *ctx, casc_constraint c);
/* Index of the operand/result/attr spec named name, or -1. */
int casc_op_info_operand(const casc_op_info *info, const char *name,
                         size_t len);
int casc_op_info_result(const casc_op_info *info, const char *name, size_t len);
int casc_op_info_attr(const casc_op_info *info, const char *name, size_t len);

/* Operand groups: for ops with optional/variadic operands, the number of
 * operands in each operand spec is recorded in the op's attribute
 * "operandSegmentSizes" only when more than one spec is optional/variadic
 * (MLIR's rule); otherwise it is derived from the total count. These give
 * the [begin, begin+count) range of spec i in op's operand list. */
/* The operandSegmentSizes of op (attribute or property), or 0 entries. */
unsigned casc_op_segment_sizes(const casc_op *op, unsigned *sizes,
                               unsigned max);
bool casc_op_operand_group(const casc_op *op, unsigned spec, unsigned *begin,
                           unsigned *count);
/* The same with op's row (casc_op_info_of(op)) at hand, for a caller that
 * asks for every spec of every op, as the verifier does. */
bool casc_op_operand_group_of(const casc_op *op, const casc_op_info *info,
                              unsigned spec, unsigned *begin, unsigned *count);

/* ---- TCubeTiling ----------------------------------------------------------
 */
/* The struct's int32 fields (cube_tiling.c), and the index of the one whose
 * C++ name is `name`, or -1. */
#define CASC_CUBE_TILING_FIELDS 49
int casc_cube_tiling_field(const char *name);

#endif
