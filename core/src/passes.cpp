// The shared passes (attention/passes.hpp). Loops run in the order the chapter's recipe
// reads, and every sum adds its terms in index order: the teaching path's numbers are the
// exact ones the chapter prints, and a change of order would move their last bits.
#include "attention/passes.hpp"

#include <cmath>
#include <limits>
#include <vector>

namespace attention {
namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

double dot(const double* a, const double* b, std::size_t d) {
  double sum = 0;
  for (std::size_t c = 0; c < d; ++c) sum += a[c] * b[c];
  return sum;
}

// Row i of the softmax: logits, then weights (and the chapter's plain exponentials).
// A logit of -inf takes no share: the mask's, or one that overflowed (attend() refuses those).
void softmax_row(const HeadShape& h, std::size_t i, const AttentionGrids& g) {
  const std::size_t visible = h.visible(i);
  double* scores = g.scores + i * h.n;
  double* logits = g.logits + i * h.n;
  double* weights = g.weights + i * h.n;
  double* exps = g.exponentials ? g.exponentials + i * h.n : nullptr;
  double row_max = kMinusInf, shifted_sum = 0, exp_sum = 0;
  for (std::size_t j = 0; j < h.n; ++j) {
    logits[j] = j < visible ? scores[j] / h.divisor : kMinusInf;
    row_max = std::fmax(row_max, logits[j]);
    weights[j] = 0;  // masked: stays exactly 0
    if (exps) exps[j] = 0;
  }
  for (std::size_t j = 0; j < visible; ++j) {
    if (logits[j] == kMinusInf) continue;
    weights[j] = std::exp(logits[j] - row_max);
    shifted_sum += weights[j];
    if (exps) exp_sum += (exps[j] = std::exp(logits[j]));  // may overflow: display only
  }
  for (std::size_t j = 0; j < visible; ++j) weights[j] /= shifted_sum;
  if (g.exp_sums) g.exp_sums[i] = exp_sum;
}

}  // namespace

void project_forward(InRows x, const double* w, std::size_t n, std::size_t d_in, std::size_t d_out,
                     OutRows y) {
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t r = 0; r < d_out; ++r) y.row(i)[r] = dot(x.row(i), w + r * d_in, d_in);
}

void project_backward(InRows d_y, InRows x, const double* w, std::size_t n, std::size_t d_in,
                      std::size_t d_out, double* d_w, OutRows d_x) {
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t r = 0; r < d_out; ++r) {
      const double g = d_y.row(i)[r];
      if (g == 0) continue;
      for (std::size_t c = 0; c < d_in; ++c) {
        d_w[r * d_in + c] += g * x.row(i)[c];
        d_x.row(i)[c] += g * w[r * d_in + c];
      }
    }
}

void attention_forward(const HeadShape& h, InRows q, InRows k, InRows v, const AttentionGrids& grids,
                       OutRows out) {
  for (std::size_t i = 0; i < h.n; ++i) {
    for (std::size_t j = 0; j < h.n; ++j) grids.scores[i * h.n + j] = dot(q.row(i), k.row(j), h.d_k);
    softmax_row(h, i, grids);
    double* o = out.row(i);
    for (std::size_t c = 0; c < h.d_v; ++c) o[c] = 0;
    for (std::size_t j = 0; j < h.visible(i); ++j) {
      const double a = grids.weights[i * h.n + j];
      if (a == 0) continue;
      for (std::size_t c = 0; c < h.d_v; ++c) o[c] += a * v.row(j)[c];
    }
  }
}

void attention_backward(const HeadShape& h, InRows q, InRows k, InRows v, const double* weights,
                        InRows d_out, const double* d_weights, const double* d_logits, OutRows d_q,
                        OutRows d_k, OutRows d_v) {
  std::vector<double> d_a(h.n);  // row i's dloss/dweights
  for (std::size_t i = 0; i < h.n; ++i) {
    const std::size_t visible = h.visible(i);
    const double* a = weights + i * h.n;
    const double* d_o = d_out.row(i);
    // blend backward: how asker i's output moves with its share of j, and with v_j
    for (std::size_t j = 0; j < visible; ++j) {
      d_a[j] = (d_weights ? d_weights[i * h.n + j] : 0.0) + dot(d_o, v.row(j), h.d_v);
      for (std::size_t c = 0; c < h.d_v; ++c) d_v.row(j)[c] += a[j] * d_o[c];
    }
    // softmax backward: a row's shares total 1, so pushing one up pushes the others down
    double mean = 0;  // the share-weighted mean of this row's dA
    for (std::size_t j = 0; j < visible; ++j) mean += a[j] * d_a[j];
    for (std::size_t j = 0; j < visible; ++j) {
      const double d_logit = a[j] * (d_a[j] - mean) + (d_logits ? d_logits[i * h.n + j] : 0.0);
      // scale: logits = scores / divisor (a constant: d_k and T are not learned); then score
      const double g = d_logit / h.divisor;
      if (g == 0) continue;
      for (std::size_t c = 0; c < h.d_k; ++c) {
        d_q.row(i)[c] += g * k.row(j)[c];
        d_k.row(j)[c] += g * q.row(i)[c];
      }
    }
  }
}

}  // namespace attention
