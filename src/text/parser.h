/* Parser state shared by the files of the text layer that read IR text:
 * parser.c (ops, regions, SSA names), parse_type.c, parse_attr.c,
 * parse_loc.c, format.c (declarative formats) and custom_*.c. */
#ifndef CASC_TEXT_PARSER_H
#define CASC_TEXT_PARSER_H

#include <stdarg.h>
#include <stdbool.h>

#include "casc/diag.h"
#include "casc/ir.h"
#include "casc/text.h"
#include "dialect/dialect.h"
#include "text/lexer.h"
#include "util/arena.h"
#include "util/grow.h"
#include "util/hashmap.h"

/* Nesting limit for types, attributes, locations and regions: deeper input
 * is rejected with a diagnostic instead of exhausting the stack. */
#define CASC_PARSE_MAX_DEPTH 200

typedef struct pp_ssa_entry pp_ssa_entry;
typedef struct pp_pending_loc pp_pending_loc;

typedef struct casc_parser {
  casc_ctx *ctx;
  casc_lexer lx;
  casc_tok tok;
  const char *filename; /* interned */
  bool failed;
  unsigned depth;
  /* Per-op scratch: parse_op gives back what an op's parse allocated here
   * once the op is built (nested ops release in LIFO order), so a module's
   * parse needs scratch for its deepest nest of ops, not for all of them. */
  casc_arena tmp;
  /* Parser-lifetime: SSA entries, aliases, pending location references. */
  casc_arena keep;

  /* SSA names: chained hash table; definitions are popped in LIFO order
   * when their region ends, so a popped entry is always its bucket's head. */
  pp_ssa_entry **buckets;
  unsigned nbuckets;
  pp_ssa_entry **defs;        /* definition stack */
  pp_ssa_entry *free_entries; /* popped entries, reused by pp_define */
  unsigned ndefs, cap_defs;
  unsigned iso_scope; /* id of the innermost isolated-from-above scope */
  unsigned next_iso_scope;

  /* Types already parsed, by their spelling in the source (a module spells
   * the same few types on every line): the text of `!d.t<...>` or
   * `name<...>` -> casc_type (pp_parse_type). Keys are copies in keep. */
  casc_hashmap type_memo;

  /* `#name = ...` and `!name = ...` definitions (name -> pp_alias). */
  casc_hashmap hash_aliases, excl_aliases;
  /* `loc(#locN)` used before #locN was defined (resolved at the end). */
  pp_pending_loc *pending;
  /* The module being built (for resolving forward location references). */
  casc_op *top;

  /* Where parsed ops go. */
  casc_block *block;
  /* Default dialect for op names without a dot ("builtin", "func", ""). */
  const char *default_dialect;
  /* Name of the custom op being parsed (for "custom op 'x' ..." errors). */
  const char *custom_op;

  /* casc_parse_module_consuming: told, op by op, how far the text has been
   * read, so its owner can give back what lies behind. */
  casc_parse_consumed_fn consumed;
  void *consumed_user;
  size_t consumed_next; /* offset at which to tell it next */
} casc_parser;

/* ---- tokens --------------------------------------------------------- */
void pp_next(casc_parser *p);
bool pp_is(const casc_parser *p, casc_tok_kind k);
bool pp_consume(casc_parser *p, casc_tok_kind k);
/* what: the spelling used in "expected 'what'". */
bool pp_expect(casc_parser *p, casc_tok_kind k, const char *what);
bool pp_is_kw(const casc_parser *p, const char *kw);
bool pp_consume_kw(casc_parser *p, const char *kw);
bool pp_expect_kw(casc_parser *p, const char *kw);
/* Location of the current token. */
casc_loc *pp_loc(casc_parser *p);
casc_loc *pp_loc_at(casc_parser *p, unsigned line, unsigned col);
/* Emit the parse error (only the first one is reported); returns false. */
bool pp_error(casc_parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* pp_custom_error at a given position (e.g. where an operand list began,
 * which is where MLIR reports operand/type count mismatches). */
bool pp_custom_error_at(casc_parser *p, unsigned line, unsigned col,
                        const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
bool pp_error_at(casc_parser *p, unsigned line, unsigned col, const char *fmt,
                 ...) __attribute__((format(printf, 4, 5)));
/* Error at the current token, as a custom op's parser reports it. */
bool pp_custom_error(casc_parser *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Depth guard for recursive constructs. */
bool pp_enter(casc_parser *p);
void pp_leave(casc_parser *p);
/* Decode the current string token into an interned string. */
const char *pp_string_value(casc_parser *p, size_t *len);
/* Parse an unsigned integer token (decimal or hex) into *v. */
bool pp_parse_uint(casc_parser *p, uint64_t *v);

/* ---- types ----------------------------------------------------------- */
bool pp_type_start(const casc_parser *p);
casc_type *pp_parse_type(casc_parser *p);
/* A type that may also be written in the stripped form `<vecin, 2>` of the
 * registered type that constraint c names (bare `type($x)` in formats). */
casc_type *pp_parse_type_for(casc_parser *p, casc_constraint c);
/* `(T, U) -> R` / `(T) -> (R, S)`: a function type. */
casc_type *pp_parse_function_type(casc_parser *p);
/* Comma-separated types (at least one). */
bool pp_parse_type_list(casc_parser *p, casc_type ***types, unsigned *n);
/* `-> T` / `-> (T, U)` after the arrow token was consumed. */
bool pp_parse_result_types(casc_parser *p, casc_type ***types, unsigned *n);
/* Registered type id that constraint c admits alone (for stripped types),
 * or -1. */
int casc_text_constraint_type(casc_constraint c);
/* Body `<...>` of registered type id (current token `<`). */
casc_type *pp_parse_asc_type_body(casc_parser *p, int id, unsigned line,
                                  unsigned col);

/* ---- attributes ------------------------------------------------------ */
bool pp_attr_start(const casc_parser *p);
casc_attr *pp_parse_attr(casc_parser *p);
/* An attribute whose type is known (no `: type` suffix is read): integers
 * and floats get type t. */
casc_attr *pp_parse_attr_typed(casc_parser *p, casc_type *t);
/* `{k = v, ...}` (current token `{`) into a DICT attribute. */
casc_attr *pp_parse_dict(casc_parser *p);
/* Optional `{...}`: *dict stays NULL when absent. */
bool pp_parse_opt_dict(casc_parser *p, casc_attr **dict);
/* Balanced text from the current `<` token to its matching `>`, returned
 * interned (including the brackets); the lexer continues after it. */
const char *pp_balanced_body(casc_parser *p);
/* Integer attribute of type t from an optional '-' and an integer token. */
casc_attr *pp_parse_int_value(casc_parser *p, casc_type *t);

/* ---- locations ------------------------------------------------------- */
/* Optional trailing `loc(...)`; sets *loc when present, else leaves it.
 * Forward references to `#locN` are patched at the end of the parse through
 * the given slot. */
bool pp_parse_opt_loc(casc_parser *p, casc_loc **slot);
/* Top-level `#name = ...` / `!name = ...` definition (current token). */
bool pp_parse_alias_def(casc_parser *p);
/* Resolve pending `loc(#locN)` references (end of file). */
bool pp_resolve_pending_locs(casc_parser *p);
/* Alias lookups (NULL if undefined). */
casc_attr *pp_lookup_attr_alias(casc_parser *p, const char *name, size_t len);
casc_loc *pp_lookup_loc_alias(casc_parser *p, const char *name, size_t len);
casc_type *pp_lookup_type_alias(casc_parser *p, const char *name, size_t len);

/* ---- SSA values ------------------------------------------------------ */
typedef struct {
  const char *name; /* "%x", pointing into the source */
  size_t len;
  unsigned num; /* #N */
  unsigned line, col;
} pp_ssa_use;

bool pp_parse_ssa_use(casc_parser *p, pp_ssa_use *u);
/* Value of a use; type (may be NULL) must match the value's type. */
casc_value *pp_resolve(casc_parser *p, const pp_ssa_use *u, casc_type *type);
/* %x with optional type check. */
bool pp_parse_operand(casc_parser *p, casc_type *type, casc_value **v);
/* Comma-separated uses (possibly none when allow_empty). */
bool pp_parse_ssa_use_list(casc_parser *p, pp_ssa_use **uses, unsigned *n,
                           bool allow_empty);
bool pp_define(casc_parser *p, const pp_ssa_use *u, casc_value **vals,
               unsigned n);

/* ---- regions --------------------------------------------------------- */
typedef struct {
  pp_ssa_use name;
  casc_type *type;
  casc_loc *loc;
  casc_attr *attrs; /* func arguments: dict or NULL */
} pp_arg;

/* Parse `{ ... }` into r (which must be empty). args (may be NULL) become
 * the entry block's arguments; isolated starts a fresh SSA name scope. An
 * empty `{}` without args leaves the region without blocks. */
bool pp_parse_region(casc_parser *p, casc_region *r, const pp_arg *args,
                     unsigned nargs, bool isolated, const char *dflt_dialect);
/* Parse `%name: type [attrs] [loc(...)]` argument lists of custom ops. */
bool pp_parse_arg(casc_parser *p, pp_arg *a, bool with_attrs);

/* ---- ops ------------------------------------------------------------- */
/* What a custom or declarative parser produces for one op. */
typedef struct {
  const char *name;
  casc_op_kind kind;
  const casc_op_info *info;
  casc_loc *loc;
  unsigned nres_bound; /* number of result names on the left of `=` */
  unsigned nops, cap_ops;
  casc_value **ops;
  unsigned nres, cap_res;
  casc_type **res;
  unsigned nattrs, cap_attrs;
  casc_named_attr *attrs;
  unsigned nregions, cap_regions;
  casc_region **regions;
} pp_op_state;

/* Each pp_state_add_* reports its own failure (out of memory). */
bool pp_state_add_operand(casc_parser *p, pp_op_state *st, casc_value *v);
bool pp_state_add_result(casc_parser *p, pp_op_state *st, casc_type *t);
bool pp_state_add_attr(casc_parser *p, pp_op_state *st, const char *name,
                       casc_attr *value);
casc_region *pp_state_add_region(casc_parser *p, pp_op_state *st);
/* Merge a parsed dict attribute into the op's attributes. */
bool pp_state_add_dict(casc_parser *p, pp_op_state *st, casc_attr *dict);

/* Create a terminator `name` with no operands at the end of block b unless
 * b already ends with a terminator (MLIR's ensureTerminator). */
void pp_ensure_terminator(casc_parser *p, casc_block *b, casc_op_kind kind,
                          casc_loc *loc);

/* Custom parsers (custom_*.c): parse everything after the op name. */
typedef bool (*pp_custom_fn)(casc_parser *p, pp_op_state *st);
pp_custom_fn pp_custom_parser(casc_op_kind kind);
/* Declarative formats (format.c). */
bool casc_format_parse(casc_parser *p, pp_op_state *st);

/* The integer type enum attributes of kind k are stored with (i64 for the
 * arith predicates, i32 for pyasc's I32EnumAttrs). */
casc_type *pp_enum_attr_type(casc_ctx *ctx, int enum_kind);

#endif
