// The teaching path: the chapter's recipe as five named passes
//   project -> score -> scale + mask -> softmax -> blend
// each writing one field of the Trace so the page can show every step. The passes are
// the core's shared ones (attention/passes.hpp); this file sizes the Trace and checks.
#include <cmath>

#include "attention/attention.hpp"
#include "attention/passes.hpp"
#include "validate.hpp"

namespace attention {
namespace {

// project: out row i = W x_i.  x: (n, d_model); w: (d_out, d_model) -> (n, d_out)
Matrix project(const Matrix& x, const Matrix& w) {
  Matrix y(x.rows, w.rows);
  project_forward(in_rows(x), w.data.data(), x.rows, x.cols, w.rows, out_rows(y));
  return y;
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

Status attend(const Inputs& inputs, const Options& options, Trace* t) {
  if (!t) return detail::fail(ErrorCode::kEmpty, "attend: trace pointer is null");
  if (Status s = detail::check_inputs(inputs, options); !s.ok()) return s;

  t->queries = project(inputs.embeddings, inputs.wq);
  t->keys = project(inputs.embeddings, inputs.wk);
  t->values = project(inputs.embeddings, inputs.wv);
  const std::size_t n = inputs.embeddings.rows, d_k = inputs.wq.rows, d_v = inputs.wv.rows;
  t->divisor = (options.scaled ? std::sqrt(static_cast<double>(d_k)) : 1.0) * options.temperature;
  for (Matrix* grid : {&t->scores, &t->logits, &t->exponentials, &t->weights}) *grid = Matrix(n, n);
  t->exp_sums.assign(n, 0.0);
  t->outputs = Matrix(n, d_v);
  const HeadShape shape{n, d_k, d_v, t->divisor, options.causal};
  attention_forward(shape, in_rows(t->queries), in_rows(t->keys), in_rows(t->values),
                    {t->scores.data.data(), t->logits.data.data(), t->weights.data.data(),
                     t->exponentials.data.data(), t->exp_sums.data()},
                    out_rows(t->outputs));

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
