/* The hardware facts of src/dialect/ascend_hw.{h,c}, one row per rule, each
 * row naming where the rule comes from. A failing row prints its source, so
 * a disagreement can be settled against it. Tags as in docs/ascendc-facts.md:
 * [SRC] hicann/asc-devkit (kernel_event.h @ 05cedc8c, kernel_tpipe.h @
 * 7932167a), [DOC] the Ascend C docs, [docs/ascendc-facts.md §n]
 * docs/ascendc-facts.md. */
#include <string.h>

#include "check.h"
#include "dialect/ascend_hw.h"

enum { TQUE, TQUEBIND };

typedef struct {
  int kind;     /* TQUE: TQue<src>; TQUEBIND: TQueBind<src, dst> */
  int src, dst; /* positions */
  int enq, fre; /* expected events, -1 = the type is not valid */
  casc_hw_mem pool;
  const char *why; /* when not valid: a part of the reason */
  const char *source;
} queue_row;

#define P(x) CASC_TPOS_##x
#define E(x) CASC_HW_EV_##x
#define M(x) CASC_HW_MEM_##x

static const queue_row queue_rows[] = {
    {TQUE, P(VECIN), 0, E(MTE2_V), E(V_MTE2), M(UB), NULL,
     "docs/ascendc-facts.md §2 table: TQue<VECIN> = TQueBind<GM,VECIN>, "
     "GM->UB"},
    {TQUE, P(VECOUT), 0, E(V_MTE3), E(MTE3_V), M(UB), NULL,
     "docs/ascendc-facts.md §2 table: TQue<VECOUT> = TQueBind<VECOUT,GM>, "
     "UB->GM"},
    {TQUEBIND, P(VECIN), P(VECOUT), E(MTE2_MTE3), E(MTE3_MTE2), M(UB), NULL,
     "docs/ascendc-facts.md §2 table: TQueBind<VECIN,VECOUT>, UB->UB"},
    {TQUEBIND, P(GM), P(VECOUT), E(MTE2_V), E(V_MTE2), M(UB), NULL,
     "[SRC] GetQueEvt(GetPhyType(GM)=GM, GetPhyType(VECOUT)=UB): the "
     "logical name VECOUT does not matter (issue 10)"},
    {TQUEBIND, P(VECOUT), P(VECIN), E(MTE2_MTE3), E(MTE3_MTE2), M(UB), NULL,
     "[SRC] GetQueEvt(UB, UB), as TQueBind<VECIN,VECOUT> (issue 10)"},
    {TQUEBIND, P(VECCALC), P(GM), E(V_MTE3), E(MTE3_V), M(UB), NULL,
     "[SRC] GetQueEvt(UB, GM); only TQue asserts pos != VECCALC"},
    {TQUEBIND, P(CO2), P(VECIN), E(MTE2_V), E(V_MTE2), M(UB), NULL,
     "docs/ascendc-facts.md §2 table: TQueBind<CO2,VECIN>, CO2 is GM on 2201"},
    {TQUEBIND, P(VECOUT), P(A1), E(MTE3_MTE1), E(MTE1_MTE3), M(L1), NULL,
     "docs/ascendc-facts.md §2 table: TQueBind<VECOUT,A1>; GetBufferPos puts "
     "the buffers "
     "at the destination [SRC]"},
    {TQUE, P(A1), 0, E(MTE2_MTE1), E(MTE1_MTE2), M(L1), NULL,
     "docs/ascendc-facts.md §2 table: TQue<A1>, GM->L1"},
    {TQUE, P(B1), 0, E(MTE2_MTE1), E(MTE1_MTE2), M(L1), NULL,
     "docs/ascendc-facts.md §2 table: TQue<B1>, GM->L1"},
    {TQUE, P(C1), 0, E(MTE2_MTE1), E(MTE1_MTE2), M(L1), NULL,
     "docs/ascendc-facts.md §2 table: TQue<C1>, GM->L1 (C1 is L1 on 2201)"},
    {TQUE, P(A2), 0, E(MTE1_M), E(M_MTE1), M(L0A), NULL,
     "docs/ascendc-facts.md §2 table: TQue<A2> = TQueBind<A1,A2>, L1->L0A"},
    {TQUE, P(B2), 0, E(MTE1_M), E(M_MTE1), M(L0B), NULL,
     "docs/ascendc-facts.md §2 table: TQue<B2> = TQueBind<B1,B2>, L1->L0B"},
    {TQUE, P(C2), 0, E(MTE1_M), E(M_MTE1), M(BIAS), NULL,
     "docs/ascendc-facts.md §2 table: TQue<C2>, L1->BiasTable"},
    {TQUE, P(CO1), 0, E(M_FIX), E(FIX_M), M(L0C), NULL,
     "docs/ascendc-facts.md §2 table: TQue<CO1> = TQueBind<CO1,CO2>, L0C->GM"},
    {TQUEBIND, P(GM), P(A2), E(MTE2_M), E(M_MTE2), M(L0A), NULL,
     "[SRC] GetQueEvt(GM, L0A)"},
    {TQUE, P(CO2), 0, -1, -1, M(GM), "GM -> GM",
     "docs/ascendc-facts.md §2 table: TQue<CO2> is GM->GM on 2201, not usable"},
    {TQUE, P(VECCALC), 0, -1, -1, M(UB), "use TBuf for VECCALC",
     "docs/ascendc-facts.md §2 table: GetBufferLogicPos asserts pos != "
     "VECCALC"},
    {TQUE, P(GM), 0, -1, -1, M(GM), "GM is not a TQue position",
     "[SRC] GetBufferLogicPos asserts pos != GM"},
    {TQUEBIND, P(GM), P(GM), -1, -1, M(GM), "GM -> GM",
     "[SRC] GetQueEvt asserts dst != GM when src is GM"},
    {TQUEBIND, P(VECIN), P(CO1), -1, -1, M(L0C), "UB -> L0C",
     "[SRC] GetQueEvt(UB, L0C) has V_V forward but MAX backward"},
    {TQUEBIND, P(A1), P(VECIN), -1, -1, M(UB), "MTE1_V / V_MTE1",
     "[SRC] GetQueEvt(L1, UB) = MTE1_V, which neither HardEventAiv nor "
     "HardEventAic has"},
    {TQUEBIND, P(A2), P(CO1), -1, -1, M(L0C), "M_V / V_M",
     "[SRC] GetQueEvt(L0A, L0C) = M_V, in neither 2201 event pool"},
    {TQUEBIND, P(MAX), P(GM), -1, -1, M(NONE), "is not a position",
     "[SRC] GetPhyType asserts pos != MAX"},
};

static void test_queue_rules(void) {
  for (size_t i = 0; i < sizeof queue_rows / sizeof queue_rows[0]; i++) {
    const queue_row *r = &queue_rows[i];
    casc_hw_queue q;
    int before = check_failed_;
    bool ok = r->kind == TQUE ? casc_hw_tque(r->src, &q)
                              : casc_hw_tquebind(r->src, r->dst, &q);
    CHECK_EQ_INT(ok, r->enq >= 0);
    CHECK_EQ_INT(q.valid, ok);
    CHECK_EQ_INT(q.enq_event, r->enq);
    CHECK_EQ_INT(q.free_event, r->fre);
    CHECK_EQ_INT(q.pool, r->pool);
    if (r->why)
      CHECK_CONTAINS(q.why, r->why);
    else
      CHECK_STREQ(q.why, "");
    if (check_failed_ != before)
      fprintf(stderr, "  queue row %zu: %s\n", i, r->source);
  }
}

/* GetPhyType on arch 2201 [SRC kernel_event.h], docs/ascendc-facts.md §3
 * "Address assignment": VECIN/VECOUT/VECCALC share UB, A1/B1/C1 share L1, A2
 * L0A, B2 L0B, CO1 L0C, C2 the BiasTable, CO2 is GM. */
static void test_position_memories(void) {
  static const casc_hw_mem want[CASC_TPOS_MAX + 1] = {
      [P(GM)] = M(GM),    [P(A1)] = M(L1),     [P(A2)] = M(L0A),
      [P(B1)] = M(L1),    [P(B2)] = M(L0B),    [P(C1)] = M(L1),
      [P(C2)] = M(BIAS),  [P(CO1)] = M(L0C),   [P(CO2)] = M(GM),
      [P(VECIN)] = M(UB), [P(VECOUT)] = M(UB), [P(VECCALC)] = M(UB),
      [P(MAX)] = M(NONE)};
  for (int p = 0; p <= CASC_TPOS_MAX; p++)
    if (!CHECK_EQ_INT(casc_hw_mem_of_pos(p), want[p]))
      fprintf(stderr, "  position %d\n", p);
  CHECK_EQ_INT(casc_hw_mem_of_pos(-1), M(NONE));
  CHECK_STREQ(casc_hw_mem_name(M(BIAS)), "BiasTable");
  CHECK_STREQ(casc_hw_mem_name(M(GM)), "GM");
}

/* The event table against the IR's enum (enums.def keeps the keywords and
 * C++ names, docs/ir.md §2.2) and against its own naming rule: HardEvent names
 * are SRC_DST [SRC kernel_event.h "// src_dst"]. */
static void test_event_table(void) {
  const casc_enum_info *ie = casc_enum_get(CASC_ENUM_HARDEVENT);
  REQUIRE(ie != NULL);
  CHECK_EQ_INT(ie->count, CASC_HW_EV_COUNT_ + 1); /* + MAX */
  CHECK_STREQ(casc_enum_cxx(CASC_ENUM_HARDEVENT, CASC_HW_EV_COUNT_), "MAX");
  unsigned aiv = 0, aic = 0;
  for (int e = 0; e < CASC_HW_EV_COUNT_; e++) {
    const char *name = casc_hw_event_name(e);
    char want[32];
    snprintf(want, sizeof want, "%s_%s",
             casc_hw_pipe_name(casc_hw_event_src_pipe(e)),
             casc_hw_pipe_name(casc_hw_event_dst_pipe(e)));
    CHECK_STREQ(name, casc_enum_cxx(CASC_ENUM_HARDEVENT, e));
    CHECK_STREQ(name, want);
    aiv += (casc_hw_event_pools(e) & CASC_HW_IN_AIV) != 0;
    aic += (casc_hw_event_pools(e) & CASC_HW_IN_AIC) != 0;
  }
  /* HardEventAiv has 13 events, HardEventAic 24 [SRC kernel_event.h;
   * docs/ascendc-facts.md §2 "Event-pool details"]. */
  CHECK_EQ_INT(aiv, 13);
  CHECK_EQ_INT(aic, 24);
  CHECK(casc_hw_event_name(CASC_HW_EV_COUNT_) == NULL);
  CHECK(casc_hw_event_name(-1) == NULL);
  CHECK_EQ_INT(casc_hw_event_src_pipe(-1), CASC_PIPE_NONE);
  CHECK_EQ_INT(casc_hw_event_pools(CASC_HW_EV_COUNT_), 0);
}

typedef struct {
  casc_hw_pipe a, b;
  int evt;
  const char *source;
} between_row;

/* Which SetFlag/WaitFlag pair orders pipe a before pipe b (the race
 * detector's hint): SetFlag<SRC_DST> runs in SRC, WaitFlag in DST [DOC
 * 核内同步能力概述, docs/ascendc-facts.md §2 "Event semantics"]. */
static const between_row between_rows[] = {
    {CASC_PIPE_MTE2, CASC_PIPE_V, E(MTE2_V),
     "docs/ascendc-facts.md §2: GM->UB load, V uses"},
    {CASC_PIPE_V, CASC_PIPE_MTE3, E(V_MTE3),
     "docs/ascendc-facts.md §2: V writes, MTE3 out"},
    {CASC_PIPE_MTE3, CASC_PIPE_MTE2, E(MTE3_MTE2),
     "docs/ascendc-facts.md §2: UB->UB queues' free event"},
    {CASC_PIPE_V, CASC_PIPE_V, E(V_V), "[SRC] V_V is PipeBarrier<PIPE_V>"},
    {CASC_PIPE_M, CASC_PIPE_S, E(M_S), "[SRC] HardEvent M_S"},
    {CASC_PIPE_S, CASC_PIPE_M, -1, "[SRC] HardEvent has no S_M"},
    {CASC_PIPE_MTE2, CASC_PIPE_MTE2, -1,
     "docs/ascendc-facts.md §2: same-pipe order is PipeBarrier's job"},
};

static void test_event_between(void) {
  for (size_t i = 0; i < sizeof between_rows / sizeof between_rows[0]; i++) {
    const between_row *r = &between_rows[i];
    if (!CHECK_EQ_INT(casc_hw_event_between(r->a, r->b), r->evt))
      fprintf(stderr, "  between row %zu: %s\n", i, r->source);
  }
}

/* IR Pipe values (docs/ir.md §2.3) to pipes; 2201's SUPPORTED_PIPE is S V M
 * MTE1 MTE2 MTE3 FIX [SRC kernel_event.h]. */
static void test_pipes(void) {
  static const casc_hw_pipe want[] = {
      CASC_PIPE_S,    CASC_PIPE_V,    CASC_PIPE_M,    CASC_PIPE_MTE1,
      CASC_PIPE_MTE2, CASC_PIPE_MTE3, CASC_PIPE_NONE, CASC_PIPE_NONE,
      CASC_PIPE_NONE, CASC_PIPE_NONE, CASC_PIPE_FIX,  CASC_PIPE_NONE};
  for (int p = 0; p < (int)(sizeof want / sizeof want[0]); p++) {
    CHECK_EQ_INT(casc_hw_pipe_of_enum(p), want[p]);
    /* The IR keyword of a real pipe names it: pipe_mte2 -> MTE2. */
    if (want[p] != CASC_PIPE_NONE) {
      char kw[16];
      snprintf(kw, sizeof kw, "pipe_%s", casc_hw_pipe_name(want[p]));
      for (char *c = kw; *c; c++)
        *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
      CHECK_STREQ(casc_enum_keyword(CASC_ENUM_PIPE, p), kw);
    }
  }
  CHECK(casc_hw_pipe_name(CASC_PIPE_NONE) == NULL);
  CHECK(casc_hw_pipe_name(CASC_PIPE_COPY) == NULL);
}

/* Limits and sizes: QUE_MAX_EVENT 8 and QBUF_MAX_LEN 64 [SRC
 * kernel_macros.h, docs/ascendc-facts.md §1, §3]; InitBuffer rounds lengths up
 * to 32 bytes [SRC kernel_tpipe_impl.h, DOC InitBuffer]; Ascend910B1 capacities
 * [docs/ascendc-facts.md §3 "Capacities"]. */
static void test_limits(void) {
  CHECK_EQ_INT(CASC_HW_EVENT_IDS, 8);
  CHECK_EQ_INT(CASC_HW_MAX_BUFFERS, 64);
  CHECK_EQ_INT(casc_hw_buffer_len(1), 32);
  CHECK_EQ_INT(casc_hw_buffer_len(32), 32);
  CHECK_EQ_INT(casc_hw_buffer_len(33), 64);
  CHECK_EQ_INT(casc_hw_mem_default_size(M(UB)), 192 * 1024);
  CHECK_EQ_INT(casc_hw_mem_default_size(M(L1)), 512 * 1024);
  CHECK_EQ_INT(casc_hw_mem_default_size(M(L0A)), 64 * 1024);
  CHECK_EQ_INT(casc_hw_mem_default_size(M(L0B)), 64 * 1024);
  CHECK_EQ_INT(casc_hw_mem_default_size(M(L0C)), 128 * 1024);
  CHECK_EQ_INT(casc_hw_mem_default_size(M(BIAS)), 1024);
  CHECK_EQ_INT(casc_hw_mem_default_size(M(FIXBUF)), 7 * 1024);
  CHECK_EQ_INT(casc_hw_mem_default_size(M(GM)), 0);
}

int main(void) {
  RUN_TEST(test_queue_rules);
  RUN_TEST(test_position_memories);
  RUN_TEST(test_event_table);
  RUN_TEST(test_event_between);
  RUN_TEST(test_pipes);
  RUN_TEST(test_limits);
  return CHECK_SUMMARY();
}
