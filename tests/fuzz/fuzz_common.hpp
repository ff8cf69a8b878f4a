// Shared by the libFuzzer targets: turning fuzz bytes into awkward numbers and
// shapes, and failing loudly when an invariant breaks.
//
// Why decode this way: most inputs should reach the math (plain small numbers),
// but every few entries must be a value that has broken numeric code before:
// NaN, +-Infinity, 1e308, the largest float, denormals, -0, huge exponents.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <initializer_list>
#include <string>
#include <utility>

#include "attention/attention.hpp"

namespace fuzz {

// Prints what broke and aborts, so libFuzzer saves the input as a crash.
[[noreturn]] inline void fail(const char* what, const std::string& detail = "") {
  std::fprintf(stderr, "INVARIANT BROKEN: %s %s\n", what, detail.c_str());
  std::abort();
}

inline void require(bool ok, const char* what, const std::string& detail = "") {
  if (!ok) fail(what, detail);
}

// Values that have broken numeric code before, for doubles and floats alike
// (a float cast turns the double-only ones into inf or 0, which is also worth testing).
inline double special_value(FuzzedDataProvider& in) {
  static const double kSpecial[] = {
      std::numeric_limits<double>::quiet_NaN(),
      std::numeric_limits<double>::infinity(),
      -std::numeric_limits<double>::infinity(),
      1e308, -1e308, DBL_MAX, -DBL_MAX,
      DBL_MIN, std::numeric_limits<double>::denorm_min(), -std::numeric_limits<double>::denorm_min(),
      -0.0, 0.0, 1.0, -1.0, 0.5,
      1e154, -1e154, 1e200, 1e-300,
      FLT_MAX, -FLT_MAX, FLT_MIN, std::numeric_limits<float>::denorm_min(),
      1e19, 1e30, -1e30, 1e38,
      88.7, 89.0, 709.0, 710.0, -745.0, -746.0,  // around where e^x overflows/underflows
      1e4, -1e4, 3.0e-39,
  };
  return kSpecial[in.ConsumeIntegralInRange<std::size_t>(0, std::size(kSpecial) - 1)];
}

// One matrix entry: mostly small numbers the math can use, sometimes special.
// Kind 0 comes first because FuzzedDataProvider returns the minimum once the
// bytes run out: exhausted input then gives plain numbers, not all-NaN matrices.
inline double entry(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 5: return special_value(in);
    case 6: {  // any bit pattern at all
      const auto bits = in.ConsumeIntegral<std::uint64_t>();
      double x;
      std::memcpy(&x, &bits, sizeof x);
      return x;
    }
    case 7: return in.ConsumeFloatingPointInRange<double>(-1e6, 1e6);
    default: return static_cast<double>(in.ConsumeIntegralInRange<int>(0, 16) - 8) / 2;
  }
}

// A dimension: usually tiny (fast, reaches the math), sometimes 0.
inline std::size_t dimension(FuzzedDataProvider& in, std::size_t small_max) {
  return in.ConsumeIntegralInRange<int>(0, 15) == 15 ? 0 : in.ConsumeIntegralInRange<std::size_t>(1, small_max);
}

// Sometimes one of `count` dimensions goes just above its cap, which must be
// refused before any work. Only one: two at once would allocate ~1M-entry
// matrices and slow every such run to a crawl. Returns the index, or count for none.
inline std::size_t oversized_dimension(FuzzedDataProvider& in, std::size_t count) {
  const auto pick = in.ConsumeIntegralInRange<std::size_t>(0, 16 * count - 1);  // 1 in 16
  return pick < count ? pick : count;
}

// Error statuses must be usable: a code, a message, and the message must say something.
inline void require_good_error(const attention::Status& s) {
  require(s.code != attention::ErrorCode::kOk, "error status with code ok");
  require(!s.message.empty(), "error status with an empty message");
  require(std::string(attention::error_code_name(s.code)) != "unknown", "unknown error code");
}

// "o = 1.5, lo = ..." with every digit, for invariant messages.
inline std::string show(std::initializer_list<std::pair<const char*, double>> named) {
  std::string out;
  char buf[64];
  for (const auto& [name, x] : named) {
    std::snprintf(buf, sizeof buf, "%s = %.17g ", name, x);
    out += buf;
  }
  return out;
}

inline bool all_finite(const double* p, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i)
    if (!std::isfinite(p[i])) return false;
  return true;
}

}  // namespace fuzz
