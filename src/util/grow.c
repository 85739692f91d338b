#include "util/grow.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "util/alloc.h"
#include "util/invariant.h"

bool casc_grow_cap(unsigned cap, unsigned need, size_t elem, unsigned *out) {
  unsigned n = cap ? cap : CASC_GROW_MIN;
  while (n < need) {
    if (n > UINT_MAX / 2)
      return false;
    n *= 2;
  }
  if (elem && n > SIZE_MAX / elem)
    return false;
  *out = n;
  return true;
}

void *casc_grow(void *p, unsigned *cap, unsigned need, size_t elem) {
  if (p && need <= *cap)
    return p;
  unsigned n;
  if (!casc_grow_cap(*cap, need, elem, &n))
    return NULL;
  void *np = casc_realloc(p, (size_t)n * elem);
  if (np)
    *cap = n;
  return np;
}

void *casc_arena_grow(casc_arena *a, void *p, unsigned n, unsigned *cap,
                      unsigned need, size_t elem) {
  CASC_ASSERT(n <= *cap && (n == 0 || p)); /* the elements to copy exist */
  if (p && need <= *cap)
    return p;
  unsigned nc;
  if (!casc_grow_cap(*cap, need, elem, &nc))
    return NULL;
  void *np = casc_arena_alloc(a, (size_t)nc * elem);
  if (!np)
    return NULL;
  if (n)
    memcpy(np, p, (size_t)n * elem);
  *cap = nc;
  return np;
}
