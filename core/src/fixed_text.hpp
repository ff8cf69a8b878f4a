// A short message built in a fixed buffer, and a status that carries one.
//
// Why not std::string: the raw path's kernel module (wasm/kernel_exports.cpp) has no other
// use for libc++'s strings, and with std::string, std::to_string, operator new and an
// allocator its wasm is 3.1 KB gzip larger (8.6 KB instead of 5.5: docs/budget.md). The raw
// path's checks (validate.cpp, attend_raw.cpp) and the one message both paths share (a
// non-finite entry, find_non_finite) are written here; the public API turns them into a
// Status (std::string) at the edge, and the kernel module reads the buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "attention/attention.hpp"

namespace attention::detail {

// 17179869184 written as "17,179,869,184" (FixedText << Commas{x}).
struct Commas {
  std::uint64_t value;
};

// Messages are rare and short: each append is one small out-of-line call (noinline), so
// a message costs a few calls at its call site, not a copy loop inlined per part (inlined,
// the kernel's wasm is 1.5 KB gzip larger: docs/budget.md).
class FixedText {
 public:
  // Longer than any message of the raw path (the longest, the n x n x d cap at the largest
  // sizes, is about 130 bytes); anything longer is cut, never overrun.
  static constexpr std::size_t kCapacity = 256;

  __attribute__((noinline)) FixedText& operator<<(const char* s) {
    while (*s && length_ + 1 < kCapacity) text_[length_++] = *s++;
    text_[length_] = '\0';
    return *this;
  }
  FixedText& operator<<(std::uint64_t x) { return digits(x, false); }
  FixedText& operator<<(Commas x) { return digits(x.value, true); }

  const char* c_str() const { return text_; }
  std::size_t size() const { return length_; }

 private:
  __attribute__((noinline)) FixedText& digits(std::uint64_t x, bool commas) {
    char reversed[27];  // 20 digits and 6 commas at most
    int count = 0, digit = 0;
    do {
      if (commas && digit > 0 && digit % 3 == 0) reversed[count++] = ',';
      reversed[count++] = static_cast<char>('0' + x % 10);
      x /= 10, ++digit;
    } while (x != 0);
    char forward[28];
    for (int i = 0; i < count; ++i) forward[i] = reversed[count - 1 - i];
    forward[count] = '\0';
    return *this << forward;
  }

  char text_[kCapacity] = {};
  std::size_t length_ = 0;
};

// The raw path's status: a code and its message, no allocation.
struct RawStatus {
  ErrorCode code = ErrorCode::kOk;
  FixedText message;  // empty when ok

  bool ok() const { return code == ErrorCode::kOk; }
  Status status() const { return ok() ? Status{} : Status{code, message.c_str()}; }
};

}  // namespace attention::detail
