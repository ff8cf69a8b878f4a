// The teaching path: the chapter's recipe as five named passes
//   project -> score -> scale + mask -> softmax -> blend
// each writing one field of the Trace so the page can show every step.
#include <cmath>
#include <limits>

#include "attention/attention.hpp"
#include "validate.hpp"

namespace attention {
namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// Every row of a dotted with every row of b: out(i, j) = a_i . b_j.
// a: (rows_a, d); b: (rows_b, d) -> out: (rows_a, rows_b). Both passes below are this.
Matrix dot_rows(const Matrix& a, const Matrix& b) {
  Matrix out(a.rows, b.rows);
  for (std::size_t i = 0; i < a.rows; ++i)
    for (std::size_t j = 0; j < b.rows; ++j) {
      double dot = 0;
      for (std::size_t c = 0; c < a.cols; ++c) dot += a.at(i, c) * b.at(j, c);
      out.at(i, j) = dot;
    }
  return out;
}

// project: out row i = W x_i, i.e. out(i, r) = (row r of W) . x_i.
// x: (n, d_model); w: (d_out, d_model) -> out: (n, d_out)
Matrix project(const Matrix& x, const Matrix& w) { return dot_rows(x, w); }

// score: S = Q K^T; S(i, j) = query i . key j ("every question dotted with every key").
Matrix score(const Matrix& queries, const Matrix& keys) { return dot_rows(queries, keys); }

// scale + mask: logits = scores / divisor; above the diagonal -inf when causal,
// so those keys take no share at all.
Matrix scale_and_mask(const Matrix& scores, double divisor, bool causal) {
  Matrix logits(scores.rows, scores.cols);
  for (std::size_t i = 0; i < scores.rows; ++i)
    for (std::size_t j = 0; j < scores.cols; ++j)
      logits.at(i, j) = (causal && j > i) ? kMinusInf : scores.at(i, j) / divisor;
  return logits;
}

// softmax, one row at a time. Weights subtract the row max first, so logits of
// +-1e4 give no inf/NaN; the plain e^logit the chapter prints is kept separately
// for display only. Masked entries are set to exactly 0 in both.
void softmax_rows(const Matrix& logits, Trace* t) {
  const std::size_t n = logits.rows;
  t->exponentials = Matrix(n, n);
  t->weights = Matrix(n, n);
  t->exp_sums.assign(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    double row_max = kMinusInf;
    for (std::size_t j = 0; j < n; ++j) row_max = std::fmax(row_max, logits.at(i, j));
    double shifted_sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
      const double l = logits.at(i, j);
      if (l == kMinusInf) continue;  // masked: stays exactly 0
      const double e = std::exp(l - row_max);
      t->weights.at(i, j) = e;
      shifted_sum += e;
      t->exponentials.at(i, j) = std::exp(l);
      t->exp_sums[i] += t->exponentials.at(i, j);
    }
    for (std::size_t j = 0; j < n; ++j) t->weights.at(i, j) /= shifted_sum;
  }
}

// blend: O = weights x V; output i = sum_j weight(i, j) * value j, the scaled
// value arrows added tip to tail.
Matrix blend(const Matrix& weights, const Matrix& values) {
  Matrix outputs(weights.rows, values.cols);
  for (std::size_t i = 0; i < weights.rows; ++i)
    for (std::size_t j = 0; j < weights.cols; ++j) {
      const double a = weights.at(i, j);
      if (a == 0) continue;
      for (std::size_t c = 0; c < values.cols; ++c) outputs.at(i, c) += a * values.at(j, c);
    }
  return outputs;
}

bool all_finite(const Matrix& m) {
  for (double x : m.data)
    if (!std::isfinite(x)) return false;
  return true;
}

// logits: (n, n); entries above the diagonal are -inf by design when causal.
bool unmasked_logits_finite(const Matrix& logits, bool causal) {
  for (std::size_t i = 0; i < logits.rows; ++i)
    for (std::size_t j = 0; j < (causal ? i + 1 : logits.cols); ++j)
      if (!std::isfinite(logits.at(i, j))) return false;
  return true;
}

}  // namespace

Status attend(const Inputs& in, const Options& options, Trace* t) {
  if (!t) return detail::fail(ErrorCode::kEmpty, "attend: trace pointer is null");
  if (Status s = detail::check_inputs(in, options); !s.ok()) return s;

  t->queries = project(in.embeddings, in.wq);
  t->keys = project(in.embeddings, in.wk);
  t->values = project(in.embeddings, in.wv);
  t->scores = score(t->queries, t->keys);
  const double d_k = static_cast<double>(in.wq.rows);
  t->divisor = (options.scaled ? std::sqrt(d_k) : 1.0) * options.temperature;
  t->logits = scale_and_mask(t->scores, t->divisor, options.causal);
  softmax_rows(t->logits, t);
  t->outputs = blend(t->weights, t->values);

  // Finite inputs can still overflow (1e200 * 1e200); say so rather than show inf.
  const Status too_large = detail::fail(ErrorCode::kNonFinite,
                                        "the numbers are too large: an intermediate result overflowed "
                                        "to infinity; use smaller embeddings or weights");
  for (const Matrix* m : {&t->queries, &t->keys, &t->values, &t->scores})
    if (!all_finite(*m)) return too_large;
  // So can a finite score over a tiny temperature (-1 / 5e-324); -inf is the mask's alone.
  if (!unmasked_logits_finite(t->logits, options.causal))
    return detail::fail(ErrorCode::kNonFinite,
                        "the temperature is too small for these scores: a score divided by it "
                        "overflowed to infinity; use a larger temperature");
  if (!all_finite(t->outputs)) return too_large;
  return {};
}

}  // namespace attention
