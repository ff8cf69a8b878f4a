// Training the three violet grids by plain gradient descent: the chapter's
// "nudged downhill". The recipe (attend()) never changes; a step only moves the
// entries of W_Q, W_K and W_V against the gradient of a goal's loss.
//
// A goal is a list of examples (a sentence's embeddings) and what it wants of
// each one, written as two kinds of targets:
//   share target  (asker a, key k): a wants to give all its attention to k.
//                 loss = -log weights(a, k), the cross-entropy of a's row,
//                 computed stably as logsumexp(logits row a) - logits(a, k).
//   blend target  (asker a, point t): a's output should land on t.
//                 loss = |outputs_a - t|^2, the squared distance.
// The loss of a goal is the mean over all its targets, so it reads the same
// for one sentence or five.
#pragma once

#include <cstdint>
#include <vector>

#include "attention/attention.hpp"
#include "attention/gradients.hpp"

namespace attention {

// The widget's documented bound on every number a learner can type: training
// keeps every grid entry inside it too.
inline constexpr double kMaxEntry = 1000;
inline constexpr double kMaxLearningRate = 100;

// The cap on a goal's size, like attend()'s (attention.hpp): the work of one pass over its
// sentences, in multiply-adds (per sentence and layer: n d_model (2 d_k + d_v) to project and
// n^2 (d_k + d_v) to score and blend). A step runs about six such passes (forward and backward,
// at the grids before and after it), so the largest step the cap allows is about as long as
// the largest attend() (0.67 G multiply-adds): 64 sentences of 512 tokens x 64 numbers, 19 times
// the cap, blocked its thread for 8.5 s. Refused with kTooLarge before any work.
inline constexpr std::uint64_t kMaxGoalWork = std::uint64_t{1} << 27;  // 134,217,728

// The learned part of the model: the three violet grids.
struct Grids {
  Matrix wq;  // (d_k, d_model)
  Matrix wk;  // (d_k, d_model)
  Matrix wv;  // (d_v, d_model)
};

struct ShareTarget {
  std::size_t asker = 0;  // 0-based token index
  std::size_t key = 0;
};

struct BlendTarget {
  std::size_t asker = 0;
  std::vector<double> point;  // (d_v)
};

struct Example {
  Matrix embeddings;  // (n, d_model)
  std::vector<ShareTarget> shares;
  std::vector<BlendTarget> blends;
};

struct Evaluation {
  double loss = 0;  // mean over every target of every example
  Grids gradients;  // dloss/dW, each the shape of its grid
  // rows[t]: share target t's asker's row of weights (n), targets in order (examples in order,
  // each example's shares in order): what a goal's check reads, without another forward pass.
  std::vector<std::vector<double>> rows;
};

// The goal's loss and its gradient at these grids (kTooLarge past kMaxGoalWork). Never throws.
Status evaluate(const Grids& grids, const std::vector<Example>& examples, const Options& options,
                Evaluation* evaluation);

struct StepOptions {
  double learning_rate = 0.1;  // > 0, at most kMaxLearningRate
  // A frozen grid is left exactly as it is (the freeze switches).
  bool train_wq = true;
  bool train_wk = true;
  bool train_wv = true;
};

// One step of gradient descent: W <- W - learning_rate * dloss/dW for every
// grid not frozen. `before` is the evaluation the step used, `after` the one
// at the new grids. On any failure (a bad learning rate, every grid frozen,
// an entry that would leave +-kMaxEntry, a loss that is not finite after the
// step) *grids is left exactly as it was and the Status says why.
Status train_step(Grids* grids, const std::vector<Example>& examples, const Options& options,
                  const StepOptions& step, Evaluation* before, Evaluation* after);

// now - origin, entry by entry: how far each cell has moved since the start
// of a training run (the widget shows it on every violet cell).
Status moved_from(const Grids& now, const Grids& origin, Grids* moved);

// A small seeded random grid, the same on every machine: entries uniform in
// [-scale, scale], rounded to two decimals so they print exactly.
// 0 < scale <= kMaxEntry; rows and cols from 1 to kMaxDim.
Status random_grid(std::size_t rows, std::size_t cols, double scale, std::uint64_t seed, Matrix* out);

}  // namespace attention
