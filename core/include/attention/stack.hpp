// A stack of attention layers with a residual: the model of the goal "'it' reads its sentence
// (two layers)" (docs/training.md). Each layer is the teaching path's own attend() on the
// words' current vectors, and adds what it gathered to them:
//
//   h_0 = embeddings                                   (n, d_model)
//   layer l:  q, k, v, scores, weights, outputs = attend(h_l; W_Q^l, W_K^l, W_V^l)
//             h_{l+1} = h_l + outputs                  the residual: each word keeps its own
//                                                      vector and adds what it read
//   W_Q^l, W_K^l: (d_k, d_model); W_V^l: (d_model, d_model), so the sum adds up.
//
// So layer 2's queries and keys are made from what layer 1 brought to each word. A goal on a
// stack is the same list of examples as one layer's (training.hpp):
//   share target (a, k): loss = -log(the LAST layer's share of a on k)
//   blend target (a, t): loss = |h_L[a] - t|^2, the word's final vector against a point
// and its loss is the mean over every target. The backward pass is backward() (gradients.hpp)
// per layer, last to first; the residual hands each layer's output gradient to its input
// unchanged, and the layer's own dloss/dh is added to it.
#pragma once

#include <vector>

#include "attention/attention.hpp"
#include "attention/training.hpp"

namespace attention {

inline constexpr std::size_t kMaxLayers = 8;

// layers[l]: layer l's violet grids (Grids: wq, wk, wv).
using Stack = std::vector<Grids>;

struct StackTrace {
  std::vector<Matrix> inputs;  // inputs[l] = h_l, (n, d_model): what layer l reads
  std::vector<Trace> layers;   // layers[l]: layer l's attend() trace on inputs[l]
  Matrix stream;               // h_L, (n, d_model): every word's vector after the last layer
};

// The stack's forward pass on one sentence. Checks every layer's grids (attend()'s checks,
// and W_V (d_model, d_model)); kNonFinite if a vector overflows. Never throws.
Status stack_forward(const Stack& stack, const Matrix& embeddings, const Options& options, StackTrace* trace);

struct StackEvaluation {
  double loss = 0;  // mean over every target of every example
  Stack gradients;  // gradients[l]: dloss/dW of layer l, each the shape of its grid
  std::vector<std::vector<double>> rows;  // as Evaluation's: the last layer's rows of the targets' askers
};

// A goal's loss on the stack and its gradient (kTooLarge past kMaxGoalWork). Never throws.
Status evaluate_stack(const Stack& stack, const std::vector<Example>& examples, const Options& options,
                      StackEvaluation* evaluation);

// One step of plain gradient descent on every layer: W <- W - rate * dloss/dW for the grids not
// frozen (step.train_wq applies to every layer's W_Q, and so on). As train_step: on any failure
// *stack is left exactly as it was and the Status says why ("layer 2 wq row 1, column 3").
Status stack_step(Stack* stack, const std::vector<Example>& examples, const Options& options,
                  const StepOptions& step, StackEvaluation* before, StackEvaluation* after);

}  // namespace attention
