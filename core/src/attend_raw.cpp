// The raw path on float buffers: Q, K, V given directly, for large n.
// Checks the input, runs the blocked kernel (kernel.cpp), then checks that no
// score overflowed. Allocates nothing beyond the caller's buffers.
#include <cmath>

#include "attention/attention.hpp"
#include "fixed_text.hpp"
#include "kernel.hpp"
#include "validate.hpp"

namespace attention {

namespace detail {

RawStatus attend_raw_rows_status(const float* queries, const float* keys, const float* values,
                                 std::size_t n, std::size_t d, std::size_t first_row,
                                 std::size_t rows, const RawOptions& options, float* weights,
                                 float* outputs) {
  if (RawStatus s = check_raw(queries, keys, values, n, d, weights != nullptr, outputs); !s.ok())
    return s;
  if (rows == 0 || first_row >= n || rows > n - first_row)
    return raw_fail(ErrorCode::kShapeMismatch, "attend_raw: rows ", first_row + 1, " to ",
                    first_row + rows, " are not a band of the ", n, " askers");
  if (RawStatus s = check_finite_raw(queries, keys, values, n, d, rows); !s.ok()) return s;
  const float scale = options.scaled ? 1.0f / std::sqrt(static_cast<float>(d)) : 1.0f;
  attend_raw_blocked(queries, keys, values, n, d, first_row, rows, scale, options.causal,
                     options.causal && options.masked_zero, weights, outputs);
  // Finite inputs can still overflow a float: a dot product (1e30 * 1e30), or,
  // on the outputs-only path, the running sum of values not yet divided by the
  // softmax total (values near 3e38).
  if (!all_finite(outputs, rows * d))
    return raw_fail(ErrorCode::kNonFinite,
                    "attend_raw: the numbers are too large: a score or a sum of values "
                    "overflowed to infinity; use smaller queries, keys or values");
  return {};
}

}  // namespace detail

Status attend_raw_rows(const float* queries, const float* keys, const float* values,
                       std::size_t n, std::size_t d, std::size_t first_row, std::size_t rows,
                       const RawOptions& options, float* weights, float* outputs) {
  return detail::attend_raw_rows_status(queries, keys, values, n, d, first_row, rows, options,
                                        weights, outputs)
      .status();
}

Status attend_raw(const float* queries, const float* keys, const float* values, std::size_t n,
                  std::size_t d, const RawOptions& options, float* weights, float* outputs) {
  return attend_raw_rows(queries, keys, values, n, d, 0, n, options, weights, outputs);
}

}  // namespace attention
