// The kernels behind attend_raw(), for inputs that attend_raw() has already
// checked (n, d >= 1, every entry finite, buffers non-null).
//
// Layouts, all row-major float:
//   queries, keys, values: (n, d); weights: (n, n) or nullptr; outputs: (n, d).
// scale multiplies every score (1/sqrt(d) when scaled, else 1). With causal,
// asker i sees keys 0..i and weights row i is exactly 0 from column i + 1 on.
// With weights == nullptr the grid is never stored (online softmax, O(n d)).
#pragma once

#include <cstddef>

namespace attention::detail {

// The simple kernel: one asker at a time, plain loops. The yardstick the fast
// kernel is tested against; allocates nothing.
void attend_raw_reference(const float* queries, const float* keys, const float* values,
                          std::size_t n, std::size_t d, float scale, bool causal, float* weights,
                          float* outputs);

// The fast kernel: blocked over askers and keys, four-wide vectors, causal
// blocks never computed; allocates nothing (fixed-size stack tiles only).
//
// It computes askers first_row .. first_row + rows - 1 of an n-token problem
// (all n of them: first_row = 0, rows = n), so several threads can each take
// a band of rows. queries, weights and outputs hold only the band's rows:
// queries (rows, d), weights (rows, n) or nullptr, outputs (rows, d); keys
// and values are all n. A band that starts at a multiple of 32 (kPanelRows in
// kernel.cpp) is computed with exactly the same operations as in one call for
// all n, so its numbers are bit for bit the same.
//
// masked_zero (causal only): the masked half above the diagonal is left as it
// is (already 0, or never read: see RawOptions::masked_zero); only the entries
// next to the diagonal that the kernel used as scratch are zeroed again.
void attend_raw_blocked(const float* queries, const float* keys, const float* values,
                        std::size_t n, std::size_t d, std::size_t first_row, std::size_t rows,
                        float scale, bool causal, bool masked_zero, float* weights,
                        float* outputs);

// Whether every x[0..count) is finite; four lanes at a time (x - x is 0 for
// finite x, NaN for infinities and NaN). The fast check before the slow search
// that names the first bad entry.
bool all_finite(const float* x, std::size_t count);

}  // namespace attention::detail
