// Four-float vectors for the fast kernel, written once for every target.
//
// Why GCC/Clang vector extensions and not wasm_simd128.h: the same source then
// compiles to wasm SIMD (f32x4.*) with -msimd128, to SSE on native x86-64, and
// to plain scalar code in the build without -msimd128 (the scalar fallback),
// with no #ifdef per target. Loads and stores go through memcpy, so buffers
// need no particular alignment.
#pragma once

#include <cstdint>
#include <cstring>

namespace attention::kernel {

typedef float f32x4 __attribute__((vector_size(16)));
typedef std::int32_t i32x4 __attribute__((vector_size(16)));

inline f32x4 load4(const float* p) {
  f32x4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store4(float* p, f32x4 v) { std::memcpy(p, &v, sizeof v); }
inline f32x4 splat4(float x) { return f32x4{x, x, x, x}; }
inline float sum4(f32x4 v) { return (v[0] + v[1]) + (v[2] + v[3]); }
inline float max4(f32x4 v) {
  const float a = v[0] > v[1] ? v[0] : v[1], b = v[2] > v[3] ? v[2] : v[3];
  return a > b ? a : b;
}

// Lane-wise mask ? a : b, where mask lanes are all ones or all zeros.
inline f32x4 select4(i32x4 mask, f32x4 a, f32x4 b) {
  return (f32x4)(((i32x4)a & mask) | ((i32x4)b & ~mask));
}
inline f32x4 max4(f32x4 a, f32x4 b) { return select4(a > b, a, b); }

// e^x for four lanes, the Cephes expf scheme: x = k ln2 + r with |r| <= ln2/2,
// a degree-6 polynomial for e^r, then 2^k put straight into the exponent bits.
// About 2 ulp (~1.2e-7 relative) across the range, far inside the kernel's
// 1e-5 budget. Lanes below -87 (including -inf, i.e. masked keys) give
// exactly 0; NaN gives 0 too, and the kernel reports the NaN row elsewhere
// (its sum comes out 0, so the outputs become non-finite). Never traps: the
// integer k is read from the bits of a float (no float-to-int conversion, which
// traps on NaN in scalar wasm).
inline f32x4 exp4(f32x4 x) {
  const f32x4 lo = splat4(-87.0f), hi = splat4(88.0f);
  const i32x4 in_range = x >= lo;  // false for NaN and for x < -87
  f32x4 xc = select4(x > lo, x, lo);
  xc = select4(xc < hi, xc, hi);
  // k = round(x / ln2) by the 1.5 * 2^23 trick; its low mantissa bits hold k.
  const f32x4 magic = splat4(12582912.0f);
  const f32x4 shifted = xc * splat4(1.44269504088896341f) + magic;
  const f32x4 k = shifted - magic;
  const i32x4 k_int = (i32x4)shifted - (i32x4)magic;
  // r = x - k ln2, with ln2 split in two so the product is exact enough.
  const f32x4 r = (xc - k * splat4(0.693359375f)) - k * splat4(-2.12194440e-4f);
  f32x4 p = splat4(1.9875691500e-4f);
  p = p * r + splat4(1.3981999507e-3f);
  p = p * r + splat4(8.3334519073e-3f);
  p = p * r + splat4(4.1665795894e-2f);
  p = p * r + splat4(1.6666665459e-1f);
  p = p * r + splat4(5.0000001201e-1f);
  const f32x4 e_r = p * (r * r) + r + splat4(1.0f);
  const f32x4 two_k = (f32x4)((k_int + 127) << 23);
  return (f32x4)((i32x4)(e_r * two_k) & in_range);
}

}  // namespace attention::kernel
