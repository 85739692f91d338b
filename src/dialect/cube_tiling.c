/* TCubeTiling's fields by their C++ names, in the struct's order (pyasc's
 * Field names, python/asc/language/adv/tiling.py): the front end checks an
 * emitasc.member name against them and the simulator turns the name into
 * the field's slot, so the table lives here, below both. */
#include <string.h>

#include "dialect/dialect.h"

static const char *const k_fields[CASC_CUBE_TILING_FIELDS] = {"usedCoreNum",
                                                              "M",
                                                              "N",
                                                              "Ka",
                                                              "Kb",
                                                              "singleCoreM",
                                                              "singleCoreN",
                                                              "singleCoreK",
                                                              "baseM",
                                                              "baseN",
                                                              "baseK",
                                                              "depthA1",
                                                              "depthB1",
                                                              "stepM",
                                                              "stepN",
                                                              "isBias",
                                                              "transLength",
                                                              "iterateOrder",
                                                              "shareMode",
                                                              "shareL1Size",
                                                              "shareL0CSize",
                                                              "shareUbSize",
                                                              "batchM",
                                                              "batchN",
                                                              "singleBatchM",
                                                              "singleBatchN",
                                                              "stepKa",
                                                              "stepKb",
                                                              "depthAL1CacheUB",
                                                              "depthBL1CacheUB",
                                                              "dbL0A",
                                                              "dbL0B",
                                                              "dbL0C",
                                                              "ALayoutInfoB",
                                                              "ALayoutInfoS",
                                                              "ALayoutInfoN",
                                                              "ALayoutInfoG",
                                                              "ALayoutInfoD",
                                                              "BLayoutInfoB",
                                                              "BLayoutInfoS",
                                                              "BLayoutInfoN",
                                                              "BLayoutInfoG",
                                                              "BLayoutInfoD",
                                                              "CLayoutInfoB",
                                                              "CLayoutInfoS1",
                                                              "CLayoutInfoN",
                                                              "CLayoutInfoG",
                                                              "CLayoutInfoS2",
                                                              "BatchNum"};

int casc_cube_tiling_field(const char *name) {
  for (int i = 0; name && i < CASC_CUBE_TILING_FIELDS; i++)
    if (strcmp(k_fields[i], name) == 0)
      return i;
  return -1;
}
