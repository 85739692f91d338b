/* Internal state and helpers shared by the files of the Ascend C emitter.
 * One casc_emitter lives for one call of casc_emit_ascendc_buf; value names
 * and the set of C++ names already declared are reset per function. */
#ifndef CASC_TARGET_ASCENDC_EMITTER_H
#define CASC_TARGET_ASCENDC_EMITTER_H

#include <stdbool.h>

#include "casc/buf.h"
#include "casc/ir.h"
#include "dialect/dialect.h"
#include "util/hashmap.h"
#include "util/ptrmap.h"

typedef struct casc_emitter {
  casc_ctx *ctx;
  casc_buf *out;
  unsigned indent;       /* nesting level; 2 spaces each */
  casc_ptrmap names;     /* casc_value* -> C++ name (per function) */
  casc_hashmap declared; /* C++ name -> non-NULL (per function) */
  unsigned next_id;      /* vN counter (per function) */
  unsigned mask_lists;   /* <dst>_mask_listN counter (per function) */
} casc_emitter;

/* ---- names (emit_names.c) ------------------------------------------------ */
void casc_em_reset_function(casc_emitter *e);
/* Name of a value already defined, or NULL (after reporting an error at op
 * when op is not NULL). */
const char *casc_em_name(casc_emitter *e, casc_value *v, casc_op *op);
/* Give v a fresh `vN` name (+ `_<name>` from a NameLoc). */
const char *casc_em_define(casc_emitter *e, casc_value *v);
/* Give v the name base, made unique in the function with a `_N` suffix. */
const char *casc_em_define_as(casc_emitter *e, casc_value *v, const char *base);
/* A fresh C++ identifier derived from base (not bound to a value). */
const char *casc_em_fresh(casc_emitter *e, const char *base);

/* ---- C++ types (emit_types.c) ----------------------------------------------
 */
/* Append the C++ spelling of t; false (nothing appended) if t has none. */
bool casc_em_type(casc_buf *b, const casc_type *t);
/* The same with integers spelt unsigned (pyasc's emitAsUnsigned, used by a
 * few APIs that take raw bytes or mask types): i8 -> uint8_t, memref<?xi8>
 * -> uint8_t*. */
bool casc_em_type_unsigned(casc_buf *b, const casc_type *t);
/* As casc_em_type, reporting "unable to emit C++ type" at op on failure. */
/* The C++ type of a scalar type's IR text [s, end) (iN, siN, uiN, f16,
 * bf16, f32, f64, index), for types kept as opaque text; false if not one. */
bool casc_em_scalar_type_text(casc_buf *b, const char *s, const char *end);
bool casc_em_type_at(casc_emitter *e, casc_buf *b, const casc_type *t,
                     casc_op *op);

/* ---- output ------------------------------------------------------------- */
/* Frees a scratch buffer whose text was meant for dst. A scratch buffer
 * that ran out of memory marks dst out of memory too, so that the final
 * check of the output (casc_emit_ascendc_buf) catches every lost piece. */
void casc_em_scratch_done(casc_buf *dst, casc_buf *scratch);
void casc_em_indent(casc_emitter *e);
/* `T name` for a value (defining its name); false on a type error. */
bool casc_em_decl(casc_emitter *e, casc_buf *b, casc_value *v, casc_op *op);
bool casc_em_fail(casc_emitter *e, casc_op *op, const char *what);

/* Emit one op as one statement (with its `;`), at the current indent. */
bool casc_em_op(casc_emitter *e, casc_op *op);
/* Emit the ops of a block, one statement each, at the current indent. */
bool casc_em_block(casc_emitter *e, casc_block *b);

/* ---- per-dialect emitters: return false after an error; *stmt set to
 * false when the op printed a compound statement that takes no `;`. ------ */
bool casc_em_arith(casc_emitter *e, casc_op *op, bool *semi);
bool casc_em_scf(casc_emitter *e, casc_op *op, bool *semi);
bool casc_em_misc(casc_emitter *e, casc_op *op, bool *semi);
bool casc_em_memref(casc_emitter *e, casc_op *op, bool *semi);
/* AippParams filled member by member (emit_aipp.c): is_aipp_params for
 * its construct, aipp_member_only for a member struct's construct that only
 * AippParams constructs use (printed as nothing). */
bool casc_em_is_aipp_params(const casc_op *op);
bool casc_em_aipp_member_only(const casc_op *op);
bool casc_em_aipp_params(casc_emitter *e, casc_op *op);
bool casc_em_is_aipp_struct(const casc_op *op);
bool casc_em_aipp_struct(casc_emitter *e, casc_op *op);
/* Python structs (emit_py_struct.c). */
bool casc_em_is_py_struct(const casc_type *t);
bool casc_em_py_struct_name(casc_buf *b, const casc_type *t);
bool casc_em_declare_py_struct(casc_emitter *e, casc_op *op);
bool casc_em_copy_struct(casc_emitter *e, casc_op *op);
/* Struct members: emitasc.member, member_ptr, member_ref, set_member
 * (emit_member.c). */
bool casc_em_member(casc_emitter *e, casc_op *op);
/* The matmul::Matmul type (`!ascendc.matmul<...>`, kept as opaque text) and
 * GetMatmulApiTiling (emit_matmul_type.c). */
bool casc_em_is_matmul_type(const casc_type *t);
/* Append `constexpr static MatmulConfig CFG{...};matmul::Matmul<A, B, C,
 * Bias, CFG>` as pyasc prints the type; false (and what is wrong with the
 * type appended to err, when not NULL) if it has no C++ form. */
bool casc_em_matmul_type(casc_buf *b, const casc_type *t, casc_buf *err);
bool casc_em_get_matmul_api_tiling(casc_emitter *e, casc_op *op);
/* ascendc ops whose C++ depends on other ops (emit_inferred.c). */
bool casc_em_is_inferred(const casc_op *op);
bool casc_em_inferred(casc_emitter *e, casc_op *op, bool *semi);
/* Ops driven by the op table: the emit pattern or the generic constructor /
 * member function / free function emitters (emit_pattern.c). */
bool casc_em_table(casc_emitter *e, casc_op *op, bool *semi);

/* A float constant's C++ initialiser as pyasc prints it: `(float)` /
 * `(double)` and APFloat's scientific form at the format's natural
 * precision (`(float)1.230000020e+00`, `1.50000e+00` for half), or
 * `[-]__builtin_inff()` (emit_arith.c). */
void casc_em_float_literal(casc_buf *b, double v, casc_float_kind fk);

/* Integer value of an IntegerAttr/BoolAttr, false if a is neither. */
bool casc_em_attr_int(const casc_attr *a, int64_t *v);
/* Attribute of op by name, looking at inherent properties too. */
casc_attr *casc_em_attr(const casc_op *op, const char *name);

#endif
