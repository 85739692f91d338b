/* verify-sync's remaining-iteration domain (docs/verify-sync.md).
 *
 * In an scf.for of unknown trip count, a condition such as `i + 1 < n`
 * (n the upper bound) says whether more iterations follow. Each state keeps
 * the number r of iterations after the current one as an interval; a
 * decision on such a condition narrows it, the back edge needs r >= 1 and
 * decrements it, the exit needs r = 0. The prefetch pattern is then exact:
 * the path that skipped the prefetch is the last iteration.
 *
 * The interval arithmetic (vs_rset_*, vs_rcond_*) is pure; vs_decode_rcond
 * reads it off the IR of a condition, and the vs_loop_* functions apply it
 * to the states at loop entry and after each iteration. */
#include <string.h>

#include "passes/verify_sync_internal.h"

/* v = root + off, following addi/subi by constants and integer casts
 * (root NO_ROOT: v is the constant off). */
static void lin_form(vs_ctx *c, uint32_t v, uint32_t *root, int64_t *off) {
  int64_t o = 0;
  for (int guard = 0; guard < 16 && v < c->nv; guard++) {
    if (c->sknown[v]) {
      *root = NO_ROOT;
      *off = o + c->sval[v];
      return;
    }
    casc_op *d = c->vals[v]->def;
    if (!d)
      break;
    if ((d->kind == CASC_OP_ARITH_ADDI || d->kind == CASC_OP_ARITH_SUBI) &&
        d->nops == 2) {
      uint32_t a = vid_of(c, d->operands[0].value);
      uint32_t b = vid_of(c, d->operands[1].value);
      if (b < c->nv && c->sknown[b]) {
        o += d->kind == CASC_OP_ARITH_ADDI ? c->sval[b] : -c->sval[b];
        v = a;
        continue;
      }
      if (d->kind == CASC_OP_ARITH_ADDI && a < c->nv && c->sknown[a]) {
        o += c->sval[a];
        v = b;
        continue;
      }
      break;
    }
    if ((d->kind == CASC_OP_ARITH_INDEX_CAST ||
         d->kind == CASC_OP_ARITH_INDEX_CASTUI ||
         d->kind == CASC_OP_ARITH_EXTSI || d->kind == CASC_OP_ARITH_EXTUI) &&
        d->nops == 1) {
      v = vid_of(c, d->operands[0].value);
      continue;
    }
    break;
  }
  *root = v;
  *off = o;
}

static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}
static int64_t ceil_div(int64_t a, int64_t b) {
  return -floor_div(-a, b);
}

/* ---- interval arithmetic ------------------------------------------------- */

vs_rset vs_rset_make(int64_t lo, int64_t hi) {
  vs_rset r = {lo < 0 ? 0 : lo, hi};
  return r;
}

vs_rset vs_rset_all(void) {
  vs_rset r = {0, INT64_MAX};
  return r;
}

bool vs_rset_is_all(vs_rset r) {
  return r.lo == 0 && r.hi == INT64_MAX;
}

vs_rset vs_rset_meet(vs_rset a, vs_rset b) {
  vs_rset r = {a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
  return r;
}

static const vs_rcond rcond_none = {false, {0, 0}, {0, 0}, true, true};

/* D = ub - iv lies in (r*step, (r+1)*step]. Constraint of `D > t`. */
vs_rcond vs_rcond_gt(int64_t t, int64_t step) {
  /* With no iteration at all D <= 0, unbounded below: D > t can hold
   * only when t < 0, D <= t always can. */
  vs_rcond rc = {true, vs_rset_make(floor_div(t, step), INT64_MAX),
                 vs_rset_make(0, ceil_div(t, step) - 1), t < 0, true};
  return rc;
}

vs_rcond vs_rcond_not(vs_rcond a) {
  vs_rset t = a.t;
  a.t = a.f;
  a.f = t;
  bool zt = a.zt;
  a.zt = a.zf;
  a.zf = zt;
  return a;
}

vs_rcond vs_rcond_and(vs_rcond a, vs_rcond b) {
  /* True needs both; false is the union of the two false sets, exact only
   * when one of them is everything (no gap). */
  if (!a.ok || !b.ok || (!vs_rset_is_all(a.f) && !vs_rset_is_all(b.f)))
    return rcond_none;
  vs_rcond r = {true, vs_rset_meet(a.t, b.t), vs_rset_all(), a.zt && b.zt,
                a.zf || b.zf};
  return r;
}

/* D == cc (eq) or D != cc (ne). */
static vs_rcond rcond_eq(bool eq, int64_t cc, int64_t s) {
  int64_t r = ceil_div(cc, s) - 1;
  vs_rcond e = {true, r >= 0 ? vs_rset_make(r, r) : vs_rset_make(1, 0),
                vs_rset_all(), cc <= 0, true};
  if (s != 1 && r >= 0)
    return rcond_none; /* D == cc does not pin r down exactly */
  /* The false side excludes one value: exact only at r = 0. */
  if (r == 0)
    e.f = vs_rset_make(1, INT64_MAX);
  else if (r > 0)
    return rcond_none;
  return eq ? e : vs_rcond_not(e);
}

vs_rcond vs_rcond_cmp(int64_t pred, int64_t cc, int64_t s) {
  if (cc > ((int64_t)1 << 40) || cc < -((int64_t)1 << 40))
    return rcond_none;
  /* iv + cc P ub, i.e. a relation between D = ub - iv and cc. */
  switch (pred) {
  case 2: /* slt: D > cc */
  case 6:
    return vs_rcond_gt(cc, s);
  case 3: /* sle: D >= cc */
  case 7:
    return vs_rcond_gt(cc - 1, s);
  case 4: /* sgt: D < cc */
  case 8:
    return vs_rcond_not(vs_rcond_gt(cc - 1, s));
  case 5: /* sge: D <= cc */
  case 9:
    return vs_rcond_not(vs_rcond_gt(cc, s));
  case 0: /* eq: D == cc */
  case 1: /* ne */
    return rcond_eq(pred == 0, cc, s);
  default:
    return rcond_none;
  }
}

/* ---- conditions in the IR ------------------------------------------------ */

static vs_rcond decode(vs_ctx *c, uint32_t v, uint32_t L, int depth);

/* A side of an andi / ori: its own constraint, or none when it does not
 * depend on loop L at all. */
static bool rcond_side(vs_ctx *c, uint32_t v, uint32_t L, int depth,
                       vs_rcond *out) {
  *out = decode(c, v, L, depth + 1);
  if (out->ok)
    return true;
  if (v < c->nv && !(c->taint[v] & loop_bit(L)) && !c->sknown[v]) {
    out->ok = true;
    out->t = out->f = vs_rset_all();
    out->zt = out->zf = true;
    return true;
  }
  return false;
}

/* `cmpi P, lhs, rhs` where one side is the upper bound of loop L (plus a
 * constant) and the other the induction variable (plus a constant) or, when
 * the induction variable is known, a constant. */
static vs_rcond decode_cmp(vs_ctx *c, casc_op *d, const vs_loop *lp) {
  int64_t p = casc_op_attr_int(d, "predicate", -1);
  uint32_t ra, rb;
  int64_t oa, ob;
  lin_form(c, vid_of(c, d->operands[0].value), &ra, &oa);
  lin_form(c, vid_of(c, d->operands[1].value), &rb, &ob);
  if (ra == lp->ub && rb != lp->ub) {
    uint32_t tr = ra;
    int64_t to = oa;
    ra = rb, oa = ob, rb = tr, ob = to;
    p = vs_pred_swap(p);
  }
  if (rb != lp->ub || p < 0)
    return rcond_none;
  /* lhs P ub + (ob - ub_off), lhs = iv + oa or the constant oa. */
  int64_t cc;
  if (ra == lp->iv)
    cc = oa - (ob - lp->ub_off);
  else if (ra == NO_ROOT && lp->iv < c->nv && c->sknown[lp->iv])
    cc = oa - (ob - lp->ub_off) - c->sval[lp->iv];
  else
    return rcond_none;
  return vs_rcond_cmp(p, cc, lp->step);
}

static vs_rcond decode(vs_ctx *c, uint32_t v, uint32_t L, int depth) {
  casc_op *d = v < c->nv ? c->vals[v]->def : NULL;
  if (!d || depth > 6 || d->nops != 2)
    return rcond_none;
  if (d->kind == CASC_OP_ARITH_XORI) {
    for (int k = 0; k < 2; k++)
      if (vs_is_true_const(d->operands[k].value))
        return vs_rcond_not(
            decode(c, vid_of(c, d->operands[1 - k].value), L, depth + 1));
    return rcond_none;
  }
  if (d->kind == CASC_OP_ARITH_ANDI || d->kind == CASC_OP_ARITH_ORI) {
    vs_rcond a, b;
    if (!rcond_side(c, vid_of(c, d->operands[0].value), L, depth, &a) ||
        !rcond_side(c, vid_of(c, d->operands[1].value), L, depth, &b))
      return rcond_none;
    if (d->kind == CASC_OP_ARITH_ANDI)
      return vs_rcond_and(a, b);
    /* a || b is !(!a && !b). */
    vs_rcond r = vs_rcond_and(vs_rcond_not(a), vs_rcond_not(b));
    return r.ok ? vs_rcond_not(r) : rcond_none;
  }
  if (d->kind != CASC_OP_ARITH_CMPI)
    return rcond_none;
  return decode_cmp(c, d, &c->lp[L]);
}

vs_rcond vs_decode_rcond(vs_ctx *c, uint32_t v, uint32_t L) {
  return decode(c, v, L, 0);
}

/* ---- states -------------------------------------------------------------- */

bool vs_rnarrow(vs_state *s, uint32_t L, vs_rset r) {
  vs_rset cur = {s->rlo[L], s->rhi[L] == VS_RINF ? INT64_MAX : s->rhi[L]};
  vs_rset n = vs_rset_meet(cur, r);
  if (n.lo > n.hi)
    return false;
  s->rlo[L] = (int16_t)(n.lo < VS_RINF - 1 ? n.lo : VS_RINF - 1);
  s->rhi[L] = (int16_t)(n.hi < VS_RINF ? n.hi : VS_RINF);
  return true;
}

/* The loop record of depth d for vs_run_for (lb, step known, step > 0). */
void vs_loop_setup(vs_ctx *c, uint32_t d, casc_op *op, uint32_t ivv, int64_t lb,
                   int64_t st, bool track) {
  if (d >= VS_RLOOPS)
    return;
  vs_loop *lp = &c->lp[d];
  memset(lp, 0, sizeof *lp);
  lp->iv = ivv;
  lp->step = st;
  lp->mod = 1;
  lp->op = oid_of(c, op);
  lp->track = track;
  lin_form(c, vid_of(c, op->operands[1].value), &lp->ub, &lp->ub_off);
  if (lp->ub == NO_ROOT)
    lp->track = false;
  /* ub = x * C with lb = 0: the trip count is a multiple of C / step. */
  casc_op *ud = op->operands[1].value->def;
  if (lb == 0 && ud && ud->kind == CASC_OP_ARITH_MULI && ud->nops == 2)
    for (int k = 0; k < 2; k++) {
      uint32_t cv = vid_of(c, ud->operands[k].value);
      if (cv < c->nv && c->sknown[cv] && c->sval[cv] > 0 &&
          c->sval[cv] % st == 0 && c->sval[cv] / st <= 1024) {
        lp->mod = (uint32_t)(c->sval[cv] / st);
        break;
      }
    }
}

/* A copy of s that skips loop d because its trip count is 0, marked as
 * such (the first such loop of the path is named in its findings). */
static void push_zero_trip(vs_ctx *c, uint32_t d, const vs_state *s,
                           vs_set *skip) {
  vs_state *z = vs_state_copy(s, c->nq, c->np);
  if (!z) {
    c->oom = true;
    return;
  }
  vs_state_rreset(z, d);
  if (!z->zloop)
    z->zloop = c->lp[d].op + 1;
  if (!vs_set_push(skip, z))
    c->oom = true;
}

/* Loop entry (iteration 1, iv = lb): decisions taken before the loop on
 * its upper bound (`if n > 1`) bound the trip count. A state that cannot
 * enter the loop at all goes to `skip`. A run-time trip count may also be
 * 0 (a prologue before the loop is then never consumed), unless a decision
 * before the loop (`if n > 0` around it) rules it out: a copy of such a
 * state skips the loop too. */
void vs_loop_entry(vs_ctx *c, uint32_t d, vs_set *S, vs_set *skip) {
  uint32_t out = 0;
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    vs_state_rreset(s, d);
    bool ok = true, zero = true;
    for (uint32_t a = 0; a < s->na && ok; a++) {
      vs_rcond rc = vs_decode_rcond(c, s->as[a].v, d);
      if (rc.ok) {
        ok = vs_rnarrow(s, d, s->as[a].val ? rc.t : rc.f);
        zero = zero && (s->as[a].val ? rc.zt : rc.zf);
      }
    }
    if (ok) {
      if (zero)
        push_zero_trip(c, d, s, skip);
      S->s[out++] = s;
    } else {
      /* Decided before the loop: its findings hold for that count. */
      vs_state_rreset(s, d);
      if (!s->zloop)
        s->zloop = c->lp[d].op + 1;
      if (!vs_set_push(skip, s))
        c->oom = true;
    }
  }
  S->n = out;
}

/* After iteration k of a tracked loop: copies the states that may leave
 * the loop here to `exits`, keeps in S those that may go on (r >= 1) with
 * r decremented. Without information the trip count is taken to be at
 * least 2 (no exit after iteration 1). */
void vs_loop_iterate(vs_ctx *c, uint32_t d, uint32_t k, vs_set *S,
                     vs_set *exits) {
  const vs_loop *lp = &c->lp[d];
  uint32_t out = 0;
  for (uint32_t i = 0; i < S->n; i++) {
    vs_state *s = S->s[i];
    bool can_exit =
        s->rlo[d] == 0 && (k >= 2 || s->rhi[d] == 0) && k % lp->mod == 0;
    bool can_go = s->rhi[d] != 0;
    if (can_exit) {
      vs_state *e = can_go ? vs_state_copy(s, c->nq, c->np) : s;
      if (!e) {
        c->oom = true;
      } else {
        vs_state_rreset(e, d);
        if (!vs_set_push(exits, e))
          c->oom = true;
      }
      if (!can_go)
        continue;
    } else if (!can_go) {
      vs_state_free(s);
      continue;
    }
    if (s->rlo[d] > 0)
      s->rlo[d]--;
    if (s->rhi[d] != VS_RINF)
      s->rhi[d]--;
    S->s[out++] = s;
  }
  S->n = out;
}

/* ---- conditions on one value: guards that decide a loop's test ----------- */

/* The values of root for which condition v holds: [lo, hi] (INT64_MIN /
 * INT64_MAX: unbounded). Only signed comparisons of root + a constant with
 * a constant, and their negation when it is one-sided, are read. */
typedef struct {
  bool ok;
  uint32_t root;
  int64_t lo, hi;
} vrange;

static vrange vrange_of(vs_ctx *c, uint32_t v, int depth) {
  vrange none = {false, NO_ROOT, 0, 0};
  casc_op *d = v < c->nv ? c->vals[v]->def : NULL;
  if (!d || depth > 4 || d->nops != 2)
    return none;
  if (d->kind == CASC_OP_ARITH_XORI) {
    for (int k = 0; k < 2; k++)
      if (vs_is_true_const(d->operands[k].value)) {
        vrange r = vrange_of(c, vid_of(c, d->operands[1 - k].value), depth + 1);
        if (!r.ok || (r.lo != INT64_MIN && r.hi != INT64_MAX))
          return none; /* the negation of a point is no interval */
        if (r.lo == INT64_MIN && r.hi == INT64_MAX)
          return none;
        if (r.lo == INT64_MIN) {
          r.lo = r.hi + 1;
          r.hi = INT64_MAX;
        } else {
          r.hi = r.lo - 1;
          r.lo = INT64_MIN;
        }
        return r;
      }
    return none;
  }
  if (d->kind != CASC_OP_ARITH_CMPI)
    return none;
  int64_t p = casc_op_attr_int(d, "predicate", -1);
  uint32_t ra, rb;
  int64_t oa, ob;
  lin_form(c, vid_of(c, d->operands[0].value), &ra, &oa);
  lin_form(c, vid_of(c, d->operands[1].value), &rb, &ob);
  if (ra == NO_ROOT && rb != NO_ROOT) {
    uint32_t tr = ra;
    int64_t to = oa;
    ra = rb, oa = ob, rb = tr, ob = to;
    p = vs_pred_swap(p);
  }
  const int64_t big = (int64_t)1 << 40;
  if (ra == NO_ROOT || rb != NO_ROOT || ob > big || ob < -big || oa > big ||
      oa < -big)
    return none;
  /* root + oa P ob, i.e. root P m. */
  int64_t m = ob - oa;
  vrange r = {true, ra, INT64_MIN, INT64_MAX};
  switch (p) {
  case 0: /* eq */
    r.lo = r.hi = m;
    break;
  case 2: /* slt */
    r.hi = m - 1;
    break;
  case 3: /* sle */
    r.hi = m;
    break;
  case 4: /* sgt */
    r.lo = m + 1;
    break;
  case 5: /* sge */
    r.lo = m;
    break;
  default:
    return none;
  }
  return r;
}

int vs_cond_decided(vs_ctx *c, const vs_state *s, uint32_t v) {
  if (v >= c->nv)
    return -1;
  int a = vs_assume_get(s, c->crep[v]);
  if (a >= 0)
    return a ^ (int)c->cneg[v];
  vrange want = vrange_of(c, v, 0);
  if (!want.ok)
    return -1;
  for (uint32_t i = 0; i < s->na; i++) {
    vrange g = vrange_of(c, s->as[i].v, 0);
    if (!g.ok || g.root != want.root)
      continue;
    if (!s->as[i].val) {
      /* The guard was false: its complement, when that is an interval. */
      if (g.lo != INT64_MIN && g.hi != INT64_MAX)
        continue;
      if (g.lo == INT64_MIN) {
        g.lo = g.hi + 1;
        g.hi = INT64_MAX;
      } else {
        g.hi = g.lo - 1;
        g.lo = INT64_MIN;
      }
    }
    if (g.lo >= want.lo && g.hi <= want.hi)
      return 1;
    if (g.hi < want.lo || g.lo > want.hi)
      return 0;
  }
  return -1;
}
