// The raw path's module (dist/attention-kernel*.mjs): plain C exports over one workspace.
//
// Why not Embind here: the raw path moves nothing but float buffers and a status, and
// Embind's runtime would double the module. Without it, and without emcc's runtime (the
// module's JavaScript is a loader of a few lines: scripts/kernel-module.mjs), the scale lab's
// kernel is about 5.5 KB of wasm gzip (docs/budget.md), and the widget's teaching core
// (bindings.cpp) carries no kernel it never runs.
// wasm/kernel-runner.js is the JS side: it fills the buffers in place through Float32Array views
// of the memory, calls attn_run_band and reads a failed status back as an AttentionError
// (wasm/raw-path.js adds the public API's argument checks on top).
//
// Size: nothing here or in the raw path's core (attend_raw.cpp, the raw checks of
// validate.cpp) uses std::string, operator new or malloc. Messages are written into a
// fixed buffer (core/src/fixed_text.hpp) and the buffers are one block of the heap
// (Workspace), so the module links none of libc++'s strings, std::to_string, operator new
// or an allocator (3.1 and 1.4 KB gzip: docs/budget.md).
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>

#include <cstddef>
#include <cstdint>

#include "attention/attention.hpp"
#include "attention/training.hpp"  // kMaxEntry, kMaxLearningRate: the same caps in both modules
#include "fixed_text.hpp"
#include "validate.hpp"

extern "C" unsigned char __heap_base;  // the linker's: where the heap starts

namespace {

using attention::ErrorCode;
using attention::detail::raw_fail;
using attention::detail::RawStatus;

// The five buffers of one band of askers (attend_raw_rows): queries, outputs and weights
// for `rows` askers from first_row on, keys and values for all n (the whole problem is
// rows = n), carved out of one block: the whole heap.
//
// Why not malloc: the block is the module's only allocation, so it needs no allocator
// (-sMALLOC=none; with emmalloc and realloc the module is 1.4 KB gzip larger). It grows in place and
// never shrinks, so the largest problem asked for sets the memory, as before. It is not
// zero-filled: every entry a call reads was written first (by JS, or by the kernel), and
// filling 16 MB first cost the first call at n = 2048 about 11 ms.
class Workspace {
 public:
  enum Buffer { kQueries, kKeys, kValues, kOutputs, kWeights, kBuffers };

  // Lays out buffers of these sizes (floats); false if the engine gave no more memory
  // (every buffer is then empty).
  bool resize(const std::size_t (&floats)[kBuffers]) {
    std::size_t total = 0;
    for (int b = 0; b < kBuffers; ++b) {
      offset_[b] = total;
      size_[b] = floats[b];
      total += (floats[b] + 3) / 4 * 4;  // each buffer 16-byte aligned
    }
    if (total > capacity_ && !grow(total)) {
      for (std::size_t& size : size_) size = 0;
      return false;
    }
    return true;
  }
  float* data(Buffer b) { return base() + offset_[b]; }
  std::size_t size(Buffer b) const { return size_[b]; }
  std::size_t bytes() const { return capacity_ * sizeof(float); }

 private:
  // Extends the block to `floats`, growing the wasm memory if it ends beyond it
  // (emscripten_resize_heap: the kernel's one import, which wasm/kernel-runner.js gives).
  bool grow(std::size_t floats) {
    const std::uintptr_t end = reinterpret_cast<std::uintptr_t>(base()) + floats * sizeof(float);
    if (end > emscripten_get_heap_size() && !emscripten_resize_heap(end)) return false;
    capacity_ = floats;
    return true;
  }

  // The block starts at the heap's base, 16-byte aligned: after the static data and the
  // stack, where an allocator would start; nothing else in the module allocates. (A
  // function, not a member set at startup: a link-time constant, and no constructor.)
  static float* base() {
    return reinterpret_cast<float*>((reinterpret_cast<std::uintptr_t>(&__heap_base) + 15) / 16 * 16);
  }
  std::size_t capacity_ = 0;  // floats
  std::size_t offset_[kBuffers] = {}, size_[kBuffers] = {};
};

Workspace work;
RawStatus last;  // the status of the last call, read by attn_status_code/message

int report(const RawStatus& s) {
  last = s;
  return last.ok() ? 1 : 0;
}

}  // namespace

extern "C" {

// Sizes the buffers for a band; refuses sizes above the caps before allocating.
// 1 on success, 0 on failure (attn_status_code / attn_status_message say why).
EMSCRIPTEN_KEEPALIVE int attn_resize(std::size_t rows, std::size_t n, std::size_t d, int want_weights) {
  if (RawStatus s = attention::detail::raw_size_status(n, d, want_weights != 0); !s.ok()) return report(s);
  if (rows > n)
    return report(raw_fail(ErrorCode::kTooLarge, "attendRaw: a band of ", rows, " askers; at most n = ", n));
  if (!work.resize({rows * d, n * d, n * d, rows * d, want_weights ? rows * n : 0}))
    // The caps keep the workspace below the 2 GB maximum, but an engine may refuse to grow.
    return report(raw_fail(ErrorCode::kTooLarge, "attendRaw: no memory left for n = ", n, ", d = ", d,
                           " (the browser refused to grow the wasm memory)"));
  return report({});
}

// Where buffer `which` starts (0 queries, 1 keys, 2 values, 3 outputs, 4 weights: Workspace's
// order), a byte offset into the heap; re-read after every resize. One export for the five
// (and one for both memory figures below): every export is a name in the module.
EMSCRIPTEN_KEEPALIVE float* attn_buffer(int which) {
  if (which < 0 || which >= Workspace::kBuffers) return nullptr;
  return work.data(static_cast<Workspace::Buffer>(which));
}

// flags: 1 scaled, 2 causal, 4 want weights. 1 on success, 0 on failure.
EMSCRIPTEN_KEEPALIVE int attn_run_band(std::size_t first_row, std::size_t rows, std::size_t n,
                                       std::size_t d, int flags) {
  const bool want_weights = flags & 4;
  if (work.size(Workspace::kQueries) != rows * d || work.size(Workspace::kKeys) != n * d ||
      work.size(Workspace::kOutputs) != rows * d ||
      (want_weights && work.size(Workspace::kWeights) != rows * n))
    return report(raw_fail(ErrorCode::kShapeMismatch, "attendRaw: workspace was not resized for n = ", n,
                           ", d = ", d));
  attention::RawOptions o;
  o.scaled = flags & 1;
  o.causal = flags & 2;
  // The masked half of the grid is never read: attendRaw copies only keys
  // 0..i of row i out of it (wasm/kernel-runner.js, copyGrid). So the kernel
  // need not zero it (8 MB at n = 2048), whatever an earlier call left there.
  o.masked_zero = true;
  return report(attention::detail::attend_raw_rows_status(
      work.data(Workspace::kQueries), work.data(Workspace::kKeys), work.data(Workspace::kValues), n, d,
      first_row, rows, o, want_weights ? work.data(Workspace::kWeights) : nullptr,
      work.data(Workspace::kOutputs)));
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

// Heap use, for leak tests: 0 the size of the wasm memory (it only grows), 1 the bytes
// allocated, which here is the workspace (the module's only allocation; it only grows).
EMSCRIPTEN_KEEPALIVE double attn_memory(int which) {
  return static_cast<double>(which == 0 ? emscripten_get_heap_size() : work.bytes());
}

}  // extern "C"
