#include "util/alloc.h"

#include <stdatomic.h>
#include <stdlib.h>

/* armed is checked first and alone so that the ordinary path costs one
 * relaxed load: the simulator's threads must not fight over a counter's
 * cache line when nobody is injecting faults. */
static atomic_bool armed;
static atomic_ulong fail_at, seen, failures;
static atomic_bool fail_after;

static bool inject(void) {
  if (!atomic_load_explicit(&armed, memory_order_relaxed))
    return false;
  unsigned long n = atomic_fetch_add(&seen, 1) + 1;
  unsigned long at = atomic_load(&fail_at);
  bool fail = at && (n == at || (n > at && atomic_load(&fail_after)));
  if (fail)
    atomic_fetch_add(&failures, 1);
  return fail;
}

void *casc_malloc(size_t size) {
  return inject() ? NULL : malloc(size ? size : 1);
}

void *casc_calloc(size_t count, size_t size) {
  if (inject())
    return NULL;
  return count && size ? calloc(count, size) : calloc(1, 1);
}

void *casc_realloc(void *p, size_t size) {
  return inject() ? NULL : realloc(p, size ? size : 1);
}

void casc_free(void *p) {
  free(p);
}

void casc_alloc_fail_nth(unsigned long nth, bool persistent) {
  atomic_store(&armed, false);
  atomic_store(&seen, 0);
  atomic_store(&failures, 0);
  atomic_store(&fail_at, nth);
  atomic_store(&fail_after, persistent);
  atomic_store(&armed, true);
}

void casc_alloc_fail_off(void) {
  atomic_store(&armed, false);
  atomic_store(&fail_at, 0);
}

unsigned long casc_alloc_count(void) {
  return atomic_load(&seen);
}

unsigned long casc_alloc_failures(void) {
  return atomic_load(&failures);
}
