// Every number the chapter prints for "the cat sat", asserted as printed.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "chapter_cast.hpp"

using chapter::kCat;
using chapter::kSat;
using chapter::kThe;
using chapter::two_decimals;

namespace {

std::vector<std::string> row_text(const attention::Matrix& m, std::size_t r) {
  std::vector<std::string> out;
  for (std::size_t c = 0; c < m.cols; ++c) out.push_back(two_decimals(m.at(r, c)));
  return out;
}

using Row = std::vector<std::string>;

TEST(ChapterNumbers, QueriesKeysValuesFromTheVioletGrids) {
  auto t = chapter::run(chapter::cat_sat());
  EXPECT_EQ(row_text(t.queries, kThe), (Row{"2.00", "0.00"}));
  EXPECT_EQ(row_text(t.queries, kCat), (Row{"0.00", "2.00"}));
  EXPECT_EQ(row_text(t.queries, kSat), (Row{"1.00", "1.00"}));  // q_sat = [1, 1]
  EXPECT_EQ(row_text(t.keys, kThe), (Row{"1.00", "-1.00"}));
  EXPECT_EQ(row_text(t.keys, kCat), (Row{"1.00", "1.00"}));
  EXPECT_EQ(row_text(t.keys, kSat), (Row{"0.00", "1.00"}));
  EXPECT_EQ(row_text(t.values, kThe), (Row{"0.00", "2.00"}));
  EXPECT_EQ(row_text(t.values, kCat), (Row{"3.00", "1.00"}));
  EXPECT_EQ(row_text(t.values, kSat), (Row{"1.00", "0.00"}));
}

TEST(ChapterNumbers, SatScoresExponentialsAndShares) {
  auto t = chapter::run(chapter::cat_sat());
  EXPECT_EQ(row_text(t.scores, kSat), (Row{"0.00", "2.00", "1.00"}));
  EXPECT_EQ(row_text(t.exponentials, kSat), (Row{"1.00", "7.39", "2.72"}));
  EXPECT_EQ(two_decimals(t.exp_sums[kSat]), "11.11");
  EXPECT_EQ(row_text(t.weights, kSat), (Row{"0.09", "0.67", "0.24"}));
  EXPECT_NEAR(t.weights.at(kSat, kCat), 0.665, 0.0005);  // "the exact 0.665"
}

TEST(ChapterNumbers, BlendedOutputForSatBothReadings) {
  auto t = chapter::run(chapter::cat_sat());
  // With exact shares the blend is [2.24, 0.85] ...
  EXPECT_EQ(row_text(t.outputs, kSat), (Row{"2.24", "0.85"}));
  // ... the chapter's [2.25, 0.85] is the same blend with shares rounded first.
  double o[2] = {0, 0};
  for (std::size_t j = 0; j < 3; ++j)
    for (std::size_t c = 0; c < 2; ++c)
      o[c] += std::stod(two_decimals(t.weights.at(kSat, j))) * t.values.at(j, c);
  EXPECT_EQ(two_decimals(o[0]), "2.25");
  EXPECT_EQ(two_decimals(o[1]), "0.85");
}

TEST(ChapterNumbers, FullScoreGridAndShares) {
  auto t = chapter::run(chapter::cat_sat());
  EXPECT_EQ(row_text(t.scores, kThe), (Row{"2.00", "2.00", "0.00"}));
  EXPECT_EQ(row_text(t.scores, kCat), (Row{"-2.00", "2.00", "2.00"}));
  EXPECT_EQ(row_text(t.scores, kSat), (Row{"0.00", "2.00", "1.00"}));
  EXPECT_EQ(row_text(t.weights, kThe), (Row{"0.47", "0.47", "0.06"}));
  EXPECT_EQ(row_text(t.weights, kCat), (Row{"0.01", "0.50", "0.50"}));
  EXPECT_EQ(row_text(t.weights, kSat), (Row{"0.09", "0.67", "0.24"}));
}

TEST(ChapterNumbers, CausalMask) {
  auto t = chapter::run(chapter::cat_sat(), chapter::options(false, true));
  EXPECT_EQ(row_text(t.weights, kThe), (Row{"1.00", "0.00", "0.00"}));
  EXPECT_EQ(row_text(t.weights, kCat), (Row{"0.02", "0.98", "0.00"}));
  EXPECT_EQ(row_text(t.weights, kSat), (Row{"0.09", "0.67", "0.24"}));
  EXPECT_EQ(t.weights.at(kThe, kCat), 0.0);  // masked: exactly zero, not tiny
  EXPECT_EQ(t.weights.at(kThe, kSat), 0.0);
  EXPECT_EQ(t.weights.at(kCat, kSat), 0.0);
  EXPECT_TRUE(std::isinf(t.logits.at(kThe, kCat)) && t.logits.at(kThe, kCat) < 0);
}

TEST(ChapterNumbers, ThermostatDividesBySqrtDk) {
  auto t = chapter::run(chapter::cat_sat(), chapter::options(true, false));
  EXPECT_EQ(two_decimals(t.divisor), "1.41");  // sqrt(2)
  EXPECT_EQ(row_text(t.logits, kSat), (Row{"0.00", "1.41", "0.71"}));
  EXPECT_EQ(row_text(t.exponentials, kSat), (Row{"1.00", "4.11", "2.03"}));
  EXPECT_EQ(two_decimals(t.exp_sums[kSat]), "7.14");
  EXPECT_EQ(row_text(t.weights, kSat), (Row{"0.14", "0.58", "0.28"}));
  // The raw scores are unchanged; only what softmax sees shrinks.
  EXPECT_EQ(row_text(t.scores, kSat), (Row{"0.00", "2.00", "1.00"}));
}

}  // namespace
