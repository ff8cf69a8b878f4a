// The stack (attention/stack.hpp): attend() per layer forward, backward() per layer back, the
// residual wired between them. No pass of its own: each layer is the teaching path's.
#include "attention/stack.hpp"

#include <cmath>
#include <string>

#include "attention/gradients.hpp"
#include "training_parts.hpp"
#include "validate.hpp"

namespace attention {
namespace {

// "layer 2: " before a layer's own message (1-based, as the panel names its tables).
std::string layer_prefix(std::size_t l) { return "layer " + std::to_string(l + 1) + ": "; }

bool all_finite(const Matrix& m) {
  for (double x : m.data)
    if (!std::isfinite(x)) return false;
  return true;
}

// The stack's own shape rules: 1 to kMaxLayers layers, each W_V square in d_model (the
// residual adds a layer's outputs to its inputs). attend() checks the rest, layer by layer.
Status check_stack(const Stack& stack, std::size_t d_model) {
  if (stack.empty()) return detail::fail(ErrorCode::kEmpty, "the stack has no layers; give at least one");
  if (stack.size() > kMaxLayers)
    return detail::fail(ErrorCode::kTooLarge, "the stack has " + std::to_string(stack.size()) +
                                                  " layers; at most " + std::to_string(kMaxLayers));
  for (std::size_t l = 0; l < stack.size(); ++l) {
    const Matrix& wv = stack[l].wv;
    if (wv.rows != d_model || wv.cols != d_model)
      return detail::fail(ErrorCode::kShapeMismatch,
                          layer_prefix(l) + "wv is " + detail::shape(wv.rows, wv.cols) + " but must be " +
                              detail::shape(d_model, d_model) +
                              ": each layer adds its outputs to the words' vectors, which have " +
                              std::to_string(d_model) + " numbers");
  }
  return {};
}

// One sentence backward from its upstream gradients (on the last layer's logits, and on the
// final vectors h_L), adding each layer's dloss/dW into grads.
Status stack_backward(const Stack& stack, const StackTrace& t, const Options& options, const Upstream& top,
                      Stack* grads) {
  Matrix d_stream = top.outputs;  // dloss/dh_{l+1}, (n, d_model)
  for (std::size_t l = stack.size(); l-- > 0;) {
    const Inputs in{t.inputs[l], stack[l].wq, stack[l].wk, stack[l].wv};
    // h_{l+1} = h_l + outputs_l: dloss/doutputs_l is dloss/dh_{l+1}. Only the last layer's
    // shares are in the loss, so only it receives dloss/dlogits.
    const Upstream up{Matrix(), d_stream, l + 1 == stack.size() ? top.logits : Matrix()};
    Gradients g;
    if (Status s = backward(in, options, t.layers[l], up, &g); !s.ok())
      return detail::fail(s.code, layer_prefix(l) + s.message);
    detail::add_into(&(*grads)[l].wq, g.wq);
    detail::add_into(&(*grads)[l].wk, g.wk);
    detail::add_into(&(*grads)[l].wv, g.wv);
    detail::add_into(&d_stream, g.embeddings);  // the residual's path plus the layer's own
  }
  return {};
}

}  // namespace

Status stack_forward(const Stack& stack, const Matrix& embeddings, const Options& options, StackTrace* t) {
  if (!t) return detail::fail(ErrorCode::kEmpty, "stack_forward: trace pointer is null");
  if (Status s = check_stack(stack, embeddings.cols); !s.ok()) return s;
  StackTrace out;
  out.inputs.push_back(embeddings);
  for (std::size_t l = 0; l < stack.size(); ++l) {
    Trace layer;
    const Inputs in{out.inputs[l], stack[l].wq, stack[l].wk, stack[l].wv};
    if (Status s = attend(in, options, &layer); !s.ok()) return detail::fail(s.code, layer_prefix(l) + s.message);
    Matrix next = out.inputs[l];
    detail::add_into(&next, layer.outputs);  // h_{l+1} = h_l + outputs
    if (!all_finite(next))
      return detail::fail(ErrorCode::kNonFinite, layer_prefix(l) +
                                                     "the words' vectors overflowed to infinity; use smaller weights");
    out.layers.push_back(std::move(layer));
    out.inputs.push_back(std::move(next));
  }
  out.stream = std::move(out.inputs.back());
  out.inputs.pop_back();
  *t = std::move(out);
  return {};
}

Status evaluate_stack(const Stack& stack, const std::vector<Example>& examples, const Options& options,
                      StackEvaluation* ev) {
  if (!ev) return detail::fail(ErrorCode::kEmpty, "evaluate_stack: evaluation pointer is null");
  double scale = 0;
  if (Status s = detail::count_targets(examples, &scale); !s.ok()) return s;
  if (Status s = detail::check_goal_work(examples, stack.data(), stack.size()); !s.ok()) return s;

  StackEvaluation out;
  for (const Grids& layer : stack)
    out.gradients.push_back({Matrix(layer.wq.rows, layer.wq.cols), Matrix(layer.wk.rows, layer.wk.cols),
                             Matrix(layer.wv.rows, layer.wv.cols)});
  for (std::size_t e = 0; e < examples.size(); ++e) {
    const std::string prefix = detail::sentence_prefix(e, examples.size());
    const Example& ex = examples[e];
    StackTrace t;
    if (Status s = stack_forward(stack, ex.embeddings, options, &t); !s.ok())
      return detail::fail(s.code, prefix + s.message);
    if (Status s = detail::check_targets(ex, t.stream.cols, "the words' vectors", options.causal); !s.ok())
      return detail::fail(s.code, prefix + s.message);
    const Trace& last = t.layers.back();
    Upstream top;
    out.loss += scale * detail::example_loss(ex, last.logits, last.weights, t.stream, options.causal, scale, &top,
                                                 &out.rows);
    if (Status s = stack_backward(stack, t, options, top, &out.gradients); !s.ok())
      return detail::fail(s.code, prefix + s.message);
  }
  if (!std::isfinite(out.loss))
    return detail::fail(ErrorCode::kNonFinite, "the loss overflowed: the numbers are too large to train on");
  *ev = std::move(out);
  return {};
}

Status stack_step(Stack* stack, const std::vector<Example>& examples, const Options& options,
                  const StepOptions& step, StackEvaluation* before, StackEvaluation* after) {
  if (!stack || !before || !after) return detail::fail(ErrorCode::kEmpty, "stack_step: a pointer is null");
  if (Status s = detail::check_step(step); !s.ok()) return s;

  StackEvaluation now;
  if (Status s = evaluate_stack(*stack, examples, options, &now); !s.ok()) return s;
  Stack next = *stack;
  for (std::size_t l = 0; l < next.size(); ++l) {
    const std::string layer = "layer " + std::to_string(l + 1) + " ";
    const Grids& g = now.gradients[l];
    if (step.train_wq)
      if (Status s = detail::descend(layer + "wq", g.wq, step.learning_rate, &next[l].wq); !s.ok()) return s;
    if (step.train_wk)
      if (Status s = detail::descend(layer + "wk", g.wk, step.learning_rate, &next[l].wk); !s.ok()) return s;
    if (step.train_wv)
      if (Status s = detail::descend(layer + "wv", g.wv, step.learning_rate, &next[l].wv); !s.ok()) return s;
  }

  StackEvaluation then;
  if (Status s = evaluate_stack(next, examples, options, &then); !s.ok())
    return detail::fail(ErrorCode::kDiverged, "training stopped: after this step " + s.message +
                                                  "; lower the learning rate");
  *stack = std::move(next);
  *before = std::move(now);
  *after = std::move(then);
  return {};
}

}  // namespace attention
