// The core's one random generator: splitmix64 (Steele, Lea and Flood 2014; Vigna's
// reference splitmix64.c), small, seedable and the same on every platform. Training's
// random grids, the heads model's weights, batches and corpus, and the native tests all
// draw from it; tests/fixtures/random.mjs is the same generator for the node tests.
//
// Seed 0, first outputs (next(), as in the reference implementation):
//   0xe220a8397b1dcdaf  0x6e789e6aa1b965f4  0x06c45d188009454f  0xf88bb8a8724c81ec
// and uniform() of the same draws (the top 53 bits over 2^53):
//   0.8833108082136426  0.43152799704850997  0.026433771592597743  0.9708819781538285
// (tests/native/random_test.cpp reads these numbers from this comment and checks them.)
#pragma once

#include <cmath>
#include <cstdint>

namespace attention {

class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}

  // The next 64 random bits.
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, 1): the top 53 bits, so every value is a double exactly.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Uniform in [low, high).
  double uniform(double low, double high) { return low + (high - low) * uniform(); }

  // Standard normal, by Box-Muller (one draw of the pair; 1 - u keeps log's argument in (0, 1]).
  double normal() {
    const double u = 1.0 - uniform(), v = uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
  }

 private:
  std::uint64_t state_;
};

}  // namespace attention
