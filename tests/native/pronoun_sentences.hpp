// The pronoun goals' sentences, written out for the native tests: the same design as the
// widget's data (web/views/train/pronouns.js, whose own tests are tests/wasm/train-goals.test.mjs
// and stack-goals.test.mjs): every word a row of plain features, two frames, both orders of the
// two nouns and both cues, so neither a noun's kind nor its place alone says which one "it" means.
//   "the A knocked over the B because it was C", "the A fell on the B because it was C"
//   C = fragile -> "it" is the breakable noun; C = hungry -> the animal.
// Held out: the pairs bird/plate and dog/glass, which no training sentence uses.
#pragma once

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "attention/training.hpp"

namespace pronouns {

// noun, animal, breakable, pronoun, adjective, verb, little word
inline std::vector<double> features(const std::string& word) {
  static const std::map<std::string, std::vector<double>> kVocabulary = {
      {"the", {0, 0, 0, 0, 0, 0, 1}},     {"over", {0, 0, 0, 0, 0, 0, 1}},  {"because", {0, 0, 0, 0, 0, 0, 1}},
      {"on", {0, 0, 0, 0, 0, 0, 1}},      {"cat", {1, 1, 0, 0, 0, 0, 0}},   {"dog", {1, 1, 0, 0, 0, 0, 0}},
      {"bird", {1, 1, 0, 0, 0, 0, 0}},    {"vase", {1, 0, 1, 0, 0, 0, 0}},  {"cup", {1, 0, 1, 0, 0, 0, 0}},
      {"glass", {1, 0, 1, 0, 0, 0, 0}},   {"plate", {1, 0, 1, 0, 0, 0, 0}}, {"it", {0, 0, 0, 1, 0, 0, 0}},
      {"fragile", {0, 0, 1, 0, 1, 0, 0}}, {"hungry", {0, 1, 0, 0, 1, 0, 0}}, {"knocked", {0, 0, 0, 0, 0, 1, 0}},
      {"fell", {0, 0, 0, 0, 0, 1, 0}},    {"was", {0, 0, 0, 0, 0, 1, 0}},
  };
  return kVocabulary.at(word);
}

struct Sentence {
  std::vector<std::string> words;
  std::size_t it = 0, right = 0, wrong = 0;  // token indices: "it", its noun, the other noun
  attention::Example example() const {
    attention::Example ex;
    ex.embeddings = attention::Matrix(words.size(), 7);
    for (std::size_t i = 0; i < words.size(); ++i) {
      const std::vector<double> f = features(words[i]);
      for (std::size_t c = 0; c < 7; ++c) ex.embeddings.at(i, c) = f[c];
    }
    ex.shares = {{it, right}};
    return ex;
  }
};

inline std::size_t index_of(const std::vector<std::string>& words, const std::string& w) {
  for (std::size_t i = 0; i < words.size(); ++i)
    if (words[i] == w) return i;
  return words.size();
}

inline Sentence make(const std::string& text, const std::string& right, const std::string& wrong) {
  Sentence s;
  std::istringstream in(text);
  for (std::string w; in >> w;) s.words.push_back(w);
  s.it = index_of(s.words, "it");
  s.right = index_of(s.words, right);
  s.wrong = index_of(s.words, wrong);
  return s;
}

struct Data {
  std::vector<Sentence> training, held_out;
};

inline Data sentences() {
  Data d;
  const char* frames[][2] = {{"the ", " knocked over the "}, {"the ", " fell on the "}};
  for (std::string animal : {"cat", "dog", "bird"})
    for (std::string breakable : {"vase", "cup", "glass", "plate"}) {
      const bool held = (animal == "bird" && breakable == "plate") || (animal == "dog" && breakable == "glass");
      for (auto& frame : frames)
        for (bool animal_first : {true, false})
          for (std::string cue : {"fragile", "hungry"}) {
            const std::string a = animal_first ? animal : breakable, b = animal_first ? breakable : animal;
            const std::string right = cue == "fragile" ? breakable : animal;
            const std::string wrong = cue == "fragile" ? animal : breakable;
            const Sentence s = make(std::string(frame[0]) + a + frame[1] + b + " because it was " + cue, right, wrong);
            (held ? d.held_out : d.training).push_back(s);
          }
    }
  return d;
}

inline std::vector<attention::Example> examples(const std::vector<Sentence>& list) {
  std::vector<attention::Example> out;
  for (const Sentence& s : list) out.push_back(s.example());
  return out;
}

}  // namespace pronouns
