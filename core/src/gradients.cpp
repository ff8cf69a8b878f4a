// The backward pass: attend()'s five passes in reverse,
//   blend <- softmax <- scale + mask <- score <- project
// each turning the gradient of its outputs into the gradient of its inputs.
// Forward, in the chapter's convention (one row per token):
//   Q = X W_Q^T, K = X W_K^T, V = X W_V^T          project
//   S = Q K^T                                        score
//   L = S / divisor, -inf above the diagonal if causal   scale + mask
//   A = softmax of each row of L                     softmax
//   O = A V                                          blend
#include "attention/gradients.hpp"

#include <cmath>

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

// blend backward. O = A V, so
//   dA(i, j) += dO_i . V_j      (how much asker i's output moves with its share of j)
//   dV_j      = sum_i A(i, j) dO_i
// d_outputs: (n, d_v); values: (n, d_v); weights: (n, n); d_weights: (n, n), added to.
Matrix blend_backward(const Matrix& d_outputs, const Matrix& weights, const Matrix& values,
                      Matrix* d_weights) {
  const std::size_t n = weights.rows, d_v = values.cols;
  Matrix d_values(n, d_v);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      double dot = 0;
      for (std::size_t c = 0; c < d_v; ++c) dot += d_outputs.at(i, c) * values.at(j, c);
      d_weights->at(i, j) += dot;
      const double a = weights.at(i, j);
      for (std::size_t c = 0; c < d_v; ++c) d_values.at(j, c) += a * d_outputs.at(i, c);
    }
  return d_values;
}

// softmax backward, one row at a time. A row's shares always total 1, so
// pushing one share up pushes the others down:
//   dL(i, j) = A(i, j) * (dA(i, j) - sum_k A(i, k) dA(i, k))
// Masked entries have A = 0, hence dL = 0 there: exactly 0, explicitly.
// d_logits_extra (from a loss written on the logits) is added where unmasked.
Matrix softmax_backward(const Matrix& d_weights, const Matrix& weights, const Matrix& d_logits_extra,
                        bool causal) {
  const std::size_t n = weights.rows;
  Matrix d_logits(n, n);
  for (std::size_t i = 0; i < n; ++i) {
    double mean = 0;  // the share-weighted mean of this row's dA
    for (std::size_t j = 0; j < n; ++j) mean += weights.at(i, j) * d_weights.at(i, j);
    for (std::size_t j = 0; j < n; ++j) {
      if (causal && j > i) continue;  // masked: no path from this logit to the loss
      d_logits.at(i, j) = weights.at(i, j) * (d_weights.at(i, j) - mean) + d_logits_extra.at(i, j);
    }
  }
  return d_logits;
}

// score backward. S(i, j) = Q_i . K_j, so
//   dQ_i = sum_j dS(i, j) K_j,   dK_j = sum_i dS(i, j) Q_i
// d_scores: (n, n); queries, keys: (n, d_k).
void score_backward(const Matrix& d_scores, const Matrix& queries, const Matrix& keys,
                    Matrix* d_queries, Matrix* d_keys) {
  const std::size_t n = queries.rows, d_k = queries.cols;
  *d_queries = Matrix(n, d_k);
  *d_keys = Matrix(n, d_k);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const double g = d_scores.at(i, j);
      if (g == 0) continue;
      for (std::size_t c = 0; c < d_k; ++c) {
        d_queries->at(i, c) += g * keys.at(j, c);
        d_keys->at(j, c) += g * queries.at(i, c);
      }
    }
}

// project backward. P = X W^T (row i = W x_i), so
//   dW(r, c) = sum_i dP(i, r) X(i, c)     -> dW: (d_out, d_model)
//   dX_i    += sum_r dP(i, r) W_r          -> added into d_x: (n, d_model)
Matrix project_backward(const Matrix& d_projected, const Matrix& x, const Matrix& w, Matrix* d_x) {
  const std::size_t n = x.rows, d_model = x.cols, d_out = w.rows;
  Matrix d_w(d_out, d_model);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t r = 0; r < d_out; ++r) {
      const double g = d_projected.at(i, r);
      if (g == 0) continue;
      for (std::size_t c = 0; c < d_model; ++c) {
        d_w.at(r, c) += g * x.at(i, c);
        d_x->at(i, c) += g * w.at(r, c);
      }
    }
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

  const Matrix d_values = blend_backward(d_outputs, t.weights, t.values, &d_weights);
  Matrix d_scores = softmax_backward(d_weights, t.weights, d_logits_extra, options.causal);
  // scale: L = S / divisor, so dS = dL / divisor (a constant: d_k and T are not learned).
  for (double& x : d_scores.data) x /= t.divisor;
  Matrix d_queries, d_keys;
  score_backward(d_scores, t.queries, t.keys, &d_queries, &d_keys);

  g->embeddings = Matrix(n, in.embeddings.cols);
  g->wq = project_backward(d_queries, in.embeddings, in.wq, &g->embeddings);
  g->wk = project_backward(d_keys, in.embeddings, in.wk, &g->embeddings);
  g->wv = project_backward(d_values, in.embeddings, in.wv, &g->embeddings);

  for (const Matrix* m : {&g->embeddings, &g->wq, &g->wk, &g->wv})
    if (!all_finite(*m))
      return detail::fail(ErrorCode::kNonFinite,
                          "the gradients overflowed to infinity: the numbers are too large to train on; "
                          "use smaller embeddings or weights");
  return {};
}

}  // namespace attention
