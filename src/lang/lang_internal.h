/* Internals of the C kernel front end (src/lang): the kernel being built,
 * the call protocol every asc_*_at function follows, the scope frames of
 * ASC_FOR / ASC_IF, and the value helpers shared by the op files. */
#ifndef CASC_LANG_INTERNAL_H
#define CASC_LANG_INTERNAL_H

#include <stdarg.h>

#include "casc/asc.h"
#include "casc/diag.h"
#include "dialect/dialect.h"

/* ---- scopes ------------------------------------------------------------- */

typedef struct lang_var lang_var;
typedef struct lang_binding lang_binding;

/* The value a cell has in one frame (or one branch of an if frame). For a
 * loop frame a cell coming from outside is "promoted": it gets a block
 * argument whose initial value is `init`. */
struct lang_binding {
  lang_var *var;
  casc_value *value; /* current value in this frame */
  casc_value *arg;   /* loop frames: the promoted block argument */
  casc_value *init;  /* loop frames: the value flowing in */
  bool set;          /* written in this frame (or a nested one) */
  lang_binding *next;
};

typedef enum {
  FRAME_KERNEL, /* the function body */
  FRAME_FOR,
  FRAME_IF,
  FRAME_DEAD, /* a body recorded after an error: its ops are dropped */
  FRAME_SKIP  /* outside any build: the body is not run at all */
} frame_kind;

/* Macro protocol states (see asc__frame_enter / _body / _body_end). */
typedef enum {
  FS_OPEN,    /* opened, body not started */
  FS_BODY,    /* body running */
  FS_DONE,    /* body completed normally */
  FS_PENDING, /* if: then-body done; an ASC_ELSE may follow */
  FS_CLOSED   /* region built (or abandoned) and popped */
} frame_state;

struct asc__frame {
  frame_kind kind;
  frame_state state;
  struct asc_kernel *k;
  struct asc__frame *parent;
  casc_loc *loc;
  const char *what; /* "ASC_FOR", "ASC_IF", "ASC_ELSE" for messages */
  unsigned line;
  casc_block *block; /* where ops go while this frame is on top */
  /* FRAME_FOR */
  casc_value *bounds[3];
  casc_value *iv;
  /* FRAME_IF */
  casc_value *cond;
  casc_block *then_block, *else_block;
  bool is_if; /* opened by ASC_IF (also when dead): ASC_ELSE may follow */
  /* FRAME_FOR opened by lang_while_open: an scf.while, its before-region
   * (the count and the carried cells pass through it) and the condition
   * built there. */
  casc_block *while_before;
  casc_value *while_cond;
  bool in_else;
  lang_binding *bindings;      /* FOR / KERNEL / DEAD; IF: then branch */
  lang_binding *else_bindings; /* IF: else branch */
};
typedef struct asc__frame lang_frame;

struct lang_var {
  casc_type *type;
  lang_frame *home; /* frame the cell was created in */
  bool home_else;   /* created in the else branch of `home` */
  unsigned line;
};

/* ---- the kernel being built --------------------------------------------- */

struct asc_kernel {
  casc_ctx *ctx;
  unsigned serial; /* stamped into every handle (k_) */
  casc_op *module, *func;
  casc_block *entry;
  casc_builder b;
  lang_frame root; /* FRAME_KERNEL, bottom of the frame stack */
  lang_frame *top; /* innermost open frame */
  bool func_loc_set;
  bool unwinding; /* a return left bodies; their frames are being dropped */
  unsigned errors_at_start;
  /* cached types */
  casc_type *i1, *i8, *i16, *i32, *i64, *ui8, *ui16, *ui32, *ui64, *index;
  casc_type *f16, *bf16, *f32, *f64;
};
typedef struct asc_kernel lang_kernel;

/* The build running on this thread, or NULL. */
lang_kernel *lang_current(void);

/* ---- the call protocol ---------------------------------------------------
 * Every asc_*_at function starts with lang_begin(&c, "asc_name", file,
 * line): outside a build it records the "must be called while a kernel is
 * being built" error and returns false (the function returns a null
 * handle); inside, it closes a pending ASC_IF, sets the location ops get,
 * and returns true. */
typedef struct {
  lang_kernel *k;
  const char *api;
  const char *file;
  unsigned line;
  casc_loc *loc;
  bool failed; /* an error was reported or a poisoned input was seen */
} lang_call;

bool lang_begin(lang_call *c, const char *api, const char *file, int line);
/* Report "api: message" at the call's location; marks the call failed. */
void lang_error(lang_call *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* An error at an explicit location (frames). */
void lang_error_at(lang_kernel *k, casc_loc *loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
bool lang_build_failed(const lang_kernel *k);

/* Stamp checks only: false (and c->failed) for a null handle, a handle of
 * another kernel (both reported) or a poisoned one (silent). */
bool lang_handle(lang_call *c, void *p, unsigned k, const char *what);
/* The IR value of a handle, checked: NULL (and c->failed) if the handle is
 * null, from another kernel, poisoned, or not visible in the current scope.
 * `what` names the argument in messages ("dst", "queue"). */
casc_value *lang_value(lang_call *c, void *p, unsigned k, const char *what);
/* The IR value of a GlobalTensor handle (a cell filled by
 * set_global_buffer). */
/* The IR value of a LocalTensor handle, or NULL after a located error
 * ("<what> is not a LocalTensor"); its element dtype in *dt when dt is not
 * NULL. */
casc_value *lang_local_tensor(lang_call *c, void *p, unsigned k,
                              const char *what, casc_dtype *dt);
casc_value *lang_global_value(lang_call *c, void *p, unsigned k,
                              const char *what);
/* A GlobalTensor handle around the IR value v (a poisoned one for NULL):
 * for ops whose result is a GlobalTensor. */
asc_global_tensor lang_global_wrap(lang_call *c, casc_value *v);
/* Same for a cell handle. */
lang_var *lang_cell(lang_call *c, void *p, unsigned k, const char *what);
/* True if v's defining block is on the current frame stack. */
bool lang_visible(lang_kernel *k, casc_value *v);

/* Handle stamping: {v, serial}; a NULL v gives a poisoned handle inside a
 * build (k->serial) and a null handle outside (0). */
unsigned lang_stamp(const lang_call *c);

/* Create an op at the current insertion point with the call's location. */
casc_op *lang_op(lang_call *c, casc_op_kind kind, unsigned nops,
                 casc_value *const *ops, unsigned nres,
                 casc_type *const *rtypes, casc_attr *attrs);
/* Same, returning result 0 (NULL on failure). */
casc_value *lang_op1(lang_call *c, casc_op_kind kind, unsigned nops,
                     casc_value *const *ops, casc_type *rtype,
                     casc_attr *attrs);
/* Attribute dictionary helpers. */
casc_attr *lang_attrs1(lang_call *c, const char *name, casc_attr *v);
casc_attr *lang_enum_attr(lang_call *c, int64_t v); /* i32 integer attr */

/* ---- dtypes -------------------------------------------------------------- */

casc_type *lang_dtype_type(lang_kernel *k, asc_dtype dt); /* NULL if invalid */
asc_dtype lang_type_dtype(const casc_type *t);            /* 0 if none */
/* Checks dt; reports "what: N is not a valid dtype" on failure. */
casc_type *lang_dtype_checked(lang_call *c, asc_dtype dt, const char *what);
const char *lang_type_name(lang_call *c, const casc_type *t);

/* ---- scalars ------------------------------------------------------------- */

/* pyasc's materialize_ir_value: a C constant becomes arith.constant (or
 * emitc.constant for unsigned types) of type `want` at the current point; a
 * runtime value is converted to `want` with pyasc's cast rules (want NULL:
 * keep the value's type, C integers become i32, C floats f32). NULL after
 * an error (reported with `what`). */
casc_value *lang_mat(lang_call *c, asc__sv s, casc_type *want,
                     const char *what);
/* Convert a runtime value to `want` (PlainValue.cast). */
casc_value *lang_cast(lang_call *c, casc_value *v, casc_type *want,
                      const char *what);
/* The runtime value inside a scalar argument (NULL for constants). */
casc_value *lang_sv_value(lang_call *c, asc__sv s, const char *what);

/* ---- frames -------------------------------------------------------------- */

/* Close pending ASC_IFs above the current frame (every API call does). */
void lang_settle(lang_kernel *k);
/* Cell value access in the current frame. */
casc_value *lang_var_get(lang_kernel *k, lang_var *var);
void lang_var_set(lang_kernel *k, lang_var *var, casc_value *v);
/* Pop every frame above the root without building (end of a failed build). */
void lang_frames_unwind_all(lang_kernel *k);
/* The location of the closest enclosing scf op of a block, for messages. */
unsigned lang_block_line(casc_block *b, const char **what);

/* The body of an scf.while as pyasc's MatmulIterator builds it (`with
 * matmul.iterate() as count`): `cond` builds the before-region's ops and
 * returns its i1 condition; the body gets the count (0, 1, ...: the frame's
 * iv, incremented at the body's end) and carries written cells like
 * ASC_FOR. A dead frame after an error (cond returned NULL). */
asc__frame *lang_while_open(lang_call *c,
                            casc_value *(*cond)(lang_call *c, void *ud),
                            void *ud);

/* A new kernel argument of type t named `name` (kernel.c's checks). */
casc_value *lang_add_arg(lang_call *c, asc_kernel *k, const char *name,
                         casc_type *t);

/* Internal allocation in the build's context. */
void *lang_alloc(lang_kernel *k, size_t n);

/* The prologue every vector API shares (vector.c): begin the call, find
 * the op's row (named by its IR name, of class cls), resolve its n
 * LocalTensor operands into ops[] and check their dtypes against the row's
 * DTYPES (the sentence the simulator uses). NULL after reporting. */
const casc_op_info *lang_vec_begin(lang_call *c, const char *api,
                                   const char *file, int line,
                                   const char *opname, casc_op_class cls,
                                   unsigned n, const asc_local_tensor *t,
                                   const char *const *names, casc_value **ops);
/* The level-0 / level-1 op of a binary row (by the mask's form) whose
 * three tensors the caller resolved into ops[0..3) and checked
 * (vector_repeat.c): the mask, repeat times and BinaryRepeatParams as
 * pyasc builds them, isSetMask when is_set_mask. ops has room for 8. */
void lang_vec_binary_rep_op(lang_call *c, const casc_op_info *l0,
                            const char *op_l1, casc_value **ops, asc__mask mask,
                            asc__sv repeat_times,
                            asc_binary_repeat_params params, bool is_set_mask);

/* ascendc.construct of a parameter struct, as pyasc builds one: each of
 * the n fields materialised in mat[i] from in[i] (names[i] for messages),
 * the field types ft[] in the `types` attribute. The struct's value, or
 * NULL after reporting. */
#define LANG_CONSTRUCT_MAX 24 /* LoadData3DParamsV1 / V2: 22 fields */
void *lang_construct(lang_call *c, casc_asc_type id, unsigned n,
                     const asc__sv *in, const char *const *names,
                     casc_type *const *mat, casc_type *const *ft);

/* load_data_transpose.c: LoadDataWithTranspose with params of type `want`
 * (C++ name want_name), building op `kind` (both forms, plain and V2). */
void lang_load_data_with_transpose(const char *file, int line,
                                   asc_local_tensor dst, asc_local_tensor src,
                                   void *params_p, unsigned params_k,
                                   casc_asc_type want, const char *want_name,
                                   casc_op_kind kind);

/* vector.c: DataCopyPad's direction, padding and dtype checks (both
 * params forms); false after reporting. */
bool lang_data_copy_pad_ok(lang_call *c, bool dst_global, bool src_global,
                           bool has_pad, casc_value *const *ops,
                           const char *pad_ctor);

#endif
