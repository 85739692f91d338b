/* Printer state shared by the files of the text layer that write IR text:
 * printer.c (ops, regions, generic form), print_attr.c (types, attributes,
 * locations), print_names.c (SSA value names), print_locs.c (location
 * aliases), format.c (declarative formats) and custom_*.c. */
#ifndef CASC_TEXT_PRINTER_H
#define CASC_TEXT_PRINTER_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "casc/buf.h"
#include "casc/ir.h"
#include "casc/text.h"
#include "dialect/dialect.h"
#include "util/arena.h"
#include "util/grow.h"
#include "util/ptrmap.h"

typedef struct pr_alias_state pr_alias_state;

typedef struct casc_printer {
  casc_ctx *ctx;
  casc_buf *out;
  casc_print_flags flags;
  unsigned indent;
  const char *default_dialect;
  casc_arena tmp;
  bool oom;
  /* SSA names, in each value's print_name: 0 none, n << 1 | 1 the number
   * n, (i + 1) << 1 the name names[i]; blocks -> label number. The names
   * are cleared when the print ends (print_top), so that a value outside
   * the printed op never shows another print's name. */
  const char **names;
  unsigned nnames, cap_names;
  casc_ptrmap blocks;
  /* Location aliases (debuginfo). collecting: the first of the two
   * printing passes, which only records locations in print order. */
  pr_alias_state *aliases;
  bool collecting;
  /* casc_print_op_file: out is written to sink at line ends once it holds
   * PR_SINK_CHUNK bytes, so printing a module needs no copy of its text. */
  FILE *sink;
  bool sink_failed;
  /* Each type's spelling, made once per print (types are uniqued, and a
   * module spells the same few types on every line): type (or type + 1
   * for the stripped spelling) -> offset << 16 | length in type_text. */
  casc_ptrmap type_spell;
  casc_buf type_text;
} casc_printer;

#define PR_SINK_CHUNK ((size_t)64 * 1024)

/* ---- output ---------------------------------------------------------- */
/* Inline so that a literal's length is known where it is written (the
 * printer writes most of its text as literals; strlen was 1.6% of a
 * large `casc opt`). */
static inline void pr_put(casc_printer *pr, const char *s, size_t n) {
  casc_buf_put(pr->out, s, n);
}
static inline void pr_puts(casc_printer *pr, const char *s) {
  casc_buf_put(pr->out, s, strlen(s));
}
static inline void pr_putc(casc_printer *pr, char c) {
  casc_buf_putc(pr->out, c);
}
void pr_printf(casc_printer *pr, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void pr_newline(casc_printer *pr);
void pr_indent(casc_printer *pr);

/* ---- values, types, attributes --------------------------------------- */
/* `%name` of a value use (with `#N` for results of multi-result ops). */
void pr_value(casc_printer *pr, casc_value *v);
void pr_value_list(casc_printer *pr, casc_use *uses, unsigned n);
void pr_type(casc_printer *pr, casc_type *t);
/* Bare `type($x)` of a value constrained by c: registered parameterised
 * types that c names alone print without `!dialect.mnemonic`. */
void pr_type_for(casc_printer *pr, casc_type *t, casc_constraint c);
/* Registered type id that constraint c admits alone, or -1 (the types
 * whose bare `type($x)` prints stripped; defined in parse_type.c). */
int casc_text_constraint_type(casc_constraint c);
void pr_type_list(casc_printer *pr, casc_type **types, unsigned n);
void pr_value_types(casc_printer *pr, casc_use *uses, unsigned n);
void pr_attr(casc_printer *pr, casc_attr *a);
/* ` {a = 1, b}` (or ` attributes {...}`) with the listed names left out;
 * nothing when empty. */
void pr_attr_dict(casc_printer *pr, casc_attr *dict, const char *const *elide,
                  unsigned nelide, bool with_keyword);
void pr_escaped_string(casc_printer *pr, const char *s, size_t len);
/* `@name` / `@"na me"`. */
void pr_symbol(casc_printer *pr, const char *s);
/* Type/attribute/location spelling into a plain buffer (no printer). */
void casc_text_put_type(casc_buf *out, const casc_type *t);
void casc_text_put_stripped_type(casc_buf *out, const casc_type *t);
void casc_text_put_attr(casc_buf *out, const casc_attr *a, bool elide_type);
void casc_text_put_string(casc_buf *out, const char *s, size_t len);

/* ---- locations ------------------------------------------------------- */
/* ` loc(...)` after an op (aliased) when debuginfo is on. */
void pr_op_loc(casc_printer *pr, casc_loc *loc);
/* ` loc(...)` of a block argument (inline, children aliased). */
void pr_arg_loc(casc_printer *pr, casc_loc *loc);
/* Alias state (print_locs.c). */
pr_alias_state *pr_aliases_new(void);
void pr_aliases_free(pr_alias_state *a);
void pr_aliases_visit(casc_printer *pr, casc_loc *loc, bool can_defer);
void pr_aliases_finish(casc_printer *pr);
/* Alias name of loc or NULL. */
const char *pr_alias_name(casc_printer *pr, casc_loc *loc);
void pr_aliases_print(casc_printer *pr, bool deferred);
/* Print a location's body (`"f":1:2`, `callsite(#loc1 at #loc2)`) with
 * nested locations through their aliases. */
void pr_loc_body(casc_printer *pr, casc_loc *loc, bool pretty);

/* ---- regions and ops ------------------------------------------------- */
void pr_region(casc_printer *pr, casc_region *r, bool print_entry_args,
               bool print_terminators, bool print_empty_block);
/* `%arg0: T {attrs} loc(..)` of func-like signatures. */
void pr_region_argument(casc_printer *pr, casc_value *arg, casc_attr *attrs,
                        bool omit_type);
/* Build SSA names for everything under top (print_names.c). */
bool pr_names_build(casc_printer *pr, casc_op *top);
/* Clear the names pr_names_build gave (every value under top). */
void pr_names_clear(casc_op *top);
/* `%argN`-style name of a block (label), as `^bbN`. */
void pr_block_label(casc_printer *pr, casc_block *b);

typedef void (*pr_custom_fn)(casc_printer *pr, casc_op *op);
pr_custom_fn pr_custom_printer(casc_op_kind kind);
/* Declarative format printer (format.c). Returns false if the op's format
 * cannot print this op (the caller then falls back to the generic form). */
bool casc_format_print(casc_printer *pr, casc_op *op);

/* Default-valued properties that the generic form shows and casc keeps
 * implicit (print_generic.c / parser). */
const char *pr_default_prop(const char *op_name, const char **attr_name,
                            unsigned i);

#endif
