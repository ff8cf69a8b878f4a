// "the cat sat": the chapter's hand-worked example, shared by the native tests.
// x_the = [1,0,0], x_cat = [0,1,0], x_sat = [1,1,1]
// so q = [2,0], [0,2], [1,1]; k = [1,-1], [1,1], [0,1]; v = [0,2], [3,1], [1,0].
#pragma once

#include <cstdio>
#include <string>

#include "attention/attention.hpp"

namespace chapter {

enum Token { kThe = 0, kCat = 1, kSat = 2 };

inline attention::Inputs cat_sat() {
  using attention::Matrix;
  attention::Inputs in;
  in.embeddings = Matrix::from_rows({{1, 0, 0}, {0, 1, 0}, {1, 1, 1}});
  in.wq = Matrix::from_rows({{2, 0, -1}, {0, 2, -1}});
  in.wk = Matrix::from_rows({{1, 1, -2}, {-1, 1, 1}});
  in.wv = Matrix::from_rows({{0, 3, -2}, {2, 1, -3}});
  return in;
}

inline attention::Options options(bool scaled, bool causal, double temperature = 1.0) {
  attention::Options o;
  o.scaled = scaled;
  o.causal = causal;
  o.temperature = temperature;
  return o;
}

inline attention::Trace run(const attention::Inputs& in, attention::Options options = {}) {
  attention::Trace t;
  attention::Status s = attention::attend(in, options, &t);
  if (!s.ok()) std::fprintf(stderr, "attend failed: %s\n", s.message.c_str());
  return t;
}

// The chapter prints two decimals; compare the printed text, as a reader would.
inline std::string two_decimals(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

}  // namespace chapter
