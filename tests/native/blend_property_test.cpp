// The blend, recomputed from what the core returns: every output row is the
// weights-weighted sum of the value rows, o_i = sum_j a_ij v_j, on both paths
// (attend() in double, attend_raw() in float), masked or not, scaled or not, at
// several temperatures and at sizes that cross the fast kernel's block edges.
// Without this, a changed blend (a wrong row, a dropped key) showed up only in fuzzing.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "attention/attention.hpp"
#include "random_inputs.hpp"

namespace {

using attention::Inputs;
using attention::Matrix;
using attention::Options;
using attention::Trace;

// Normal entries with standard deviation 1.5.
Matrix random_matrix(attention::Random& rng, std::size_t rows, std::size_t cols) {
  return fixtures::random_matrix(rng, rows, cols, 1.5);
}

TEST(BlendProperty, AttendOutputsAreTheWeightedSumOfValues) {
  const std::size_t sizes[][4] = {{1, 1, 1, 1}, {3, 3, 2, 2}, {7, 4, 3, 5}, {16, 8, 8, 8}, {33, 5, 2, 3}};
  unsigned seed = 1;
  for (const auto& size : sizes)
    for (bool causal : {false, true})
      for (bool scaled : {false, true})
        for (double temperature : {0.25, 1.0, 3.0}) {
          const std::size_t n = size[0], d_model = size[1], d_k = size[2], d_v = size[3];
          attention::Random rng(seed++);
          Inputs in;
          in.embeddings = random_matrix(rng, n, d_model);
          in.wq = random_matrix(rng, d_k, d_model);
          in.wk = random_matrix(rng, d_k, d_model);
          in.wv = random_matrix(rng, d_v, d_model);
          Options options;
          options.causal = causal;
          options.scaled = scaled;
          options.temperature = temperature;
          Trace t;
          ASSERT_TRUE(attention::attend(in, options, &t).ok());
          for (std::size_t j = 0; j < n; ++j)
            for (std::size_t r = 0; r < d_v; ++r) {  // v_j = W_V x_j
              double v = 0;
              for (std::size_t c = 0; c < d_model; ++c) v += in.wv.at(r, c) * in.embeddings.at(j, c);
              EXPECT_NEAR(t.values.at(j, r), v, 1e-12 * (1 + std::fabs(v)));
            }
          for (std::size_t i = 0; i < n; ++i)
            for (std::size_t r = 0; r < d_v; ++r) {
              double blend = 0, scale = 0;
              for (std::size_t j = 0; j < n; ++j) {
                blend += t.weights.at(i, j) * t.values.at(j, r);
                scale += std::fabs(t.weights.at(i, j) * t.values.at(j, r));
              }
              EXPECT_NEAR(t.outputs.at(i, r), blend, 1e-12 * (1 + scale))
                  << "n " << n << " row " << i << " column " << r << " causal " << causal << " scaled " << scaled
                  << " T " << temperature;
            }
        }
}

TEST(BlendProperty, AttendRawOutputsAreTheWeightedSumOfValues) {
  const std::size_t sizes[][2] = {{1, 1}, {5, 3}, {17, 16}, {37, 13}, {64, 64}, {130, 7}};
  unsigned seed = 100;
  for (const auto& size : sizes)
    for (bool causal : {false, true})
      for (bool scaled : {false, true}) {
        const std::size_t n = size[0], d = size[1];
        attention::Random rng(seed++);
        std::vector<float> q = fixtures::random_floats(rng, n * d), k = fixtures::random_floats(rng, n * d),
                           v = fixtures::random_floats(rng, n * d), weights(n * n, 0.0f), outputs(n * d);
        attention::RawOptions options;
        options.causal = causal;
        options.scaled = scaled;
        ASSERT_TRUE(attention::attend_raw(q.data(), k.data(), v.data(), n, d, options, weights.data(),
                                          outputs.data()).ok());
        for (std::size_t i = 0; i < n; ++i)
          for (std::size_t r = 0; r < d; ++r) {
            double blend = 0, scale = 0;
            const std::size_t keys = causal ? i + 1 : n;  // the masked half is not the kernel's to fill
            for (std::size_t j = 0; j < keys; ++j) {
              blend += double(weights[i * n + j]) * v[j * d + r];
              scale += std::fabs(double(weights[i * n + j]) * v[j * d + r]);
            }
            EXPECT_NEAR(outputs[i * d + r], blend, 1e-5 * (1 + scale))
                << "n " << n << " d " << d << " row " << i << " column " << r << " causal " << causal;
          }
      }
}

}  // namespace
