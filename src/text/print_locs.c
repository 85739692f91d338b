/* Location aliases for -mlir-print-debuginfo, as MLIR 19's AliasInitializer
 * assigns them: every location the printer shows is visited in print order
 * (an op's location before its body), children after their parent; aliases
 * are sorted stably by depth (leaves 1, a parent 1 + deepest child) and
 * named #loc, #loc1, #loc2, ...; those reachable from a block argument are
 * printed before the top-level op, the others after it. */
#include <stdlib.h>
#include <string.h>

#include "text/printer.h"
#include "util/alloc.h"
#include "util/buf_num.h"

typedef struct {
  casc_loc *loc;
  unsigned depth;
  bool can_defer;
  unsigned nchildren;
  unsigned *children; /* indices */
  const char *name;   /* after finish */
} alias_entry;

struct pr_alias_state {
  alias_entry *e;
  unsigned n, cap;
  casc_ptrmap index; /* loc -> entry index + 1 */
  unsigned *order;   /* entry indices in alias-number order */
};

pr_alias_state *pr_aliases_new(void) {
  return casc_calloc(1, sizeof(pr_alias_state));
}

void pr_aliases_free(pr_alias_state *a) {
  if (!a)
    return;
  for (unsigned i = 0; i < a->n; i++)
    casc_free(a->e[i].children);
  casc_free(a->e);
  casc_free(a->order);
  casc_ptrmap_free(&a->index);
  casc_free(a);
}

static void mark_nondeferrable(pr_alias_state *a, unsigned i) {
  if (!a->e[i].can_defer)
    return;
  a->e[i].can_defer = false;
  for (unsigned k = 0; k < a->e[i].nchildren; k++)
    mark_nondeferrable(a, a->e[i].children[k]);
}

static unsigned nchildren_of(casc_loc *l) {
  switch (l->kind) {
  case CASC_LOC_NAME:
    return l->u.name.child ? 1 : 0;
  case CASC_LOC_CALLSITE:
    return 2;
  case CASC_LOC_FUSED:
    return l->u.fused.n;
  default:
    return 0;
  }
}

static casc_loc *child_of(casc_loc *l, unsigned i) {
  switch (l->kind) {
  case CASC_LOC_NAME:
    return l->u.name.child;
  case CASC_LOC_CALLSITE:
    return i == 0 ? l->u.callsite.callee : l->u.callsite.caller;
  case CASC_LOC_FUSED:
    return l->u.fused.locs[i];
  default:
    return NULL;
  }
}

/* A NameLoc's unknown child is not printed, so it is not visited. */
static bool child_printed(casc_loc *l, casc_loc *c) {
  return !(l->kind == CASC_LOC_NAME && c->kind == CASC_LOC_UNKNOWN);
}

/* Returns the entry index, or (unsigned)-1 on allocation failure. */
static unsigned visit(casc_printer *pr, casc_loc *loc, bool can_defer,
                      unsigned level) {
  pr_alias_state *a = pr->aliases;
  uintptr_t idx;
  if (casc_ptrmap_find(&a->index, loc, &idx)) {
    if (!can_defer)
      mark_nondeferrable(a, (unsigned)idx - 1);
    return (unsigned)idx - 1;
  }
  if (a->n == a->cap) {
    alias_entry *ne = casc_grow(a->e, &a->cap, a->n + 1, sizeof *ne);
    if (!ne) {
      pr->oom = true;
      return (unsigned)-1;
    }
    a->e = ne;
  }
  unsigned me = a->n++;
  memset(&a->e[me], 0, sizeof a->e[me]);
  a->e[me].loc = loc;
  a->e[me].depth = 1;
  a->e[me].can_defer = can_defer;
  if (!casc_ptrmap_put(&a->index, loc, me + 1)) {
    pr->oom = true;
    return (unsigned)-1;
  }
  unsigned nc = nchildren_of(loc);
  if (nc && level < 1000) {
    unsigned *ch = casc_calloc(nc, sizeof *ch);
    if (!ch) {
      pr->oom = true;
      return (unsigned)-1;
    }
    unsigned depth = 0, k = 0;
    for (unsigned i = 0; i < nc; i++) {
      casc_loc *c = child_of(loc, i);
      if (!c || !child_printed(loc, c))
        continue;
      unsigned ci = visit(pr, c, can_defer, level + 1);
      if (ci == (unsigned)-1) {
        casc_free(ch);
        return ci;
      }
      ch[k++] = ci;
      if (pr->aliases->e[ci].depth > depth)
        depth = pr->aliases->e[ci].depth;
    }
    a = pr->aliases;
    a->e[me].children = ch;
    a->e[me].nchildren = k;
    if (depth)
      a->e[me].depth = depth + 1;
  }
  return me;
}

void pr_aliases_visit(casc_printer *pr, casc_loc *loc, bool can_defer) {
  if (loc && pr->aliases)
    visit(pr, loc, can_defer, 0);
}

void pr_aliases_finish(casc_printer *pr) {
  pr_alias_state *a = pr->aliases;
  if (!a || !a->n)
    return;
  a->order = casc_malloc(a->n * sizeof *a->order);
  if (!a->order) {
    pr->oom = true;
    return;
  }
  /* Stable counting sort by depth. */
  unsigned maxd = 0;
  for (unsigned i = 0; i < a->n; i++)
    if (a->e[i].depth > maxd)
      maxd = a->e[i].depth;
  unsigned k = 0;
  for (unsigned d = 0; d <= maxd; d++)
    for (unsigned i = 0; i < a->n; i++)
      if (a->e[i].depth == d)
        a->order[k++] = i;
  for (unsigned j = 0; j < a->n; j++) {
    char buf[32];
    if (j == 0)
      snprintf(buf, sizeof buf, "#loc");
    else
      snprintf(buf, sizeof buf, "#loc%u", j);
    size_t n = strlen(buf);
    char *s = casc_arena_alloc(&pr->tmp, n + 1);
    if (!s) {
      pr->oom = true;
      return;
    }
    memcpy(s, buf, n + 1);
    a->e[a->order[j]].name = s;
  }
}

const char *pr_alias_name(casc_printer *pr, casc_loc *loc) {
  if (!pr->aliases || pr->collecting)
    return NULL;
  uintptr_t idx;
  if (!casc_ptrmap_find(&pr->aliases->index, loc, &idx))
    return NULL;
  return pr->aliases->e[idx - 1].name;
}

void pr_loc_body(casc_printer *pr, casc_loc *loc, bool pretty);

static void loc_child(casc_printer *pr, casc_loc *loc, bool pretty) {
  const char *alias = pr_alias_name(pr, loc);
  if (alias)
    pr_puts(pr, alias);
  else
    pr_loc_body(pr, loc, pretty);
}

void pr_loc_body(casc_printer *pr, casc_loc *loc, bool pretty) {
  if (!loc) {
    pr_puts(pr, pretty ? "[unknown]" : "unknown");
    return;
  }
  switch (loc->kind) {
  case CASC_LOC_UNKNOWN:
    pr_puts(pr, pretty ? "[unknown]" : "unknown");
    return;
  case CASC_LOC_FILE:
    if (pretty)
      pr_puts(pr, loc->u.file.file);
    else
      pr_escaped_string(pr, loc->u.file.file, strlen(loc->u.file.file));
    pr_putc(pr, ':');
    casc_buf_put_u64(pr->out, loc->u.file.line);
    pr_putc(pr, ':');
    casc_buf_put_u64(pr->out, loc->u.file.col);
    return;
  case CASC_LOC_NAME:
    pr_escaped_string(pr, loc->u.name.name, strlen(loc->u.name.name));
    if (loc->u.name.child && loc->u.name.child->kind != CASC_LOC_UNKNOWN) {
      pr_putc(pr, '(');
      loc_child(pr, loc->u.name.child, pretty);
      pr_putc(pr, ')');
    }
    return;
  case CASC_LOC_CALLSITE:
    if (!pretty)
      pr_puts(pr, "callsite(");
    loc_child(pr, loc->u.callsite.callee, pretty);
    pr_puts(pr, " at ");
    loc_child(pr, loc->u.callsite.caller, pretty);
    if (!pretty)
      pr_putc(pr, ')');
    return;
  case CASC_LOC_FUSED:
    if (!pretty)
      pr_puts(pr, "fused");
    pr_putc(pr, '[');
    for (unsigned i = 0; i < loc->u.fused.n; i++) {
      if (i)
        pr_puts(pr, ", ");
      loc_child(pr, loc->u.fused.locs[i], pretty);
    }
    pr_putc(pr, ']');
    return;
  }
}

void pr_op_loc(casc_printer *pr, casc_loc *loc) {
  if (!pr->flags.debuginfo)
    return;
  if (pr->collecting)
    return; /* visited when the op starts (print_op_full) */
  pr_putc(pr, ' ');
  if (pr->flags.pretty_debuginfo) {
    pr_loc_body(pr, loc, true);
    return;
  }
  pr_puts(pr, "loc(");
  const char *alias = pr_alias_name(pr, loc);
  if (alias)
    pr_puts(pr, alias);
  else
    pr_loc_body(pr, loc, false);
  pr_putc(pr, ')');
}

void pr_arg_loc(casc_printer *pr, casc_loc *loc) {
  if (!pr->flags.debuginfo)
    return;
  if (!loc)
    loc = casc_loc_unknown(pr->ctx);
  if (pr->collecting) {
    pr_aliases_visit(pr, loc, false);
    return;
  }
  pr_putc(pr, ' ');
  if (!pr->flags.pretty_debuginfo)
    pr_puts(pr, "loc(");
  pr_loc_body(pr, loc, pr->flags.pretty_debuginfo);
  if (!pr->flags.pretty_debuginfo)
    pr_putc(pr, ')');
}

void pr_aliases_print(casc_printer *pr, bool deferred) {
  pr_alias_state *a = pr->aliases;
  if (!a || !a->order)
    return;
  for (unsigned j = 0; j < a->n; j++) {
    alias_entry *e = &a->e[a->order[j]];
    if (e->can_defer != deferred)
      continue;
    pr_puts(pr, e->name);
    pr_puts(pr, " = ");
    if (pr->flags.pretty_debuginfo) {
      pr_loc_body(pr, e->loc, true);
    } else {
      pr_puts(pr, "loc(");
      pr_loc_body(pr, e->loc, false);
      pr_putc(pr, ')');
    }
    pr_putc(pr, '\n');
  }
}
