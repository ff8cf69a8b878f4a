// libFuzzer target for the teaching path attention::attend().
//
// The fuzz bytes choose n, d_model, d_k, d_v, the flags, the temperature and
// every matrix entry (NaN, +-Infinity, 1e308, denormals, -0 included), and
// sometimes a Matrix whose data does not match its rows x cols. The target
// then checks what must hold, not just that nothing crashed:
//   inputs the core must refuse  -> an error status with a code and a message;
//   otherwise ok (or an overflow error) and, on ok, a Trace whose weights are
//   finite, in [0, 1], rows summing to 1, masked entries exactly 0, outputs
//   finite and inside the range of the values they blend.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "fuzz_common.hpp"

namespace {

using attention::ErrorCode;
using attention::Matrix;

struct Shape {
  std::size_t n, d_model, d_k, d_v;
};

// A rows x cols matrix, sometimes with a few numbers too many or too few.
Matrix fuzz_matrix(FuzzedDataProvider& in, std::size_t rows, std::size_t cols, bool* inconsistent) {
  Matrix m;
  m.rows = rows;
  m.cols = cols;
  std::size_t count = rows * cols;
  if (in.ConsumeIntegralInRange<int>(0, 31) == 0) {
    const int delta = in.ConsumeIntegralInRange<int>(-3, 3);
    if (delta < 0 && count < static_cast<std::size_t>(-delta)) count = 0;
    else count = count + delta;
    *inconsistent |= count != rows * cols;
  }
  // Shapes above the caps are refused before any work: a constant fill keeps them fast.
  const bool oversized = rows > attention::kMaxTokens || cols > attention::kMaxDim;
  m.data.resize(count, 0.5);
  if (!oversized)
    for (double& x : m.data) x = fuzz::entry(in);
  return m;
}

double fuzz_temperature(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: return fuzz::special_value(in);
    case 1: return in.ConsumeFloatingPointInRange<double>(1e-3, 100.0);
    default: return 1.0;
  }
}

// What the core must refuse, whatever else happens.
bool must_refuse(const attention::Inputs& in, const attention::Options& o, bool inconsistent) {
  const Shape s{in.embeddings.rows, in.embeddings.cols, in.wq.rows, in.wv.rows};
  if (inconsistent || s.n == 0 || s.d_model == 0 || s.d_k == 0 || s.d_v == 0) return true;
  if (s.n > attention::kMaxTokens || s.d_model > attention::kMaxDim || s.d_k > attention::kMaxDim ||
      s.d_v > attention::kMaxDim)
    return true;
  if (in.wq.cols != s.d_model || in.wk.cols != s.d_model || in.wv.cols != s.d_model) return true;
  if (in.wk.rows != s.d_k) return true;
  if (!(o.temperature > 0) || !std::isfinite(o.temperature)) return true;
  for (const Matrix* m : {&in.embeddings, &in.wq, &in.wk, &in.wv})
    if (!fuzz::all_finite(m->data.data(), m->data.size())) return true;
  return false;
}

void require_shape(const Matrix& m, std::size_t rows, std::size_t cols, const char* name) {
  fuzz::require(m.rows == rows && m.cols == cols && m.data.size() == rows * cols,
                "trace matrix has the wrong shape:", name);
}

// Row i of the weights: a probability distribution over the visible keys.
void check_weight_row(const attention::Trace& t, std::size_t i, bool causal) {
  const std::size_t n = t.weights.cols;
  double sum = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const double w = t.weights.at(i, j);
    fuzz::require(std::isfinite(w) && w >= 0 && w <= 1, "weight not finite or outside [0, 1]");
    if (causal && j > i) {
      fuzz::require(w == 0 && !std::signbit(w), "masked weight is not exactly 0");
      fuzz::require(t.exponentials.at(i, j) == 0, "masked exponential is not exactly 0");
      fuzz::require(t.logits.at(i, j) == -INFINITY, "masked logit is not -Infinity");
    } else {
      // Infinity is reserved for the mask: an overflowing logit must be reported.
      fuzz::require(std::isfinite(t.logits.at(i, j)), "ok but an unmasked logit is not finite:",
                    fuzz::show({{"logit", t.logits.at(i, j)}, {"score", t.scores.at(i, j)}, {"divisor", t.divisor}}));
    }
    sum += w;
  }
  fuzz::require(std::fabs(sum - 1) <= 1e-12 * static_cast<double>(n) + 1e-12,
                "weights row does not sum to 1, sum - 1 =", std::to_string(sum - 1));
  // Softmax is monotonic: a larger logit never gets a smaller weight.
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b)
      if (t.logits.at(i, a) > t.logits.at(i, b))
        fuzz::require(t.weights.at(i, a) >= t.weights.at(i, b), "softmax is not monotonic");
}

// Output i is a weighted average of the values, so each coordinate lies
// between the smallest and largest value coordinate (up to rounding).
void check_output_row(const attention::Trace& t, std::size_t i) {
  for (std::size_t c = 0; c < t.outputs.cols; ++c) {
    double lo = INFINITY, hi = -INFINITY, scale = 0;
    for (std::size_t j = 0; j < t.values.rows; ++j) {
      if (t.weights.at(i, j) == 0) continue;
      lo = std::min(lo, t.values.at(j, c));
      hi = std::max(hi, t.values.at(j, c));
      scale = std::max(scale, std::fabs(t.values.at(j, c)));
    }
    // Relative rounding, plus an absolute bit for denormal values (w * 5e-324 rounds to 0).
    const double o = t.outputs.at(i, c),
                 slack = (1e-12 * scale + DBL_MIN) * static_cast<double>(t.values.rows);
    fuzz::require(o >= lo - slack && o <= hi + slack, "output outside the range of the values:",
                  fuzz::show({{"output", o}, {"lo", lo}, {"hi", hi}, {"slack", slack}}));
  }
}

void check_trace(const attention::Trace& t, const Shape& s, const attention::Options& o) {
  require_shape(t.queries, s.n, s.d_k, "queries");
  require_shape(t.keys, s.n, s.d_k, "keys");
  require_shape(t.values, s.n, s.d_v, "values");
  for (const Matrix* m : {&t.scores, &t.logits, &t.exponentials, &t.weights})
    require_shape(*m, s.n, s.n, "n x n grid");
  require_shape(t.outputs, s.n, s.d_v, "outputs");
  fuzz::require(t.exp_sums.size() == s.n, "exp_sums has the wrong length");
  for (const Matrix* m : {&t.queries, &t.keys, &t.values, &t.scores, &t.outputs})
    fuzz::require(fuzz::all_finite(m->data.data(), m->data.size()), "ok but an intermediate is not finite");
  const double divisor = (o.scaled ? std::sqrt(static_cast<double>(s.d_k)) : 1.0) * o.temperature;
  fuzz::require(t.divisor == divisor, "divisor is not sqrt(d_k) * T (or T)");
  for (std::size_t i = 0; i < s.n; ++i) {
    check_weight_row(t, i, o.causal);
    check_output_row(t, i);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  attention::Options options;
  options.scaled = in.ConsumeBool();
  options.causal = in.ConsumeBool();
  options.temperature = fuzz_temperature(in);

  Shape s{fuzz::dimension(in, 9), fuzz::dimension(in, 6), fuzz::dimension(in, 6), fuzz::dimension(in, 6)};
  switch (fuzz::oversized_dimension(in, 4)) {
    case 0: s.n = attention::kMaxTokens + 1; break;
    case 1: s.d_model = attention::kMaxDim + 1; break;
    case 2: s.d_k = attention::kMaxDim + 1; break;
    case 3: s.d_v = attention::kMaxDim + 1; break;
  }
  // Sometimes a weight matrix with the wrong number of columns or wk with its own d_k.
  const std::size_t wk_rows = in.ConsumeIntegralInRange<int>(0, 15) == 0 ? s.d_k + 1 : s.d_k;
  const std::size_t wv_cols = in.ConsumeIntegralInRange<int>(0, 15) == 0 ? s.d_model + 1 : s.d_model;

  bool inconsistent = false;
  attention::Inputs inputs;
  inputs.embeddings = fuzz_matrix(in, s.n, s.d_model, &inconsistent);
  inputs.wq = fuzz_matrix(in, s.d_k, s.d_model, &inconsistent);
  inputs.wk = fuzz_matrix(in, wk_rows, s.d_model, &inconsistent);
  inputs.wv = fuzz_matrix(in, s.d_v, wv_cols, &inconsistent);

  attention::Trace trace;
  const attention::Status status = attention::attend(inputs, options, &trace);
  if (must_refuse(inputs, options, inconsistent)) {
    fuzz::require(!status.ok(), "bad input accepted");
    fuzz::require_good_error(status);
  } else if (!status.ok()) {
    // Finite, well-shaped inputs may only fail by overflowing inside.
    fuzz::require_good_error(status);
    fuzz::require(status.code == ErrorCode::kNonFinite, "good input refused:", status.message);
  } else {
    check_trace(trace, s, options);
  }
  return 0;
}
