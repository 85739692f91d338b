/* The IR printer: MLIR 19's OperationPrinter for casc's IR — result names,
 * custom form through the op table (format.c / custom_*.c), the generic
 * form `"d.op"(%a) <{props}> ({...}) {attrs} : (T) -> T`, regions and
 * blocks, trailing locations and the location aliases around the module. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/printer.h"
#include "util/alloc.h"
#include "util/buf_num.h"

/* ---- output ------------------------------------------------------------ */

void pr_printf(casc_printer *pr, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  casc_buf_vprintf(pr->out, fmt, ap);
  va_end(ap);
}

static void pr_flush(casc_printer *pr) {
  if (pr->out->len && !pr->out->oom &&
      fwrite(pr->out->data, 1, pr->out->len, pr->sink) != pr->out->len)
    pr->sink_failed = true;
  casc_buf_clear(pr->out);
}

void pr_newline(casc_printer *pr) {
  pr_putc(pr, '\n');
  if (pr->sink && !pr->collecting && pr->out->len >= PR_SINK_CHUNK)
    pr_flush(pr);
}

void pr_indent(casc_printer *pr) {
  static const char spaces[] = "                                ";
  unsigned n = pr->indent;
  while (n) {
    unsigned k = n < 32 ? n : 32;
    pr_put(pr, spaces, k);
    n -= k;
  }
}

/* ---- values ------------------------------------------------------------ */

/* True if result v has a name of its own (not only its op's result 0). */
static bool own_name(casc_value *v) {
  return v->def && v->index > 0 && v->print_name;
}

/* `%name` without a result number; false if v has no name. */
static bool value_base(casc_printer *pr, casc_value *v) {
  if (!v) {
    pr_puts(pr, "<<NULL VALUE>>");
    return false;
  }
  casc_value *key = v->def && !own_name(v) ? casc_op_result(v->def, 0) : v;
  uint32_t id = key->print_name;
  if (!id) {
    pr_puts(pr, "<<UNKNOWN SSA VALUE>>");
    return false;
  }
  pr_putc(pr, '%');
  if (id & 1)
    casc_buf_put_u64(pr->out, id >> 1);
  else
    pr_puts(pr, pr->names[(id >> 1) - 1]);
  return true;
}

void pr_value(casc_printer *pr, casc_value *v) {
  if (value_base(pr, v) && v->def && v->def->nres > 1 &&
      !own_name(casc_op_result(v->def, 1))) {
    pr_putc(pr, '#');
    casc_buf_put_u64(pr->out, v->index);
  }
}

void pr_value_list(casc_printer *pr, casc_use *uses, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      pr_puts(pr, ", ");
    pr_value(pr, uses[i].value);
  }
}

void pr_block_label(casc_printer *pr, casc_block *b) {
  uintptr_t n = 0;
  casc_ptrmap_find(&pr->blocks, b, &n);
  pr_puts(pr, "^bb");
  casc_buf_put_u64(pr->out, (uint64_t)n);
}

/* ---- ops and regions --------------------------------------------------- */

static void print_op_full(casc_printer *pr, casc_op *op);

static bool is_terminator(const casc_op *op) {
  const casc_op_info *info = casc_op_info_of(op);
  return info && (info->flags & CASC_F_TERMINATOR);
}

void pr_region_argument(casc_printer *pr, casc_value *arg, casc_attr *attrs,
                        bool omit_type) {
  pr_value(pr, arg);
  if (!omit_type) {
    pr_puts(pr, ": ");
    pr_type(pr, arg->type);
  }
  pr_attr_dict(pr, attrs, NULL, 0, false);
  pr_arg_loc(pr, casc_value_loc(arg));
}

static void print_block(casc_printer *pr, casc_block *b, bool print_args,
                        bool print_term) {
  if (print_args) {
    pr_indent(pr);
    pr_block_label(pr, b);
    if (b->nargs) {
      pr_putc(pr, '(');
      for (unsigned i = 0; i < b->nargs; i++) {
        if (i)
          pr_puts(pr, ", ");
        pr_value(pr, b->args[i]);
        pr_puts(pr, ": ");
        pr_type(pr, b->args[i]->type);
        pr_arg_loc(pr, casc_value_loc(b->args[i]));
      }
      pr_putc(pr, ')');
    }
    pr_putc(pr, ':');
    if (b->parent && b != b->parent->first)
      pr_puts(pr, "  // no predecessors");
    pr_newline(pr);
  }
  pr->indent += 2;
  casc_op *stop = NULL;
  if (!print_term && b->last && is_terminator(b->last))
    stop = b->last;
  for (casc_op *op = b->first; op && op != stop; op = op->next) {
    print_op_full(pr, op);
    pr_newline(pr);
  }
  pr->indent -= 2;
}

static const char *region_dialect(const casc_op *op) {
  if (!op)
    return "";
  if (op->kind == CASC_OP_FUNC_FUNC)
    return "func";
  if (op->kind == CASC_OP_MODULE)
    return "builtin";
  return "";
}

void pr_region(casc_printer *pr, casc_region *r, bool print_entry_args,
               bool print_terminators, bool print_empty_block) {
  pr_putc(pr, '{');
  pr_newline(pr);
  if (r->first) {
    const char *saved = pr->default_dialect;
    pr->default_dialect = region_dialect(r->parent);
    casc_block *entry = r->first;
    bool header = (print_empty_block && !entry->first) ||
                  (print_entry_args && entry->nargs);
    print_block(pr, entry, header, print_terminators);
    for (casc_block *b = entry->next; b; b = b->next)
      print_block(pr, b, true, true);
    pr->default_dialect = saved;
  }
  pr_indent(pr);
  pr_putc(pr, '}');
}

static void print_op_name(casc_printer *pr, const casc_op *op) {
  const char *name = casc_op_name(op);
  const char *dd = pr->default_dialect;
  size_t dl = dd ? strlen(dd) : 0;
  if (dl && strncmp(name, dd, dl) == 0 && name[dl] == '.' &&
      !strchr(name + dl + 1, '.'))
    name += dl + 1;
  pr_puts(pr, name);
}

/* MLIR's default-valued inherent attributes that the generic form shows
 * even when casc's IR does not carry them. (arith.extf / truncf are not
 * here: their fastmath is an OptionalAttr in MLIR 19, printed only when
 * present, `fastmath<none>` included.) */
static const struct {
  const char *attr, *value;
  const char *const *ops;
} default_props[] = {
    {"overflowFlags", "#arith.overflow<none>",
     (const char *const[]){"arith.addi", "arith.subi", "arith.muli",
                           "arith.shli", NULL}},
    {"fastmath", "#arith.fastmath<none>",
     (const char *const[]){
         "arith.addf",    "arith.subf",    "arith.mulf",     "arith.divf",
         "arith.remf",    "arith.negf",    "arith.maximumf", "arith.minimumf",
         "arith.maxnumf", "arith.minnumf", "arith.cmpf",     "math.absf",
         "math.atan2",    "math.ceil",     "math.copysign",  "math.cos",
         "math.erf",      "math.exp",      "math.exp2",      "math.floor",
         "math.fma",      "math.log",      "math.log2",      "math.round",
         "math.rsqrt",    "math.sin",      "math.sqrt",      NULL}},
};

const char *pr_default_prop(const char *op_name, const char **attr_name,
                            unsigned i) {
  unsigned k = 0;
  for (unsigned d = 0; d < sizeof default_props / sizeof default_props[0]; d++)
    for (unsigned j = 0; default_props[d].ops[j]; j++)
      if (strcmp(default_props[d].ops[j], op_name) == 0) {
        if (k++ == i) {
          *attr_name = default_props[d].attr;
          return default_props[d].value;
        }
      }
  return NULL;
}

static bool is_declared_attr(const casc_op_info *info, const char *name) {
  if (strcmp(name, "operandSegmentSizes") == 0)
    return true;
  return casc_op_info_attr(info, name, strlen(name)) >= 0;
}

/* Split a registered op's attributes into properties and the rest. */
static void split_attrs(casc_printer *pr, casc_op *op, casc_attr **props,
                        casc_attr **rest) {
  const casc_op_info *info = casc_op_info_of(op);
  *props = NULL;
  *rest = NULL;
  casc_attr *attrs = op->attrs;
  unsigned n = attrs && attrs->kind == CASC_ATTR_DICT ? attrs->u.dict.n : 0;
  casc_named_attr *p = casc_calloc(n + 8, sizeof *p);
  casc_named_attr *r = casc_calloc(n + 1, sizeof *r);
  if (!p || !r) {
    pr->oom = true;
    casc_free(p);
    casc_free(r);
    return;
  }
  unsigned np = 0, nr = 0;
  for (unsigned i = 0; i < n; i++) {
    casc_named_attr *e = &attrs->u.dict.entries[i];
    if (is_declared_attr(info, e->name))
      p[np++] = *e;
    else
      r[nr++] = *e;
  }
  const char *an;
  const char *dv;
  for (unsigned i = 0; (dv = pr_default_prop(casc_op_name(op), &an, i)); i++) {
    if (!casc_op_attr(op, an) && np < n + 7) {
      p[np].name = casc_intern_cstr(pr->ctx, an);
      p[np].value = casc_attr_opaque(pr->ctx, dv);
      np++;
    }
  }
  /* func.func: argument attributes live on the entry block's arguments. */
  if (op->kind == CASC_OP_FUNC_FUNC && op->nregions &&
      casc_op_regions(op)[0].first && !casc_op_attr(op, "arg_attrs")) {
    casc_block *entry = casc_op_regions(op)[0].first;
    bool any = false;
    for (unsigned i = 0; i < entry->nargs; i++)
      if (casc_value_arg_attrs(entry->args[i]) &&
          casc_value_arg_attrs(entry->args[i])->u.dict.n)
        any = true;
    if (any) {
      casc_attr **ds = casc_calloc(entry->nargs, sizeof *ds);
      pr->oom |= !ds;
      if (ds) {
        for (unsigned i = 0; i < entry->nargs; i++)
          ds[i] = casc_value_arg_attrs(entry->args[i])
                      ? casc_value_arg_attrs(entry->args[i])
                      : casc_attr_dict(pr->ctx, 0, NULL);
        p[np].name = casc_intern_cstr(pr->ctx, "arg_attrs");
        p[np].value = casc_attr_array(pr->ctx, entry->nargs, ds);
        np++;
        casc_free(ds);
      }
    }
  }
  if (np)
    *props = casc_attr_dict(pr->ctx, np, p);
  if (nr)
    *rest = casc_attr_dict(pr->ctx, nr, r);
  casc_free(p);
  casc_free(r);
}

static void print_generic(casc_printer *pr, casc_op *op) {
  pr_escaped_string(pr, casc_op_name(op), strlen(casc_op_name(op)));
  pr_putc(pr, '(');
  pr_value_list(pr, op->operands, op->nops);
  pr_putc(pr, ')');
  casc_attr *props, *rest;
  if (op->kind) {
    split_attrs(pr, op, &props, &rest);
  } else {
    props = casc_op_props(op);
    rest = op->attrs;
  }
  if (props && props->kind == CASC_ATTR_DICT && props->u.dict.n) {
    pr_puts(pr, " <");
    pr_attr(pr, props);
    pr_putc(pr, '>');
  }
  if (op->nregions) {
    pr_puts(pr, " (");
    for (unsigned i = 0; i < op->nregions; i++) {
      if (i)
        pr_puts(pr, ", ");
      pr_region(pr, &casc_op_regions(op)[i], true, true, true);
    }
    pr_putc(pr, ')');
  }
  pr_attr_dict(pr, rest, NULL, 0, false);
  pr_puts(pr, " : (");
  pr_value_types(pr, op->operands, op->nops);
  pr_puts(pr, ") -> ");
  if (op->nres == 1 &&
      casc_op_results(op)[0].type->kind != CASC_TYPE_FUNCTION) {
    pr_type(pr, casc_op_results(op)[0].type);
    return;
  }
  pr_putc(pr, '(');
  for (unsigned i = 0; i < op->nres; i++) {
    if (i)
      pr_puts(pr, ", ");
    pr_type(pr, casc_op_results(op)[i].type);
  }
  pr_putc(pr, ')');
}

static void print_op(casc_printer *pr, casc_op *op) {
  if (op->nres > 1 && own_name(casc_op_result(op, 1))) {
    for (unsigned i = 0; i < op->nres; i++) {
      if (i)
        pr_puts(pr, ", ");
      value_base(pr, casc_op_result(op, i));
    }
    pr_puts(pr, " = ");
  } else if (op->nres) {
    if (value_base(pr, casc_op_result(op, 0)) && op->nres > 1) {
      pr_putc(pr, ':');
      casc_buf_put_u64(pr->out, op->nres);
    }
    pr_puts(pr, " = ");
  }
  const casc_op_info *info = casc_op_info_of(op);
  if (!pr->flags.generic && info) {
    if (info->flags & CASC_F_CUSTOM) {
      pr_custom_fn fn = pr_custom_printer(op->kind);
      if (fn) {
        print_op_name(pr, op);
        fn(pr, op);
        return;
      }
    } else if (info->format && *info->format) {
      size_t mark = pr->out->len;
      print_op_name(pr, op);
      if (casc_format_print(pr, op))
        return;
      /* The format cannot express this op (malformed IR): generic form. */
      pr->out->len = mark;
      if (pr->out->data)
        pr->out->data[mark] = 0;
    }
  }
  print_generic(pr, op);
}

static void print_op_full(casc_printer *pr, casc_op *op) {
  if (pr->collecting && pr->flags.debuginfo)
    pr_aliases_visit(pr, op->loc ? op->loc : casc_loc_unknown(pr->ctx), true);
  pr_indent(pr);
  print_op(pr, op);
  pr_op_loc(pr, op->loc ? op->loc : casc_loc_unknown(pr->ctx));
}

/* Print op to out, or through out to sink when sink is not NULL. */
static void print_top(casc_ctx *ctx, casc_op *op, const casc_print_flags *flags,
                      casc_buf *out, FILE *sink, bool *sink_failed) {
  casc_printer pr;
  memset(&pr, 0, sizeof pr);
  pr.ctx = ctx;
  pr.out = out;
  pr.sink = sink;
  if (flags)
    pr.flags = *flags;
  if (pr.flags.pretty_debuginfo)
    pr.flags.debuginfo = true;
  pr.default_dialect = "builtin";
  casc_arena_init(&pr.tmp);
  if (!op) {
    casc_arena_free(&pr.tmp);
    return;
  }
  /* Running out of memory anywhere marks the output (out->oom) rather
   * than print names or aliases that were never assigned. */
  if (!pr_names_build(&pr, op))
    pr.oom = true;
  if (pr.flags.debuginfo && !pr.oom) {
    pr.aliases = pr_aliases_new();
    if (pr.aliases) {
      casc_buf scratch;
      casc_buf_init(&scratch);
      pr.out = &scratch;
      pr.collecting = true;
      print_op_full(&pr, op);
      pr.collecting = false;
      pr.out = out;
      pr.oom |= scratch.oom;
      casc_buf_free(&scratch);
      pr_aliases_finish(&pr);
      pr_aliases_print(&pr, false);
    } else {
      pr.oom = true;
    }
  }
  if (!pr.oom) {
    pr.indent = 0;
    pr.default_dialect = "builtin";
    print_op_full(&pr, op);
    pr_newline(&pr);
    if (pr.aliases)
      pr_aliases_print(&pr, true);
  }
  /* The context running out (an attribute the printer builds, a name it
   * interns) loses part of the text as surely as the buffer would. */
  if (pr.oom || (ctx && casc_ctx_out_of_memory(ctx)))
    out->oom = true;
  if (sink) {
    pr_flush(&pr);
    *sink_failed = pr.sink_failed;
  }
  pr_aliases_free(pr.aliases);
  pr_names_clear(op);
  casc_free(pr.names);
  casc_ptrmap_free(&pr.blocks);
  casc_ptrmap_free(&pr.type_spell);
  casc_buf_free(&pr.type_text);
  casc_arena_free(&pr.tmp);
}

void casc_print_op(casc_ctx *ctx, casc_op *op, const casc_print_flags *flags,
                   casc_buf *out) {
  print_top(ctx, op, flags, out, NULL, NULL);
}

bool casc_print_op_file(casc_ctx *ctx, casc_op *op,
                        const casc_print_flags *flags, FILE *out) {
  casc_buf b;
  casc_buf_init(&b);
  bool failed = false;
  print_top(ctx, op, flags, &b, out, &failed);
  bool ok = !b.oom && !failed;
  casc_buf_free(&b);
  return ok;
}
