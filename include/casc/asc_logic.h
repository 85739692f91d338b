/* Python's `and` / `or` on runtime conditions (pyasc builds arith.andi /
 * arith.ori of the two i1 values), included by casc/asc.h; same naming
 * rule and error handling as there.
 *
 *   asc_bool tagged = asc_eq(tag, 13);
 *   asc_bool from_gm = asc_eq(pos, ASC_TPOSITION_VECIN);
 *   ASC_IF(asc_and(tagged, from_gm)) ...
 *
 * Make the conditions before the call, as above, for pyasc's order of ops:
 * C leaves the order in which a call's arguments are evaluated open (GCC
 * takes the right one first).
 * Both operands are computed values, so nothing short-circuits (pyasc's IR
 * for `a == 13 and b == 9` too is both cmpi, then arith.andi). */
#ifndef CASC_ASC_LOGIC_H
#define CASC_ASC_LOGIC_H

#include "casc/asc.h"

#pragma GCC visibility push(default)
#ifdef __cplusplus
extern "C" {
#endif

asc_bool asc_and_at(const char *file, int line, asc_bool a, asc_bool b);
asc_bool asc_or_at(const char *file, int line, asc_bool a, asc_bool b);
#define asc_and(a, b) asc_and_at(ASC__AT, a, b)
#define asc_or(a, b) asc_or_at(ASC__AT, a, b)

#ifdef __cplusplus
}
#endif
#pragma GCC visibility pop
#endif /* CASC_ASC_LOGIC_H */
