// libFuzzer target for the fast path attention::attend_raw(), with and without
// the weights grid.
//
// Every buffer is its own allocation of exactly the size the contract names
// (queries, keys, values, outputs: n * d floats; weights: n * n), so
// AddressSanitizer stops any read or write one float past the end. Checks:
//   inputs the core must refuse  -> an error status with a code and a message;
//   otherwise ok (or an overflow error) and, on ok: outputs finite and inside the
//   range of the values they blend; weights finite, in [0, 1], rows summing to 1,
//   masked entries exactly 0; where float rounding cannot blur the scores, the
//   weights and outputs match a double-precision reference, for the grid path
//   and the outputs-only path (online softmax) alike.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "fuzz_common.hpp"

namespace {

using attention::ErrorCode;

// double -> float without the undefined behaviour of an out-of-range cast.
float to_float(double x) {
  if (std::isnan(x)) return NAN;
  if (x > FLT_MAX) return INFINITY;
  if (x < -FLT_MAX) return -INFINITY;
  return static_cast<float>(x);
}

// An exactly sized heap buffer (or none, to test the null-pointer refusal).
struct Buffer {
  std::unique_ptr<float[]> data;
  std::size_t size = 0;
  float* get() const { return data.get(); }
};

Buffer make_buffer(FuzzedDataProvider& in, std::size_t size, bool fill_from_fuzz) {
  Buffer b{std::unique_ptr<float[]>(new float[size]), size};
  for (std::size_t i = 0; i < size; ++i) b.data[i] = fill_from_fuzz ? to_float(fuzz::entry(in)) : 0.5f;
  return b;
}

struct Problem {
  std::size_t n, d;
  attention::RawOptions options;
  bool want_weights;
  Buffer queries, keys, values;
  bool null_input;  // one of queries/keys/values passed as nullptr
};

bool must_refuse(const Problem& p) {
  const std::size_t cap = p.want_weights ? attention::kMaxRawTokens : attention::kMaxStreamTokens;
  if (p.n == 0 || p.d == 0 || p.d > attention::kMaxDim || p.n > cap || p.null_input) return true;
  if (std::uint64_t{p.n} * p.n * p.d > attention::kMaxRawWork) return true;
  for (const Buffer* b : {&p.queries, &p.keys, &p.values})
    for (std::size_t i = 0; i < b->size; ++i)
      if (!std::isfinite(b->data[i])) return true;
  return false;
}

// Textbook attention in double, for row i: fills weights (n) and outputs (d).
// Returns the largest |scaled q.k| summed term by term: the size of the
// rounding a float kernel may make in a score.
double reference_row(const Problem& p, std::size_t i, std::vector<double>& w, std::vector<double>& o) {
  const std::size_t n = p.n, d = p.d, visible = p.options.causal ? i + 1 : n;
  const double scale = p.options.scaled ? 1.0 / std::sqrt(static_cast<double>(d)) : 1.0;
  w.assign(n, 0.0);
  o.assign(d, 0.0);
  double m = -INFINITY, sum = 0, magnitude = 0;
  for (std::size_t j = 0; j < visible; ++j) {
    double s = 0, abs_sum = 0;
    for (std::size_t c = 0; c < d; ++c) {
      const double term = double(p.queries.data[i * d + c]) * p.keys.data[j * d + c];
      s += term;
      abs_sum += std::fabs(term);
    }
    w[j] = s * scale;
    m = std::max(m, w[j]);
    magnitude = std::max(magnitude, abs_sum * scale);
  }
  for (std::size_t j = 0; j < visible; ++j) sum += (w[j] = std::exp(w[j] - m));
  for (std::size_t j = 0; j < visible; ++j) {
    w[j] /= sum;
    for (std::size_t c = 0; c < d; ++c) o[c] += w[j] * p.values.data[j * d + c];
  }
  return magnitude;
}

double max_abs_value(const Problem& p) {
  double m = 0;
  for (std::size_t i = 0; i < p.values.size; ++i) m = std::max(m, double(std::fabs(p.values.data[i])));
  return m;
}

void check_weight_row(const Problem& p, const float* row, std::size_t i) {
  double sum = 0;
  for (std::size_t j = 0; j < p.n; ++j) {
    const float w = row[j];
    fuzz::require(std::isfinite(w) && w >= 0 && w <= 1, "weight not finite or outside [0, 1]");
    if (p.options.causal && j > i) fuzz::require(w == 0 && !std::signbit(w), "masked weight is not exactly 0");
    sum += w;
  }
  fuzz::require(std::fabs(sum - 1) <= 1e-5 + 1e-6 * double(p.n), "weights row does not sum to 1, sum - 1 =",
                std::to_string(sum - 1));
}

// A weighted average stays inside the range of what it averages (up to float rounding).
void check_output_in_range(const Problem& p, const float* out, std::size_t i) {
  const std::size_t visible = p.options.causal ? i + 1 : p.n;
  for (std::size_t c = 0; c < p.d; ++c) {
    double lo = INFINITY, hi = -INFINITY;
    for (std::size_t j = 0; j < visible; ++j) {
      lo = std::min(lo, double(p.values.data[j * p.d + c]));
      hi = std::max(hi, double(p.values.data[j * p.d + c]));
    }
    const double slack = 1e-5 * std::max(std::fabs(lo), std::fabs(hi)) * double(p.n) + 1e-37;
    fuzz::require(std::isfinite(out[c]), "ok but an output is not finite");
    fuzz::require(out[c] >= lo - slack && out[c] <= hi + slack, "output outside the range of the values");
  }
}

// Where every score is small term by term, float rounding moves a weight by
// at most ~1e-5, so the kernel must agree with the double reference.
void check_against_reference(const Problem& p, const float* weights, const float* outputs) {
  const double vmax = max_abs_value(p);
  std::vector<double> w, o;
  for (std::size_t i = 0; i < p.n; ++i) {
    if (reference_row(p, i, w, o) > 30) continue;
    for (std::size_t j = 0; weights && j < p.n; ++j)
      fuzz::require(std::fabs(weights[i * p.n + j] - w[j]) <= 1e-4, "weight differs from the reference");
    for (std::size_t c = 0; c < p.d; ++c)
      fuzz::require(std::fabs(outputs[i * p.d + c] - o[c]) <= 1e-4 * vmax + 1e-37,
                    "output differs from the reference by", std::to_string(outputs[i * p.d + c] - o[c]));
  }
}

attention::Status run(const Problem& p, float* weights, float* outputs, std::size_t null_slot) {
  const float* q = null_slot == 0 ? nullptr : p.queries.get();
  const float* k = null_slot == 1 ? nullptr : p.keys.get();
  const float* v = null_slot == 2 ? nullptr : p.values.get();
  return attention::attend_raw(q, k, v, p.n, p.d, p.options, weights, outputs);
}

void check_ok(const Problem& p, const float* weights, const float* outputs) {
  for (std::size_t i = 0; i < p.n; ++i) {
    if (weights) check_weight_row(p, weights + i * p.n, i);
    check_output_in_range(p, outputs + i * p.d, i);
  }
  check_against_reference(p, weights, outputs);
}

void check_status(const Problem& p, const attention::Status& s) {
  if (must_refuse(p)) {
    fuzz::require(!s.ok(), "bad input accepted");
    fuzz::require_good_error(s);
  } else if (!s.ok()) {
    fuzz::require_good_error(s);  // finite inputs may only fail by overflowing inside
    fuzz::require(s.code == ErrorCode::kNonFinite, "good input refused:", s.message);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  Problem p{};
  p.options.scaled = in.ConsumeBool();
  p.options.causal = in.ConsumeBool();
  p.want_weights = in.ConsumeBool();
  const std::size_t token_cap = p.want_weights ? attention::kMaxRawTokens : attention::kMaxStreamTokens;
  p.n = fuzz::dimension(in, 40);
  p.d = fuzz::dimension(in, 12);
  switch (fuzz::oversized_dimension(in, 2)) {
    case 0: p.n = token_cap + 1; break;
    case 1: p.d = attention::kMaxDim + 1; break;
  }
  // Refused sizes get constant buffers (d = 1 for n above the cap): the point is
  // the refusal, and filling 65537 x d entries from the fuzz bytes would be slow.
  const bool refused_size = p.n > token_cap || p.d > attention::kMaxDim;
  if (p.n > token_cap) p.d = 1;
  const std::size_t null_slot = in.ConsumeIntegralInRange<int>(0, 31) == 0 ? in.ConsumeIntegralInRange<int>(0, 2) : 3;
  p.null_input = null_slot < 3;
  p.queries = make_buffer(in, p.n * p.d, !refused_size);
  p.keys = make_buffer(in, p.n * p.d, !refused_size);
  p.values = make_buffer(in, p.n * p.d, !refused_size);

  // A refused n would need a 256 MB grid; one float is enough to catch a write.
  const std::size_t grid = !p.want_weights ? 0 : refused_size ? 1 : p.n * p.n;
  Buffer weights = make_buffer(in, grid, false);
  Buffer outputs = make_buffer(in, p.n * p.d, false);
  const attention::Status s = run(p, p.want_weights ? weights.get() : nullptr, outputs.get(), null_slot);
  check_status(p, s);
  if (!s.ok()) return 0;
  check_ok(p, p.want_weights ? weights.get() : nullptr, outputs.get());

  // masked_zero, as the wasm workspace uses it: causal again into the same
  // grid, now 0 above the diagonal, must give bit for bit the same results.
  if (p.want_weights && p.options.causal) {
    const std::vector<float> first_w(weights.get(), weights.get() + grid);
    const std::vector<float> first_o(outputs.get(), outputs.get() + p.n * p.d);
    p.options.masked_zero = true;
    const attention::Status s3 = run(p, weights.get(), outputs.get(), null_slot);
    p.options.masked_zero = false;
    fuzz::require(s3.ok(), "masked_zero call failed where the first succeeded");
    fuzz::require(std::equal(first_w.begin(), first_w.end(), weights.get()),
                  "masked_zero changed the weights");
    fuzz::require(std::equal(first_o.begin(), first_o.end(), outputs.get()),
                  "masked_zero changed the outputs");
  }

  // The outputs-only path (online softmax) on the same input: same checks.
  if (p.want_weights) {
    Buffer streamed = make_buffer(in, p.n * p.d, false);
    const attention::Status s2 = run(p, nullptr, streamed.get(), null_slot);
    check_status(p, s2);
    if (s2.ok()) check_ok(p, nullptr, streamed.get());
  }
  return 0;
}
