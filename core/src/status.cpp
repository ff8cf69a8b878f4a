#include "attention/attention.hpp"

namespace attention {

const char* error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::kOk: return "ok";
    case ErrorCode::kEmpty: return "empty";
    case ErrorCode::kShapeMismatch: return "shape_mismatch";
    case ErrorCode::kNonFinite: return "non_finite";
    case ErrorCode::kBadTemperature: return "bad_temperature";
    case ErrorCode::kTooLarge: return "too_large";
    case ErrorCode::kBadLearningRate: return "bad_learning_rate";
    case ErrorCode::kDiverged: return "diverged";
    case ErrorCode::kBadHyperParameter: return "bad_hyper_parameter";
    case ErrorCode::kBadArgument: return "bad_argument";
  }
  return "unknown";
}

Matrix Matrix::from_rows(const std::vector<std::vector<double>>& rows) {
  Matrix m(rows.size(), rows.empty() ? 0 : rows[0].size());
  for (std::size_t r = 0; r < m.rows; ++r)
    for (std::size_t c = 0; c < m.cols && c < rows[r].size(); ++c) m.at(r, c) = rows[r][c];
  return m;
}

}  // namespace attention
