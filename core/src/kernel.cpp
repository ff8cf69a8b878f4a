// The fast kernel behind attend_raw(): the same math as kernel_reference.cpp,
// arranged for the machine.
//
//   - Askers go in panels of kPanelRows, and within a panel in quads of
//     kRows; keys go in blocks of ~16 KB (32 keys at d = 128). The key block
//     is the outer loop, so it stays in L1 while all 8 quads of the panel use
//     it (blocks twice as large ran 1.7x slower here). Same for value blocks.
//   - Scores: a quad x 2 keys at a time, four-wide accumulators over d
//     (8 accumulators: they fit the 16 SIMD registers V8 uses on x86-64
//     without spilling; checked with node --print-wasm-code).
//   - P V: "axpy of value rows", for each key j, out_r += w_rj * v_j, over
//     8-float column strips, with the quad's weights packed key-major.
//   - Softmax: e^(s - max) with a vectorised exp (kernel_simd.hpp); the
//     division by the row sum happens while packing weights for P V.
//   - Causal: a quad i..i+3 computes keys 0..i+3 only; the masked upper
//     triangle is never computed, only zero-filled, and with masked_zero
//     (a grid already 0 there, or one whose masked half nobody reads, as in
//     the wasm workspace) not even that: only the few scratch entries next
//     to the diagonal.
//   - Each pass is its own small function: V8 optimises WebAssembly per
//     function, and a kernel inlined into one big call-once function stayed
//     in the baseline tier (a quarter of the speed).
//   - Loops bump pointers instead of indexing: emcc builds with
//     -disable-lsr, and V8 does not strength-reduce i * d either.
//   - No allocation: scratch is fixed-size stack tiles or the caller's
//     weights rows.
#include <algorithm>
#include <cstdint>
#include <cmath>
#include <type_traits>

#include "attention/attention.hpp"
#include "kernel.hpp"
#include "kernel_simd.hpp"

#define ATTENTION_NOINLINE __attribute__((noinline))
// A loop clang must not unroll or vectorise: the tails of 1-3 entries (unrolled, 0.6 KB gzip
// more kernel, which the scale lab's byte budget cannot spare: docs/budget.md). GCC, natively,
// has no such pragma.
#if defined(__clang__)
#define ATTENTION_NO_UNROLL _Pragma("clang loop unroll(disable) vectorize(disable)")
#else
#define ATTENTION_NO_UNROLL
#endif

namespace attention::kernel {
ExpConstants exp_constants = {
    splat4(-88.0f),                                     // below this e^x = 0
    splat4(12583039.0f),                                // 1.5 * 2^23 + 127
    splat4(1.44269504088896341f),                       // log2(e)
    splat4(0.693359375f), splat4(-2.12194440e-4f),      // ln2 = hi + lo
    splat4(1.0000000716543749f), splat4(0.9999996919774483f), splat4(0.4999889485338377f),
    splat4(0.16667574776829505f), splat4(0.04191538180919392f),
    splat4(0.008297651837571935f)};  // e^r ~ c0 + c1 r + ... + c5 r^5 on |r| <= ln2/2
}  // namespace attention::kernel

namespace attention::detail {
namespace {

using kernel::exp4;
using kernel::f32x4;
using kernel::load4;
using kernel::max4;
using kernel::splat4;
using kernel::store4;
using kernel::sum4;
using kernel::sum4x4;

constexpr std::size_t kRows = 4;          // askers per quad (the microkernels' R)
constexpr std::size_t kPanelRows = 32;    // askers per panel: 8 quads share each key block
constexpr std::size_t kMaxKeyBlock = 64;  // keys per block at most (stack tile 32 x 64 = 8 KB)

// A quad's four rows of one buffer: row r at base + r * ld. A band's last 1-3
// askers run as a quad too (live < 4), so the module has one size of microkernel:
// the rows past `live` are the last live row again. Such a row reads that row's
// numbers, computes exactly what it computes (each row has its own accumulators
// and the same order of additions) and writes the same bits to the same place,
// after reading everything it reads: so nothing outside the caller's rows is read
// or written, and every number is a real one.
template <typename T>
struct QuadRows {
  T* at[kRows];
  QuadRows(T* base, std::size_t ld, std::size_t live) {
    for (std::size_t r = 0; r < kRows; ++r) at[r] = base + std::min(r, live - 1) * ld;
  }
};

// ---- scores: S = scale * Q K^T ------------------------------------------

// 4 askers x 2 keys of dot products over d's full 4-column chunks, four lanes at a
// time (the d % 4 tail: add_tails). qt: the askers' chunks, chunk-major (see
// score_block); k: (2, d), the second key kstride after the first (0: one key twice,
// see score_block); out: row r's scores from out.at[r] + col. Pointers are bumped, not
// indexed: V8 does not strength-reduce index arithmetic, which otherwise costs as
// much as the math.
inline void score_tile(const float* qt, const float* k, std::size_t kstride, std::size_t d,
                       float scale, QuadRows<float>& out, std::size_t col) {
  constexpr int R = kRows, C = 2;
  f32x4 acc[R][C] = {};
  const std::size_t full = d / 4 * 4;
  const float* kp = k;
  for (const float* qp = qt, *end = qt + full * R; qp != end; qp += 4 * R, kp += 4) {
    f32x4 kv[C];
    for (int j = 0; j < C; ++j) kv[j] = load4(kp + j * kstride);
    for (int r = 0; r < R; ++r) {
      const f32x4 qv = load4(qp + 4 * r);
      for (int j = 0; j < C; ++j) acc[r][j] = kernel::madd4(qv, kv[j], acc[r][j]);
    }
  }
  for (int j = 0; j < C; ++j) {
    float sums[R];
    store4(sums, sum4x4(acc[0][j], acc[1][j], acc[2][j], acc[3][j]));
    for (int r = 0; r < R; ++r) out.at[r][col + j] = sums[r] * scale;
  }
}

// The d % 4 tail, for keys [j0, j1) after score_tile stored their full chunks' sums
// unscaled: score_rj = (sum + q_r[t] k_j[t] + ...) * scale, t in [full, d) in order, a
// multiply and an add each (as one scalar loop would), the four askers at once (lane
// r: asker r; a row there twice, QuadRows, is read before it is written).
// qtail: (d - full, 4), qtail[(t - full) * 4 + r] = q_r[t]; keys: (n, d).
// A pass of its own, not in score_tile: any tail code in the tile loop (a call, or the
// loop inline) made V8 keep the hot loop's values worse, 2-17% of the whole call.
ATTENTION_NOINLINE void add_tails(const float* qtail, const float* keys, std::size_t d,
                                  std::size_t full, std::size_t j0, std::size_t j1, float scale,
                                  QuadRows<float>& out) {
  float *o0 = out.at[0], *o1 = out.at[1], *o2 = out.at[2], *o3 = out.at[3];
  ATTENTION_NO_UNROLL
  for (std::size_t c = 0; c < j1 - j0; ++c) {
    // Lanes by constant index: a loop over them went through the stack, a stall per key.
    f32x4 s = {o0[c], o1[c], o2[c], o3[c]};
    const float* k = keys + (j0 + c) * d;
    ATTENTION_NO_UNROLL
    for (std::size_t t = full; t < d; ++t) s = s + load4(qtail + (t - full) * kRows) * splat4(k[t]);
    s = s * splat4(scale);
    o0[c] = s[0], o1[c] = s[1], o2[c] = s[2], o3[c] = s[3];
  }
}

// scores[r * ld + (j - j0)] = scale * q_r . k_j for the quad's askers r < live
// (1-4, see QuadRows), keys j in [j0, j1). The four query rows are first copied
// chunk-major into a stack tile (qt[(c / 4) * 16 + 4r + lane] = q_r[c + lane]),
// so one pointer reaches all of them. Keys go two at a time; an odd last key is
// paired with itself (kstride 0) into a stack pair, one column of which is kept:
// one tile shape in the module, and the key's sums are those of any other key.
// q: (live, d); keys: (n, d); scores: (live, ld)
ATTENTION_NOINLINE void score_block(const float* q, std::size_t live, const float* keys,
                                    std::size_t d, std::size_t j0, std::size_t j1, float scale,
                                    float* scores, std::size_t ld) {
  const QuadRows<const float> rows(q, d, live);
  QuadRows<float> out(scores, ld, live);
  float qt[kRows * kMaxDim];
  std::size_t c = 0;
  for (; c + 4 <= d; c += 4)
    for (std::size_t r = 0; r < kRows; ++r) store4(qt + c * kRows + 4 * r, load4(rows.at[r] + c));
  ATTENTION_NO_UNROLL
  for (; c < d; ++c)  // the d % 4 tail: qt[full * 4 + (c - full) * 4 + r] = q_r[c]
    for (std::size_t r = 0; r < kRows; ++r) qt[c * kRows + r] = rows.at[r][c];
  const std::size_t full = d / 4 * 4;
  const float tile_scale = full < d ? 1.0f : scale;  // with a tail, add_tails scales
  std::size_t j = j0;
  for (; j + 2 <= j1; j += 2) score_tile(qt, keys + j * d, d, d, tile_scale, out, j - j0);
  if (j < j1) {
    float odd[kRows * 2];  // (4, 2): the odd key's scores, twice
    QuadRows<float> pair(odd, 2, kRows);
    score_tile(qt, keys + j * d, 0, d, tile_scale, pair, 0);
    for (std::size_t r = 0; r < kRows; ++r) out.at[r][j - j0] = odd[2 * r];
  }
  if (full < d) add_tails(qt + full * kRows, keys, d, full, j0, j1, scale, out);
}

// ---- blend: outputs += W V ----------------------------------------------

// out row r, columns [c, c + 4V), += sum_j wt[j * 4 + r] * v_j[c..c+4V) for keys j
// in [0, count). Pointers are bumped rather than indexed: V8 does not strength-reduce
// j * d inside a loop, and the address arithmetic cost as much as the math.
// wt: (count, 4) weights, key-major; values: (count, d) from column c
template <int V>
inline void blend_strip(const float* wt, const float* values, std::size_t count, std::size_t d,
                        QuadRows<float>& out, std::size_t c) {
  constexpr int R = kRows;
  f32x4 acc[R][V];
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < V; ++v) acc[r][v] = load4(out.at[r] + c + 4 * v);
  // The value rows walked by their address in bytes, the stride d * 4 computed once: as
  // `values += d`, clang 14 put the multiply by 4 back inside this loop (one more instruction
  // per key, about 2% of the whole call in Chromium) once the loop kept QuadRows' four row
  // pointers alive around it.
  const std::uintptr_t step = d * sizeof(float);
  std::uintptr_t row = reinterpret_cast<std::uintptr_t>(values);
  for (const float* end = wt + count * R; wt != end; wt += R, row += step) {
    f32x4 vv[V];
    for (int v = 0; v < V; ++v) vv[v] = load4(reinterpret_cast<const float*>(row) + 4 * v);
    for (int r = 0; r < R; ++r) {
      const f32x4 wr = splat4(wt[r]);
      for (int v = 0; v < V; ++v) acc[r][v] = kernel::madd4(wr, vv[v], acc[r][v]);
    }
  }
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < V; ++v) store4(out.at[r] + c + 4 * v, acc[r][v]);
}

// Copies 4 weights rows, keys [0, count), key-major into wt (wt[j * 4 + r]),
// multiplying row r by scale[r] on the way and writing the scaled values back:
// this is where the grid is normalised (1 / row sum), saving a pass. Four keys
// at a time go through a 4 x 4 transpose in registers. Every row is read before
// any is written (a row may be there twice: QuadRows).
// wt: (count, 4)
inline void pack_weights(QuadRows<float>& w, std::size_t count, const float (&scale)[kRows],
                         float* wt) {
  const f32x4 s0 = splat4(scale[0]), s1 = splat4(scale[1]), s2 = splat4(scale[2]),
              s3 = splat4(scale[3]);
  float *w0 = w.at[0], *w1 = w.at[1], *w2 = w.at[2], *w3 = w.at[3];
  std::size_t j = 0;
  for (; j + 4 <= count; j += 4) {
    const f32x4 a = load4(w0 + j) * s0, b = load4(w1 + j) * s1;
    const f32x4 c = load4(w2 + j) * s2, d = load4(w3 + j) * s3;
    store4(w0 + j, a), store4(w1 + j, b), store4(w2 + j, c), store4(w3 + j, d);
    const f32x4 ab_lo = kernel::shuffle4<0, 4, 1, 5>(a, b), ab_hi = kernel::shuffle4<2, 6, 3, 7>(a, b);
    const f32x4 cd_lo = kernel::shuffle4<0, 4, 1, 5>(c, d), cd_hi = kernel::shuffle4<2, 6, 3, 7>(c, d);
    store4(wt + 4 * j, kernel::shuffle4<0, 1, 4, 5>(ab_lo, cd_lo));       // key j: a b c d
    store4(wt + 4 * j + 4, kernel::shuffle4<2, 3, 6, 7>(ab_lo, cd_lo));   // key j + 1
    store4(wt + 4 * j + 8, kernel::shuffle4<0, 1, 4, 5>(ab_hi, cd_hi));   // key j + 2
    store4(wt + 4 * j + 12, kernel::shuffle4<2, 3, 6, 7>(ab_hi, cd_hi));  // key j + 3
  }
  ATTENTION_NO_UNROLL
  for (; j < count; ++j) {
    for (std::size_t r = 0; r < kRows; ++r) wt[j * kRows + r] = w.at[r][j] * scale[r];
    for (std::size_t r = 0; r < kRows; ++r) w.at[r][j] = wt[j * kRows + r];
  }
}

// outputs[r] += sum over keys j in [0, count) of row_scale[r] * w[r * ldw + j] * values_j,
// all d columns, for the quad's askers r < live (1-4, see QuadRows); w is scaled in
// place (see pack_weights).
// w: (live, ldw); row_scale: (live); values: (count, d); out: (live, d); count <= kMaxKeyBlock
ATTENTION_NOINLINE void blend_block(float* w, std::size_t live, std::size_t ldw,
                                    const float* row_scale, const float* values,
                                    std::size_t count, std::size_t d, float* out) {
  QuadRows<float> wr(w, ldw, live), outr(out, d, live);
  float scale[kRows];
  for (std::size_t r = 0; r < kRows; ++r) scale[r] = row_scale[std::min(r, live - 1)];
  float wt[kMaxKeyBlock * kRows];  // (count, 4)
  pack_weights(wr, count, scale, wt);
  std::size_t c = 0;
  for (; c + 8 <= d; c += 8) blend_strip<2>(wt, values + c, count, d, outr, c);
  for (; c + 4 <= d; c += 4) blend_strip<1>(wt, values + c, count, d, outr, c);
  // The d % 4 tail, a column at a time for the four askers at once (lane r: asker r):
  // out_r[c] += w_rj * v_j[c] key by key, a multiply and an add, as scalar code would.
  float *o0 = outr.at[0], *o1 = outr.at[1], *o2 = outr.at[2], *o3 = outr.at[3];
  ATTENTION_NO_UNROLL
  for (; c < d; ++c) {
    f32x4 acc = {o0[c], o1[c], o2[c], o3[c]};  // lanes by constant index (see add_tails)
    for (std::size_t j = 0; j < count; ++j) acc = acc + load4(wt + j * kRows) * splat4(values[j * d + c]);
    o0[c] = acc[0], o1[c] = acc[1], o2[c] = acc[2], o3[c] = acc[3];
  }
}

// ---- softmax pieces -----------------------------------------------------

// Largest of x[0..count). Two running maxima, so the loop is not one long
// chain of dependent max instructions. (Taking the max inside score_tile
// instead, while the sums are in registers, made the whole call 6 ms slower
// at n = 2048, d = 128: the extra live vector cost the score loop more than
// this pass over L2-resident rows costs.)
ATTENTION_NOINLINE float row_max(const float* x, std::size_t count) {
  f32x4 m4 = splat4(-INFINITY), n4 = m4;
  std::size_t j = 0;
  for (; j + 8 <= count; j += 8) {
    m4 = max4(m4, load4(x + j));
    n4 = max4(n4, load4(x + j + 4));
  }
  m4 = max4(m4, n4);
  if (j + 4 <= count) m4 = max4(m4, load4(x + j)), j += 4;
  float m = kernel::max4(m4);
  ATTENTION_NO_UNROLL  // the last 1-3 (so for every tail loop below)
  for (; j < count; ++j) m = std::fmax(m, x[j]);
  return m;
}

// x[j] = e^(x[j] - shift) for j < count; returns their sum.
ATTENTION_NOINLINE float exp_shifted(float* x, std::size_t count, float shift) {
  const kernel::ExpConstants c = kernel::exp_constants;  // once, before the loop
  const f32x4 s4 = splat4(shift);
  f32x4 sum = splat4(0.0f);
  std::size_t j = 0;
  for (; j + 4 <= count; j += 4) {
    const f32x4 e = exp4(load4(x + j) - s4, c);
    store4(x + j, e);
    sum += e;
  }
  if (j < count) {  // the last 1-3 entries, padded with -inf (which gives 0)
    f32x4 tail = splat4(-INFINITY);
    ATTENTION_NO_UNROLL
    for (std::size_t t = j; t < count; ++t) tail[t - j] = x[t];
    const f32x4 e = exp4(tail - s4, c);
    ATTENTION_NO_UNROLL
    for (std::size_t t = j; t < count; ++t) x[t] = e[t - j];
    sum += e;
  }
  return sum4(sum);
}

// x[j] *= factor for j < count.
ATTENTION_NOINLINE void scale_row(float* x, std::size_t count, float factor) {
  const f32x4 f4 = splat4(factor);
  std::size_t j = 0;
  for (; j + 4 <= count; j += 4) store4(x + j, load4(x + j) * f4);
  ATTENTION_NO_UNROLL
  for (; j < count; ++j) x[j] *= factor;
}

// One weights row, all but the last step of softmax: e^(s - max) over the
// visible scores, exactly 0 in [visible, end) (the rest of the row is 0
// already, or beyond n); returns 1 / their sum, by which blend_block scales
// the row as it reads it.
// row: (n); on entry row[0..visible) holds scaled scores.
float exp_row(float* row, std::size_t visible, std::size_t end) {
  const float sum = exp_shifted(row, visible, row_max(row, visible));
  if (end > visible) std::fill(row + visible, row + end, 0.0f);
  return 1.0f / sum;
}

// ---- the two paths, one panel of askers at a time ----------------------

// One band of askers of an n-token problem (see kernel.hpp): row i of the
// band is asker first_row + i; queries, weights and outputs start at the band.
struct Problem {
  const float* queries;  // (rows, d)
  const float* keys;     // (n, d)
  const float* values;   // (n, d)
  std::size_t n, d;
  std::size_t first_row, rows;
  float scale;
  bool causal;
  bool masked_zero;  // leave the masked half as it is (causal only; see kernel.hpp)
};

// Keys the band's row i may see.
std::size_t visible_keys(const Problem& p, std::size_t i) {
  return p.causal ? p.first_row + i + 1 : p.n;
}

// Where the zeros after row i's visible keys must be written up to. A quad
// computes scores up to its last asker's diagonal, so the first askers of a
// quad get up to kRows - 1 scratch scores past their own: those are always
// zeroed again; the rest of the masked half only when not already 0.
std::size_t zero_end(const Problem& p, std::size_t i) {
  return p.masked_zero ? std::min(p.n, p.first_row + i + kRows) : p.n;
}

// Keys per block: enough that a block of keys (or values) stays in L1 (16 KB)
// while every quad of askers in the panel passes over it.
std::size_t keys_per_block(std::size_t d) {
  return std::clamp<std::size_t>(4096 / d / 4 * 4, 4, kMaxKeyBlock);
}

// The loop skeleton every pass of a panel shares: key blocks [j0, j1) outside,
// so one block of keys (or values) stays in L1 while each quad of askers
// i..i+live-1 of rows [i0, i1) uses it; body(i, live, j0, j1) per quad and
// block, with j1 cut at the quad's last visible key (causal quads stop at
// their own diagonal) and blocks a quad cannot see skipped. Quads are four
// askers but the band's last, which has the 1-3 left (live < 4: see QuadRows).
template <typename Body>
void for_each_tile(const Problem& p, std::size_t i0, std::size_t i1, Body&& body) {
  const std::size_t block = keys_per_block(p.d), needed = visible_keys(p, i1 - 1);
  for (std::size_t j0 = 0; j0 < needed; j0 += block)
    for (std::size_t i = i0; i < i1; i += kRows) {
      const std::size_t live = std::min(kRows, i1 - i);
      const std::size_t j1 = std::min(j0 + block, visible_keys(p, i + live - 1));
      if (j1 > j0) body(i, live, j0, j1);
    }
}

// With the grid, rows i0..i1-1: scores into their weights rows, softmax in
// place, then outputs = weights x values.
// weights: rows i0..i1-1 of the band's (rows, n) grid; outputs: (rows, d)
void panel_scores(const Problem& p, std::size_t i0, std::size_t i1, float* weights) {
  for_each_tile(p, i0, i1, [&](std::size_t i, std::size_t live, std::size_t j0, std::size_t j1) {
    score_block(p.queries + i * p.d, live, p.keys, p.d, j0, j1, p.scale,
                weights + (i - i0) * p.n + j0, p.n);
  });
}

// row_scale: (i1 - i0) factors, one per asker
void panel_blend(const Problem& p, std::size_t i0, std::size_t i1, float* weights,
                 const float* row_scale, float* outputs) {
  std::fill(outputs + i0 * p.d, outputs + i1 * p.d, 0.0f);
  for_each_tile(p, i0, i1, [&](std::size_t i, std::size_t live, std::size_t j0, std::size_t j1) {
    blend_block(weights + (i - i0) * p.n + j0, live, p.n, row_scale + (i - i0),
                p.values + j0 * p.d, j1 - j0, p.d, outputs + i * p.d);
  });
}

void panel_with_weights(const Problem& p, std::size_t i0, std::size_t i1, float* weights,
                        float* outputs) {
  float row_scale[kPanelRows];
  panel_scores(p, i0, i1, weights);
  for (std::size_t i = i0; i < i1; ++i)
    row_scale[i - i0] = exp_row(weights + (i - i0) * p.n, visible_keys(p, i), zero_end(p, i));
  panel_blend(p, i0, i1, weights, row_scale, outputs);  // also normalises the rows
}

// Running state of one asker's online softmax: max m and sum l so far.
struct Running {
  float m = -INFINITY;
  float l = 0.0f;
};

// Folds one block of scores into an asker's running softmax: raises the
// running max if needed (rescaling the outputs accumulated so far), turns the
// scores into e^(s - m) in place (0 for masked keys) and adds them to l.
// s: (width) scaled scores, of which the first `live` are visible; out: (d)
ATTENTION_NOINLINE void fold_block(float* s, std::size_t live, std::size_t width, Running& run,
                                   float* out, std::size_t d) {
  ATTENTION_NO_UNROLL  // at most 3: a quad's first askers, past their diagonal
  for (std::size_t j = live; j < width; ++j) s[j] = -INFINITY;
  const float m = std::fmax(run.m, row_max(s, live));
  if (m > run.m) {
    const float shrink = std::exp(run.m - m);  // 0 on the first block (run.m = -inf)
    run.l *= shrink;
    scale_row(out, d, shrink);
    run.m = m;
  }
  run.l += exp_shifted(s, width, run.m);
}

// Without the grid, askers i0..i1-1: per key block and quad, scores into a
// stack tile, fold them into each asker's running softmax, blend the values
// in; one division by l at the end. Memory: the tile, never an n x n grid.
// outputs: (n, d), rows i0..i1-1 used as accumulators
void panel_streaming(const Problem& p, std::size_t i0, std::size_t i1, float* outputs) {
  float tile[kPanelRows * kMaxKeyBlock];  // (kPanelRows, kMaxKeyBlock): scores, then e^(s - m)
  Running run[kPanelRows];
  std::fill(outputs + i0 * p.d, outputs + i1 * p.d, 0.0f);
  for_each_tile(p, i0, i1, [&](std::size_t i, std::size_t live, std::size_t j0, std::size_t j1) {
    float* t = tile + (i - i0) * kMaxKeyBlock;
    score_block(p.queries + i * p.d, live, p.keys, p.d, j0, j1, p.scale, t, kMaxKeyBlock);
    ATTENTION_NO_UNROLL  // one call per asker: unrolled, it was 4 copies
    for (std::size_t r = 0; r < live; ++r) {
      const std::size_t visible = visible_keys(p, i + r);
      const std::size_t seen = visible > j0 ? std::min(j1, visible) - j0 : 0;
      fold_block(t + r * kMaxKeyBlock, seen, j1 - j0, run[i - i0 + r], outputs + (i + r) * p.d,
                 p.d);
    }
    static const float kOnes[kRows] = {1.0f, 1.0f, 1.0f, 1.0f};  // l divides at the end
    blend_block(t, live, kMaxKeyBlock, kOnes, p.values + j0 * p.d, j1 - j0, p.d,
                outputs + i * p.d);
  });
  for (std::size_t i = i0; i < i1; ++i)
    scale_row(outputs + i * p.d, p.d, 1.0f / run[i - i0].l);
}
}  // namespace

bool all_finite(const float* x, std::size_t count) {
  f32x4 acc = splat4(0.0f);
  std::size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    const f32x4 v = load4(x + i);
    acc += v - v;  // stays 0 unless some v is infinite or NaN
  }
  float tail = 0.0f;
  ATTENTION_NO_UNROLL
  for (; i < count; ++i) tail += x[i] - x[i];
  return sum4(acc) + tail == 0.0f;
}

void attend_raw_blocked(const float* queries, const float* keys, const float* values,
                        std::size_t n, std::size_t d, std::size_t first_row, std::size_t rows,
                        float scale, bool causal, bool masked_zero, float* weights,
                        float* outputs) {
  const Problem p{queries, keys, values, n, d, first_row, rows, scale, causal,
                  causal && masked_zero};
  for (std::size_t i0 = 0; i0 < rows; i0 += kPanelRows) {
    const std::size_t i1 = std::min(rows, i0 + kPanelRows);
    if (weights)
      panel_with_weights(p, i0, i1, weights + i0 * n, outputs);
    else
      panel_streaming(p, i0, i1, outputs);
  }
}

}  // namespace attention::detail
