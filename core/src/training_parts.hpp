// The parts of a goal that one layer (training.cpp) and a stack of layers (stack.cpp) share:
// the targets' checks, the share and blend losses and their upstream gradients, the work cap,
// the learning rate's check and the descent of one grid. Internal to the core.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attention/gradients.hpp"
#include "attention/training.hpp"

namespace attention::detail {

// "sentence 2: " when a goal has several sentences, "" when it has one.
std::string sentence_prefix(std::size_t index, std::size_t count);

// The targets must name tokens of this sentence; a blend point has `width` numbers (what the
// loss compares it with: "outputs" of one layer, or the words' final vectors in a stack); a
// causal asker can only want keys it can see (a masked share is 0 for ever: infinite loss).
Status check_targets(const Example& ex, std::size_t width, const char* width_name, bool causal);

// The goal's examples, each checked against nothing but its own targets' count: the goal
// needs sentences and targets. Returns 1 / the number of targets in *scale.
Status count_targets(const std::vector<Example>& examples, double* scale);

// One example's loss (a sum over its targets) and its upstream gradients, each target's part
// scaled by `scale`. Share targets read `logits` and `weights` (n, n), and append their asker's
// row of weights to *rows; blend targets read `outputs` (n, width). up->logits (n, n) and
// up->outputs (n, width) are overwritten.
double example_loss(const Example& ex, const Matrix& logits, const Matrix& weights, const Matrix& outputs,
                    bool causal, double scale, Upstream* up, std::vector<std::vector<double>>* rows);

// The work of one pass over a goal's sentences through `count` layers (layers[0] ..
// layers[count - 1]), in multiply-adds (each sentence and layer: n d_model (2 d_k + d_v) to
// project, n^2 (d_k + d_v) to score and blend); and the cap on it (kMaxGoalWork) as a Status.
std::uint64_t goal_work(const std::vector<Example>& examples, const Grids* layers, std::size_t count);
Status check_goal_work(const std::vector<Example>& examples, const Grids* layers, std::size_t count);

// A learning rate in (0, kMaxLearningRate], and at least one grid not frozen.
Status check_step(const StepOptions& step);

// grid <- grid - rate * gradient, refusing (grid untouched) an entry that would leave
// +-kMaxEntry or stop being a number; `name` names the grid in the message ("wq", "layer 2 wq").
Status descend(const std::string& name, const Matrix& gradient, double rate, Matrix* grid);

// into += m, entry by entry (the same shape).
void add_into(Matrix* into, const Matrix& m);

}  // namespace attention::detail
