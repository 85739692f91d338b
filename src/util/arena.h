/* Bump-pointer arena: many small allocations, one free. */
#ifndef CASC_UTIL_ARENA_H
#define CASC_UTIL_ARENA_H

#include <stddef.h>

typedef struct casc_arena_chunk casc_arena_chunk;
typedef struct {
  casc_arena_chunk *head;
  /* One chunk kept by casc_arena_release for the next allocation that needs
   * a chunk, so a scope that crosses a chunk boundary does not malloc and
   * free a chunk each time it runs. */
  casc_arena_chunk *spare;
  size_t total; /* bytes obtained from malloc, for statistics */
} casc_arena;

/* A point in an arena's allocation history (casc_arena_release). */
typedef struct {
  casc_arena_chunk *chunk;
  size_t used;
} casc_arena_mark;

void casc_arena_init(casc_arena *a);
/* Zeroed, 8-byte aligned (enough for every object the library keeps in an
 * arena: pointers, 64-bit integers and doubles, nothing wider); NULL only
 * when malloc fails. */
void *casc_arena_alloc(casc_arena *a, size_t size);
void casc_arena_free(casc_arena *a);

/* Scratch scopes: everything allocated after casc_arena_mark(a) is given
 * back by casc_arena_release(a, mark), which must be called in LIFO order
 * with the marks of nested scopes (a parser's per-op temporaries). */
casc_arena_mark casc_arena_get_mark(const casc_arena *a);
void casc_arena_release(casc_arena *a, casc_arena_mark m);

#endif
