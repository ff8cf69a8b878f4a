// Every kind of bad input gets a Status naming the matrix and the shapes,
// never a crash.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "chapter_cast.hpp"

namespace {

using attention::ErrorCode;
using attention::Inputs;
using attention::Matrix;
using attention::Options;
using attention::Status;
using attention::Trace;
using ::testing::HasSubstr;

Status attend(const Inputs& in, Options o = {}) {
  Trace t;
  return attention::attend(in, o, &t);
}

TEST(Errors, ChapterInputIsAccepted) { EXPECT_TRUE(attend(chapter::cat_sat()).ok()); }

TEST(Errors, NoTokens) {
  Inputs in = chapter::cat_sat();
  in.embeddings = Matrix(0, 3);
  Status s = attend(in);
  EXPECT_EQ(s.code, ErrorCode::kEmpty);
  EXPECT_THAT(s.message, HasSubstr("n = 0"));
}

TEST(Errors, WeightColumnsMustMatchEmbeddingLength) {
  Inputs in = chapter::cat_sat();
  in.wq = Matrix::from_rows({{2, 0}, {0, 2}});
  Status s = attend(in);
  EXPECT_EQ(s.code, ErrorCode::kShapeMismatch);
  EXPECT_THAT(s.message, HasSubstr("wq is 2 x 2"));
  EXPECT_THAT(s.message, HasSubstr("needs 3 columns"));
}

TEST(Errors, QueriesAndKeysMustHaveTheSameLength) {
  Inputs in = chapter::cat_sat();
  in.wk = Matrix::from_rows({{1, 1, -2}});
  Status s = attend(in);
  EXPECT_EQ(s.code, ErrorCode::kShapeMismatch);
  EXPECT_THAT(s.message, HasSubstr("wq is 2 x 3 and wk is 1 x 3"));
}

TEST(Errors, MatrixWhoseDataDoesNotFillItsShape) {
  Inputs in = chapter::cat_sat();
  in.wv.data.pop_back();
  Status s = attend(in);
  EXPECT_EQ(s.code, ErrorCode::kShapeMismatch);
  EXPECT_THAT(s.message, HasSubstr("wv says 2 x 3 but holds 5 numbers"));
}

TEST(Errors, NonFiniteNumbersAreNamedByPlace) {
  const double bad[] = {std::nan(""), std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity()};
  const char* said[] = {"is NaN", "is Infinity", "is -Infinity"};
  for (int k = 0; k < 3; ++k) {
    Inputs in = chapter::cat_sat();
    in.embeddings.at(1, 2) = bad[k];
    Status s = attend(in);
    EXPECT_EQ(s.code, ErrorCode::kNonFinite);
    EXPECT_THAT(s.message, HasSubstr(std::string("embeddings row 2, column 3 ") + said[k]));
  }
}

TEST(Errors, OverflowInsideIsReportedNotShown) {
  Inputs in = chapter::cat_sat();
  in.embeddings.at(2, 0) = 1e300;
  in.wq.at(0, 0) = 1e300;
  Status s = attend(in);
  EXPECT_EQ(s.code, ErrorCode::kNonFinite);
  EXPECT_THAT(s.message, HasSubstr("overflowed"));
}

TEST(Errors, TemperatureMustBePositiveAndFinite) {
  for (double bad : {0.0, -1.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    Options o;
    o.temperature = bad;
    Status s = attend(chapter::cat_sat(), o);
    EXPECT_EQ(s.code, ErrorCode::kBadTemperature) << bad;
    EXPECT_THAT(s.message, HasSubstr("temperature"));
  }
}

// The message names the value it got, written without printf (see validate.cpp).
TEST(Errors, TemperatureMessageNamesTheValue) {
  const std::pair<double, const char*> cases[] = {{0.0, "(got 0)"}, {-0.5, "(got -0.5)"},
      {-2.25, "(got -2.25)"}, {-1e-9, "(got a number just below 0)"}, {std::nan(""), "(got NaN)"},
      {-std::numeric_limits<double>::infinity(), "(got -Infinity)"}, {-1e13, "(got less than -1e12)"}};
  for (const auto& [bad, text] : cases) {
    Options o;
    o.temperature = bad;
    EXPECT_THAT(attend(chapter::cat_sat(), o).message, HasSubstr(text)) << bad;
  }
}

TEST(Errors, SizesAboveTheCapsAreRefused) {
  Inputs in = chapter::cat_sat();
  in.embeddings = Matrix(attention::kMaxTokens + 1, 3);
  Status s = attend(in);
  EXPECT_EQ(s.code, ErrorCode::kTooLarge);
  EXPECT_THAT(s.message, HasSubstr("at most " + std::to_string(attention::kMaxTokens)));

  in = chapter::cat_sat();
  in.wv = Matrix(attention::kMaxDim + 1, 3);
  EXPECT_EQ(attend(in).code, ErrorCode::kTooLarge);
}

TEST(Errors, NullTraceIsAnErrorNotACrash) {
  EXPECT_EQ(attention::attend(chapter::cat_sat(), {}, nullptr).code, ErrorCode::kEmpty);
}

TEST(Errors, CodeNamesAreStable) {
  EXPECT_STREQ(attention::error_code_name(ErrorCode::kShapeMismatch), "shape_mismatch");
  EXPECT_STREQ(attention::error_code_name(ErrorCode::kNonFinite), "non_finite");
  EXPECT_STREQ(attention::error_code_name(ErrorCode::kBadTemperature), "bad_temperature");
  EXPECT_STREQ(attention::error_code_name(ErrorCode::kTooLarge), "too_large");
  EXPECT_STREQ(attention::error_code_name(ErrorCode::kEmpty), "empty");
}

}  // namespace
