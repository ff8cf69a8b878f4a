// Properties that hold for any input, checked on the chapter example and on
// seeded random ones.
#include <gtest/gtest.h>

#include <cmath>

#include "chapter_cast.hpp"
#include "random_inputs.hpp"

namespace {

using attention::Inputs;
using attention::Matrix;
using attention::Trace;

using fixtures::random_matrix;

Inputs random_inputs(unsigned seed, std::size_t n, std::size_t d_model, std::size_t d_k,
                     std::size_t d_v) {
  attention::Random rng(seed);
  Inputs in;
  in.embeddings = random_matrix(rng, n, d_model);
  in.wq = random_matrix(rng, d_k, d_model);
  in.wk = random_matrix(rng, d_k, d_model);
  in.wv = random_matrix(rng, d_v, d_model);
  return in;
}

TEST(Properties, EveryRowOfWeightsSumsToOne) {
  for (bool causal : {false, true})
    for (unsigned seed = 1; seed <= 5; ++seed) {
      Trace t = chapter::run(random_inputs(seed, 7, 4, 3, 2), chapter::options(true, causal));
      for (std::size_t i = 0; i < 7; ++i) {
        double sum = 0;
        for (std::size_t j = 0; j < 7; ++j) sum += t.weights.at(i, j);
        EXPECT_NEAR(sum, 1.0, 1e-12) << "row " << i << " causal " << causal;
      }
    }
}

TEST(Properties, MaskedEntriesAreExactlyZero) {
  Trace t = chapter::run(random_inputs(3, 9, 3, 2, 2), chapter::options(false, true));
  for (std::size_t i = 0; i < 9; ++i)
    for (std::size_t j = i + 1; j < 9; ++j) {
      EXPECT_EQ(t.weights.at(i, j), 0.0);
      EXPECT_EQ(t.exponentials.at(i, j), 0.0);
    }
  // The first token can see only itself.
  EXPECT_EQ(t.weights.at(0, 0), 1.0);
}

TEST(Properties, DividingBySqrtDkEqualsTemperatureSqrtDk) {
  Inputs in = random_inputs(11, 6, 5, 4, 3);
  Trace scaled = chapter::run(in, chapter::options(true, false));
  Trace hot = chapter::run(in, chapter::options(false, false, std::sqrt(4.0)));
  for (std::size_t k = 0; k < scaled.weights.data.size(); ++k)
    EXPECT_NEAR(scaled.weights.data[k], hot.weights.data[k], 1e-14);
}

// Copy m into a larger zero matrix, top-left aligned.
Matrix pad(const Matrix& m, std::size_t rows, std::size_t cols) {
  Matrix out(rows, cols);
  for (std::size_t r = 0; r < m.rows; ++r)
    for (std::size_t c = 0; c < m.cols; ++c) out.at(r, c) = m.at(r, c);
  return out;
}

TEST(Properties, AddingAConstantToAScoreRowChangesNothing) {
  // Embeddings gain two slots [c_i, 1]; W_Q gains a row reading c_i and W_K a
  // row reading the 1, so q_i' = [q_i, c_i], k_j' = [k_j, 1] and
  // score'(i, j) = score(i, j) + c_i: a different constant for every row.
  const std::size_t n = 5, d_model = 3, d_k = 2;
  Inputs in = random_inputs(5, n, d_model, d_k, 2);
  const double row_shift[n] = {3.0, -7.5, 100.0, 0.25, -40.0};
  Inputs shifted;
  shifted.embeddings = pad(in.embeddings, n, d_model + 2);
  for (std::size_t i = 0; i < n; ++i) {
    shifted.embeddings.at(i, d_model) = row_shift[i];
    shifted.embeddings.at(i, d_model + 1) = 1.0;
  }
  shifted.wq = pad(in.wq, d_k + 1, d_model + 2);
  shifted.wq.at(d_k, d_model) = 1.0;
  shifted.wk = pad(in.wk, d_k + 1, d_model + 2);
  shifted.wk.at(d_k, d_model + 1) = 1.0;
  shifted.wv = pad(in.wv, 2, d_model + 2);

  Trace a = chapter::run(in), b = chapter::run(shifted);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      EXPECT_NEAR(b.scores.at(i, j), a.scores.at(i, j) + row_shift[i], 1e-9);
      EXPECT_NEAR(b.weights.at(i, j), a.weights.at(i, j), 1e-12);
    }
  for (std::size_t k = 0; k < a.outputs.data.size(); ++k)
    EXPECT_NEAR(b.outputs.data[k], a.outputs.data[k], 1e-12);
}

TEST(Properties, PermutingTokensPermutesOutputs) {
  const std::size_t n = 6;
  Inputs in = random_inputs(9, n, 4, 3, 2);
  const std::size_t perm[n] = {3, 0, 5, 1, 4, 2};  // new token i is old token perm[i]
  Inputs permuted = in;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t c = 0; c < 4; ++c) permuted.embeddings.at(i, c) = in.embeddings.at(perm[i], c);
  Trace a = chapter::run(in, chapter::options(true, false));
  Trace b = chapter::run(permuted, chapter::options(true, false));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t c = 0; c < 2; ++c)
      EXPECT_NEAR(b.outputs.at(i, c), a.outputs.at(perm[i], c), 1e-12);
    for (std::size_t j = 0; j < n; ++j)
      EXPECT_NEAR(b.weights.at(i, j), a.weights.at(perm[i], perm[j]), 1e-12);
  }
}

TEST(Properties, ExtremeScoresStayFinite) {
  // q . k = +-1e4: a naive e^score overflows; the weights must not.
  Inputs in;
  in.embeddings = Matrix::from_rows({{100, 0}, {0, 100}, {-100, 0}});
  in.wq = Matrix::from_rows({{1, 0}});
  in.wk = Matrix::from_rows({{1, 0}});
  in.wv = Matrix::from_rows({{1, 1}});
  for (bool causal : {false, true}) {
    Trace t = chapter::run(in, chapter::options(false, causal));
    EXPECT_EQ(t.scores.at(0, 0), 1e4);
    EXPECT_EQ(t.scores.at(0, 2), -1e4);
    for (std::size_t i = 0; i < 3; ++i) {
      double sum = 0;
      for (std::size_t j = 0; j < 3; ++j) {
        EXPECT_TRUE(std::isfinite(t.weights.at(i, j)));
        sum += t.weights.at(i, j);
      }
      EXPECT_NEAR(sum, 1.0, 1e-12);
      for (std::size_t c = 0; c < 1; ++c) EXPECT_TRUE(std::isfinite(t.outputs.at(i, c)));
    }
    EXPECT_EQ(t.weights.at(0, 0), 1.0);  // winner takes all, cleanly
  }
}

TEST(Properties, TemperatureSoftensAndSharpens) {
  Inputs in = chapter::cat_sat();
  double cold = chapter::run(in, chapter::options(false, false, 0.1)).weights.at(2, 1);
  double warm = chapter::run(in, chapter::options(false, false, 1.0)).weights.at(2, 1);
  double hot = chapter::run(in, chapter::options(false, false, 100.0)).weights.at(2, 1);
  EXPECT_GT(cold, 0.99);
  EXPECT_NEAR(warm, 0.665, 0.0005);
  EXPECT_NEAR(hot, 1.0 / 3.0, 0.01);
}

}  // namespace
