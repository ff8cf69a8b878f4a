// The core's one random generator (attention/random.hpp) against the numbers its header
// comment lists for seed 0: those are splitmix64's reference outputs (Vigna's splitmix64.c),
// so the comment, the code and the reference must agree. The header is read as text here,
// so a comment that drifts from the code fails too.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "attention/random.hpp"

namespace {

// Every number of one kind in the header's opening comment, in order.
std::vector<std::string> comment_numbers(const std::regex& pattern) {
  std::ifstream file(ATTENTION_RANDOM_HEADER);
  std::stringstream text;
  text << file.rdbuf();
  const std::string all = text.str();
  const std::string comment = all.substr(0, all.find("#pragma"));
  std::vector<std::string> found;
  for (std::sregex_iterator it(comment.begin(), comment.end(), pattern), end; it != end; ++it)
    found.push_back(it->str());
  return found;
}

TEST(Random, FirstOutputsForSeedZeroAreTheHeaderComments) {
  const std::vector<std::string> hex = comment_numbers(std::regex("0x[0-9a-f]{16}"));
  ASSERT_EQ(hex.size(), 4u) << "the header lists four 64-bit outputs";
  attention::Random random(0);
  for (const std::string& expected : hex) EXPECT_EQ(random.next(), std::stoull(expected, nullptr, 16)) << expected;
}

TEST(Random, UniformIsTheTop53BitsOfTheSameDraws) {
  const std::vector<std::string> decimals = comment_numbers(std::regex("0\\.[0-9]{10,}"));
  ASSERT_EQ(decimals.size(), 4u) << "the header lists four uniform draws";
  attention::Random random(0);
  for (const std::string& expected : decimals) EXPECT_EQ(random.uniform(), std::stod(expected)) << expected;
}

TEST(Random, NormalDrawsHaveMeanZeroAndUnitVariance) {
  attention::Random random(42);
  const int count = 200000;
  double sum = 0, squares = 0;
  for (int i = 0; i < count; ++i) {
    const double x = random.normal();
    ASSERT_TRUE(std::isfinite(x));
    sum += x;
    squares += x * x;
  }
  const double mean = sum / count;
  EXPECT_NEAR(mean, 0.0, 0.01);  // 4.5 standard errors
  EXPECT_NEAR(squares / count - mean * mean, 1.0, 0.015);
}

}  // namespace
