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
typedef std::uint32_t u32x4 __attribute__((vector_size(16)));

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

// a * b + c, lane-wise: the one multiply-add every microkernel uses, so one
// source gives all three builds. In the relaxed-SIMD build (ATTENTION_RELAXED_MADD,
// wasm/CMakeLists.txt) it is f32x4.relaxed_madd, fused where the CPU has FMA;
// elsewhere a multiply and an add (wasm SIMD, SSE, or scalar code).
//
// Why the operands look backwards for the builtin: clang 14's
// __builtin_wasm_fma_f32x4(x, y, z) emits the pre-standard opcode fd af 01,
// which meant x + y * z and which no engine accepts any more. The build
// rewrites that opcode to the final relaxed_madd (fd 85 02) after the link
// (scripts/relax-simd.mjs); the operands stay where they are on the stack, and
// relaxed_madd(x, y, z) means x * y + z. So the source passes (a, b, c) for
// a * b + c: the final meaning. Nothing before the rewrite may run this code.
#if defined(ATTENTION_RELAXED_MADD)
#if !defined(__wasm_relaxed_simd__)
#error "ATTENTION_RELAXED_MADD needs -mrelaxed-simd"
#endif
inline f32x4 madd4(f32x4 a, f32x4 b, f32x4 c) { return __builtin_wasm_fma_f32x4(a, b, c); }
#else
inline f32x4 madd4(f32x4 a, f32x4 b, f32x4 c) { return a * b + c; }
#endif

// Lanes picked from x (0-3) and y (4-7), like wasm's i8x16.shuffle.
template <int A, int B, int C, int D>
inline f32x4 shuffle4(f32x4 x, f32x4 y) {
#if defined(__clang__)
  return __builtin_shufflevector(x, y, A, B, C, D);
#else
  return __builtin_shuffle(x, y, i32x4{A, B, C, D});
#endif
}

// {sum4(a), sum4(b), sum4(c), sum4(d)} in 6 shuffles and 3 adds instead of
// four separate lane-by-lane sums; same order of additions as sum4.
inline f32x4 sum4x4(f32x4 a, f32x4 b, f32x4 c, f32x4 d) {
  const f32x4 ab = shuffle4<0, 2, 4, 6>(a, b) + shuffle4<1, 3, 5, 7>(a, b);
  const f32x4 cd = shuffle4<0, 2, 4, 6>(c, d) + shuffle4<1, 3, 5, 7>(c, d);
  return shuffle4<0, 2, 4, 6>(ab, cd) + shuffle4<1, 3, 5, 7>(ab, cd);
}

// Lane-wise mask ? a : b, where mask lanes are all ones or all zeros.
inline f32x4 select4(i32x4 mask, f32x4 a, f32x4 b) {
  return (f32x4)(((i32x4)a & mask) | ((i32x4)b & ~mask));
}
// Lane-wise a > b ? a : b. In wasm, f32x4.pmax (one maxps): the same select
// written with vector extensions became f32x4.gt + v128.bitselect, three to
// four instructions and twice the latency on row_max's loop-carried chain.
inline f32x4 max4(f32x4 a, f32x4 b) {
#if defined(__wasm_simd128__)
  return __builtin_wasm_pmax_f32x4(b, a);  // pmax(x, y) = x < y ? y : x
#else
  return select4(a > b, a, b);
#endif
}

// The constants of exp4, splatted. Kept in a struct that the caller loads
// once before its loop: as v128.const inside the loop, V8 rebuilds each
// constant on every iteration (a few instructions apiece).
struct ExpConstants {
  f32x4 lo, magic, log2e, ln2_hi, ln2_lo, c0, c1, c2, c3, c4, c5;
};
// magic = 1.5 * 2^23 + 127: adding it rounds x / ln2 to an integer k and leaves
// k + 127 (2^k's biased exponent) in the low mantissa bits.
// Defined in kernel.cpp, not const: so the compiler cannot fold the values
// back into v128.const inside loops.
extern ExpConstants exp_constants;

// e^x for four lanes with x <= 0 (the kernel only exponentiates score - max):
// x = k ln2 + r with |r| <= ln2/2 (ln2 split in two so k ln2 is exact enough),
// e^r by a degree-5 polynomial fitted for least maximum relative error on that
// interval (7.5e-8 before float rounding; 2.2e-7 measured in float, far inside
// the kernel's 1e-5 budget), then 2^k put straight into the exponent bits.
// Lanes below -87.68 (including -inf, i.e. masked keys) give exactly 0: they
// are clamped to -88, where k = -127 and the exponent bits of 2^k come out
// all zero, i.e. 2^k = +0. NaN is clamped the same way and gives 0 too; the
// kernel reports the NaN row elsewhere (its sum comes out 0, so the outputs
// become non-finite). No mask at the end: a masking AND became a bitselect
// with a zero vector, and the extra registers made V8 keep the caller's
// running sum on the stack. Never traps: the integer k is read from the bits
// of a float (no float-to-int conversion, which traps on NaN in scalar wasm).
inline f32x4 exp4(f32x4 x, const ExpConstants& c) {
  const f32x4 xc = select4(x > c.lo, x, c.lo);  // max(x, -88); NaN -> -88
  // k = round(x / ln2) by the magic-number trick (see ExpConstants): shifted's
  // low 9 mantissa bits hold k + 127 in [0, 127], and one shift left by 23
  // lands them in the exponent field, everything above shifted out: 2^k with
  // no integer subtract, add or in-loop constant (about 1.6 -> 1.3 ns per exp in a
  // V8 CPU profile at n = 2048, d = 128).
  // Fused or not, the sum rounds to a float whose last mantissa bit is worth 1.
  const f32x4 shifted = madd4(xc, c.log2e, c.magic);
  const f32x4 k = shifted - c.magic;
  const f32x4 r = (xc - k * c.ln2_hi) - k * c.ln2_lo;
  f32x4 p = madd4(c.c5, r, c.c4);
  p = madd4(p, r, c.c3);
  p = madd4(p, r, c.c2);
  p = madd4(p, r, c.c1);
  p = madd4(p, r, c.c0);
  const f32x4 two_k = (f32x4)((u32x4)shifted << 23);  // unsigned: the shift may wrap
  return p * two_k;
}

}  // namespace attention::kernel
