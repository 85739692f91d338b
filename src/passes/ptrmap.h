/* The pointer map moved to util/ptrmap.h (one map for every layer); this
 * name stays only for the files that still include it. */
#ifndef CASC_PASSES_PTRMAP_H
#define CASC_PASSES_PTRMAP_H

#include "util/ptrmap.h"

#endif
