// The fast kernel (what attend_raw runs) against the simple reference kernel,
// at shapes chosen to hit every edge of the blocking: n = 1, n just below and
// above a multiple of the 4-asker block and of the 64-key stream tile, d = 1,
// d = 3 (no full vector), d not a multiple of 8 (the 8-float output strips).
//
// Tolerance, and why 1e-5 relative holds: both kernels compute in float and
// differ only in summation order and in exp (a polynomial, ~2 ulp, against
// std::exp). With unit-variance scores (entries of q and k drawn with
// spread d^-1/4) a score is O(1) and its rounding error is a few float ulps,
// so each weight differs by ~1e-7 relative, plus the error of the row sum
// (~sqrt(n) ulps, ~1e-6 at n = 300). Weights are checked against 1e-5 of
// themselves. An output is a sum of w_j v_j that can cancel to near 0, so it
// is checked against 1e-5 of the size of what was summed, sum_j w_j |v_j|.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "fixed_text.hpp"
#include "kernel.hpp"
#include "kernel_simd.hpp"
#include "random_inputs.hpp"
#include "validate.hpp"

// Counts heap allocations made by this test binary, so a test can prove the
// kernel allocates nothing (the count must not move across a call).
static std::atomic<long> g_allocations{0};
void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using attention::RawOptions;

struct Shape {
  std::size_t n, d;
};
std::string shape_name(const ::testing::TestParamInfo<Shape>& info) {
  return "n" + std::to_string(info.param.n) + "_d" + std::to_string(info.param.d);
}

using fixtures::random_floats;

struct Inputs {
  std::size_t n, d;
  std::vector<float> q, k, v;
};

// q, k with spread d^-1/4 so even an unscaled score q . k has unit variance.
Inputs unit_variance_inputs(std::size_t n, std::size_t d, unsigned seed) {
  attention::Random rng(seed);
  const float spread = std::pow(float(d), -0.25f);
  Inputs in{n, d, random_floats(rng, n * d, spread), random_floats(rng, n * d, spread), {}};
  in.v = random_floats(rng, n * d, 1.0f);
  return in;
}

struct Result {
  std::vector<float> weights, outputs;
};

float scale_for(const Inputs& in, bool scaled) {
  return scaled ? 1.0f / std::sqrt(float(in.d)) : 1.0f;
}

Result run_reference(const Inputs& in, bool scaled, bool causal) {
  Result r{std::vector<float>(in.n * in.n, -1.0f), std::vector<float>(in.n * in.d, -1.0f)};
  attention::detail::attend_raw_reference(in.q.data(), in.k.data(), in.v.data(), in.n, in.d,
                                          scale_for(in, scaled), causal, r.weights.data(),
                                          r.outputs.data());
  return r;
}

// The fast path through the public entry point; weights empty when not asked for.
Result run_fast(const Inputs& in, bool scaled, bool causal, bool with_weights) {
  Result r{std::vector<float>(with_weights ? in.n * in.n : 0, -1.0f),
           std::vector<float>(in.n * in.d, -1.0f)};
  const auto status = attention::attend_raw(in.q.data(), in.k.data(), in.v.data(), in.n, in.d,
                                            RawOptions{scaled, causal},
                                            with_weights ? r.weights.data() : nullptr,
                                            r.outputs.data());
  EXPECT_TRUE(status.ok()) << status.message;
  return r;
}

void expect_weights_close(const Result& got, const Result& want) {
  ASSERT_EQ(got.weights.size(), want.weights.size());
  for (std::size_t i = 0; i < want.weights.size(); ++i) {
    const float w = want.weights[i];
    if (w == 0.0f) {  // masked: exactly 0, not merely small
      ASSERT_EQ(got.weights[i], 0.0f) << "weights index " << i;
      continue;
    }
    ASSERT_LE(std::fabs(got.weights[i] - w), 1e-5 * w) << "weights index " << i;
  }
}

void expect_outputs_close(const Inputs& in, const Result& got, const Result& want) {
  for (std::size_t i = 0; i < in.n; ++i)
    for (std::size_t c = 0; c < in.d; ++c) {
      double magnitude = 0;  // sum_j w_ij |v_jc|: the size of what the output sums
      for (std::size_t j = 0; j < in.n; ++j)
        magnitude += double(want.weights[i * in.n + j]) * std::fabs(in.v[j * in.d + c]);
      ASSERT_LE(std::fabs(got.outputs[i * in.d + c] - want.outputs[i * in.d + c]),
                1e-5 * magnitude + 1e-30)
          << "outputs row " << i << ", column " << c;
    }
}

class KernelMatchesReference : public ::testing::TestWithParam<Shape> {};

TEST_P(KernelMatchesReference, EveryOptionWithAndWithoutTheGrid) {
  const auto [n, d] = GetParam();
  const Inputs in = unit_variance_inputs(n, d, static_cast<unsigned>(n * 1009 + d));
  for (bool scaled : {false, true})
    for (bool causal : {false, true}) {
      SCOPED_TRACE(std::string(scaled ? "scaled" : "unscaled") + (causal ? " causal" : ""));
      const Result want = run_reference(in, scaled, causal);
      const Result fast = run_fast(in, scaled, causal, true);
      expect_weights_close(fast, want);
      expect_outputs_close(in, fast, want);
      const Result streamed = run_fast(in, scaled, causal, false);
      expect_outputs_close(in, streamed, want);
    }
}

// masked_zero: a causal call into a grid already 0 above the diagonal writes
// only the scratch entries next to it, and still returns exact zeros there:
// first into a zeroed grid, then again into the same grid over different inputs
// (as the wasm workspace does on repeated causal calls).
TEST_P(KernelMatchesReference, CausalIntoAGridAlreadyZeroAboveTheDiagonal) {
  const auto [n, d] = GetParam();
  Result r{std::vector<float>(n * n, 0.0f), std::vector<float>(n * d, -1.0f)};
  for (unsigned seed : {1u, 2u}) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Inputs in = unit_variance_inputs(n, d, static_cast<unsigned>(n * 31 + d + seed));
    RawOptions options{true, true};
    options.masked_zero = true;
    ASSERT_TRUE(attention::attend_raw(in.q.data(), in.k.data(), in.v.data(), n, d, options,
                                      r.weights.data(), r.outputs.data())
                    .ok());
    const Result want = run_reference(in, true, true);
    expect_weights_close(r, want);
    expect_outputs_close(in, r, want);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, KernelMatchesReference,
    ::testing::Values(Shape{1, 1}, Shape{1, 3}, Shape{1, 128}, Shape{2, 1}, Shape{3, 3},
                      Shape{4, 4}, Shape{5, 1}, Shape{5, 8}, Shape{7, 3}, Shape{13, 12},
                      Shape{63, 64}, Shape{64, 64}, Shape{65, 64}, Shape{66, 13}, Shape{127, 9},
                      Shape{129, 128}, Shape{257, 3}, Shape{300, 130}),
    shape_name);

// Rows of the grid sum to 1 and every output lies within the values it mixes.
void expect_sane(const Inputs& in, const Result& r, bool causal) {
  for (std::size_t i = 0; i < in.n; ++i) {
    double row_sum = 0;
    for (std::size_t j = 0; j < in.n; ++j) {
      const float w = r.weights[i * in.n + j];
      ASSERT_TRUE(std::isfinite(w) && w >= 0.0f) << "weights " << i << ", " << j << " = " << w;
      if (causal && j > i) ASSERT_EQ(w, 0.0f);
      row_sum += w;
    }
    ASSERT_NEAR(row_sum, 1.0, 1e-5) << "row " << i;
  }
  for (float o : r.outputs) ASSERT_TRUE(std::isfinite(o)) << o;
}

TEST(KernelExtremes, HugeScoresStayFiniteAndPickTheWinner) {
  // Scores near +-1e30: softmax must subtract the row max before exp.
  Inputs in = unit_variance_inputs(37, 5, 7);
  for (float& x : in.q) x *= 1e14f;
  for (float& x : in.k) x *= 1e14f;
  for (bool causal : {false, true}) {
    const Result fast = run_fast(in, false, causal, true);
    expect_sane(in, fast, causal);
    const Result want = run_reference(in, false, causal);
    expect_weights_close(fast, want);  // one-hot rows: both kernels pick the same key
    const Result streamed = run_fast(in, false, causal, false);
    for (std::size_t i = 0; i < streamed.outputs.size(); ++i)
      ASSERT_NEAR(streamed.outputs[i], fast.outputs[i], 1e-5 * (1 + std::fabs(fast.outputs[i])));
  }
}

TEST(KernelExtremes, TinyAndLargeValuesStayFinite) {
  Inputs in = unit_variance_inputs(70, 9, 11);
  for (float& x : in.q) x *= 1e-30f;  // all scores ~0: uniform weights
  for (float& x : in.v) x *= 1e30f;   // outputs near 1e30, still finite
  for (bool causal : {false, true}) {
    const Result fast = run_fast(in, true, causal, true);
    expect_sane(in, fast, causal);
    EXPECT_NEAR(fast.weights[(in.n - 1) * in.n], 1.0f / in.n, 1e-9) << "the last row should be uniform";
    const Result streamed = run_fast(in, true, causal, false);
    for (float o : streamed.outputs) ASSERT_TRUE(std::isfinite(o));
  }
}

TEST(KernelExtremes, ScoreOverflowIsReportedNotReturned) {
  Inputs in = unit_variance_inputs(9, 4, 3);
  for (float& x : in.q) x = 1e30f;
  for (float& x : in.k) x = 1e30f;
  for (bool with_weights : {true, false}) {
    std::vector<float> w(with_weights ? 81 : 0), out(36);
    const auto s = attention::attend_raw(in.q.data(), in.k.data(), in.v.data(), 9, 4,
                                         RawOptions{false, false},
                                         with_weights ? w.data() : nullptr, out.data());
    EXPECT_EQ(s.code, attention::ErrorCode::kNonFinite);
  }
}

TEST(KernelMemory, AllocatesNothing) {
  const Inputs in = unit_variance_inputs(133, 17, 5);
  std::vector<float> weights(in.n * in.n), outputs(in.n * in.d);
  for (float* w : {weights.data(), static_cast<float*>(nullptr)}) {
    const long before = g_allocations.load();
    const auto status = attention::attend_raw(in.q.data(), in.k.data(), in.v.data(), in.n, in.d,
                                              RawOptions{true, true}, w, outputs.data());
    const long after = g_allocations.load();
    EXPECT_TRUE(status.ok());
    EXPECT_EQ(after - before, 0) << (w ? "with" : "without") << " the grid";
  }
}

}  // namespace

namespace {
float exp_lane0(float x) {
  return attention::kernel::exp4(attention::kernel::splat4(x), attention::kernel::exp_constants)[0];
}
}  // namespace

// The vectorised exp on its whole domain (x <= 0): within 3e-7 relative of the
// true value down to where floats go subnormal, exactly 0 below -88 and for
// -inf and NaN. Guards the 2^k bit trick (the exponent field
// is built from the low mantissa bits of x / ln2 + 1.5 * 2^23 + 127).
TEST(KernelExp, MatchesTheLibraryExpOnItsDomain) {
  double worst = 0;
  float worst_x = 0;
  for (float x = 0.0f; x > -87.0f; x -= 0.0037f) {
    const double truth = std::exp(static_cast<double>(x));
    const double err = std::fabs(exp_lane0(x) - truth) / truth;
    if (err > worst) worst = err, worst_x = x;
  }
  EXPECT_LT(worst, 3e-7) << "at x = " << worst_x;
  EXPECT_NEAR(exp_lane0(0.0f), 1.0f, 2e-7f);
  EXPECT_EQ(exp_lane0(-88.0f), 0.0f);
  EXPECT_EQ(exp_lane0(-1000.0f), 0.0f);
  EXPECT_EQ(exp_lane0(-INFINITY), 0.0f);
  EXPECT_EQ(exp_lane0(std::nanf("")), 0.0f);
  // Each integer power of two in range is hit exactly (k = -126 .. 0, r = 0).
  for (int k = -126; k <= 0; ++k) {
    const float x = static_cast<float>(k * 0.6931471805599453);
    EXPECT_NEAR(exp_lane0(x), std::exp(static_cast<double>(x)), 3e-7 * std::exp(static_cast<double>(x)))
        << "k = " << k;
  }
}

// The fast finiteness check attend_raw() runs on the outputs: any one
// infinity or NaN, in the four-wide body or the 1-3 float tail, is seen.
TEST(KernelAllFinite, SeesEveryNonFiniteEntry) {
  for (std::size_t count : {1u, 3u, 4u, 7u, 64u, 66u}) {
    std::vector<float> x(count, 1e38f);
    EXPECT_TRUE(attention::detail::all_finite(x.data(), count)) << count;
    for (std::size_t at = 0; at < count; ++at)
      for (float bad : {INFINITY, -INFINITY, NAN}) {
        x[at] = bad;
        EXPECT_FALSE(attention::detail::all_finite(x.data(), count)) << count << " at " << at;
        x[at] = -3.0e38f;
      }
  }
}

// The last 1-3 askers of a band run as a quad padded with copies of its last row
// (kernel.cpp, QuadRows); each row's numbers must not depend on that. Askers 32..34 of a
// 35-row band (the padded quad) against the same askers inside a 36-row band (a quad of
// four): bit for bit, weights and outputs, every option, d with and without a 4-float tail
// and an odd number of keys per block.
TEST(KernelTail, APaddedQuadGivesAFullQuadsNumbers) {
  attention::Random rng(7);
  for (std::size_t d : {3u, 8u, 12u, 64u, 67u}) {
    const std::size_t n = 41;
    const auto q = random_floats(rng, n * d, 1.0f), k = random_floats(rng, n * d, 1.0f),
               v = random_floats(rng, n * d, 1.0f);
    for (bool causal : {false, true})
      for (bool grid : {false, true}) {
        std::vector<float> w35(35 * n), o35(35 * d), w36(36 * n), o36(36 * d);
        attention::detail::attend_raw_blocked(q.data(), k.data(), v.data(), n, d, 0, 35, 0.5f, causal,
                                              false, grid ? w35.data() : nullptr, o35.data());
        attention::detail::attend_raw_blocked(q.data(), k.data(), v.data(), n, d, 0, 36, 0.5f, causal,
                                              false, grid ? w36.data() : nullptr, o36.data());
        const std::string where = "d = " + std::to_string(d) + (causal ? " causal" : " full") +
                                  (grid ? " with the grid" : " outputs only");
        EXPECT_EQ(std::memcmp(o35.data(), o36.data(), 35 * d * sizeof(float)), 0) << where;
        if (grid) EXPECT_EQ(std::memcmp(w35.data(), w36.data(), 35 * n * sizeof(float)), 0) << where;
      }
  }
}

// A padded quad (the band's last 1-3 askers, QuadRows) reads and writes only the band's rows:
// every buffer sits between guard floats (NaN before and after the queries, so a read past the
// band would turn a real row's numbers into NaN; a sentinel around weights and outputs, which
// must be untouched), and the band's numbers are those of the same rows in one call for all n.
// Bands of 1-7 and 33-35 rows, at row 0 and at row 32, full and causal, d with a 4-float tail
// and an odd number of keys.
TEST(KernelTail, APaddedQuadStaysInsideTheBand) {
  constexpr std::size_t kGuard = 512;  // more than 3 rows of any buffer here: a stray row lands in it
  constexpr float kSentinel = 1234.5f;
  attention::Random rng(11);
  for (std::size_t d : {3u, 64u, 67u}) {
    const std::size_t n = 75;
    const auto q = random_floats(rng, n * d, 1.0f), k = random_floats(rng, n * d, 1.0f),
               v = random_floats(rng, n * d, 1.0f);
    for (bool causal : {false, true}) {
      std::vector<float> all_w(n * n), all_o(n * d);
      attention::detail::attend_raw_blocked(q.data(), k.data(), v.data(), n, d, 0, n, 0.5f, causal,
                                            false, all_w.data(), all_o.data());
      for (std::size_t first : {0u, 32u})
        for (std::size_t rows : {1u, 2u, 3u, 5u, 6u, 7u, 33u, 34u, 35u}) {
          if (first + rows > n) continue;
          // guard | the band's rows | guard, for each buffer the kernel reads or writes per band
          std::vector<float> band_q(rows * d + 2 * kGuard, NAN);
          std::copy(q.begin() + first * d, q.begin() + (first + rows) * d, band_q.begin() + kGuard);
          std::vector<float> w(rows * n + 2 * kGuard, kSentinel), o(rows * d + 2 * kGuard, kSentinel);
          attention::detail::attend_raw_blocked(band_q.data() + kGuard, k.data(), v.data(), n, d, first,
                                                rows, 0.5f, causal, false, w.data() + kGuard,
                                                o.data() + kGuard);
          const std::string where = "d = " + std::to_string(d) + (causal ? " causal" : " full") +
                                    ", rows " + std::to_string(first) + " + " + std::to_string(rows);
          for (std::size_t g = 0; g < kGuard; ++g) {
            ASSERT_EQ(w[g], kSentinel) << where << ": weights written before the band";
            ASSERT_EQ(w[kGuard + rows * n + g], kSentinel) << where << ": weights written past the band";
            ASSERT_EQ(o[g], kSentinel) << where << ": outputs written before the band";
            ASSERT_EQ(o[kGuard + rows * d + g], kSentinel) << where << ": outputs written past the band";
          }
          EXPECT_EQ(std::memcmp(o.data() + kGuard, all_o.data() + first * d, rows * d * sizeof(float)), 0)
              << where;
          EXPECT_EQ(std::memcmp(w.data() + kGuard, all_w.data() + first * n, rows * n * sizeof(float)), 0)
              << where;
        }
    }
  }
}

// The raw path's messages are written into a fixed buffer (fixed_text.hpp): numbers in
// decimal, Commas with thousands separators, and anything past the capacity cut, never
// overrun.
TEST(FixedText, WritesNumbersAndCutsAtItsCapacity) {
  using attention::detail::Commas;
  using attention::detail::FixedText;
  FixedText t;
  t << "n = " << std::uint64_t{0} << ", " << std::uint64_t{18446744073709551615u} << "; "
    << Commas{999} << " " << Commas{1000} << " " << Commas{17179869184u};
  EXPECT_STREQ(t.c_str(), "n = 0, 18446744073709551615; 999 1,000 17,179,869,184");
  FixedText full;
  for (int i = 0; i < 100; ++i) full << "abcdefghij";
  EXPECT_EQ(full.size(), FixedText::kCapacity - 1);
  EXPECT_EQ(std::string(full.c_str()).size(), FixedText::kCapacity - 1);
  full << std::uint64_t{42};
  EXPECT_EQ(full.size(), FixedText::kCapacity - 1);
}

// Every message of the raw path's size check, word for word (the wording the docs and the
// JS tests quote), as the public Status carries it.
TEST(FixedText, RawSizeMessagesAreWordForWord) {
  const auto message = [](std::size_t n, std::size_t d, bool grid) {
    return attention::check_raw_size(n, d, grid).message;
  };
  EXPECT_EQ(message(0, 4, true), "attend_raw: n = 0; give at least one token");
  EXPECT_EQ(message(4, 0, true), "attend_raw: d = 0; vectors need at least one number");
  EXPECT_EQ(message(4, 513, true), "attend_raw: d = 513; at most 512");
  EXPECT_EQ(message(8193, 4, true),
            "attend_raw: n = 8193; at most 8192 when the weights grid is returned (ask for "
            "outputs only to go up to 16384)");
  EXPECT_EQ(message(16385, 4, false), "attend_raw: n = 16385; at most 16384");
  EXPECT_EQ(message(16384, 64, false),
            "attend_raw: n × n × d = 16384 × 16384 × 64 = 17,179,869,184 multiply-adds; at most "
            "8,589,934,592 (a few seconds): lower n or d");
  EXPECT_EQ(message(4096, 512, true), "");
}
