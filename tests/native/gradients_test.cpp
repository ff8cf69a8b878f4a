// The backward pass against central finite differences, at several shapes,
// with and without the causal mask, the ÷√d_k scaling and a temperature.
//
// The loss is any linear read-out of the forward pass,
//   loss = sum Gw ∘ weights + sum Go ∘ outputs + sum Gl ∘ logits (unmasked),
// with seeded random G's: its gradient is exactly what backward() computes
// from the upstream (Gw, Go, Gl). Each gradient matrix must match the
// numerical one to a relative error (norm of the difference over the larger
// norm) below 1e-6.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

#include "attention/gradients.hpp"
#include "chapter_cast.hpp"
#include "gradient_check.hpp"
#include "random_inputs.hpp"

namespace {

using attention::Gradients;
using attention::Inputs;
using attention::Matrix;
using attention::Options;
using attention::Trace;
using attention::Upstream;

using fixtures::random_matrix;
using fixtures::norm;
using fixtures::relative_error;

struct Shape {
  std::size_t n, d_model, d_k, d_v;
};

std::string describe(const Shape& s, const Options& o) {
  return "n=" + std::to_string(s.n) + " d_model=" + std::to_string(s.d_model) + " d_k=" +
         std::to_string(s.d_k) + " d_v=" + std::to_string(s.d_v) + (o.scaled ? " scaled" : "") +
         (o.causal ? " causal" : "") + " T=" + std::to_string(o.temperature);
}

double linear_loss(const Inputs& in, const Options& o, const Upstream& up) {
  Trace t;
  const attention::Status s = attention::attend(in, o, &t);
  EXPECT_TRUE(s.ok()) << s.message;
  double loss = 0;
  for (std::size_t i = 0; i < t.weights.data.size(); ++i) loss += up.weights.data[i] * t.weights.data[i];
  for (std::size_t i = 0; i < t.outputs.data.size(); ++i) loss += up.outputs.data[i] * t.outputs.data[i];
  for (std::size_t i = 0; i < t.logits.rows; ++i)
    for (std::size_t j = 0; j < (o.causal ? i + 1 : t.logits.cols); ++j)
      loss += up.logits.at(i, j) * t.logits.at(i, j);
  return loss;
}

Matrix numerical_gradient(Matrix* m, const std::function<double()>& f) {
  return fixtures::central_differences(m, f, 1e-5);
}

const Shape kShapes[] = {{1, 1, 1, 1}, {3, 3, 2, 2}, {4, 2, 3, 1}, {5, 4, 2, 3}, {7, 3, 1, 2}};

TEST(Gradients, MatchCentralDifferencesAtEveryShapeAndSwitch) {
  unsigned seed = 1;
  int checked = 0;
  for (const Shape& shape : kShapes)
    for (bool scaled : {false, true})
      for (bool causal : {false, true})
        for (double temperature : {1.0, 0.5, 3.0}) {
          attention::Random rng(seed++);
          Inputs in;
          in.embeddings = random_matrix(rng, shape.n, shape.d_model);
          in.wq = random_matrix(rng, shape.d_k, shape.d_model);
          in.wk = random_matrix(rng, shape.d_k, shape.d_model);
          in.wv = random_matrix(rng, shape.d_v, shape.d_model);
          const Options o = chapter::options(scaled, causal, temperature);
          Upstream up{random_matrix(rng, shape.n, shape.n), random_matrix(rng, shape.n, shape.d_v),
                      random_matrix(rng, shape.n, shape.n)};

          Trace t = chapter::run(in, o);
          Gradients g;
          const attention::Status s = attention::backward(in, o, t, up, &g);
          ASSERT_TRUE(s.ok()) << s.message;

          Inputs probe = in;
          auto f = [&] { return linear_loss(probe, o, up); };
          const std::string where = describe(shape, o);
          EXPECT_LT(relative_error(g.embeddings, numerical_gradient(&probe.embeddings, f)), 1e-6) << where;
          EXPECT_LT(relative_error(g.wq, numerical_gradient(&probe.wq, f)), 1e-6) << where;
          EXPECT_LT(relative_error(g.wk, numerical_gradient(&probe.wk, f)), 1e-6) << where;
          EXPECT_LT(relative_error(g.wv, numerical_gradient(&probe.wv, f)), 1e-6) << where;
          // Not vacuous: with n > 1 every gradient carries signal.
          if (shape.n > 1 && !(causal && shape.n == 1)) EXPECT_GT(norm(g.wq), 1e-3) << where;
          ++checked;
        }
  EXPECT_EQ(checked, 5 * 2 * 2 * 3);
}

// Each upstream on its own, so one path cannot hide another's mistake.
TEST(Gradients, EachUpstreamPathOnItsOwn) {
  for (int path = 0; path < 3; ++path) {
    attention::Random rng(100 + path);
    Inputs in;
    in.embeddings = random_matrix(rng, 4, 3);
    in.wq = random_matrix(rng, 2, 3);
    in.wk = random_matrix(rng, 2, 3);
    in.wv = random_matrix(rng, 2, 3);
    const Options o = chapter::options(true, true, 1.5);
    Upstream up{Matrix(4, 4), Matrix(4, 2), Matrix(4, 4)};
    Matrix* chosen[] = {&up.weights, &up.outputs, &up.logits};
    *chosen[path] = random_matrix(rng, chosen[path]->rows, chosen[path]->cols);

    Gradients g;
    ASSERT_TRUE(attention::backward(in, o, chapter::run(in, o), up, &g).ok());
    Inputs probe = in;
    auto f = [&] { return linear_loss(probe, o, up); };
    EXPECT_LT(relative_error(g.wq, numerical_gradient(&probe.wq, f)), 1e-6) << "path " << path;
    EXPECT_LT(relative_error(g.wk, numerical_gradient(&probe.wk, f)), 1e-6) << "path " << path;
    EXPECT_LT(relative_error(g.wv, numerical_gradient(&probe.wv, f)), 1e-6) << "path " << path;
    EXPECT_LT(relative_error(g.embeddings, numerical_gradient(&probe.embeddings, f)), 1e-6) << "path " << path;
  }
}

// The chapter's cast, by hand. Wanting sat to attend to "the" is, on sat's
// logits, d/dL = shares - [1, 0, 0] = (0.09 - 1, 0.67, 0.24). Only sat asks,
// so dQ_sat = sum_j (that) K_j and every column of W_Q's gradient is dQ_sat
// times x_sat = [1, 1, 1].
TEST(Gradients, ChapterCastBySatWantingThe) {
  const Inputs in = chapter::cat_sat();
  const Trace t = chapter::run(in);
  Upstream up{Matrix(), Matrix(), Matrix(3, 3)};
  for (std::size_t j = 0; j < 3; ++j) up.logits.at(chapter::kSat, j) = t.weights.at(chapter::kSat, j);
  up.logits.at(chapter::kSat, chapter::kThe) -= 1;
  Gradients g;
  ASSERT_TRUE(attention::backward(in, {}, t, up, &g).ok());

  const double a_the = t.weights.at(2, 0), a_cat = t.weights.at(2, 1), a_sat = t.weights.at(2, 2);
  // keys: the [1, -1], cat [1, 1], sat [0, 1]
  const double dq0 = (a_the - 1) * 1 + a_cat * 1 + a_sat * 0;
  const double dq1 = (a_the - 1) * -1 + a_cat * 1 + a_sat * 1;
  for (std::size_t c = 0; c < 3; ++c) {
    EXPECT_NEAR(g.wq.at(0, c), dq0, 1e-15);
    EXPECT_NEAR(g.wq.at(1, c), dq1, 1e-15);
  }
  EXPECT_EQ(chapter::two_decimals(dq0), "-0.24");
  EXPECT_EQ(chapter::two_decimals(dq1), "1.82");
  // A share goal does not reach W_V: the values never change who gets attention.
  for (double x : g.wv.data) EXPECT_EQ(x, 0.0);
}

TEST(Gradients, MaskedLogitsPassNoGradient) {
  const Inputs in = chapter::cat_sat();
  const Options o = chapter::options(false, true);
  Upstream up{Matrix(), Matrix(), Matrix(3, 3, 0.0)};
  // Only masked entries (above the diagonal) get an upstream: nothing may come back.
  up.logits.at(0, 1) = up.logits.at(0, 2) = up.logits.at(1, 2) = 5;
  Gradients g;
  ASSERT_TRUE(attention::backward(in, o, chapter::run(in, o), up, &g).ok());
  for (const Matrix* m : {&g.embeddings, &g.wq, &g.wk, &g.wv})
    for (double x : m->data) EXPECT_EQ(x, 0.0);
}

TEST(Gradients, RefusesUpstreamOfTheWrongShapeOrNotFinite) {
  const Inputs in = chapter::cat_sat();
  const Trace t = chapter::run(in);
  Gradients g;
  Upstream wrong{Matrix(2, 3), Matrix(), Matrix()};
  attention::Status s = attention::backward(in, {}, t, wrong, &g);
  EXPECT_EQ(s.code, attention::ErrorCode::kShapeMismatch);
  EXPECT_EQ(s.message, "upstream weights is 2 x 3 but must be 3 x 3");

  Upstream nan{Matrix(), Matrix(3, 2), Matrix()};
  nan.outputs.at(1, 0) = std::nan("");
  s = attention::backward(in, {}, t, nan, &g);
  EXPECT_EQ(s.code, attention::ErrorCode::kNonFinite);
  EXPECT_EQ(s.message, "upstream outputs row 2, column 1 is NaN; every entry must be a finite number");

  EXPECT_EQ(attention::backward(in, {}, t, {}, nullptr).code, attention::ErrorCode::kEmpty);
}

}  // namespace
