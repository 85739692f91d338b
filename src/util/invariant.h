/* CASC_ASSERT(cond): an internal invariant of casc, checked in Debug and
 * sanitizer builds (NDEBUG not defined), compiled out in Release.
 *
 * Only for facts the code itself guarantees (a map key is never NULL, a
 * bump pointer never passes its chunk): a violation is a casc bug, so it
 * traps at once where a debugger or the sanitizer shows it. Input, however
 * bad, must never reach one: bad input is a located diagnostic. The library
 * never aborts in Release, hence no check there at all. */
#ifndef CASC_UTIL_INVARIANT_H
#define CASC_UTIL_INVARIANT_H

#ifdef NDEBUG
/* sizeof: the condition is still type-checked and its variables count as
 * used, but it is not evaluated. */
#define CASC_ASSERT(cond) ((void)sizeof(cond))
#else
#define CASC_ASSERT(cond) ((cond) ? (void)0 : __builtin_trap())
#endif

#endif
