// The heads lab's model: every gradient against central finite differences,
// the grammar's rules and its rows' roles, the measuring behind the labels on
// attention grids made by hand (known answers), the labels' thresholds,
// determinism, zeroing heads, the caps, and the claims the page makes: trained
// from five seeds, one head becomes a previous-word head and another a
// first-noun head; zeroing either costs held-out loss; one head alone cannot
// reach the two-head loss.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "attention/heads.hpp"

namespace {

using heads::Config;
using heads::ErrorCode;
using heads::Model;

// The step bound the documented thresholds (heads::job_of) are met in: the slowest seed (4)
// has both heads labelled at 2,000 steps; the bound leaves it one more check of slack.
constexpr int kStepBound = 2500;
constexpr int kCheckEvery = 250;

// Under AddressSanitizer (npm test's sanitize tier) the same code runs 10-50x
// slower: there the training claims run on one seed (3, labelled after 250
// steps), stop training once labelled, and leave the one-head comparison to
// the native run; the point there is memory safety of the same code paths.
#if defined(__SANITIZE_ADDRESS__)
#define HEADS_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HEADS_UNDER_ASAN 1
#endif
#endif
#ifdef HEADS_UNDER_ASAN
constexpr bool kUnderAsan = true;
const std::vector<std::uint32_t> kSeeds = {3};
#else
constexpr bool kUnderAsan = false;
const std::vector<std::uint32_t> kSeeds = {1, 2, 3, 4, 5};
#endif

// Which head does which job, if any pair qualifies.
struct Jobs {
  int previous = -1, noun = -1;
};

Jobs find_jobs(const std::vector<heads::HeadReport>& r, double held_out) {
  Jobs found;
  for (int h = 0; h < static_cast<int>(r.size()); ++h) {
    const heads::Label label = heads::label_of(r[h], held_out);
    if (!label.needed) continue;
    if (label.job == heads::Job::kPreviousWord) found.previous = h;
    if (label.job == heads::Job::kFirstNoun) found.noun = h;
  }
  return found;
}

// One model per seed trained for the whole step bound, shared by the tests that
// read it: `labelled_at` is the first check (every kCheckEvery steps) at which
// both jobs had a head; the other numbers are at the end of the bound.
struct Trained {
  Model model;
  int labelled_at = -1;
  Jobs jobs;
  std::vector<heads::HeadReport> report;
  double held_out = 0;
};

const Trained& trained(std::uint32_t seed) {
  static std::map<std::uint32_t, Trained> cache;
  auto it = cache.find(seed);
  if (it != cache.end()) return it->second;
  Trained& t = cache[seed];
  Config c;
  c.seed = seed;
  EXPECT_TRUE(t.model.reset(c).ok());
  double loss = 0;
  for (int steps = kCheckEvery; steps <= kStepBound; steps += kCheckEvery) {
    EXPECT_TRUE(t.model.train(kCheckEvery, &loss).ok());
    t.report = t.model.measure();
    t.held_out = t.model.held_out_loss();
    t.jobs = find_jobs(t.report, t.held_out);
    if (t.labelled_at < 0 && t.jobs.previous >= 0 && t.jobs.noun >= 0) t.labelled_at = steps;
    if (kUnderAsan && t.labelled_at > 0) break;
  }
  return t;
}

// ---- gradient check ------------------------------------------------------

// Central differences on every parameter of the whole model; the error
// |analytic - numeric| / max(|analytic| + |numeric|, 1e-4) must stay tiny
// (a wrong backward pass gives errors near 1; rounding gives about 1e-7).
double worst_gradient_error(Model& model, int sentences) {
  std::vector<const heads::Sentence*> batch;
  for (int i = 0; i < sentences; ++i) batch.push_back(&model.corpus().train[i]);
  std::vector<double> grad;
  model.loss_and_gradient(batch, &grad);
  std::vector<double> p = model.parameters();
  const double h = 1e-5;
  double worst = 0;
  auto loss_at = [&](std::size_t i, double value) {
    const double keep = p[i];
    p[i] = value;
    EXPECT_TRUE(model.set_parameters(p).ok());
    p[i] = keep;
    return model.loss_and_gradient(batch, nullptr);
  };
  for (std::size_t i = 0; i < p.size(); ++i) {
    const double numeric = (loss_at(i, p[i] + h) - loss_at(i, p[i] - h)) / (2 * h);
    worst = std::max(worst, std::abs(grad[i] - numeric) / std::max(std::abs(grad[i]) + std::abs(numeric), 1e-4));
  }
  EXPECT_TRUE(model.set_parameters(p).ok());
  std::printf("gradient check: %zu parameters, worst relative error %.2g\n", p.size(), worst);
  return worst;
}

TEST(HeadsGradient, WholeModelMatchesFiniteDifferencesAtInit) {
  Model m;
  ASSERT_TRUE(m.reset(Config{}).ok());
  EXPECT_LT(worst_gradient_error(m, 3), 1e-5);
}

TEST(HeadsGradient, WholeModelMatchesFiniteDifferencesAfterTraining) {
  // Trained weights give peaked attention, where a wrong softmax backward shows.
  Config c;
  c.heads = 3;
  c.d_model = 10;
  c.d_head = 3;
  c.seed = 7;
  Model m;
  ASSERT_TRUE(m.reset(c).ok());
  double loss = 0;
  ASSERT_TRUE(m.train(300, &loss).ok());
  EXPECT_LT(worst_gradient_error(m, 4), 1e-5);
}

// ---- corpus --------------------------------------------------------------

TEST(HeadsCorpus, EverySentenceFollowsTheGrammar) {
  heads::Corpus corpus;
  ASSERT_TRUE(heads::make_corpus(3, 1024, 256, &corpus).ok());
  const auto& words = heads::vocabulary();
  const std::vector<std::string> reactions = {"hides", "runs", "freezes", "blinks",
                                              "sings", "jumps", "flees", "chases"};
  std::set<std::vector<int>> train_set;
  for (const auto& s : corpus.train) train_set.insert(s.tokens);
  EXPECT_EQ(train_set.size(), corpus.train.size()) << "training sentences repeat";
  for (const auto* part : {&corpus.train, &corpus.held_out})
    for (const heads::Sentence& s : *part) {
      ASSERT_EQ(static_cast<int>(s.tokens.size()), heads::sentence_length());
      ASSERT_EQ(s.noun_row, 7);
      // Each role once, in the grammar's order; the adjective before N1 or before N2.
      ASSERT_EQ(s.row_of[heads::kFirstWord], 0);
      ASSERT_EQ(s.row_of[heads::kFirstNoun], s.first_noun);
      ASSERT_EQ(s.row_of[heads::kAdjective], s.first_noun == 2 ? 1 : 5);
      EXPECT_EQ(std::set<std::string>({"big", "small", "old"}).count(words[s.tokens[s.row_of[heads::kAdjective]]]), 1u);
      EXPECT_EQ(words[s.tokens[s.row_of[heads::kFirstComma]]], ",");
      EXPECT_EQ(words[s.tokens[s.row_of[heads::kSeeing]]], "seeing");
      EXPECT_EQ(words[s.tokens[s.row_of[heads::kSecondThe]]], "the");
      ASSERT_EQ(s.row_of[heads::kSeen], 6);
      ASSERT_EQ(s.row_of[heads::kVerbComma], 7);
      ASSERT_EQ(s.row_of[heads::kVerb], 8);
      ASSERT_TRUE(s.first_noun == 1 || s.first_noun == 2);
      EXPECT_EQ(words[s.tokens[0]], "the");
      EXPECT_EQ(words[s.tokens[7]], ",");
      // The verb: the reaction to the noun at position 6, in the first noun's number.
      const int seen = s.tokens[6] - 6;  // 0..15: cat..mouse, cats..mice
      ASSERT_TRUE(seen >= 0 && seen < 16) << words[s.tokens[6]];
      const int first = s.tokens[s.first_noun] - 6;
      ASSERT_TRUE(first >= 0 && first < 16);
      EXPECT_EQ(s.plural, first >= 8);
      std::string verb = reactions[seen % 8];
      if (s.plural) verb.pop_back();  // runs -> run, freezes -> freeze
      EXPECT_EQ(words[s.tokens[8]], verb) << "after " << words[s.tokens[6]] << " with first noun "
                                          << words[s.tokens[s.first_noun]];
    }
  for (const auto& s : corpus.held_out) EXPECT_EQ(train_set.count(s.tokens), 0u) << "held-out sentence trained on";
}

TEST(HeadsCorpus, TheSeedDecidesTheSplit) {
  heads::Corpus a, b, c;
  ASSERT_TRUE(heads::make_corpus(1, 100, 50, &a).ok());
  ASSERT_TRUE(heads::make_corpus(1, 100, 50, &b).ok());
  ASSERT_TRUE(heads::make_corpus(2, 100, 50, &c).ok());
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.train[i].tokens, b.train[i].tokens);
  int same = 0;
  for (int i = 0; i < 100; ++i) same += a.train[i].tokens == c.train[i].tokens;
  EXPECT_LT(same, 10);
}

TEST(HeadsCorpus, RefusesMoreSentencesThanTheGrammarHas) {
  heads::Corpus corpus;
  const heads::Status s = heads::make_corpus(1, 1500, 100, &corpus);
  EXPECT_EQ(s.code, ErrorCode::kBadHyperParameter);
  EXPECT_NE(s.message.find("1536"), std::string::npos) << s.message;
}

// ---- the measuring, on grids made by hand -----------------------------------

// Two sentences by hand: "the big cat , seeing the dogs , runs" (adjective first, first noun
// singular at row 2) and "the cats , seeing the old dog , run" (plural, at row 1).
std::vector<heads::Sentence> two_sentences() {
  heads::Sentence a, b;
  const int rows_a[heads::kRoles] = {0, 1, 2, 3, 4, 5, 6, 7, 8};  // first word, adjective, first noun, ...
  const int rows_b[heads::kRoles] = {0, 5, 1, 2, 3, 4, 6, 7, 8};  // the adjective at row 5
  std::copy(rows_a, rows_a + heads::kRoles, a.row_of);
  std::copy(rows_b, rows_b + heads::kRoles, b.row_of);
  a.first_noun = 2, a.plural = false;
  b.first_noun = 1, b.plural = true;
  a.noun_row = b.noun_row = 7;
  a.tokens = b.tokens = std::vector<int>(9, 0);  // the words do not matter to the measuring
  return {a, b};
}

using Grid = std::vector<double>;  // (9, 9), row = asker

// Row i gives `on_previous` to word i-1 and the rest to itself; row 0 all to itself.
Grid previous_grid(double on_previous) {
  Grid g(81, 0.0);
  g[0] = 1;
  for (int i = 1; i < 9; ++i) g[i * 9 + i - 1] = on_previous, g[i * 9 + i] = 1 - on_previous;
  return g;
}

heads::HeadReport measure_by_hand(const std::vector<heads::Sentence>& s, const Grid& a, const Grid& b) {
  return heads::measure_shares({&s[0], &s[1]}, {a.data(), b.data()});
}

TEST(HeadsMeasure, APreviousWordHeadOnlyAtTheCommaIsMeasuredAtEveryRow) {
  // 1.00 on the previous word at the comma before the verb, 0.25 at the other seven rows.
  Grid g = previous_grid(0.25);
  g[7 * 9 + 6] = 1, g[7 * 9 + 7] = 0;
  const auto s = two_sentences();
  const heads::HeadReport r = measure_by_hand(s, g, g);
  EXPECT_DOUBLE_EQ(r.previous_by_role[heads::kVerbComma], 1.0);
  for (int role : {heads::kAdjective, heads::kFirstNoun, heads::kFirstComma, heads::kSeeing, heads::kSecondThe,
                   heads::kSeen, heads::kVerb})
    EXPECT_DOUBLE_EQ(r.previous_by_role[role], 0.25) << heads::role_names()[role];
  EXPECT_DOUBLE_EQ(r.previous_by_role[heads::kFirstWord], 0.0) << "the first word has no previous word";
  EXPECT_DOUBLE_EQ(r.previous_share, (1.0 + 7 * 0.25) / 8);  // 0.34375 over the 8 rows with a previous word
  EXPECT_DOUBLE_EQ(r.noun_share, 0.0);

  heads::HeadReport costly = r;
  costly.ablated_loss = 1.5;
  const heads::Label label = heads::label_of(costly, 1.0);
  EXPECT_EQ(label.job, heads::Job::kPreviousWord);
  EXPECT_TRUE(label.needed);
  EXPECT_DOUBLE_EQ(label.cost, 0.5);
  EXPECT_EQ(label.roles, 1u << heads::kVerbComma) << "it holds at the comma only, and says so";
  EXPECT_DOUBLE_EQ(label.share, 1.0);
}

TEST(HeadsMeasure, APreviousWordHeadEverywhereNamesEveryRow) {
  // 0.9 everywhere but at the adjective of the second sentence (row 5): 0.5 there.
  const auto s = two_sentences();
  const Grid a = previous_grid(0.9);
  Grid b = previous_grid(0.9);
  b[5 * 9 + 4] = 0.5, b[5 * 9 + 5] = 0.5;
  heads::HeadReport r = measure_by_hand(s, a, b);
  EXPECT_DOUBLE_EQ(r.previous_by_role[heads::kAdjective], 0.7);   // (0.9 + 0.5) / 2
  EXPECT_DOUBLE_EQ(r.previous_by_role[heads::kSecondThe], 0.9);  // row 5 of a, row 4 of b
  EXPECT_DOUBLE_EQ(r.previous_share, (7 * 0.9 + 0.7) / 8);
  r.ablated_loss = 1.3;
  const heads::Label label = heads::label_of(r, 1.0);
  EXPECT_EQ(label.job, heads::Job::kPreviousWord);
  EXPECT_EQ(label.roles, 0x1FEu & ~(1u << heads::kAdjective)) << "every row with a previous word but the adjective";
  EXPECT_DOUBLE_EQ(label.share, 0.9);

  const Grid all = previous_grid(0.85);
  r = measure_by_hand(s, all, all);
  r.ablated_loss = 1.3;
  EXPECT_EQ(heads::label_of(r, 1.0).roles, 0x1FEu) << "all eight roles";
  EXPECT_DOUBLE_EQ(heads::label_of(r, 1.0).share, r.previous_share);
}

TEST(HeadsMeasure, AFirstNounHeadWatchingOneNumber) {
  // From the comma before the verb: 0.9 on the singular first noun, 0.1 on the plural one.
  const auto s = two_sentences();
  Grid a = previous_grid(0.5), b = previous_grid(0.5);
  std::fill_n(&a[7 * 9], 9, 0.0), std::fill_n(&b[7 * 9], 9, 0.0);
  a[7 * 9 + 2] = 0.9, a[7 * 9 + 7] = 0.1;  // sentence a: first noun at row 2
  b[7 * 9 + 1] = 0.1, b[7 * 9 + 7] = 0.9;  // sentence b: first noun at row 1
  heads::HeadReport r = measure_by_hand(s, a, b);
  EXPECT_DOUBLE_EQ(r.noun_share, 0.5);
  EXPECT_DOUBLE_EQ(r.noun_share_singular, 0.9);
  EXPECT_DOUBLE_EQ(r.noun_share_plural, 0.1);
  EXPECT_DOUBLE_EQ(r.previous_by_role[heads::kVerbComma], 0.0);
  EXPECT_DOUBLE_EQ(r.previous_share, 7 * 0.5 / 8);
  r.ablated_loss = 1.1;
  heads::Label label = heads::label_of(r, 1.0);
  EXPECT_EQ(label.job, heads::Job::kFirstNoun);
  EXPECT_EQ(label.roles, 1u << heads::kVerbComma);
  EXPECT_DOUBLE_EQ(label.share, 0.5);
  EXPECT_TRUE(label.needed);
}

TEST(HeadsMeasure, TheLabelsThresholds) {
  heads::HeadReport r;
  r.ablated_loss = 1.0;
  r.previous_by_role[heads::kVerbComma] = 0.8;  // exactly the threshold: the job
  EXPECT_EQ(heads::label_of(r, 1.0).job, heads::Job::kPreviousWord);
  EXPECT_FALSE(heads::label_of(r, 1.0).needed) << "zeroing it costs nothing";
  r.previous_by_role[heads::kVerbComma] = 0.79;
  r.previous_by_role[heads::kSeeing] = 0.95;  // holds elsewhere, not where the job is needed
  EXPECT_EQ(heads::label_of(r, 1.0).job, heads::Job::kNone);
  r.noun_share = 0.4, r.noun_share_plural = 0.8, r.noun_share_singular = 0.0;
  EXPECT_EQ(heads::label_of(r, 1.0).job, heads::Job::kFirstNoun);
  r.noun_share = 0.39;
  EXPECT_EQ(heads::label_of(r, 1.0).job, heads::Job::kNone);
  r.ablated_loss = 1.0 + heads::kNeededLoss;  // needed, but neither job
  EXPECT_TRUE(heads::label_of(r, 1.0).needed);
  EXPECT_EQ(heads::label_of(r, 1.0).job, heads::Job::kNone);
  r.ablated_loss = 1.014;  // prints +0.01
  EXPECT_FALSE(heads::label_of(r, 1.0).needed);
  // Each threshold applies to the two decimals the label prints: 0.796 prints 0.80, +0.0151 prints +0.02.
  r.ablated_loss = 1.0151;
  EXPECT_TRUE(heads::label_of(r, 1.0).needed);
  r.noun_share = 0.0, r.previous_by_role[heads::kVerbComma] = 0.796;
  EXPECT_EQ(heads::label_of(r, 1.0).job, heads::Job::kPreviousWord);
  r.previous_by_role[heads::kVerbComma] = 0.794;
  EXPECT_EQ(heads::label_of(r, 1.0).job, heads::Job::kNone);
}

// ---- determinism and caps --------------------------------------------------

TEST(HeadsModel, SameSeedSameNumbersOtherSeedOthers) {
  Config c;
  c.seed = 11;
  Model a, b, other;
  ASSERT_TRUE(a.reset(c).ok());
  ASSERT_TRUE(b.reset(c).ok());
  c.seed = 12;
  ASSERT_TRUE(other.reset(c).ok());
  double la = 0, lb = 0, lo = 0;
  ASSERT_TRUE(a.train(40, &la).ok());
  ASSERT_TRUE(b.train(40, &lb).ok());
  ASSERT_TRUE(other.train(40, &lo).ok());
  EXPECT_EQ(la, lb);
  EXPECT_EQ(a.parameters(), b.parameters());
  EXPECT_NE(a.parameters(), other.parameters());
  EXPECT_EQ(a.steps_taken(), 40);
}

TEST(HeadsModel, StartsUniformAndRandom) {
  // Small W_Q, W_K: every head starts near uniform attention (row i ~ 1/(i+1)).
  Model m;
  ASSERT_TRUE(m.reset(Config{}).ok());
  heads::Forward f;
  ASSERT_TRUE(m.run(0, &f).ok());
  const int T = heads::sentence_length();
  for (int h = 0; h < 2; ++h)
    for (int i = 0; i < T; ++i)
      for (int j = 0; j < T; ++j) {
        const double w = f.weights[(h * T + i) * T + j];
        if (j > i) EXPECT_EQ(w, 0.0);
        else EXPECT_NEAR(w, 1.0 / (i + 1), 0.5 / (i + 1));
      }
  EXPECT_GT(m.held_out_loss(), std::log(double(heads::vocabulary().size())));  // knows nothing yet
}

TEST(HeadsModel, BadHyperParametersGetClearErrors) {
  struct Case {
    void (*edit)(Config&);
    const char* says;
  };
  const Case cases[] = {
      {[](Config& c) { c.heads = 0; }, "heads must be 1 to 4 (got 0)"},
      {[](Config& c) { c.heads = 5; }, "heads must be 1 to 4 (got 5)"},
      {[](Config& c) { c.d_model = 0; }, "d_model must be 1 to 64 (got 0)"},
      {[](Config& c) { c.d_model = 65; }, "d_model must be 1 to 64 (got 65)"},
      {[](Config& c) { c.d_head = 33; }, "d_head must be 1 to 32 (got 33)"},
      {[](Config& c) { c.batch = 0; }, "batch must be 1 to 256 (got 0)"},
      {[](Config& c) { c.batch = 257; }, "batch must be 1 to 256 (got 257)"},
      {[](Config& c) { c.learning_rate = 0; }, "learning rate must be above 0 and at most 1 (got 0)"},
      {[](Config& c) { c.learning_rate = -0.5; }, "learning rate must be above 0 and at most 1 (got -0.5)"},
      {[](Config& c) { c.learning_rate = 1.5; }, "learning rate must be above 0 and at most 1 (got 1.5)"},
      {[](Config& c) { c.learning_rate = std::nan(""); }, "learning rate must be above 0 and at most 1 (got nan)"},
  };
  for (const Case& k : cases) {
    Config c;
    k.edit(c);
    Model m;
    const heads::Status s = m.reset(c);
    EXPECT_EQ(s.code, ErrorCode::kBadHyperParameter) << k.says;
    EXPECT_EQ(s.message, k.says);
  }
  Model m;
  ASSERT_TRUE(m.reset(Config{}).ok());
  double loss = 0;
  EXPECT_EQ(m.train(0, &loss).message, "steps must be 1 to 10000 per call (got 0)");
  EXPECT_EQ(m.train(10001, &loss).message, "steps must be 1 to 10000 per call (got 10001)");
  heads::Forward f;
  EXPECT_EQ(m.run(256, &f).code, ErrorCode::kBadArgument);
  std::vector<heads::Guess> g;
  EXPECT_EQ(m.guesses(0, 9, 3, &g).code, ErrorCode::kBadArgument);
  EXPECT_EQ(m.guesses(0, 7, 0, &g).code, ErrorCode::kBadArgument);
  Model empty;
  EXPECT_EQ(empty.train(1, &loss).code, ErrorCode::kBadArgument);
}

TEST(HeadsModel, GuessesAreSortedProbabilities) {
  Model m;
  ASSERT_TRUE(m.reset(Config{}).ok());
  std::vector<heads::Guess> g;
  ASSERT_TRUE(m.guesses(0, 7, 5, &g).ok());
  ASSERT_EQ(g.size(), 5u);
  for (std::size_t i = 1; i < g.size(); ++i) EXPECT_GE(g[i - 1].probability, g[i].probability);
  double total = 0;
  std::vector<heads::Guess> all;
  ASSERT_TRUE(m.guesses(0, 7, static_cast<int>(heads::vocabulary().size()), &all).ok());
  for (const auto& x : all) total += x.probability;
  EXPECT_NEAR(total, 1.0, 1e-12);
}

TEST(HeadsModel, ZeroingIsAMaskOfHeads) {
  Config c;
  c.seed = 3;
  Model m;
  ASSERT_TRUE(m.reset(c).ok());
  double loss = 0;
  ASSERT_TRUE(m.train(300, &loss).ok());
  const auto report = m.measure();
  for (int h = 0; h < 2; ++h) EXPECT_EQ(report[h].ablated_loss, m.held_out_loss(heads::head_bit(h)));
  EXPECT_NE(m.held_out_loss(heads::head_bit(0)), m.held_out_loss());
  // Zeroed heads still attend (their weights are measured); their guesses change.
  heads::Forward all, without;
  ASSERT_TRUE(m.run(0, &all).ok());
  ASSERT_TRUE(m.run(0, &without, heads::head_bit(0) | heads::head_bit(1)).ok());
  EXPECT_EQ(all.weights, without.weights);
  EXPECT_NE(all.probs, without.probs);
  std::vector<heads::Guess> g, g0;
  ASSERT_TRUE(m.guesses(0, 7, 3, &g).ok());
  ASSERT_TRUE(m.guesses(0, 7, 3, &g0, heads::head_bit(0)).ok());
  EXPECT_NE(g[0].probability, g0[0].probability);
  // A head the model does not have.
  EXPECT_EQ(m.check_mask(heads::head_bit(2)).code, ErrorCode::kBadArgument);
  EXPECT_EQ(m.run(0, &all, heads::head_bit(2)).message, "zeroed heads: the model has heads 1 to 2 (got a mask of 4)");
  EXPECT_EQ(m.guesses(0, 7, 3, &g, 8).code, ErrorCode::kBadArgument);
}

TEST(HeadsModel, SetParametersRefusesAWrongSizeOrANumberNotFinite) {
  Model m;
  ASSERT_TRUE(m.reset(Config{}).ok());
  const std::vector<double> before = m.parameters();
  std::vector<double> p = before;
  p.pop_back();
  EXPECT_EQ(m.set_parameters(p).message, "set_parameters: 2807 numbers for a model of 2808");
  p = before;
  p[10] = std::nan("");
  EXPECT_EQ(m.set_parameters(p).message, "set_parameters: number 10 is not finite");
  p[10] = INFINITY;
  EXPECT_EQ(m.set_parameters(p).code, ErrorCode::kBadArgument);
  EXPECT_EQ(m.parameters(), before) << "a refused set changes nothing";
  p[10] = 0.5;
  EXPECT_TRUE(m.set_parameters(p).ok());
  EXPECT_EQ(m.parameters()[10], 0.5);
}

// ---- the claims the page makes ----------------------------------------------

void five_seeds_each_grow_a_previous_word_head_and_a_first_noun_head() {
  for (std::uint32_t seed : kSeeds) {
    const Trained& t = trained(seed);
    std::printf("seed %u: both jobs had a head after %d steps; at the end:\n", seed, t.labelled_at);
    for (std::size_t h = 0; h < t.report.size(); ++h)
      std::printf("  head %zu previous word: %.2f at the comma before the verb, %.2f over every row with one;"
                  " first noun %.2f (singular %.2f, plural %.2f)\n", h + 1,
                  t.report[h].previous_by_role[heads::kVerbComma], t.report[h].previous_share, t.report[h].noun_share,
                  t.report[h].noun_share_singular, t.report[h].noun_share_plural);
    EXPECT_GT(t.labelled_at, 0) << "seed " << seed << ": no previous-word and first-noun heads within " << kStepBound;
    // ... and they stay so to the end of the bound.
    EXPECT_GE(t.jobs.previous, 0) << "seed " << seed << ": no previous-word head at " << kStepBound;
    EXPECT_GE(t.jobs.noun, 0) << "seed " << seed << ": no first-noun head at " << kStepBound;
  }
}

void zeroing_either_head_raises_the_held_out_loss() {
  for (std::uint32_t seed : kSeeds) {
    const Trained& t = trained(seed);
    if (t.jobs.previous < 0 || t.jobs.noun < 0) {
      ADD_FAILURE() << "seed " << seed << ": no pair of heads to zero";
      continue;
    }
    const double without_previous = t.report[t.jobs.previous].ablated_loss - t.held_out;
    const double without_noun = t.report[t.jobs.noun].ablated_loss - t.held_out;
    std::printf("seed %u: held-out loss %.3f; zeroing the previous-word head +%.3f, the first-noun head +%.3f\n",
                seed, t.held_out, without_previous, without_noun);
    // The verb row is 1 of 8 predicted rows: losing the species costs up to
    // ln 8 / 8 = 0.26 nats a word, losing the number ln 2 / 8 = 0.087.
    EXPECT_GT(without_previous, 0.15) << "seed " << seed;
    EXPECT_GT(without_noun, 0.05) << "seed " << seed;
  }
}

void one_head_cannot_reach_the_two_head_loss() {
  // The same head width and the same number of steps. One head blending the two nouns cannot tell
  // which gave the species and which the number: it learns the verb, not its
  // number (about ln 2 / 8 = 0.087 nats a word). docs/heads.md reports the rare
  // seed where one head finds a blend that carries both.
  std::vector<double> gaps;
  for (std::size_t i = 0; i < kSeeds.size() && i < 3; ++i) {
    const std::uint32_t seed = kSeeds[i];
    Config c;
    c.heads = 1;
    c.seed = seed;
    Model one;
    ASSERT_TRUE(one.reset(c).ok());
    double loss = 0;
    ASSERT_TRUE(one.train(kStepBound, &loss).ok());
    const double one_head = one.held_out_loss(), two_heads = trained(seed).held_out;
    std::printf("seed %u after %d steps: one head %.3f, two heads %.3f\n", seed, kStepBound, one_head, two_heads);
    gaps.push_back(one_head - two_heads);
  }
  std::sort(gaps.begin(), gaps.end());
  EXPECT_GT(gaps[gaps.size() / 2], 0.05) << "median gap";
}

// One TEST for the three claims: ctest runs every TEST in a process of its own,
// and three would train the same five models three times.
TEST(HeadsTraining, FiveSeedsSpecialiseNeedBothHeadsAndBeatOneHead) {
  {
    SCOPED_TRACE("five seeds, within the step bound");
    five_seeds_each_grow_a_previous_word_head_and_a_first_noun_head();
  }
  {
    SCOPED_TRACE("ablation");
    zeroing_either_head_raises_the_held_out_loss();
  }
  if (!kUnderAsan) {
    SCOPED_TRACE("one head against two");
    one_head_cannot_reach_the_two_head_loss();
  }
}

}  // namespace
