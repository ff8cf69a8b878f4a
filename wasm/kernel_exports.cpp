// The raw path's module (dist/attention-kernel*.mjs): plain C exports over one workspace.
//
// Why not Embind here: the raw path moves nothing but float buffers and a status, and
// Embind's runtime would double the module. Without it the scale lab's core is about 15 KB
// gzip and the widget's teaching core (bindings.cpp) carries no kernel it never runs.
// wasm/raw-path.js is the JS side: it fills the buffers in place through HEAPF32 views,
// calls attn_run_band and reads a failed status back as an AttentionError.
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <malloc.h>

#include <cstddef>
#include <memory>
#include <string>

#include "attention/attention.hpp"
#include "attention/training.hpp"  // kMaxEntry, kMaxLearningRate: the same caps in both modules

namespace {

// A float buffer in the wasm heap that is not zero-filled: every entry a call
// reads was written first (by JS, or by the kernel), and filling 16 MB first
// cost the first call at n = 2048 about 11 ms. It only grows.
class FloatBuffer {
 public:
  void resize(std::size_t count) {
    if (count > capacity_) {
      data_.reset();  // free first: the old and the new buffer never both live
      data_.reset(new float[count]);
      capacity_ = count;
    }
    size_ = count;
  }
  float* data() { return data_.get(); }
  std::size_t size() const { return size_; }

 private:
  std::unique_ptr<float[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

// One band of askers (attend_raw_rows): queries, weights and outputs for `rows`
// askers from first_row on; keys and values for all n. The whole problem is rows = n.
FloatBuffer queries, keys, values, weights, outputs;
attention::Status last;  // the status of the last call, read by attn_status_code/message

int report(attention::Status s) {
  last = std::move(s);
  return last.ok() ? 1 : 0;
}

}  // namespace

extern "C" {

// Sizes the buffers for a band; refuses sizes above the caps before allocating.
// 1 on success, 0 on failure (attn_status_code / attn_status_message say why).
EMSCRIPTEN_KEEPALIVE int attn_resize(std::size_t rows, std::size_t n, std::size_t d, int want_weights) {
  if (attention::Status s = attention::check_raw_size(n, d, want_weights != 0); !s.ok()) return report(s);
  if (rows > n)
    return report({attention::ErrorCode::kTooLarge,
                   "attendRaw: a band of " + std::to_string(rows) + " askers; at most n = " + std::to_string(n)});
  queries.resize(rows * d);
  keys.resize(n * d);
  values.resize(n * d);
  outputs.resize(rows * d);
  weights.resize(want_weights ? rows * n : 0);
  return report({});
}

// Where each buffer starts (a byte offset into the heap; re-read after every resize).
EMSCRIPTEN_KEEPALIVE float* attn_queries() { return queries.data(); }
EMSCRIPTEN_KEEPALIVE float* attn_keys() { return keys.data(); }
EMSCRIPTEN_KEEPALIVE float* attn_values() { return values.data(); }
EMSCRIPTEN_KEEPALIVE float* attn_weights() { return weights.data(); }
EMSCRIPTEN_KEEPALIVE float* attn_outputs() { return outputs.data(); }

// flags: 1 scaled, 2 causal, 4 want weights. 1 on success, 0 on failure.
EMSCRIPTEN_KEEPALIVE int attn_run_band(std::size_t first_row, std::size_t rows, std::size_t n,
                                       std::size_t d, int flags) {
  const bool want_weights = flags & 4;
  if (queries.size() != rows * d || keys.size() != n * d || (want_weights && weights.size() != rows * n))
    return report({attention::ErrorCode::kShapeMismatch,
                   "attendRaw: workspace was not resized for n = " + std::to_string(n) +
                       ", d = " + std::to_string(d)});
  attention::RawOptions o;
  o.scaled = flags & 1;
  o.causal = flags & 2;
  // The masked half of the grid is never read: attendRaw copies only keys
  // 0..i of row i out of it (wasm/raw-path.js, copyGrid). So the kernel
  // need not zero it (8 MB at n = 2048), whatever an earlier call left there.
  o.masked_zero = true;
  return report(attention::attend_raw_rows(queries.data(), keys.data(), values.data(), n, d, first_row,
                                           rows, o, want_weights ? weights.data() : nullptr,
                                           outputs.data()));
}

// The last call's status: its stable code name ("ok", "too_large", ...) and message.
EMSCRIPTEN_KEEPALIVE const char* attn_status_code() { return attention::error_code_name(last.code); }
EMSCRIPTEN_KEEPALIVE const char* attn_status_message() { return last.message.c_str(); }

// The caps (attention.hpp), so attention.js reads them from the core, never a copy:
// 0 maxTokens, 1 maxDim, 2 maxRawTokens, 3 maxStreamTokens, 4 maxRawWork, 5 maxEntry, 6 maxLearningRate.
EMSCRIPTEN_KEEPALIVE double attn_limit(int which) {
  switch (which) {
    case 0: return static_cast<double>(attention::kMaxTokens);
    case 1: return static_cast<double>(attention::kMaxDim);
    case 2: return static_cast<double>(attention::kMaxRawTokens);
    case 3: return static_cast<double>(attention::kMaxStreamTokens);
    case 4: return static_cast<double>(attention::kMaxRawWork);  // 2^33: exact as a double
    case 5: return attention::kMaxEntry;
    case 6: return attention::kMaxLearningRate;
    default: return 0;
  }
}

// Heap use, for leak tests: the size of the wasm memory (it only grows) and the
// bytes malloc has handed out and not had back.
EMSCRIPTEN_KEEPALIVE double attn_heap_bytes() { return static_cast<double>(emscripten_get_heap_size()); }
EMSCRIPTEN_KEEPALIVE double attn_malloc_bytes() { return static_cast<double>(mallinfo().uordblks); }

}  // extern "C"
