/* MLIR's SSA naming on print (AsmPrinter's SSANameState): a region's values
 * are numbered before those of its nested regions; nested regions start
 * from the counters their parent region reached (so sibling regions reuse
 * numbers) unless the generic form is printed (then IDs are unique);
 * entry block arguments are %argN; arith.constant results get value names
 * (%c1_i32, %c0, %true, %cst) and the results of ops with several named
 * results (%sum/%overflow, %mrgSortList1...) get value names, made unique with
 * `_N` suffixes from a per-scope conflict counter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text/printer.h"
#include "util/alloc.h"
#include "util/hashmap.h"
#include "util/invariant.h"

/* ---- used-name set with scopes ----------------------------------------- */
/* Chained hash set; names are removed in LIFO order when a scope closes,
 * so the removed node is always the head of its bucket. */

typedef struct name_node {
  const char *s;
  size_t len;
  uint64_t h;
  struct name_node *next;
} name_node;

typedef struct {
  name_node **buckets;
  unsigned nbuckets;
  name_node **stack;
  unsigned n, cap;
  unsigned *marks; /* scope start positions in stack */
  unsigned nmarks, cap_marks;
  /* Nodes of closed scopes, for the next names: the set then holds at
   * most the names of the open scopes, not one node per value printed. */
  name_node *free;
} name_set;

static bool ns_contains(name_set *ns, const char *s, size_t len) {
  uint64_t h = casc_hash_bytes(s, len);
  for (name_node *e = ns->buckets[h & (ns->nbuckets - 1)]; e; e = e->next)
    if (e->h == h && e->len == len && memcmp(e->s, s, len) == 0)
      return true;
  return false;
}

static bool ns_grow(name_set *ns) {
  unsigned nb = ns->nbuckets * 2;
  name_node **b = casc_calloc(nb, sizeof *b);
  if (!b)
    return false;
  for (unsigned i = 0; i < ns->n; i++) {
    name_node *e = ns->stack[i];
    unsigned s = (unsigned)(e->h & (nb - 1));
    e->next = b[s];
    b[s] = e;
  }
  casc_free(ns->buckets);
  ns->buckets = b;
  ns->nbuckets = nb;
  return true;
}

static bool ns_insert(casc_printer *pr, name_set *ns, const char *s,
                      size_t len) {
  if (ns->n == ns->cap) {
    name_node **st = casc_grow(ns->stack, &ns->cap, ns->n + 1, sizeof *st);
    if (!st)
      return false;
    ns->stack = st;
  }
  if (ns->n >= ns->nbuckets && !ns_grow(ns))
    return false;
  name_node *e = ns->free;
  if (e)
    ns->free = e->next;
  else if (!(e = casc_arena_alloc(&pr->tmp, sizeof *e)))
    return false;
  e->s = s;
  e->len = len;
  e->h = casc_hash_bytes(s, len);
  unsigned b = (unsigned)(e->h & (ns->nbuckets - 1));
  e->next = ns->buckets[b];
  ns->buckets[b] = e;
  ns->stack[ns->n++] = e;
  return true;
}

static bool ns_push_scope(name_set *ns) {
  if (ns->nmarks == ns->cap_marks) {
    unsigned *m =
        casc_grow(ns->marks, &ns->cap_marks, ns->nmarks + 1, sizeof *m);
    if (!m)
      return false;
    ns->marks = m;
  }
  ns->marks[ns->nmarks++] = ns->n;
  return true;
}

static void ns_pop_scope(name_set *ns) {
  CASC_ASSERT(ns->nmarks > 0); /* scopes close in the order they opened */
  unsigned mark = ns->marks[--ns->nmarks];
  while (ns->n > mark) {
    name_node *e = ns->stack[--ns->n];
    unsigned b = (unsigned)(e->h & (ns->nbuckets - 1));
    if (ns->buckets[b] == e)
      ns->buckets[b] = e->next;
    e->next = ns->free;
    ns->free = e;
  }
}

/* ---- naming -------------------------------------------------------------- */

typedef struct {
  casc_region *region;
  unsigned next_value, next_arg, next_conflict;
  unsigned parent_scope; /* name-set scope depth of the parent region */
} name_ctx;

typedef struct {
  casc_printer *pr;
  name_set used;
  unsigned next_value, next_arg, next_conflict;
  /* Each distinct name spelled once: every function of a module names
   * its constants and arguments alike (%c0_i32, %arg0). */
  casc_hashmap spellings;
  bool ok;
} namer;

/* A name the printer spelled: its text and its place in pr->names (what a
 * value's print_name refers to). */
typedef struct {
  uint32_t index;
  char s[];
} spelled;

/* The printer's copy of the name s[0..n). */
static const spelled *spell(namer *nm, const char *s, size_t n) {
  uint64_t h = casc_hash_bytes(s, n);
  const spelled *d = casc_hm_get(&nm->spellings, s, n, h);
  if (d)
    return d;
  casc_printer *pr = nm->pr;
  /* print_name holds (index + 1) << 1 in 32 bits. */
  if (pr->nnames >= UINT32_MAX / 2 - 1)
    return NULL;
  if (pr->nnames == pr->cap_names) {
    const char **a =
        casc_grow(pr->names, &pr->cap_names, pr->nnames + 1, sizeof *a);
    if (!a)
      return NULL;
    pr->names = a;
  }
  spelled *copy = casc_arena_alloc(&pr->tmp, sizeof *copy + n + 1);
  if (!copy)
    return NULL;
  memcpy(copy->s, s, n);
  copy->s[n] = 0;
  copy->index = pr->nnames;
  pr->names[pr->nnames++] = copy->s;
  return casc_hm_put(&nm->spellings, copy->s, n, h, copy) ? copy : NULL;
}

static bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9');
}

/* Appending to a NUL-terminated name in buf[cap] (cut at cap like
 * snprintf): nearly every constant and entry argument gets a name, and
 * snprintf's format parsing cost more than the naming itself. */
static void put_str(char *buf, size_t cap, size_t *n, const char *s) {
  while (*s && *n + 1 < cap)
    buf[(*n)++] = *s++;
  buf[*n] = 0;
}

static void put_dec(char *buf, size_t cap, size_t *n, uint64_t v) {
  char d[20];
  unsigned k = 0;
  do {
    d[k++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (k && *n + 1 < cap)
    buf[(*n)++] = d[--k];
  buf[*n] = 0;
}

static void put_sdec(char *buf, size_t cap, size_t *n, int64_t v) {
  if (v < 0)
    put_str(buf, cap, n, "-");
  put_dec(buf, cap, n, v < 0 ? 0 - (uint64_t)v : (uint64_t)v);
}

/* MLIR's sanitizeIdentifier + uniqueValueName. */
static const spelled *unique_name(namer *nm, const char *name) {
  casc_printer *pr = nm->pr;
  char buf[256];
  size_t n = 0;
  bool bad = false;
  for (const char *c = name; *c; c++)
    if (!is_alnum(*c) && !strchr("$._-", *c))
      bad = true;
  if (name[0] >= '0' && name[0] <= '9')
    buf[n++] = '_';
  if (bad || n) {
    for (const char *c = name; *c && n + 3 < sizeof buf; c++) {
      if (is_alnum(*c) || strchr("$._-", *c))
        buf[n++] = *c;
      else if (*c == ' ')
        buf[n++] = '_';
      else
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%X", (unsigned char)*c);
    }
  } else {
    n = strlen(name);
    if (n >= sizeof buf - 16)
      n = sizeof buf - 16;
    memcpy(buf, name, n);
  }
  buf[n] = 0;
  if (!ns_contains(&nm->used, buf, n)) {
    const spelled *s = spell(nm, buf, n);
    if (!s || !ns_insert(pr, &nm->used, s->s, n))
      return NULL;
    return s;
  }
  char probe[300];
  for (;;) {
    size_t l = 0;
    put_str(probe, sizeof probe, &l, buf);
    put_str(probe, sizeof probe, &l, "_");
    put_dec(probe, sizeof probe, &l, nm->next_conflict++);
    if (!ns_contains(&nm->used, probe, l)) {
      const spelled *s = spell(nm, probe, l);
      if (!s || !ns_insert(pr, &nm->used, s->s, l))
        return NULL;
      return s;
    }
  }
}

static void set_name(namer *nm, casc_value *v, const char *name) {
  const spelled *s = unique_name(nm, name);
  if (!s)
    nm->ok = false;
  else
    v->print_name = (s->index + 1) << 1;
}

static void set_number(namer *nm, casc_value *v) {
  /* A number must fit print_name's 31 bits. */
  if (nm->next_value >= UINT32_MAX / 2)
    nm->ok = false;
  else
    v->print_name = nm->next_value++ << 1 | 1;
}

/* arith.constant's getAsmResultNames. */
static bool constant_name(casc_op *op, char *buf, size_t n) {
  if (op->kind != CASC_OP_ARITH_CONSTANT || op->nres != 1)
    return false;
  casc_attr *v = casc_op_attr(op, "value");
  if (!v)
    return false;
  size_t k = 0;
  buf[0] = 0;
  if (v->kind == CASC_ATTR_BOOL) {
    put_str(buf, n, &k, v->u.b ? "true" : "false");
    return true;
  }
  if (v->kind != CASC_ATTR_INTEGER) {
    put_str(buf, n, &k, "cst");
    return true;
  }
  casc_type *t = v->type;
  if (t && t->kind == CASC_TYPE_INTEGER && t->u.integer.width == 1) {
    put_str(buf, n, &k, v->u.i.v ? "true" : "false");
    return true;
  }
  put_str(buf, n, &k, "c");
  if (t && t->kind == CASC_TYPE_INTEGER && t->u.integer.sign == CASC_UNSIGNED)
    put_dec(buf, n, &k, (uint64_t)v->u.i.v);
  else
    put_sdec(buf, n, &k, v->u.i.v);
  /* `_i32`, `_si8`, `_ui64` as the type prints; nothing for index. */
  if (t && t->kind == CASC_TYPE_INTEGER) {
    put_str(buf, n, &k,
            t->u.integer.sign == CASC_SIGNED     ? "_si"
            : t->u.integer.sign == CASC_UNSIGNED ? "_ui"
                                                 : "_i");
    put_dec(buf, n, &k, t->u.integer.width);
  }
  return true;
}

/* The results that get value names: those of every op whose ODS definition
 * has more than one result, all named and none variadic. MLIR's ODS
 * generates a getAsmResultNames naming each result after its definition
 * (`%mrgSortList1, ... = ascendc.get_mrg_sort_result`); MLIR's own arith
 * *_extended ops name theirs the same way by hand (`%sum, %overflow`,
 * `%low, %high`). A named result is printed on its own (`%high`, not
 * `%0#1`). The names are the op table's result names, which are ODS's. */
static const casc_op_info *named_results(const casc_op *op) {
  const casc_op_info *info = casc_op_info_get(op->kind);
  if (!info || info->nress < 2 || op->nres != info->nress)
    return NULL;
  for (unsigned i = 0; i < info->nress; i++)
    if (info->ress[i].card || !info->ress[i].name[0])
      return NULL;
  return info;
}

/* The name of a NameLoc l, for -mlir-use-nameloc-as-prefix; else NULL. */
static const char *nameloc_prefix(const namer *nm, const casc_loc *l) {
  if (!nm->pr->flags.nameloc_prefix)
    return NULL;
  return l && l->kind == CASC_LOC_NAME && l->u.name.name && l->u.name.name[0]
             ? l->u.name.name
             : NULL;
}

static void number_op(namer *nm, casc_op *op) {
  if (!op->nres)
    return;
  const char *ln = op->nres == 1 ? nameloc_prefix(nm, op->loc) : NULL;
  if (ln) {
    set_name(nm, casc_op_result(op, 0), ln);
    return;
  }
  char buf[128];
  if (!nm->pr->flags.generic && constant_name(op, buf, sizeof buf)) {
    set_name(nm, casc_op_result(op, 0), buf);
    return;
  }
  /* MLIR's memref.alloca and memref.cast name their results themselves
   * (getAsmResultNames). */
  if (!nm->pr->flags.generic &&
      (op->kind == CASC_OP_MEMREF_ALLOCA || op->kind == CASC_OP_MEMREF_CAST)) {
    set_name(nm, casc_op_result(op, 0),
             op->kind == CASC_OP_MEMREF_ALLOCA ? "alloca" : "cast");
    return;
  }
  const casc_op_info *info = nm->pr->flags.generic ? NULL : named_results(op);
  if (info) {
    for (unsigned i = 0; i < op->nres; i++)
      set_name(nm, casc_op_result(op, i), info->ress[i].name);
    return;
  }
  set_number(nm, casc_op_result(op, 0));
}

static void number_region(namer *nm, casc_region *r) {
  unsigned next_block = 0;
  for (casc_block *b = r->first; b; b = b->next) {
    if (!casc_ptrmap_put(&nm->pr->blocks, b, next_block++))
      nm->ok = false;
    bool entry = b == r->first;
    for (unsigned i = 0; i < b->nargs; i++) {
      const char *ln =
          entry ? nameloc_prefix(nm, casc_value_loc(b->args[i])) : NULL;
      if (ln) {
        set_name(nm, b->args[i], ln);
      } else if (entry) {
        char buf[32];
        size_t k = 0;
        put_str(buf, sizeof buf, &k, "arg");
        put_dec(buf, sizeof buf, &k, nm->next_arg++);
        set_name(nm, b->args[i], buf);
      } else {
        set_number(nm, b->args[i]);
      }
    }
    for (casc_op *op = b->first; op; op = op->next)
      number_op(nm, op);
  }
}

/* The regions still to number, as a stack (deep nesting must not recurse). */
static bool push_region(name_ctx **stack, unsigned *n, unsigned *cap,
                        name_ctx c) {
  if (*n == *cap) {
    name_ctx *s = casc_grow(*stack, cap, *n + 1, sizeof *s);
    if (!s)
      return false;
    *stack = s;
  }
  (*stack)[(*n)++] = c;
  return true;
}

/* Blocks of the printed op, counted so that the label map is made at its
 * size once instead of growing (and rehashing) on a large module. */
static bool count_blocks(casc_op *op, void *user) {
  size_t *n = user;
  for (unsigned r = 0; r < op->nregions; r++)
    for (casc_block *b = casc_op_regions(op)[r].first; b; b = b->next)
      ++*n;
  return true;
}

static bool clear_op(casc_op *op, void *user) {
  (void)user;
  for (unsigned i = 0; i < op->nres; i++)
    casc_op_result(op, i)->print_name = 0;
  for (unsigned r = 0; r < op->nregions; r++)
    for (casc_block *b = casc_op_regions(op)[r].first; b; b = b->next)
      for (unsigned i = 0; i < b->nargs; i++)
        b->args[i]->print_name = 0;
  return true;
}

void pr_names_clear(casc_op *top) {
  casc_walk_pre(top, clear_op, NULL);
}

bool pr_names_build(casc_printer *pr, casc_op *top) {
  size_t blocks = 0;
  casc_walk_pre(top, count_blocks, &blocks);
  if (!casc_ptrmap_reserve(&pr->blocks, blocks))
    return false;
  namer nm;
  memset(&nm, 0, sizeof nm);
  nm.pr = pr;
  nm.ok = true;
  casc_hm_init(&nm.spellings);
  nm.used.nbuckets = 64;
  nm.used.buckets = casc_calloc(nm.used.nbuckets, sizeof *nm.used.buckets);
  name_ctx *stack = NULL;
  unsigned n = 0, cap = 0;
  if (!nm.used.buckets || !ns_push_scope(&nm.used)) {
    nm.ok = false;
    goto done;
  }
  for (unsigned i = 0; i < top->nregions; i++) {
    if (!push_region(
            &stack, &n, &cap,
            (name_ctx){&casc_op_regions(top)[i], 0, 0, 0, nm.used.nmarks})) {
      nm.ok = false;
      goto done;
    }
  }
  number_op(&nm, top);
  while (n && nm.ok) {
    name_ctx c = stack[--n];
    if (!pr->flags.generic) {
      nm.next_value = c.next_value;
      nm.next_arg = c.next_arg;
      nm.next_conflict = c.next_conflict;
    }
    while (nm.used.nmarks > c.parent_scope)
      ns_pop_scope(&nm.used);
    if (!ns_push_scope(&nm.used)) {
      nm.ok = false;
      break;
    }
    number_region(&nm, c.region);
    for (casc_block *b = c.region->first; b; b = b->next)
      for (casc_op *op = b->first; op; op = op->next)
        for (unsigned i = 0; i < op->nregions; i++) {
          if (!push_region(&stack, &n, &cap,
                           (name_ctx){&casc_op_regions(op)[i], nm.next_value,
                                      nm.next_arg, nm.next_conflict,
                                      nm.used.nmarks})) {
            nm.ok = false;
            goto done;
          }
        }
  }
done:
  casc_free(stack);
  casc_free(nm.used.buckets);
  casc_free(nm.used.stack);
  casc_free(nm.used.marks);
  casc_hm_free(&nm.spellings);
  return nm.ok;
}
