/* The library's heap allocator: every malloc/calloc/realloc/free of casc
 * goes through these, so that a test can make the Nth allocation fail
 * (fault injection, as in SQLite's malloc tests) and check that every
 * caller turns the failure into a clean error.
 *
 * They are malloc/calloc/realloc/free underneath: memory handed to the
 * user (casc_buf.data, casc_npy.data) may still be released with free().
 *
 * The injection state is process-wide rather than per context: many
 * allocations have no context at hand (casc_ctx_new itself, casc_buf, the
 * arenas, the simulator's per-run state), and those are exactly the ones a
 * per-context hook would miss. It is atomic so simulator threads count and
 * fail consistently. */
#ifndef CASC_UTIL_ALLOC_H
#define CASC_UTIL_ALLOC_H

#include <stdbool.h>
#include <stddef.h>

void *casc_malloc(size_t size);
void *casc_calloc(size_t count, size_t size);
/* As realloc, except that size 0 is treated as 1 (never frees). */
void *casc_realloc(void *p, size_t size);
void casc_free(void *p);

/* ---- fault injection (tests, `CASC_FAIL_ALLOC` in the casc tool) ------- */
/* Restarts counting: allocation number `nth` (1-based) from now on fails;
 * with `persistent`, every later one fails too. nth == 0 only counts. */
void casc_alloc_fail_nth(unsigned long nth, bool persistent);
/* Stops failing and counting. */
void casc_alloc_fail_off(void);
/* Allocations counted since casc_alloc_fail_nth. */
unsigned long casc_alloc_count(void);
/* How many of them were made to fail. */
unsigned long casc_alloc_failures(void);

#endif
