// The simple reference kernel: one asker at a time, plain loops, no blocking.
// Kept beside the fast kernel so tests (and anyone reading) can compare the
// two; attend_raw() itself runs the blocked kernel in kernel.cpp.
#include <cmath>

#include "kernel.hpp"

namespace attention::detail {
namespace {

float dot(const float* a, const float* b, std::size_t d) {
  float s = 0;
  for (std::size_t c = 0; c < d; ++c) s += a[c] * b[c];
  return s;
}

// One asker with the grid: weights row i = softmax(q_i . K^T * scale) over the
// visible keys 0..visible-1; the rest of the row is exactly 0.
// row: (n); out: (d)
void attend_row_with_weights(const float* q, const float* keys, const float* values,
                             std::size_t n, std::size_t d, std::size_t visible, float scale,
                             float* row, float* out) {
  float row_max = -INFINITY;
  for (std::size_t j = 0; j < visible; ++j) {
    row[j] = dot(q, keys + j * d, d) * scale;
    row_max = std::fmax(row_max, row[j]);
  }
  float sum = 0;
  for (std::size_t j = 0; j < visible; ++j) sum += (row[j] = std::exp(row[j] - row_max));
  for (std::size_t j = 0; j < visible; ++j) row[j] /= sum;
  for (std::size_t j = visible; j < n; ++j) row[j] = 0.0f;
  for (std::size_t c = 0; c < d; ++c) out[c] = 0.0f;
  for (std::size_t j = 0; j < visible; ++j)
    for (std::size_t c = 0; c < d; ++c) out[c] += row[j] * values[j * d + c];
}

// One asker without the grid: online softmax. Keep the running max m and the
// running sum l; when a larger score arrives, rescale what was accumulated.
// out: (d), used as the accumulator.
void attend_row_streaming(const float* q, const float* keys, const float* values,
                          std::size_t d, std::size_t visible, float scale, float* out) {
  float m = -INFINITY, l = 0;
  for (std::size_t c = 0; c < d; ++c) out[c] = 0.0f;
  for (std::size_t j = 0; j < visible; ++j) {
    const float s = dot(q, keys + j * d, d) * scale;
    if (s > m) {
      const float shrink = std::exp(m - s);  // exp(-inf) = 0 on the first key
      l *= shrink;
      for (std::size_t c = 0; c < d; ++c) out[c] *= shrink;
      m = s;
    }
    const float p = std::exp(s - m);
    l += p;
    for (std::size_t c = 0; c < d; ++c) out[c] += p * values[j * d + c];
  }
  for (std::size_t c = 0; c < d; ++c) out[c] /= l;
}

}  // namespace

void attend_raw_reference(const float* queries, const float* keys, const float* values,
                          std::size_t n, std::size_t d, float scale, bool causal, float* weights,
                          float* outputs) {
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t visible = causal ? i + 1 : n;
    if (weights)
      attend_row_with_weights(queries + i * d, keys, values, n, d, visible, scale, weights + i * n,
                              outputs + i * d);
    else
      attend_row_streaming(queries + i * d, keys, values, d, visible, scale, outputs + i * d);
  }
}

}  // namespace attention::detail
