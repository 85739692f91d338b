/* The registered-type table from types.def. */
#include <string.h>

#include "dialect/dialect.h"

static const casc_asc_type_info type_rows[] = {
#define CASC_TYPE(id, dialect, mnemonic, params, cxx)                          \
  {dialect, mnemonic, params, cxx},
#include "dialect/types.def"
#undef CASC_TYPE
};

const casc_asc_type_info *casc_asc_type_get(casc_asc_type id) {
  return id < CASC_ASC_TYPE_COUNT_ ? &type_rows[id] : NULL;
}

int casc_asc_type_lookup(const char *dialect, size_t dlen, const char *mnem,
                         size_t mlen) {
  for (unsigned i = 0; i < CASC_ASC_TYPE_COUNT_; i++) {
    const casc_asc_type_info *t = &type_rows[i];
    if (strlen(t->dialect) == dlen && memcmp(t->dialect, dialect, dlen) == 0 &&
        strlen(t->mnemonic) == mlen && memcmp(t->mnemonic, mnem, mlen) == 0)
      return (int)i;
  }
  return -1;
}
