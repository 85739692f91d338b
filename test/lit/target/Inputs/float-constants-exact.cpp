// Driver of float-constants-exact.mlir: the emitted functions (included
// before this file) must return exactly the values of their IR constants.
#include <cstdio>
#include <cstring>

template <typename T, typename B> static int same(const char *what, T got, B want_bits) {
  B bits;
  std::memcpy(&bits, &got, sizeof bits);
  if (bits == want_bits)
    return 0;
  std::printf("%s: got bits %llx, want %llx\n", what, (unsigned long long)bits,
              (unsigned long long)want_bits);
  return 1;
}

int main() {
  int bad = 0;
  bad += same("f32_a", f32_a(), UINT32_C(0x3F9D70A4));
  bad += same("f32_tie", f32_tie(), UINT32_C(0x38800000));
  bad += same("f32_min_subnormal", f32_min_subnormal(), UINT32_C(0x00000001));
  bad += same("f32_max", f32_max(), UINT32_C(0x7F7FFFFF));
  bad += same("f32_third", f32_third(), UINT32_C(0x3EAAAAAB));
  bad += same("f64_tenth", f64_tenth(), UINT64_C(0x3FB999999999999A));
  bad += same("f64_min_subnormal", f64_min_subnormal(), UINT64_C(0x1));
  bad += same("f64_near_one", f64_near_one(), UINT64_C(0x3FEFFFFFFFFFFFFF));
  return bad;
}
