/* Map from pointers to integers (open addressing, linear probing): the one
 * map every layer uses to number or name IR objects (passes, printer,
 * emitter, verifier, simulator lowering). Keys are never NULL. Heap memory:
 * the owner calls casc_ptrmap_free. */
#ifndef CASC_UTIL_PTRMAP_H
#define CASC_UTIL_PTRMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  /* Keys apart from values, in one allocation: a probe reads 8 keys per
   * cache line, and verify-sync probes for nearly every operand. */
  const void **keys; /* NULL: empty */
  uintptr_t *vals;
  size_t cap, n; /* cap is 0 or a power of two */
} casc_ptrmap;

void casc_ptrmap_init(casc_ptrmap *m);
void casc_ptrmap_free(casc_ptrmap *m);
/* Inserts or overwrites. Returns false when out of memory (the map is
 * unchanged). */
bool casc_ptrmap_put(casc_ptrmap *m, const void *key, uintptr_t val);
/* Makes room for n keys in all, so that inserting up to n allocates no
 * more: a caller that knows the count skips the growth steps (each one a
 * new zeroed table and a rehash). False when out of memory (the map is
 * unchanged). */
bool casc_ptrmap_reserve(casc_ptrmap *m, size_t n);
/* True and the value in *val when key is present. */
bool casc_ptrmap_find(const casc_ptrmap *m, const void *key, uintptr_t *val);
/* The value of key, or dflt (also for a NULL key). */
uintptr_t casc_ptrmap_get(const casc_ptrmap *m, const void *key,
                          uintptr_t dflt);

#endif
