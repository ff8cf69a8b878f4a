// The teaching core's Embind bindings (dist/attention-core.mjs; with ATTENTION_TRAINING,
// dist/attention-core-train.mjs): one flat table at the bottom, conversion helpers above it.
// The raw path has a module of its own (kernel_exports.cpp), so a page with the widget alone
// never downloads the kernel.
//
// Why Embind and this shape: Embind gives a typed, named API without a code
// generator, and with DYNAMIC_EXECUTION=0 it runs under a strict CSP. Data
// crosses as typed arrays in one copy each way (never per element). Errors
// cross as a plain {ok: false, code, message} object, not C++ exceptions:
// that costs nothing in size and the JS wrapper (attention.js) turns it into
// an AttentionError with the same code.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "attention/stack.hpp"
#include "attention/training.hpp"

using emscripten::val;

namespace {

// ---- conversion helpers -------------------------------------------------

// { rows, cols, data: Float64Array } -> Matrix, in one bulk copy.
attention::Matrix matrix_from(const val& m) {
  attention::Matrix out;
  out.rows = m["rows"].as<std::size_t>();
  out.cols = m["cols"].as<std::size_t>();
  out.data = emscripten::convertJSArrayToNumberVector<double>(m["data"]);
  return out;  // the core checks that data.size() == rows * cols
}

// A fresh Float64Array holding a copy (the heap may grow later; never hand out a view).
val copy_out(const std::vector<double>& data) {
  return val::global("Float64Array")
      .new_(emscripten::typed_memory_view(data.size(), data.data()));
}

val matrix_out(const attention::Matrix& m) {
  val out = val::object();
  out.set("rows", m.rows);
  out.set("cols", m.cols);
  out.set("data", copy_out(m.data));
  return out;
}

val status_out(const attention::Status& s) {
  val out = val::object();
  out.set("ok", s.ok());
  out.set("code", std::string(attention::error_code_name(s.code)));
  out.set("message", s.message);
  return out;
}

// Every intermediate of one attend() trace, set on `out`.
val trace_out(const attention::Trace& t, val out) {
  out.set("queries", matrix_out(t.queries));
  out.set("keys", matrix_out(t.keys));
  out.set("values", matrix_out(t.values));
  out.set("scores", matrix_out(t.scores));
  out.set("logits", matrix_out(t.logits));
  out.set("exponentials", matrix_out(t.exponentials));
  out.set("expSums", copy_out(t.exp_sums));
  out.set("weights", matrix_out(t.weights));
  out.set("outputs", matrix_out(t.outputs));
  out.set("divisor", t.divisor);
  return out;
}

// request: { embeddings, wq, wk, wv: { rows, cols, data: Float64Array row-major },
//            scaled, causal, temperature }
val attend(const val& request) {
  attention::Inputs in;
  in.embeddings = matrix_from(request["embeddings"]);
  in.wq = matrix_from(request["wq"]);
  in.wk = matrix_from(request["wk"]);
  in.wv = matrix_from(request["wv"]);
  attention::Options options;
  options.scaled = request["scaled"].as<bool>();
  options.causal = request["causal"].as<bool>();
  options.temperature = request["temperature"].as<double>();

  attention::Trace t;
  val out = status_out(attention::attend(in, options, &t));
  if (!out["ok"].as<bool>()) return out;
  return trace_out(t, out);
}

// Heap use, for leak tests (tests/wasm/soak.test.mjs): the size of the wasm
// memory, which only grows, and the bytes malloc has handed out and not had back,
// which must return to where they were once a call is done.
val memory_stats() {
  const struct mallinfo info = mallinfo();
  val out = val::object();
  out.set("heapBytes", static_cast<double>(emscripten_get_heap_size()));
  out.set("mallocBytes", static_cast<double>(info.uordblks));
  return out;
}


// ---- training (docs/training.md) ----------------------------------------
// Only in the training build (ATTENTION_TRAINING, dist/attention-core-train.mjs): its bindings
// cost about 20 KB gzip, which pages without the train panel should not download.
#ifdef ATTENTION_TRAINING

// The attend() request's matrices and switches (shared by attend and gradients).
attention::Options options_from(const val& request) {
  attention::Options options;
  options.scaled = request["scaled"].as<bool>();
  options.causal = request["causal"].as<bool>();
  options.temperature = request["temperature"].as<double>();
  return options;
}

// An optional { rows, cols, data } (undefined -> empty, which backward reads as zeros).
attention::Matrix optional_matrix(const val& m) {
  return m.isUndefined() ? attention::Matrix() : matrix_from(m);
}

// rows[t]: one Float64Array each (the goal's share targets, in order).
val rows_out(const std::vector<std::vector<double>>& rows) {
  val out = val::array();
  for (std::size_t t = 0; t < rows.size(); ++t) out.set(t, copy_out(rows[t]));
  return out;
}

val grids_out(const attention::Grids& g) {
  val out = val::object();
  out.set("wq", matrix_out(g.wq));
  out.set("wk", matrix_out(g.wk));
  out.set("wv", matrix_out(g.wv));
  return out;
}

// request: attend()'s, plus upstream: { weights?, outputs?, logits? } (dloss/d each).
// -> status + dloss/d { embeddings, wq, wk, wv }.
val gradients(const val& request) {
  attention::Inputs in;
  in.embeddings = matrix_from(request["embeddings"]);
  in.wq = matrix_from(request["wq"]);
  in.wk = matrix_from(request["wk"]);
  in.wv = matrix_from(request["wv"]);
  const attention::Options options = options_from(request);
  attention::Trace t;
  if (attention::Status s = attention::attend(in, options, &t); !s.ok()) return status_out(s);
  const val up = request["upstream"];
  const attention::Upstream upstream{optional_matrix(up["weights"]), optional_matrix(up["outputs"]),
                                     optional_matrix(up["logits"])};
  attention::Gradients g;
  val out = status_out(attention::backward(in, options, t, upstream, &g));
  if (!out["ok"].as<bool>()) return out;
  out.set("embeddings", matrix_out(g.embeddings));
  out.set("wq", matrix_out(g.wq));
  out.set("wk", matrix_out(g.wk));
  out.set("wv", matrix_out(g.wv));
  return out;
}

// examples: [{ embeddings, shares: [{ asker, key }], blends: [{ asker, point: Float64Array }] }]
// (a handful of short sentences: read entry by entry).
std::vector<attention::Example> examples_from(const val& list) {
  std::vector<attention::Example> out(list["length"].as<std::size_t>());
  for (std::size_t e = 0; e < out.size(); ++e) {
    const val ex = list[e];
    out[e].embeddings = matrix_from(ex["embeddings"]);
    const val shares = ex["shares"], blends = ex["blends"];
    for (std::size_t i = 0; i < shares["length"].as<std::size_t>(); ++i)
      out[e].shares.push_back({shares[i]["asker"].as<std::size_t>(), shares[i]["key"].as<std::size_t>()});
    for (std::size_t i = 0; i < blends["length"].as<std::size_t>(); ++i)
      out[e].blends.push_back({blends[i]["asker"].as<std::size_t>(),
                               emscripten::convertJSArrayToNumberVector<double>(blends[i]["point"])});
  }
  return out;
}

attention::Grids grids_from(const val& request) {
  return {matrix_from(request["wq"]), matrix_from(request["wk"]), matrix_from(request["wv"])};
}

// With request.origin (the grids a run started from): out.moved = grids - origin.
val with_moved(const val& request, const attention::Grids& grids, val out) {
  const val origin = request["origin"];
  if (origin.isUndefined()) return out;
  attention::Grids moved;
  if (attention::Status s = attention::moved_from(grids, grids_from(origin), &moved); !s.ok()) return status_out(s);
  out.set("moved", grids_out(moved));
  return out;
}

// request: { wq, wk, wv, examples, scaled, causal, temperature, origin? } -> status + loss + gradients (+ moved).
val evaluate_goal(const val& request) {
  attention::Evaluation ev;
  val out = status_out(attention::evaluate(grids_from(request), examples_from(request["examples"]),
                                           options_from(request), &ev));
  if (!out["ok"].as<bool>()) return out;
  out.set("loss", ev.loss);
  out.set("gradients", grids_out(ev.gradients));
  out.set("rows", rows_out(ev.rows));
  return with_moved(request, grids_from(request), out);
}

// request: evaluate_goal's plus learningRate, trainWq, trainWk, trainWv
// -> status + the new grids, the loss before and after, both gradients (+ moved).
val train_step(const val& request) {
  attention::Grids grids = grids_from(request);
  attention::StepOptions step;
  step.learning_rate = request["learningRate"].as<double>();
  step.train_wq = request["trainWq"].as<bool>();
  step.train_wk = request["trainWk"].as<bool>();
  step.train_wv = request["trainWv"].as<bool>();
  attention::Evaluation before, after;
  val out = status_out(attention::train_step(&grids, examples_from(request["examples"]),
                                             options_from(request), step, &before, &after));
  if (!out["ok"].as<bool>()) return out;
  out.set("grids", grids_out(grids));
  out.set("lossBefore", before.loss);
  out.set("gradientsBefore", grids_out(before.gradients));
  out.set("loss", after.loss);
  out.set("gradients", grids_out(after.gradients));
  out.set("rows", rows_out(after.rows));
  return with_moved(request, grids, out);
}

// ---- the stack (attention/stack.hpp): layers [{ wq, wk, wv }] ----

attention::Stack stack_from(const val& layers) {
  attention::Stack out(layers["length"].as<std::size_t>());
  for (std::size_t l = 0; l < out.size(); ++l) out[l] = grids_from(layers[l]);
  return out;
}

val stack_out(const attention::Stack& stack) {
  val out = val::array();
  for (std::size_t l = 0; l < stack.size(); ++l) out.set(l, grids_out(stack[l]));
  return out;
}

// With request.origin (the layers a run started from): out.moved = layers - origin, layer by layer.
val with_stack_moved(const val& request, const attention::Stack& stack, val out) {
  const val origin = request["origin"];
  if (origin.isUndefined()) return out;
  const attention::Stack start = stack_from(origin);
  if (start.size() != stack.size())
    return status_out({attention::ErrorCode::kShapeMismatch, "the start has " + std::to_string(start.size()) +
                                                                 " layers but the stack has " +
                                                                 std::to_string(stack.size())});
  val moved = val::array();
  for (std::size_t l = 0; l < stack.size(); ++l) {
    attention::Grids m;
    if (attention::Status s = attention::moved_from(stack[l], start[l], &m); !s.ok()) return status_out(s);
    moved.set(l, grids_out(m));
  }
  out.set("moved", moved);
  return out;
}

// request: { layers, embeddings, scaled, causal, temperature }
// -> status + layers: [attend()'s trace of each layer, with its inputs], stream (the final vectors).
val stack_forward(const val& request) {
  attention::StackTrace t;
  val out = status_out(attention::stack_forward(stack_from(request["layers"]), matrix_from(request["embeddings"]),
                                                options_from(request), &t));
  if (!out["ok"].as<bool>()) return out;
  val layers = val::array();
  for (std::size_t l = 0; l < t.layers.size(); ++l) {
    val layer = trace_out(t.layers[l], val::object());
    layer.set("inputs", matrix_out(t.inputs[l]));
    layers.set(l, layer);
  }
  out.set("layers", layers);
  out.set("stream", matrix_out(t.stream));
  return out;
}

// request: { layers, examples, scaled, causal, temperature, origin? } -> status + loss + gradients (+ moved).
val evaluate_stack(const val& request) {
  const attention::Stack stack = stack_from(request["layers"]);
  attention::StackEvaluation ev;
  val out = status_out(attention::evaluate_stack(stack, examples_from(request["examples"]), options_from(request), &ev));
  if (!out["ok"].as<bool>()) return out;
  out.set("loss", ev.loss);
  out.set("gradients", stack_out(ev.gradients));
  out.set("rows", rows_out(ev.rows));
  return with_stack_moved(request, stack, out);
}

// request: evaluate_stack's plus learningRate, trainWq, trainWk, trainWv
// -> status + the new layers, the loss before and after, both gradients (+ moved).
val stack_step(const val& request) {
  attention::Stack stack = stack_from(request["layers"]);
  attention::StepOptions step;
  step.learning_rate = request["learningRate"].as<double>();
  step.train_wq = request["trainWq"].as<bool>();
  step.train_wk = request["trainWk"].as<bool>();
  step.train_wv = request["trainWv"].as<bool>();
  attention::StackEvaluation before, after;
  val out = status_out(attention::stack_step(&stack, examples_from(request["examples"]), options_from(request), step,
                                             &before, &after));
  if (!out["ok"].as<bool>()) return out;
  out.set("layers", stack_out(stack));
  out.set("lossBefore", before.loss);
  out.set("gradientsBefore", stack_out(before.gradients));
  out.set("loss", after.loss);
  out.set("gradients", stack_out(after.gradients));
  out.set("rows", rows_out(after.rows));
  return with_stack_moved(request, stack, out);
}

// seed: a whole number below 2^53 (checked in attention.js).
val random_grid(std::size_t rows, std::size_t cols, double scale, double seed) {
  attention::Matrix m;
  val out = status_out(attention::random_grid(rows, cols, scale, static_cast<std::uint64_t>(seed), &m));
  if (out["ok"].as<bool>()) out.set("grid", matrix_out(m));
  return out;
}
#endif  // ATTENTION_TRAINING

}  // namespace

// ---- the table ------------------------------------------------------------
EMSCRIPTEN_BINDINGS(attention) {
  emscripten::function("attend", &attend);
  emscripten::function("memoryStats", &memory_stats);
#ifdef ATTENTION_TRAINING
  emscripten::function("gradients", &gradients);
  emscripten::function("evaluateGoal", &evaluate_goal);
  emscripten::function("trainStep", &train_step);
  emscripten::function("randomGrid", &random_grid);
  emscripten::function("stackForward", &stack_forward);
  emscripten::function("evaluateStack", &evaluate_stack);
  emscripten::function("stackStep", &stack_step);
#endif
  emscripten::constant("maxTokens", attention::kMaxTokens);
  emscripten::constant("maxDim", attention::kMaxDim);
  emscripten::constant("maxRawTokens", attention::kMaxRawTokens);
  emscripten::constant("maxStreamTokens", attention::kMaxStreamTokens);
  emscripten::constant("maxRawWork", static_cast<double>(attention::kMaxRawWork)); // 2^33: exact as a double
  emscripten::constant("maxEntry", attention::kMaxEntry);
  emscripten::constant("maxLearningRate", attention::kMaxLearningRate);
  emscripten::constant("maxGoalWork", static_cast<double>(attention::kMaxGoalWork));  // 2^27: exact as a double
  emscripten::constant("maxLayers", attention::kMaxLayers);
}
