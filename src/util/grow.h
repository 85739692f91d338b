/* Growing arrays: the one doubling policy of the library, with the overflow
 * checks that the hand-written `cap ? cap * 2 : N` copies lacked. The
 * capacity is an element count; it starts at CASC_GROW_MIN and doubles
 * until `need` elements fit. */
#ifndef CASC_UTIL_GROW_H
#define CASC_UTIL_GROW_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"

#define CASC_GROW_MIN 8u

/* The capacity after growing from cap to hold need elements of elem bytes,
 * in *out. False when the element count or the byte size would overflow. */
bool casc_grow_cap(unsigned cap, unsigned need, size_t elem, unsigned *out);

/* Heap array p (casc_realloc) with capacity *cap, made to hold need
 * elements: returns the (possibly moved) array and updates *cap, or returns
 * NULL and leaves p and *cap as they were (p still owned by the caller).
 * New elements are uninitialised. Returns p at once when it is big enough. */
void *casc_grow(void *p, unsigned *cap, unsigned need, size_t elem);

/* The same for an array in arena a holding n elements: they are copied to
 * a bigger arena block (the old one stays in the arena). New elements are
 * zero. */
void *casc_arena_grow(casc_arena *a, void *p, unsigned n, unsigned *cap,
                      unsigned need, size_t elem);

#endif
