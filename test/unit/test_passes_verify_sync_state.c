/* verify-sync's abstract state (src/passes/verify_sync_state.h): the env,
 * copies, and above all the canonical form and the duplicate removal that
 * keep the set of paths small. Two states that describe the same situation
 * in a different order (slot numbering, FIFO sequence numbers) or that
 * differ only in slots nothing would report on must merge into one; states
 * that differ in anything the analysis reads must stay apart. */
#include <stdint.h>

#include "check.h"
#include "passes/verify_sync_state.h"

enum { NQ = 2, NP = 1 };

static vs_state *fresh(void) {
  return vs_state_new(NQ, NP);
}

/* A buffer of queue q allocated by op `alloc` and still held. */
static int32_t held(vs_state *s, uint16_t q, uint32_t alloc) {
  int32_t b = vs_slot_new(s);
  if (b < 0)
    return b;
  s->slots[b].owner = q;
  s->slots[b].status = VS_HELD;
  s->slots[b].alloc = alloc;
  s->slots[b].last = alloc;
  s->q[q].held++;
  return b;
}

/* A buffer of queue q waiting in q's FIFO with sequence number seq. */
static int32_t queued(vs_state *s, uint16_t q, uint32_t alloc, uint16_t seq) {
  int32_t b = held(s, q, alloc);
  if (b < 0)
    return b;
  s->slots[b].status = VS_ENQ;
  s->slots[b].fifo_q = q;
  s->slots[b].seq = seq;
  if (s->q[q].next_seq <= seq)
    s->q[q].next_seq = (uint16_t)(seq + 1);
  return b;
}

/* How many states are left when the given ones are deduplicated (the set
 * owns and frees them). */
static uint32_t count_distinct(vs_state **st, uint32_t n) {
  vs_set set;
  vs_set_init(&set);
  for (uint32_t i = 0; i < n; i++)
    if (!vs_set_push(&set, st[i]))
      return UINT32_MAX;
  bool ok = vs_set_dedup(&set, NQ, NP, 64);
  uint32_t left = ok ? set.n : UINT32_MAX;
  vs_set_free(&set);
  return left;
}

static bool canon_equal(vs_state *a, vs_state *b) {
  return vs_state_canon(a, NQ, NP) && vs_state_canon(b, NQ, NP) &&
         vs_state_equal(a, b, NQ, NP);
}

static void test_new_state(void) {
  vs_state *s = fresh();
  REQUIRE(s);
  CHECK_EQ_INT(s->cert, 1);
  CHECK_EQ_INT(s->ns, 0);
  CHECK_EQ_INT(s->ne, 0);
  for (int q = 0; q < NQ; q++) {
    CHECK_EQ_INT(s->q[q].num, -1); /* no InitBuffer seen */
    CHECK_EQ_INT(s->q[q].held, 0);
  }
  for (int d = 0; d < VS_RLOOPS; d++) {
    CHECK_EQ_INT(s->rlo[d], 0);
    CHECK_EQ_INT(s->rhi[d], VS_RINF);
  }
  CHECK_EQ_INT(s->p[0].bytes[0], 0);
  vs_state_free(s);
}

/* The env is sparse and sorted by value id; binding a value to
 * VS_B_UNKNOWN removes it. */
static void test_env(void) {
  vs_state *s = fresh();
  REQUIRE(s);
  CHECK(vs_env_set(s, 9, 3));
  CHECK(vs_env_set(s, 2, 1));
  CHECK(vs_env_set(s, 5, VS_B_EXT));
  REQUIRE(s->ne == 3);
  CHECK_EQ_INT(s->env[0].v, 2);
  CHECK_EQ_INT(s->env[1].v, 5);
  CHECK_EQ_INT(s->env[2].v, 9);
  CHECK_EQ_INT(vs_env_get(s, 5), VS_B_EXT);
  CHECK_EQ_INT(vs_env_get(s, 9), 3);
  CHECK_EQ_INT(vs_env_get(s, 7), VS_B_UNKNOWN);
  CHECK(vs_env_set(s, 9, 4));
  CHECK_EQ_INT(vs_env_get(s, 9), 4);
  CHECK_EQ_INT(s->ne, 3);
  CHECK(vs_env_set(s, 5, VS_B_UNKNOWN));
  CHECK_EQ_INT(s->ne, 2);
  CHECK_EQ_INT(vs_env_get(s, 5), VS_B_UNKNOWN);
  vs_env_remove(s, 2);
  CHECK_EQ_INT(s->ne, 1);
  CHECK_EQ_INT(s->env[0].v, 9);
  vs_env_remove(s, 2); /* absent: no change */
  CHECK_EQ_INT(s->ne, 1);
  vs_state_free(s);
}

/* A copy shares nothing with its original. */
static void test_copy_is_deep(void) {
  vs_state *s = fresh();
  REQUIRE(s);
  int32_t b = held(s, 0, 10);
  CHECK(vs_env_set(s, 4, b));
  CHECK(vs_assume_set(s, 7, 1));
  int32_t carry[2] = {b, VS_B_EXT};
  CHECK(vs_carry_set(s, 2, carry));
  s->rlo[1] = 2;
  s->corr = 2;
  s->uevt[5] = 1;
  s->fset[3] = 4;
  s->funk[6] = 1;
  s->slots[0].asite = 9;
  vs_state *c = vs_state_copy(s, NQ, NP);
  REQUIRE(c);
  CHECK_EQ_INT(c->corr, 2);
  CHECK_EQ_INT(c->uevt[5], 1);
  CHECK_EQ_INT(c->fset[3], 4);
  CHECK_EQ_INT(c->funk[6], 1);
  CHECK_EQ_INT(c->slots[0].asite, 9);
  CHECK(canon_equal(s, c));
  c->slots[0].status = VS_FREED;
  c->q[0].held = 0;
  CHECK(vs_env_set(c, 4, VS_B_EXT));
  vs_assume_drop(c, 7);
  c->carry[1] = 0;
  c->rlo[1] = 0;
  CHECK_EQ_INT(s->slots[0].status, VS_HELD);
  CHECK_EQ_INT(s->q[0].held, 1);
  CHECK_EQ_INT(vs_env_get(s, 4), 0);
  CHECK_EQ_INT(vs_assume_get(s, 7), 1);
  CHECK_EQ_INT(s->carry[1], VS_B_EXT);
  CHECK_EQ_INT(s->rlo[1], 2);
  CHECK(!canon_equal(s, c));
  vs_state_free(s);
  vs_state_free(c);
}

/* Held buffers no value refers to, created in a different order, sort into
 * one canonical order (by owner queue first). */
static void test_unreferenced_slots_sorted(void) {
  vs_state *a = fresh(), *b = fresh();
  REQUIRE(a && b);
  held(a, 0, 10);
  held(a, 1, 20);
  held(b, 1, 20);
  held(b, 0, 10);
  CHECK(b->slots[0].owner == 1); /* different before canonicalisation */
  CHECK(canon_equal(a, b));
  CHECK(a->hash == b->hash);
  REQUIRE(b->ns == 2);
  CHECK_EQ_INT(b->slots[0].owner, 0);
  CHECK_EQ_INT(b->slots[0].alloc, 10);
  CHECK_EQ_INT(b->slots[1].owner, 1);
  vs_state *st[2] = {a, b};
  CHECK_EQ_INT(count_distinct(st, 2), 1);
}

/* Slots values refer to are numbered in the order of the env (by value
 * id), whatever their numbers on the path. */
static void test_referenced_slots_follow_env(void) {
  vs_state *a = fresh(), *b = fresh();
  REQUIRE(a && b);
  /* Both: value 5 is the buffer allocated at op 20, value 7 the one of
   * op 10. */
  int32_t ax = held(a, 0, 10), ay = held(a, 0, 20);
  CHECK(vs_env_set(a, 5, ay));
  CHECK(vs_env_set(a, 7, ax));
  int32_t by = held(b, 0, 20), bx = held(b, 0, 10);
  CHECK(vs_env_set(b, 5, by));
  CHECK(vs_env_set(b, 7, bx));
  CHECK(a->env[0].b != b->env[0].b); /* different slot numbers */
  CHECK(canon_equal(a, b));
  CHECK_EQ_INT(a->env[0].b, 0);
  CHECK_EQ_INT(a->slots[0].alloc, 20);
  CHECK_EQ_INT(a->env[1].b, 1);
  CHECK_EQ_INT(a->slots[1].alloc, 10);
  /* Swapping which value denotes which buffer is a different state. */
  vs_state *c = fresh();
  REQUIRE(c);
  int32_t cx = held(c, 0, 10), cy = held(c, 0, 20);
  CHECK(vs_env_set(c, 5, cx));
  CHECK(vs_env_set(c, 7, cy));
  CHECK(!canon_equal(a, c));
  vs_state *st[3] = {a, b, c};
  CHECK_EQ_INT(count_distinct(st, 3), 2);
}

/* Slots referenced only from the carry (a yield's operands) come after
 * those of the env, in carry order. */
static void test_carry_slots_after_env(void) {
  vs_state *s = fresh();
  REQUIRE(s);
  int32_t x = held(s, 0, 10), y = held(s, 1, 20);
  CHECK(vs_env_set(s, 3, y));
  int32_t carry[1] = {x};
  CHECK(vs_carry_set(s, 1, carry));
  CHECK(vs_state_canon(s, NQ, NP));
  REQUIRE(s->ns == 2);
  CHECK_EQ_INT(s->env[0].b, 0);
  CHECK_EQ_INT(s->slots[0].alloc, 20);
  CHECK_EQ_INT(s->carry[0], 1);
  CHECK_EQ_INT(s->slots[1].alloc, 10);
  vs_state_free(s);
  /* In carry order, not sorted; a freed buffer the carry holds is kept. */
  vs_state *t = fresh();
  REQUIRE(t);
  int32_t a = held(t, 0, 10), b = held(t, 1, 20), f = held(t, 1, 30);
  t->slots[f].status = VS_FREED;
  int32_t carry2[3] = {b, a, f};
  CHECK(vs_carry_set(t, 3, carry2));
  CHECK(vs_state_canon(t, NQ, NP));
  REQUIRE(t->ns == 3);
  CHECK_EQ_INT(t->carry[0], 0);
  CHECK_EQ_INT(t->slots[0].owner, 1);
  CHECK_EQ_INT(t->carry[1], 1);
  CHECK_EQ_INT(t->slots[1].owner, 0);
  CHECK_EQ_INT(t->carry[2], 2);
  CHECK_EQ_INT(t->slots[2].status, VS_FREED);
  vs_state_free(t);
}

/* Slots nothing refers to and nothing would be reported on (freed, an
 * outside tensor, escaped, unknown contents) are dropped; a freed buffer a
 * value still denotes is kept (a later use is a use after free). */
static void test_irrelevant_slots_dropped(void) {
  vs_state *a = fresh(), *b = fresh();
  REQUIRE(a && b);
  held(a, 0, 10);
  int32_t f = held(a, 1, 30);
  a->slots[f].status = VS_FREED;
  a->q[1].held--;
  int32_t e = vs_slot_new(a);
  REQUIRE(e >= 0);
  a->slots[e].status = VS_HELD;
  a->slots[e].flags = VS_SF_EXT;
  int32_t n = held(a, 1, 40);
  a->slots[n].flags = VS_SF_NOLEAK;
  a->q[1].held--;
  int32_t u = held(a, 1, 50);
  a->slots[u].flags = VS_SF_UNK;
  a->q[1].held--;
  held(b, 0, 10);
  CHECK_EQ_INT(a->ns, 5);
  CHECK(canon_equal(a, b));
  CHECK_EQ_INT(a->ns, 1);
  /* The same freed buffer, still denoted by value 3, stays. */
  vs_state *c = fresh();
  REQUIRE(c);
  held(c, 0, 10);
  int32_t cf = held(c, 1, 30);
  c->slots[cf].status = VS_FREED;
  c->q[1].held--;
  CHECK(vs_env_set(c, 3, cf));
  CHECK(vs_state_canon(c, NQ, NP));
  CHECK_EQ_INT(c->ns, 2);
  CHECK(!vs_state_equal(b, c, NQ, NP));
  vs_state *st[3] = {a, b, c};
  CHECK_EQ_INT(count_distinct(st, 3), 2);
}

/* FIFO sequence numbers are renumbered 0..k-1 per queue, keeping their
 * order; the queue's next number follows. */
static void test_fifo_renumbered(void) {
  vs_state *a = fresh(), *b = fresh();
  REQUIRE(a && b);
  queued(a, 0, 10, 7);
  queued(a, 0, 20, 9);
  queued(a, 1, 30, 5);
  queued(b, 0, 10, 0);
  queued(b, 0, 20, 1);
  queued(b, 1, 30, 0);
  CHECK_EQ_INT(a->q[0].next_seq, 10);
  CHECK(canon_equal(a, b));
  CHECK_EQ_INT(a->q[0].next_seq, 2);
  CHECK_EQ_INT(a->q[1].next_seq, 1);
  REQUIRE(a->ns == 3);
  for (uint32_t i = 0; i < a->ns; i++) {
    const vs_slot *sl = &a->slots[i];
    uint32_t want = sl->alloc == 10 ? 0 : sl->alloc == 20 ? 1 : 0;
    CHECK_EQ_INT(sl->seq, want);
  }
  /* The opposite FIFO order is another state: DeQue would hand out the
   * other buffer first. */
  vs_state *c = fresh();
  REQUIRE(c);
  queued(c, 0, 10, 1);
  queued(c, 0, 20, 0);
  queued(c, 1, 30, 0);
  CHECK(!canon_equal(a, c));
  /* With nothing queued, the next sequence number is irrelevant. */
  vs_state *d = fresh(), *e = fresh();
  REQUIRE(d && e);
  d->q[0].next_seq = 5;
  CHECK(canon_equal(d, e));
  CHECK_EQ_INT(d->q[0].next_seq, 0);
  vs_state *st[5] = {a, b, c, d, e};
  CHECK_EQ_INT(count_distinct(st, 5), 3);
}

/* States that differ in anything the analysis reads stay apart. */
static void test_different_states_stay_distinct(void) {
  enum { NV = 14 };
  vs_state *st[NV + 1];
  for (int i = 0; i <= NV; i++) {
    st[i] = fresh();
    REQUIRE(st[i]);
    st[i]->q[0].num = 2; /* InitBuffer(q0, 2, ...) */
    int32_t b = held(st[i], 0, 10);
    CHECK(vs_env_set(st[i], 4, b));
  }
  /* Each of st[1..] differs from st[0] in one thing. */
  st[1]->q[0].allocs = 1;                /* AllocTensor count */
  st[2]->cert = 0;                       /* the path is not vouched for */
  st[3]->rlo[1] = 1;                     /* remaining iterations */
  CHECK(vs_assume_set(st[4], 7, 1));     /* a decision taken */
  st[5]->uevt[4] = 1;                    /* an AllocEventID */
  st[6]->p[0].bytes[0] = 256;            /* InitBuffer bytes */
  st[7]->slots[0].flags |= VS_SF_POISON; /* already reported */
  CHECK(vs_env_set(st[8], 4, VS_B_EXT)); /* value 4 is another tensor */
  st[9]->corr = 1;                       /* correlated with loop 0 */
  st[10]->slots[0].status = VS_FREED;    /* freed */
  st[11]->fset[2] = 1;                   /* SetFlag<2>(0) done */
  st[12]->funk[2] = 1;                   /* flags of event 2 not known */
  st[13]->slots[0].asite = 5;            /* allocated by a helper call */
  st[14]->slots[0].flags |= VS_SF_PRIOR; /* as the caller left it */
  CHECK_EQ_INT(count_distinct(st, NV + 1), NV + 1);
}

/* Duplicates are removed keeping the first of each; past `cap` states the
 * later ones are dropped. */
static void test_dedup_keeps_first_and_caps(void) {
  vs_set set;
  vs_set_init(&set);
  vs_state *first = fresh(), *dup = fresh();
  REQUIRE(first && dup);
  held(first, 0, 10);
  held(first, 1, 20);
  held(dup, 1, 20);
  held(dup, 0, 10);
  CHECK(vs_set_push(&set, first));
  CHECK(vs_set_push(&set, dup));
  for (int32_t num = 1; num <= 3; num++) {
    vs_state *s = fresh();
    REQUIRE(s);
    s->q[1].num = num; /* three more distinct states */
    CHECK(vs_set_push(&set, s));
  }
  CHECK(vs_set_dedup(&set, NQ, NP, 3));
  REQUIRE(set.n == 3);
  CHECK(set.s[0] == first);
  CHECK_EQ_INT(set.s[1]->q[1].num, 1);
  CHECK_EQ_INT(set.s[2]->q[1].num, 2);
  vs_set_free(&set);
  CHECK_EQ_INT(set.n, 0);
}

/* Canonicalising twice changes nothing. */
static void test_canon_idempotent(void) {
  vs_state *s = fresh();
  REQUIRE(s);
  queued(s, 1, 30, 4);
  int32_t x = held(s, 0, 10);
  CHECK(vs_env_set(s, 6, x));
  CHECK(vs_state_canon(s, NQ, NP));
  vs_state *c = vs_state_copy(s, NQ, NP);
  REQUIRE(c);
  uint64_t h = s->hash;
  CHECK(vs_state_canon(s, NQ, NP));
  CHECK(s->hash == h);
  CHECK(vs_state_equal(s, c, NQ, NP));
  vs_state_free(s);
  vs_state_free(c);
}

int main(void) {
  RUN_TEST(test_new_state);
  RUN_TEST(test_env);
  RUN_TEST(test_copy_is_deep);
  RUN_TEST(test_unreferenced_slots_sorted);
  RUN_TEST(test_referenced_slots_follow_env);
  RUN_TEST(test_carry_slots_after_env);
  RUN_TEST(test_irrelevant_slots_dropped);
  RUN_TEST(test_fifo_renumbered);
  RUN_TEST(test_different_states_stay_distinct);
  RUN_TEST(test_dedup_keeps_first_and_caps);
  RUN_TEST(test_canon_idempotent);
  return CHECK_SUMMARY();
}
