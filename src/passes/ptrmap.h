/* A pointer -> uint32 hash map (open addressing), for passes that number
 * ops and values. Heap memory: the owner calls casc_ptrmap_free. */
#ifndef CASC_PASSES_PTRMAP_H
#define CASC_PASSES_PTRMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  const void **keys;
  uint32_t *vals;
  size_t cap, n; /* cap is 0 or a power of two */
  bool oom;      /* an insertion failed for lack of memory */
} casc_ptrmap;

void casc_ptrmap_init(casc_ptrmap *m);
void casc_ptrmap_free(casc_ptrmap *m);
/* Inserts or overwrites. Returns false when out of memory. */
bool casc_ptrmap_put(casc_ptrmap *m, const void *key, uint32_t val);
/* Value of key, or dflt. */
uint32_t casc_ptrmap_get(const casc_ptrmap *m, const void *key, uint32_t dflt);

#endif
