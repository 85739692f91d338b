/* The CPU simulator: run an ASC-IR kernel on the host, block_dim blocks on a
 * thread pool, with the real TPipe / TQueBind state machine and an always-on
 * sanitizer (docs/architecture.md §10, docs/ascendc-facts.md §1-§7). Also
 * the platform description (platform/<soc>.ini) and the NumPy .npy I/O that
 * `casc run` uses.
 *
 * Everything the simulator has to say about a kernel is a located diagnostic
 * through the context's handler (see diag.h), emitted after the launch in a
 * deterministic order (block by block), plus a structured list of issues in
 * casc_launch_result for programs and tests. The host process is never
 * touched by a kernel: every global-memory access is checked against the
 * caller's buffers, every unified-buffer access against the block's UB. */
#ifndef CASC_SIM_H
#define CASC_SIM_H
/* What the public headers declare is the exported API: the library is
 * compiled with -fvisibility=hidden (CMakeLists.txt). */
#pragma GCC visibility push(default)

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "casc/buf.h"
#include "casc/diag.h"
#include "casc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Element types of kernel arguments and .npy arrays.                        */

/* IEEE half / bfloat16 helpers (round to nearest even). */
float casc_f16_to_f32(uint16_t h);
uint16_t casc_f32_to_f16(float f);
float casc_bf16_to_f32(uint16_t b);
uint16_t casc_f32_to_bf16(float f);

/* ------------------------------------------------------------------------ */
/* Platform (platform/<soc>.ini, CANN platform_config layout).               */

/* Cost classes of vector instructions in casc_platform. */
#define CASC_PLATFORM_VCOSTS 11

typedef struct {
  char soc[32];         /* [version] SoC_version or the file's stem */
  unsigned ai_core_cnt; /* [SoCInfo] */
  unsigned cube_core_cnt;
  unsigned vector_core_cnt;
  unsigned ub_size; /* [AICoreSpec] bytes */
  unsigned l1_size;
  unsigned l0_a_size;
  unsigned l0_b_size;
  unsigned l0_c_size;
  unsigned bt_size;       /* BiasTable */
  unsigned fb_size;       /* Fixpipe buffer */
  unsigned cube_freq_mhz; /* [AICoreSpec] cube_freq */
  /* [casc.timing]: the cost model of the timing simulator (docs/timing.md,
   * which gives the source of every value: most are fitted to A2/A3
   * measurements, some are estimates). Cycles of the core clock. */
  unsigned scalar_cycles;          /* per instruction on the scalar unit */
  unsigned vector_bytes_per_cycle; /* V: bytes per cycle at 1 cycle/repeat */
  unsigned vector_latency;         /* V: cycles from leaving V to completion */
  /* V: per cost class (CASC_PLATFORM_VCOSTS; the order of the classes is
   * casc_platform_vcost_name's), an instruction's fixed cycles and cycles
   * per repeat (<name>_head, <name>_cycles_per_repeat in the ini file), and
   * how many of the fixed cycles (at most all) are latency that the next
   * independent V instruction overlaps rather than occupancy of V
   * (<name>_latency). */
  unsigned vec_head[CASC_PLATFORM_VCOSTS];
  unsigned vec_cycles_per_repeat[CASC_PLATFORM_VCOSTS];
  unsigned vec_latency[CASC_PLATFORM_VCOSTS];
  unsigned mte2_bytes_per_cycle; /* GM -> UB, per burst */
  unsigned mte2_setup;           /* cycles a transfer holds MTE2 besides */
  unsigned mte2_latency;         /* cycles from leaving MTE2 to completion */
  unsigned mte3_bytes_per_cycle; /* UB -> GM */
  unsigned mte3_setup;
  unsigned mte3_latency;
  /* The cube side (docs/timing.md): M (Mmad), MTE1 (LoadData L1 -> L0A /
   * L0B), FIX (Fixpipe L0C -> GM). */
  unsigned cube_head;                   /* cycles an Mmad holds M besides */
  unsigned cube_cycles_per_fractal;     /* per fractal product, b8 / b16 */
  unsigned cube_f32_cycles_per_fractal; /* per fractal product, f32 */
  unsigned cube_latency;
  unsigned mte1_l0a_bytes_per_cycle; /* L1 -> L0A */
  unsigned mte1_l0b_bytes_per_cycle; /* L1 -> L0B */
  unsigned mte1_bt_bytes_per_cycle;  /* L1 -> BiasTable */
  unsigned mte1_setup;
  unsigned mte1_latency;
  unsigned fix_bytes_per_cycle; /* per C element counted as 2 bytes */
  unsigned fix_setup;
  unsigned fix_latency;
  unsigned set_flag_cycles;  /* SetFlag in its source pipe */
  unsigned wait_flag_cycles; /* WaitFlag in its destination pipe, once set */
  unsigned barrier_cycles;   /* PipeBarrier */
  unsigned min_op_cycles;    /* fewest cycles a V / MTE op holds its pipe */
  unsigned launch_cycles;    /* from the launch until blocks start */
  /* MIX kernels (a cube core and its vector cores; docs/timing.md, "Mix
   * mode and the Matmul object"): estimates, no measurement. */
  unsigned mix_launch_cycles; /* a MIX task's start-up beyond launch_cycles */
  unsigned kfc_msg_cycles;    /* one Matmul call's message round trip */
} casc_platform;

/* The name of vector cost class i ("unary", "binary", ...; docs/timing.md),
 * NULL when i >= CASC_PLATFORM_VCOSTS. */
const char *casc_platform_vcost_name(unsigned i);

/* The built-in description of Ascend910B1 (equal to platform/Ascend910B1.ini;
 * a unit test keeps the two in step). */
void casc_platform_default(casc_platform *p);
/* Parse INI text: starts from the defaults and overrides every key found.
 * Unknown keys are ignored (CANN files have many); malformed lines and bad
 * numbers are located errors. */
bool casc_platform_parse(casc_ctx *ctx, const char *text, size_t len,
                         const char *filename, casc_platform *p);
bool casc_platform_load(casc_ctx *ctx, const char *path, casc_platform *p);

/* ------------------------------------------------------------------------ */
/* Kernel arguments.                                                          */

typedef enum { CASC_ARG_GM, CASC_ARG_SCALAR } casc_arg_kind;

typedef struct {
  casc_arg_kind kind;
  casc_dtype dtype;
  /* CASC_ARG_GM: the caller's buffer of `count` elements of dtype. The
   * kernel reads and writes it in place; it is never accessed outside
   * [data, data + count * size). */
  void *data;
  size_t count;
  /* CASC_ARG_SCALAR: the value (integers in i, floats in f). */
  int64_t i;
  double f;
  /* Optional name used in diagnostics; NULL = the kernel's argument name. */
  const char *name;
} casc_arg;

static inline casc_arg casc_arg_gm(void *data, casc_dtype dt, size_t count) {
  casc_arg a = {CASC_ARG_GM, dt, data, count, 0, 0.0, NULL};
  return a;
}
static inline casc_arg casc_arg_int(casc_dtype dt, int64_t v) {
  casc_arg a = {CASC_ARG_SCALAR, dt, NULL, 0, v, 0.0, NULL};
  return a;
}
static inline casc_arg casc_arg_float(casc_dtype dt, double v) {
  casc_arg a = {CASC_ARG_SCALAR, dt, NULL, 0, 0, v, NULL};
  return a;
}

/* ------------------------------------------------------------------------ */
/* Sanitizer checks. Each issue the simulator reports has one.               */

typedef enum {
  CASC_CHECK_NONE = 0,
  CASC_CHECK_ALLOC_NO_FREE_BUFFER, /* AllocTensor with every buffer held */
  CASC_CHECK_ENQUE_FULL,           /* EnQue past the queue's depth */
  CASC_CHECK_DEQUE_EMPTY,          /* DeQue of an empty queue */
  CASC_CHECK_DOUBLE_FREE,
  CASC_CHECK_WRONG_QUEUE, /* free / enque through another queue */
  CASC_CHECK_FREE_TBUF,   /* FreeTensor of a TBuf tensor */
  CASC_CHECK_USE_AFTER_FREE,
  CASC_CHECK_USE_WHILE_ENQUEUED, /* use between EnQue and DeQue */
  CASC_CHECK_UB_OUT_OF_BOUNDS,
  CASC_CHECK_GM_OUT_OF_BOUNDS,
  CASC_CHECK_UNALIGNED,           /* UB operand not 32-byte aligned */
  CASC_CHECK_PARTIAL_OVERLAP,     /* dst partially overlaps a source */
  CASC_CHECK_UB_CAPACITY,         /* InitBuffer beyond the buffer's size */
  CASC_CHECK_TOO_MANY_BUFFERS,    /* more than 64 buffers in one TPipe */
  CASC_CHECK_EVENT_IDS_EXHAUSTED, /* more than 8 ids of one HardEvent */
  CASC_CHECK_LEAK,                /* buffer held or enqueued at kernel end */
  CASC_CHECK_UNPAIRED_FLAG,       /* set_flag / wait_flag unbalanced */
  CASC_CHECK_UNINIT_READ,         /* warning: never-written UB is read */
  CASC_CHECK_COPY_TRUNCATED,      /* warning: DataCopy size not 32-B multiple */
  CASC_CHECK_BAD_EVENT,           /* event id out of range, bad release */
  CASC_CHECK_BAD_VALUE,           /* bad count/size/length/argument value */
  CASC_CHECK_ARITH,               /* division by zero, overflow in divsi */
  CASC_CHECK_UNSUPPORTED,         /* op or type the simulator cannot run */
  CASC_CHECK_STEP_LIMIT,          /* the block ran more steps than allowed */
  CASC_CHECK_LAUNCH,              /* bad launch: kernel, arguments */
  CASC_CHECK_RACE,                /* timing: UB access of two pipes, no flag */
  CASC_CHECK_PIPE_DEADLOCK,       /* a flag wait that can never end */
  CASC_CHECK_FRACTAL_ALIGN,       /* cube operand off its fractal alignment */
  CASC_CHECK_L0C_UNINIT,          /* L0C read before an Mmad wrote it */
  CASC_CHECK_GM_RACE, /* two blocks access the same GM bytes, one writes */
  CASC_CHECK_ATOMIC,  /* an atomic DMA mode the hardware does not take */
  /* a SyncAll some block never reaches, or a block-flag wait (IBSet,
   * IBWait, WaitPreBlock) no block can satisfy any more */
  CASC_CHECK_BLOCK_DEADLOCK,
  CASC_CHECK_TRAP, /* the kernel called Trap() */
  /* an access of a UB range a CheckLocalMemoryIA register guards */
  CASC_CHECK_LOCAL_MEMORY_IA,
  CASC_CHECK_COUNT_
} casc_sim_check;

/* Short stable name of a check ("use-after-free"), for tests and reports. */
const char *casc_sim_check_name(casc_sim_check c);

typedef struct {
  casc_sim_check check;
  casc_severity sev;
  int block;           /* -1 for launch-level issues */
  const casc_loc *loc; /* the op's location (the user's C line) */
  const char *msg;     /* without the block prefix; context-owned */
} casc_sim_issue;

/* ------------------------------------------------------------------------ */
/* Timing model (docs/timing.md): the scalar unit issues every op in program
 * order to its pipe; pipes run in order and in parallel; queues and
 * set_flag / wait_flag / pipe_barrier make pipes wait for each other. With
 * it runs the race detector (CASC_CHECK_RACE).                              */

typedef enum {
  CASC_SIM_PIPE_S,
  CASC_SIM_PIPE_V,
  CASC_SIM_PIPE_M,
  CASC_SIM_PIPE_MTE1,
  CASC_SIM_PIPE_MTE2,
  CASC_SIM_PIPE_MTE3,
  CASC_SIM_PIPE_FIX,
  CASC_SIM_PIPE_COUNT_
} casc_sim_pipe;

/* "S", "V", "MTE2" ... */
const char *casc_sim_pipe_name(casc_sim_pipe p);

typedef struct {
  uint64_t cycles; /* first issue to the end of the last op of any pipe */
  uint64_t
      busy[CASC_SIM_PIPE_COUNT_];     /* cycles spent executing (not waiting) */
  uint64_t ops[CASC_SIM_PIPE_COUNT_]; /* instructions executed per pipe */
  unsigned core;  /* vector core the launch placed the block on */
  uint64_t start; /* cycle of the launch at which the block starts */
  unsigned races; /* race diagnostics reported for the block */
  bool complete;  /* false: stopped by an error or a deadlock */
} casc_block_timing;

typedef struct {
  bool valid;         /* the launch ran with timing on */
  unsigned clock_mhz; /* the platform's cube_freq */
  uint64_t cycles;    /* the launch: blocks on vector_core_cnt cores */
  double seconds;     /* cycles / clock */
  unsigned nblocks;
  casc_block_timing *blocks; /* per block; ctx arena */
  /* Per pipe: busy cycles of all blocks / cycles of all blocks. */
  double busy_fraction[CASC_SIM_PIPE_COUNT_];
  unsigned races; /* race diagnostics reported (all blocks) */
} casc_timing;

/* What a kernel prints with DumpTensor or printf (docs/simulator.md). The
 * text is what the Ascend C library prints for the call (DumpTensor: its
 * header line and the values; printf: the formatted string), without the
 * block and location, which come as fields. */
typedef struct {
  int block;           /* the block that printed */
  const casc_loc *loc; /* the DumpTensor / printf op */
  const char *text;    /* valid during the call only */
} casc_sim_print;
/* Called after the run, block by block, each block's prints in the order
 * it made them (the same for any thread count). */
typedef void (*casc_sim_print_fn)(const casc_sim_print *p, void *user);
/* Every line of p->text, as
 *   [block 0] file:line:col: DumpTensor: desc=5, ...
 * appended to out, the last line ended with a newline if the text does
 * not end with one. */
void casc_sim_print_format(const casc_sim_print *p, casc_buf *out);
/* A ready-made casc_sim_print_fn: casc_sim_print_format to the FILE *
 * given as user data (NULL = stdout). */
void casc_sim_print_stream(const casc_sim_print *p, void *stream);

typedef struct {
  unsigned threads;              /* 0 = number of online CPUs */
  const casc_platform *platform; /* NULL = casc_platform_default() */
  uint64_t max_steps;            /* per block; 0 = 2^32 (a hang guard) */
  /* The sink of DumpTensor / printf; NULL = they print nothing (as with
   * ASCENDC_DUMP=0), but their operands are still checked. */
  casc_sim_print_fn print;
  void *print_user;
} casc_launch_opts;

typedef struct {
  unsigned errors, warnings; /* counts over all issues */
  unsigned nissues;
  casc_sim_issue *issues; /* block order, then program order; ctx arena */
  unsigned blocks_failed; /* blocks stopped by an error */
  uint64_t steps;         /* interpreted instructions, all blocks */
  double seconds;         /* wall time of the run (not of compilation) */
  casc_timing timing;     /* valid after casc_sim_run_timed */
  bool timed_out;         /* stopped at opts->timeout_seconds */
} casc_launch_result;

typedef enum {
  CASC_LAUNCH_OK = 0,       /* ran; no errors (warnings possible) */
  CASC_LAUNCH_KERNEL_ERROR, /* ran; at least one block reported an error */
  CASC_LAUNCH_BAD_LAUNCH,   /* did not run: bad module, kernel or args */
  CASC_LAUNCH_OUT_OF_MEMORY /* did not run, or its results or diagnostics
                               are incomplete: out of memory (reported) */
} casc_launch_status;

/* ------------------------------------------------------------------------ */
/* Compile once, run many times.                                              */

typedef struct casc_sim_program casc_sim_program;

/* Verify the module and lower function `kernel` (and everything it calls)
 * to a flat program. NULL after located errors. The module must outlive
 * the program (diagnostics point into it). */
casc_sim_program *casc_sim_compile(casc_ctx *ctx, casc_op *module,
                                   const char *kernel);
void casc_sim_program_free(casc_sim_program *p);
/* Kernel parameters: count, IR type and name (NameLoc of the argument, else
 * "arg<i>"), whether it is the trailing ffts_addr argument pyasc adds
 * (filled in automatically when the caller omits it). */
unsigned casc_sim_num_params(const casc_sim_program *p);
casc_type *casc_sim_param_type(const casc_sim_program *p, unsigned i);
const char *casc_sim_param_name(const casc_sim_program *p, unsigned i);
bool casc_sim_param_is_ffts(const casc_sim_program *p, unsigned i);

/* A wall-clock limit for each later launch of p, in seconds (0, the
 * default: none). At the limit, blocks still running stop with an error
 * where they are, blocks not started report that they did not run, and
 * casc_launch_result.timed_out is set. (Without a limit, a block that
 * exceeds max_steps in a kernel reading neither its block index nor scalars
 * from memory still stops every block: each would repeat its loop.) */
void casc_sim_set_time_limit(casc_sim_program *p, double seconds);

/* Run block_dim blocks. Diagnostics go to the program's context (after the
 * run, deterministic order); res (optional) receives the summary. */
casc_launch_status casc_sim_run(casc_sim_program *p, unsigned block_dim,
                                const casc_arg *args, unsigned nargs,
                                const casc_launch_opts *opts,
                                casc_launch_result *res);

/* casc_sim_run with the timing model and the race detector on: res->timing
 * receives the figures (functional results are the same as without).
 * trace (optional) gets a Chrome trace of every block's pipes appended
 * (JSON for chrome://tracing and Perfetto; docs/timing.md). */
casc_launch_status casc_sim_run_timed(casc_sim_program *p, unsigned block_dim,
                                      const casc_arg *args, unsigned nargs,
                                      const casc_launch_opts *opts,
                                      casc_buf *trace, casc_launch_result *res);

/* Whether the simulator runs ops of this kind (with the element types the
 * op's row accepts); an op it does not run is a located "not supported by
 * the simulator" error when a kernel using it is compiled. */
bool casc_sim_runs_op(casc_op_kind kind);
/* Why the simulator does not run ops of this kind (src/sim/
 * sim_unsupported.def), or NULL when it runs them or the kind is unknown.
 * Every kind it does not run has a reason (the op sweep checks it). */
const char *casc_sim_why_not(casc_op_kind kind);

/* compile + run + free. */
casc_launch_status casc_launch(casc_ctx *ctx, casc_op *module,
                               const char *kernel, unsigned block_dim,
                               const casc_arg *args, unsigned nargs,
                               const casc_launch_opts *opts,
                               casc_launch_result *res);

/* ------------------------------------------------------------------------ */
/* NumPy .npy (format 1.0-3.0, little-endian, C order).                       */

#define CASC_NPY_MAX_DIMS 8
typedef struct {
  casc_dtype dtype;
  unsigned ndim;
  size_t shape[CASC_NPY_MAX_DIMS];
  size_t count; /* product of shape */
  void *data;   /* malloc'd, count * size bytes */
} casc_npy;

/* bf16 has no NumPy dtype: casc writes it as raw 16-bit patterns with
 * descr '<V2' and reads '<V2' / '|V2' as bf16 (docs/simulator.md). */
bool casc_npy_read(casc_ctx *ctx, const char *path, casc_npy *out);
bool casc_npy_parse(casc_ctx *ctx, const void *bytes, size_t len,
                    const char *filename, casc_npy *out);
bool casc_npy_write(casc_ctx *ctx, const char *path, const casc_npy *a);
void casc_npy_free(casc_npy *a);

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif
