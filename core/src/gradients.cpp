// The backward pass: attend()'s five passes in reverse,
//   blend <- softmax <- scale + mask <- score <- project
// each turning the gradient of its outputs into the gradient of its inputs: the core's
// shared attention_backward and project_backward (attention/passes.hpp). This file checks
// the upstream gradients and sizes the results.
#include "attention/gradients.hpp"

#include <cmath>

#include "attention/passes.hpp"
#include "validate.hpp"

namespace attention {
namespace {

// An empty upstream matrix stands for zeros of the given shape.
Status read_upstream(const char* name, const Matrix& m, std::size_t rows, std::size_t cols, Matrix* out) {
  if (m.rows == 0 && m.cols == 0 && m.data.empty()) {
    *out = Matrix(rows, cols);
    return {};
  }
  if (m.rows != rows || m.cols != cols || m.data.size() != rows * cols)
    return detail::fail(ErrorCode::kShapeMismatch, std::string("upstream ") + name + " is " +
                                                       detail::shape(m.rows, m.cols) + " but must be " +
                                                       detail::shape(rows, cols));
  const std::string where = detail::find_non_finite(name, m.data.data(), rows, cols);
  if (!where.empty()) return detail::fail(ErrorCode::kNonFinite, "upstream " + where);
  *out = m;
  return {};
}

// project backward for P = X W^T: returns dW (d_out, d_model) and adds dX into d_x.
Matrix project_grad(const Matrix& d_projected, const Matrix& x, const Matrix& w, Matrix* d_x) {
  Matrix d_w(w.rows, w.cols);
  project_backward(in_rows(d_projected), in_rows(x), w.data.data(), x.rows, x.cols, w.rows, d_w.data.data(),
                   out_rows(*d_x));
  return d_w;
}

bool all_finite(const Matrix& m) {
  for (double x : m.data)
    if (!std::isfinite(x)) return false;
  return true;
}

}  // namespace

Status backward(const Inputs& in, const Options& options, const Trace& t, const Upstream& up,
                Gradients* g) {
  if (!g) return detail::fail(ErrorCode::kEmpty, "backward: gradients pointer is null");
  if (Status s = detail::check_inputs(in, options); !s.ok()) return s;
  const std::size_t n = in.embeddings.rows, d_v = in.wv.rows;
  if (t.weights.rows != n || t.values.cols != d_v || t.queries.cols != in.wq.rows)
    return detail::fail(ErrorCode::kShapeMismatch, "backward: the trace is not of these inputs");

  Matrix d_weights, d_outputs, d_logits_extra;
  if (Status s = read_upstream("weights", up.weights, n, n, &d_weights); !s.ok()) return s;
  if (Status s = read_upstream("outputs", up.outputs, n, d_v, &d_outputs); !s.ok()) return s;
  if (Status s = read_upstream("logits", up.logits, n, n, &d_logits_extra); !s.ok()) return s;

  const std::size_t d_k = in.wq.rows;
  const HeadShape shape{n, d_k, d_v, t.divisor, options.causal};
  Matrix d_queries(n, d_k), d_keys(n, d_k), d_values(n, d_v);
  attention_backward(shape, in_rows(t.queries), in_rows(t.keys), in_rows(t.values), t.weights.data.data(),
                     in_rows(d_outputs), d_weights.data.data(), d_logits_extra.data.data(), out_rows(d_queries),
                     out_rows(d_keys), out_rows(d_values));

  g->embeddings = Matrix(n, in.embeddings.cols);
  g->wq = project_grad(d_queries, in.embeddings, in.wq, &g->embeddings);
  g->wk = project_grad(d_keys, in.embeddings, in.wk, &g->embeddings);
  g->wv = project_grad(d_values, in.embeddings, in.wv, &g->embeddings);

  for (const Matrix* m : {&g->embeddings, &g->wq, &g->wk, &g->wv})
    if (!all_finite(*m))
      return detail::fail(ErrorCode::kNonFinite,
                          "the gradients overflowed to infinity: the numbers are too large to train on; "
                          "use smaller embeddings or weights");
  return {};
}

}  // namespace attention
