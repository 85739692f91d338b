/* Hardware facts of NPU arch 2201 (ascend_hw.h). Every table cites where
 * its rows come from; [SRC] is the Ascend C class library, hicann/asc-devkit
 * (impl/basic_api/kernel_event.h @ 05cedc8c, find_string id 68422726288;
 * include/basic_api/kernel_tpipe.h @ 7932167a), as docs/ascendc-facts.md tags
 * it. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dialect/ascend_hw.h"

/* ---- memories
 * ----------------------------------------------------------------
 */

/* GetPhyType [SRC kernel_event.h], the `__NPU_ARCH__ == 2201` branch: C1 is
 * L1, C2 the BiasTable and CO2 global memory on this arch. Indexed by
 * TPosition (docs/ir.md §2.1). */
static const casc_hw_mem mem_of_pos[CASC_TPOS_MAX] = {
    [CASC_TPOS_GM] = CASC_HW_MEM_GM,     [CASC_TPOS_A1] = CASC_HW_MEM_L1,
    [CASC_TPOS_A2] = CASC_HW_MEM_L0A,    [CASC_TPOS_B1] = CASC_HW_MEM_L1,
    [CASC_TPOS_B2] = CASC_HW_MEM_L0B,    [CASC_TPOS_C1] = CASC_HW_MEM_L1,
    [CASC_TPOS_C2] = CASC_HW_MEM_BIAS,   [CASC_TPOS_CO1] = CASC_HW_MEM_L0C,
    [CASC_TPOS_CO2] = CASC_HW_MEM_GM,    [CASC_TPOS_VECIN] = CASC_HW_MEM_UB,
    [CASC_TPOS_VECOUT] = CASC_HW_MEM_UB, [CASC_TPOS_VECCALC] = CASC_HW_MEM_UB,
};

casc_hw_mem casc_hw_mem_of_pos(int64_t pos) {
  return pos >= 0 && pos < CASC_TPOS_MAX ? mem_of_pos[pos] : CASC_HW_MEM_NONE;
}

const char *casc_hw_mem_name(casc_hw_mem m) {
  static const char *const names[] = {"UB",  "L1",        "L0A", "L0B",
                                      "L0C", "BiasTable", "FB",  "GM"};
  return (unsigned)m < sizeof names / sizeof names[0] ? names[m] : "?";
}

uint32_t casc_hw_mem_default_size(casc_hw_mem m) {
  /* Ascend910B1 (docs/ascendc-facts.md §3 "Capacities"): UB TOTAL_UB_SIZE = 192
   * KiB [SRC kernel_utils_constants.h; TOOLS ascend910B1_ini.h UB_SIZE]; L1 512
   * KiB as the CPU model has it [SRC; TOOLS L1_SIZE]; L0A/L0B 64 KiB, L0C 128
   * KiB [SRC; DOC 2201 constraints]; BiasTable 1 KiB and Fixpipe buffer 7 KiB
   * in the CPU model [SRC]. platform/Ascend910B1.ini repeats them for the
   * simulator, which may be given another file. */
  static const uint32_t sizes[CASC_HW_MEM_LOCAL_COUNT_] = {
      [CASC_HW_MEM_UB] = 196608,  [CASC_HW_MEM_L1] = 524288,
      [CASC_HW_MEM_L0A] = 65536,  [CASC_HW_MEM_L0B] = 65536,
      [CASC_HW_MEM_L0C] = 131072, [CASC_HW_MEM_BIAS] = 1024,
      [CASC_HW_MEM_FIXBUF] = 7168};
  return (unsigned)m < CASC_HW_MEM_LOCAL_COUNT_ ? sizes[m] : 0;
}

/* ---- pipes
 * ---------------------------------------------------------------------
 */

const char *casc_hw_pipe_name(casc_hw_pipe p) {
  switch (p) {
  case CASC_PIPE_S:
    return "S";
  case CASC_PIPE_V:
    return "V";
  case CASC_PIPE_M:
    return "M";
  case CASC_PIPE_MTE1:
    return "MTE1";
  case CASC_PIPE_MTE2:
    return "MTE2";
  case CASC_PIPE_MTE3:
    return "MTE3";
  case CASC_PIPE_FIX:
    return "FIX";
  default:
    return NULL;
  }
}

casc_hw_pipe casc_hw_pipe_of_enum(int64_t pipe_enum) {
  /* The IR's Pipe values (docs/ir.md §2.3) are pipe_t's; PIPE_ALL (6) and
   * PIPE_MTE4 / MTE5 / V2 (7-9) are not in 2201's SUPPORTED_PIPE [SRC]. */
  static const casc_hw_pipe pipes[] = {
      CASC_PIPE_S,    CASC_PIPE_V,    CASC_PIPE_M,    CASC_PIPE_MTE1,
      CASC_PIPE_MTE2, CASC_PIPE_MTE3, CASC_PIPE_NONE, CASC_PIPE_NONE,
      CASC_PIPE_NONE, CASC_PIPE_NONE, CASC_PIPE_FIX};
  return pipe_enum >= 0 && pipe_enum < (int64_t)(sizeof pipes / sizeof pipes[0])
             ? pipes[pipe_enum]
             : CASC_PIPE_NONE;
}

/* ---- events
 * --------------------------------------------------------------------
 */

static const struct {
  const char *name;
  casc_hw_pipe src, dst;
  unsigned pools;
} events[CASC_HW_EV_COUNT_] = {
#define CASC_HW_EVENT(name, src, dst, pools)                                   \
  {#name, CASC_PIPE_##src, CASC_PIPE_##dst, pools},
#include "dialect/ascend_hw_events.def"
#undef CASC_HW_EVENT
};

static bool is_event(int64_t evt) {
  return evt >= 0 && evt < CASC_HW_EV_COUNT_;
}

const char *casc_hw_event_name(int64_t evt) {
  return is_event(evt) ? events[evt].name : NULL;
}

casc_hw_pipe casc_hw_event_src_pipe(int64_t evt) {
  return is_event(evt) ? events[evt].src : CASC_PIPE_NONE;
}

casc_hw_pipe casc_hw_event_dst_pipe(int64_t evt) {
  return is_event(evt) ? events[evt].dst : CASC_PIPE_NONE;
}

unsigned casc_hw_event_pools(int64_t evt) {
  return is_event(evt) ? events[evt].pools : 0;
}

int casc_hw_event_between(casc_hw_pipe a, casc_hw_pipe b) {
  for (int e = 0; e < CASC_HW_EV_COUNT_; e++)
    if (events[e].src == a && events[e].dst == b)
      return e;
  return -1;
}

/* ---- queues
 * --------------------------------------------------------------------
 */

/* GetQueEvt(src, dst, fwdDirect) [SRC kernel_event.h] for arch 2201: the two
 * events of a queue follow the physical memories of its ends, whatever
 * the logical positions are (TQueBind's enQueEvt / freeBufEvt are
 * GetQueEvt(GetPhyType(src), GetPhyType(dst), true / false) [SRC
 * kernel_tpipe.h]). Every pair not listed is an ASSERT in GetQueEvt or
 * yields HardEvent::MAX; UB -> L0C is one of them: it gives V_V forward but
 * MAX backward, so it has no free event. nd2nz / nz2nd change nothing on
 * 2201 (`(void)(nd2nz)`). */
static const struct {
  casc_hw_mem src, dst;
  casc_hw_event enq, fre;
} que_events[] = {
    {CASC_HW_MEM_GM, CASC_HW_MEM_UB, CASC_HW_EV_MTE2_V, CASC_HW_EV_V_MTE2},
    {CASC_HW_MEM_GM, CASC_HW_MEM_L1, CASC_HW_EV_MTE2_MTE1,
     CASC_HW_EV_MTE1_MTE2},
    {CASC_HW_MEM_GM, CASC_HW_MEM_L0A, CASC_HW_EV_MTE2_M, CASC_HW_EV_M_MTE2},
    {CASC_HW_MEM_GM, CASC_HW_MEM_L0B, CASC_HW_EV_MTE2_M, CASC_HW_EV_M_MTE2},
    {CASC_HW_MEM_UB, CASC_HW_MEM_GM, CASC_HW_EV_V_MTE3, CASC_HW_EV_MTE3_V},
    {CASC_HW_MEM_UB, CASC_HW_MEM_L1, CASC_HW_EV_MTE3_MTE1,
     CASC_HW_EV_MTE1_MTE3},
    {CASC_HW_MEM_UB, CASC_HW_MEM_UB, CASC_HW_EV_MTE2_MTE3,
     CASC_HW_EV_MTE3_MTE2},
    {CASC_HW_MEM_L1, CASC_HW_MEM_UB, CASC_HW_EV_MTE1_V, CASC_HW_EV_V_MTE1},
    {CASC_HW_MEM_L1, CASC_HW_MEM_L0A, CASC_HW_EV_MTE1_M, CASC_HW_EV_M_MTE1},
    {CASC_HW_MEM_L1, CASC_HW_MEM_L0B, CASC_HW_EV_MTE1_M, CASC_HW_EV_M_MTE1},
    {CASC_HW_MEM_L1, CASC_HW_MEM_BIAS, CASC_HW_EV_MTE1_M, CASC_HW_EV_M_MTE1},
    {CASC_HW_MEM_L1, CASC_HW_MEM_FIXBUF, CASC_HW_EV_MTE1_FIX,
     CASC_HW_EV_FIX_MTE1},
    {CASC_HW_MEM_L0A, CASC_HW_MEM_L0C, CASC_HW_EV_M_V, CASC_HW_EV_V_M},
    {CASC_HW_MEM_L0B, CASC_HW_MEM_L0C, CASC_HW_EV_M_V, CASC_HW_EV_V_M},
    {CASC_HW_MEM_L0C, CASC_HW_MEM_GM, CASC_HW_EV_M_FIX, CASC_HW_EV_FIX_M},
};

static const char *pos_name(int64_t pos) {
  const char *s = casc_enum_cxx(CASC_ENUM_TPOSITION, pos);
  return s ? s : "?";
}

/* Marks q invalid, appending the reason to what q->why already says. */
static bool invalid(casc_hw_queue *q, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static bool invalid(casc_hw_queue *q, const char *fmt, ...) {
  size_t n = strlen(q->why);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(q->why + n, sizeof q->why - n, fmt, ap);
  va_end(ap);
  q->enq_event = q->free_event = -1;
  q->valid = false;
  return false;
}

/* TQueBind<src, dst>; q->why holds what to say before a reason. */
static bool bind_facts(int64_t src, int64_t dst, casc_hw_queue *q) {
  q->src = (int)src;
  q->dst = (int)dst;
  q->src_mem = casc_hw_mem_of_pos(src);
  q->dst_mem = casc_hw_mem_of_pos(dst);
  /* GetBufferPos [SRC]: the buffers live at the destination, except when
   * the data leaves for GM (dst GM, or CO2, which is GM on 2201). */
  q->pool =
      dst == CASC_TPOS_GM || dst == CASC_TPOS_CO2 ? q->src_mem : q->dst_mem;
  if (q->src_mem == CASC_HW_MEM_NONE || q->dst_mem == CASC_HW_MEM_NONE)
    return invalid(q, "%s or %s is not a position", pos_name(src),
                   pos_name(dst));
  for (size_t i = 0; i < sizeof que_events / sizeof que_events[0]; i++) {
    if (que_events[i].src != q->src_mem || que_events[i].dst != q->dst_mem)
      continue;
    q->enq_event = que_events[i].enq;
    q->free_event = que_events[i].fre;
    /* An arch-2201 NPU build indexes its event pool by HardEventAiv or
     * HardEventAic [SRC EventToIndex]: both events need a slot in the one
     * pool of the core the queue runs on. */
    if (!(casc_hw_event_pools(q->enq_event) &
          casc_hw_event_pools(q->free_event)))
      return invalid(q,
                     "its events %s / %s have no slot in arch 2201's vector "
                     "or cube event pool",
                     casc_hw_event_name(q->enq_event),
                     casc_hw_event_name(q->free_event));
    q->valid = true;
    return true;
  }
  return invalid(q,
                 "it moves data %s -> %s, for which arch 2201 has no "
                 "queue event",
                 casc_hw_mem_name(q->src_mem), casc_hw_mem_name(q->dst_mem));
}

bool casc_hw_tquebind(int64_t src, int64_t dst, casc_hw_queue *q) {
  q->why[0] = 0;
  return bind_facts(src, dst, q);
}

bool casc_hw_tque(int64_t pos, casc_hw_queue *q) {
  /* GetBufferLogicPos(pos, isSrc) [SRC kernel_event.h]: an input position
   * is fed from GM (A1/B1/C1/VECIN) or from the L1 position before it
   * (A2/B2/C2); an output position drains to GM (VECOUT, CO2) or to CO2
   * (CO1). It ASSERTs on GM, VECCALC and MAX. */
  static const int8_t ends[CASC_TPOS_MAX][2] = {
      [CASC_TPOS_GM] = {-1, -1},
      [CASC_TPOS_A1] = {CASC_TPOS_GM, CASC_TPOS_A1},
      [CASC_TPOS_A2] = {CASC_TPOS_A1, CASC_TPOS_A2},
      [CASC_TPOS_B1] = {CASC_TPOS_GM, CASC_TPOS_B1},
      [CASC_TPOS_B2] = {CASC_TPOS_B1, CASC_TPOS_B2},
      [CASC_TPOS_C1] = {CASC_TPOS_GM, CASC_TPOS_C1},
      [CASC_TPOS_C2] = {CASC_TPOS_C1, CASC_TPOS_C2},
      [CASC_TPOS_CO1] = {CASC_TPOS_CO1, CASC_TPOS_CO2},
      [CASC_TPOS_CO2] = {CASC_TPOS_CO2, CASC_TPOS_GM},
      [CASC_TPOS_VECIN] = {CASC_TPOS_GM, CASC_TPOS_VECIN},
      [CASC_TPOS_VECOUT] = {CASC_TPOS_VECOUT, CASC_TPOS_GM},
      [CASC_TPOS_VECCALC] = {-1, -1},
  };
  q->why[0] = 0;
  if (pos < 0 || pos >= CASC_TPOS_MAX || ends[pos][0] < 0) {
    q->src = q->dst = (int)pos;
    q->src_mem = q->dst_mem = q->pool = casc_hw_mem_of_pos(pos);
    return invalid(q, "%s is not a TQue position%s", pos_name(pos),
                   pos == CASC_TPOS_VECCALC ? " (use TBuf for VECCALC)" : "");
  }
  if (bind_facts(ends[pos][0], ends[pos][1], q))
    return true;
  /* Say which TQueBind the position stands for (TQue<CO2> is GM -> GM),
   * only when there is something to say: verify-sync asks once per queue
   * op, and the formatting cost more than the facts. */
  char reason[sizeof q->why];
  memcpy(reason, q->why, sizeof reason);
  int n = snprintf(q->why, sizeof q->why,
                   "TQue<%s> is TQueBind<%s, %s>: ", pos_name(pos),
                   pos_name(ends[pos][0]), pos_name(ends[pos][1]));
  if (n > 0 && (size_t)n < sizeof q->why) {
    size_t len = strnlen(reason, sizeof q->why - (size_t)n - 1);
    memcpy(q->why + n, reason, len);
    q->why[(size_t)n + len] = 0;
  }
  return false;
}

/* ---- instruction costs
 * ---------------------------------------------------------
 */

const char *casc_hw_vcost_name(casc_hw_vcost c) {
  static const char *const names[CASC_HW_VCOST_COUNT_] = {
      [CASC_HW_VCOST_UNARY] = "unary",   [CASC_HW_VCOST_SCALAR] = "scalar",
      [CASC_HW_VCOST_BINARY] = "binary", [CASC_HW_VCOST_TRANSC] = "transc",
      [CASC_HW_VCOST_SQRT] = "sqrt",     [CASC_HW_VCOST_DIV] = "div",
      [CASC_HW_VCOST_CAST] = "cast",     [CASC_HW_VCOST_REDUCE] = "reduce",
      [CASC_HW_VCOST_MOVE] = "move",     [CASC_HW_VCOST_SELECT] = "select",
      [CASC_HW_VCOST_COPY] = "copy"};
  return (unsigned)c < CASC_HW_VCOST_COUNT_ ? names[c] : NULL;
}

const casc_hw_timing *casc_hw_timing_default(void) {
  /* Fitted by bench/timing_calibration on the even-numbered half of the
   * A2/A3 cycle counts of bench/data/a2a3_cycles.csv (Huawei's PTO Tile
   * Lib, hw-native-sys/pto-isa @ 3186c381, tests/costmodel/st/testcase/
   * *\/main.cpp) and checked on the other half; test_vadd's launch from
   * pyasc's test/all_task_durations_golden.csv. docs/timing.md gives the
   * source of each figure; the ones no measurement reaches are marked. */
  static const casc_hw_timing t = {
      .scalar_cycles = 1,
      /* One 256-byte repeat (ONE_REPEAT_BYTE_SIZE) per cycle at a class's
       * 1 cycle per repeat. */
      .vector_bytes_per_cycle = 256,
      /* The isolated ops' fixed cycles are all in the heads: Abs's (4
       * cycles) leaves no room for a separate pipeline tail. */
      .vector_latency = 0,
      .vcost =
          {
              [CASC_HW_VCOST_UNARY] = {4, 1},
              [CASC_HW_VCOST_SCALAR] = {5, 1},
              /* 25 of the 36 fixed cycles are latency: TColSum's tree of
               * independent one-repeat vadds (1263 cycles) against
               * TColMax's chain of them behind barriers (2589). */
              [CASC_HW_VCOST_BINARY] = {36, 2, 25},
              [CASC_HW_VCOST_TRANSC] = {31, 2},
              /* The measurements contradict one another (the same
               * instruction: 102 to 160 cycles); the fit keeps the most. */
              [CASC_HW_VCOST_SQRT] = {6, 3},
              [CASC_HW_VCOST_DIV] = {32, 4},
              [CASC_HW_VCOST_CAST] = {29, 1},
              /* WholeReduce of 64 repeats, one result per row (TRowSum,
               * TRowMax of 64-row tiles: 480 to 495 cycles). */
              [CASC_HW_VCOST_REDUCE] = {31, 7},
              /* Duplicate: TRowExpand's one-repeat Duplicate per row. */
              [CASC_HW_VCOST_MOVE] = {7, 1},
              /* Select: TSel's one-repeat Select per row. */
              [CASC_HW_VCOST_SELECT] = {6, 1},
              /* A UB -> UB copy: 390 cycles for 12 KiB (TColMax / TColSum
               * of one row), 32 bytes a cycle; one case cannot separate
               * the head from the rate (the fit keeps the lowest rate). */
              [CASC_HW_VCOST_COPY] = {53, 7},
          },
      /* One transfer holds MTE2 for the set-up plus, per burst, its bytes
       * at 128 B/cycle rounded up; nothing follows (two loads in a row
       * take twice the set-up). */
      .mte2_bytes_per_cycle = 128,
      .mte2_setup = 264,
      .mte2_latency = 0,
      /* No UB -> GM measurement: MTE2's figures. */
      .mte3_bytes_per_cycle = 128,
      .mte3_setup = 264,
      .mte3_latency = 0,
      /* The cube: PTO's a2a3 cost model of `mad` (include/pto/costmodel/
       * a2a3/cce_costmodel/cce_costmodel_cube.hpp @ 3186c381: 6 head
       * cycles, one cycle per fractal product, two for f32), which meets
       * all four measured TMatmul cases of the CSV exactly;
       * bench/timing_calibration fits head and cycles per fractal again
       * on half of them. No tail is measured. */
      .cube_head = 6,
      .cube_cycles_per_fractal = 1,
      .cube_f32_cycles_per_fractal = 2,
      .cube_latency = 0,
      /* MTE1 and FIX: no measurement. The rates are PTO's a2a3 model
       * (include/pto/costmodel/arch_config.hpp @ 3186c381: L1_TO_L0A
       * 441, L1_TO_L0B 220.5, L1_TO_BT 32, L0C_TO_GM 70 GiB/s at its 1.85
       * GHz clock = 256, 128, 18.6 and 40.6 bytes per cycle); that model
       * has no set-up or tail for them, and neither has this one (an
       * estimate). */
      .mte1_l0a_bytes_per_cycle = 256,
      .mte1_l0b_bytes_per_cycle = 128,
      .mte1_bt_bytes_per_cycle = 19,
      .mte1_setup = 0,
      .mte1_latency = 0,
      .fix_bytes_per_cycle = 41,
      .fix_setup = 0,
      .fix_latency = 0,
      .set_flag_cycles = 1,
      .wait_flag_cycles = 1,
      .barrier_cycles = 1,
      .min_op_cycles = 1,
      /* test_vadd's 3.6 us less the 4901 cycles its blocks take. */
      .launch_cycles = 1759,
      /* FITTED to pyasc's test_matmul alone (25.5 us, a MIX kernel: the
       * Matmul object's AIC server and its AIV clients), as launch_cycles
       * is to test_vadd: 25.5 us x 1850 MHz less the 12691 cycles the
       * model gives the rest of it (bench/timing_calibration fits it
       * again). It holds everything such a task pays that the model has
       * no figure for, once per launch; no measurement separates them
       * (docs/timing.md, "Mix mode and the Matmul object"). */
      .mix_launch_cycles = 34484,
  };
  return &t;
}
