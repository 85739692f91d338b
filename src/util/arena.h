/* Bump-pointer arena: many small allocations, one free. */
#ifndef CASC_UTIL_ARENA_H
#define CASC_UTIL_ARENA_H

#include <stddef.h>

typedef struct casc_arena_chunk casc_arena_chunk;
typedef struct {
  casc_arena_chunk *head;
  size_t total; /* bytes obtained from malloc, for statistics */
} casc_arena;

void casc_arena_init(casc_arena *a);
/* Zeroed, 16-byte aligned; NULL only when malloc fails. */
void *casc_arena_alloc(casc_arena *a, size_t size);
void casc_arena_free(casc_arena *a);

#endif
