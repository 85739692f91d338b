// Included (g++ -include) before an emitted function that a lit test
// compiles for the host and runs: the Bisheng keyword the emitter prints,
// and the fixed-width integer types. No Ascend C API is needed by such
// tests (their modules have no emitc.include).
#include <cstdint>
#define __aicore__
