/* casc kernel language: the C counterpart of pyasc's `asc.language`.
 *
 * A kernel is an ordinary C function `void body(asc_kernel *k, void *user)`.
 * casc_jit_build() (pyasc's @asc.jit) runs it ONCE; every asc_* call it makes
 * records ASC-IR ops into one func.func of a fresh builtin.module. Calls do
 * not compute anything: handles (asc_local_tensor, asc_int, ...) name IR
 * values, plain C integers are compile-time constants (pyasc's ConstExpr).
 *
 * ---------------------------------------------------------------------------
 * Naming rule (1:1 with pyasc)
 *   pyasc method    Class.method(obj, ...) -> asc_<class>_<method>(obj, ...),
 *                   with the class name lowercased:
 *     TQueBind.free_tensor   -> asc_tquebind_free_tensor(q, t)
 *     TPipe.init_buffer      -> asc_tpipe_init_buffer(p, q, n, len)
 *     GlobalTensor.set_value -> asc_globaltensor_set_value(g, i, v)
 *   pyasc function  asc.f(...) -> asc_f(...):
 *     asc.data_copy          -> asc_data_copy(dst, src, n)
 *   constructors:
 *     asc.TPipe()            -> asc_tpipe()
 *     asc.TQue(pos, depth)   -> asc_tque(pos, depth)
 *     asc.LocalTensor(...)   -> asc_localtensor(...)
 *   enum members:
 *     asc.TPosition.VECIN     -> ASC_TPOSITION_VECIN
 *     asc.HardEvent.MTE2_V    -> ASC_HARDEVENT_MTE2_V
 *     asc.PipeID.PIPE_V       -> ASC_PIPEID_PIPE_V
 *     asc.RoundMode.CAST_RINT -> ASC_ROUNDMODE_CAST_RINT
 *   dtypes: asc.half / asc.float32 -> ASC_HALF / ASC_FLOAT (+ ASC_BF16,
 *     ASC_DOUBLE, ASC_INT8..ASC_INT64, ASC_UINT8..ASC_UINT64).
 * pyasc overloads keep one name: the C macro picks the form by argument count
 * or argument type (asc_tquebind_alloc_tensor(q, ASC_HALF) allocates,
 * asc_tquebind_alloc_tensor(q, t) is the in-place form). Where C cannot
 * express a pyasc idiom the replacement is named after the IR op:
 *   t[i:] / t[i] -> asc_localtensor_subindex(t, i)   t(i) -> ..._bracket(t, i)
 *   x + off on a GlobalAddress -> asc_gm_addr_add(x, off)
 *   t.get_value(i) -> asc_localtensor_get_value_int / _float (C needs the
 *   result type statically)      t.dtype -> asc_localtensor_dtype(t)
 *   PlainValue `a + b`, `a < b`, ... -> asc_add(a, b), asc_lt(a, b), ...
 *   (asc_add with four arguments is the vector op asc.add, with two the
 *   scalar `+`).
 * Handle types are spelled with underscores (asc_local_tensor); they are
 * distinct structs, so passing a queue where a tensor belongs is a compile
 * error. Runtime integers are asc_int, runtime floats asc_float, conditions
 * asc_bool; wherever pyasc accepts a RuntimeInt, a plain C integer is
 * accepted too (C11 _Generic) and becomes an arith.constant at that use.
 *
 * ---------------------------------------------------------------------------
 * Locations
 *   Every API is a macro passing __FILE__ and __LINE__ to an `_at` function:
 *   every op carries `"file":line:0` (C has no portable column, so the column
 *   is always 0), and every diagnostic about it points at the C line.
 *
 * Errors
 *   Misuse never crashes. Inside a build it is a located error through the
 *   context's diagnostic handler, naming the API ("asc_add: dst has dtype
 *   int8; Add supports half, float, int16, int32"), and casc_jit_build then
 *   returns NULL. A failed call returns a "poisoned" handle; later calls that
 *   receive a poisoned handle stay silent, so one mistake gives one error.
 *   A call outside any build has no context to report to: it records
 *   "file:line:0: error: asc_x must be called while a kernel is being built"
 *   in a per-thread slot read by casc_lang_last_error(), and returns a null
 *   handle. A handle from another kernel, a zero-initialised handle, or a
 *   value used outside the loop/branch that defined it is reported too.
 *
 * ---------------------------------------------------------------------------
 * Control flow (runs the body once, records scf.for / scf.if)
 *
 *   ASC_FOR(i, lo, hi) { ... }            scf.for, i32 induction variable i
 *   ASC_FOR_STEP(i, lo, hi, step) { ... }
 *   ASC_IF(cond) { ... } ASC_ELSE { ... } scf.if (always with an else
 *                                         region, as pyasc); ASC_ELSE optional
 *
 *   lo/hi/step are asc_int or C integers (materialised as i32 right before
 *   the loop, as pyasc does); cond is an asc_bool (or an asc_int, tested
 *   != 0). For a condition known in C use a plain C `if`: it is pyasc's
 *   compile-time branch.
 *
 *   Values that change in a loop or branch live in asc_var cells:
 *       asc_int_var acc = asc_var(0);              // i32 cell
 *       ASC_FOR(i, 0, n) { asc_set(acc, asc_add(asc_get(acc), i)); }
 *       asc_int total = asc_get(acc);              // the scf.for result
 *   A cell read or written inside a loop becomes an iter_arg of that loop
 *   (only if it is written there), a cell written in a branch becomes a
 *   result of the scf.if. Why cells: C gives the front end no way to see an
 *   assignment `x = ...` to a C variable, so loop-carried values must go
 *   through a call. A handle created inside a body and used after it is
 *   reported ("defined inside the ASC_FOR at line N ...; use an asc_var").
 *
 *   How break/return are caught: each macro is two nested C `for`
 *   statements around a frame. The inner one runs the body once and its
 *   increment marks the body complete; the outer one closes the region when
 *   it sees completion. A `break` leaves the inner loop without completing
 *   it: the outer loop then reports "break inside ASC_FOR body" at the
 *   macro's line. A `return` (or goto) out of the body skips both; with
 *   GCC/Clang the frame variable has __attribute__((cleanup)), which reports
 *   it at once, and in any case the end of the build reports a region that
 *   was never closed. `continue` cannot be told apart from the end of the
 *   body: it simply stops recording the rest of the body; do not use it.
 *   ASC_ELSE attaches to the ASC_IF recorded immediately before it; any
 *   other asc_* call in between closes that if.
 *
 * Sub-functions are plain C functions taking handles: their ops are
 * recorded inline where they are called (pyasc's inlined @asc.jit helpers).
 *
 * Nested API calls used as arguments of one call are recorded in the C
 * compiler's argument evaluation order, which C leaves unspecified; assign
 * them to variables first when the op order matters to you.
 *
 * Threads: each thread may build its own kernel (the current build is
 * thread-local). casc_jit_build is not reentrant on one thread.
 */
#ifndef CASC_ASC_H
#define CASC_ASC_H
/* What the public headers declare is the exported API: the library is
 * compiled with -fvisibility=hidden (CMakeLists.txt). */
#pragma GCC visibility push(default)

#include <stdbool.h>

#include "casc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ======================================================================== */
/* Enumerations (pyasc numbering)                                            */

typedef enum {
  ASC_DTYPE_INVALID_ = 0,
  ASC_HALF,   /* f16 */
  ASC_FLOAT,  /* f32 */
  ASC_BF16,   /* bf16 (no pyasc dtype; casc emits bfloat16_t) */
  ASC_DOUBLE, /* f64 */
  ASC_INT8,
  ASC_INT16,
  ASC_INT32,
  ASC_INT64,
  ASC_UINT8,
  ASC_UINT16,
  ASC_UINT32,
  ASC_UINT64,
  ASC_DTYPE_COUNT_
} asc_dtype;

typedef enum {
  ASC_TPOSITION_GM = 0,
  ASC_TPOSITION_A1 = 1,
  ASC_TPOSITION_A2 = 2,
  ASC_TPOSITION_B1 = 3,
  ASC_TPOSITION_B2 = 4,
  ASC_TPOSITION_C1 = 5,
  ASC_TPOSITION_C2 = 6,
  ASC_TPOSITION_CO1 = 7,
  ASC_TPOSITION_CO2 = 8,
  ASC_TPOSITION_VECIN = 9,
  ASC_TPOSITION_VECOUT = 10,
  ASC_TPOSITION_VECCALC = 11,
  ASC_TPOSITION_MAX = 12
} asc_tposition;

typedef enum {
  ASC_HARDEVENT_MTE2_MTE1 = 0,
  ASC_HARDEVENT_MTE1_MTE2 = 1,
  ASC_HARDEVENT_MTE1_M = 2,
  ASC_HARDEVENT_M_MTE1 = 3,
  ASC_HARDEVENT_MTE2_V = 4,
  ASC_HARDEVENT_V_MTE2 = 5,
  ASC_HARDEVENT_MTE3_V = 6,
  ASC_HARDEVENT_V_MTE3 = 7,
  ASC_HARDEVENT_M_V = 8,
  ASC_HARDEVENT_V_M = 9,
  ASC_HARDEVENT_V_V = 10,
  ASC_HARDEVENT_MTE3_MTE1 = 11,
  ASC_HARDEVENT_MTE1_MTE3 = 12,
  ASC_HARDEVENT_MTE1_V = 13,
  ASC_HARDEVENT_MTE2_M = 14,
  ASC_HARDEVENT_M_MTE2 = 15,
  ASC_HARDEVENT_V_MTE1 = 16,
  ASC_HARDEVENT_M_FIX = 17,
  ASC_HARDEVENT_FIX_M = 18,
  ASC_HARDEVENT_MTE3_MTE2 = 19,
  ASC_HARDEVENT_MTE2_MTE3 = 20,
  ASC_HARDEVENT_S_V = 21,
  ASC_HARDEVENT_V_S = 22,
  ASC_HARDEVENT_S_MTE2 = 23,
  ASC_HARDEVENT_MTE2_S = 24,
  ASC_HARDEVENT_S_MTE3 = 25,
  ASC_HARDEVENT_MTE3_S = 26,
  ASC_HARDEVENT_MTE2_FIX = 27,
  ASC_HARDEVENT_FIX_MTE2 = 28,
  ASC_HARDEVENT_FIX_S = 29,
  ASC_HARDEVENT_M_S = 30,
  ASC_HARDEVENT_FIX_MTE3 = 31,
  ASC_HARDEVENT_MTE1_FIX = 32,
  ASC_HARDEVENT_FIX_MTE1 = 33,
  ASC_HARDEVENT_FIX_FIX = 34
} asc_hardevent;

typedef enum {
  ASC_PIPEID_PIPE_S = 0,
  ASC_PIPEID_PIPE_V = 1,
  ASC_PIPEID_PIPE_M = 2,
  ASC_PIPEID_PIPE_MTE1 = 3,
  ASC_PIPEID_PIPE_MTE2 = 4,
  ASC_PIPEID_PIPE_MTE3 = 5,
  ASC_PIPEID_PIPE_ALL = 6,
  ASC_PIPEID_PIPE_MTE4 = 7,
  ASC_PIPEID_PIPE_MTE5 = 8,
  ASC_PIPEID_PIPE_V2 = 9,
  ASC_PIPEID_PIPE_FIX = 10
} asc_pipeid;

typedef enum {
  ASC_ROUNDMODE_CAST_NONE = 0,
  ASC_ROUNDMODE_CAST_RINT = 1,
  ASC_ROUNDMODE_CAST_FLOOR = 2,
  ASC_ROUNDMODE_CAST_CEIL = 3,
  ASC_ROUNDMODE_CAST_ROUND = 4,
  ASC_ROUNDMODE_CAST_TRUNC = 5,
  ASC_ROUNDMODE_CAST_ODD = 6
} asc_roundmode;

/* asc.CMPMODE (Compare) and asc.SelMode (Select). */
typedef enum {
  ASC_CMPMODE_LT = 0,
  ASC_CMPMODE_GT = 1,
  ASC_CMPMODE_EQ = 2,
  ASC_CMPMODE_LE = 3,
  ASC_CMPMODE_GE = 4,
  ASC_CMPMODE_NE = 5
} asc_cmpmode;

/* asc.ReduceOrder (WholeReduceMax / WholeReduceMin). */
typedef enum {
  ASC_REDUCEORDER_ORDER_VALUE_INDEX = 0,
  ASC_REDUCEORDER_ORDER_INDEX_VALUE = 1,
  ASC_REDUCEORDER_ORDER_ONLY_VALUE = 2,
  ASC_REDUCEORDER_ORDER_ONLY_INDEX = 3
} asc_reduceorder;

typedef enum {
  ASC_SELMODE_VSEL_CMPMASK_SPR = 0,
  ASC_SELMODE_VSEL_TENSOR_SCALAR_MODE = 1,
  ASC_SELMODE_VSEL_TENSOR_TENSOR_MODE = 2
} asc_selmode;

/* pyasc DataType.sizeof(): bytes per element (0 for an invalid dtype). */
unsigned asc_dtype_sizeof(asc_dtype dt);
/* pyasc's name of a dtype ("float16", "int32", ...); "invalid" otherwise. */
const char *asc_dtype_name(asc_dtype dt);

/* ======================================================================== */
/* Handles                                                                   */

/* Fields are private (p_: the IR object, k_: the serial number of the
 * kernel build that made it; 0 = null handle). A zero-initialised handle is
 * invalid and reported as such when used. */
#define ASC__HANDLE(name)                                                      \
  typedef struct {                                                             \
    void *p_;                                                                  \
    unsigned k_;                                                               \
  } name

ASC__HANDLE(asc_tpipe);         /* TPipe */
ASC__HANDLE(asc_tquebind);      /* TQueBind and TQue */
ASC__HANDLE(asc_tbuf);          /* TBuf */
ASC__HANDLE(asc_local_tensor);  /* LocalTensor */
ASC__HANDLE(asc_global_tensor); /* GlobalTensor (set_global_buffer fills it) */
ASC__HANDLE(asc_gm_addr);       /* GlobalAddress: memref<?xT, 22> */
ASC__HANDLE(asc_data_copy_params);     /* DataCopyParams */
ASC__HANDLE(asc_data_copy_pad_params); /* DataCopyPadParams */
ASC__HANDLE(asc_nd2nz_params);         /* Nd2NzParams */
ASC__HANDLE(asc_load_data_2d_params);  /* LoadData2DParams */
ASC__HANDLE(asc_mmad_params);          /* MmadParams */
ASC__HANDLE(asc_fixpipe_params);       /* FixpipeParamsV220 */
ASC__HANDLE(asc_fixpipe_config);       /* FixpipeConfig */
ASC__HANDLE(asc_brcb_repeat_params);   /* BrcbRepeatParams */
ASC__HANDLE(asc_softmax_tiling);       /* SoftMaxTiling */
ASC__HANDLE(asc_softmax_shape_info);   /* SoftMaxShapeInfo */
ASC__HANDLE(asc_rmsnorm_tiling);       /* RmsNormTiling */
ASC__HANDLE(asc_int);                  /* runtime integer (any width/sign) */
ASC__HANDLE(asc_float);                /* runtime float (f16/bf16/f32/f64) */
ASC__HANDLE(asc_bool);                 /* runtime i1 */
ASC__HANDLE(asc_int_var);              /* cells for loop-carried values */
ASC__HANDLE(asc_float_var);
ASC__HANDLE(asc_bool_var);

/* The kernel being built (opaque). */
typedef struct asc_kernel asc_kernel;
typedef void (*asc_kernel_body)(asc_kernel *k, void *user);

/* ======================================================================== */
/* JIT context                                                               */

/* Build one kernel: a builtin.module holding
 *   func.func @name(args...) attributes {ascendc.aicore, ascendc.global}
 * by running body(k, user) once. Returns the module (owned by ctx), or NULL
 * after at least one located error reported through ctx's handler (misuse
 * in the body, an invalid name, a nested build, or a verifier failure: the
 * module is verified before it is returned). The function's location is
 * that of the first asc_* call in the body. */
casc_op *casc_jit_build(casc_ctx *ctx, const char *name, asc_kernel_body body,
                        void *user);

/* Errors of asc_* calls made on this thread outside any build:
 * the last message ("file:line:0: error: ...", valid until the next such
 * error or clear), NULL if none; how many since the last clear. */
const char *casc_lang_last_error(void);
unsigned casc_lang_error_count(void);
void casc_lang_clear_errors(void);

/* ======================================================================== */
/* Private helpers of the macros below                                      */

#define ASC__AT __FILE__, __LINE__
#define ASC__CAT_(a, b) a##b
#define ASC__CAT(a, b) ASC__CAT_(a, b)
#define ASC__NARG_(_1, _2, _3, _4, _5, _6, _7, _8, N, ...) N
#define ASC__NARG(...) ASC__NARG_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
/* name##N(args) where N is the number of arguments. */
#define ASC__OVERLOAD(name, ...)                                               \
  ASC__CAT(name, ASC__NARG(__VA_ARGS__))(__VA_ARGS__)
#ifdef __COUNTER__
#define ASC__UNIQ(p) ASC__CAT(p, __COUNTER__)
#else
#define ASC__UNIQ(p) ASC__CAT(p, __LINE__)
#endif
#if defined(__GNUC__) || defined(__clang__)
#define ASC__CLEANUP __attribute__((cleanup(asc__frame_cleanup)))
#define ASC__UNUSED __attribute__((unused))
#else
#define ASC__CLEANUP
#define ASC__UNUSED
#endif

/* A scalar argument: a runtime value or a C constant. */
enum {
  ASC__SV_NONE,
  ASC__SV_INT,
  ASC__SV_UINT,
  ASC__SV_FLOAT,
  ASC__SV_VALUE,
  ASC__SV_PARAMS,
  ASC__SV_TENSOR /* a LocalTensor where pyasc takes a tensor or a scalar */
};
typedef struct {
  void *p_;
  unsigned k_;
  int kind_;
  long long i_;
  unsigned long long u_;
  double f_;
} asc__sv;

static inline asc__sv asc__sv_i(long long v) {
  asc__sv s = {0};
  s.kind_ = ASC__SV_INT;
  s.i_ = v;
  return s;
}
static inline asc__sv asc__sv_u(unsigned long long v) {
  asc__sv s = {0};
  s.kind_ = ASC__SV_UINT;
  s.u_ = v;
  return s;
}
static inline asc__sv asc__sv_f(double v) {
  asc__sv s = {0};
  s.kind_ = ASC__SV_FLOAT;
  s.f_ = v;
  return s;
}
static inline asc__sv asc__sv_vi(asc_int v) {
  asc__sv s = {0};
  s.kind_ = ASC__SV_VALUE;
  s.p_ = v.p_;
  s.k_ = v.k_;
  return s;
}
static inline asc__sv asc__sv_vf(asc_float v) {
  asc__sv s = {0};
  s.kind_ = ASC__SV_VALUE;
  s.p_ = v.p_;
  s.k_ = v.k_;
  return s;
}
static inline asc__sv asc__sv_vb(asc_bool v) {
  asc__sv s = {0};
  s.kind_ = ASC__SV_VALUE;
  s.p_ = v.p_;
  s.k_ = v.k_;
  return s;
}

static inline asc__sv asc__sv_t(asc_local_tensor t) {
  asc__sv s = {0};
  s.kind_ = ASC__SV_TENSOR;
  s.p_ = t.p_;
  s.k_ = t.k_;
  return s;
}

/* clang-format off */
#define ASC__CINTS(fs, fu)                                                     \
  char: fs, signed char: fs, unsigned char: fs, short: fs,                     \
  unsigned short: fs, int: fs, unsigned: fu, long: fs, unsigned long: fu,      \
  long long: fs, unsigned long long: fu, _Bool: fs
/* clang-format on */
/* RuntimeInt: asc_int or a C integer. */
/* clang-format off */
#define ASC__I(x)                                                              \
  _Generic((x),                                                                \
      asc_int: asc__sv_vi,                                                     \
      ASC__CINTS(asc__sv_i, asc__sv_u))(x)
/* clang-format on */
/* RuntimeNumeric: asc_int, asc_float or a C number. */
/* clang-format off */
#define ASC__N(x)                                                              \
  _Generic((x),                                                                \
      asc_int: asc__sv_vi,                                                     \
      asc_float: asc__sv_vf,                                                   \
      float: asc__sv_f,                                                        \
      double: asc__sv_f,                                                       \
      ASC__CINTS(asc__sv_i, asc__sv_u))(x)
/* clang-format on */
/* RuntimeFloat: asc_float or a C number. */
/* clang-format off */
#define ASC__F(x)                                                              \
  _Generic((x),                                                                \
      asc_float: asc__sv_vf,                                                   \
      float: asc__sv_f,                                                        \
      double: asc__sv_f,                                                       \
      ASC__CINTS(asc__sv_i, asc__sv_u))(x)
/* clang-format on */
/* RuntimeBool: asc_bool or a C integer (0/1). */
/* clang-format off */
#define ASC__B(x)                                                              \
  _Generic((x),                                                                \
      asc_bool: asc__sv_vb,                                                    \
      ASC__CINTS(asc__sv_i, asc__sv_u))(x)
/* clang-format on */
/* Any scalar: asc_int, asc_float, asc_bool or a C number. */
/* clang-format off */
#define ASC__ANY(x)                                                            \
  _Generic((x),                                                                \
      asc_int: asc__sv_vi,                                                     \
      asc_float: asc__sv_vf,                                                   \
      asc_bool: asc__sv_vb,                                                    \
      float: asc__sv_f,                                                        \
      double: asc__sv_f,                                                       \
      ASC__CINTS(asc__sv_i, asc__sv_u))(x)
/* clang-format on */
/* A condition: asc_bool, or asc_int tested != 0. */
/* clang-format off */
#define ASC__COND(x)                                                           \
  _Generic((x),                                                                \
      asc_bool: asc__sv_vb,                                                    \
      asc_int: asc__sv_vi)(x)
/* clang-format on */

/* A tensor operand of data_copy: local or global. */
typedef struct {
  void *p_;
  unsigned k_;
  int global_;
} asc__tensor;
static inline asc__tensor asc__t_local(asc_local_tensor t) {
  asc__tensor r = {t.p_, t.k_, 0};
  return r;
}
static inline asc__tensor asc__t_global(asc_global_tensor t) {
  asc__tensor r = {t.p_, t.k_, 1};
  return r;
}
/* clang-format off */
#define ASC__T(x)                                                              \
  _Generic((x),                                                                \
      asc_local_tensor: asc__t_local,                                          \
      asc_global_tensor: asc__t_global)(x)
/* clang-format on */

/* ======================================================================== */
/* Kernel arguments (docs/ir.md §1.3 conventions; each gets a NameLoc "name") */

/* GlobalAddress argument: memref<?xT, 22> (C++ `__gm__ T*`). */
asc_gm_addr asc_arg_gm_at(const char *file, int line, asc_kernel *k,
                          const char *name, asc_dtype dt);
/* Scalar arguments: a Python int is i32, a float f32, a bool i8. */
asc_int asc_arg_int_at(const char *file, int line, asc_kernel *k,
                       const char *name, asc_dtype dt);
asc_float asc_arg_float_at(const char *file, int line, asc_kernel *k,
                           const char *name, asc_dtype dt);
#define asc_arg_gm(k, name, dt) asc_arg_gm_at(ASC__AT, k, name, dt)
#define asc_arg_int(k, name, dt) asc_arg_int_at(ASC__AT, k, name, dt)
#define asc_arg_float(k, name, dt) asc_arg_float_at(ASC__AT, k, name, dt)
#define asc_arg_i32(k, name) asc_arg_int_at(ASC__AT, k, name, ASC_INT32)
#define asc_arg_f32(k, name) asc_arg_float_at(ASC__AT, k, name, ASC_FLOAT)
#define asc_arg_bool(k, name) asc_arg_int_at(ASC__AT, k, name, ASC_INT8)

/* ======================================================================== */
/* Scalar arithmetic (pyasc PlainValue operators) -> arith ops              */

/* a OP b. The result type is that of the runtime operand (pyasc's rule);
 * the C constant is materialised in that type. Both operands constant is an
 * error (compute it in C). Integer ops need signless integers. */
asc_int asc_iadd_at(const char *file, int line, asc__sv a, asc__sv b);
asc_int asc_isub_at(const char *file, int line, asc__sv a, asc__sv b);
asc_int asc_imul_at(const char *file, int line, asc__sv a, asc__sv b);
asc_int asc_idiv_at(const char *file, int line, asc__sv a, asc__sv b);
asc_int asc_irem_at(const char *file, int line, asc__sv a, asc__sv b);
asc_int asc_imin_at(const char *file, int line, asc__sv a, asc__sv b);
asc_int asc_imax_at(const char *file, int line, asc__sv a, asc__sv b);
/* a.ceildiv(b) (pyasc's RuntimeInt.ceildiv: arith.ceildivsi). */
asc_int asc_iceildiv_at(const char *file, int line, asc__sv a, asc__sv b);
asc_float asc_fadd_at(const char *file, int line, asc__sv a, asc__sv b);
asc_float asc_fsub_at(const char *file, int line, asc__sv a, asc__sv b);
asc_float asc_fmul_at(const char *file, int line, asc__sv a, asc__sv b);
asc_float asc_fdiv_at(const char *file, int line, asc__sv a, asc__sv b);
/* Comparisons: cmpi slt/sle/... on integers, cmpf olt/ole/... on floats. */
typedef enum { ASC__EQ, ASC__NE, ASC__LT, ASC__LE, ASC__GT, ASC__GE } asc__cmp;
asc_bool asc_cmp_at(const char *file, int line, asc__cmp pred, asc__sv a,
                    asc__sv b);
asc_int asc_iselect_at(const char *file, int line, asc_bool c, asc__sv a,
                       asc__sv b);
asc_float asc_fselect_at(const char *file, int line, asc_bool c, asc__sv a,
                         asc__sv b);
/* PlainValue.cast(dtype): arith/emitc conversions with pyasc's rules. */
asc_int asc_to_int_at(const char *file, int line, asc__sv x, asc_dtype dt);
asc_float asc_to_float_at(const char *file, int line, asc__sv x, asc_dtype dt);

/* Float if either operand is floating (asc_float or a C double). */
/* clang-format off */
#define ASC__ARITH(fi, ff, a, b)                                               \
  _Generic((a),                                                                \
      asc_float: ff,                                                           \
      float: ff,                                                               \
      double: ff,                                                              \
      default: _Generic((b),                                                   \
        asc_float: ff,                                                         \
        float: ff,                                                             \
        double: ff,                                                            \
        default: fi))
/* clang-format on */
#define ASC__SCALAR2(fi, ff, a, b)                                             \
  ASC__ARITH(fi, ff, a, b)(ASC__AT, ASC__N(a), ASC__N(b))

#define asc__add_2(a, b) ASC__SCALAR2(asc_iadd_at, asc_fadd_at, a, b)
#define asc__sub_2(a, b) ASC__SCALAR2(asc_isub_at, asc_fsub_at, a, b)
#define asc__mul_2(a, b) ASC__SCALAR2(asc_imul_at, asc_fmul_at, a, b)
#define asc__div_2(a, b) ASC__SCALAR2(asc_idiv_at, asc_fdiv_at, a, b)
#define asc__min_2(a, b) asc_imin_at(ASC__AT, ASC__I(a), ASC__I(b))
#define asc__max_2(a, b) asc_imax_at(ASC__AT, ASC__I(a), ASC__I(b))
#define asc_rem(a, b) asc_irem_at(ASC__AT, ASC__I(a), ASC__I(b))
#define asc_ceildiv(a, b) asc_iceildiv_at(ASC__AT, ASC__I(a), ASC__I(b))
#define asc_eq(a, b) asc_cmp_at(ASC__AT, ASC__EQ, ASC__N(a), ASC__N(b))
#define asc_ne(a, b) asc_cmp_at(ASC__AT, ASC__NE, ASC__N(a), ASC__N(b))
#define asc_lt(a, b) asc_cmp_at(ASC__AT, ASC__LT, ASC__N(a), ASC__N(b))
#define asc_le(a, b) asc_cmp_at(ASC__AT, ASC__LE, ASC__N(a), ASC__N(b))
#define asc_gt(a, b) asc_cmp_at(ASC__AT, ASC__GT, ASC__N(a), ASC__N(b))
#define asc_ge(a, b) asc_cmp_at(ASC__AT, ASC__GE, ASC__N(a), ASC__N(b))
/* c ? a : b (arith.select); with six arguments, the vector Select below */
#define asc_select(...) ASC__OVERLOAD(asc__select_, __VA_ARGS__)
#define asc__select_3(c, a, b)                                                 \
  ASC__ARITH(asc_iselect_at, asc_fselect_at, a, b)                             \
  (ASC__AT, c, ASC__N(a), ASC__N(b))
#define asc_to_int(x, dt) asc_to_int_at(ASC__AT, ASC__N(x), dt)
#define asc_to_float(x, dt) asc_to_float_at(ASC__AT, ASC__N(x), dt)

/* ======================================================================== */
/* Cells for values carried out of loops and branches                      */

asc_int_var asc_var_int_at(const char *file, int line, asc__sv init);
asc_float_var asc_var_float_at(const char *file, int line, asc__sv init);
asc_bool_var asc_var_bool_at(const char *file, int line, asc__sv init);
asc_int asc_get_int_at(const char *file, int line, asc_int_var v);
asc_float asc_get_float_at(const char *file, int line, asc_float_var v);
asc_bool asc_get_bool_at(const char *file, int line, asc_bool_var v);
void asc_set_int_at(const char *file, int line, asc_int_var v, asc__sv x);
void asc_set_float_at(const char *file, int line, asc_float_var v, asc__sv x);
void asc_set_bool_at(const char *file, int line, asc_bool_var v, asc__sv x);

/* asc_var(init): an int cell (i32 for a C integer, the value's type for an
 * asc_int), a float cell (f32 for a C double) or a bool cell. */
/* clang-format off */
#define asc_var(init)                                                          \
  _Generic((init),                                                             \
      asc_int: asc_var_int_at,                                                 \
      asc_float: asc_var_float_at,                                             \
      asc_bool: asc_var_bool_at,                                               \
      float: asc_var_float_at,                                                 \
      double: asc_var_float_at,                                                \
      ASC__CINTS(asc_var_int_at, asc_var_int_at))(ASC__AT, ASC__ANY(init))
/* clang-format on */
/* clang-format off */
#define asc_get(v)                                                             \
  _Generic((v),                                                                \
      asc_int_var: asc_get_int_at,                                             \
      asc_float_var: asc_get_float_at,                                         \
      asc_bool_var: asc_get_bool_at)(ASC__AT, v)
/* clang-format on */
/* clang-format off */
#define asc_set(v, x)                                                          \
  _Generic((v),                                                                \
      asc_int_var: asc_set_int_at,                                             \
      asc_float_var: asc_set_float_at,                                         \
      asc_bool_var: asc_set_bool_at)(ASC__AT, v, ASC__ANY(x))
/* clang-format on */

/* ======================================================================== */
/* Control flow                                                              */

typedef struct asc__frame asc__frame;
asc__frame *asc__for_open(const char *file, int line, asc__sv lo, asc__sv hi,
                          asc__sv step);
asc__frame *asc__if_open(const char *file, int line, asc__sv cond);
asc__frame *asc__else_open(const char *file, int line);
asc_int asc__frame_iv(asc__frame *f);
int asc__frame_enter(asc__frame *f);
int asc__frame_body(asc__frame *f);
void asc__frame_body_end(asc__frame *f);
void asc__frame_cleanup(asc__frame **f);

#define ASC__FOR_IMPL(F, iv, lo, hi, step)                                     \
  for (asc__frame *F ASC__CLEANUP =                                            \
           asc__for_open(ASC__AT, ASC__I(lo), ASC__I(hi), ASC__I(step));       \
       asc__frame_enter(F);)                                                   \
    for (asc_int iv ASC__UNUSED = asc__frame_iv(F); asc__frame_body(F);        \
         asc__frame_body_end(F))
#define ASC_FOR_STEP(iv, lo, hi, step)                                         \
  ASC__FOR_IMPL(ASC__UNIQ(asc__frame_), iv, lo, hi, step)
#define ASC_FOR(iv, lo, hi) ASC_FOR_STEP(iv, lo, hi, 1)

#define ASC__IF_IMPL(F, open)                                                  \
  for (asc__frame *F ASC__CLEANUP = open; asc__frame_enter(F);)                \
    for (; asc__frame_body(F); asc__frame_body_end(F))
#define ASC_IF(c)                                                              \
  ASC__IF_IMPL(ASC__UNIQ(asc__frame_), asc__if_open(ASC__AT, ASC__COND(c)))
#define ASC_ELSE ASC__IF_IMPL(ASC__UNIQ(asc__frame_), asc__else_open(ASC__AT))

/* ======================================================================== */
/* Framework: TPipe, TQue, TQueBind, TBuf (docs/ir.md §3)                     */

asc_tpipe asc_tpipe_at(const char *file, int line);
asc_tquebind asc_tque_at(const char *file, int line, asc_tposition pos,
                         int depth);
asc_tquebind asc_tquebind_at(const char *file, int line, asc_tposition src,
                             asc_tposition dst, int depth);
asc_tbuf asc_tbuf_at(const char *file, int line, asc_tposition pos);
#define asc_tpipe() asc_tpipe_at(ASC__AT)
#define asc_tque(pos, depth) asc_tque_at(ASC__AT, pos, depth)
#define asc_tquebind(src, dst, depth) asc_tquebind_at(ASC__AT, src, dst, depth)
#define asc_tbuf(pos) asc_tbuf_at(ASC__AT, pos)

void asc_tpipe_init_buffer_que_at(const char *file, int line, asc_tpipe p,
                                  asc_tquebind q, asc__sv num, asc__sv len);
void asc_tpipe_init_buffer_buf_at(const char *file, int line, asc_tpipe p,
                                  asc_tbuf b, asc__sv len);
/* asc_tpipe_init_buffer(pipe, que, num, len) / (pipe, tbuf, len) */
#define asc_tpipe_init_buffer(...)                                             \
  ASC__OVERLOAD(asc__tpipe_init_buffer_, __VA_ARGS__)
#define asc__tpipe_init_buffer_4(p, q, num, len)                               \
  asc_tpipe_init_buffer_que_at(ASC__AT, p, q, ASC__I(num), ASC__I(len))
#define asc__tpipe_init_buffer_3(p, b, len)                                    \
  asc_tpipe_init_buffer_buf_at(ASC__AT, p, b, ASC__I(len))
void asc_tpipe_init_at(const char *file, int line, asc_tpipe p);
void asc_tpipe_reset_at(const char *file, int line, asc_tpipe p);
void asc_tpipe_destroy_at(const char *file, int line, asc_tpipe p);
#define asc_tpipe_init(p) asc_tpipe_init_at(ASC__AT, p)
#define asc_tpipe_reset(p) asc_tpipe_reset_at(ASC__AT, p)
#define asc_tpipe_destroy(p) asc_tpipe_destroy_at(ASC__AT, p)
/* Event ids (i32, as pyasc); the event defaults to V_S as in pyasc. */
asc_int asc_tpipe_alloc_event_id_at(const char *file, int line, asc_tpipe p,
                                    asc_hardevent ev);
asc_int asc_tpipe_fetch_event_id_at(const char *file, int line, asc_tpipe p,
                                    asc_hardevent ev);
void asc_tpipe_release_event_id_at(const char *file, int line, asc_tpipe p,
                                   asc__sv id, asc_hardevent ev);
#define asc_tpipe_alloc_event_id(...)                                          \
  ASC__OVERLOAD(asc__tpipe_alloc_event_id_, __VA_ARGS__)
#define asc__tpipe_alloc_event_id_1(p)                                         \
  asc_tpipe_alloc_event_id_at(ASC__AT, p, ASC_HARDEVENT_V_S)
#define asc__tpipe_alloc_event_id_2(p, ev)                                     \
  asc_tpipe_alloc_event_id_at(ASC__AT, p, ev)
#define asc_tpipe_fetch_event_id(...)                                          \
  ASC__OVERLOAD(asc__tpipe_fetch_event_id_, __VA_ARGS__)
#define asc__tpipe_fetch_event_id_1(p)                                         \
  asc_tpipe_fetch_event_id_at(ASC__AT, p, ASC_HARDEVENT_V_S)
#define asc__tpipe_fetch_event_id_2(p, ev)                                     \
  asc_tpipe_fetch_event_id_at(ASC__AT, p, ev)
#define asc_tpipe_release_event_id(...)                                        \
  ASC__OVERLOAD(asc__tpipe_release_event_id_, __VA_ARGS__)
#define asc__tpipe_release_event_id_2(p, id)                                   \
  asc_tpipe_release_event_id_at(ASC__AT, p, ASC__I(id), ASC_HARDEVENT_V_S)
#define asc__tpipe_release_event_id_3(p, id, ev)                               \
  asc_tpipe_release_event_id_at(ASC__AT, p, ASC__I(id), ev)

asc_local_tensor asc_tquebind_alloc_tensor_at(const char *file, int line,
                                              asc_tquebind q, asc_dtype dt);
void asc_tquebind_alloc_tensor_in_place_at(const char *file, int line,
                                           asc_tquebind q, asc_local_tensor t);
void asc_tquebind_enque_at(const char *file, int line, asc_tquebind q,
                           asc_local_tensor t);
void asc_tquebind_enque_pos_at(const char *file, int line, asc_tquebind q,
                               asc_local_tensor t, asc_tposition src,
                               asc_tposition dst);
asc_local_tensor asc_tquebind_deque_at(const char *file, int line,
                                       asc_tquebind q, asc_dtype dt);
void asc_tquebind_deque_in_place_at(const char *file, int line, asc_tquebind q,
                                    asc_local_tensor t);
asc_local_tensor asc_tquebind_deque_pos_at(const char *file, int line,
                                           asc_tquebind q, asc_dtype dt,
                                           asc_tposition src,
                                           asc_tposition dst);
void asc_tquebind_free_tensor_at(const char *file, int line, asc_tquebind q,
                                 asc_local_tensor t);
void asc_tquebind_free_all_event_at(const char *file, int line, asc_tquebind q);
asc_bool asc_tquebind_has_idle_buffer_at(const char *file, int line,
                                         asc_tquebind q);
asc_bool asc_tquebind_has_tensor_in_que_at(const char *file, int line,
                                           asc_tquebind q);
asc_bool asc_tquebind_vacant_in_que_at(const char *file, int line,
                                       asc_tquebind q);
asc_int asc_tquebind_get_tensor_count_in_que_at(const char *file, int line,
                                                asc_tquebind q);

/* alloc_tensor(q, dtype) -> tensor; alloc_tensor(q, tensor) in place. */
/* clang-format off */
#define asc_tquebind_alloc_tensor(q, x)                                        \
  _Generic((x),                                                                \
      asc_local_tensor: asc_tquebind_alloc_tensor_in_place_at,                 \
      default: asc_tquebind_alloc_tensor_at)(ASC__AT, q, x)
/* clang-format on */
/* enque(q, t) / enque(q, t, src_user_pos, dst_user_pos) */
#define asc_tquebind_enque(...) ASC__OVERLOAD(asc__tquebind_enque_, __VA_ARGS__)
#define asc__tquebind_enque_2(q, t) asc_tquebind_enque_at(ASC__AT, q, t)
#define asc__tquebind_enque_4(q, t, s, d)                                      \
  asc_tquebind_enque_pos_at(ASC__AT, q, t, s, d)
/* deque(q, dtype) / deque(q, tensor) in place / deque(q, dtype, src, dst) */
#define asc_tquebind_deque(...) ASC__OVERLOAD(asc__tquebind_deque_, __VA_ARGS__)
/* clang-format off */
#define asc__tquebind_deque_2(q, x)                                            \
  _Generic((x),                                                                \
      asc_local_tensor: asc_tquebind_deque_in_place_at,                        \
      default: asc_tquebind_deque_at)(ASC__AT, q, x)
/* clang-format on */
#define asc__tquebind_deque_4(q, dt, s, d)                                     \
  asc_tquebind_deque_pos_at(ASC__AT, q, dt, s, d)
#define asc_tquebind_free_tensor(q, t)                                         \
  asc_tquebind_free_tensor_at(ASC__AT, q, t)
#define asc_tquebind_free_all_event(q)                                         \
  asc_tquebind_free_all_event_at(ASC__AT, q)
#define asc_tquebind_has_idle_buffer(q)                                        \
  asc_tquebind_has_idle_buffer_at(ASC__AT, q)
#define asc_tquebind_has_tensor_in_que(q)                                      \
  asc_tquebind_has_tensor_in_que_at(ASC__AT, q)
#define asc_tquebind_vacant_in_que(q) asc_tquebind_vacant_in_que_at(ASC__AT, q)
#define asc_tquebind_get_tensor_count_in_que(q)                                \
  asc_tquebind_get_tensor_count_in_que_at(ASC__AT, q)

/* TBuf.get(dtype[, len]) and TBuf.get_with_offset(size, offset, dtype);
 * len/size/offset are ui32 in the IR. */
asc_local_tensor asc_tbuf_get_at(const char *file, int line, asc_tbuf b,
                                 asc_dtype dt);
asc_local_tensor asc_tbuf_get_len_at(const char *file, int line, asc_tbuf b,
                                     asc_dtype dt, asc__sv len);
asc_local_tensor asc_tbuf_get_with_offset_at(const char *file, int line,
                                             asc_tbuf b, asc__sv size,
                                             asc__sv offset, asc_dtype dt);
#define asc_tbuf_get(...) ASC__OVERLOAD(asc__tbuf_get_, __VA_ARGS__)
#define asc__tbuf_get_2(b, dt) asc_tbuf_get_at(ASC__AT, b, dt)
#define asc__tbuf_get_3(b, dt, len)                                            \
  asc_tbuf_get_len_at(ASC__AT, b, dt, ASC__I(len))
#define asc_tbuf_get_with_offset(b, size, off, dt)                             \
  asc_tbuf_get_with_offset_at(ASC__AT, b, ASC__I(size), ASC__I(off), dt)
/* TBuf.alloc_tensor(dtype) / free_tensor(t), inherited from TQueBind in
 * pyasc: alloc gives the buffer's tensor; the simulator reports the free
 * (TBuf memory is never released). */
asc_local_tensor asc_tbuf_alloc_tensor_at(const char *file, int line,
                                          asc_tbuf b, asc_dtype dt);
void asc_tbuf_free_tensor_at(const char *file, int line, asc_tbuf b,
                             asc_local_tensor t);
#define asc_tbuf_alloc_tensor(b, dt) asc_tbuf_alloc_tensor_at(ASC__AT, b, dt)
#define asc_tbuf_free_tensor(b, t) asc_tbuf_free_tensor_at(ASC__AT, b, t)

/* ======================================================================== */
/* Tensors (docs/ir.md §4)                                                    */

/* GlobalAddress `x + offset` (index_cast + emitasc.ptr_offset). */
asc_gm_addr asc_gm_addr_add_at(const char *file, int line, asc_gm_addr a,
                               asc__sv off);
asc_dtype asc_gm_addr_dtype_at(const char *file, int line, asc_gm_addr a);
#define asc_gm_addr_add(a, off) asc_gm_addr_add_at(ASC__AT, a, ASC__I(off))
#define asc_gm_addr_dtype(a) asc_gm_addr_dtype_at(ASC__AT, a)

/* asc.GlobalTensor(): an empty GlobalTensor; set_global_buffer creates the
 * ascendc.global_tensor op, exactly as pyasc does. */
asc_global_tensor asc_globaltensor_at(const char *file, int line);
void asc_globaltensor_set_global_buffer_at(const char *file, int line,
                                           asc_global_tensor g, asc_gm_addr a);
void asc_globaltensor_set_global_buffer_size_at(const char *file, int line,
                                                asc_global_tensor g,
                                                asc_gm_addr a, asc__sv size);
asc_global_tensor asc_globaltensor_subindex_at(const char *file, int line,
                                               asc_global_tensor g, asc__sv i);
asc_global_tensor asc_globaltensor_bracket_at(const char *file, int line,
                                              asc_global_tensor g, asc__sv i);
asc_int asc_globaltensor_get_value_int_at(const char *file, int line,
                                          asc_global_tensor g, asc__sv off);
asc_float asc_globaltensor_get_value_float_at(const char *file, int line,
                                              asc_global_tensor g, asc__sv off);
void asc_globaltensor_set_value_at(const char *file, int line,
                                   asc_global_tensor g, asc__sv off, asc__sv v);
asc_int asc_globaltensor_get_size_at(const char *file, int line,
                                     asc_global_tensor g);
asc_gm_addr asc_globaltensor_get_phy_addr_at(const char *file, int line,
                                             asc_global_tensor g, asc__sv off);
asc_dtype asc_globaltensor_dtype_at(const char *file, int line,
                                    asc_global_tensor g);
#define asc_globaltensor() asc_globaltensor_at(ASC__AT)
#define asc_globaltensor_set_global_buffer(...)                                \
  ASC__OVERLOAD(asc__globaltensor_sgb_, __VA_ARGS__)
#define asc__globaltensor_sgb_2(g, a)                                          \
  asc_globaltensor_set_global_buffer_at(ASC__AT, g, a)
#define asc__globaltensor_sgb_3(g, a, n)                                       \
  asc_globaltensor_set_global_buffer_size_at(ASC__AT, g, a, ASC__I(n))
#define asc_globaltensor_subindex(g, i)                                        \
  asc_globaltensor_subindex_at(ASC__AT, g, ASC__I(i))
#define asc_globaltensor_bracket(g, i)                                         \
  asc_globaltensor_bracket_at(ASC__AT, g, ASC__I(i))
#define asc_globaltensor_get_value_int(g, off)                                 \
  asc_globaltensor_get_value_int_at(ASC__AT, g, ASC__I(off))
#define asc_globaltensor_get_value_float(g, off)                               \
  asc_globaltensor_get_value_float_at(ASC__AT, g, ASC__I(off))
#define asc_globaltensor_set_value(g, off, v)                                  \
  asc_globaltensor_set_value_at(ASC__AT, g, ASC__I(off), ASC__N(v))
#define asc_globaltensor_get_size(g) asc_globaltensor_get_size_at(ASC__AT, g)
#define asc_globaltensor_get_phy_addr(...)                                     \
  ASC__OVERLOAD(asc__globaltensor_gpa_, __VA_ARGS__)
#define asc__globaltensor_gpa_1(g)                                             \
  asc_globaltensor_get_phy_addr_at(ASC__AT, g, asc__sv_i(0))
#define asc__globaltensor_gpa_2(g, off)                                        \
  asc_globaltensor_get_phy_addr_at(ASC__AT, g, ASC__I(off))
#define asc_globaltensor_dtype(g) asc_globaltensor_dtype_at(ASC__AT, g)

/* asc.LocalTensor(dtype) and asc.LocalTensor(dtype, pos, addr, tile_size)
 * (local_tensor_v2; addr and tile_size are ui32). */
asc_local_tensor asc_localtensor_at(const char *file, int line, asc_dtype dt);
asc_local_tensor asc_localtensor_pos_at(const char *file, int line,
                                        asc_dtype dt, asc_tposition pos,
                                        asc__sv addr, asc__sv tile_size);
asc_local_tensor asc_localtensor_subindex_at(const char *file, int line,
                                             asc_local_tensor t, asc__sv i);
asc_local_tensor asc_localtensor_bracket_at(const char *file, int line,
                                            asc_local_tensor t, asc__sv i);
asc_int asc_localtensor_get_value_int_at(const char *file, int line,
                                         asc_local_tensor t, asc__sv i);
asc_float asc_localtensor_get_value_float_at(const char *file, int line,
                                             asc_local_tensor t, asc__sv i);
void asc_localtensor_set_value_at(const char *file, int line,
                                  asc_local_tensor t, asc__sv i, asc__sv v);
asc_int asc_localtensor_get_size_at(const char *file, int line,
                                    asc_local_tensor t);
asc_int asc_localtensor_get_length_at(const char *file, int line,
                                      asc_local_tensor t);
asc_int asc_localtensor_get_phy_addr_at(const char *file, int line,
                                        asc_local_tensor t, asc__sv off);
asc_local_tensor asc_localtensor_reinterpret_cast_at(const char *file, int line,
                                                     asc_local_tensor t,
                                                     asc_dtype dt);
asc_dtype asc_localtensor_dtype_at(const char *file, int line,
                                   asc_local_tensor t);
/* asc.LocalTensorAuto(dtype, shape): a tensor whose buffer the compiler
 * allocates (-ascendc-materialize-tensor). All-constant dims give a static
 * shape (`<8x32xf16>`); any runtime dim makes every dim an i64 operand and
 * the type element-only, as pyasc does. 1 to 4 dims. */
asc_local_tensor asc_localtensorauto_at(const char *file, int line,
                                        asc_dtype dt, unsigned ndims,
                                        const asc__sv *dims);
#define asc_localtensorauto(...)                                               \
  ASC__OVERLOAD(asc__localtensorauto_, __VA_ARGS__)
#define asc__localtensorauto_2(dt, a)                                          \
  asc_localtensorauto_at(ASC__AT, dt, 1, (asc__sv[]){ASC__I(a)})
#define asc__localtensorauto_3(dt, a, b)                                       \
  asc_localtensorauto_at(ASC__AT, dt, 2, (asc__sv[]){ASC__I(a), ASC__I(b)})
#define asc__localtensorauto_4(dt, a, b, c)                                    \
  asc_localtensorauto_at(ASC__AT, dt, 3,                                       \
                         (asc__sv[]){ASC__I(a), ASC__I(b), ASC__I(c)})
#define asc__localtensorauto_5(dt, a, b, c, d)                                 \
  asc_localtensorauto_at(                                                      \
      ASC__AT, dt, 4, (asc__sv[]){ASC__I(a), ASC__I(b), ASC__I(c), ASC__I(d)})
#define asc_localtensor(...) ASC__OVERLOAD(asc__localtensor_, __VA_ARGS__)
#define asc__localtensor_1(dt) asc_localtensor_at(ASC__AT, dt)
#define asc__localtensor_4(dt, pos, addr, size)                                \
  asc_localtensor_pos_at(ASC__AT, dt, pos, ASC__I(addr), ASC__I(size))
#define asc_localtensor_subindex(t, i)                                         \
  asc_localtensor_subindex_at(ASC__AT, t, ASC__I(i))
#define asc_localtensor_bracket(t, i)                                          \
  asc_localtensor_bracket_at(ASC__AT, t, ASC__I(i))
#define asc_localtensor_get_value_int(t, i)                                    \
  asc_localtensor_get_value_int_at(ASC__AT, t, ASC__I(i))
#define asc_localtensor_get_value_float(t, i)                                  \
  asc_localtensor_get_value_float_at(ASC__AT, t, ASC__I(i))
#define asc_localtensor_set_value(t, i, v)                                     \
  asc_localtensor_set_value_at(ASC__AT, t, ASC__I(i), ASC__N(v))
#define asc_localtensor_get_size(t) asc_localtensor_get_size_at(ASC__AT, t)
#define asc_localtensor_get_length(t) asc_localtensor_get_length_at(ASC__AT, t)
#define asc_localtensor_get_phy_addr(...)                                      \
  ASC__OVERLOAD(asc__localtensor_gpa_, __VA_ARGS__)
#define asc__localtensor_gpa_1(t)                                              \
  asc_localtensor_get_phy_addr_at(ASC__AT, t, asc__sv_i(0))
#define asc__localtensor_gpa_2(t, off)                                         \
  asc_localtensor_get_phy_addr_at(ASC__AT, t, ASC__I(off))
#define asc_localtensor_reinterpret_cast(t, dt)                                \
  asc_localtensor_reinterpret_cast_at(ASC__AT, t, dt)
#define asc_localtensor_dtype(t) asc_localtensor_dtype_at(ASC__AT, t)

/* ======================================================================== */
/* Basic ops (docs/ir.md §5)                                                  */

/* asc.DataCopyParams(block_count, block_len, src_stride, dst_stride):
 * ascendc.construct with i32 operands and [ui16 x 4] field types. */
asc_data_copy_params asc_datacopyparams_at(const char *file, int line,
                                           asc__sv block_count,
                                           asc__sv block_len,
                                           asc__sv src_stride,
                                           asc__sv dst_stride);
#define asc_datacopyparams(bc, bl, ss, ds)                                     \
  asc_datacopyparams_at(ASC__AT, ASC__I(bc), ASC__I(bl), ASC__I(ss), ASC__I(ds))

/* data_copy(dst, src, count) (data_copy_l2, count i32) and
 * data_copy(dst, src, params) (data_copy_l0). dst/src: local or global. */
void asc_data_copy_at(const char *file, int line, asc__tensor dst,
                      asc__tensor src, asc__sv count_or_params);
static inline asc__sv asc__sv_dcp(asc_data_copy_params p) {
  asc__sv s = {0};
  s.kind_ = ASC__SV_PARAMS;
  s.p_ = p.p_;
  s.k_ = p.k_;
  return s;
}
static inline asc__sv asc__sv_nd2nz(asc_nd2nz_params p) {
  asc__sv s = {0};
  s.kind_ = ASC__SV_PARAMS;
  s.p_ = p.p_;
  s.k_ = p.k_;
  return s;
}
/* data_copy(dst, src, nd2nz_params): GM (ND) -> A1/B1 (NZ), the cube's
 * format-converting copy (data_copy_nd2nz); data_copy(gm, ub,
 * nz2nd_params_full): UB (NZ) -> GM (ND) (data_copy_nz2nd, asc_data.h). */
/* clang-format off */
#define asc_data_copy(dst, src, n)                                             \
  asc_data_copy_at(ASC__AT, ASC__T(dst), ASC__T(src), _Generic((n),           \
      asc_data_copy_params: asc__sv_dcp,                                       \
      asc_nd2nz_params: asc__sv_nd2nz,                                         \
      asc_nz2nd_params_full: asc__sv_nz2nd,                                    \
      asc_int: asc__sv_vi,                                                     \
      ASC__CINTS(asc__sv_i, asc__sv_u))(n))
/* clang-format on */

/* data_copy_pad(dst, src, params[, pad_params]): the unaligned copy.
 * GM -> UB takes pad_params (data_copy_pad_l0), UB -> GM does not
 * (data_copy_pad_l2); params.blockLen counts bytes here, and the strides
 * are bytes on the GM side and 32-byte blocks on the UB side.
 * asc_datacopypadparams(is_pad, left_padding, right_padding, value):
 * DataCopyPadParams, [i1, ui16, ui16, ui64]; value is the padding
 * element's bit pattern (the C++ field is uint64_t). */
asc_data_copy_pad_params asc_datacopypadparams_at(const char *file, int line,
                                                  asc__sv is_pad,
                                                  asc__sv left_padding,
                                                  asc__sv right_padding,
                                                  asc__sv value);
#define asc_datacopypadparams(p, l, r, v)                                      \
  asc_datacopypadparams_at(ASC__AT, ASC__B(p), ASC__I(l), ASC__I(r), ASC__I(v))
void asc_data_copy_pad_at(const char *file, int line, asc__tensor dst,
                          asc__tensor src, asc_data_copy_params params,
                          asc_data_copy_pad_params pad, bool has_pad);
#define asc_data_copy_pad(...) ASC__OVERLOAD(asc__data_copy_pad_, __VA_ARGS__)
/* params an asc_data_copy_params: the forms above; an
 * asc_data_copy_ext_params: the extended forms (casc/asc_data_copy_ext.h) */
/* clang-format off */
#define asc__data_copy_pad_3(d, s, p)                                          \
  _Generic((p),                                                                \
      asc_data_copy_params: asc__data_copy_pad_plain3,                         \
      asc_data_copy_ext_params: asc__data_copy_pad_ext3)(                      \
      ASC__AT, ASC__T(d), ASC__T(s), p)
#define asc__data_copy_pad_4(d, s, p, pad)                                     \
  _Generic((p),                                                                \
      asc_data_copy_params: asc__data_copy_pad_plain4,                         \
      asc_data_copy_ext_params: asc__data_copy_pad_ext4)(                      \
      ASC__AT, ASC__T(d), ASC__T(s), p, pad)
/* clang-format on */

/* ======================================================================== */
/* Cube unit (pyasc asc.language.basic mm / fixpipe; docs/simulator.md      */
/* "The cube path"). Matrices move GM -(DataCopy Nd2Nz, MTE2)-> A1/B1 (L1)   */
/* -(LoadData, MTE1)-> A2/B2 (L0A/L0B) -(Mmad, M)-> CO1 (L0C) -(Fixpipe,     */
/* FIX)-> GM. Every parameter struct is an ascendc.construct with pyasc's    */
/* operand and field types.                                                   */

/* QuantMode_t of FixpipeParamsV220 (pyasc QuantModes). */
typedef enum {
  ASC_QUANTMODE_NOQUANT = 0,
  ASC_QUANTMODE_F322F16 = 1,
  ASC_QUANTMODE_F322BF16 = 2,
  ASC_QUANTMODE_DEQF16 = 3,
  ASC_QUANTMODE_VDEQF16 = 4,
  ASC_QUANTMODE_QF322B8_PRE = 5,
  ASC_QUANTMODE_VQF322B8_PRE = 6,
  ASC_QUANTMODE_REQ8 = 7,
  ASC_QUANTMODE_VREQ8 = 8
} asc_quantmode;

/* CO2Layout of FixpipeConfig: NZ keeps the fractal layout, ROW_MAJOR
 * writes ND (NZ2ND). */
typedef enum {
  ASC_CO2LAYOUT_NZ = 0,
  ASC_CO2LAYOUT_ROW_MAJOR = 1,
  ASC_CO2LAYOUT_COLUMN_MAJOR = 2
} asc_co2layout;

/* asc.Nd2NzParams(nd_num, n_value, d_value, src_nd_matrix_stride,
 * src_d_value, dst_nz_c0_stride, dst_nz_n_stride, dst_nz_matrix_stride):
 * [ui16 x 8]. */
asc_nd2nz_params asc_nd2nzparams_at(const char *file, int line,
                                    const asc__sv *fields);
#define asc_nd2nzparams(nd, n, d, snd, sd, c0, ns, nm)                         \
  asc_nd2nzparams_at(ASC__AT, (asc__sv[]){ASC__I(nd), ASC__I(n), ASC__I(d),    \
                                          ASC__I(snd), ASC__I(sd), ASC__I(c0), \
                                          ASC__I(ns), ASC__I(nm)})

/* asc.LoadData2DParams(start_index, repeat_times, src_stride, sid, dst_gap,
 * if_transpose, addr_mode): [ui16, ui8, ui16, ui16, ui16, i1, ui8]. */
asc_load_data_2d_params asc_loaddata2dparams_at(const char *file, int line,
                                                const asc__sv *fields);
#define asc_loaddata2dparams(si, rt, ss, sid, dg, tr, am)                      \
  asc_loaddata2dparams_at(                                                     \
      ASC__AT, (asc__sv[]){ASC__I(si), ASC__I(rt), ASC__I(ss), ASC__I(sid),    \
                           ASC__I(dg), ASC__B(tr), ASC__I(am)})

/* asc.MmadParams(m, n, k, unit_flag, cmatrix_source, cmatrix_init_val):
 * cmatrix_init_val = 1 starts C at 0; 0 starts it from L0C (accumulate,
 * cmatrix_source 0) or from the bias table (cmatrix_source 1, the
 * asc_mmad form with a bias). [ui16 x 3, i1 x 3] as pyasc builds it. */
asc_mmad_params asc_mmadparams_at(const char *file, int line,
                                  const asc__sv *fields);
#define asc_mmadparams(m, n, k, uf, src, init)                                 \
  asc_mmadparams_at(ASC__AT,                                                   \
                    (asc__sv[]){ASC__I(m), ASC__I(n), ASC__I(k), ASC__B(uf),   \
                                ASC__B(src), ASC__B(init)})

/* asc.FixpipeParamsV220(n_size, m_size, src_stride, dst_stride, quant_pre,
 * relu_en): the other fields take pyasc's defaults (deq_scalar 0, nd_num 1,
 * src/dst_nd_stride 0, unit_flag 0, is_channel_split false). */
asc_fixpipe_params asc_fixpipeparamsv220_at(const char *file, int line,
                                            const asc__sv *fields);
#define asc_fixpipeparamsv220(n, m, ss, ds, quant, relu)                       \
  asc_fixpipeparamsv220_at(ASC__AT, (asc__sv[]){ASC__I(n), ASC__I(m),          \
                                                ASC__I(ss), ASC__I(ds),        \
                                                ASC__I(quant), ASC__B(relu)})
/* asc.FixpipeParamsV220 with every field, in pyasc's argument order:
 * deq_scalar is DEQF16's scale word (a float's bits in its low 32 bits) or
 * an int8 mode's quantisation word; nd_num ND matrices (CFG_ROW_MAJOR),
 * src_nd_stride 1024-byte L0C fractals and dst_nd_stride elements between
 * their heads; unit_flag (not simulated) and is_channel_split (f32 -> f32,
 * CFG_NZ: 16 x 8 fractals). docs/c-api.md, "Fixpipe". */
asc_fixpipe_params asc_fixpipeparamsv220_full_at(const char *file, int line,
                                                 const asc__sv *fields);
#define asc_fixpipeparamsv220_full(n, m, ss, ds, quant, deq, nd, snd, dnd,     \
                                   relu, uf, split)                            \
  asc_fixpipeparamsv220_full_at(                                               \
      ASC__AT,                                                                 \
      (asc__sv[]){ASC__I(n), ASC__I(m), ASC__I(ss), ASC__I(ds), ASC__I(quant), \
                  ASC__I(deq), ASC__I(nd), ASC__I(snd), ASC__I(dnd),           \
                  ASC__B(relu), ASC__I(uf), ASC__B(split)})
/* asc.FixpipeConfig(layout). */
asc_fixpipe_config asc_fixpipeconfig_at(const char *file, int line,
                                        asc_co2layout layout);
#define asc_fixpipeconfig(layout) asc_fixpipeconfig_at(ASC__AT, layout)

/* load_data(dst, src, params): 2-D load of 512-byte fractals, L1 (A1/B1)
 * -> L0A/L0B (A2/B2), with an optional transpose of each 16x16 fractal;
 * from a GlobalTensor (load_data_g2l) and the other params forms:
 * casc/asc_cube_forms.h. */
void asc_load_data_at(const char *file, int line, asc_local_tensor dst,
                      asc_local_tensor src, asc_load_data_2d_params params);
/* clang-format off */
#define asc_load_data(d, s, p)                                                 \
  _Generic((p),                                                                \
      asc_load_data_2d_params: asc_load_data_2d_any_at,                        \
      asc_load_data_2d_params_v2: asc_load_data_2d_v2_at,                      \
      asc_load_data_3d_params_v1: asc_load_data_3d_v1_at,                      \
      asc_load_data_3d_params_v2: asc_load_data_3d_v2_at,                      \
      asc_load_data_3d_params_v2pro: asc_load_data_3d_v2pro_at)(               \
      ASC__AT, d, ASC__T(s), p)
/* clang-format on */

/* mmad(dst, fm, filter[, bias], params): dst (CO1) = fm (A2) x filter (B2)
 * [+ bias (C2 / CO1)]; f16/bf16/f32 -> f32, int8 -> int32. */
void asc_mmad_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor fm, asc_local_tensor filter,
                 asc_local_tensor bias, bool has_bias, asc_mmad_params params);
#define asc_mmad(...) ASC__OVERLOAD(asc__mmad_, __VA_ARGS__)
#define asc__mmad_4(d, a, b, p)                                                \
  asc_mmad_at(ASC__AT, d, a, b, (asc_local_tensor){0}, false, p)
#define asc__mmad_5(d, a, b, bias, p)                                          \
  asc_mmad_at(ASC__AT, d, a, b, bias, true, p)

/* fixpipe(dst, src, params, config): CO1 -> GM with the conversions of
 * params (quant_pre, relu_en) and config's layout (the form with a
 * cbufWorkspace: casc/asc_cube_forms.h). */
void asc_fixpipe_at(const char *file, int line, asc_global_tensor dst,
                    asc_local_tensor src, asc_fixpipe_params params,
                    asc_fixpipe_config config);
#define asc_fixpipe(...) ASC__OVERLOAD(asc__fixpipe_, __VA_ARGS__)
#define asc__fixpipe_4(d, s, p, c) asc_fixpipe_at(ASC__AT, d, s, p, c)

/* Debug output (pyasc asc.dump_tensor / asc.printf). The simulator hands
 * what they print to the launch's print sink (casc_launch_opts.print;
 * `casc run` writes it to stdout), as the Ascend C CPU debug build prints
 * it (docs/simulator.md, "Printing").
 *   asc_dump_tensor(tensor, desc, dump_size): DumpTensor of a LocalTensor
 *     or GlobalTensor: a header with desc and dump_size elements.
 *   asc_printf(fmt, values...): printf with up to 7 scalars (asc_int,
 *     asc_float, asc_bool or C numbers: C integers become int32, C floats
 *     float32, as pyasc materialises them). */
void asc_dump_tensor_local_at(const char *file, int line,
                              asc_local_tensor tensor, asc__sv desc,
                              asc__sv dump_size);
void asc_dump_tensor_global_at(const char *file, int line,
                               asc_global_tensor tensor, asc__sv desc,
                               asc__sv dump_size);
/* clang-format off */
#define asc_dump_tensor(t, desc, n)                                            \
  _Generic((t),                                                                \
      asc_local_tensor: asc_dump_tensor_local_at,                              \
      asc_global_tensor: asc_dump_tensor_global_at)(ASC__AT, t, ASC__I(desc),  \
                                                    ASC__I(n))
/* clang-format on */
void asc_printf_at(const char *file, int line, const char *fmt, unsigned n,
                   const asc__sv *values);
#define asc_printf(...) ASC__OVERLOAD(asc__printf_, __VA_ARGS__)
#define asc__printf_1(f) asc_printf_at(ASC__AT, f, 0, NULL)
#define asc__printf_2(f, a)                                                    \
  asc_printf_at(ASC__AT, f, 1, (asc__sv[]){ASC__ANY(a)})
#define asc__printf_3(f, a, b)                                                 \
  asc_printf_at(ASC__AT, f, 2, (asc__sv[]){ASC__ANY(a), ASC__ANY(b)})
#define asc__printf_4(f, a, b, c)                                              \
  asc_printf_at(ASC__AT, f, 3,                                                 \
                (asc__sv[]){ASC__ANY(a), ASC__ANY(b), ASC__ANY(c)})
#define asc__printf_5(f, a, b, c, d)                                           \
  asc_printf_at(                                                               \
      ASC__AT, f, 4,                                                           \
      (asc__sv[]){ASC__ANY(a), ASC__ANY(b), ASC__ANY(c), ASC__ANY(d)})
#define asc__printf_6(f, a, b, c, d, e)                                        \
  asc_printf_at(ASC__AT, f, 5,                                                 \
                (asc__sv[]){ASC__ANY(a), ASC__ANY(b), ASC__ANY(c),             \
                            ASC__ANY(d), ASC__ANY(e)})
#define asc__printf_7(f, a, b, c, d, e, g)                                     \
  asc_printf_at(ASC__AT, f, 6,                                                 \
                (asc__sv[]){ASC__ANY(a), ASC__ANY(b), ASC__ANY(c),             \
                            ASC__ANY(d), ASC__ANY(e), ASC__ANY(g)})
#define asc__printf_8(f, a, b, c, d, e, g, h)                                  \
  asc_printf_at(ASC__AT, f, 7,                                                 \
                (asc__sv[]){ASC__ANY(a), ASC__ANY(b), ASC__ANY(c),             \
                            ASC__ANY(d), ASC__ANY(e), ASC__ANY(g),             \
                            ASC__ANY(h)})

/* ======================================================================== */
/* Advanced APIs (pyasc asc.adv): SoftMax, SimpleSoftMax, AscendQuant,       */
/* RmsNorm                                                                   */

/* Host side (no kernel build needed): the Ascend C library's queries for
 * Atlas A2 (docs/simulator.md cites them). type_size is 2 (half) or 4
 * (float); a shape the library rejects gives 0 / false. */
/* GetSoftMaxMaxTmpSize / GetSoftMaxMinTmpSize for src [src_m, src_k]. */
uint32_t asc_get_softmax_max_tmp_size(uint32_t src_m, uint32_t src_k,
                                      uint32_t type_size);
uint32_t asc_get_softmax_min_tmp_size(uint32_t src_m, uint32_t src_k,
                                      uint32_t type_size);
/* SoftMaxTiling's fields (optiling::SoftMaxTiling). */
typedef struct {
  uint32_t src_m, src_k, src_size, out_max_m, out_max_k, out_max_size;
  uint32_t split_m, split_k, split_size, reduce_m, reduce_k, reduce_size;
  uint32_t range_m, tail_m, tail_split_size, tail_reduce_size;
} asc_softmax_tiling_data;
/* SoftMaxTilingFunc: the tiling for src [src_m, src_k] with a temporary
 * buffer of local_workspace_size bytes. */
bool asc_softmax_tiling_func(uint32_t src_m, uint32_t src_k, uint32_t type_size,
                             uint32_t local_workspace_size,
                             asc_softmax_tiling_data *out);
/* GetAscendQuantMaxMinTmpSize for count elements. */
void asc_get_ascend_quant_max_min_tmp_size(uint32_t count, uint32_t *max_value,
                                           uint32_t *min_value);

/* asc.adv.SoftmaxTiling with the fields of d (constants of the kernel). */
asc_softmax_tiling asc_softmaxtiling_at(const char *file, int line,
                                        const asc_softmax_tiling_data *d);
#define asc_softmaxtiling(d) asc_softmaxtiling_at(ASC__AT, d)
/* SoftMaxShapeInfo(src_m, src_k, ori_src_m, ori_src_k): [ui32 x 4]. */
asc_softmax_shape_info asc_softmaxshapeinfo_at(const char *file, int line,
                                               const asc__sv *fields);
#define asc_softmaxshapeinfo(m, k, om, ok)                                     \
  asc_softmaxshapeinfo_at(                                                     \
      ASC__AT, (asc__sv[]){ASC__I(m), ASC__I(k), ASC__I(om), ASC__I(ok)})

/* asc.adv.softmax(dst, sum, max, src, tiling[, tmp[, shape]]): per row of
 * src [m, k] (the shape from shape, else from the tiling's src_m, src_k):
 * max, sum of exp(x - max), dst = exp(x - max) / sum; sum and max hold
 * each row's value repeated over 32 bytes. half or float data; sum / max
 * of the data's dtype or float. asc_adv_simple_softmax: the same with sum
 * and max given (inputs). tmp: the sharedTmpBuffer (uint8). */
void asc_adv_softmax_at(const char *file, int line, bool simple,
                        asc_local_tensor dst, asc_local_tensor sum,
                        asc_local_tensor max, asc_local_tensor src,
                        asc_softmax_tiling tiling, asc_local_tensor tmp,
                        bool has_tmp, asc_softmax_shape_info shape,
                        bool has_shape);
#define asc_adv_softmax(...) ASC__OVERLOAD(asc__adv_softmax_, __VA_ARGS__)
#define asc_adv_simple_softmax(...)                                            \
  ASC__OVERLOAD(asc__adv_simple_softmax_, __VA_ARGS__)
#define asc__adv_softmax_5(d, s, m, x, t)                                      \
  asc_adv_softmax_at(ASC__AT, false, d, s, m, x, t, (asc_local_tensor){0},     \
                     false, (asc_softmax_shape_info){0}, false)
#define asc__adv_softmax_6(d, s, m, x, t, tmp)                                 \
  asc_adv_softmax_at(ASC__AT, false, d, s, m, x, t, tmp, true,                 \
                     (asc_softmax_shape_info){0}, false)
#define asc__adv_softmax_7(d, s, m, x, t, tmp, sh)                             \
  asc_adv_softmax_at(ASC__AT, false, d, s, m, x, t, tmp, true, sh, true)
#define asc__adv_simple_softmax_5(d, s, m, x, t)                               \
  asc_adv_softmax_at(ASC__AT, true, d, s, m, x, t, (asc_local_tensor){0},      \
                     false, (asc_softmax_shape_info){0}, false)
#define asc__adv_simple_softmax_6(d, s, m, x, t, tmp)                          \
  asc_adv_softmax_at(ASC__AT, true, d, s, m, x, t, tmp, true,                  \
                     (asc_softmax_shape_info){0}, false)
#define asc__adv_simple_softmax_7(d, s, m, x, t, tmp, sh)                      \
  asc_adv_softmax_at(ASC__AT, true, d, s, m, x, t, tmp, true, sh, true)

/* RmsNorm. Host side: GetRmsNormMaxMinTmpSize for src [b, s, h] (false for
 * a type size other than 2 / 4 or an empty shape) and GetRmsNormTilingInfo
 * (false when the shape or the buffer does not fit). */
typedef struct {
  uint32_t b_length, s_length, h_length, original_h_length;
  float reciprocal_of_h_length;
  uint32_t main_bsh_length, main_bs_length, main_bs_length_align;
  uint32_t loop_round, input_tail_pos, tail_bsh_length, tail_bs_length;
} asc_rmsnorm_tiling_data;
bool asc_get_rmsnorm_max_min_tmp_size(uint32_t b, uint32_t s, uint32_t h,
                                      uint32_t type_size, uint32_t *max_value,
                                      uint32_t *min_value);
bool asc_get_rmsnorm_tiling_info(uint32_t b, uint32_t s, uint32_t h,
                                 uint32_t original_h, uint32_t stack_bytes,
                                 uint32_t type_size,
                                 asc_rmsnorm_tiling_data *out);
/* asc.adv.RmsNormTiling with the fields of d. */
asc_rmsnorm_tiling asc_rmsnormtiling_at(const char *file, int line,
                                        const asc_rmsnorm_tiling_data *d);
#define asc_rmsnormtiling(d) asc_rmsnormtiling_at(ASC__AT, d)
/* asc.adv.rmsnorm(dst, src, gamma, epsilon, tiling[, tmp]): per row of H
 * of src [B, S, H], y = x / sqrt(mean(x^2) + epsilon) * gamma (the mean
 * over the tiling's original H). half or float, one dtype. */
void asc_adv_rmsnorm_at(const char *file, int line, asc_local_tensor dst,
                        asc_local_tensor src, asc_local_tensor gamma,
                        asc__sv epsilon, asc_rmsnorm_tiling tiling,
                        asc_local_tensor tmp, bool has_tmp);
#define asc_adv_rmsnorm(...) ASC__OVERLOAD(asc__adv_rmsnorm_, __VA_ARGS__)
#define asc__adv_rmsnorm_5(d, s, g, eps, t)                                    \
  asc_adv_rmsnorm_at(ASC__AT, d, s, g, ASC__F(eps), t, (asc_local_tensor){0},  \
                     false)
#define asc__adv_rmsnorm_6(d, s, g, eps, t, tmp)                               \
  asc_adv_rmsnorm_at(ASC__AT, d, s, g, ASC__F(eps), t, tmp, true)

/* asc.adv.quant(dst, src, scale, offset, count[, tmp]): AscendQuant per
 * tensor, dst (int8) = round(src * scale + offset), in half, rounding half
 * to even and saturating. */
void asc_adv_quant_at(const char *file, int line, asc_local_tensor dst,
                      asc_local_tensor src, asc__sv scale, asc__sv offset,
                      asc__sv count, asc_local_tensor tmp, bool has_tmp);
#define asc_adv_quant(...) ASC__OVERLOAD(asc__adv_quant_, __VA_ARGS__)
#define asc__adv_quant_5(d, s, sc, off, n)                                     \
  asc_adv_quant_at(ASC__AT, d, s, ASC__F(sc), ASC__F(off), ASC__I(n),          \
                   (asc_local_tensor){0}, false)
#define asc__adv_quant_6(d, s, sc, off, n, tmp)                                \
  asc_adv_quant_at(ASC__AT, d, s, ASC__F(sc), ASC__F(off), ASC__I(n), tmp, true)

/* Level-2 vector ops. Each macro names its op by the ASC-IR name of its
 * level-2 form (`add` -> "ascendc.add_l2"); the element types it takes and
 * everything else about it come from the op table, so an op of an existing
 * family is one line here. */
void asc_vec_binary_at(const char *file, int line, const char *api,
                       const char *op, asc_local_tensor dst,
                       asc_local_tensor src0, asc_local_tensor src1,
                       asc__sv count);
void asc_vec_scalar_at(const char *file, int line, const char *api,
                       const char *op, asc_local_tensor dst,
                       asc_local_tensor src, asc__sv scalar, asc__sv count,
                       bool is_set_mask);
void asc_vec_unary_at(const char *file, int line, const char *api,
                      const char *op, asc_local_tensor dst,
                      asc_local_tensor src, asc__sv count);

/* Level-0 and level-1 forms (the hardware's repeat form): one call runs
 * repeat_times repeats of 256 bytes each; params (asc_binaryrepeatparams /
 * asc_unaryrepeatparams) give each operand's block and repeat strides in
 * 32-byte blocks; mask picks the elements of every repeat, either as a
 * count (level 0: an asc_int or C integer, the first `mask` elements) or as
 * a 2-element uint64_t array (level 1: bit i of mask[0] is element i, of
 * mask[1] element 64 + i). pyasc's forms, one C name each:
 *   asc_add(dst, src0, src1, mask, repeat_times, params[, is_set_mask])
 *   asc_adds(dst, src, scalar, mask, repeat_times, params[, is_set_mask])
 *   asc_exp(dst, src, mask, repeat_times, params[, is_set_mask])
 * is_set_mask defaults to true (pyasc's default). The mask array is read
 * during the call. */
ASC__HANDLE(asc_binary_repeat_params); /* BinaryRepeatParams */
ASC__HANDLE(asc_unary_repeat_params);  /* UnaryRepeatParams */
/* asc.BinaryRepeatParams(dst_blk_stride, src0_blk_stride, src1_blk_stride,
 * dst_rep_stride, src0_rep_stride, src1_rep_stride): six uint8 fields
 * (pyasc's defaults are 1, 1, 1, 8, 8, 8; C spells them). */
asc_binary_repeat_params
asc_binaryrepeatparams_at(const char *file, int line, asc__sv dst_blk_stride,
                          asc__sv src0_blk_stride, asc__sv src1_blk_stride,
                          asc__sv dst_rep_stride, asc__sv src0_rep_stride,
                          asc__sv src1_rep_stride);
#define asc_binaryrepeatparams(db, s0b, s1b, dr, s0r, s1r)                     \
  asc_binaryrepeatparams_at(ASC__AT, ASC__I(db), ASC__I(s0b), ASC__I(s1b),     \
                            ASC__I(dr), ASC__I(s0r), ASC__I(s1r))
/* asc.UnaryRepeatParams(dst_blk_stride, src_blk_stride, dst_rep_stride,
 * src_rep_stride): uint16, uint16, uint8, uint8 (defaults 1, 1, 8, 8). */
asc_unary_repeat_params asc_unaryrepeatparams_at(const char *file, int line,
                                                 asc__sv dst_blk_stride,
                                                 asc__sv src_blk_stride,
                                                 asc__sv dst_rep_stride,
                                                 asc__sv src_rep_stride);
#define asc_unaryrepeatparams(db, sb, dr, sr)                                  \
  asc_unaryrepeatparams_at(ASC__AT, ASC__I(db), ASC__I(sb), ASC__I(dr),        \
                           ASC__I(sr))

/* A mask argument: a count (bits_ NULL) or a 2-word bit mask. */
typedef struct {
  asc__sv count_;
  const uint64_t *bits_;
} asc__mask;
static inline asc__mask asc__mask_bits(const uint64_t *b) {
  asc__mask m = {asc__sv_i(0), b};
  return m;
}
static inline asc__mask asc__mask_vi(asc_int v) {
  asc__mask m = {asc__sv_vi(v), NULL};
  return m;
}
static inline asc__mask asc__mask_i(long long v) {
  asc__mask m = {asc__sv_i(v), NULL};
  return m;
}
static inline asc__mask asc__mask_u(unsigned long long v) {
  asc__mask m = {asc__sv_u(v), NULL};
  return m;
}
/* clang-format off */
#define ASC__MASK(m)                                                           \
  _Generic((m),                                                                \
      uint64_t *: asc__mask_bits,                                              \
      const uint64_t *: asc__mask_bits,                                        \
      asc_int: asc__mask_vi,                                                   \
      ASC__CINTS(asc__mask_i, asc__mask_u))(m)
/* clang-format on */
void asc_vec_binary_rep_at(const char *file, int line, const char *api,
                           const char *op_l0, const char *op_l1,
                           asc_local_tensor dst, asc_local_tensor src0,
                           asc_local_tensor src1, asc__mask mask,
                           asc__sv repeat_times,
                           asc_binary_repeat_params params, bool is_set_mask);
void asc_vec_scalar_rep_at(const char *file, int line, const char *api,
                           const char *op_l0, const char *op_l1,
                           asc_local_tensor dst, asc_local_tensor src,
                           asc__sv scalar, asc__mask mask, asc__sv repeat_times,
                           asc_unary_repeat_params params, bool is_set_mask);
void asc_vec_unary_rep_at(const char *file, int line, const char *api,
                          const char *op_l0, const char *op_l1,
                          asc_local_tensor dst, asc_local_tensor src,
                          asc__mask mask, asc__sv repeat_times,
                          asc_unary_repeat_params params, bool is_set_mask);
/* name##N("asc_<c>", "ascendc.<ir>", args), N the number of args: the
 * names are strings from here on, so that an operand name that is also a
 * macro (iso646.h's `and`) is not expanded on the way. */
#define ASC__VFORM(name, c, ir, ...)                                           \
  ASC__CAT(name, ASC__NARG(__VA_ARGS__))("asc_" #c, "ascendc." #ir, __VA_ARGS__)

/* dst = src0 op src1 over count elements: asc_<c>(dst, src0, src1, count)
 * builds ascendc.<ir>_l2. */
#define ASC__VBIN(c, ir, d, s0, s1, n)                                         \
  asc_vec_binary_at(ASC__AT, "asc_" #c, "ascendc." #ir "_l2", d, s0, s1,       \
                    ASC__I(n))
/* The three forms of a binary op by argument count: 4 = level 2, 6 or 7 =
 * level 0 / level 1 (by the mask's type). */
#define ASC__VBINS(c, ir, ...) ASC__VFORM(asc__vbin_, c, ir, __VA_ARGS__)
#define asc__vbin_4(api, ir, d, s0, s1, n)                                     \
  asc_vec_binary_at(ASC__AT, api, ir "_l2", d, s0, s1, ASC__I(n))
#define asc__vbin_6(api, ir, d, s0, s1, m, r, p)                               \
  asc__vbin_7(api, ir, d, s0, s1, m, r, p, true)
#define asc__vbin_7(api, ir, d, s0, s1, m, r, p, sm)                           \
  asc_vec_binary_rep_at(ASC__AT, api, ir "_l0", ir "_l1", d, s0, s1,           \
                        ASC__MASK(m), ASC__I(r), p, (sm) != 0)
#define asc__add_4(...) asc__vbin_4("asc_add", "ascendc.add", __VA_ARGS__)
#define asc__add_6(...) asc__vbin_6("asc_add", "ascendc.add", __VA_ARGS__)
#define asc__add_7(...) asc__vbin_7("asc_add", "ascendc.add", __VA_ARGS__)
#define asc__sub_4(...) asc__vbin_4("asc_sub", "ascendc.sub", __VA_ARGS__)
#define asc__sub_6(...) asc__vbin_6("asc_sub", "ascendc.sub", __VA_ARGS__)
#define asc__sub_7(...) asc__vbin_7("asc_sub", "ascendc.sub", __VA_ARGS__)
#define asc__mul_4(...) asc__vbin_4("asc_mul", "ascendc.mul", __VA_ARGS__)
#define asc__mul_6(...) asc__vbin_6("asc_mul", "ascendc.mul", __VA_ARGS__)
#define asc__mul_7(...) asc__vbin_7("asc_mul", "ascendc.mul", __VA_ARGS__)
#define asc__div_4(...) asc__vbin_4("asc_div", "ascendc.div", __VA_ARGS__)
#define asc__div_6(...) asc__vbin_6("asc_div", "ascendc.div", __VA_ARGS__)
#define asc__div_7(...) asc__vbin_7("asc_div", "ascendc.div", __VA_ARGS__)
#define asc__max_4(...) asc__vbin_4("asc_max", "ascendc.max", __VA_ARGS__)
#define asc__max_6(...) asc__vbin_6("asc_max", "ascendc.max", __VA_ARGS__)
#define asc__max_7(...) asc__vbin_7("asc_max", "ascendc.max", __VA_ARGS__)
#define asc__min_4(...) asc__vbin_4("asc_min", "ascendc.min", __VA_ARGS__)
#define asc__min_6(...) asc__vbin_6("asc_min", "ascendc.min", __VA_ARGS__)
#define asc__min_7(...) asc__vbin_7("asc_min", "ascendc.min", __VA_ARGS__)
/* asc_add(a, b): scalar `a + b`; asc_add(dst, src0, src1, count): asc.add */
#define asc_add(...) ASC__OVERLOAD(asc__add_, __VA_ARGS__)
#define asc_sub(...) ASC__OVERLOAD(asc__sub_, __VA_ARGS__)
#define asc_mul(...) ASC__OVERLOAD(asc__mul_, __VA_ARGS__)
#define asc_div(...) ASC__OVERLOAD(asc__div_, __VA_ARGS__)
#define asc_max(...) ASC__OVERLOAD(asc__max_, __VA_ARGS__)
#define asc_min(...) ASC__OVERLOAD(asc__min_, __VA_ARGS__)
#define asc_bitwise_and(...) ASC__VBINS(bitwise_and, and, __VA_ARGS__)
#define asc_bitwise_or(...) ASC__VBINS(bitwise_or, or, __VA_ARGS__)
#define asc_add_relu(...) ASC__VBINS(add_relu, add_relu, __VA_ARGS__)
#define asc_sub_relu(...) ASC__VBINS(sub_relu, sub_relu, __VA_ARGS__)
#define asc_fused_abs_sub(d, s0, s1, n)                                        \
  ASC__VBIN(fused_abs_sub, fused_abs_sub, d, s0, s1, n)

/* Vector-scalar ops: (dst, src, scalar, count[, is_set_mask = true]), or
 * the level-0/1 form (dst, src, scalar, mask, repeat_times, params[,
 * is_set_mask]); the scalar is materialised in the tensor's dtype. */
#define ASC__VSC(c, ir, ...) ASC__VFORM(asc__vsc_, c, ir, __VA_ARGS__)
#define asc__vsc_4(api, ir, d, s, x, n)                                        \
  asc_vec_scalar_at(ASC__AT, api, ir "_l2", d, s, ASC__N(x), ASC__I(n), true)
#define asc__vsc_5(api, ir, d, s, x, n, m)                                     \
  asc_vec_scalar_at(ASC__AT, api, ir "_l2", d, s, ASC__N(x), ASC__I(n), m)
#define asc__vsc_6(api, ir, d, s, x, m, r, p)                                  \
  asc__vsc_7(api, ir, d, s, x, m, r, p, true)
#define asc__vsc_7(api, ir, d, s, x, m, r, p, sm)                              \
  asc_vec_scalar_rep_at(ASC__AT, api, ir "_l0", ir "_l1", d, s, ASC__N(x),     \
                        ASC__MASK(m), ASC__I(r), p, (sm) != 0)
#define asc_adds(...) ASC__VSC(adds, adds, __VA_ARGS__)
#define asc_muls(...) ASC__VSC(muls, muls, __VA_ARGS__)
#define asc_maxs(...) ASC__VSC(maxs, maxs, __VA_ARGS__)
#define asc_mins(...) ASC__VSC(mins, mins, __VA_ARGS__)
#define asc_leaky_relu(...) ASC__VSC(leaky_relu, leaky_relu, __VA_ARGS__)
#define asc_shift_left(...) ASC__VSC(shift_left, shift_left, __VA_ARGS__)
#define asc_shift_right(...) ASC__VSC(shift_right, shift_right, __VA_ARGS__)

/* dst = op(src) over count elements, or the level-0/1 form (dst, src,
 * mask, repeat_times, params[, is_set_mask]). */
#define ASC__VUN(c, ir, d, s, n)                                               \
  asc_vec_unary_at(ASC__AT, "asc_" #c, "ascendc." #ir "_l2", d, s, ASC__I(n))
#define ASC__VUNS(c, ir, ...) ASC__VFORM(asc__vun_, c, ir, __VA_ARGS__)
#define asc__vun_3(api, ir, d, s, n)                                           \
  asc_vec_unary_at(ASC__AT, api, ir "_l2", d, s, ASC__I(n))
#define asc__vun_5(api, ir, d, s, m, r, p)                                     \
  asc__vun_6(api, ir, d, s, m, r, p, true)
#define asc__vun_6(api, ir, d, s, m, r, p, sm)                                 \
  asc_vec_unary_rep_at(ASC__AT, api, ir "_l0", ir "_l1", d, s, ASC__MASK(m),   \
                       ASC__I(r), p, (sm) != 0)
#define asc_exp(...) ASC__VUNS(exp, exp, __VA_ARGS__)
#define asc_ln(...) ASC__VUNS(ln, ln, __VA_ARGS__)
#define asc_abs(...) ASC__VUNS(abs, abs, __VA_ARGS__)
#define asc_reciprocal(...) ASC__VUNS(reciprocal, reciprocal, __VA_ARGS__)
#define asc_sqrt(...) ASC__VUNS(sqrt, sqrt, __VA_ARGS__)
#define asc_rsqrt(...) ASC__VUNS(rsqrt, rsqrt, __VA_ARGS__)
#define asc_relu(...) ASC__VUNS(relu, relu, __VA_ARGS__)
#define asc_bitwise_not(...) ASC__VUNS(bitwise_not, not, __VA_ARGS__)
#define asc_neg(d, s, n) ASC__VUN(neg, neg, d, s, n)

/* duplicate(dst, scalar, count); cast(dst, src, round_mode, count). */
void asc_duplicate_at(const char *file, int line, asc_local_tensor dst,
                      asc__sv scalar, asc__sv count);
void asc_cast_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor src, asc_roundmode mode, asc__sv count);
/* duplicate(dst, scalar, mask, repeat_times, dst_block_stride,
 * dst_repeat_stride): the level-0 form (count mask, pyasc's ui64 mask and
 * int8 repeat / strides), six arguments. */
void asc_duplicate_l0_at(const char *file, int line, asc_local_tensor dst,
                         asc__sv scalar, asc__sv mask, asc__sv repeat_times,
                         asc__sv dst_block_stride, asc__sv dst_repeat_stride);
#define asc_duplicate(...) ASC__OVERLOAD(asc__duplicate_, __VA_ARGS__)
#define asc__duplicate_3(d, x, n)                                              \
  asc_duplicate_at(ASC__AT, d, ASC__N(x), ASC__I(n))
#define asc__duplicate_6(d, x, m, r, b, rs)                                    \
  asc_duplicate_l0_at(ASC__AT, d, ASC__N(x), ASC__I(m), ASC__I(r), ASC__I(b),  \
                      ASC__I(rs))
#define asc_cast(d, s, mode, n) asc_cast_at(ASC__AT, d, s, mode, ASC__I(n))

/* Reductions: count is ui32, cal_index i8 (pyasc's bool_). */
void asc_reduce_at(const char *file, int line, const char *api, const char *op,
                   asc_local_tensor dst, asc_local_tensor src,
                   asc_local_tensor tmp, asc__sv count, asc__sv cal_index);
#define ASC__RED(c, d, s, tmp, n, ci)                                          \
  asc_reduce_at(ASC__AT, "asc_" #c, "ascendc." #c "_l2", d, s, tmp, ASC__I(n), \
                ci)
#define asc_reduce_sum(d, s, tmp, n)                                           \
  ASC__RED(reduce_sum, d, s, tmp, n, asc__sv_i(0))
#define asc_reduce_max(...) ASC__OVERLOAD(asc__reduce_max_, __VA_ARGS__)
#define asc__reduce_max_4(d, s, tmp, n)                                        \
  ASC__RED(reduce_max, d, s, tmp, n, asc__sv_i(0))
#define asc__reduce_max_5(d, s, tmp, n, ci)                                    \
  ASC__RED(reduce_max, d, s, tmp, n, ASC__B(ci))
#define asc_reduce_min(...) ASC__OVERLOAD(asc__reduce_min_, __VA_ARGS__)
#define asc__reduce_min_4(d, s, tmp, n)                                        \
  ASC__RED(reduce_min, d, s, tmp, n, asc__sv_i(0))
#define asc__reduce_min_5(d, s, tmp, n, ci)                                    \
  ASC__RED(reduce_min, d, s, tmp, n, ASC__B(ci))

/* The reductions with a count mask, repeat times and strides (pyasc's
 * level-0 forms; integer arguments in pyasc's order, each i32):
 *   asc_whole_reduce_sum(dst, src, mask, repeat_time, dst_rep_stride,
 *                        src_blk_stride, src_rep_stride)
 *   asc_whole_reduce_max / _min(... same ...[, order = VALUE_INDEX])
 *   asc_block_reduce_sum / _max / _min, asc_pair_reduce_sum(dst, src,
 *       repeat, mask, dst_rep_stride, src_blk_stride, src_rep_stride)
 *   asc_repeat_reduce_sum(dst, src, repeat_time, mask, dst_blk_stride,
 *       src_blk_stride, dst_rep_stride, src_rep_stride)
 * isSetMask is set where pyasc sets it. */
void asc_vec_reduce_rep_at(const char *file, int line, const char *api,
                           const char *op, asc_local_tensor dst,
                           asc_local_tensor src, const asc__sv *ints,
                           unsigned nints, int order);
#define ASC__RRED5(c, d, s, a, b, e, f, g, o)                                  \
  asc_vec_reduce_rep_at(ASC__AT, "asc_" #c, "ascendc." #c "_l0", d, s,         \
                        (const asc__sv[]){ASC__I(a), ASC__I(b), ASC__I(e),     \
                                          ASC__I(f), ASC__I(g)},               \
                        5, o)
#define asc_whole_reduce_sum(d, s, m, r, dr, sb, sr)                           \
  ASC__RRED5(whole_reduce_sum, d, s, m, r, dr, sb, sr, -1)
#define asc_whole_reduce_max(...)                                              \
  ASC__OVERLOAD(asc__whole_reduce_max_, __VA_ARGS__)
#define asc__whole_reduce_max_7(d, s, m, r, dr, sb, sr)                        \
  ASC__RRED5(whole_reduce_max, d, s, m, r, dr, sb, sr, 0)
#define asc__whole_reduce_max_8(d, s, m, r, dr, sb, sr, o)                     \
  ASC__RRED5(whole_reduce_max, d, s, m, r, dr, sb, sr, (int)(o))
#define asc_whole_reduce_min(...)                                              \
  ASC__OVERLOAD(asc__whole_reduce_min_, __VA_ARGS__)
#define asc__whole_reduce_min_7(d, s, m, r, dr, sb, sr)                        \
  ASC__RRED5(whole_reduce_min, d, s, m, r, dr, sb, sr, 0)
#define asc__whole_reduce_min_8(d, s, m, r, dr, sb, sr, o)                     \
  ASC__RRED5(whole_reduce_min, d, s, m, r, dr, sb, sr, (int)(o))
#define asc_block_reduce_sum(d, s, r, m, dr, sb, sr)                           \
  ASC__RRED5(block_reduce_sum, d, s, r, m, dr, sb, sr, -1)
#define asc_block_reduce_max(d, s, r, m, dr, sb, sr)                           \
  ASC__RRED5(block_reduce_max, d, s, r, m, dr, sb, sr, -1)
#define asc_block_reduce_min(d, s, r, m, dr, sb, sr)                           \
  ASC__RRED5(block_reduce_min, d, s, r, m, dr, sb, sr, -1)
#define asc_pair_reduce_sum(d, s, r, m, dr, sb, sr)                            \
  ASC__RRED5(pair_reduce_sum, d, s, r, m, dr, sb, sr, -1)
#define asc_repeat_reduce_sum(d, s, r, m, db, sb, dr, sr)                      \
  asc_vec_reduce_rep_at(ASC__AT, "asc_repeat_reduce_sum",                      \
                        "ascendc.repeat_reduce_sum_l0", d, s,                  \
                        (const asc__sv[]){ASC__I(r), ASC__I(m), ASC__I(db),    \
                                          ASC__I(sb), ASC__I(dr), ASC__I(sr)}, \
                        6, -1)

/* Vector ops of an operand shape of their own (level 2 / whole tensor).
 * compare(dst, src0, src1, cmp_mode, count) sets bit i of dst (uint8 or
 * int8) when src0[i] cmp_mode src1[i]; compare_scalar compares with one
 * scalar (in src0's dtype). select(dst, sel_mask, src0, src1, sel_mode,
 * count): src1 a LocalTensor (modes 0 and 2) or a scalar (mode 1); with
 * three arguments asc_select is the scalar c ? a : b.
 * axpy(dst, src, scalar, count): dst += scalar * src. gather(dst, src,
 * src_offset, src_base_addr, count): dst[i] = src at byte src_base_addr +
 * src_offset[i] (uint32 offsets). transpose(dst, src): one 16x16 matrix of
 * 16-bit elements. brcb(dst, src, repeat_times, params) with
 * asc_brcbrepeatparams(dst_blk_stride, dst_rep_stride). */
void asc_compare_at(const char *file, int line, asc_local_tensor dst,
                    asc_local_tensor src0, asc__sv src1, asc_cmpmode mode,
                    asc__sv count, bool scalar);
#define asc_compare(d, s0, s1, m, n)                                           \
  asc_compare_at(ASC__AT, d, s0, asc__sv_t(s1), m, ASC__I(n), false)
#define asc_compare_scalar(d, s0, x, m, n)                                     \
  asc_compare_at(ASC__AT, d, s0, ASC__N(x), m, ASC__I(n), true)
void asc_select_at(const char *file, int line, asc_local_tensor dst,
                   asc_local_tensor sel_mask, asc_local_tensor src0,
                   asc__sv src1, asc_selmode mode, asc__sv count);
/* clang-format off */
#define asc__select_6(d, m, s0, s1, mode, n)                                   \
  asc_select_at(ASC__AT, d, m, s0, _Generic((s1),                              \
      asc_local_tensor: asc__sv_t,                                             \
      asc_int: asc__sv_vi,                                                     \
      asc_float: asc__sv_vf,                                                   \
      float: asc__sv_f,                                                        \
      double: asc__sv_f,                                                       \
      ASC__CINTS(asc__sv_i, asc__sv_u))(s1), mode, ASC__I(n))
/* clang-format on */
void asc_axpy_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor src, asc__sv scalar, asc__sv count);
#define asc_axpy(d, s, x, n) asc_axpy_at(ASC__AT, d, s, ASC__N(x), ASC__I(n))
void asc_gather_at(const char *file, int line, asc_local_tensor dst,
                   asc_local_tensor src, asc_local_tensor src_offset,
                   asc__sv src_base_addr, asc__sv count);
#define asc_gather(d, s, o, b, n)                                              \
  asc_gather_at(ASC__AT, d, s, o, ASC__I(b), ASC__I(n))
void asc_transpose_at(const char *file, int line, asc_local_tensor dst,
                      asc_local_tensor src);
#define asc_transpose(d, s) asc_transpose_at(ASC__AT, d, s)
asc_brcb_repeat_params asc_brcbrepeatparams_at(const char *file, int line,
                                               asc__sv dst_blk_stride,
                                               asc__sv dst_rep_stride);
#define asc_brcbrepeatparams(b, r)                                             \
  asc_brcbrepeatparams_at(ASC__AT, ASC__I(b), ASC__I(r))
void asc_brcb_at(const char *file, int line, asc_local_tensor dst,
                 asc_local_tensor src, asc__sv repeat_times,
                 asc_brcb_repeat_params params);
#define asc_brcb(d, s, r, p) asc_brcb_at(ASC__AT, d, s, ASC__I(r), p)
/* bilinear_interpolation(dst, src0, src0_offset, src1, mask, h_repeat,
 * repeat_mode, dst_blk_stride, v_r_offset, v_repeat, shared_tmp_buffer):
 * half; src0_offset holds uint32 byte offsets of src0's 32-byte blocks,
 * eight per horizontal iteration (docs/simulator.md). mask is an element
 * count; asc_bilinear_interpolation_bits takes pyasc's mask array
 * (m0 = mask[0], m1 = mask[1]) instead. */
void asc_bilinear_interpolation_at(const char *file, int line,
                                   asc_local_tensor dst, asc_local_tensor src0,
                                   asc_local_tensor src0_offset,
                                   asc_local_tensor src1, const asc__sv *mask,
                                   unsigned nmask, bool bits, asc__sv h_repeat,
                                   asc__sv repeat_mode, asc__sv dst_blk_stride,
                                   asc__sv v_r_offset, asc__sv v_repeat,
                                   asc_local_tensor shared_tmp_buffer);
#define asc_bilinear_interpolation(d, s0, o, s1, m, h, rm, db, vo, vr, tmp)    \
  asc_bilinear_interpolation_at(                                               \
      ASC__AT, d, s0, o, s1, (const asc__sv[]){ASC__I(m)}, 1, false,           \
      ASC__I(h), ASC__B(rm), ASC__I(db), ASC__I(vo), ASC__I(vr), tmp)
#define asc_bilinear_interpolation_bits(d, s0, o, s1, m0, m1, h, rm, db, vo,   \
                                        vr, tmp)                               \
  asc_bilinear_interpolation_at(                                               \
      ASC__AT, d, s0, o, s1, (const asc__sv[]){ASC__I(m0), ASC__I(m1)}, 2,     \
      true, ASC__I(h), ASC__B(rm), ASC__I(db), ASC__I(vo), ASC__I(vr), tmp)

/* transpose(dst, src, shared_tmp_buffer, params) with
 * asc_transposeparamsext(n_size, c_size, h_size, w_size, transpose_type)
 * (pyasc's TransposeType values: 11 NCHW2NHWC, 12 NHWC2NCHW, ...). */
ASC__HANDLE(asc_transpose_params_ext); /* TransposeParamsExt */
asc_transpose_params_ext
asc_transposeparamsext_at(const char *file, int line, asc__sv n_size,
                          asc__sv c_size, asc__sv h_size, asc__sv w_size,
                          asc__sv transpose_type);
#define asc_transposeparamsext(n, c, h, w, t)                                  \
  asc_transposeparamsext_at(ASC__AT, ASC__I(n), ASC__I(c), ASC__I(h),          \
                            ASC__I(w), ASC__I(t))
void asc_transpose_ext_at(const char *file, int line, asc_local_tensor dst,
                          asc_local_tensor src,
                          asc_local_tensor shared_tmp_buffer,
                          asc_transpose_params_ext params);
#define asc_transpose_ext(d, s, tmp, p)                                        \
  asc_transpose_ext_at(ASC__AT, d, s, tmp, p)

/* Synchronisation and system values. */
void asc_set_flag_at(const char *file, int line, asc_hardevent ev, asc__sv id);
void asc_wait_flag_at(const char *file, int line, asc_hardevent ev, asc__sv id);
void asc_pipe_barrier_at(const char *file, int line, asc_pipeid pipe);
asc_int asc_get_block_idx_at(const char *file, int line);
asc_int asc_get_block_num_at(const char *file, int line);
#define asc_set_flag(...) ASC__OVERLOAD(asc__set_flag_, __VA_ARGS__)
#define asc__set_flag_1(ev) asc_set_flag_at(ASC__AT, ev, asc__sv_i(0))
#define asc__set_flag_2(ev, id) asc_set_flag_at(ASC__AT, ev, ASC__I(id))
#define asc_wait_flag(...) ASC__OVERLOAD(asc__wait_flag_, __VA_ARGS__)
#define asc__wait_flag_1(ev) asc_wait_flag_at(ASC__AT, ev, asc__sv_i(0))
#define asc__wait_flag_2(ev, id) asc_wait_flag_at(ASC__AT, ev, ASC__I(id))
#define asc_pipe_barrier(p) asc_pipe_barrier_at(ASC__AT, p)
#define asc_get_block_idx() asc_get_block_idx_at(ASC__AT)
#define asc_get_block_num() asc_get_block_num_at(ASC__AT)

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
/* System, atomic and cross-block calls (set_atomic_*, sync_all, caches,
 * system values, scalar bit functions). */
#include "casc/asc_sys.h"

/* Data movement inside UB and the CMPMASK register (Copy, Compare into the
 * register, GetCmpMask, SetCmpMask). */
#include "casc/asc_data.h"

/* The mask register and the vector math ops (their own header). */
#include "casc/asc_vec_math.h"

/* TBufPool, TPipe.init_buf_pool and get_tpipe_ptr. */
#include "casc/asc_bufpool.h"

/* TensorDesc and ListTensorDesc. */
#include "casc/asc_desc.h"

/* GatherMask, the region-proposal ops and CastDeq. */
#include "casc/asc_vec_misc.h"

/* AIPP, LoadImageToLocal and CheckLocalMemoryIA. */
#include "casc/asc_aipp.h"

/* DataCopyPad with DataCopyExtParams / DataCopyPadExtParams. */
#include "casc/asc_data_copy_ext.h"

/* The cube's other data movement forms: DataCopy CO1 -> GM / A1, the
 * fixpipe with a workspace, the FixpipeConfig constants. */
#include "casc/asc_cube_forms.h"

/* DataCopy with DataCopyEnhancedParams. */
#include "casc/asc_data_copy_enhanced.h"

/* Python's and / or on runtime conditions (arith.andi / arith.ori). */
#include "casc/asc_logic.h"
#endif /* CASC_ASC_H */
