// Input checks shared by both entry points. Each returns a Status whose message
// a learner can act on: it names the matrix, the expected and the actual shape.
#pragma once

#include <cstddef>
#include <string>

#include "attention/attention.hpp"

namespace attention::detail {

inline Status fail(ErrorCode code, std::string message) { return Status{code, std::move(message)}; }

std::string shape(std::size_t rows, std::size_t cols);  // "3 x 2"

// First non-finite entry of a buffer, as "wq row 2, column 1 is NaN", or "" if all finite.
template <typename T>
std::string find_non_finite(const char* name, const T* data, std::size_t rows, std::size_t cols);

Status check_inputs(const Inputs& inputs, const Options& options);
// Sizes, caps and null pointers of attend_raw's buffers.
Status check_raw(const float* queries, const float* keys, const float* values, std::size_t n,
                 std::size_t d, bool want_weights, const float* outputs);
// Every entry of queries (query_rows, d), keys and values (n, d) finite; names the first that is not.
Status check_finite_raw(const float* queries, const float* keys, const float* values,
                        std::size_t n, std::size_t d, std::size_t query_rows);

}  // namespace attention::detail
