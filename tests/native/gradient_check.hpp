// Central differences for the gradient tests (gradients_test.cpp, training_test.cpp,
// stack_test.cpp): the numerical gradient of a loss in every entry of one matrix, and the
// relative error between two gradients.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>

#include "attention/attention.hpp"

namespace fixtures {

// (f(x + h) - f(x - h)) / 2h for every entry of *m; *m is left as it was.
inline attention::Matrix central_differences(attention::Matrix* m, const std::function<double()>& f, double h) {
  attention::Matrix g(m->rows, m->cols);
  for (std::size_t i = 0; i < m->data.size(); ++i) {
    const double x = m->data[i];
    m->data[i] = x + h;
    const double up = f();
    m->data[i] = x - h;
    const double down = f();
    m->data[i] = x;
    g.data[i] = (up - down) / (2 * h);
  }
  return g;
}

inline double norm(const attention::Matrix& m) {
  double s = 0;
  for (double x : m.data) s += x * x;
  return std::sqrt(s);
}

// |a - b| / max(|a|, |b|) in the Frobenius norm; 0 when both are zero.
inline double relative_error(const attention::Matrix& a, const attention::Matrix& b) {
  attention::Matrix diff = a;
  for (std::size_t i = 0; i < diff.data.size(); ++i) diff.data[i] -= b.data[i];
  const double scale = std::max(norm(a), norm(b));
  return scale == 0 ? 0 : norm(diff) / scale;
}

}  // namespace fixtures
