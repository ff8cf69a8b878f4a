// The attention core: scaled dot-product attention the way the course chapter
// computes it by hand, keeping every intermediate so a page can show it.
//
// Two entry points:
//   attend()      the teaching path: embeddings + W_Q, W_K, W_V -> a full Trace
//                 (queries, keys, values, scores, logits, exponentials, weights,
//                 outputs), in double precision so edited numbers print exactly.
//   attend_raw()  the fast path on plain float buffers (Q, K, V given directly),
//                 for large n; it allocates nothing beyond what the caller passes.
//
// Neither throws: both return a Status whose message names the matrix and shapes.
// Portable C++17: no Emscripten headers here (wasm/ binds this header).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace attention {

// Caps that protect memory and time (every call blocks its thread; the `caps` benchmark,
// npm run bench:caps, times the largest each allows: docs/benchmarks.md). The teaching path keeps
// ~6 n x n double grids (n = 512: ~12 MB) and at n = 512, d = 512 does about 0.7 G multiply-adds
// in double. The raw path stores one n x n float grid when weights are asked for (n = 8192:
// 256 MB) and none when they are not; its time grows as n x n x (d + the softmax's own work
// per pair), so n x n x d is capped at 2^33 (n = 4096 at d = 512, n = 16384 at d = 32) and n
// itself at 16384 (below d = 32 the softmax's work per pair dominates).
inline constexpr std::size_t kMaxTokens = 512;         // attend(): n
inline constexpr std::size_t kMaxDim = 512;            // d_model, d_k, d_v, raw d
inline constexpr std::size_t kMaxRawTokens = 8192;     // attend_raw() with weights
inline constexpr std::size_t kMaxStreamTokens = 16384; // attend_raw() outputs only
inline constexpr std::uint64_t kMaxRawWork = std::uint64_t{1} << 33; // attend_raw(): n * n * d (64-bit: wasm's size_t is 32)

// Every code of the core, one list for all its users (the teaching path, the raw path,
// training and the heads model).
enum class ErrorCode {
  kOk = 0,
  kEmpty,           // n = 0, a dimension of 0, or (attend_raw) a null buffer pointer
  kShapeMismatch,   // matrices that cannot be multiplied together
  kNonFinite,       // NaN or +-Infinity in an input
  kBadTemperature,  // temperature <= 0 or not finite
  kTooLarge,        // above one of the caps above
  kBadLearningRate, // training: learning rate <= 0, not finite or too large (training.hpp)
  kDiverged,        // training: a step would leave the limits or make the loss non-finite
  kBadHyperParameter,  // the heads model: a hyper-parameter outside its range (heads.hpp)
  kBadArgument,        // the heads model: a sentence, row or count that does not exist
};

// Stable machine-readable name, e.g. "shape_mismatch"; crosses into JS as `code`.
const char* error_code_name(ErrorCode code);

// The core's one status: ok, or a code and a message a learner can act on.
struct Status {
  ErrorCode code = ErrorCode::kOk;
  std::string message;  // empty when ok; otherwise names the matrix and shapes
  bool ok() const { return code == ErrorCode::kOk; }
};

// Dense row-major matrix: element (r, c) lives at data[r * cols + c].
struct Matrix {
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::vector<double> data;

  Matrix() = default;
  Matrix(std::size_t r, std::size_t c, double fill = 0.0) : rows(r), cols(c), data(r * c, fill) {}
  // Nested rows, for tests and small hand-written examples.
  static Matrix from_rows(const std::vector<std::vector<double>>& rows);

  double& at(std::size_t r, std::size_t c) { return data[r * cols + c]; }
  double at(std::size_t r, std::size_t c) const { return data[r * cols + c]; }
};

struct Options {
  bool scaled = false;       // divide scores by sqrt(d_k) (the chapter's thermostat)
  bool causal = false;       // token i may not look at tokens j > i
  double temperature = 1.0;  // softmax temperature T > 0 (Chapter 9's knob)
};

// Learned parts and the sentence, in the chapter's convention q = W_Q x
// (each row of W dotted with the embedding x).
struct Inputs {
  Matrix embeddings;  // (n, d_model); row i = token i
  Matrix wq;          // (d_k, d_model)
  Matrix wk;          // (d_k, d_model)
  Matrix wv;          // (d_v, d_model)
};

// Every intermediate of one forward pass.
struct Trace {
  Matrix queries;       // (n, d_k)  row i = W_Q x_i
  Matrix keys;          // (n, d_k)  row j = W_K x_j
  Matrix values;        // (n, d_v)  row j = W_V x_j
  Matrix scores;        // (n, n)    raw Q K^T; row i = asker i, column j = key j
  Matrix logits;        // (n, n)    scores / divisor, fed to softmax; -inf where masked
  Matrix exponentials;  // (n, n)    e^logit as the chapter prints it (may overflow to +inf
                        //           for huge logits; weights never use it); 0 where masked
  std::vector<double> exp_sums;  // (n)  row sums of exponentials ("totaling ~ 11.11")
  Matrix weights;       // (n, n)    row softmax of logits, computed stably; exactly 0 where masked
  Matrix outputs;       // (n, d_v)  weights x values
  double divisor = 1.0; // sqrt(d_k) * T when scaled, else T
};

Status attend(const Inputs& inputs, const Options& options, Trace* trace);

struct RawOptions {
  bool scaled = true;   // divide by sqrt(d)
  bool causal = false;
  // With causal: the kernel leaves the masked half above the diagonal as it
  // is, writing only the few masked entries next to the diagonal it may have
  // used as scratch (to 0), not the whole half (8 MB at n = 2048). Set it when
  // the buffer already holds 0 there (an earlier causal call with the same n,
  // or freshly zeroed), or when the caller never reads the masked half (the
  // wasm workspace: attendRaw copies only keys 0..i of row i). Otherwise the
  // masked half keeps stale numbers.
  bool masked_zero = false;
};

// The fast path. Layouts, all row-major float:
//   queries, keys, values: (n, d); weights: (n, n) or nullptr; outputs: (n, d).
// With weights == nullptr the grid is never materialised (online softmax,
// memory O(n d)), so n may go up to kMaxStreamTokens.
Status attend_raw(const float* queries, const float* keys, const float* values,
                  std::size_t n, std::size_t d, const RawOptions& options,
                  float* weights, float* outputs);

// attend_raw()'s size checks alone (n, d, and n * n * d against the caps), for a caller
// that allocates its buffers first: refuse before allocating.
Status check_raw_size(std::size_t n, std::size_t d, bool want_weights);

// One band of askers of the same problem: askers first_row .. first_row +
// rows - 1 against all n keys, so threads (or Web Workers) can split the rows.
// Layouts: queries (rows, d), the band's own query rows; keys, values (n, d);
// weights (rows, n) or nullptr; outputs (rows, d). Bands that start at a
// multiple of 32 give bit for bit the numbers of one attend_raw() call.
// attend_raw() is this with first_row = 0, rows = n.
Status attend_raw_rows(const float* queries, const float* keys, const float* values,
                       std::size_t n, std::size_t d, std::size_t first_row, std::size_t rows,
                       const RawOptions& options, float* weights, float* outputs);

}  // namespace attention
