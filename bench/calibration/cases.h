/* The measured A2/A3 cases of bench/data/a2a3_cycles.csv and how each is
 * expressed as the equivalent Ascend C instructions on casc
 * (bench/timing_calibration.c runs them). */
#ifndef CASC_BENCH_CALIBRATION_CASES_H
#define CASC_BENCH_CALIBRATION_CASES_H

#include <stdbool.h>
#include <stddef.h>

#include "casc/sim.h"

/* The group a case's parameters are fitted in: a vector cost class
 * (casc_platform_vcost_name's index), MTE2 or the cube (M). */
#define CAL_GROUP_MTE2 CASC_PLATFORM_VCOSTS
#define CAL_GROUP_CUBE (CASC_PLATFORM_VCOSTS + 1)
#define CAL_GROUPS (CASC_PLATFORM_VCOSTS + 2)

typedef struct {
  /* from the CSV */
  char name[96];  /* "TAdd.float_64x64" */
  char op[16];    /* "TADD" */
  char dtype[8];  /* "f32" */
  char extra[48]; /* "nd x8", "inplace", "from_f16", ... */
  int rows, cols;
  double measured, pto_accuracy;
  /* from cal_express */
  bool expressible;
  char why[640];     /* when not: the reason */
  bool contradicted; /* set aside: the figure contradicts the instructions
                        PTO issues (contradicted.c, with the evidence) */
  int group;         /* fit group */
  int pipe;          /* casc_sim_pipe whose ops are measured */
  bool last_only;    /* only the pipe's last op is measured (PTO's split-K
                        case profiles its last TMATMUL_ACC) */
  unsigned ninstr;   /* instructions the case is made of */
  casc_dtype gm_dtype;
  size_t gm_count; /* elements of the kernel's one GM argument */
  char *mlir;      /* the kernel @k(%x), malloc'd */
} cal_case;

/* Read the CSV at path (comment lines start with '#'). On failure prints
 * why to stderr and returns false. */
bool cal_read_csv(const char *path, cal_case **cases, unsigned *n);
/* Decide whether casc can express c and build its kernel. False only when
 * out of memory. */
bool cal_express(cal_case *c);
void cal_free(cal_case *cases, unsigned n);

/* For the case builders (cases.c, tile_ops.c). */
int cal_dtype_size(const char *t); /* "f32" -> 4; 0 when unknown */
casc_dtype cal_dtype_of(const char *t);
int cal_vcost_index(const char *name);       /* the cost class called name */
bool cal_skip(cal_case *c, const char *why); /* not expressible: why */
/* True (and c set aside, with the evidence in c->why) when c's measured
 * figure cannot be related to the instructions PTO issues for it. */
bool cal_contradicted(cal_case *c);
/* The first set-aside name that no case of cases[0 .. n) has (a typo, or a
 * CSV that lost the row), or NULL. */
const char *cal_contradicted_missing(const cal_case *cases, unsigned n);
/* Reductions, TSel, TRowExpand (tile_ops.c); *handled false for other
 * ops. False only when out of memory. */
bool cal_express_tile_op(cal_case *c, bool *handled);

#endif
