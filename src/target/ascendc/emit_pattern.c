/* Table-driven emission of ascendc ops: the `emit` column of ops.def, or,
 * when it is empty, the generic emitter chosen by the op's flags — pyasc's
 * AscConstructor (`T vN;`), AscMemberFunc (`[T vN = ]vA.Api(rest)`) and
 * AscFunc (`[T vN = ]AscendC::Api(all)`) traits.
 *
 * The emit pattern mini-language. A pattern is the C++ of the statement;
 * everything is copied literally except:
 *
 *   $name      the C++ name of operand or result `name` (spec names of the
 *              ops.def row); a variadic operand expands to its values
 *              joined by ", "
 *   $name:T    the C++ type of that value
 *   $name:E    the C++ element type of that value's tensor/memref type
 *   $name:G(other,what)  the element type of the data behind addresses
 *              (TransDataTo5HD): for a ui64 address made by
 *              local_tensor.get_phy_addr, that tensor's; for an address
 *              tensor, the tensor whose get_phy_addr a local_tensor.set_value
 *              stores into it. The first value of `name`, else of `other`;
 *              neither: "could not infer element type from <what>"
 *   $name:P    `E, ` (E the element type) when that value is a tensor, nothing
 *              when it is a scalar: a template argument present only for
 *              the tensor overload (GatherMask's src1Pattern)
 *   $name:M    a variadic list of mask words (the L1 API form): declares
 *              `uint64_t <op0>_mask_listN[] = {w0, w1, ...};` on its own
 *              line before the statement (N unique in the function, unlike
 *              pyasc's per-op-type counter, docs/ir.md §10.18) and expands to
 *              that array's name
 *   $name:A(ref,suffix)  a variadic operand passed as a C array (e.g. the
 *              SliceInfo lists of DataCopy): declares
 *              `T <ref>_<suffix>[] = {v0, v1, ...};` on its own line before
 *              the statement, T the C++ type of the values and <ref> the
 *              C++ name of operand `ref`; a second array of the same name
 *              in the function gets a `_N` suffix (pyasc reuses the name,
 *              a C++ redefinition); expands to the array's name.
 *              `$name:A(ref,suffix,N)` names it `<ref>_<suffix>_<k>`, k the
 *              number of ops of this kind before it in the module (pyasc's
 *              per-op-type counter, MrgSort)
 *   $name:F(zero,other)  a struct operand built by ascendc.construct from an
 *              integer constant (pyasc's FixpipeConfig): `zero` when that
 *              first field is 0, else `other`; any other producer is an
 *              error (pyasc reads the construct's first operand blindly)
 *   $name:U    the C++ type of that value with integers spelt unsigned
 *              (also #name:U for a type attribute)
 *   $name:D    declares result `name` on its own line before the statement
 *              (`T vN;`, for APIs that return values through reference
 *              parameters) and expands to its name; `$name:D(type)` declares
 *              it with that C++ type instead of the result's (the API's
 *              parameter type, where the IR's result type is looser)
 *   #name      attribute `name`: a unit attribute prints 1 or 0 (present or
 *              absent), an enum attribute its C++ enumerator
 *              (AscendC::HardEvent::MTE2_V, PIPE_V, ...), an integer its
 *              decimal value, a type attribute its C++ type, a string
 *              attribute its raw text
 *   #name(P,A,B,...)  an integer attribute through an inline table: value
 *              k prints P followed by the k-th name ("-" = no such value)
 *   @          the op's Ascend C API name (ops.def's api column)
 *   ?name{...} the text in braces only if optional operand `name` is present
 *   ?name:L{...}  the text in braces only if operand `name` is a tensor
 *   \c         the character c itself (for a literal [ $ # @ ? { } \)
 *
 * A single-result op gets `T vN = ` in front of the pattern's text (`~`
 * first: T with integers spelt unsigned); a
 * pattern starting with `&` declares a reference instead (`T& vN = ...`),
 * one starting with `!` declares nothing (the text is a whole statement,
 * e.g. `!$dst = $src0.@($src1)`; the only form an op with several results
 * may use). A newline in a pattern starts a statement line of its own at
 * the current indentation. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "casc/diag.h"
#include "target/ascendc/emitter.h"

typedef struct {
  casc_emitter *e;
  casc_op *op;
  const casc_op_info *info;
  casc_buf *stmt;
} pat_ctx;

/* The characters of a C++ string literal for s[0..n): backslash, quote and
 * control characters escaped (octal, three digits, so a digit after one
 * cannot extend it). */
static void put_cxx_string_body(casc_buf *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\\' || c == '"') {
      casc_buf_putc(b, '\\');
      casc_buf_putc(b, (char)c);
    } else if (c == '\n') {
      casc_buf_puts(b, "\\n");
    } else if (c == '\t') {
      casc_buf_puts(b, "\\t");
    } else if (c < 0x20 || c == 0x7f) {
      casc_buf_printf(b, "\\%03o", c);
    } else {
      casc_buf_putc(b, (char)c);
    }
  }
}
/* Values bound to spec name `n`: an operand group or one result. */
static bool lookup(pat_ctx *p, const char *n, size_t len, casc_value **first,
                   unsigned *count, unsigned *begin) {
  int o = casc_op_info_operand(p->info, n, len);
  if (o >= 0) {
    unsigned b, c;
    if (!casc_op_operand_group(p->op, (unsigned)o, &b, &c))
      return false;
    *begin = b;
    *count = c;
    *first = c ? casc_op_operand(p->op, b) : NULL;
    return true;
  }
  int r = casc_op_info_result(p->info, n, len);
  if (r >= 0 && (unsigned)r < p->op->nres) {
    *first = casc_op_result(p->op, (unsigned)r);
    *count = 1;
    *begin = (unsigned)-1;
    return true;
  }
  return false;
}

static bool bad(pat_ctx *p, const char *what, const char *n, size_t len) {
  casc_emit_error(p->e->ctx, p->op->loc, "'%s' op emit pattern: %s '%.*s'",
                  casc_op_name(p->op), what, (int)len, n);
  return false;
}

static bool value_list(pat_ctx *p, casc_buf *b, unsigned begin, unsigned count,
                       casc_value *only) {
  if (begin == (unsigned)-1) { /* a result */
    const char *s = casc_em_name(p->e, only, p->op);
    if (!s)
      return false;
    casc_buf_puts(b, s);
    return true;
  }
  for (unsigned i = 0; i < count; i++) {
    const char *s =
        casc_em_name(p->e, casc_op_operand(p->op, begin + i), p->op);
    if (!s)
      return false;
    if (i)
      casc_buf_puts(b, ", ");
    casc_buf_puts(b, s);
  }
  return true;
}

/* `uint64_t <op0>_mask_listN[] = {..};` on its own line; returns the name. */
static const char *mask_list(pat_ctx *p, unsigned begin, unsigned count) {
  casc_emitter *e = p->e;
  if (!count || p->op->nops == 0) {
    casc_em_fail(e, p->op, "has an empty mask list");
    return NULL;
  }
  const char *dst = casc_em_name(e, casc_op_operand(p->op, 0), p->op);
  if (!dst)
    return NULL;
  char base[256];
  snprintf(base, sizeof base, "%.200s_mask_list%u", dst, e->mask_lists++);
  const char *name = casc_em_fresh(e, base);
  if (!name)
    return NULL; /* out of memory: the output is marked */
  casc_buf line;
  casc_buf_init(&line);
  casc_buf_printf(&line, "uint64_t %s[] = {", name);
  bool ok = value_list(p, &line, begin, count, NULL);
  if (ok) {
    casc_em_indent(e);
    casc_buf_printf(e->out, "%s};\n", casc_buf_str(&line));
  }
  casc_em_scratch_done(e->out, &line);
  return ok ? name : NULL;
}

typedef struct {
  casc_op *target;
  unsigned before; /* ops of target's kind met before it */
  bool found;
} kind_count;

static bool count_kind(casc_op *op, void *user) {
  kind_count *k = user;
  if (op == k->target) {
    k->found = true;
    return false;
  }
  k->before += op->kind == k->target->kind;
  return true;
}

/* How many ops of op's kind come before it in its module: pyasc numbers
 * some arrays with a counter per op type (MrgSort's
 * `<dst>_element_count_list_<N>`), unique in the translated file. */
static unsigned kind_index(casc_op *op) {
  casc_op *top = op;
  while (casc_op_parent_op(top))
    top = casc_op_parent_op(top);
  kind_count k = {op, 0, false};
  casc_walk_pre(top, count_kind, &k);
  return k.before;
}

/* `T <ref>_<suffix>[] = {..};` on its own line; returns the name. The
 * directive text after `:A` is `(ref,suffix)` or `(ref,suffix,N)`, which
 * appends `_<k>`, k = kind_index(op) (pyasc's per-op-type counter); *pp is
 * moved past it. */
static const char *value_array(pat_ctx *p, const char *n, size_t len,
                               unsigned begin, unsigned count, const char **pp,
                               const char *end) {
  casc_emitter *e = p->e;
  const char *s = *pp;
  const char *close = s < end ? memchr(s, ')', (size_t)(end - s)) : NULL;
  const char *comma = close ? memchr(s, ',', (size_t)(close - s)) : NULL;
  if (*s != '(' || !comma) {
    bad(p, "malformed array directive after", "A", 1);
    return NULL;
  }
  casc_value *ref;
  unsigned rc, rb;
  size_t rlen = (size_t)(comma - s - 1);
  /* ref: a single operand, or a group named after its first value. */
  if (!lookup(p, s + 1, rlen, &ref, &rc, &rb) || (rc != 1 && !ref)) {
    bad(p, "array named after no single operand", s + 1, rlen);
    return NULL;
  }
  *pp = close + 1;
  if (begin == (unsigned)-1 || !count || !ref) {
    /* A zero-length C array does not exist. */
    casc_emit_error(e->ctx, p->op->loc, "'%s' op has an empty '%.*s' list",
                    casc_op_name(p->op), (int)len, n);
    return NULL;
  }
  const char *refname = casc_em_name(e, ref, p->op);
  if (!refname)
    return NULL;
  const char *sfx = comma + 1;
  const char *sfx_end = memchr(sfx, ',', (size_t)(close - sfx));
  bool numbered = sfx_end && close - sfx_end == 2 && sfx_end[1] == 'N';
  if (sfx_end && !numbered) {
    bad(p, "malformed array directive after", "A", 1);
    return NULL;
  }
  if (!sfx_end)
    sfx_end = close;
  char base[256];
  int sl = (int)(sfx_end - sfx > 100 ? 100 : sfx_end - sfx);
  if (numbered)
    snprintf(base, sizeof base, "%.120s_%.*s_%u", refname, sl, sfx,
             kind_index(p->op));
  else
    snprintf(base, sizeof base, "%.120s_%.*s", refname, sl, sfx);
  casc_buf line;
  casc_buf_init(&line);
  bool ok =
      casc_em_type_at(e, &line, casc_op_operand(p->op, begin)->type, p->op);
  const char *name = ok ? casc_em_fresh(e, base) : NULL;
  if (ok && !name)
    ok = casc_em_fail(e, p->op, "ran out of memory naming a value");
  if (name) {
    casc_buf_printf(&line, " %s[] = {", name);
    ok = value_list(p, &line, begin, count, NULL);
  }
  if (ok && name) {
    casc_em_indent(e);
    casc_buf_printf(e->out, "%s};\n", casc_buf_str(&line));
  }
  casc_em_scratch_done(e->out, &line);
  return ok ? name : NULL;
}

/* `$x:F(zero,other)`: the text chosen by the integer constant that is the
 * first field of the ascendc.construct that made v. */
static bool construct_flag(pat_ctx *p, casc_buf *b, casc_value *v,
                           const char *n, size_t len, const char **pp,
                           const char *end) {
  const char *s = *pp;
  const char *close = s < end ? memchr(s, ')', (size_t)(end - s)) : NULL;
  const char *comma = close ? memchr(s, ',', (size_t)(close - s)) : NULL;
  if (*s != '(' || !comma)
    return bad(p, "malformed flag directive after", n, len);
  *pp = close + 1;
  casc_op *ctor = v ? v->def : NULL;
  casc_op *cst = ctor && ctor->kind == CASC_OP_CONSTRUCT && ctor->nops
                     ? casc_op_operand(ctor, 0)->def
                     : NULL;
  casc_attr *val = cst && (cst->kind == CASC_OP_ARITH_CONSTANT ||
                           cst->kind == CASC_OP_EMITC_CONSTANT)
                       ? casc_op_attr(cst, "value")
                       : NULL;
  int64_t k;
  if (!val || !casc_em_attr_int(val, &k)) {
    casc_emit_error(p->e->ctx, p->op->loc,
                    "'%s' op operand '%.*s' must be an ascendc.construct of an "
                    "integer constant",
                    casc_op_name(p->op), (int)len, n);
    return false;
  }
  if (k == 0)
    casc_buf_put(b, s + 1, (size_t)(comma - s - 1));
  else
    casc_buf_put(b, comma + 1, (size_t)(close - comma - 1));
  return true;
}

/* The element type of the local tensor whose address v holds (see $x:G). */
static const casc_type *addr_elem(casc_value *v) {
  if (!v)
    return NULL;
  casc_value *addr = NULL;
  if (casc_type_is_int_of(v->type, 64, CASC_UNSIGNED)) {
    addr = v;
  } else if (casc_type_is_local_tensor(v->type)) {
    for (casc_use *u = v->first_use; u && !addr; u = u->next)
      if (u->user->kind == CASC_OP_LOCAL_TENSOR_SET_VALUE &&
          casc_use_index(u) == 0 && u->user->nops > 2)
        addr = casc_op_operand(u->user, 2);
  }
  casc_op *def = addr ? addr->def : NULL;
  if (!def || def->kind != CASC_OP_LOCAL_TENSOR_GET_PHY_ADDR || !def->nops)
    return NULL;
  casc_type *t = casc_op_operand(def, 0)->type;
  return casc_type_is_local_tensor(t) ? casc_type_elem(t) : NULL;
}

static bool addr_elem_type(pat_ctx *p, casc_buf *b, casc_value *v,
                           const char *n, size_t len, const char **pp,
                           const char *end) {
  const char *s = *pp;
  const char *close = s < end ? memchr(s, ')', (size_t)(end - s)) : NULL;
  const char *comma = close ? memchr(s, ',', (size_t)(close - s)) : NULL;
  if (*s != '(' || !comma)
    return bad(p, "malformed address directive after", n, len);
  *pp = close + 1;
  const casc_type *t = addr_elem(v);
  casc_value *other;
  unsigned count, begin;
  if (!t && lookup(p, s + 1, (size_t)(comma - s - 1), &other, &count, &begin))
    t = addr_elem(other);
  if (!t) {
    casc_emit_error(p->e->ctx, p->op->loc,
                    "could not infer element type from %.*s",
                    (int)(close - comma - 1), comma + 1);
    return false;
  }
  return casc_em_type_at(p->e, b, t, p->op);
}

/* `T vN;` for result v on its own line; its name goes into the statement.
 * T is the result's C++ type, or `type` (len bytes) when given. */
static bool declare_result(pat_ctx *p, casc_buf *b, casc_value *v,
                           const char *type, size_t len) {
  casc_buf line;
  casc_buf_init(&line);
  bool ok;
  if (type) {
    const char *n = casc_em_define(p->e, v);
    ok = n != NULL;
    if (ok)
      casc_buf_printf(&line, "%.*s %s", (int)len, type, n);
    else
      casc_em_fail(p->e, p->op, "ran out of memory naming a value");
  } else {
    ok = casc_em_decl(p->e, &line, v, p->op);
  }
  if (ok) {
    casc_em_indent(p->e);
    casc_buf_printf(p->e->out, "%s;\n", line.data);
    casc_buf_puts(b, casc_em_name(p->e, v, p->op));
  }
  casc_buf_free(&line);
  return ok;
}

static bool attr_text(pat_ctx *p, casc_buf *b, const char *n, size_t len,
                      const char **pp) {
  char key[128];
  if (len >= sizeof key)
    return bad(p, "attribute name too long", n, len);
  memcpy(key, n, len);
  key[len] = 0;
  casc_attr *a = casc_em_attr(p->op, key);
  int spec = casc_op_info_attr(p->info, n, len);
  const char *s = *pp;
  if (*s == '(') { /* inline enum table */
    int64_t v;
    if (!casc_em_attr_int(a, &v))
      return bad(p, "missing integer attribute", n, len);
    const char *end = strchr(s, ')');
    if (!end)
      return bad(p, "unterminated table of", n, len);
    const char *q = s + 1, *comma = memchr(q, ',', (size_t)(end - q));
    if (!comma)
      return bad(p, "empty table of", n, len);
    size_t plen = (size_t)(comma - q);
    const char *prefix = q;
    q = comma + 1;
    for (int64_t k = 0; q <= end; k++) {
      const char *c = memchr(q, ',', (size_t)(end - q));
      if (!c)
        c = end;
      if (k == v) {
        if (c - q == 1 && *q == '-')
          break;
        casc_buf_put(b, prefix, plen);
        casc_buf_put(b, q, (size_t)(c - q));
        *pp = end + 1;
        return true;
      }
      q = c + 1;
    }
    casc_emit_error(p->e->ctx, p->op->loc,
                    "'%s' op attribute '%s' has no C++ value for %lld",
                    casc_op_name(p->op), key, (long long)v);
    return false;
  }
  if (spec >= 0 && p->info->attrs[spec].kind == CASC_A_UNIT) {
    casc_buf_puts(b, a ? "1" : "0");
    return true;
  }
  if (a && a->kind == CASC_ATTR_TYPE) {
    if (s[0] == ':' && s[1] == 'U') {
      *pp = s + 2;
      return casc_em_type_unsigned(b, a->type) ||
             bad(p, "no C++ type for type attribute", n, len);
    }
    return casc_em_type_at(p->e, b, a->type, p->op);
  }
  if (a && a->kind == CASC_ATTR_STRING) {
    /* Inside a C++ string literal of the pattern (printf's "#desc") the
     * text is escaped, so a newline or a quote in it still compiles;
     * pyasc writes it raw. Elsewhere a string is C++ code as written. */
    if (b->len && b->data[b->len - 1] == '"')
      put_cxx_string_body(b, a->u.str.s, a->u.str.len);
    else
      casc_buf_put(b, a->u.str.s, a->u.str.len);
    return true;
  }
  int64_t v;
  if (!casc_em_attr_int(a, &v))
    return bad(p, "missing integer attribute", n, len);
  if (spec >= 0 && p->info->attrs[spec].kind == CASC_A_ENUM) {
    casc_enum_kind k = (casc_enum_kind)p->info->attrs[spec].enum_kind;
    const casc_enum_info *ei = casc_enum_get(k);
    const char *c = casc_enum_cxx(k, v);
    if (!c) {
      casc_emit_error(p->e->ctx, p->op->loc,
                      "'%s' op attribute '%s' = %lld is not a %s",
                      casc_op_name(p->op), key, (long long)v, ei->name);
      return false;
    }
    casc_buf_printf(b, "%s%s", ei->cxxprefix, c);
    return true;
  }
  casc_buf_printf(b, "%lld", (long long)v);
  return true;
}

static size_t ident_len(const char *s) {
  size_t n = 0;
  while (isalnum((unsigned char)s[n]) || s[n] == '_')
    n++;
  return n;
}

/* Expand pattern text [s, end) into b. */
static bool expand(pat_ctx *p, casc_buf *b, const char *s, const char *end) {
  while (s < end) {
    char c = *s;
    if (c == '\\' && s + 1 < end) {
      casc_buf_putc(b, s[1]);
      s += 2;
    } else if (c == '@') {
      casc_buf_puts(b, p->info->api);
      s++;
    } else if (c == '$') {
      const char *n = s + 1;
      size_t len = ident_len(n);
      casc_value *v;
      unsigned count, begin;
      if (!len || !lookup(p, n, len, &v, &count, &begin))
        return bad(p, "no operand or result", n, len);
      s = n + len;
      if (*s == ':' && s + 1 < end && strchr("TEMADUFPG", s[1])) {
        char k = s[1];
        s += 2;
        if (k == 'D') {
          if (begin != (unsigned)-1)
            return bad(p, "declaration of a non-result", n, len);
          const char *type = NULL;
          size_t tlen = 0;
          if (s < end && *s == '(') { /* $x:D(uint16_t): a fixed C++ type */
            type = s + 1;
            tlen = strcspn(type, ")");
            if (type + tlen >= end)
              return bad(p, "unterminated type of", n, len);
            s = type + tlen + 1;
          }
          if (!declare_result(p, b, v, type, tlen))
            return false;
          continue;
        }
        if (k == 'A') {
          const char *name = value_array(p, n, len, begin, count, &s, end);
          if (!name)
            return false;
          casc_buf_puts(b, name);
          continue;
        }
        if (k == 'G') {
          if (!addr_elem_type(p, b, v, n, len, &s, end))
            return false;
          continue;
        }
        if (k == 'F') {
          if (!construct_flag(p, b, v, n, len, &s, end))
            return false;
          continue;
        }
        if (k == 'M') {
          const char *name = mask_list(p, begin, count);
          if (!name)
            return false;
          casc_buf_puts(b, name);
          continue;
        }
        if (!v)
          return bad(p, "absent operand", n, len);
        if (k == 'U') {
          if (!casc_em_type_unsigned(b, v->type))
            return bad(p, "no C++ type for", n, len);
          continue;
        }
        if (k == 'P') {
          const casc_type *et = casc_type_is_local_tensor(v->type) ||
                                        casc_type_is_global_tensor(v->type)
                                    ? casc_type_elem(v->type)
                                    : NULL;
          if (et && !casc_em_type_at(p->e, b, et, p->op))
            return false;
          if (et)
            casc_buf_puts(b, ", ");
          continue;
        }
        const casc_type *t = k == 'T' ? v->type : casc_type_elem(v->type);
        if (!casc_em_type_at(p->e, b, t, p->op))
          return false;
        continue;
      }
      if (!value_list(p, b, begin, count, v))
        return false;
    } else if (c == '#') {
      const char *n = s + 1;
      size_t len = ident_len(n);
      if (!len)
        return bad(p, "empty attribute name", n, 0);
      s = n + len;
      if (!attr_text(p, b, n, len, &s))
        return false;
    } else if (c == '?') {
      const char *n = s + 1;
      size_t len = ident_len(n);
      const char *open = n + len;
      /* `?name:L{...}`: only when operand `name` is a tensor. */
      bool if_tensor = open + 1 < end && open[0] == ':' && open[1] == 'L';
      if (if_tensor)
        open += 2;
      const char *close =
          open < end ? memchr(open, '}', (size_t)(end - open)) : NULL;
      casc_value *v;
      unsigned count, begin;
      if (!len || *open != '{' || !close ||
          !lookup(p, n, len, &v, &count, &begin))
        return bad(p, "malformed optional group", n, len);
      bool take = count && (!if_tensor || casc_type_is_local_tensor(v->type) ||
                            casc_type_is_global_tensor(v->type));
      if (take && !expand(p, b, open + 1, close))
        return false;
      s = close + 1;
    } else if (c == '\n') {
      casc_buf_putc(b, c);
      for (unsigned i = 0; i < p->e->indent; i++)
        casc_buf_puts(b, "  ");
      s++;
    } else {
      casc_buf_putc(b, c);
      s++;
    }
  }
  return true;
}

/* `T vN = ` / `T& vN = ` for the op's single result. */
static bool result_prefix(casc_emitter *e, casc_buf *b, casc_op *op, bool ref,
                          bool as_unsigned) {
  if (as_unsigned && !casc_em_type_unsigned(b, casc_op_results(op)[0].type))
    return casc_em_fail(e, op, "unable to emit a C++ type for its result");
  if (!as_unsigned && !casc_em_type_at(e, b, casc_op_results(op)[0].type, op))
    return false;
  const char *n = casc_em_define(e, &casc_op_results(op)[0]);
  if (!n)
    return casc_em_fail(e, op, "ran out of memory naming a value");
  casc_buf_printf(b, "%s %s = ", ref ? "&" : "", n);
  return true;
}

static bool operand_names(casc_emitter *e, casc_buf *b, casc_op *op,
                          unsigned from) {
  for (unsigned i = from; i < op->nops; i++) {
    const char *n = casc_em_name(e, casc_op_operand(op, i), op);
    if (!n)
      return false;
    if (i > from)
      casc_buf_puts(b, ", ");
    casc_buf_puts(b, n);
  }
  return true;
}

static bool generic(casc_emitter *e, casc_op *op, const casc_op_info *info,
                    casc_buf *b) {
  if (info->flags & CASC_F_CTOR) {
    /* `T vN;`: pyasc's AscConstructor declares the result and nothing
     * else; operands (local_mem_allocator's hardware) are in the type. */
    if (op->nres != 1)
      return casc_em_fail(e, op, "unable to find printer for op");
    return casc_em_decl(e, b, &casc_op_results(op)[0], op);
  }
  bool member = info->flags & CASC_F_MEMBER;
  if (!member && !(info->flags & CASC_F_FUNC))
    return casc_em_fail(e, op, "unable to find printer for op");
  if (op->nres > 1 || (member && op->nops == 0) || !*info->api)
    return casc_em_fail(e, op, "unable to find printer for op");
  /* Operand names are looked up before the result is named, so that the
   * numbering follows definition order. */
  casc_buf call;
  casc_buf_init(&call);
  bool ok;
  if (member) {
    const char *obj = casc_em_name(e, casc_op_operand(op, 0), op);
    ok = obj != NULL;
    if (ok) {
      casc_buf_printf(&call, "%s.%s(", obj, info->api);
      ok = operand_names(e, &call, op, 1);
    }
  } else {
    casc_buf_printf(&call, "AscendC::%s(", info->api);
    ok = operand_names(e, &call, op, 0);
  }
  if (ok && op->nres == 1)
    ok = result_prefix(e, b, op, false, false);
  if (ok)
    casc_buf_printf(b, "%s)", casc_buf_str(&call));
  casc_em_scratch_done(e->out, &call);
  return ok;
}

bool casc_em_table(casc_emitter *e, casc_op *op, bool *semi) {
  /* ascendc.noop marks a place in the IR; pyasc prints it as an empty
   * statement (its printer writes nothing, then the `;` every op gets). */
  if (op->kind == CASC_OP_NOOP) {
    casc_em_indent(e);
    *semi = true;
    return true;
  }
  if (op->kind == CASC_OP_GET_MATMUL_API_TILING)
    return casc_em_get_matmul_api_tiling(e, op);
  const casc_op_info *info = casc_op_info_of(op);
  if (!info)
    return casc_em_fail(e, op, "unable to find printer for op");
  casc_buf stmt;
  casc_buf_init(&stmt);
  bool ok;
  const char *pat = info->emit;
  if (!pat || !*pat) {
    ok = generic(e, op, info, &stmt);
  } else {
    pat_ctx p = {e, op, info, &stmt};
    bool ref = *pat == '&', bare = *pat == '!', uns = *pat == '~';
    if (ref || bare || uns)
      pat++;
    /* Expand first (operands are named and mask lists declared), then put
     * the result declaration in front. */
    casc_buf body;
    casc_buf_init(&body);
    ok = expand(&p, &body, pat, pat + strlen(pat));
    if (ok && op->nres > 1 && !bare)
      ok = casc_em_fail(e, op, "unable to find printer for op");
    if (ok && op->nres == 1 && !bare)
      ok = result_prefix(e, &stmt, op, ref, uns);
    if (ok)
      casc_buf_put(&stmt, body.data ? body.data : "", body.len);
    casc_em_scratch_done(e->out, &body);
  }
  if (ok) {
    casc_em_indent(e);
    casc_buf_put(e->out, stmt.data ? stmt.data : "", stmt.len);
  }
  casc_em_scratch_done(e->out, &stmt);
  return ok;
}
