// The raw float path against a plain double reference, at shapes chosen to be
// awkward for a blocked kernel: n = 1, n not a multiple of any block, d = 1, 3.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "attention/attention.hpp"
#include "random_inputs.hpp"

namespace {

using attention::ErrorCode;
using attention::RawOptions;

struct Case {
  std::size_t n, d;
};
// Test names like "n257_d128" instead of a byte dump.
std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  return "n" + std::to_string(info.param.n) + "_d" + std::to_string(info.param.d);
}

// Entries with standard deviation `spread`; q and k use d^-1/4 so that even an
// unscaled score q . k has unit variance, and float rounding stays far below 1e-5.
using fixtures::random_floats;

// Textbook attention in double: the yardstick, not the thing under test.
void reference(const std::vector<float>& q, const std::vector<float>& k,
               const std::vector<float>& v, std::size_t n, std::size_t d, RawOptions o,
               std::vector<double>& weights, std::vector<double>& outputs) {
  const double scale = o.scaled ? 1.0 / std::sqrt(double(d)) : 1.0;
  weights.assign(n * n, 0.0);
  outputs.assign(n * d, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t visible = o.causal ? i + 1 : n;
    double m = -INFINITY, sum = 0;
    for (std::size_t j = 0; j < visible; ++j) {
      double s = 0;
      for (std::size_t c = 0; c < d; ++c) s += double(q[i * d + c]) * k[j * d + c];
      weights[i * n + j] = s * scale;
      m = std::fmax(m, s * scale);
    }
    for (std::size_t j = 0; j < visible; ++j) sum += (weights[i * n + j] = std::exp(weights[i * n + j] - m));
    for (std::size_t j = 0; j < visible; ++j) {
      weights[i * n + j] /= sum;
      for (std::size_t c = 0; c < d; ++c) outputs[i * d + c] += weights[i * n + j] * v[j * d + c];
    }
  }
}

// |got - want| <= 1e-5 * max(1, |want|): relative where it matters, absolute near 0.
void expect_close(const float* got, const std::vector<double>& want, const char* what) {
  for (std::size_t i = 0; i < want.size(); ++i)
    ASSERT_LE(std::fabs(got[i] - want[i]), 1e-5 * std::fmax(1.0, std::fabs(want[i])))
        << what << " index " << i;
}

class RawMatchesReference : public ::testing::TestWithParam<Case> {};

TEST_P(RawMatchesReference, WithAndWithoutTheGrid) {
  const auto [n, d] = GetParam();
  attention::Random rng(n * 131 + d);
  const float spread = std::pow(float(d), -0.25f);
  auto q = random_floats(rng, n * d, spread), k = random_floats(rng, n * d, spread);
  auto v = random_floats(rng, n * d);
  for (bool scaled : {false, true})
    for (bool causal : {false, true}) {
      RawOptions o;
      o.scaled = scaled;
      o.causal = causal;
      std::vector<double> want_w, want_o;
      reference(q, k, v, n, d, o, want_w, want_o);
      std::vector<float> weights(n * n, -1.0f), outputs(n * d, -1.0f), streamed(n * d, -1.0f);
      ASSERT_TRUE(attention::attend_raw(q.data(), k.data(), v.data(), n, d, o, weights.data(),
                                        outputs.data()).ok());
      expect_close(weights.data(), want_w, "weights");
      expect_close(outputs.data(), want_o, "outputs");
      ASSERT_TRUE(attention::attend_raw(q.data(), k.data(), v.data(), n, d, o, nullptr,
                                        streamed.data()).ok());
      expect_close(streamed.data(), want_o, "outputs-only");
    }
}

INSTANTIATE_TEST_SUITE_P(Shapes, RawMatchesReference,
                         ::testing::Values(Case{1, 1}, Case{1, 3}, Case{2, 1}, Case{3, 2},
                                           Case{7, 3}, Case{17, 5}, Case{33, 16}, Case{64, 64},
                                           Case{130, 33}, Case{257, 128}),
                         case_name);

TEST(RawErrors, BadShapesAndValues) {
  std::vector<float> q(4, 1.0f), out(4);
  RawOptions o;
  EXPECT_EQ(attention::attend_raw(q.data(), q.data(), q.data(), 0, 2, o, nullptr, out.data()).code,
            ErrorCode::kEmpty);
  EXPECT_EQ(attention::attend_raw(q.data(), q.data(), q.data(), 2, 0, o, nullptr, out.data()).code,
            ErrorCode::kEmpty);
  EXPECT_EQ(attention::attend_raw(nullptr, q.data(), q.data(), 2, 2, o, nullptr, out.data()).code,
            ErrorCode::kEmpty);
  EXPECT_EQ(attention::attend_raw(q.data(), q.data(), q.data(), attention::kMaxRawTokens + 1, 2, o,
                                  out.data(), out.data()).code,
            ErrorCode::kTooLarge);
  q[3] = NAN;
  auto s = attention::attend_raw(q.data(), q.data(), q.data(), 2, 2, o, nullptr, out.data());
  EXPECT_EQ(s.code, ErrorCode::kNonFinite);
  EXPECT_THAT(s.message, ::testing::HasSubstr("queries row 2, column 2 is NaN"));
}

// Time grows as n x n x d: each within its own cap, their product still is not (the old caps let
// one outputs-only call run for over ten minutes). Refused before any buffer is read.
TEST(RawErrors, WorkAboveTheCapIsRefused) {
  std::vector<float> q(4, 1.0f), out(4);
  const RawOptions o;
  const std::size_t n = 16384, d = 64;  // 2^34 multiply-adds
  ASSERT_LE(n, attention::kMaxStreamTokens);
  ASSERT_LE(d, attention::kMaxDim);
  const auto s = attention::attend_raw(q.data(), q.data(), q.data(), n, d, o, nullptr, out.data());
  EXPECT_EQ(s.code, ErrorCode::kTooLarge);
  EXPECT_THAT(s.message, ::testing::HasSubstr("n × n × d = 16384 × 16384 × 64 = 17,179,869,184 multiply-adds; "
                                              "at most 8,589,934,592"));
  EXPECT_TRUE(attention::check_raw_size(4096, 512, true).ok());  // the scale lab's largest grid
  EXPECT_EQ(attention::check_raw_size(4096, 513, true).code, ErrorCode::kTooLarge);
}

TEST(RawErrors, OverflowingScoresAreReported) {
  std::vector<float> q = {1e30f, 1e30f}, out(2);
  auto s = attention::attend_raw(q.data(), q.data(), q.data(), 1, 2, RawOptions{false, false},
                                 nullptr, out.data());
  EXPECT_EQ(s.code, ErrorCode::kNonFinite);
}

}  // namespace

namespace {

TEST(RawErrors, HugeValuesOnTheOutputsOnlyPathAreReportedAsSuch) {
  // Online softmax adds p * v before dividing by the total, so values near
  // FLT_MAX can overflow there though the grid path survives: say which numbers.
  std::vector<float> zeros(2, 0.0f), values = {3e38f, 3e38f}, out(2);
  auto s = attention::attend_raw(zeros.data(), zeros.data(), values.data(), 2, 1, RawOptions{},
                                 nullptr, out.data());
  EXPECT_EQ(s.code, ErrorCode::kNonFinite);
  EXPECT_THAT(s.message, ::testing::HasSubstr("sum of values"));
}

}  // namespace

namespace {

// Bands of rows (attend_raw_rows), as parallel workers use them: every band
// that starts at a multiple of 32 gives exactly the numbers of one full call,
// bit for bit, grid and outputs, with and without the mask; other bands give
// the same numbers to float rounding.
TEST(RawRows, BandsOnPanelEdgesAreBitForBitTheFullCall) {
  const std::size_t n = 197, d = 40;
  attention::Random rng(5);
  auto q = random_floats(rng, n * d, 0.4f), k = random_floats(rng, n * d, 0.4f);
  auto v = random_floats(rng, n * d);
  for (bool causal : {false, true})
    for (bool with_grid : {true, false}) {
      RawOptions o;
      o.causal = causal;
      std::vector<float> weights(n * n), outputs(n * d);
      ASSERT_TRUE(attention::attend_raw(q.data(), k.data(), v.data(), n, d, o,
                                        with_grid ? weights.data() : nullptr, outputs.data())
                      .ok());
      for (std::size_t first : {0, 32, 64, 160}) {
        const std::size_t rows = std::min<std::size_t>(64, n - first);
        std::vector<float> band_w(rows * n, -7.0f), band_o(rows * d, -7.0f);
        ASSERT_TRUE(attention::attend_raw_rows(q.data() + first * d, k.data(), v.data(), n, d,
                                               first, rows, o,
                                               with_grid ? band_w.data() : nullptr, band_o.data())
                        .ok());
        for (std::size_t i = 0; i < rows * d; ++i)
          ASSERT_EQ(band_o[i], outputs[first * d + i])
              << "causal " << causal << " grid " << with_grid << " band " << first << " at " << i;
        if (with_grid)
          for (std::size_t i = 0; i < rows * n; ++i)
            ASSERT_EQ(band_w[i], weights[first * n + i]) << "causal " << causal << " band " << first;
      }
      // A band off the panel edges: the same attention, to rounding.
      std::vector<double> want_w, want_o;
      reference(q, k, v, n, d, o, want_w, want_o);
      const std::size_t first = 45, rows = 50;
      std::vector<float> band_w(rows * n), band_o(rows * d);
      ASSERT_TRUE(attention::attend_raw_rows(q.data() + first * d, k.data(), v.data(), n, d, first,
                                             rows, o, with_grid ? band_w.data() : nullptr,
                                             band_o.data())
                      .ok());
      expect_close(band_o.data(),
                   std::vector<double>(want_o.begin() + first * d, want_o.begin() + (first + rows) * d),
                   "band outputs");
      if (with_grid)
        expect_close(band_w.data(),
                     std::vector<double>(want_w.begin() + first * n,
                                         want_w.begin() + (first + rows) * n),
                     "band weights");
    }
}

TEST(RawRows, ABandOutsideTheAskersIsRefused) {
  std::vector<float> x(8, 0.5f), out(8);
  RawOptions o;
  for (auto [first, rows] : {std::pair<std::size_t, std::size_t>{0, 0}, {4, 1}, {3, 2}})
    EXPECT_EQ(attention::attend_raw_rows(x.data(), x.data(), x.data(), 4, 2, first, rows, o,
                                         nullptr, out.data())
                  .code,
              ErrorCode::kShapeMismatch)
        << first << " " << rows;
}

}  // namespace
