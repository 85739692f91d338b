/* Internals of the CPU simulator shared by the files of src/sim.
 *
 * Pipeline: lower.c turns the kernel function (with its callees inlined)
 * into a flat array of sim_insn over numbered value slots; launch.c runs
 * block_dim copies of it on a thread pool; interp.c is the per-block loop;
 * queue.c is the TPipe/TQueBind/TBuf state machine and the event pools;
 * mem.c checks and resolves tensor operands (the sanitizer's memory half)
 * and does DataCopy; vec.c / cast.c are the tile kernels; report.c keeps
 * each block's diagnostics until the launch is over. */
#ifndef CASC_SIM_INTERNAL_H
#define CASC_SIM_INTERNAL_H

#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "casc/buf.h"
#include "casc/sim.h"
#include "dialect/ascend_hw.h"
#include "dialect/dialect.h"

/* ---- opcodes --------------------------------------------------------------
 * SIM_NONE (0) marks an op the simulator does not run; the control opcodes
 * come from lowering scf; every other opcode is a handler of
 * sim_handlers.def. */
typedef enum {
  SIM_NONE = 0,
  SIM_HALT,     /* end of the kernel */
  SIM_JMP,      /* pc = imm */
  SIM_JZ,       /* if (!a0) pc = imm */
  SIM_MOV,      /* r = a0 (whole slot) */
  SIM_FOR_TEST, /* if (!(a0 < a1)) pc = imm; signed, width of dt */
  SIM_FOR_STEP, /* r = norm(a0 + a1) */
#define SIM_HANDLER(id) SIM_##id,
#include "sim/sim_handlers.def"
#undef SIM_HANDLER
  SIM_OPC_COUNT_
} sim_opc;

/* ---- element kernels of the vector families (vec_kernels.def) ----------- */
typedef enum {
  SIM_K_NONE = 0,
#define SIM_KBINARY(n, c, f, i) SIM_K_##n,
#define SIM_KBINARY_F(n, c, f) SIM_K_##n,
#define SIM_KBINARY_I(n, c, i) SIM_K_##n,
#define SIM_KUNARY(n, c, f, i) SIM_K_##n,
#define SIM_KUNARY_F(n, c, f) SIM_K_##n,
#define SIM_KUNARY_I(n, c, i) SIM_K_##n,
#define SIM_KREDUCE(n) SIM_K_##n,
#define SIM_KFUSED_F(n, c, f) SIM_K_##n,
#include "sim/vec_kernels.def"
  SIM_K_COUNT_
} sim_kernel_id;

/* The arithmetic of a kernel (the COST column of vec_kernels.def). */
typedef enum {
  SIM_KA_ALU,
  SIM_KA_TRANSC,
  SIM_KA_SQRT,
  SIM_KA_DIV,
  SIM_KA_REDUCE
} sim_karith;

/* The integer element types a kernel has loops for, in this order. */
enum { SIM_KI_I16, SIM_KI_U16, SIM_KI_I32, SIM_KI_U32, SIM_KI_COUNT_ };

/* One element kernel as tile loops: NULL where the kernel has no form for
 * that shape or type. Integer loops take the elements through void
 * pointers of the SIM_KI_* type; the scalar is passed already converted to
 * that type. */
typedef struct {
  const char *name; /* "ADD" */
  void (*f32_bin)(float *d, const float *x, const float *y, int64_t n);
  void (*f32_sca)(float *d, const float *x, float c, int64_t n);
  void (*f32_un)(float *d, const float *x, int64_t n);
  void (*i_bin[SIM_KI_COUNT_])(void *d, const void *x, const void *y,
                               int64_t n);
  void (*i_sca[SIM_KI_COUNT_])(void *d, const void *x, int64_t c, int64_t n);
  void (*i_un[SIM_KI_COUNT_])(void *d, const void *x, int64_t n);
  /* a fused kernel: d = f(x, y, d), the binary shape reading dst too */
  void (*f32_fus)(float *d, const float *x, const float *y, int64_t n);
  bool reduce;   /* SUM / MAX / MIN: vec.c reduces */
  uint8_t arith; /* sim_karith: the COST column, for the timing model */
} sim_vkernel;

/* The kernel of id (NULL for SIM_K_NONE or out of range). */
const sim_vkernel *sim_vkernel_get(unsigned id);
/* SIM_KI_* index of an integer element type, or -1. */
int sim_vkernel_int_index(unsigned dt);
/* True if kernel k has a loop of shape opc (SIM_VEC_BINARY / _SCALAR /
 * _UNARY / _REDUCE) for element type dt. */
bool sim_vkernel_supports(const sim_vkernel *k, unsigned opc, unsigned dt);
/* True if kernel k reads dst's value as an input (SIM_KFUSED_F). */
static inline bool sim_vkernel_reads_dst(const sim_vkernel *k) {
  return k && k->f32_fus;
}

/* ---- the op table as the simulator sees it -------------------------------
 * The handler and kernel of each op kind, derived from the CLASS and SIM
 * columns of ops.def. */
typedef struct {
  uint16_t opc;     /* SIM_NONE: not simulated */
  uint8_t kern;     /* sim_kernel_id of a vector family, else SIM_K_NONE */
  bool need_kernel; /* a vector family handler: SIM_K_NONE means not run */
} sim_row;
const sim_row *sim_row_of(casc_op_kind kind);

/* ---- slots ----------------------------------------------------------------
 */
/* A tensor, memref or global-tensor value. Local: off/len are bytes in the
 * physical pool; buf is the pipe buffer it came from (-1 for tensors built
 * from an address, SIM_BUF_UNSET for a default-constructed one), gen the
 * buffer's generation when it was handed out. Global/memref: buf is the
 * kernel argument, off the byte offset in it, len the byte length set by
 * SetGlobalBuffer (-1 = up to the end of the argument). */
#define SIM_BUF_UNSET (-2)
typedef struct {
  int64_t off;
  int64_t len;
  int16_t buf;
  uint8_t pool;
  /* 1: TBuf.AllocTensor gave it, so FreeTensor on that TBuf is the
   * library's no-op (queue.c) */
  uint8_t tbuf_alloc;
  uint32_t gen;
} sim_tensor;

typedef union {
  int64_t i; /* integers: normalised to their type (see sim_norm) */
  double f;  /* floats: exactly representable in their type */
  sim_tensor t;
} sim_slot;

/* Physical memories (docs/ascendc-facts.md §3: one bump pointer per pool), the
 * local memories of ascend_hw.h by their numbers. */
typedef enum {
  SIM_POOL_UB = CASC_HW_MEM_UB,
  SIM_POOL_L1 = CASC_HW_MEM_L1,
  SIM_POOL_L0A = CASC_HW_MEM_L0A,
  SIM_POOL_L0B = CASC_HW_MEM_L0B,
  SIM_POOL_L0C = CASC_HW_MEM_L0C,
  SIM_POOL_BT = CASC_HW_MEM_BIAS,
  SIM_POOL_FB = CASC_HW_MEM_FIXBUF,
  SIM_POOL_COUNT_ = CASC_HW_MEM_LOCAL_COUNT_
} sim_pool;

/* ---- program --------------------------------------------------------------
 */
#define SIM_MAX_ARGS 22 /* LoadData3DParamsV2 has 22 fields */
typedef struct {
  uint16_t opc;
  uint8_t dt;   /* result type, else operand 0's (element) type */
  uint8_t dt2;  /* operand 0's (element) type */
  uint8_t dt3;  /* operand 1's (element) type */
  uint8_t pipe; /* casc_hw_pipe the op is issued to (timing hook, issue 7) */
  uint8_t nargs;
  uint8_t kern;   /* sim_kernel_id (vector families) */
  uint8_t vflags; /* SIM_VF_*: the op's use of the vector mask register */
  /* Added to an operand index to name it in messages: an op whose operand
   * list does not fit a[] (TransDataTo5HD's 33) checks its tensors through
   * copies of its instruction with a[0] / a[1] pointed at each. */
  uint8_t opnd_base;
  uint32_t r; /* result slot (0 = none; slot 0 is reserved) */
  uint32_t a[SIM_MAX_ARGS];
  int64_t imm, imm2;
  const casc_op *op; /* for locations, operand names and messages */
} sim_insn;

/* sim_insn.vflags (vec_mask.c). MASK_REG: a level-0/1 op built with
 * isSetMask = false, which runs with the mask register's mask (normal
 * mode) or element count (counter mode). L2_RESETS: a level-2 vector op,
 * which leaves the register in normal mode with every bit set, as the
 * library's level-2 implementations do. */
enum { SIM_VF_MASK_REG = 1, SIM_VF_L2_RESETS = 2 };

typedef struct sim_workspace sim_workspace;

struct casc_sim_program {
  casc_ctx *ctx;
  casc_op *module, *func;
  sim_insn *code;
  unsigned ncode;
  sim_slot *init; /* initial slot image: constants are written here */
  unsigned nslots;
  unsigned nparams;
  casc_type **ptypes;
  const char **pnames;
  bool *pffts;
  uint32_t *pslots;
  unsigned nqueue_ops; /* ops creating queues: bounds per-block queue table */
  bool mix; /* a MIX kernel: the module says asc.compile_mix, or the kernel
               has Matmul or mix-mode rows (timing: mix_launch_cycles) */
  double time_limit; /* seconds per launch, 0 = none (launch.c) */
  /* Workspaces of earlier launches, reused by the next (launch.c). */
  pthread_mutex_t ws_lock;
  sim_workspace *ws_idle;
};
/* Free the program's idle workspaces (casc_sim_program_free). */
void sim_ws_cache_free(casc_sim_program *p);

/* ---- runtime --------------------------------------------------------------
 */
#define SIM_MAX_BUFFERS CASC_HW_MAX_BUFFERS /* QBUF_MAX_LEN */
#define SIM_MAX_QUEUES 256
#define SIM_MAX_DEPTH 64
#define SIM_NUM_EVENTS CASC_HW_EV_COUNT_ /* HardEvent values 0..34 */
#define SIM_EVENT_IDS CASC_HW_EVENT_IDS  /* QUE_MAX_EVENT on arch 2201 */

typedef enum {
  SIM_BUF_FREE,
  SIM_BUF_ALLOCATED,
  SIM_BUF_ENQUEUED,
  SIM_BUF_DEQUEUED
} sim_buf_state;

typedef struct {
  int queue;
  uint32_t addr, len;
  uint8_t state;
  int8_t enq_id, free_id; /* event ids held by this buffer, -1 = none */
  uint32_t gen;
  const casc_op *alloc_op; /* the op that handed it out last */
  const casc_op *free_op;  /* the last FreeTensor of it */
  /* SetUserTag's tag, kept with the buffer as the library keeps it in the
   * buffer's handle (tensor_tag.c) */
  int32_t user_tag;
  bool tag_set;
} sim_buffer;

typedef enum { SIM_Q_QUEUE, SIM_Q_BIND, SIM_Q_TBUF } sim_qkind;

typedef struct {
  const casc_op *decl;
  uint8_t kind, src, dst, pool;
  int depth;
  int ordinal;
  bool inited;
  int first, num; /* buffers [first, first + num) of the pipe */
  uint32_t len;
  int cursor, used, buf_used, head, tail;
  int16_t ring[SIM_MAX_DEPTH];
  int enq_evt, free_evt; /* HardEvent values, -1 = none */
  int8_t bufpool; /* the TBufPool its buffers came from + 1; 0: the TPipe */
} sim_queue;

/* A TBufPool (sim_bufpool.c): bytes [start, start + len) of a memory of
 * the TPipe, handed out from top. */
#define SIM_MAX_BUFPOOLS 16
typedef struct {
  const casc_op *decl;
  uint8_t pool;     /* sim_pool of its TPosition */
  uint8_t max_bufs; /* bufIDSize: buffers it may manage (0: unchecked) */
  uint8_t nbufs;    /* buffers it manages now */
  bool inited;      /* InitBufPool gave it memory */
  int8_t parent;    /* the pool it was carved from, -1: the TPipe */
  uint32_t start, len, top;
} sim_bufpool;

/* GM buffers of at least this many bytes are written with streaming
 * (non-temporal) stores: like the NPU's DMA, a UB->GM copy then does not
 * first read every destination line into a core's cache. Smaller buffers
 * are written through the cache, where the host will find them. */
#define SIM_GM_STREAM_MIN ((int64_t)8 << 20)

typedef struct {
  const char *name;
  uint8_t *base;
  int64_t bytes;
  casc_dtype dtype;
  bool stream; /* bytes >= SIM_GM_STREAM_MIN */
} sim_gm;

/* Stopping a launch early (launch.c): its wall-clock limit passed, or one
 * block ran out of steps in a kernel every block runs alike (one that reads
 * neither its block index nor scalars from memory), so that the others
 * would only repeat the same endless loop. Set once; blocks look at it
 * every SIM_STOP_INTERVAL steps and before they start. */
typedef enum {
  SIM_STOP_NONE,
  SIM_STOP_TIMEOUT,
  SIM_STOP_STEPS
} sim_stop_reason;
typedef struct {
  _Atomic int reason;    /* sim_stop_reason */
  pthread_mutex_t lock;  /* orders the writes of block and op below */
  int block;             /* SIM_STOP_STEPS: the block out of steps */
  const casc_op *op;     /* and the jump where it was */
  double deadline;       /* CLOCK_MONOTONIC seconds; 0 = no limit */
  double timeout;        /* the limit, for messages */
  bool blocks_run_alike; /* no block-dependent control (see above) */
} sim_stop;
#define SIM_STOP_INTERVAL ((uint64_t)1 << 20)

typedef struct {
  const casc_sim_program *prog;
  const casc_platform *plat;
  unsigned block_dim;
  sim_gm *gm; /* per kernel parameter (base NULL for scalars) */
  uint64_t max_steps;
  const sim_slot *init; /* slot image with the arguments filled in */
  bool timing;          /* run the timing model (timing.c) */
  bool trace;           /* and keep every block's slices for the trace */
  sim_stop *stop;
  casc_sim_print_fn print; /* DumpTensor / printf sink; NULL = none */
  void *print_user;
  /* SyncAll across the blocks (sync_all.c); NULL when the kernel has none */
  struct sim_xsync *xsync;
} sim_launch;

typedef struct {
  const casc_loc *loc;
  char *msg;
} sim_note;

#define SIM_MAX_NOTES 4
typedef struct {
  casc_sim_check check;
  casc_severity sev;
  const casc_op *op;
  const casc_loc *loc;
  char *msg;
  unsigned nnotes;
  sim_note notes[SIM_MAX_NOTES];
} sim_issue;

typedef struct {
  sim_issue *items;
  unsigned n, cap;
} sim_issue_list;

typedef struct sim_timing sim_timing;

/* One GM byte range a block read or wrote (gm_race.c). */
typedef struct {
  int64_t lo, hi; /* bytes of kernel argument buf */
  const casc_op *op;
  int32_t buf;
  bool write;
  /* An atomic DMA write (SetAtomicAdd/Max/Min on): atomic writes of two
   * blocks do not race each other (atomic.c). */
  bool atomic;
  /* SyncAlls the block had passed (sync_all.c): accesses of different
   * epochs are ordered by the SyncAll between them. */
  uint32_t epoch;
  /* The block's flag operations before it (block_flags.c): accesses that
   * the block flags order are not compared. */
  uint32_t seg;
} sim_gm_acc;
/* Slots of the cache that finds an instruction's latest record. */
#define SIM_GM_ACC_CACHE 64
typedef struct {
  sim_gm_acc *items;
  unsigned n, cap;
  bool overflow; /* out of memory: the block's record is incomplete */
  /* Per (instruction, direction) hash slot: the instruction and the index
   * of its latest record, which its next access extends when they touch. */
  const sim_insn *cache_in[SIM_GM_ACC_CACHE];
  unsigned cache_idx[SIM_GM_ACC_CACHE];
} sim_gm_acc_list;

/* pipe_wait.c: the pipes' side of SetFlag / WaitFlag, without the timing
 * model. Pipes are casc_hw_pipe values below SIM_SYNC_PIPES. */
#define SIM_SYNC_PIPES (CASC_PIPE_FIX + 1)
#define SIM_SYNC_KEPT 64 /* flag operations kept behind a held pipe's wait */
typedef struct {
  const casc_op *op;   /* the op that made it (a queue op for its flags) */
  const casc_op *loop; /* a wait's innermost scf.for, NULL: unknown */
  int64_t iter;        /* the loop's iteration at the wait, -1: unknown */
  int16_t evt;
  int8_t id;
  bool set;
} sim_sync_rec;
typedef struct {
  bool held;         /* a wait whose flag is not set holds the pipe */
  sim_sync_rec wait; /* that wait */
  uint32_t since;    /* when it began (sim_sync.order) */
  unsigned n;        /* flag operations issued to the pipe since, in order */
  sim_sync_rec kept[SIM_SYNC_KEPT];
} sim_pipe_wait;
typedef struct {
  sim_pipe_wait pipe[SIM_SYNC_PIPES];
  uint8_t fired[SIM_NUM_EVENTS]; /* per HardEvent: ids whose flag is set */
  uint32_t order;
  unsigned nheld; /* pipes held now */
  bool gave_up;   /* too many kept operations: no longer followed */
  /* casc_hw_event_src_pipe / _dst_pipe per HardEvent, filled once */
  bool pipes_known;
  uint8_t src_pipe[SIM_NUM_EVENTS], dst_pipe[SIM_NUM_EVENTS];
} sim_sync;
/* What a block printed (DumpTensor / printf, print.c), kept until the
 * launch hands it to the sink in block order. */
typedef struct {
  const casc_loc *loc;
  char *text;
} sim_print;
typedef struct {
  sim_print *items;
  unsigned n, cap;
} sim_print_list;

/* The CMPMASK register: 128 bits, one repeat of half (vec_cmpmask.c). */
#define SIM_CMPMASK_BYTES 16
/* The vector unit's mask register and mask mode (vec_mask.c): normal mode
 * reads (hi, lo) as the 128-bit element set of every repeat, counter mode
 * reads lo as the element count of the whole op. */
typedef struct {
  bool counter;
  uint64_t hi, lo;
} sim_vmask;

/* A ShapeInfo (shape_info.c): the struct's fields as the reference lists
 * them (shapeDim, originalShapeDim, shape[K_MAX_DIM], originalShape[],
 * dataFormat). A ShapeInfo value is the index of the first of
 * SIM_SHAPE_REC_SLOTS slots that hold one; set and gen are used where a
 * tensor keeps one (its buffer's or GM argument's record). */
#define SIM_SHAPE_MAX_DIM 8 /* the reference's K_MAX_DIM */
#define SIM_SHAPE_GM_ARGS 32
typedef struct {
  uint8_t set, dim, odim, fmt;
  uint32_t gen; /* the buffer generation SetShapeInfo saw (local tensors) */
  uint32_t shape[SIM_SHAPE_MAX_DIM], orig[SIM_SHAPE_MAX_DIM];
} sim_shape_rec;
#define SIM_SHAPE_REC_SLOTS 3
/* A ListTensorDesc / TensorDesc (tensor_desc.c): a record in this many
 * slots of the op that constructs it. */
#define SIM_DESC_REC_SLOTS 4

/* aipp.c: the AIPP configuration SetAippFunctions set in this block (the
 * source image planes and AippParams, its fields in the types of the
 * reference's structs), which LoadImageToLocal applies. */
typedef struct {
  bool set;
  uint8_t format; /* AscendC::AippInputFormat */
  uint8_t out_dt; /* casc_dtype of AippParams<U>: int8 or half */
  bool swap_rb, swap_uv, swap_ax, single_line, csc;
  const casc_op *from; /* the SetAippFunctions */
  sim_tensor src[2];   /* src0; src1 (YUV420SP's UV plane) */
  int64_t pad_mode, mean[3], round_mode, cpad_mode;
  double pad_val[4], min[3], var[3], cpad_val;
} sim_aipp;

/* The block's environment registers (sys_env.c): MOV_PAD_VAL, which
 * DataCopyPad pads GM -> UB blocks from (SetPadValue writes it, and so does
 * a DataCopyPad with isPad); the system workspace pointer (SetSysWorkspace /
 * GetSysWorkSpacePtr); and the four CheckLocalMemoryIA exception registers,
 * each guarding the UB bytes [lo, hi) (the reference's (startAddr, endAddr] in
 * bytes) against the kinds of access in `kinds` (SIM_IA_*). */
#define SIM_IA_REGS 4
enum {
  SIM_IA_SCALAR_READ = 1,
  SIM_IA_SCALAR_WRITE = 2,
  SIM_IA_VECTOR_READ = 4,
  SIM_IA_VECTOR_WRITE = 8,
  SIM_IA_MTE_READ = 16,
  SIM_IA_MTE_WRITE = 32
};
typedef struct {
  bool on;
  uint8_t kinds;
  int64_t lo, hi;
  const casc_op *from;
} sim_ia_reg;
typedef struct {
  bool pad_set;
  uint8_t pad_dt; /* the type whose bits pad_bits holds */
  uint64_t pad_bits;
  const casc_op *pad_from;
  bool ws_set;
  sim_tensor ws;
  const casc_op *ws_from;
  bool ia_any; /* some register is on: UB accesses are checked */
  sim_ia_reg ia[SIM_IA_REGS];
} sim_env;

#define SIM_XFLAGS 16 /* cross-core flag ids (FftsCrossCoreSync: 4 bits) */

/* The Load3D control registers of a block (cube_load3d_regs.c): FMATRIX
 * (l1H, l1W, padList: SetFmatrix, or Load3Dv2 itself with the default
 * IsResetLoad3dConfig), the padding value (SetLoadDataPaddingValue, or
 * Load3Dv2), the repeat (SetLoadDataRepeat) and the L1 boundary
 * (SetLoadDataBoundary); Load3Dv2Pro has no fields for the first two and
 * reads them here. `*_set`: written since the block began. */
typedef struct {
  bool fm_set, pad_set;
  uint16_t l1h, l1w;
  uint8_t pad_list[4]; /* left, right, top, bottom */
  uint64_t pad;        /* the padding register's bits */
  uint16_t rpt_stride;
  uint8_t rpt_time, rpt_mode;
  uint32_t boundary; /* bytes from L1's start; 0: none */
  const casc_op *boundary_op;
} sim_load3d_regs;

typedef struct sim_block {
  const sim_launch *L;
  sim_timing *tm; /* the timing model's state; NULL when timing is off */
  int idx;
  sim_slot *slots;
  uint8_t *mem[SIM_POOL_COUNT_]; /* UB and the cube's memories (cube_mem.c);
                                    NULL for the Fixpipe buffer */
  /* The cube memories' written-blocks shadow: bit k of cw[pool] is set when
   * the kernel has written 32-byte block k of that pool (cube_mem.c). */
  uint64_t *cw[SIM_POOL_COUNT_];
  /* Mmad's scratch (cube_mem.c): the f32 value of every f16 bit pattern
   * (SIM_F16_TABLE_BYTES), then its unpacked operands, 4 bytes an element,
   * room for all of L0A and L0B at one element per byte. */
  uint8_t *mm_scratch;
  /* The index LoadDataWithSparse loads beside L0B (cube_sparse.c): per
   * L0B byte the 2-bit index of that dense value, SIM_SP_IDX_NONE where no
   * index was loaded; sp_idx_used: a block reset has some to clear. */
  uint8_t *sp_idx;
  bool sp_idx_used;
  /* Which UB bytes the kernel has written (the uninit-read check): two
   * bits per 32-byte block, and a byte map used only inside blocks that
   * are partly written. See sim_mark_written / sim_check_init. */
  uint64_t *wfull;   /* bit k: block k is entirely written */
  uint64_t *wpart;   /* bit k: block k is partly written (wbyte is valid) */
  uint8_t *wbyte;    /* per byte: 1 = written; only inside wpart blocks */
  uint32_t ub_words; /* 64-bit words of wfull / wpart */
  uint32_t pool_size[SIM_POOL_COUNT_];
  /* TPipe state */
  bool pipe_alive;
  const casc_op *pipe_op;
  uint32_t pool_top[SIM_POOL_COUNT_];
  sim_buffer bufs[SIM_MAX_BUFFERS];
  int nbufs;
  sim_queue *queues; /* SIM_MAX_QUEUES */
  int nqueues;
  uint8_t evt_mask[SIM_NUM_EVENTS]; /* ids in use, per HardEvent */
  int16_t flag_bal[SIM_NUM_EVENTS][SIM_EVENT_IDS]; /* set - wait */
  const casc_op *flag_op[SIM_NUM_EVENTS][SIM_EVENT_IDS];
  sim_sync sync;   /* which pipe a wait holds (pipe_wait.c) */
  sim_vmask vmask; /* SetMaskCount / SetVectorMask state (vec_mask.c) */
  /* The DEQSCALE register (SetDeqScale; vec_bin_cast.c): set = written
   * since the kernel began; scale (half for AddDeqRelu, or CastDeq's
   * float), offset and signMode of CastDeq's form. */
  struct {
    bool set, half_form;
    double scale;
    int16_t offset;
    bool sign;
  } deq;
  uint8_t xflag[SIM_XFLAGS]; /* cross-core flags set and not waited (mix.c) */
  /* outcome */
  sim_issue_list issues;
  sim_gm_acc_list gm_acc; /* the GM ranges it read and wrote */
  sim_print_list prints;  /* only with a print sink (L->print) */
  bool failed;
  uint64_t steps;
  /* atomic.c: the DMA atomic mode (SetAtomicAdd/Max/Min/None/Type,
   * SetStoreAtomicConfig) that UB -> GM copies apply, and the op that set
   * it; sync_all.c: the SyncAlls this block has passed. Reset per block by
   * sim_sys_block_begin. */
  uint8_t atomic_op; /* sim_atomic_op */
  uint8_t atomic_dt; /* casc_dtype the accumulation reads GM as */
  const casc_op *atomic_from;
  uint32_t epoch;
  /* The CMPMASK register (vec_cmpmask.c): its bits, and whether a Compare
   * (register form) or SetCmpMask has written it in this block. */
  uint8_t cmpmask[SIM_CMPMASK_BYTES];
  bool cmpmask_set;
  /* The fixpipe's scalar quantisation parameter (SetFixpipePreQuantFlag,
   * read by DataCopy CO1 -> GM / A1; cube_forms.c), and whether this block
   * has set it. */
  uint64_t fix_quant;
  bool fix_quant_set;
  /* The structures MrgSort took from each of its four lists the last time
   * it ran in this block, which GetMrgSortResult reads (vec_mrgsort.c). */
  uint16_t mrg_taken[4];
  /* The elements the last GatherMask kept (GetGatherMaskRemainCount). */
  int64_t gather_mask_cnt;
  /* sim_bufpool.c: the TBufPool objects; carve >= 0 while InitBuffer of
   * that pool runs (queue.c's reserve takes its memory from it). */
  sim_bufpool bufpools[SIM_MAX_BUFPOOLS];
  int nbufpools;
  int8_t carve;
  /* block_flags.c: the block's flag operations so far (the segment its GM
   * accesses are recorded in); reset by sim_sys_block_begin. */
  uint32_t bf_seg;
  /* shape_info.c: the ShapeInfo SetShapeInfo gave each buffer (with the
   * buffer's generation) and each GM kernel argument; reset per block. */
  sim_shape_rec buf_shape[SIM_MAX_BUFFERS];
  sim_shape_rec gm_shape[SIM_SHAPE_GM_ARGS];
  /* aipp.c: reset per block by sim_aipp_block_begin */
  sim_aipp aipp;
  /* sys_env.c; zeroed per block by launch.c */
  sim_env env;
  sim_load3d_regs l3d;
} sim_block;

/* ---- helpers --------------------------------------------------------------
 */

/* Normalise an integer to its type: unsigned and i1 zero-extended, others
 * sign-extended from their width. */
static inline int64_t sim_norm(int64_t v, unsigned dt) {
  switch (dt) {
  case CASC_DT_BOOL:
    return v & 1;
  case CASC_DT_I8:
    return (int8_t)v;
  case CASC_DT_I16:
    return (int16_t)v;
  case CASC_DT_I32:
    return (int32_t)v;
  case CASC_DT_U8:
    return (uint8_t)v;
  case CASC_DT_U16:
    return (uint16_t)v;
  case CASC_DT_U32:
    return (uint32_t)v;
  default:
    return v;
  }
}
/* Signed / unsigned reading of a normalised integer of type dt. */
static inline int64_t sim_sext(int64_t v, unsigned dt) {
  switch (dt) {
  case CASC_DT_BOOL:
    return (v & 1) ? -1 : 0;
  case CASC_DT_I8:
  case CASC_DT_U8:
    return (int8_t)v;
  case CASC_DT_I16:
  case CASC_DT_U16:
    return (int16_t)v;
  case CASC_DT_I32:
  case CASC_DT_U32:
    return (int32_t)v;
  default:
    return v;
  }
}
static inline uint64_t sim_zext(int64_t v, unsigned dt) {
  switch (dt) {
  case CASC_DT_BOOL:
    return (uint64_t)v & 1;
  case CASC_DT_I8:
  case CASC_DT_U8:
    return (uint8_t)v;
  case CASC_DT_I16:
  case CASC_DT_U16:
    return (uint16_t)v;
  case CASC_DT_I32:
  case CASC_DT_U32:
    return (uint32_t)v;
  default:
    return (uint64_t)v;
  }
}
static inline bool sim_dt_is_float(unsigned dt) {
  return dt == CASC_DT_F16 || dt == CASC_DT_BF16 || dt == CASC_DT_F32 ||
         dt == CASC_DT_F64;
}
static inline bool sim_dt_is_unsigned(unsigned dt) {
  return dt == CASC_DT_U8 || dt == CASC_DT_U16 || dt == CASC_DT_U32 ||
         dt == CASC_DT_U64 || dt == CASC_DT_BOOL;
}
/* Round a double to the float type dt (RNE). */
double sim_fround(double v, unsigned dt);

/* Element load/store as double / int64 (any dtype), for scalar paths. */
double sim_load_f(const void *p, unsigned dt);
int64_t sim_load_i(const void *p, unsigned dt);
void sim_store_f(void *p, unsigned dt, double v);
void sim_store_i(void *p, unsigned dt, int64_t v);

/* report.c */
sim_issue *sim_report(sim_block *b, casc_sim_check c, casc_severity sev,
                      const casc_op *op, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* An error at in's op, its message prefixed with the op's API name
 * ("Fixpipe: ..."); false, for `return sim_fail(...)`. */
bool sim_fail(sim_block *b, const sim_insn *in, casc_sim_check c,
              const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void sim_note_add(sim_issue *is, const casc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void sim_issue_list_free(sim_issue_list *l);
/* issue_merge.c: whether two blocks' issues are reported as one diagnostic
 * (equal but for the figures in their messages), and a hash that agrees. */
bool sim_issue_mergeable(const sim_issue *a, const sim_issue *b);
uint64_t sim_issue_merge_hash(const sim_issue *is);
/* Name of an op's operand from the op table ("src0"), or "operand N". */
const char *sim_operand_name(const casc_op *op, unsigned i, char *buf,
                             unsigned n);
/* API name of an op ("FreeTensor") or its IR name. */
const char *sim_api_name(const casc_op *op);

/* queue.c */
void sim_pipe_reset_state(sim_block *b);
bool sim_exec_framework(sim_block *b, const sim_insn *in);
void sim_end_of_kernel(sim_block *b);
/* "queue #2 <vecin, 2>" into buf. */
const char *sim_queue_desc(const sim_queue *q, char *buf, unsigned n);
sim_pool sim_pool_of_pos(int pos);

/* sim_bufpool.c: TBufPool. exec runs the constructor, the two
 * InitBufPools and Reset; queue.c runs TBufPool::InitBuffer, between
 * carve_begin (checks, then b->carve) and resetting b->carve to -1, with
 * reserve asking span for the room, overflow for the error and took to
 * record what it took. */
bool sim_exec_bufpool(sim_block *b, const sim_insn *in);
bool sim_bufpool_carve_begin(sim_block *b, const sim_insn *in,
                             const sim_queue *q, int64_t num);
void sim_bufpool_span(const sim_block *b, int64_t *start, int64_t *limit);
void sim_bufpool_overflow(sim_block *b, const sim_insn *in, const sim_queue *q,
                          int num, int64_t len, int64_t start, int64_t end);
void sim_bufpool_took(sim_block *b, sim_queue *q, int64_t end, int num);

/* Field i of the struct operand opnd (ascendc.construct keeps each field
 * in a slot of its own; the struct's value is the first one's index). */
/* A local array's value (memref.c): a sim_tensor with this buf, off its
 * first element's slot and len its element count. */
#define SIM_BUF_LOCAL_ARRAY (-3)

static inline int64_t sim_field(const sim_block *b, const sim_insn *in,
                                unsigned opnd, unsigned i) {
  return b->slots[b->slots[in->a[opnd]].i + i].i;
}

/* gm_race.c: record a GM access; after the launch, report overlaps
 * between blocks where one side writes (false: the records were incomplete
 * for want of memory). */
void sim_gm_record(sim_block *b, const sim_insn *in, int buf, int64_t lo,
                   int64_t bytes, bool write);
void sim_gm_acc_list_free(sim_gm_acc_list *l);
bool sim_gm_check_races(const sim_launch *L, sim_gm_acc_list *accs,
                        sim_issue_list *lists, bool *failed, unsigned nblocks);

/* pipe_wait.c: a SetFlag / WaitFlag (the user's, or one a queue operation
 * makes) issued by `in`. False after reporting a wait that can never end
 * (the block stops). */
void sim_sync_reset(sim_block *b);
bool sim_sync_flag(sim_block *b, const sim_insn *in, int evt, int id, bool set);
/* The scalar unit waits for every pipe (PipeBarrier<PIPE_ALL>, TPipe
 * Reset / Destroy): false after reporting a pipe that is held for good. */
bool sim_sync_scalar_waits(sim_block *b, const sim_insn *in);
/* At kernel end: false after reporting a pipe still held, whose wait is
 * for evt / id. */
bool sim_sync_kernel_end(sim_block *b, int *evt, int *id);

/* mem.c */
/* Resolve local tensor operand `opnd` of in for an access of `bytes` bytes
 * at byte_off from its start: checks the buffer's state (freed, enqueued),
 * the tensor's and the UB's bounds and, with align32, the 32-byte rule.
 * Returns the host pointer, or NULL after reporting. */
uint8_t *sim_local_access(sim_block *b, const sim_insn *in, unsigned opnd,
                          int64_t byte_off, int64_t bytes, bool align32);
/* Same for GM: checks the range against the kernel argument. */
uint8_t *sim_global_access(sim_block *b, const sim_insn *in, unsigned opnd,
                           int64_t byte_off, int64_t bytes, bool write);
/* The written-bytes shadow of UB. A block starts with no 32-byte block
 * written; the UB memory of an unwritten block is stale (left by the
 * previous block on this worker), not yet the deterministic garbage it
 * stands for: sim_check_init puts the garbage there before anything reads
 * it, and sim_mark_written puts it into the unwritten rest of a block that
 * becomes partly written. Hence the rule for every op: call sim_check_init
 * on every UB range before reading it, and sim_mark_written on every UB
 * range after writing it. Both cost per op (a 16 KiB tile is 512 bits, eight
 * words), never a pass over the bytes. */
/* Warn (once per op and block) if UB bytes [p, p+bytes) were never
 * written; make the never-written ones hold the UB's initial garbage. */
void sim_check_init(sim_block *b, const sim_insn *in, unsigned opnd,
                    const uint8_t *p, int64_t bytes);
/* Record that UB bytes [p, p+bytes) have been written. */
void sim_mark_written(sim_block *b, const uint8_t *p, int64_t bytes);
/* The initial (never-written) content of UB byte `offset`. */
uint8_t sim_ub_initial_byte(uint32_t offset);
/* sim_local_access for ops that may touch other local memories than UB:
 * pools is a mask of (1u << sim_pool) the operand may be in, align the
 * byte alignment its address needs (1 = none). *pool receives its pool. */
uint8_t *sim_local_access_in(sim_block *b, const sim_insn *in, unsigned opnd,
                             int64_t byte_off, int64_t bytes, unsigned align,
                             unsigned pools, sim_pool *pool);
/* Where pool p starts in the one address space the race detector and the
 * timing model see: the local memories one after another, UB first. */
static inline int64_t sim_pool_base(const uint32_t *pool_size, unsigned p) {
  int64_t base = 0;
  for (unsigned i = 0; i < p && i < SIM_POOL_COUNT_; i++)
    base += pool_size[i];
  return base;
}
/* Report partial overlap of operands d and s (100 % overlap is allowed). */
bool sim_check_overlap(sim_block *b, const sim_insn *in, unsigned d,
                       const uint8_t *dp, int64_t dbytes, unsigned s,
                       const uint8_t *sp, int64_t sbytes);
bool sim_exec_memory(sim_block *b, const sim_insn *in);

/* vec.c / vec_repeat.c / cast.c */
bool sim_exec_vector(sim_block *b, const sim_insn *in);
bool sim_exec_vector_repeat(sim_block *b, const sim_insn *in);
/* Level-0/1 helpers (vec_repeat.c), shared by every repeat-form handler.
 * Byte offset of element e of repeat r of an operand whose blocks are
 * `blk` and repeats `rep` 32-byte blocks apart. */
int64_t sim_rep_elem_off(int64_t r, int64_t e, int64_t blk, int64_t rep,
                         unsigned es);
/* Bytes an operand spans over `repeats` repeats of elements 0..last_e. */
int64_t sim_rep_extent(int64_t repeats, int64_t last_e, int64_t blk,
                       int64_t rep, unsigned es);
/* Integer operand i of a repeat form: 8-bit ones read as unsigned (the
 * C++ parameters are uint8_t; pyasc types some of them int8). */
int64_t sim_rep_operand(const sim_block *b, const sim_insn *in, unsigned i);
/* repeatTimes in 0..max, else a located error. */
bool sim_rep_times(sim_block *b, const sim_insn *in, int64_t repeats,
                   int64_t max);
/* The elements of a repeat the mask operands [mask0, mask0 + nmask) select
 * (a count, or with bitmask the mask array), as a 128-bit set; a located
 * error for a count out of range, a mask wider than the dtype, none. */
bool sim_rep_mask(sim_block *b, const sim_insn *in, unsigned dt, unsigned mask0,
                  unsigned nmask, bool bitmask, uint64_t sel[2]);
/* The last element the set selects. */
int64_t sim_rep_last_elem(const uint64_t sel[2]);

/* ---- the mask register (vec_mask.c) ---- */
/* Kernel start: normal mode, every bit set (the library's entry code). */
void sim_vmask_reset(sim_block *b);
/* SetMaskCount, SetMaskNorm, ResetMask, SetVectorMask. */
bool sim_exec_vmask(sim_block *b, const sim_insn *in);
/* The register's normal-mode mask for an op of `lanes` elements a repeat
 * (maskHigh ignored for 32-bit types); an error when it selects none. */
bool sim_vmask_sel(sim_block *b, const sim_insn *in, int64_t lanes,
                   uint64_t sel[2]);
/* How a level-0/1 elementwise op runs: `repeats` repeats; in normal mode
 * each selects `sel`, in counter mode (count >= 0) repeat r selects its
 * first min(lanes, count - r * lanes) elements. */
typedef struct {
  int64_t repeats;
  uint64_t sel[2];
  int64_t count; /* -1 in normal mode */
  int64_t lanes; /* elements of a repeat: 256 bytes of the type */
} sim_rep_plan;
/* The plan of op `in` of element type dt: from its own mask operands and
 * repeat operand rep_i (isSetMask = true, which also writes the register),
 * or from the register (SIM_VF_MASK_REG). False after a located error. */
bool sim_rep_plan_of(sim_block *b, const sim_insn *in, unsigned dt,
                     unsigned mask0, unsigned nmask, bool bitmask,
                     unsigned rep_i, sim_rep_plan *p);
/* The elements repeat r selects, and the last of them (-1: none). */
int64_t sim_rep_plan_sel(const sim_rep_plan *p, int64_t r, uint64_t sel[2]);
/* Bytes an operand spans over the plan's repeats. */
int64_t sim_rep_plan_extent(const sim_rep_plan *p, int64_t blk, int64_t rep,
                            unsigned es);
/* The operand index of an op's repeat count (repeat forms), or -1. */
int sim_vec_repeat_operand(const sim_insn *in);
bool sim_exec_dup_repeat(sim_block *b, const sim_insn *in);
/* vec_reduce_rep.c: ReduceSum/Max/Min at levels 0/1, WholeReduce*,
 * BlockReduce*, PairReduceSum, RepeatReduceSum. */
bool sim_exec_reduce_repeat(sim_block *b, const sim_insn *in);
/* vec_cmpsel.c: Compare, CompareScalar, Select (imm: CMPMODE / SELMODE;
 * imm2: 0 count mask, 1 mask array, 2 level 2). */
bool sim_exec_cmpsel(sim_block *b, const sim_insn *in);
/* vec_axpy.c: Axpy (imm2: 0 count mask, 1 mask array, 2 level 2), Brcb. */
bool sim_exec_axpy(sim_block *b, const sim_insn *in);
bool sim_exec_brcb(sim_block *b, const sim_insn *in);
/* cast.c: Cast at levels 0 / 1 (imm: RoundMode, imm2: 1 = mask array). */
bool sim_exec_cast_repeat(sim_block *b, const sim_insn *in);
/* vec_gather.c: Gather (imm2 as Axpy's), GatherMask; vec_transpose.c. */
bool sim_exec_gather(sim_block *b, const sim_insn *in);
bool sim_exec_gather_mask(sim_block *b, const sim_insn *in);
/* vec_gather.c: GetGatherMaskRemainCount (the last GatherMask's count). */
bool sim_exec_gather_mask_count(sim_block *b, const sim_insn *in);
bool sim_exec_transpose(sim_block *b, const sim_insn *in);
/* vec_bilinear.c: BilinearInterpolation (imm2: 0 count mask, 1 mask
 * array). */
bool sim_exec_bilinear(sim_block *b, const sim_insn *in);
bool sim_exec_sort32(sim_block *b, const sim_insn *in); /* vec_sort.c */
/* vec_copy.c: Copy at levels 0 / 1 (imm2: 1 = mask array). */
bool sim_exec_copy_repeat(sim_block *b, const sim_insn *in);
/* vec_cmpmask.c: Compare into the CMPMASK register (imm: CMPMODE, imm2:
 * 1 = mask array), GetCmpMask, SetCmpMask. */
/* Whether `a cmpMode b` holds, cmpMode an index into the cmpMode
 * attribute's keywords (LT GT EQ LE GE NE); NaN compares unequal to all
 * (vec_cmpsel.c; Compare and the register form of vec_cmpmask.c share it). */
bool sim_cmp_holds(int mode, double a, double b);
bool sim_exec_cmpmask(sim_block *b, const sim_insn *in);
/* vec_select_reg.c: Select without a mask argument (imm: selMode), with
 * the CMPMASK and mask registers; its lowering check (false with `why`). */
bool sim_select_reg_check(const casc_op *op, sim_insn *in, char *why, size_t n);
bool sim_exec_select_reg(sim_block *b, const sim_insn *in);
/* vec_mrgsort.c: Sort (imm: isFullSort), Extract, MrgSort (imm: the
 * elementCountList's length | isExhaustedSuspension << 8, imm2: the
 * fields of its MrgSortSrcList), MrgSort with MrgSort4Info (imm2 as
 * MrgSort's) and GetMrgSortResult (results r .. r + 3). */
bool sim_exec_sort_family(sim_block *b, const sim_insn *in);
/* vec_trans5hd.c: TransDataTo5HD. a[0]: the first of 32 consecutive slots
 * holding dstList then srcList (the LocalTensor list; the uint list's
 * addresses, which the op turns into tensors there; the address-tensor
 * form's scratch), a[1]: the TransDataTo5HDParams, and for the
 * address-tensor form a[2] / a[3] the uint64 dst / src tensors. dt: the
 * element type (for the address forms, found by lower_trans5hd.c). */
bool sim_exec_trans_5hd(sim_block *b, const sim_insn *in);
/* lower_trans5hd.c: the static checks of the two address forms, and their
 * element type into in->dt (false with why filled). */
bool sim_lower_check_trans_5hd_addr(const casc_op *op, sim_insn *in, char *why,
                                    size_t n);
/* vec_gatherb.c: Gatherb, 32-byte blocks at offsets. */
bool sim_exec_gatherb(sim_block *b, const sim_insn *in);
/* copy_nz2nd.c: DataCopy with Nz2NdParamsFull, UB (NZ) -> GM (ND). */
bool sim_exec_data_copy_nz2nd(sim_block *b, const sim_insn *in);
/* copy_slice.c: DataCopy with SliceInfo, GM <-> UB (imm: dst infos | src
 * infos << 8 | dimValue given << 16). */
bool sim_exec_data_copy_slice(sim_block *b, const sim_insn *in);
/* lower_data.c: the lowering checks of those rows; false with `why` (the
 * reason lower.c reports) filled in. */
bool sim_lower_check_data(const casc_op *op, sim_insn *in, char *why, size_t n);
/* The scalar operand i of in as one element of type dt (the hardware takes
 * a vector op's scalar in the tensor's type), into out (vec.c). */
void sim_vec_scalar_elem(const sim_block *b, const sim_insn *in, unsigned i,
                         unsigned dt, void *out);
/* One kernel over n contiguous elements (vec.c). */
void sim_vec_tile(const sim_vkernel *k, unsigned shape, unsigned dt, void *d,
                  const void *x, const void *y, const uint8_t *c, int64_t n);
/* The level-2 shape (SIM_VEC_BINARY / _SCALAR / _UNARY) of a vector
 * handler, for its kernel's loops; other handlers map to themselves. */
unsigned sim_vec_shape(unsigned opc);
bool sim_exec_cast(sim_block *b, const sim_insn *in);
/* One element of type sdt at sp converted to ddt at dp with a RoundMode
 * (0 = CAST_NONE), saturating: Cast's conversion (cast.c). */
void sim_cast_elem(uint8_t *dp, unsigned ddt, const uint8_t *sp, unsigned sdt,
                   int mode);
/* vec_bin_cast.c: AddReluCast, SubReluCast, MulCast (binary op in the
 * sources' type, then CAST_NONE to dst's), levels 0, 1 (imm2: 1 = mask
 * array) and 2 (imm2 = 2). */
bool sim_exec_bin_cast(sim_block *b, const sim_insn *in);
/* SetDeqScale(scale) / (scale, offset, signMode): the DEQSCALE register. */
bool sim_exec_set_deq_scale(sim_block *b, const sim_insn *in);
/* vec_math.c: the math library (Acos ... Trunc, Power, Xor); imm2 packs
 * the operand positions of src0, src1, sharedTmpBuffer, calCount (a byte
 * each, 0xff = absent). */
bool sim_exec_math(sim_block *b, const sim_insn *in);
/* True if kind is one of its unary functions. */
bool sim_math_unary_known(casc_op_kind kind);
/* Round a finite double to a float format with a RoundMode (cast.c). */
double sim_round_mode(double x, int mode, unsigned dt, bool saturate);

/* cube_mem.c: the cube's memories (L1, L0A, L0B, L0C, BiasTable) of a
 * worker and their written-blocks shadow. */
bool sim_cube_ws_alloc(sim_block *b, const casc_platform *pl);
void sim_cube_ws_free(sim_block *b);
/* Whether the worker's memories were made for this platform's sizes. */
bool sim_cube_ws_fits(const sim_block *b, const casc_platform *pl);
/* A block starts with nothing written. */
void sim_cube_block_reset(sim_block *b);
/* Written-ness of pool bytes [off, off + bytes) (32-byte blocks). */
void sim_cube_mark(sim_block *b, sim_pool pool, int64_t off, int64_t bytes);
/* The first byte of [off, off + bytes) in a never-written block, or -1. */
int64_t sim_cube_first_unwritten(const sim_block *b, sim_pool pool, int64_t off,
                                 int64_t bytes);
/* Copy the written-ness of a block-aligned range (LoadData moves whole
 * fractals, written or not). */
void sim_cube_copy_marks(sim_block *b, sim_pool dp, int64_t doff, sim_pool sp,
                         int64_t soff, int64_t bytes);

/* cube.c: DataCopy Nd2Nz, LoadData, Mmad, Fixpipe. */
bool sim_exec_cube(sim_block *b, const sim_insn *in);
#define SIM_F16_TABLE_BYTES (65536 * 4)
/* The f32 value of each f16 bit pattern, indexed by the pattern. */
const float *sim_cube_f16_table(const sim_block *b);
/* Mmad's products on resolved memories (C in L0C NZ, A in L0A ZZ, B in
 * L0B ZN; bias: n accumulator values or NULL) and one element out through
 * the fixpipe (cube.c); the Matmul object (matmul.c) runs on them too. */
void sim_cube_mmad_compute(sim_block *b, uint8_t *C, const uint8_t *A,
                           const uint8_t *B, int64_t m, int64_t n, int64_t k,
                           bool init_zero, const uint8_t *bias, unsigned adt);
void sim_cube_fix_elem(uint8_t *dp, const uint8_t *sp, unsigned sdt,
                       unsigned ddt, bool relu, double deq_scale);
/* DEQF16's scale from a deqScalar (cube.c). */
double sim_cube_deq_scale(uint64_t deq);
/* Fixpipe's ndNum / srcNdStride / dstNdStride and isChannelSplit rules
 * (cube.c); nd: the ND (ROW_MAJOR / nz2ndEn) path. */
bool sim_cube_fix_nd_check(sim_block *b, const sim_insn *in, int64_t ndnum,
                           int64_t snd, int64_t dnd, bool nd);
bool sim_cube_fix_split_check(sim_block *b, const sim_insn *in, unsigned sdt,
                              unsigned ddt, int64_t quant, bool nd, int64_t ns);
/* cube_quant.c: the fixpipe's 8-bit modes (REQ8, VREQ8, QF322B8_PRE,
 * VQF322B8_PRE). A quantisation word decoded: the scale the fixpipe reads
 * and the 9-bit offset. */
typedef struct {
  double scale;
  int32_t offset;
} sim_q8;
bool sim_cube_q8_mode(int64_t quant);
/* VREQ8 / VQF322B8_PRE: one word a column, from a cbufWorkspace. */
bool sim_cube_q8_vector(int64_t quant);
/* The L0C type the mode reads (int32 for REQ8 / VREQ8, else f32). */
unsigned sim_cube_q8_src_type(int64_t quant);
/* NULL, or why the word is not one the reference defines. */
const char *sim_cube_q8_decode(uint64_t w, sim_q8 *q);
/* One element to int8 (ReLU first when relu); false for a NaN input. */
bool sim_cube_q8_elem(uint8_t *dp, const uint8_t *sp, unsigned sdt, bool relu,
                      const sim_q8 *q);
/* The reporting forms: the CO1 and dst types fit the mode; the word is
 * one the reference defines; one element (a NaN is reported). */
bool sim_cube_q8_check(sim_block *b, const sim_insn *in, int64_t quant,
                       unsigned sdt, unsigned ddt);
bool sim_cube_q8_word(sim_block *b, const sim_insn *in, uint64_t w, sim_q8 *q);
bool sim_cube_q8_store(sim_block *b, const sim_insn *in, uint8_t *dp,
                       const uint8_t *sp, unsigned sdt, bool relu,
                       const sim_q8 *q);
/* One contiguous DataCopy of n bytes out of L1 (C1 -> C2, the bias path:
 * L1 -> BiasTable), at the given offsets of the two tensors (cube.c). */
bool sim_cube_copy_from_l1(sim_block *b, const sim_insn *in, int64_t doff,
                           int64_t soff, int64_t n);
/* cube_forms.c: DataCopy CO1 -> GM / A1 (DataCopyCO12DstParams),
 * SetFixpipePreQuantFlag, Fixpipe with a cbufWorkspace (VDEQF16). */
bool sim_exec_cube_forms(sim_block *b, const sim_insn *in);
/* cube_load_transpose.c: LoadDataWithTranspose (LoadData2dTransposeParams),
 * L1 -> L0A / L0B. */
bool sim_exec_load_transpose(sim_block *b, const sim_insn *in);
/* aipp.c: SetAippFunctions and LoadImageToLocal; the lowering check of
 * their operands (false with why; sets SetAippFunctions' imm2 to the
 * AippParams dtype); the per-block reset of the AIPP configuration. */
bool sim_exec_aipp(sim_block *b, const sim_insn *in);
bool sim_aipp_check(const casc_op *op, sim_insn *in, char *why, size_t n);
void sim_aipp_block_begin(sim_block *b);
/* cube_load3d.c: LoadData 3-D v2 (img2col, LoadData3DParamsV2), L1 ->
 * L0A. */
bool sim_exec_load3d(sim_block *b, const sim_insn *in);
/* cube_sparse.c: LoadDataWithSparse (L1 -> L0B with the index of the
 * kept values) and MmadWithSparse (4:2 sparse int8 -> int32). */
#define SIM_SP_IDX_NONE 0xff
bool sim_exec_cube_sparse(sim_block *b, const sim_insn *in);
/* cube.c: the uninit-read warning of a cube operand's read of pool bytes
 * [off, off + bytes) (once per op: *warned), never-written blocks made
 * to hold the deterministic garbage. */
void sim_cube_read_check(sim_block *b, const sim_insn *in, unsigned opnd,
                         sim_pool pool, int64_t off, int64_t bytes,
                         bool *warned);
/* cube_load3d_regs.c: SetFmatrix, SetLoadDataPaddingValue,
 * SetLoadDataRepeat, SetLoadDataBoundary into b->l3d; its reset per block
 * (repeat once, nothing else set). */
bool sim_exec_load3d_reg(sim_block *b, const sim_insn *in);
void sim_load3d_block_reset(sim_block *b);
bool sim_lower_check_load3d_reg(const casc_op *op, sim_insn *in, char *why,
                                size_t n);
/* lower_cube_forms.c: their lowering checks; false with `why` filled in. */
bool sim_lower_check_cube_forms(const casc_op *op, sim_insn *in, char *why,
                                size_t n);

/* matmul_tiling.c: the TCubeTiling argument (49 int32 fields) and the
 * struct rows on it; Ascend C's opaque compile-time constants. */
#define SIM_CUBE_TILING_FIELDS CASC_CUBE_TILING_FIELDS
/* The index of a TCubeTiling field by its C++ name, or -1. */
int sim_cube_tiling_field(const char *name);
/* The value of an emitc.constant #emitc.opaque<"::AscendC::NAME"> the
 * simulator knows (text: the attribute's spelling); false for others. */
bool sim_opaque_constant(const char *text, int64_t *v);
bool sim_exec_struct(sim_block *b, const sim_insn *in);

/* matmul.c: the Matmul object's rows. Its state takes SIM_MM_SLOTS slots
 * (lower.c allocates them at its ascendc.construct); imm of each row packs
 * the object type's facts (sim_mm_type_facts). */
#define SIM_MM_SLOTS 64
bool sim_exec_matmul(sim_block *b, const sim_insn *in);
/* Timing (after the row ran): the cycles the AIV waits for the AIC's
 * answer to a Matmul row — kfc_msg_cycles for the calls that send a
 * message, plus the cube's work on the tiles the call computed or sends
 * out; 0 for other instructions. */
uint64_t sim_mm_wait_cycles(sim_block *b, const sim_insn *in);
/* Whether t is !ascendc.matmul<...>; its facts as imm: A, B, C and bias
 * dtypes in bytes 0-3 (bias CASC_DT_INVALID without one), A / B
 * transposed in bits 32 / 33. False with *why for a type the simulator
 * does not run. */
bool sim_mm_is_type(const casc_type *t);
bool sim_mm_type_facts(const casc_type *t, int64_t *imm, const char **why);

/* mix.c: the core-type queries and the cross-core flags of a MIX kernel. */
bool sim_exec_mix(sim_block *b, const sim_insn *in);

/* print.c: DumpTensor, DumpAccChkPoint and printf; print_debug.c:
 * LocalTensor.Print / ToFile and PrintTimeStamp. */
bool sim_exec_print(sim_block *b, const sim_insn *in);
bool sim_exec_print_debug(sim_block *b, const sim_insn *in);
/* Keep a print of the block (the text passes to the block's list). */
void sim_print_keep(sim_block *b, const sim_insn *in, casc_buf *text);
/* n elements of type dt at p as "[a, b, ...]\n"; the reference's dump
 * names of the types ("float16"). */
void sim_print_values(casc_buf *text, const uint8_t *p, unsigned dt,
                      uint64_t n);
const char *sim_print_type_name(unsigned dt);
/* Hand the prints of blocks [0, n) to L->print, block by block. */
void sim_prints_deliver(const sim_launch *L, const sim_print_list *lists,
                        unsigned n);
void sim_print_list_free(sim_print_list *l);

/* adv.c: the advanced APIs (SoftMax, SimpleSoftMax, AscendQuant,
 * RmsNorm). */
bool sim_exec_adv(sim_block *b, const sim_insn *in);

/* ---- scalar, system, atomics and SyncAll -------------------------------
 * scalar_ops.c: the arith / math rows beyond the interpreter's inline ones,
 * the system queries and the ops that have no effect in a coherent
 * single-core model; atomic.c: the DMA atomic mode; sync_all.c: SyncAll
 * across the launched blocks. sys_check is their lowering hook: false with
 * a reason in why for a form the simulator does not run. */
typedef enum {
  SIM_ATOMIC_NONE,
  SIM_ATOMIC_ADD,
  SIM_ATOMIC_MAX,
  SIM_ATOMIC_MIN
} sim_atomic_op;
bool sim_sys_check(const casc_op *op, sim_insn *in, char *why, size_t n);
/* Handlers whose op has two results: lowering puts the second's slot in
 * imm2. */
bool sim_sys_two_results(unsigned opc);
bool sim_exec_scalar_ext(sim_block *b, const sim_insn *in);
bool sim_exec_atomic(sim_block *b, const sim_insn *in);
/* A UB -> GM copy of n bytes from sp to dp under the block's atomic mode:
 * 0 = no atomic mode (the caller copies), 1 = done, -1 = error reported. */
int sim_atomic_store(sim_block *b, const sim_insn *in, uint8_t *dp,
                     const uint8_t *sp, int64_t n);
void sim_sys_block_begin(sim_block *b);
/* memref.c: local arrays and variables in slots, GM element access. Its
 * lowering check (called by sim_sys_check); MEMREF_ALLOC leaves the element
 * count in imm, and the lowering then reserves that many slots (one for
 * EMIT_VARIABLE) and puts the first one's index in imm2. */
bool sim_memref_check(const casc_op *op, sim_insn *in, char *why, size_t n);
bool sim_exec_memref(sim_block *b, const sim_insn *in);
/* tensor_meta.c: SetSize, SetAddrWithOffset, GetPosition, GetBaseAddr,
 * LocalMemAllocator; its lowering check puts an allocator's pool in imm2. */
bool sim_tensor_meta_check(const casc_op *op, sim_insn *in, char *why,
                           size_t n);
bool sim_exec_tensor_meta(sim_block *b, const sim_insn *in);
/* tensor_tag.c: LocalTensor SetUserTag / GetUserTag. */
bool sim_exec_tensor_tag(sim_block *b, const sim_insn *in);
/* shape_info.c: ShapeInfo constructs, Get/SetShapeInfo of local and global
 * tensors, ShapeInfo.shape / originalShape, GetShapeSize. The check
 * validates operands at lowering; block_begin forgets every tensor's. */
bool sim_shape_info_check(const casc_op *op, sim_insn *in, char *why, size_t n);
bool sim_exec_shape_info(sim_block *b, const sim_insn *in);
void sim_shape_info_block_begin(sim_block *b);
/* tensor_desc.c: ListTensorDesc (Init, GetDesc, GetDataPtr, GetSize) and
 * TensorDesc (SetShapeAddr, GetDim, GetIndex, GetShape, GetDataPtr,
 * GetDataObj) over a descriptor in GM. */
bool sim_tensor_desc_check(const casc_op *op, sim_insn *in, char *why,
                           size_t n);
bool sim_exec_tensor_desc(sim_block *b, const sim_insn *in);
/* sys_env.c: SetPadValue, SetSysWorkspace / GetSysWorkSpacePtr,
 * PopStackBuffer and CheckLocalMemoryIA (the block's sim_env). The check
 * validates operands at lowering. pad_fill gives the element a GM -> UB
 * DataCopyPad pads with (false: the register was never written, so the
 * padding is whatever UB held); ia_access reports an access of UB bytes
 * [lo, lo + bytes) by operand opnd that an IA register guards (false: the
 * block stops; only called while some register is on). */
bool sim_env_check(const casc_op *op, sim_insn *in, char *why, size_t n);
bool sim_exec_env(sim_block *b, const sim_insn *in);
bool sim_env_pad_fill(sim_block *b, const sim_insn *in, unsigned dt,
                      uint8_t *elem);
void sim_env_pad_from_copy(sim_block *b, const sim_insn *in, unsigned dt,
                           const uint8_t *elem);
bool sim_env_ia_access(sim_block *b, const sim_insn *in, unsigned opnd,
                       int64_t lo, int64_t bytes);
/* sync_all.c: the launch's SyncAll state. new returns NULL when the program
 * has no SyncAll (*err false) or, after reporting, when the launch cannot
 * run it (*err true). block_end is called when a block stops, for good. */
typedef struct sim_xsync sim_xsync;
sim_xsync *sim_xsync_new(casc_ctx *ctx, const casc_sim_program *p,
                         const casc_platform *plat, unsigned block_dim,
                         bool *err);
void sim_xsync_free(sim_xsync *x);
/* How many threads the launch must run: every block at once. */
unsigned sim_xsync_threads(const sim_xsync *x);
/* After the threads were started: only nworkers run blocks. */
void sim_xsync_set_workers(sim_xsync *x, unsigned nworkers);
void sim_xsync_block_start(sim_xsync *x);
void sim_xsync_block_end(sim_xsync *x, int block, bool failed, uint32_t epoch);
bool sim_exec_sync_all(sim_block *b, const sim_insn *in);

/* block_flags.c: IBSet / IBWait / NotifyNextBlock / WaitPreBlock between
 * the blocks of a launch; their state belongs to the launch's sim_xsync
 * (sim/xsync.h), which a kernel with flags always has. */
typedef struct sim_bflags sim_bflags;
sim_bflags *sim_bflags_new(unsigned nblocks);
void sim_bflags_free(sim_bflags *f);
bool sim_is_block_flag(unsigned opc);
bool sim_exec_block_flag(sim_block *b, const sim_insn *in);
/* The launch's flags, NULL when the kernel has none. */
const sim_bflags *sim_xsync_bflags(const sim_xsync *x);
/* Whether the flags order the GM access of block ba in segment sa and that
 * of block bb in segment sb (one way or the other). */
bool sim_bflags_ordered(const sim_bflags *f, unsigned ba, uint32_t sa,
                        unsigned bb, uint32_t sb);

/* interp.c */
void sim_block_run(sim_block *b);

/* stop.c: called at a backward jump (op) once the block's steps pass a
 * SIM_STOP_INTERVAL mark or the step limit. True when the block must stop;
 * the reason is reported. */
bool sim_block_check_stop(sim_block *b, const casc_op *op, uint64_t steps);
/* Report why b stops: at op, or (op NULL) before it started. */
void sim_report_stopped(sim_block *b, sim_stop_reason why, const casc_op *op);
/* Whether every block runs the same instructions: nothing but the block
 * index and scalars read from memory (which other blocks may write) can make
 * one block's control flow differ from another's. */
bool sim_blocks_run_alike(const casc_sim_program *p);

/* ---- timing model (timing.c, race.c, trace.c; docs/timing.md) ---------- */

/* One slice of the pipeline chart: an op (or a run of scalar ops) on a pipe
 * from its start to its completion. Ops of one pipe overlap (a pipe starts
 * its next op before the previous one completes), so the slices of a pipe
 * are spread over lanes: lane 0 is the pipe's own track, lane k holds an op
 * that started while at least k earlier ones were still in flight. */
typedef enum {
  SIM_SL_OP,     /* a V / MTE op, or a scalar-pipe API call */
  SIM_SL_SCALAR, /* a run of `count` plain scalar instructions */
  SIM_SL_SET,    /* SetFlag<evt>(id): from its issue until the flag is set */
  SIM_SL_WAIT,   /* WaitFlag<evt>(id); starts when the pipe begins waiting */
  SIM_SL_BARRIER /* PipeBarrier<pipe> (pipe ALL: on every pipe) */
} sim_slice_kind;

typedef struct {
  const sim_insn *in;
  uint64_t start, end; /* end: completion (a SetFlag: when the flag is set) */
  uint64_t issue_end;  /* when the op released its pipe (<= end) */
  uint32_t count;      /* SIM_SL_SCALAR: instructions in the run */
  int32_t flow_from;   /* SIM_SL_WAIT: index of the SetFlag slice, or -1 */
  uint8_t kind, pipe;
  bool after_barrier; /* a V op held by the compiler's PipeBarrier<PIPE_V> */
  uint16_t lane;      /* track of the pipe (0 = the pipe's first) */
  int16_t evt;        /* flags: HardEvent; barrier: Pipe enum value */
  int8_t id;          /* flags: event id */
  uint64_t bytes;     /* SIM_SL_OP: bytes moved or computed */
} sim_slice;

typedef struct {
  sim_slice *items;
  unsigned n, cap;
  bool truncated; /* the block had more slices than kept */
} sim_slices;

/* Per-worker state, reused block after block. NULL on out of memory. */
sim_timing *sim_tm_new(const sim_launch *L);
void sim_tm_free(sim_timing *tm);
void sim_tm_block_begin(sim_block *b);
/* After an instruction ran without error: issue it (and the flags its
 * handler recorded) to the pipes. */
void sim_tm_commit(sim_block *b, const sim_insn *in);
/* At kernel end: the block's figures and (with trace) its slices, which
 * pass to the caller. False when the model ran out of memory on the way:
 * the figures and the slices then miss part of the block. */
bool sim_tm_block_end(sim_block *b, casc_block_timing *out, sim_slices *sl);
/* Hooks called by the handlers while an instruction runs. */
void sim_tm_access(sim_block *b, const sim_insn *in, unsigned opnd, int64_t lo,
                   int64_t bytes);
void sim_tm_flag_record(sim_block *b, int evt, int id, bool set);
void sim_tm_barrier_record(sim_block *b, int pipe_enum);
/* With timing off these cost one test, no call. */
static inline void sim_tm_flag(sim_block *b, int evt, int id, bool set) {
  if (b->tm)
    sim_tm_flag_record(b, evt, id, set);
}
static inline void sim_tm_barrier(sim_block *b, int pipe_enum) {
  if (b->tm)
    sim_tm_barrier_record(b, pipe_enum);
}
/* A flag operation for both models: the pipes' waits (pipe_wait.c) and,
 * when on, the timing model. False when the block must stop. */
static inline bool sim_flag(sim_block *b, const sim_insn *in, int evt, int id,
                            bool set) {
  if (!sim_sync_flag(b, in, evt, id, set))
    return false;
  sim_tm_flag(b, evt, id, set);
  return true;
}
/* The simulator's pipe (casc_sim_pipe) of a hardware pipe, -1 for NONE and
 * COPY, and back. */
static inline int sim_pipe_of_hw(casc_hw_pipe p) {
  switch (p) {
  case CASC_PIPE_S:
    return CASC_SIM_PIPE_S;
  case CASC_PIPE_V:
    return CASC_SIM_PIPE_V;
  case CASC_PIPE_M:
    return CASC_SIM_PIPE_M;
  case CASC_PIPE_MTE1:
    return CASC_SIM_PIPE_MTE1;
  case CASC_PIPE_MTE2:
    return CASC_SIM_PIPE_MTE2;
  case CASC_PIPE_MTE3:
    return CASC_SIM_PIPE_MTE3;
  case CASC_PIPE_FIX:
    return CASC_SIM_PIPE_FIX;
  default:
    return -1;
  }
}
static inline casc_hw_pipe sim_hw_of_pipe(int p) {
  static const casc_hw_pipe hw[CASC_SIM_PIPE_COUNT_] = {
      [CASC_SIM_PIPE_S] = CASC_PIPE_S,
      [CASC_SIM_PIPE_V] = CASC_PIPE_V,
      [CASC_SIM_PIPE_M] = CASC_PIPE_M,
      [CASC_SIM_PIPE_MTE1] = CASC_PIPE_MTE1,
      [CASC_SIM_PIPE_MTE2] = CASC_PIPE_MTE2,
      [CASC_SIM_PIPE_MTE3] = CASC_PIPE_MTE3,
      [CASC_SIM_PIPE_FIX] = CASC_PIPE_FIX};
  return p >= 0 && p < CASC_SIM_PIPE_COUNT_ ? hw[p] : CASC_PIPE_NONE;
}

/* race.c: the UB shadow of the race detector (one cell per 32 bytes). */
typedef struct sim_race sim_race;
/* pool_size: the block's local memories (sim_pool_base lays them out). */
sim_race *sim_race_new(const uint32_t *pool_size);
void sim_race_free(sim_race *r);
void sim_race_reset(sim_race *r);
/* Check and record an access of UB bytes [lo, hi) by the op `in` on pipe
 * `pipe`, whose vector clock is vc (vc[pipe] is the op's own sequence
 * number). Races are reported through sim_report. Returns the number of
 * races reported. */
unsigned sim_race_access(sim_race *r, sim_block *b, const sim_insn *in,
                         int pipe, const uint32_t *vc, int64_t lo, int64_t hi,
                         bool write);

/* trace.c: the Chrome trace of a launch, blocks in order. */
void sim_trace_write(casc_buf *out, const casc_sim_program *p,
                     const casc_platform *plat, const sim_slices *blocks,
                     const casc_block_timing *bt, unsigned nblocks);

/* Kernel-argument count helper used by interp and mem. */
static inline int64_t sim_count(const sim_slot *s, unsigned dt) {
  return sim_dt_is_unsigned(dt) ? (int64_t)sim_zext(s->i, dt)
                                : sim_sext(s->i, dt);
}

#endif
