/* The Ascend hardware facts every layer checks kernels against, kept once:
 * NPU arch 2201 (Atlas A2, Ascend910B1), as the Ascend C class library
 * computes them (docs/ascendc-facts.md §1-§3, §6). verify-sync, the simulator's
 * queue runtime, its timing model and its race detector all ask here, so a
 * queue type gets the same events, pool and limits everywhere.
 *
 * Positions (TPosition) and events (HardEvent) are the IR's integer values
 * (casc_tpos, docs/ir.md §2.1 / §2.2); pipes are casc_hw_pipe (dialect.h). */
#ifndef CASC_DIALECT_ASCEND_HW_H
#define CASC_DIALECT_ASCEND_HW_H

#include <stdbool.h>
#include <stdint.h>

#include "dialect/dialect.h"

/* ---- limits ---------------------------------------------------------------
 */
/* QUE_MAX_EVENT for __NPU_ARCH__ 2201: ids per HardEvent (kernel_macros.h;
 * docs/ascendc-facts.md §1). */
#define CASC_HW_EVENT_IDS 8
/* QBUF_MAX_LEN: buffers one TPipe manages, TBufs included (§3). */
#define CASC_HW_MAX_BUFFERS 64
/* ONE_BLK_SIZE: InitBuffer rounds every buffer length up to it (§3). */
#define CASC_HW_BLOCK_BYTES 32

/* The length InitBuffer gives a buffer asked for with `len` bytes. */
static inline int64_t casc_hw_buffer_len(int64_t len) {
  return (len + CASC_HW_BLOCK_BYTES - 1) / CASC_HW_BLOCK_BYTES *
         CASC_HW_BLOCK_BYTES;
}

/* ---- physical memories (Ascend C's `Hardware`) ------------------------------
 */
/* The local memories come first so that they index per-pool tables; GM is
 * not a pool a TPipe allocates from. */
typedef enum {
  CASC_HW_MEM_UB,
  CASC_HW_MEM_L1,
  CASC_HW_MEM_L0A,
  CASC_HW_MEM_L0B,
  CASC_HW_MEM_L0C,
  CASC_HW_MEM_BIAS,   /* BiasTable */
  CASC_HW_MEM_FIXBUF, /* Fixpipe buffer (no TPosition of the IR maps here) */
  CASC_HW_MEM_LOCAL_COUNT_,
  CASC_HW_MEM_GM = CASC_HW_MEM_LOCAL_COUNT_,
  CASC_HW_MEM_NONE /* TPosition MAX or not a position */
} casc_hw_mem;

/* GetPhyType on arch 2201: the memory behind a TPosition. */
casc_hw_mem casc_hw_mem_of_pos(int64_t pos);
/* "UB", "L1", "L0A", "L0B", "L0C", "BiasTable", "FB", "GM"; "?" otherwise. */
const char *casc_hw_mem_name(casc_hw_mem m);
/* Bytes of a local memory on Ascend910B1, the default when no platform
 * file says otherwise (0 for GM / NONE). */
uint32_t casc_hw_mem_default_size(casc_hw_mem m);

/* ---- pipes -----------------------------------------------------------------
 */
/* "S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX"; NULL for NONE and COPY. */
const char *casc_hw_pipe_name(casc_hw_pipe p);
/* The pipe of an IR Pipe value (docs/ir.md §2.3: pipe_s 0 ... pipe_fix 10), or
 * CASC_PIPE_NONE for PIPE_ALL and for the pipes arch 2201 does not have
 * (SUPPORTED_PIPE in kernel_event.h: S V M MTE1 MTE2 MTE3 FIX). */
casc_hw_pipe casc_hw_pipe_of_enum(int64_t pipe_enum);

/* ---- events
 * ------------------------------------------------------------------
 */
#define CASC_HW_IN_AIV 1u /* has a slot in HardEventAiv's pool */
#define CASC_HW_IN_AIC 2u /* has a slot in HardEventAic's pool */

typedef enum {
#define CASC_HW_EVENT(name, src, dst, pools) CASC_HW_EV_##name,
#include "dialect/ascend_hw_events.def"
#undef CASC_HW_EVENT
  CASC_HW_EV_COUNT_ /* = HardEvent::MAX: not an event */
} casc_hw_event;

/* "MTE2_V"; NULL when evt is not an event. */
const char *casc_hw_event_name(int64_t evt);
/* The pipe that runs SetFlag<evt> / that WaitFlag<evt> holds; NONE when
 * evt is not an event. */
casc_hw_pipe casc_hw_event_src_pipe(int64_t evt);
casc_hw_pipe casc_hw_event_dst_pipe(int64_t evt);
/* CASC_HW_IN_AIV / CASC_HW_IN_AIC bits; 0 when evt is not an event. */
unsigned casc_hw_event_pools(int64_t evt);
/* The HardEvent whose SetFlag in pipe a and WaitFlag in pipe b orders a
 * before b, or -1 when the hardware has none. */
int casc_hw_event_between(casc_hw_pipe a, casc_hw_pipe b);

/* ---- queues
 * ------------------------------------------------------------------
 */
/* What the class library makes of a TQueBind<src, dst> (or TQue<pos>). */
typedef struct {
  int src, dst;                 /* TQueBind positions (TQue: its two ends) */
  casc_hw_mem src_mem, dst_mem; /* GetPhyType of the two ends */
  casc_hw_mem pool; /* GetBufferPos: where InitBuffer puts its buffers */
  int enq_event;    /* enQueEvt: EnQue sets it, DeQue waits; -1 invalid */
  int free_event;   /* freeBufEvt: FreeTensor sets, AllocTensor waits */
  bool valid;       /* the library accepts the type on arch 2201 */
  char why[160];    /* when !valid: why, as a sentence fragment */
} casc_hw_queue;

/* TQueBind<src, dst>. Returns q->valid. */
bool casc_hw_tquebind(int64_t src, int64_t dst, casc_hw_queue *q);
/* TQue<pos> = TQueBind<GetBufferLogicPos(pos, true), (pos, false)>.
 * Returns q->valid. */
bool casc_hw_tque(int64_t pos, casc_hw_queue *q);

/* ---- instruction costs (the timing model, docs/timing.md) -------------------
 */
/* Cost classes of vector instructions: what decides how long a repeat (256
 * bytes) takes. An element kernel names its arithmetic (vec_kernels.def:
 * ALU, TRANSC, SQRT, DIV, REDUCE); an ALU kernel's class then follows from how
 * many vector operands it reads (Add reads two: BINARY; Adds one and a
 * scalar: SCALAR; Abs one: UNARY). */
typedef enum {
  CASC_HW_VCOST_UNARY,  /* one vector source, plain ALU (Abs, Relu, Neg) */
  CASC_HW_VCOST_SCALAR, /* vector and scalar, plain ALU (Adds, Muls, Mins) */
  CASC_HW_VCOST_BINARY, /* two vector sources, plain ALU (Add, Sub, Mul) */
  CASC_HW_VCOST_TRANSC, /* exponential and logarithm (Exp, Ln) */
  CASC_HW_VCOST_SQRT,   /* square roots (Sqrt, Rsqrt) */
  CASC_HW_VCOST_DIV,    /* division (Div, Reciprocal) */
  CASC_HW_VCOST_CAST,   /* Cast */
  CASC_HW_VCOST_REDUCE, /* ReduceSum / ReduceMax / ReduceMin */
  CASC_HW_VCOST_MOVE,   /* Duplicate, Brcb, Gather, ... */
  CASC_HW_VCOST_SELECT, /* Select, any mode (vsel) */
  CASC_HW_VCOST_COPY,   /* a UB -> UB DataCopy (copy_ubuf_to_ubuf) */
  CASC_HW_VCOST_COUNT_
} casc_hw_vcost;

/* "unary", "scalar", "binary", "transc", "sqrt", "div", "cast", "reduce",
 * "move", "select", "copy" (the ini keys <name>_head /
 * <name>_cycles_per_repeat / <name>_latency); NULL otherwise. */
const char *casc_hw_vcost_name(casc_hw_vcost c);

/* One cost class: a vector instruction takes `head` cycles (mask and count
 * set-up, the first repeat's operand fetch, the pipeline's fill) plus
 * `cycles_per_repeat` per repeat. The last `latency` cycles of the head
 * (at most the head) are latency, not occupancy: the instruction has left
 * V by then, and the next independent V instruction issues while it
 * completes, so back-to-back independent instructions share their heads;
 * a barrier or a dependency waits for the completion. */
typedef struct {
  uint16_t head, cycles_per_repeat, latency;
} casc_hw_vcost_rate;

/* The timing model's figures for Ascend910B1 (A2/A3), the defaults that a
 * platform file overrides: each value and its source is in docs/timing.md
 * and platform/Ascend910B1.ini. */
typedef struct {
  uint16_t scalar_cycles;
  uint16_t vector_bytes_per_cycle; /* at 1 cycle per repeat: a repeat */
  uint16_t vector_latency;
  casc_hw_vcost_rate vcost[CASC_HW_VCOST_COUNT_];
  uint16_t mte2_bytes_per_cycle, mte2_setup, mte2_latency;
  uint16_t mte3_bytes_per_cycle, mte3_setup, mte3_latency;
  /* The cube side. M: an Mmad holds the cube for cube_head cycles plus,
   * per 16 x C0 x 16 fractal product (ceil(m/16) x ceil(k/C0) x ceil(n/16),
   * C0 = 32 bytes of the input type), cube_cycles_per_fractal cycles, or
   * cube_f32_cycles_per_fractal for f32 inputs. MTE1 (L1 -> L0A / L0B):
   * mte1_setup plus the bytes written at the rate of the destination.
   * FIX (Fixpipe, L0C -> GM / UB): fix_setup plus the C elements at
   * fix_bytes_per_cycle, counted as 2 bytes each whatever the output type
   * (the rate is per element of the fixpipe, as PTO's model counts it). */
  uint16_t cube_head, cube_cycles_per_fractal, cube_f32_cycles_per_fractal;
  uint16_t cube_latency;
  uint16_t mte1_l0a_bytes_per_cycle, mte1_l0b_bytes_per_cycle;
  uint16_t mte1_bt_bytes_per_cycle; /* L1 -> BiasTable (DataCopy C1 -> C2) */
  uint16_t mte1_setup, mte1_latency;
  uint16_t fix_bytes_per_cycle, fix_setup, fix_latency;
  uint16_t set_flag_cycles, wait_flag_cycles, barrier_cycles;
  uint16_t min_op_cycles;
  uint16_t launch_cycles;
  /* A MIX task's (AIC + AIV) start-up beyond launch_cycles. */
  uint16_t mix_launch_cycles;
} casc_hw_timing;

/* The Ascend910B1 figures. */
const casc_hw_timing *casc_hw_timing_default(void);

#endif
