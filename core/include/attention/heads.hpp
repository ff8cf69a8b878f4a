// A tiny attention-only language model, trained live, whose heads discover
// their jobs: token + position embeddings, one causal self-attention layer of
// H heads (each its own W_Q, W_K, W_V), an output projection, a residual
// connection, an unembedding and a softmax cross-entropy loss on the next word.
// Forward, backward and Adam, all in double precision, deterministic for a seed.
//
// The corpus is a toy grammar (heads_corpus.cpp, docs/heads.md) whose last word
// needs two jobs done from the comma before it:
//   previous word  "the cat , seeing the dogs , runs": the animal just before
//                  the comma says which verb (dogs -> runs);
//   first noun     ... and the sentence's first noun says its number
//                  (cat -> runs, cats -> run), whatever the nearer noun's number.
//
// Nothing here throws: bad hyper-parameters return a Status naming the value
// and its cap. Portable C++17; wasm/heads_bindings.cpp binds this header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "attention/random.hpp"

namespace heads {

// Caps that keep one training step well under a millisecond's order and the
// model small enough to check against finite differences.
inline constexpr int kMaxHeads = 4;
inline constexpr int kMaxModelDim = 64;       // d_model
inline constexpr int kMaxHeadDim = 32;        // d_head
inline constexpr int kMaxBatch = 256;         // sentences per step
inline constexpr int kMaxStepsPerCall = 10000;
inline constexpr double kMaxLearningRate = 1.0;

// The core's one Status and its codes (attention.hpp): kBadHyperParameter for a value
// outside its range, kBadArgument for a sentence index, head or position that does not exist.
using attention::ErrorCode;
using attention::Status;

// ---- the corpus -------------------------------------------------------

// What a row of a sentence is. Every sentence of the grammar has each role exactly
// once ("the [ADJ] N1 , seeing the [ADJ] N2 , VERB"), so a head's share at a role is a
// mean over one row per sentence, and the labels can name the rows they speak of.
enum Role {
  kFirstWord,   // "the", row 0: the one row with no previous word
  kAdjective,   // big, small or old, before N1 or before N2
  kFirstNoun,   // N1
  kFirstComma,  // the comma after N1
  kSeeing,      // "seeing"
  kSecondThe,   // the second "the"
  kSeen,        // N2, the animal seen
  kVerbComma,   // the comma before the verb: the one row whose next word needs both jobs
  kVerb,        // the verb (it predicts nothing)
  kRoles
};
// Stable names for the roles (wasm/heads.js passes these to the page), id = Role.
const std::vector<std::string>& role_names();

// One sentence of the grammar plus where its two jobs are.
struct Sentence {
  std::vector<int> tokens;  // (T) vocabulary ids
  int row_of[kRoles] = {};  // the row of each role
  int noun_row = 0;         // the row whose next word agrees with... (the comma before the verb)
  int first_noun = 0;       // ...the token at this position
  bool plural = false;      // whether that first noun is plural
};

struct Corpus {
  std::vector<Sentence> train;
  std::vector<Sentence> held_out;  // never in train
};

// The grammar's words, id = index.
const std::vector<std::string>& vocabulary();
int sentence_length();  // every sentence has this many tokens

// Draws distinct sentences from the grammar for a seed: train_count for
// training, held_out_count others kept apart.
Status make_corpus(std::uint32_t seed, int train_count, int held_out_count, Corpus* corpus);

// ---- the model -----------------------------------------------------------

struct Config {
  int heads = 2;                // H
  int d_model = 24;             // width of embeddings and the residual stream
  int d_head = 4;               // width of each head's queries, keys and values
  int batch = 32;               // sentences per training step
  double learning_rate = 0.03;  // Adam step size
  std::uint32_t seed = 1;       // initial weights and the order of batches
};

Status check_config(const Config& config);

// All learned numbers in one flat vector, so Adam and the gradient check walk
// it as one array. Layout (row-major blocks, in this order):
//   token_embeddings  (V, d_model)
//   position_embeddings (T, d_model)
//   per head h: wq (d_head, d_model), wk (d_head, d_model), wv (d_head, d_model)
//   wo       (d_model, H * d_head)   output projection: o = W_O [z_1; ...; z_H]
//   unembed  (V, d_model)            logits = W_U r
struct Layout {
  std::size_t token_embeddings, position_embeddings, heads, wo, unembed, total;
  std::size_t head_block;  // numbers per head (3 d_head d_model)
};

// Everything one forward pass over one sentence keeps, for pictures and backward.
struct Forward {
  std::vector<double> inputs;   // (T, d_model)   x_t = E[token_t] + P[t]
  std::vector<double> queries;  // (H, T, d_head)
  std::vector<double> keys;     // (H, T, d_head)
  std::vector<double> values;   // (H, T, d_head)
  std::vector<double> scores;   // (H, T, T)      q_i . k_j (attention/passes.hpp's grids)
  std::vector<double> logits;   // (H, T, T)      scores / sqrt(d_head); -inf above the diagonal
  std::vector<double> weights;  // (H, T, T)      row i = asker i; exactly 0 above the diagonal
  std::vector<double> mixed;    // (T, H * d_head) head outputs side by side
  std::vector<double> residual; // (T, d_model)   r = x + W_O mixed
  std::vector<double> probs;    // (T, V)         softmax of logits, row t predicts token t+1
  double loss = 0;              // mean cross-entropy over rows 0..T-2
};

// A guess for the next word: vocabulary id and probability.
struct Guess {
  int token;
  double probability;
};

// Heads to zero, one bit per head (bit h = head h): their outputs z_h are replaced by 0
// before W_O. The weights they compute are still there to measure; only what they
// bring is gone. 0 zeroes none.
using HeadMask = std::uint32_t;
inline constexpr HeadMask head_bit(int h) { return HeadMask{1} << h; }

// What a head does, measured over sentences (the numbers behind its label).
struct HeadReport {
  // The previous-word job, at every row that has a previous word (all but row 0):
  double previous_by_role[kRoles] = {};  // mean weight on token t-1 at the rows of each role
                                         // (kFirstWord: 0, it has none)
  double previous_share = 0;             // the same over every row with a previous word
  // The first-noun job, at the one row whose next word agrees with the first noun
  // (the comma before the verb):
  double noun_share = 0;           // mean weight on the first noun there
  double noun_share_singular = 0;  // the same over sentences whose first noun is singular
  double noun_share_plural = 0;    // ... and plural
  double ablated_loss = 0;         // held-out loss with this head's output zeroed (Model::measure)
};

// The measuring itself, on attention grids alone (unit-tested on grids made by hand):
// grids[i] is one head's (T, T) weights for sentences[i], row = asker, column = key.
// Leaves ablated_loss at 0.
HeadReport measure_shares(const std::vector<const Sentence*>& sentences, const std::vector<const double*>& grids);

// A head's label, from its measurements (the thresholds docs/heads.md documents and
// the tests hold the trained model to):
//   previous word  at least 0.8 of its attention on the previous word at the comma before
//                  the verb (the row that needs it); the label names every role where the
//                  share is 0.8 or more, and gives the share over all rows besides;
//   first noun     at the comma before the verb (the one row where the job applies), at
//                  least 0.8 on the first noun in the sentences of the number it watches
//                  (singular or plural: the other number is what the model assumes when it
//                  sees none) and at least 0.4 overall;
//   needed         zeroing the head raises the held-out loss by 0.02 or more. A needed head
//                  that does neither job is "needed, job not one of these two".
// Each threshold is applied to the two-decimal number the label prints.
inline constexpr double kPreviousLabel = 0.8;
inline constexpr double kNounLabel = 0.8;
inline constexpr double kNounOverallLabel = 0.4;
inline constexpr double kNeededLoss = 0.02;
enum class Job { kNone, kPreviousWord, kFirstNoun };
struct Label {
  Job job = Job::kNone;
  bool needed = false;      // zeroing it costs kNeededLoss or more
  double cost = 0;          // what zeroing it adds to the held-out loss (may be negative)
  std::uint32_t roles = 0;  // where the job holds: bit r = Role r
  double share = 0;         // the job's share over the rows of those roles
};
Label label_of(const HeadReport& report, double held_out_loss);

class Model {
 public:
  // Builds the model and the corpus for config.seed; a bad config leaves it empty.
  Status reset(const Config& config);

  // Runs steps Adam steps on batches drawn from the training sentences;
  // *train_loss is the mean loss of the last step's batch (before its update).
  Status train(int steps, double* train_loss);

  // Mean next-word loss over the held-out sentences, with the heads in `zeroed` zeroed.
  double held_out_loss(HeadMask zeroed = 0) const;

  // Every head measured over the held-out sentences (measure_shares), with what zeroing
  // it alone costs.
  std::vector<HeadReport> measure() const;

  // One sentence through the model: the held-out sentence `index`.
  Status run(int index, Forward* forward, HeadMask zeroed = 0) const;
  // The top k guesses after row `row` of held-out sentence `index`.
  Status guesses(int index, int row, int k, std::vector<Guess>* out, HeadMask zeroed = 0) const;
  // kBadArgument for a mask naming a head the model does not have.
  Status check_mask(HeadMask zeroed) const;

  // For the gradient check: loss and gradient over the given sentences at the
  // current parameters.
  double loss_and_gradient(const std::vector<const Sentence*>& batch, std::vector<double>* grad,
                           HeadMask zeroed = 0) const;
  // Replaces every learned number (the gradient check's way in); refuses a vector of
  // the wrong size or with a number that is not finite, and then nothing changes.
  Status set_parameters(const std::vector<double>& values);

  const Config& config() const { return config_; }
  const Corpus& corpus() const { return corpus_; }
  const Layout& layout() const { return layout_; }
  const std::vector<double>& parameters() const { return params_; }
  long long steps_taken() const { return steps_; }

 private:
  void forward(const Sentence& s, HeadMask zeroed, Forward* f) const;
  void backward(const Sentence& s, const Forward& f, HeadMask zeroed, double scale, std::vector<double>* grad) const;
  void adam_update(const std::vector<double>& grad);

  Config config_;
  Layout layout_{};
  Corpus corpus_;
  std::vector<double> params_, grad_, m_, v_;
  std::vector<const Sentence*> batch_;
  attention::Random rng_{0};
  long long steps_ = 0;
};

}  // namespace heads
