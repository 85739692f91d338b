/* Which per-block issues launch.c reports as one diagnostic: the same check,
 * severity, location and notes, and messages that differ at most in their
 * figures. An out-of-bounds copy that every block makes at its own offset
 * ("elements [64, 80)", "[80, 96)", ...) is one diagnostic naming the blocks
 * and showing one block's figures, not one line per block. */
#include <ctype.h>

#include "sim/sim_internal.h"

static bool is_digit(char c) {
  return isdigit((unsigned char)c) != 0;
}

/* Equal but for runs of digits, each of which matches any other run. */
static bool same_but_figures(const char *a, const char *b) {
  while (*a && *b) {
    if (is_digit(*a) && is_digit(*b)) {
      while (is_digit(*a))
        a++;
      while (is_digit(*b))
        b++;
      continue;
    }
    if (*a != *b)
      return false;
    a++;
    b++;
  }
  return *a == *b;
}

bool sim_issue_mergeable(const sim_issue *a, const sim_issue *b) {
  if (a->check != b->check || a->sev != b->sev || a->loc != b->loc ||
      !same_but_figures(a->msg, b->msg) || a->nnotes != b->nnotes)
    return false;
  for (unsigned i = 0; i < a->nnotes; i++)
    if (a->notes[i].loc != b->notes[i].loc || !a->notes[i].msg ||
        !b->notes[i].msg || !same_but_figures(a->notes[i].msg, b->notes[i].msg))
      return false;
  return true;
}

uint64_t sim_issue_merge_hash(const sim_issue *is) {
  uint64_t h = 1469598103934665603ULL ^ (uint64_t)(uintptr_t)is->loc;
  for (const char *p = is->msg; *p; p++) {
    if (is_digit(*p) && is_digit(p[1]))
      continue; /* a run of digits hashes as one '0' */
    h = (h ^ (unsigned char)(is_digit(*p) ? '0' : *p)) * 1099511628211ULL;
  }
  return h ^ (uint64_t)is->check * 31;
}
