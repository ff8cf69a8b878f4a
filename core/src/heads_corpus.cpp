// The toy grammar. Every sentence is 9 words:
//
//   the [ADJ] N1 , seeing the [ADJ] N2 , VERB
//
// "the cat , seeing the old dogs , runs"; "the small mice , seeing the owl , blink".
// Exactly one adjective (big, small, old), before N1 or before N2, so the first
// noun sits at position 1 or 2. N1 and N2 are drawn from 16 nouns (8 animals,
// singular and plural) independently. VERB is the reaction to the animal just
// seen (cat -> hides, dog -> runs, fox -> freezes, owl -> blinks, bird -> sings,
// frog -> jumps, bee -> flees, mouse -> chases) in the number of the FIRST noun.
//
// So the last word needs two kinds of looking from the comma before it (row 7):
//   previous word  N2, right before the comma, says which verb;
//   first noun     N1, further back, says its number (N2's number is a distractor).
// Both sources are nouns: a single head that blends them cannot tell which noun
// gave the species and which the number, which is why one head cannot do both.
// Each row has a role (heads.hpp Role), once per sentence, so the labels measure a
// head over every row of a kind and name the rows where a job holds.
// 2 x 3 x 16 x 16 = 1536 distinct sentences.
#include <algorithm>
#include <cstdint>

#include "attention/heads.hpp"
#include "attention/random.hpp"

namespace heads {
namespace {

enum Word {
  kThe, kComma, kSeeingWord,
  kBig, kSmall, kOld,
  kCat, kDog, kFox, kOwl, kBird, kFrog, kBee, kMouse,               // singular
  kCats, kDogs, kFoxes, kOwls, kBirds, kFrogs, kBees, kMice,        // plural, same order
  kHides, kHide, kRuns, kRun, kFreezes, kFreeze, kBlinks, kBlink,   // the reaction to seeing
  kSings, kSing, kJumps, kJump, kFlees, kFlee, kChases, kChase,     // each animal, 3rd sg / pl
};

constexpr int kSpecies = 8;
constexpr int kNouns = 2 * kSpecies;
constexpr int kDistinct = 2 * 3 * kNouns * kNouns;

// Sentence number `code` (0 .. kDistinct-1), digit by digit.
Sentence decode(int code) {
  const int adjective_first = code % 2; code /= 2;
  const int adjective = kBig + code % 3; code /= 3;
  const int first = kCat + code % kNouns; code /= kNouns;
  const int seen = code % kNouns;

  Sentence s;
  auto add = [&s](Role role, int word) {
    s.row_of[role] = static_cast<int>(s.tokens.size());
    s.tokens.push_back(word);
  };
  add(kFirstWord, kThe);
  if (adjective_first) add(kAdjective, adjective);
  add(kFirstNoun, first);
  add(kFirstComma, kComma);
  add(kSeeing, kSeeingWord);
  add(kSecondThe, kThe);
  if (!adjective_first) add(kAdjective, adjective);
  add(kSeen, kCat + seen);
  add(kVerbComma, kComma);
  // the reaction to the animal just seen, in the number of the first noun
  s.plural = first >= kCats;
  add(kVerb, kHides + 2 * (seen % kSpecies) + (s.plural ? 1 : 0));
  s.first_noun = s.row_of[kFirstNoun];
  s.noun_row = s.row_of[kVerbComma];
  return s;
}

}  // namespace

const std::vector<std::string>& vocabulary() {
  static const std::vector<std::string> words = {
      "the", ",", "seeing", "big", "small", "old",
      "cat", "dog", "fox", "owl", "bird", "frog", "bee", "mouse",
      "cats", "dogs", "foxes", "owls", "birds", "frogs", "bees", "mice",
      "hides", "hide", "runs", "run", "freezes", "freeze", "blinks", "blink",
      "sings", "sing", "jumps", "jump", "flees", "flee", "chases", "chase"};
  return words;
}

int sentence_length() { return 9; }

const std::vector<std::string>& role_names() {
  static const std::vector<std::string> names = {"first-word", "adjective", "first-noun", "first-comma", "seeing",
                                                 "second-the", "seen", "verb-comma", "verb"};
  return names;
}

Status make_corpus(std::uint32_t seed, int train_count, int held_out_count, Corpus* corpus) {
  if (train_count < 1 || held_out_count < 1 || train_count + held_out_count > kDistinct)
    return {ErrorCode::kBadHyperParameter,
            "corpus: " + std::to_string(train_count) + " training and " + std::to_string(held_out_count) +
                " held-out sentences; each at least 1 and together at most " + std::to_string(kDistinct) +
                " (the grammar's distinct sentences)"};
  // A seeded Fisher-Yates shuffle of all sentence numbers: the first ones train,
  // the next ones are held out, so the two sets never share a sentence.
  std::vector<int> order(kDistinct);
  for (int i = 0; i < kDistinct; ++i) order[i] = i;
  attention::Random random(0xC0495u ^ (static_cast<std::uint64_t>(seed) << 20));
  for (int i = kDistinct - 1; i > 0; --i)
    std::swap(order[i], order[random.next() % static_cast<std::uint64_t>(i + 1)]);
  corpus->train.clear();
  corpus->held_out.clear();
  for (int i = 0; i < train_count; ++i) corpus->train.push_back(decode(order[i]));
  for (int i = 0; i < held_out_count; ++i) corpus->held_out.push_back(decode(order[train_count + i]));
  return {};
}

}  // namespace heads
