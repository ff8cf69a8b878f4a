// The passes every attention user in the core runs, forward and backward, in double:
// the teaching path (attend, backward: attention.cpp, gradients.cpp), training (training.cpp)
// and the heads model (heads_model.cpp). One of each, in llm.c's style: plain loops over
// pointers and shapes, no allocation but one row of scratch, nothing checked (the callers
// check their inputs; these only compute).
//
// Layout contract (row-major doubles; a Rows view's row r starts at data + r * stride, so a
// head's slice of a wider matrix is passed as-is: head h of an (n, H d) matrix is
// {base + h * d, H * d}):
//   x:   (n, d_in)   one row per token
//   w:   (d_out, d_in), contiguous; row r of W dotted with x_i gives output r (q = W_Q x)
//   q, k: (n, d_k); v: (n, d_v); out: (n, d_v); row i = token i's query, key, value, blend
//   scores, logits, weights, exponentials: (n, n), contiguous; row i = asker i, column j = key j
// Masked entries (causal, key j > asker i): logits -inf, weights and exponentials exactly 0;
// scores are the raw q_i . k_j for every pair, masked or not (the chapter's grid shows them).
//
// A layer of attention is project (x -> q, k, v), attention_forward, and whatever the caller
// does with `out` (the heads model: an output projection and a residual, x + W_O out); its
// backward runs the same in reverse, every gradient added (+=), so paths that meet (a
// residual, heads side by side, stacked layers) sum without copies.
#pragma once

#include <cstddef>

#include "attention/attention.hpp"

namespace attention {

// An (rows, cols) block of a row-major matrix: row r at data + r * stride.
template <typename T>
struct Rows {
  T* data;
  std::size_t stride;
  T* row(std::size_t r) const { return data + r * stride; }
};
using InRows = Rows<const double>;
using OutRows = Rows<double>;

// A whole Matrix (attention.hpp) as rows.
inline InRows in_rows(const Matrix& m) { return {m.data.data(), m.cols}; }
inline OutRows out_rows(Matrix& m) { return {m.data.data(), m.cols}; }

// One attention head's sizes and switches.
struct HeadShape {
  std::size_t n;    // tokens (askers and keys)
  std::size_t d_k;  // query and key width
  std::size_t d_v;  // value width
  double divisor;   // logits = scores / divisor (sqrt(d_k) when scaled, times the temperature)
  bool causal;      // asker i sees keys 0..i
  std::size_t visible(std::size_t i) const { return causal ? i + 1 : n; }
};

// project: y_i = W x_i, i.e. y(i, r) = sum_c x(i, c) w(r, c).  y: (n, d_out), overwritten.
void project_forward(InRows x, const double* w, std::size_t n, std::size_t d_in, std::size_t d_out,
                     OutRows y);

// project backward, from dloss/dy (n, d_out): d_w (d_out, d_in) += sum_i d_y(i, r) x(i, c);
// d_x (n, d_in) += sum_r d_y(i, r) w(r, c).
void project_backward(InRows d_y, InRows x, const double* w, std::size_t n, std::size_t d_in,
                      std::size_t d_out, double* d_w, OutRows d_x);

// Where attention_forward writes its (n, n) grids. exponentials and exp_sums (n) are the plain
// e^logit and its row sums the chapter prints; nullptr skips them (the weights never use them).
struct AttentionGrids {
  double* scores;
  double* logits;
  double* weights;
  double* exponentials = nullptr;
  double* exp_sums = nullptr;
};

// score -> scale + mask -> softmax -> blend:
//   scores = Q K^T; logits = scores / divisor (-inf where masked);
//   weights = each row's softmax of the logits, computed stably (the row max subtracted);
//   out = weights V (the scaled value arrows added tip to tail), overwritten.
void attention_forward(const HeadShape& h, InRows q, InRows k, InRows v, const AttentionGrids& grids,
                       OutRows out);

// The chain rule back through attention_forward, from dloss/dout (and, when a loss has them,
// dloss/dweights and dloss/dlogits directly: nullptr for none; masked entries ignored):
//   dA(i, j) = d_weights(i, j) + dout_i . v_j        dv_j += sum_i A(i, j) dout_i
//   dL(i, j) = A(i, j) (dA(i, j) - sum_k A(i, k) dA(i, k)) + d_logits(i, j)   (0 where masked)
//   dS = dL / divisor;   dq_i += sum_j dS(i, j) k_j;   dk_j += sum_i dS(i, j) q_i
// d_q, d_k: (n, d_k), d_v: (n, d_v), each added to.
void attention_backward(const HeadShape& h, InRows q, InRows k, InRows v, const double* weights,
                        InRows d_out, const double* d_weights, const double* d_logits, OutRows d_q,
                        OutRows d_k, OutRows d_v);

}  // namespace attention
