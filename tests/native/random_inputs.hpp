// Seeded random inputs for the native tests, drawn from the core's one generator
// (attention/random.hpp): the same numbers on every platform and standard library, so a
// failing case repeats anywhere with its seed.
#pragma once

#include <cstddef>
#include <vector>

#include "attention/attention.hpp"
#include "attention/random.hpp"

namespace fixtures {

// (rows, cols) of normal draws with standard deviation `spread`.
inline attention::Matrix random_matrix(attention::Random& random, std::size_t rows, std::size_t cols,
                                       double spread = 1.0) {
  attention::Matrix m(rows, cols);
  for (double& x : m.data) x = spread * random.normal();
  return m;
}

// `count` floats, normal with standard deviation `spread`.
inline std::vector<float> random_floats(attention::Random& random, std::size_t count, float spread = 1.0f) {
  std::vector<float> v(count);
  for (float& x : v) x = static_cast<float>(spread * random.normal());
  return v;
}

}  // namespace fixtures
