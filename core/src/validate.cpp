#include "validate.hpp"

#include <cmath>
#include <cstdint>

#include "kernel.hpp"

namespace attention::detail {

namespace {
// A double for a message, to six decimals with trailing zeros dropped ("0.5", "-2",
// "NaN"). Not std::to_string(double): that pulls printf into the wasm, a fifth of
// the module's gzip size, for this one message.
std::string number_text(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (std::fabs(x) >= 1e12) return x > 0 ? "more than 1e12" : "less than -1e12";
  const long long micros = std::llround(std::fabs(x) * 1e6);
  if (micros == 0 && x != 0) return x > 0 ? "a number below 0.000001" : "a number just below 0";
  std::string text = (x < 0 && micros != 0 ? "-" : "") + std::to_string(micros / 1000000);
  std::string fraction = std::to_string(1000000 + micros % 1000000).substr(1);
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  return fraction.empty() ? text : text + "." + fraction;
}
}  // namespace

std::string shape(std::size_t rows, std::size_t cols) {
  return std::to_string(rows) + " x " + std::to_string(cols);
}

namespace {
// find_non_finite's message into `text`: one wording for both paths, one builder (FixedText,
// fixed_text.hpp). false (text untouched) if every entry is finite. Not inlined: the raw
// path calls it for three buffers, and it only ever runs to name a bad entry.
template <typename T>
__attribute__((noinline)) bool write_non_finite(FixedText& text, const char* name, const T* data,
                                                std::size_t rows, std::size_t cols) {
  for (std::size_t i = 0; i < rows * cols; ++i) {
    const double x = static_cast<double>(data[i]);
    if (std::isfinite(x)) continue;
    const char* what = std::isnan(x) ? "NaN" : (x > 0 ? "Infinity" : "-Infinity");
    text << name << " row " << i / cols + 1 << ", column " << i % cols + 1 << " is " << what
         << "; every entry must be a finite number";
    return true;
  }
  return false;
}
}  // namespace

template <typename T>
std::string find_non_finite(const char* name, const T* data, std::size_t rows, std::size_t cols) {
  FixedText text;
  write_non_finite(text, name, data, rows, cols);
  return text.c_str();
}
template std::string find_non_finite<double>(const char*, const double*, std::size_t, std::size_t);

namespace {

// A matrix whose data does not fill rows x cols would be read out of bounds.
bool consistent(const Matrix& m) { return m.data.size() == m.rows * m.cols; }

Status check_weight(const char* name, const char* out_dim, const Matrix& w, std::size_t d_model) {
  if (w.rows == 0 || w.cols == 0)
    return fail(ErrorCode::kEmpty, std::string(name) + " is empty (" + shape(w.rows, w.cols) +
                                       "); it needs at least one row and one column");
  if (w.cols != d_model)
    return fail(ErrorCode::kShapeMismatch,
                std::string(name) + " is " + shape(w.rows, w.cols) + " but the embeddings have " +
                    std::to_string(d_model) + " numbers each, so " + name + " needs " +
                    std::to_string(d_model) + " columns (" + out_dim + " x " +
                    std::to_string(d_model) + ")");
  if (w.rows > kMaxDim)
    return fail(ErrorCode::kTooLarge, std::string(name) + " has " + std::to_string(w.rows) +
                                          " rows; at most " + std::to_string(kMaxDim) + " are allowed");
  return {};
}

}  // namespace

Status check_inputs(const Inputs& in, const Options& options) {
  const Matrix* all[] = {&in.embeddings, &in.wq, &in.wk, &in.wv};
  const char* names[] = {"embeddings", "wq", "wk", "wv"};
  for (int i = 0; i < 4; ++i)
    if (!consistent(*all[i]))
      return fail(ErrorCode::kShapeMismatch, std::string(names[i]) + " says " +
                                                 shape(all[i]->rows, all[i]->cols) + " but holds " +
                                                 std::to_string(all[i]->data.size()) + " numbers");

  const std::size_t n = in.embeddings.rows, d_model = in.embeddings.cols;
  if (n == 0) return fail(ErrorCode::kEmpty, "embeddings has no tokens (n = 0); give at least one");
  if (d_model == 0) return fail(ErrorCode::kEmpty, "embeddings rows are empty (d_model = 0)");
  if (n > kMaxTokens)
    return fail(ErrorCode::kTooLarge, "embeddings has " + std::to_string(n) + " tokens; at most " +
                                          std::to_string(kMaxTokens) + " are allowed");
  if (d_model > kMaxDim)
    return fail(ErrorCode::kTooLarge, "embeddings have " + std::to_string(d_model) +
                                          " numbers each; at most " + std::to_string(kMaxDim));

  if (Status s = check_weight("wq", "d_k", in.wq, d_model); !s.ok()) return s;
  if (Status s = check_weight("wk", "d_k", in.wk, d_model); !s.ok()) return s;
  if (Status s = check_weight("wv", "d_v", in.wv, d_model); !s.ok()) return s;
  if (in.wq.rows != in.wk.rows)
    return fail(ErrorCode::kShapeMismatch,
                "wq is " + shape(in.wq.rows, in.wq.cols) + " and wk is " + shape(in.wk.rows, in.wk.cols) +
                    "; queries and keys must have the same length d_k, so wq and wk need the same "
                    "number of rows");

  for (int i = 0; i < 4; ++i)
    if (std::string where = find_non_finite(names[i], all[i]->data.data(), all[i]->rows, all[i]->cols);
        !where.empty())
      return fail(ErrorCode::kNonFinite, where);

  if (!(options.temperature > 0) || !std::isfinite(options.temperature))
    return fail(ErrorCode::kBadTemperature,
                "temperature must be a finite number above 0 (got " +
                    number_text(options.temperature) + ")");
  return {};
}

RawStatus check_raw(const float* queries, const float* keys, const float* values, std::size_t n,
                    std::size_t d, bool want_weights, const float* outputs) {
  if (RawStatus s = raw_size_status(n, d, want_weights); !s.ok()) return s;
  if (!queries || !keys || !values || !outputs)
    return raw_fail(ErrorCode::kEmpty, "attend_raw: a buffer pointer is null");
  return {};
}

RawStatus check_finite_raw(const float* queries, const float* keys, const float* values,
                           std::size_t n, std::size_t d, std::size_t query_rows) {
  const float* bufs[] = {queries, keys, values};
  const std::size_t rows[] = {query_rows, n, n};
  const char* names[] = {"queries", "keys", "values"};
  RawStatus s;
  for (int i = 0; i < 3; ++i) {
    // Four lanes at a time first; the element-by-element search through
    // doubles (about 1 ms at n = 2048, d = 128) only to name a bad entry.
    if (all_finite(bufs[i], rows[i] * d)) continue;
    if (write_non_finite(s.message, names[i], bufs[i], rows[i], d)) {
      s.code = ErrorCode::kNonFinite;
      return s;
    }
  }
  return s;
}

RawStatus raw_size_status(std::size_t n, std::size_t d, bool want_weights) {
  if (n == 0) return raw_fail(ErrorCode::kEmpty, "attend_raw: n = 0; give at least one token");
  if (d == 0) return raw_fail(ErrorCode::kEmpty, "attend_raw: d = 0; vectors need at least one number");
  if (d > kMaxDim) return raw_fail(ErrorCode::kTooLarge, "attend_raw: d = ", d, "; at most ", kMaxDim);
  const std::size_t cap = want_weights ? kMaxRawTokens : kMaxStreamTokens;
  if (n > cap) {
    RawStatus s = raw_fail(ErrorCode::kTooLarge, "attend_raw: n = ", n, "; at most ", cap);
    if (want_weights)
      s.message << " when the weights grid is returned (ask for outputs only to go up to "
                << kMaxStreamTokens << ")";
    return s;
  }
  // Time grows as n x n x d. Here n <= 16384 and d <= 512, so the product fits 64 bits.
  const std::uint64_t work = std::uint64_t{n} * n * d;
  if (work > kMaxRawWork)
    return raw_fail(ErrorCode::kTooLarge, "attend_raw: n × n × d = ", n, " × ", n, " × ", d, " = ",
                    Commas{work}, " multiply-adds; at most ", Commas{kMaxRawWork},
                    " (a few seconds): lower n or d");
  return {};
}

}  // namespace attention::detail

namespace attention {

Status check_raw_size(std::size_t n, std::size_t d, bool want_weights) {
  return detail::raw_size_status(n, d, want_weights).status();
}

}  // namespace attention
