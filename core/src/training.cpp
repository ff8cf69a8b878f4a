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
#include "training_parts.hpp"
#include "validate.hpp"

namespace attention {
namespace detail {

std::string sentence_prefix(std::size_t index, std::size_t count) {
  return count > 1 ? "sentence " + std::to_string(index + 1) + ": " : "";
}

Status check_targets(const Example& ex, std::size_t width, const char* width_name, bool causal) {
  const std::size_t n = ex.embeddings.rows;
  auto token = [&](const char* role, std::size_t i) -> Status {
    if (i < n) return {};
    return fail(ErrorCode::kShapeMismatch, std::string("the goal's ") + role + " is token " + std::to_string(i + 1) +
                                               ", but the sentence has " + std::to_string(n) + " tokens");
  };
  for (const ShareTarget& s : ex.shares) {
    if (Status st = token("asker", s.asker); !st.ok()) return st;
    if (Status st = token("key", s.key); !st.ok()) return st;
    if (causal && s.key > s.asker)
      return fail(ErrorCode::kShapeMismatch, "the goal wants token " + std::to_string(s.asker + 1) +
                                                 " to attend to token " + std::to_string(s.key + 1) +
                                                 ", which the causal mask hides from it");
  }
  for (const BlendTarget& b : ex.blends) {
    if (Status st = token("asker", b.asker); !st.ok()) return st;
    if (b.point.size() != width)
      return fail(ErrorCode::kShapeMismatch, "the goal's target point has " + std::to_string(b.point.size()) +
                                                 " numbers but " + width_name + " have " + std::to_string(width));
    for (double x : b.point)
      if (!std::isfinite(x)) return fail(ErrorCode::kNonFinite, "the goal's target point must be finite numbers");
  }
  return {};
}

Status count_targets(const std::vector<Example>& examples, double* scale) {
  if (examples.empty()) return fail(ErrorCode::kEmpty, "the goal has no sentences to train on");
  std::size_t targets = 0;
  for (const Example& ex : examples) targets += ex.shares.size() + ex.blends.size();
  if (targets == 0) return fail(ErrorCode::kEmpty, "the goal has no targets: nothing to learn");
  *scale = 1.0 / static_cast<double>(targets);
  return {};
}

namespace {
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

// "wq row 2, column 3" (1-based, as the widget labels cells).
std::string cell_name(const std::string& grid, std::size_t index, std::size_t cols) {
  return grid + " row " + std::to_string(index / cols + 1) + ", column " + std::to_string(index % cols + 1);
}

// Short and honest for a message: 1234.5678 -> "1234.57", -1 -> "-1", 1e-300 -> "1e-300".
std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, std::fabs(x) >= 1e-2 && std::fabs(x) < 1e6 ? "%.6g" : "%.3g", x);
  return buf;
}
}  // namespace

double example_loss(const Example& ex, const Matrix& logits, const Matrix& weights, const Matrix& outputs,
                    bool causal, double scale, Upstream* up, std::vector<std::vector<double>>* rows) {
  const std::size_t n = weights.rows, width = outputs.cols;
  up->logits = Matrix(n, n);
  up->outputs = Matrix(n, width);
  double loss = 0;
  for (const ShareTarget& s : ex.shares) {
    loss += cross_entropy(logits, s.asker, s.key, causal);
    const double* row = &weights.data[s.asker * n];
    rows->emplace_back(row, row + n);
    for (std::size_t j = 0; j < n; ++j) up->logits.at(s.asker, j) += scale * weights.at(s.asker, j);
    up->logits.at(s.asker, s.key) -= scale;
  }
  for (const BlendTarget& b : ex.blends)
    for (std::size_t c = 0; c < width; ++c) {
      const double miss = outputs.at(b.asker, c) - b.point[c];
      loss += miss * miss;
      up->outputs.at(b.asker, c) += scale * 2 * miss;
    }
  return loss;
}

std::uint64_t goal_work(const std::vector<Example>& examples, const Grids* layers, std::size_t count) {
  std::uint64_t work = 0;  // 64 bits: 512 sentences x 8 layers at the size caps is about 6e12
  for (const Example& ex : examples)
    for (std::size_t l = 0; l < count; ++l) {
      const std::uint64_t n = ex.embeddings.rows, d_model = ex.embeddings.cols;
      const std::uint64_t d_k = layers[l].wq.rows, d_v = layers[l].wv.rows;
      work += n * d_model * (2 * d_k + d_v) + n * n * (d_k + d_v);
    }
  return work;
}

Status check_goal_work(const std::vector<Example>& examples, const Grids* layers, std::size_t count) {
  const std::uint64_t work = goal_work(examples, layers, count);
  if (work <= kMaxGoalWork) return {};
  FixedText text;
  text << "the goal is too large to train on: one pass over its " << std::uint64_t{examples.size()}
       << (examples.size() == 1 ? " sentence" : " sentences") << " is " << Commas{work}
       << " multiply-adds; at most " << Commas{kMaxGoalWork} << " (use fewer or shorter sentences)";
  return fail(ErrorCode::kTooLarge, text.c_str());
}

Status check_step(const StepOptions& step) {
  const double rate = step.learning_rate;
  if (!std::isfinite(rate) || !(rate > 0) || rate > kMaxLearningRate)
    return fail(ErrorCode::kBadLearningRate,
                "the learning rate must be a number above 0 and at most " +
                    std::to_string(static_cast<int>(kMaxLearningRate)) + " (got " +
                    (std::isfinite(rate) ? number(rate) : std::string("not a finite number")) + ")");
  if (!step.train_wq && !step.train_wk && !step.train_wv)
    return fail(ErrorCode::kEmpty, "every grid is frozen: unfreeze wq, wk or wv to train");
  return {};
}

Status descend(const std::string& name, const Matrix& gradient, double rate, Matrix* grid) {
  Matrix next = *grid;
  for (std::size_t i = 0; i < next.data.size(); ++i) {
    next.data[i] -= rate * gradient.data[i];
    if (!std::isfinite(next.data[i]) || std::fabs(next.data[i]) > kMaxEntry)
      return fail(ErrorCode::kDiverged,
                  "training stopped: this step would move " + cell_name(name, i, next.cols) + " to " +
                      (std::isfinite(next.data[i]) ? number(next.data[i]) : "infinity") +
                      ", past the limit of \u00b1" + std::to_string(static_cast<int>(kMaxEntry)) +
                      "; lower the learning rate");
  }
  *grid = std::move(next);
  return {};
}

void add_into(Matrix* into, const Matrix& m) {
  for (std::size_t i = 0; i < m.data.size(); ++i) into->data[i] += m.data[i];
}

}  // namespace detail

Status evaluate(const Grids& grids, const std::vector<Example>& examples, const Options& options,
                Evaluation* ev) {
  if (!ev) return detail::fail(ErrorCode::kEmpty, "evaluate: evaluation pointer is null");
  double scale = 0;
  if (Status s = detail::count_targets(examples, &scale); !s.ok()) return s;
  if (Status s = detail::check_goal_work(examples, &grids, 1); !s.ok()) return s;

  Evaluation out;
  out.gradients = {Matrix(grids.wq.rows, grids.wq.cols), Matrix(grids.wk.rows, grids.wk.cols),
                   Matrix(grids.wv.rows, grids.wv.cols)};
  for (std::size_t e = 0; e < examples.size(); ++e) {
    const std::string prefix = detail::sentence_prefix(e, examples.size());
    const Inputs in{examples[e].embeddings, grids.wq, grids.wk, grids.wv};
    Trace t;
    if (Status s = attend(in, options, &t); !s.ok()) return detail::fail(s.code, prefix + s.message);
    if (Status s = detail::check_targets(examples[e], grids.wv.rows, "outputs", options.causal); !s.ok())
      return detail::fail(s.code, prefix + s.message);
    Upstream up;
    out.loss += scale * detail::example_loss(examples[e], t.logits, t.weights, t.outputs, options.causal, scale, &up,
                                                 &out.rows);
    Gradients g;
    if (Status s = backward(in, options, t, up, &g); !s.ok()) return detail::fail(s.code, prefix + s.message);
    detail::add_into(&out.gradients.wq, g.wq);
    detail::add_into(&out.gradients.wk, g.wk);
    detail::add_into(&out.gradients.wv, g.wv);
  }
  if (!std::isfinite(out.loss))
    return detail::fail(ErrorCode::kNonFinite, "the loss overflowed: the numbers are too large to train on");
  *ev = std::move(out);
  return {};
}

Status train_step(Grids* grids, const std::vector<Example>& examples, const Options& options,
                  const StepOptions& step, Evaluation* before, Evaluation* after) {
  if (!grids || !before || !after) return detail::fail(ErrorCode::kEmpty, "train_step: a pointer is null");
  if (Status s = detail::check_step(step); !s.ok()) return s;

  Evaluation now;
  if (Status s = evaluate(*grids, examples, options, &now); !s.ok()) return s;
  Grids next = *grids;
  const double rate = step.learning_rate;
  if (step.train_wq)
    if (Status s = detail::descend("wq", now.gradients.wq, rate, &next.wq); !s.ok()) return s;
  if (step.train_wk)
    if (Status s = detail::descend("wk", now.gradients.wk, rate, &next.wk); !s.ok()) return s;
  if (step.train_wv)
    if (Status s = detail::descend("wv", now.gradients.wv, rate, &next.wv); !s.ok()) return s;

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
