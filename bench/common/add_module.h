/* Generator of the benchmarks' large module (bench/common/add_module.c). */
#ifndef CASC_BENCH_ADD_MODULE_H
#define CASC_BENCH_ADD_MODULE_H

#include <stdbool.h>

#include "casc/buf.h"

/* Append a module of at least target_ops ops (vector-add kernels, the body
 * of docs/ir.md §9.3 repeated) to b; returns the number of ops written (the
 * implicit scf.yield of each loop not counted). unknown_trips: loop bound
 * is the kernel argument %n instead of the constant 8. */
unsigned bench_add_module(casc_buf *b, unsigned target_ops, bool unknown_trips);

#endif
