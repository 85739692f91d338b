/* verify-sync's remaining-iteration domain (src/passes/verify_sync_domain.c,
 * through verify_sync_internal.h): r is the number of iterations of an
 * scf.for that follow the current one, kept per state as an interval.
 * Checked here: the interval arithmetic, what each comparison of the
 * induction variable with the upper bound says about r (for steps 1 and 2,
 * at the edges 0 and unbounded), narrowing a state's interval, the step
 * from one iteration to the next, and the same read off real IR. */
#include <stdint.h>
#include <string.h>

#include "casc/ir.h"
#include "casc/text.h"
#include "check.h"
#include "passes/fold.h"
#include "passes/verify_sync_internal.h"

#define INF INT64_MAX

/* CmpIPredicate (docs/ir.md §2). */
enum { EQ, NE, SLT, SLE, SGT, SGE, ULT, ULE, UGT, UGE };

static int rset_is(vs_rset r, int64_t lo, int64_t hi) {
  return r.lo == lo && r.hi == hi;
}
static int rset_empty(vs_rset r) {
  return r.lo > r.hi;
}
/* Checks rc is exact with r in [tlo, thi] when true, [flo, fhi] when
 * false (an empty set is given as lo > hi). */
#define CHECK_RCOND(rc, tlo, thi, flo, fhi)                                    \
  do {                                                                         \
    vs_rcond rc_ = (rc);                                                       \
    CHECK(rc_.ok);                                                             \
    if ((tlo) > (thi))                                                         \
      CHECK(rset_empty(rc_.t));                                                \
    else                                                                       \
      CHECK(rset_is(rc_.t, (tlo), (thi)));                                     \
    if ((flo) > (fhi))                                                         \
      CHECK(rset_empty(rc_.f));                                                \
    else                                                                       \
      CHECK(rset_is(rc_.f, (flo), (fhi)));                                     \
  } while (0)

static void test_rset(void) {
  CHECK(rset_is(vs_rset_make(-3, 5), 0, 5)); /* r is never negative */
  CHECK(rset_is(vs_rset_make(2, 7), 2, 7));
  CHECK(rset_empty(vs_rset_make(2, 1)));
  CHECK(rset_is(vs_rset_all(), 0, INF));
  CHECK(vs_rset_is_all(vs_rset_all()));
  CHECK(!vs_rset_is_all(vs_rset_make(0, 1000)));
  CHECK(!vs_rset_is_all(vs_rset_make(1, INF)));
  CHECK(rset_is(vs_rset_meet(vs_rset_all(), vs_rset_make(2, 5)), 2, 5));
  CHECK(rset_is(vs_rset_meet(vs_rset_make(1, INF), vs_rset_make(0, 3)), 1, 3));
  CHECK(rset_empty(vs_rset_meet(vs_rset_make(0, 3), vs_rset_make(5, 9))));
  CHECK(rset_is(vs_rset_meet(vs_rset_make(0, 0), vs_rset_make(0, INF)), 0, 0));
}

/* ub - iv = D lies in (r*step, (r+1)*step]; `D > t`. */
static void test_rcond_gt(void) {
  /* Step 1: D = r + 1. */
  CHECK_RCOND(vs_rcond_gt(1, 1), 1, INF, 0, 0);  /* i + 1 < n */
  CHECK_RCOND(vs_rcond_gt(0, 1), 0, INF, 1, 0);  /* i < n: always */
  CHECK_RCOND(vs_rcond_gt(-1, 1), 0, INF, 1, 0); /* i - 1 < n: always */
  CHECK_RCOND(vs_rcond_gt(2, 1), 2, INF, 0, 1);  /* i + 2 < n */
  /* Step 2: D in {2r+1, 2r+2}; a D between two r is on both sides. */
  CHECK_RCOND(vs_rcond_gt(3, 2), 1, INF, 0, 1);
  CHECK_RCOND(vs_rcond_gt(4, 2), 2, INF, 0, 1);
  CHECK_RCOND(vs_rcond_gt(2, 2), 1, INF, 0, 0);
  CHECK_RCOND(vs_rcond_gt(-3, 2), 0, INF, 1, 0); /* floor/ceil below 0 */
  /* Negation swaps the arms. */
  CHECK_RCOND(vs_rcond_not(vs_rcond_gt(1, 1)), 0, 0, 1, INF);
}

/* `iv + cc P ub` for every predicate (unsigned ones as signed: iv and ub
 * are loop bounds). */
static void test_rcond_cmp(void) {
  for (int u = 0; u <= 4; u += 4) {
    /* i + 1 < n: another iteration follows. */
    CHECK_RCOND(vs_rcond_cmp(SLT + u, 1, 1), 1, INF, 0, 0);
    /* i + 1 <= n: always true inside the loop. */
    CHECK_RCOND(vs_rcond_cmp(SLE + u, 1, 1), 0, INF, 1, 0);
    /* i + 1 > n: never. */
    CHECK_RCOND(vs_rcond_cmp(SGT + u, 1, 1), 1, 0, 0, INF);
    /* i + 1 >= n: the last iteration. */
    CHECK_RCOND(vs_rcond_cmp(SGE + u, 1, 1), 0, 0, 1, INF);
    /* i + 2 >= n: one of the last two. */
    CHECK_RCOND(vs_rcond_cmp(SGE + u, 2, 1), 0, 1, 2, INF);
  }
  /* i + 1 == n (i == n - 1): the last iteration; != the others. */
  CHECK_RCOND(vs_rcond_cmp(EQ, 1, 1), 0, 0, 1, INF);
  CHECK_RCOND(vs_rcond_cmp(NE, 1, 1), 1, INF, 0, 0);
  /* i == n never holds inside the loop. */
  CHECK_RCOND(vs_rcond_cmp(EQ, 0, 1), 1, 0, 0, INF);
  /* i + 3 == n pins r = 2 when true, but false leaves a gap: not exact. */
  CHECK(!vs_rcond_cmp(EQ, 3, 1).ok);
  CHECK(!vs_rcond_cmp(NE, 3, 1).ok);
  /* Step 2: D == 2 does not pin r down. */
  CHECK(!vs_rcond_cmp(EQ, 2, 2).ok);
  /* Not a predicate, or offsets too large to be a loop's. */
  CHECK(!vs_rcond_cmp(10, 1, 1).ok);
  CHECK(!vs_rcond_cmp(-1, 1, 1).ok);
  CHECK(!vs_rcond_cmp(SLT, (int64_t)1 << 41, 1).ok);
  CHECK(!vs_rcond_cmp(SLT, -((int64_t)1 << 41), 1).ok);
  CHECK(vs_rcond_cmp(SLT, (int64_t)1 << 40, 1).ok);
}

/* a && b is exact when one side's false arm is everything. */
static void test_rcond_and(void) {
  vs_rcond more = vs_rcond_cmp(SLT, 1, 1); /* r >= 1 | r == 0 */
  vs_rcond last = vs_rcond_cmp(EQ, 1, 1);  /* r == 0 | r >= 1 */
  vs_rcond free_ = {true, vs_rset_all(), vs_rset_all(), true,
                    true}; /* loop-independent */
  CHECK_RCOND(vs_rcond_and(more, free_), 1, INF, 0, INF);
  CHECK_RCOND(vs_rcond_and(free_, last), 0, 0, 0, INF);
  /* Both constrained: false is a union with a gap, not an interval. */
  CHECK(!vs_rcond_and(more, vs_rcond_cmp(SGE, 3, 1)).ok);
  /* Contradiction: true arm empty. */
  CHECK_RCOND(vs_rcond_and(vs_rcond_and(more, free_), last), 1, 0, 0, INF);
  /* An undecodable side makes the whole condition undecodable. */
  vs_rcond none = {false, {0, 0}, {0, 0}, true, true};
  CHECK(!vs_rcond_and(none, free_).ok);
  /* last || free, as !(!last && !free): false only when not the last. */
  vs_rcond either =
      vs_rcond_not(vs_rcond_and(vs_rcond_not(last), vs_rcond_not(free_)));
  CHECK_RCOND(either, 0, INF, 1, INF);
}

/* Whether a condition can hold when the loop runs no iteration (D =
 * ub - lb <= 0): what lets `if (n > 0)` around a loop rule out the
 * zero-trip path, and `if (n > 1)` not. */
static void test_rcond_zero_trip(void) {
  /* 0 < n (iv = lb = 0 known): D > 0 never holds with zero trips. */
  vs_rcond pos = vs_rcond_cmp(SLT, 0, 1);
  CHECK(!pos.zt);
  CHECK(pos.zf);
  /* 1 < n, i.e. D > 1: also implies the loop runs. */
  CHECK(!vs_rcond_cmp(SLT, 1, 1).zt);
  /* -1 < n: D > -1 holds for D = 0, no iteration. */
  CHECK(vs_rcond_cmp(SLT, -1, 1).zt);
  /* n <= 0 (D <= 0 as sge with cc 0): true is exactly zero trips. */
  vs_rcond empty = vs_rcond_cmp(SGE, 0, 1);
  CHECK(empty.zt);
  CHECK(!empty.zf);
  /* Negation swaps the arms. */
  CHECK(!vs_rcond_not(pos).zf);
  CHECK(vs_rcond_not(pos).zt);
  /* D == 0 can hold with no iteration, D == 2 cannot. */
  CHECK(vs_rcond_cmp(EQ, 0, 1).zt);
  CHECK(!vs_rcond_cmp(EQ, 2, 2).ok || !vs_rcond_cmp(EQ, 2, 2).zt);
  /* And with a loop-independent side: that side can be either. */
  vs_rcond free_ = {true, vs_rset_all(), vs_rset_all(), true, true};
  CHECK(!vs_rcond_and(pos, free_).zt);
  CHECK(vs_rcond_and(pos, free_).zf);
}

/* A state's interval is int16 with VS_RINF for unbounded. */
static void test_rnarrow(void) {
  vs_state *s = vs_state_new(1, 0);
  REQUIRE(s);
  CHECK(vs_rnarrow(s, 0, vs_rset_make(1, INF)));
  CHECK_EQ_INT(s->rlo[0], 1);
  CHECK_EQ_INT(s->rhi[0], VS_RINF);
  /* Empty: the path is infeasible, the state is left as it was. */
  CHECK(!vs_rnarrow(s, 0, vs_rset_make(0, 0)));
  CHECK_EQ_INT(s->rlo[0], 1);
  CHECK_EQ_INT(s->rhi[0], VS_RINF);
  CHECK(vs_rnarrow(s, 0, vs_rset_make(0, 5)));
  CHECK_EQ_INT(s->rlo[0], 1);
  CHECK_EQ_INT(s->rhi[0], 5);
  CHECK(vs_rnarrow(s, 0, vs_rset_make(4, 10)));
  CHECK_EQ_INT(s->rlo[0], 4);
  CHECK_EQ_INT(s->rhi[0], 5);
  CHECK(!vs_rnarrow(s, 0, vs_rset_make(6, INF)));
  /* Other depths are untouched. */
  CHECK_EQ_INT(s->rlo[1], 0);
  CHECK_EQ_INT(s->rhi[1], VS_RINF);
  /* Bounds past int16 saturate: a huge lower bound stays below the
   * unbounded mark, a huge upper bound becomes unbounded. */
  vs_state_rreset(s, 0);
  CHECK(vs_rnarrow(s, 0, vs_rset_make(100000, INF)));
  CHECK_EQ_INT(s->rlo[0], VS_RINF - 1);
  CHECK_EQ_INT(s->rhi[0], VS_RINF);
  vs_state_rreset(s, 0);
  CHECK(vs_rnarrow(s, 0, vs_rset_make(0, 40000)));
  CHECK_EQ_INT(s->rlo[0], 0);
  CHECK_EQ_INT(s->rhi[0], VS_RINF);
  vs_state_rreset(s, 0);
  CHECK_EQ_INT(s->rlo[0], 0);
  CHECK_EQ_INT(s->rhi[0], VS_RINF);
  vs_state_free(s);
}

static vs_state *with_r(int16_t lo, int16_t hi) {
  vs_state *s = vs_state_new(1, 0);
  if (s) {
    s->rlo[0] = lo;
    s->rhi[0] = hi;
  }
  return s;
}

/* After iteration k: a state may leave when r can be 0 (and, without
 * information, not after iteration 1: the trip count is taken to be at
 * least 2), go on when r can be >= 1, with r decremented. */
static void test_loop_iterate(void) {
  vs_ctx c;
  memset(&c, 0, sizeof c);
  c.nq = 1;
  c.lp[0].mod = 1;
  c.lp[0].track = true;
  vs_set S, X;
  vs_set_init(&S);
  vs_set_init(&X);
  vs_set_push(&S, with_r(0, VS_RINF)); /* nothing known */
  vs_set_push(&S, with_r(0, 0));       /* the last iteration */
  vs_set_push(&S, with_r(2, 5));       /* 2..5 more */
  vs_set_push(&S, with_r(0, 3));       /* 0..3 more */
  REQUIRE(S.n == 4);
  vs_loop_iterate(&c, 0, 1, &S, &X);
  CHECK(!c.oom);
  REQUIRE(S.n == 3);
  CHECK(S.s[0]->rlo[0] == 0 && S.s[0]->rhi[0] == VS_RINF);
  CHECK(S.s[1]->rlo[0] == 1 && S.s[1]->rhi[0] == 4);
  CHECK(S.s[2]->rlo[0] == 0 && S.s[2]->rhi[0] == 2);
  /* Only the path known to be in its last iteration left after iteration
   * 1, its interval reset for the next run of the loop. */
  REQUIRE(X.n == 1);
  CHECK(X.s[0]->rlo[0] == 0 && X.s[0]->rhi[0] == VS_RINF);
  vs_set_clear(&X);
  /* Iteration 2: every path that can be at r = 0 may leave (a copy), and
   * goes on if r can be >= 1. */
  vs_loop_iterate(&c, 0, 2, &S, &X);
  CHECK_EQ_INT(X.n, 2); /* [0, inf) and [0, 2] */
  REQUIRE(S.n == 3);
  CHECK(S.s[0]->rlo[0] == 0 && S.s[0]->rhi[0] == VS_RINF);
  CHECK(S.s[1]->rlo[0] == 0 && S.s[1]->rhi[0] == 3);
  CHECK(S.s[2]->rlo[0] == 0 && S.s[2]->rhi[0] == 1);
  vs_set_clear(&S);
  vs_set_clear(&X);
  /* The trip count is a multiple of 2: no exit after an odd iteration; a
   * path that must leave there is infeasible and dropped. */
  c.lp[0].mod = 2;
  vs_set_push(&S, with_r(0, VS_RINF));
  vs_set_push(&S, with_r(0, 0));
  vs_loop_iterate(&c, 0, 3, &S, &X);
  CHECK_EQ_INT(X.n, 0);
  REQUIRE(S.n == 1);
  CHECK(S.s[0]->rlo[0] == 0 && S.s[0]->rhi[0] == VS_RINF);
  vs_loop_iterate(&c, 0, 4, &S, &X);
  CHECK_EQ_INT(X.n, 1);
  CHECK_EQ_INT(S.n, 1);
  vs_set_free(&S);
  vs_set_free(&X);
}

/* The same read off IR: conditions computed in the body of an scf.for of
 * unknown trip count n, and before it. */
static const char kernel[] =
    "func.func @f(%n: i32, %m: i32) {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %c1 = arith.constant 1 : i32\n"
    "  %true = arith.constant true\n"
    "  %gt1 = arith.cmpi sgt, %n, %c1 : i32\n" /* cmpi 0: n > 1 */
    "  %pos = arith.cmpi sgt, %n, %c0 : i32\n" /* cmpi 1: n > 0 */
    "  scf.for %i = %c0 to %n step %c1 : i32 {\n"
    "    %ip1 = arith.addi %i, %c1 : i32\n"
    "    %more = arith.cmpi slt, %ip1, %n : i32\n" /* cmpi 2 */
    "    %nm1 = arith.subi %n, %c1 : i32\n"
    "    %last = arith.cmpi eq, %i, %nm1 : i32\n"  /* cmpi 3 */
    "    %rev = arith.cmpi sgt, %n, %ip1 : i32\n"  /* cmpi 4 */
    "    %other = arith.cmpi slt, %m, %c1 : i32\n" /* cmpi 5 */
    "    %ivm = arith.cmpi slt, %i, %m : i32\n"    /* cmpi 6 */
    "    %notmore = arith.xori %more, %true : i1\n"
    "    %both = arith.andi %more, %other : i1\n"
    "    %either = arith.ori %last, %other : i1\n"
    "  }\n"
    "  return\n"
    "}\n";

/* Value id of the result of the k-th op of a kind. */
static uint32_t nth_result(vs_ctx *c, casc_op_kind kind, unsigned k) {
  for (uint32_t i = 0; i < c->nops; i++)
    if (c->ops[i]->kind == kind && k-- == 0)
      return vid_of(c, &casc_op_results(c->ops[i])[0]);
  return NO_DEATH;
}

static casc_op *nth_op(vs_ctx *c, casc_op_kind kind, unsigned k) {
  for (uint32_t i = 0; i < c->nops; i++)
    if (c->ops[i]->kind == kind && k-- == 0)
      return c->ops[i];
  return NULL;
}

static void test_decode_ir(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_op *m = casc_parse_module(ctx, kernel, strlen(kernel), "t.mlir", 1);
  REQUIRE(m);
  casc_op *f = casc_module_body(m)->first;
  REQUIRE(f && f->kind == CASC_OP_FUNC_FUNC);
  vs_ctx c;
  vs_ctx_init(&c, ctx, m, f);
  CHECK(vs_number(&c));
  /* The constants, as the interpreter has folded them by then. */
  for (uint32_t v = 0; v < c.nv; v++) {
    int64_t x;
    if (c.vals[v]->def && casc_fold_const_value(c.vals[v]->def, &x)) {
      c.sknown[v] = 1;
      c.sval[v] = x;
    }
  }
  casc_op *loop = nth_op(&c, CASC_OP_SCF_FOR, 0);
  REQUIRE(loop);
  uint32_t iv = vid_of(&c, casc_op_regions(loop)[0].first->args[0]);
  uint32_t n = vid_of(&c, casc_op_region(f, 0)->first->args[0]);
  vs_loop_setup(&c, 0, loop, iv, 0, 1, true);
  CHECK(c.lp[0].track);
  CHECK_EQ_INT(c.lp[0].ub, n);
  CHECK_EQ_INT(c.lp[0].ub_off, 0);
  CHECK_EQ_INT(c.lp[0].step, 1);
  CHECK_EQ_INT(c.lp[0].mod, 1);

  /* i + 1 < n, through an addi. */
  CHECK_RCOND(vs_decode_rcond(&c, nth_result(&c, CASC_OP_ARITH_CMPI, 2), 0), 1,
              INF, 0, 0);
  /* i == n - 1, through a subi on the bound. */
  CHECK_RCOND(vs_decode_rcond(&c, nth_result(&c, CASC_OP_ARITH_CMPI, 3), 0), 0,
              0, 1, INF);
  /* n > i + 1: the bound on the left. */
  CHECK_RCOND(vs_decode_rcond(&c, nth_result(&c, CASC_OP_ARITH_CMPI, 4), 0), 1,
              INF, 0, 0);
  /* Not about the loop: m < 1, i < m. */
  CHECK(!vs_decode_rcond(&c, nth_result(&c, CASC_OP_ARITH_CMPI, 5), 0).ok);
  CHECK(!vs_decode_rcond(&c, nth_result(&c, CASC_OP_ARITH_CMPI, 6), 0).ok);
  /* xori %more, true; andi with and ori with a condition independent of
   * the loop. */
  CHECK_RCOND(vs_decode_rcond(&c, nth_result(&c, CASC_OP_ARITH_XORI, 0), 0), 0,
              0, 1, INF);
  CHECK_RCOND(vs_decode_rcond(&c, nth_result(&c, CASC_OP_ARITH_ANDI, 0), 0), 1,
              INF, 0, INF);
  CHECK_RCOND(vs_decode_rcond(&c, nth_result(&c, CASC_OP_ARITH_ORI, 0), 0), 0,
              INF, 1, INF);
  /* A value that is no condition. */
  CHECK(!vs_decode_rcond(&c, n, 0).ok);
  /* The same `andi` is not independent once %other depends on the loop. */
  uint32_t other = nth_result(&c, CASC_OP_ARITH_CMPI, 5);
  c.taint[other] = loop_bit(0);
  CHECK(!vs_decode_rcond(&c, nth_result(&c, CASC_OP_ARITH_ANDI, 0), 0).ok);
  c.taint[other] = 0;

  /* Entry, iv = lb = 0: decisions taken before the loop on n bound r. */
  c.sknown[iv] = 1;
  c.sval[iv] = 0;
  uint32_t gt1 = nth_result(&c, CASC_OP_ARITH_CMPI, 0);
  uint32_t pos = nth_result(&c, CASC_OP_ARITH_CMPI, 1);
  vs_set S, skip;
  vs_set_init(&S);
  vs_set_init(&skip);
  vs_state *one = vs_state_new(c.nq, c.np);  /* n > 1 false, n > 0 */
  vs_state *many = vs_state_new(c.nq, c.np); /* n > 1 */
  vs_state *none = vs_state_new(c.nq, c.np); /* n > 0 false */
  vs_state *open = vs_state_new(c.nq, c.np); /* nothing known */
  REQUIRE(one && many && none && open);
  CHECK(vs_assume_set(one, gt1, 0) && vs_assume_set(one, pos, 1));
  CHECK(vs_assume_set(many, gt1, 1));
  CHECK(vs_assume_set(none, pos, 0));
  open->rlo[0] = 3; /* stale: entry resets it */
  vs_set_push(&S, one);
  vs_set_push(&S, many);
  vs_set_push(&S, none);
  vs_set_push(&S, open);
  vs_loop_entry(&c, 0, &S, &skip);
  REQUIRE(S.n == 3);
  CHECK(S.s[0] == one && one->rlo[0] == 0 && one->rhi[0] == 0);
  CHECK(S.s[1] == many && many->rlo[0] == 1 && many->rhi[0] == VS_RINF);
  CHECK(S.s[2] == open && open->rlo[0] == 0 && open->rhi[0] == VS_RINF);
  /* `none` cannot enter; `open` may also run zero times: a copy skips
   * the loop. Both are marked with it. `one` and `many` know n > 0. */
  REQUIRE(skip.n == 2);
  CHECK(skip.s[0] == none && none->rlo[0] == 0 && none->rhi[0] == VS_RINF);
  CHECK(none->zloop == oid_of(&c, loop) + 1);
  CHECK(skip.s[1] != open && skip.s[1]->zloop == oid_of(&c, loop) + 1);
  CHECK(open->zloop == 0);
  vs_set_free(&S);
  vs_set_free(&skip);
  vs_ctx_free(&c);
  casc_ctx_free(ctx);
}

static const char kernel_mul[] = "func.func @g(%x: i32) {\n"
                                 "  %c0 = arith.constant 0 : i32\n"
                                 "  %c2 = arith.constant 2 : i32\n"
                                 "  %c4 = arith.constant 4 : i32\n"
                                 "  %ub = arith.muli %x, %c4 : i32\n"
                                 "  scf.for %i = %c0 to %ub step %c2 : i32 {\n"
                                 "  }\n"
                                 "  return\n"
                                 "}\n";

/* An upper bound x * C with lower bound 0: the trip count is a multiple of
 * C / step. */
static void test_loop_setup_multiple(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_op *m =
      casc_parse_module(ctx, kernel_mul, strlen(kernel_mul), "t.mlir", 1);
  REQUIRE(m);
  casc_op *f = casc_module_body(m)->first;
  vs_ctx c;
  vs_ctx_init(&c, ctx, m, f);
  CHECK(vs_number(&c));
  for (uint32_t v = 0; v < c.nv; v++) {
    int64_t x;
    if (c.vals[v]->def && casc_fold_const_value(c.vals[v]->def, &x)) {
      c.sknown[v] = 1;
      c.sval[v] = x;
    }
  }
  casc_op *loop = nth_op(&c, CASC_OP_SCF_FOR, 0);
  REQUIRE(loop);
  uint32_t iv = vid_of(&c, casc_op_regions(loop)[0].first->args[0]);
  vs_loop_setup(&c, 0, loop, iv, 0, 2, true);
  CHECK(c.lp[0].track);
  CHECK_EQ_INT(c.lp[0].mod, 2);
  CHECK_EQ_INT(c.lp[0].ub, nth_result(&c, CASC_OP_ARITH_MULI, 0));
  /* Not from 0: nothing is known of the trip count. */
  vs_loop_setup(&c, 0, loop, iv, 1, 2, true);
  CHECK_EQ_INT(c.lp[0].mod, 1);
  /* A constant bound is no root: not tracked. */
  vs_loop_setup(&c, 1, loop, iv, 0, 2, true);
  CHECK(c.lp[1].track);
  c.sknown[c.lp[1].ub] = 1;
  c.sval[c.lp[1].ub] = 8;
  vs_loop_setup(&c, 1, loop, iv, 0, 2, true);
  CHECK(!c.lp[1].track);
  vs_ctx_free(&c);
  casc_ctx_free(ctx);
}

/* Guards before a loop that settle its test: a decision on the same
 * value whose interval lies inside the test's (true) or outside it
 * (false), read through casts and + / - of constants. */
static const char kernel_guard[] =
    "func.func @h(%n: i32, %m: i32) {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %c1 = arith.constant 1 : i32\n"
    "  %cm1 = arith.constant -1 : i32\n"
    "  %true = arith.constant true\n"
    "  %pos = arith.cmpi sgt, %n, %c0 : i32\n" /* cmpi 0: n > 0 */
    "  %nn = arith.cmpi sgt, %n, %cm1 : i32\n" /* cmpi 1: n > -1 */
    "  %ni = arith.index_cast %n : i32 to index\n"
    "  %z = arith.constant 0 : index\n"
    "  %test = arith.cmpi slt, %z, %ni : index\n" /* cmpi 2: 0 < n */
    "  %mpos = arith.cmpi sgt, %m, %c0 : i32\n"   /* cmpi 3: m > 0 */
    "  %n1 = arith.addi %n, %c1 : i32\n"
    "  %le0 = arith.cmpi sle, %n1, %c1 : i32\n" /* cmpi 4: n + 1 <= 1 */
    "  %ne = arith.cmpi ne, %n, %c0 : i32\n"    /* cmpi 5: n != 0 */
    "  %notpos = arith.xori %pos, %true : i1\n"
    "  return\n"
    "}\n";

static void test_cond_decided(void) {
  casc_ctx *ctx = casc_ctx_new();
  casc_op *m =
      casc_parse_module(ctx, kernel_guard, strlen(kernel_guard), "t.mlir", 1);
  REQUIRE(m);
  casc_op *f = casc_module_body(m)->first;
  vs_ctx c;
  vs_ctx_init(&c, ctx, m, f);
  CHECK(vs_number(&c));
  for (uint32_t v = 0; v < c.nv; v++) {
    int64_t x;
    if (c.vals[v]->def && casc_fold_const_value(c.vals[v]->def, &x)) {
      c.sknown[v] = 1;
      c.sval[v] = x;
    }
  }
  uint32_t pos = nth_result(&c, CASC_OP_ARITH_CMPI, 0);
  uint32_t nn = nth_result(&c, CASC_OP_ARITH_CMPI, 1);
  uint32_t test = nth_result(&c, CASC_OP_ARITH_CMPI, 2);
  uint32_t mpos = nth_result(&c, CASC_OP_ARITH_CMPI, 3);
  uint32_t le0 = nth_result(&c, CASC_OP_ARITH_CMPI, 4);
  uint32_t ne = nth_result(&c, CASC_OP_ARITH_CMPI, 5);
  uint32_t notpos = nth_result(&c, CASC_OP_ARITH_XORI, 0);
  vs_state *s = vs_state_new(c.nq, c.np);
  REQUIRE(s);
  /* Nothing decided: either way. */
  CHECK_EQ_INT(vs_cond_decided(&c, s, test), -1);
  /* n > 0 decided true: 0 < n (on its index cast) holds. */
  CHECK(vs_assume_set(s, pos, 1));
  CHECK_EQ_INT(vs_cond_decided(&c, s, test), 1);
  /* ... and n + 1 <= 1 fails. */
  CHECK_EQ_INT(vs_cond_decided(&c, s, le0), 0);
  /* n > 0 false: n <= 0, the test fails. */
  vs_assume_drop(s, pos);
  CHECK(vs_assume_set(s, pos, 0));
  CHECK_EQ_INT(vs_cond_decided(&c, s, test), 0);
  /* Its negation through xori: the same decision, read on the negation. */
  CHECK_EQ_INT(vs_cond_decided(&c, s, notpos), 1);
  vs_assume_drop(s, pos);
  /* n > -1 is too weak (n may be 0); a guard on m says nothing of n; a
   * test with != is no interval. */
  CHECK(vs_assume_set(s, nn, 1));
  CHECK(vs_assume_set(s, mpos, 1));
  CHECK_EQ_INT(vs_cond_decided(&c, s, test), -1);
  CHECK_EQ_INT(vs_cond_decided(&c, s, ne), -1);
  vs_state_free(s);
  vs_ctx_free(&c);
  casc_ctx_free(ctx);
}

int main(void) {
  RUN_TEST(test_rset);
  RUN_TEST(test_cond_decided);
  RUN_TEST(test_rcond_gt);
  RUN_TEST(test_rcond_cmp);
  RUN_TEST(test_rcond_and);
  RUN_TEST(test_rcond_zero_trip);
  RUN_TEST(test_rnarrow);
  RUN_TEST(test_loop_iterate);
  RUN_TEST(test_decode_ir);
  RUN_TEST(test_loop_setup_multiple);
  return CHECK_SUMMARY();
}
