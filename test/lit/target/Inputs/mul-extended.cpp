// Driver of mul-extended.mlir: high halves of products where the unsigned
// and the signed readings of the operands differ.
#include <cstdio>

static int expect(const char *what, long long got, long long want) {
  if (got == want)
    return 0;
  std::printf("%s: got %lld, want %lld\n", what, got, want);
  return 1;
}

int main() {
  int bad = 0;
  // 0xFFFFFFFF * 2 = 0x1_FFFFFFFE unsigned: high half 1 (pyasc's: -1).
  bad += expect("hi_u32(-1, 2)", hi_u32(-1, 2), 1);
  // 0x80000000 * 0x80000000 = 0x40000000_00000000: high half 0x40000000.
  bad += expect("hi_u32(min, min)", hi_u32(INT32_MIN, INT32_MIN), 0x40000000);
  // 0xFFFF * 0xFFFF = 0xFFFE0001: high half 0xFFFE, as int16_t -2.
  bad += expect("hi_u16(-1, -1)", hi_u16(-1, -1), -2);
  // 0xFF * 0x02 = 0x01FE: high half 1.
  bad += expect("hi_u8(-1, 2)", hi_u8(-1, 2), 1);
  // signed: -1 * 2 = -2, high half all ones.
  bad += expect("hi_s32(-1, 2)", hi_s32(-1, 2), -1);
  return bad;
}
