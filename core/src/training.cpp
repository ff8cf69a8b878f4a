// Goals' losses, their gradients, and the gradient-descent step.
// A goal's loss is turned into upstream gradients for backward() here:
//   share target (a, k):  loss = logsumexp(L_a) - L(a, k)
//                         dloss/dL(a, j) = A(a, j) - [j == k]      (on the logits)
//   blend target (a, t):  loss = |O_a - t|^2
//                         dloss/dO_a = 2 (O_a - t)                 (on the outputs)
#include "attention/training.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "attention/random.hpp"
#include "validate.hpp"

namespace attention {
namespace {

std::string sentence_prefix(std::size_t index, std::size_t count) {
  return count > 1 ? "sentence " + std::to_string(index + 1) + ": " : "";
}

// The targets must name tokens of this sentence, and a causal asker can only
// want keys it can see (a masked share is 0 for ever: its loss is infinite).
Status check_targets(const Example& ex, std::size_t d_v, bool causal) {
  const std::size_t n = ex.embeddings.rows;
  auto token = [&](const char* role, std::size_t i) -> Status {
    if (i < n) return {};
    return detail::fail(ErrorCode::kShapeMismatch, std::string("the goal's ") + role + " is token " +
                                                       std::to_string(i + 1) + ", but the sentence has " +
                                                       std::to_string(n) + " tokens");
  };
  for (const ShareTarget& s : ex.shares) {
    if (Status st = token("asker", s.asker); !st.ok()) return st;
    if (Status st = token("key", s.key); !st.ok()) return st;
    if (causal && s.key > s.asker)
      return detail::fail(ErrorCode::kShapeMismatch,
                          "the goal wants token " + std::to_string(s.asker + 1) + " to attend to token " +
                              std::to_string(s.key + 1) + ", which the causal mask hides from it");
  }
  for (const BlendTarget& b : ex.blends) {
    if (Status st = token("asker", b.asker); !st.ok()) return st;
    if (b.point.size() != d_v)
      return detail::fail(ErrorCode::kShapeMismatch, "the goal's target point has " +
                                                         std::to_string(b.point.size()) +
                                                         " numbers but outputs have " + std::to_string(d_v));
    for (double x : b.point)
      if (!std::isfinite(x))
        return detail::fail(ErrorCode::kNonFinite, "the goal's target point must be finite numbers");
  }
  return {};
}

// -log weights(a, k) from the logits, without forming the weight (it may be 0.0
// in double while its logarithm is a modest -800).
double cross_entropy(const Matrix& logits, std::size_t asker, std::size_t key, bool causal) {
  const std::size_t visible = causal ? asker + 1 : logits.cols;
  double row_max = logits.at(asker, 0);
  for (std::size_t j = 1; j < visible; ++j) row_max = std::fmax(row_max, logits.at(asker, j));
  double sum = 0;
  for (std::size_t j = 0; j < visible; ++j) sum += std::exp(logits.at(asker, j) - row_max);
  return row_max + std::log(sum) - logits.at(asker, key);
}

// One example's loss (a sum over its targets) and its upstream gradients,
// each target's part scaled by `scale` (1 / the goal's number of targets).
double example_loss(const Example& ex, const Trace& t, bool causal, double scale, Upstream* up) {
  const std::size_t n = t.weights.rows, d_v = t.outputs.cols;
  up->logits = Matrix(n, n);
  up->outputs = Matrix(n, d_v);
  double loss = 0;
  for (const ShareTarget& s : ex.shares) {
    loss += cross_entropy(t.logits, s.asker, s.key, causal);
    for (std::size_t j = 0; j < n; ++j) up->logits.at(s.asker, j) += scale * t.weights.at(s.asker, j);
    up->logits.at(s.asker, s.key) -= scale;
  }
  for (const BlendTarget& b : ex.blends)
    for (std::size_t c = 0; c < d_v; ++c) {
      const double miss = t.outputs.at(b.asker, c) - b.point[c];
      loss += miss * miss;
      up->outputs.at(b.asker, c) += scale * 2 * miss;
    }
  return loss;
}

void add_scaled(Matrix* into, const Matrix& m) {
  for (std::size_t i = 0; i < m.data.size(); ++i) into->data[i] += m.data[i];
}

// "wq row 2, column 3" (1-based, as the widget labels cells).
std::string cell_name(const char* grid, std::size_t index, std::size_t cols) {
  return std::string(grid) + " row " + std::to_string(index / cols + 1) + ", column " +
         std::to_string(index % cols + 1);
}

// Short and honest for a message: 1234.5678 -> "1234.57", -1 -> "-1", 1e-300 -> "1e-300".
std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, std::fabs(x) >= 1e-2 && std::fabs(x) < 1e6 ? "%.6g" : "%.3g", x);
  return buf;
}

// grid <- grid - rate * gradient, refusing (grid untouched) an entry that would
// leave +-kMaxEntry or stop being a number.
Status descend(const char* name, const Matrix& gradient, double rate, Matrix* grid) {
  Matrix next = *grid;
  for (std::size_t i = 0; i < next.data.size(); ++i) {
    next.data[i] -= rate * gradient.data[i];
    if (!std::isfinite(next.data[i]) || std::fabs(next.data[i]) > kMaxEntry)
      return detail::fail(ErrorCode::kDiverged,
                          "training stopped: this step would move " + cell_name(name, i, next.cols) + " to " +
                              (std::isfinite(next.data[i]) ? number(next.data[i]) : "infinity") +
                              ", past the limit of \u00b1" + std::to_string(static_cast<int>(kMaxEntry)) +
                              "; lower the learning rate");
  }
  *grid = std::move(next);
  return {};
}

}  // namespace

Status evaluate(const Grids& grids, const std::vector<Example>& examples, const Options& options,
                Evaluation* ev) {
  if (!ev) return detail::fail(ErrorCode::kEmpty, "evaluate: evaluation pointer is null");
  if (examples.empty()) return detail::fail(ErrorCode::kEmpty, "the goal has no sentences to train on");
  std::size_t targets = 0;
  for (const Example& ex : examples) targets += ex.shares.size() + ex.blends.size();
  if (targets == 0) return detail::fail(ErrorCode::kEmpty, "the goal has no targets: nothing to learn");
  const double scale = 1.0 / static_cast<double>(targets);

  Evaluation out;
  out.gradients = {Matrix(grids.wq.rows, grids.wq.cols), Matrix(grids.wk.rows, grids.wk.cols),
                   Matrix(grids.wv.rows, grids.wv.cols)};
  for (std::size_t e = 0; e < examples.size(); ++e) {
    const std::string prefix = sentence_prefix(e, examples.size());
    const Inputs in{examples[e].embeddings, grids.wq, grids.wk, grids.wv};
    Trace t;
    if (Status s = attend(in, options, &t); !s.ok()) return detail::fail(s.code, prefix + s.message);
    if (Status s = check_targets(examples[e], grids.wv.rows, options.causal); !s.ok())
      return detail::fail(s.code, prefix + s.message);
    Upstream up;
    out.loss += scale * example_loss(examples[e], t, options.causal, scale, &up);
    Gradients g;
    if (Status s = backward(in, options, t, up, &g); !s.ok()) return detail::fail(s.code, prefix + s.message);
    add_scaled(&out.gradients.wq, g.wq);
    add_scaled(&out.gradients.wk, g.wk);
    add_scaled(&out.gradients.wv, g.wv);
  }
  if (!std::isfinite(out.loss))
    return detail::fail(ErrorCode::kNonFinite, "the loss overflowed: the numbers are too large to train on");
  *ev = std::move(out);
  return {};
}

Status train_step(Grids* grids, const std::vector<Example>& examples, const Options& options,
                  const StepOptions& step, Evaluation* before, Evaluation* after) {
  if (!grids || !before || !after) return detail::fail(ErrorCode::kEmpty, "train_step: a pointer is null");
  const double rate = step.learning_rate;
  if (!std::isfinite(rate) || !(rate > 0) || rate > kMaxLearningRate)
    return detail::fail(ErrorCode::kBadLearningRate,
                        "the learning rate must be a number above 0 and at most " +
                            std::to_string(static_cast<int>(kMaxLearningRate)) + " (got " +
                            (std::isfinite(rate) ? number(rate) : std::string("not a finite number")) + ")");
  if (!step.train_wq && !step.train_wk && !step.train_wv)
    return detail::fail(ErrorCode::kEmpty, "every grid is frozen: unfreeze wq, wk or wv to train");

  Evaluation now;
  if (Status s = evaluate(*grids, examples, options, &now); !s.ok()) return s;
  Grids next = *grids;
  if (step.train_wq)
    if (Status s = descend("wq", now.gradients.wq, rate, &next.wq); !s.ok()) return s;
  if (step.train_wk)
    if (Status s = descend("wk", now.gradients.wk, rate, &next.wk); !s.ok()) return s;
  if (step.train_wv)
    if (Status s = descend("wv", now.gradients.wv, rate, &next.wv); !s.ok()) return s;

  Evaluation then;
  if (Status s = evaluate(next, examples, options, &then); !s.ok())
    return detail::fail(ErrorCode::kDiverged, "training stopped: after this step " + s.message +
                                                  "; lower the learning rate");
  *grids = std::move(next);
  *before = std::move(now);
  *after = std::move(then);
  return {};
}

Status moved_from(const Grids& now, const Grids& origin, Grids* moved) {
  if (!moved) return detail::fail(ErrorCode::kEmpty, "moved_from: output pointer is null");
  const Matrix* pairs[][2] = {{&now.wq, &origin.wq}, {&now.wk, &origin.wk}, {&now.wv, &origin.wv}};
  const char* names[] = {"wq", "wk", "wv"};
  Grids out = now;
  Matrix* outs[] = {&out.wq, &out.wk, &out.wv};
  for (int g = 0; g < 3; ++g) {
    const Matrix& a = *pairs[g][0];
    const Matrix& b = *pairs[g][1];
    if (a.rows != b.rows || a.cols != b.cols || a.data.size() != b.data.size())
      return detail::fail(ErrorCode::kShapeMismatch, std::string("the start's ") + names[g] + " is " +
                                                         detail::shape(b.rows, b.cols) + " but " + names[g] +
                                                         " is now " + detail::shape(a.rows, a.cols));
    for (std::size_t i = 0; i < a.data.size(); ++i) outs[g]->data[i] = a.data[i] - b.data[i];
  }
  *moved = std::move(out);
  return {};
}

Status random_grid(std::size_t rows, std::size_t cols, double scale, std::uint64_t seed, Matrix* out) {
  if (!out) return detail::fail(ErrorCode::kEmpty, "random_grid: output pointer is null");
  if (rows == 0 || cols == 0)
    return detail::fail(ErrorCode::kEmpty, "a random grid needs at least one row and one column");
  if (rows > kMaxDim || cols > kMaxDim)
    return detail::fail(ErrorCode::kTooLarge, "a random grid may have at most " + std::to_string(kMaxDim) +
                                                  " rows and columns");
  if (!std::isfinite(scale) || !(scale > 0) || scale > kMaxEntry)
    return detail::fail(ErrorCode::kShapeMismatch, "the random grid's scale must be above 0 and at most 1000");
  Random random(seed);  // the core's one generator: a fixed, documented sequence for each seed
  Matrix m(rows, cols);
  for (double& x : m.data) {
    const double rounded = std::round((2 * random.uniform() - 1) * scale * 100) / 100;
    x = std::fmax(-scale, std::fmin(scale, rounded));
    if (x == 0) x = 0;  // no -0, which would print as "-0.00"
  }
  *out = std::move(m);
  return {};
}

}  // namespace attention
