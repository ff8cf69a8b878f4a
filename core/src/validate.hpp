// Input checks shared by both entry points. Each returns a Status whose message
// a learner can act on: it names the matrix, the expected and the actual shape.
#pragma once

#include <cstddef>
#include <string>

#include "attention/attention.hpp"
#include "fixed_text.hpp"

namespace attention::detail {

inline Status fail(ErrorCode code, std::string message) { return Status{code, std::move(message)}; }

std::string shape(std::size_t rows, std::size_t cols);  // "3 x 2"

// A failed RawStatus whose message is the parts in order (strings, numbers, Commas).
template <typename... Parts>
RawStatus raw_fail(ErrorCode code, const Parts&... parts) {
  RawStatus s;
  s.code = code;
  (s.message << ... << parts);
  return s;
}

// First non-finite entry of a buffer, as "wq row 2, column 1 is NaN", or "" if all finite.
template <typename T>
std::string find_non_finite(const char* name, const T* data, std::size_t rows, std::size_t cols);

Status check_inputs(const Inputs& inputs, const Options& options);

// The raw path's checks, with messages in fixed buffers (fixed_text.hpp: the kernel module
// links no std::string). check_raw_size() is raw_size_status() as a Status.
RawStatus raw_size_status(std::size_t n, std::size_t d, bool want_weights);
// Sizes, caps and null pointers of attend_raw's buffers.
RawStatus check_raw(const float* queries, const float* keys, const float* values, std::size_t n,
                    std::size_t d, bool want_weights, const float* outputs);
// Every entry of queries (query_rows, d), keys and values (n, d) finite; names the first that is not.
RawStatus check_finite_raw(const float* queries, const float* keys, const float* values,
                           std::size_t n, std::size_t d, std::size_t query_rows);

// attend_raw_rows() (attend_raw.cpp) with its RawStatus: what the kernel module calls.
RawStatus attend_raw_rows_status(const float* queries, const float* keys, const float* values,
                                 std::size_t n, std::size_t d, std::size_t first_row,
                                 std::size_t rows, const RawOptions& options, float* weights,
                                 float* outputs);

}  // namespace attention::detail
