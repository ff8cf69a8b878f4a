// The model's forward pass, its backward pass and Adam, one sentence at a time
// (a sentence is 9 tokens: every buffer is tiny and loops stay plain). The projections
// and each head's attention are the core's shared passes (attention/passes.hpp), the
// teaching path's own; this file wires them into the model.
// Shapes: T tokens, D = d_model, H heads of width dh, V words.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "attention/heads.hpp"
#include "attention/passes.hpp"

namespace heads {
namespace {

constexpr int kTrainSentences = 1024;  // of the grammar's 1536 distinct sentences
constexpr int kHeldOutSentences = 256;
constexpr double kBeta1 = 0.9, kBeta2 = 0.99, kEpsilon = 1e-8;

std::string range_message(const char* name, double got, const std::string& range) {
  std::string value = std::to_string(got);
  if (value.find('.') != std::string::npos) value.erase(value.find_last_not_of('0') + 1);
  if (!value.empty() && value.back() == '.') value.pop_back();
  return std::string(name) + " must be " + range + " (got " + value + ")";
}

}  // namespace

Status check_config(const Config& c) {
  auto bad = [](const char* name, double got, const std::string& range) {
    return Status{ErrorCode::kBadHyperParameter, range_message(name, got, range)};
  };
  if (c.heads < 1 || c.heads > kMaxHeads) return bad("heads", c.heads, "1 to " + std::to_string(kMaxHeads));
  if (c.d_model < 1 || c.d_model > kMaxModelDim)
    return bad("d_model", c.d_model, "1 to " + std::to_string(kMaxModelDim));
  if (c.d_head < 1 || c.d_head > kMaxHeadDim)
    return bad("d_head", c.d_head, "1 to " + std::to_string(kMaxHeadDim));
  if (c.batch < 1 || c.batch > kMaxBatch) return bad("batch", c.batch, "1 to " + std::to_string(kMaxBatch));
  if (!(c.learning_rate > 0) || !(c.learning_rate <= kMaxLearningRate))
    return bad("learning rate", c.learning_rate, "above 0 and at most 1");
  return {};
}

Status Model::reset(const Config& config) {
  if (Status s = check_config(config); !s.ok()) return s;
  Corpus corpus;
  if (Status s = make_corpus(config.seed, kTrainSentences, kHeldOutSentences, &corpus); !s.ok()) return s;
  config_ = config;
  corpus_ = std::move(corpus);
  const std::size_t V = vocabulary().size(), T = sentence_length(), D = config.d_model,
                    H = config.heads, dh = config.d_head;
  Layout& l = layout_;
  l.token_embeddings = 0;
  l.position_embeddings = V * D;
  l.heads = l.position_embeddings + T * D;
  l.head_block = 3 * dh * D;
  l.wo = l.heads + H * l.head_block;
  l.unembed = l.wo + D * H * dh;
  l.total = l.unembed + V * D;

  // Embeddings ~ N(0, 1); each matrix ~ N(0, 1 / fan_in), so every stage starts
  // at unit scale. The seed alone decides every number.
  rng_ = attention::Random(0x5EED0000ull + config.seed);
  params_.assign(l.total, 0.0);
  auto fill = [&](std::size_t from, std::size_t count, double scale) {
    for (std::size_t i = 0; i < count; ++i) params_[from + i] = scale * rng_.normal();
  };
  fill(l.token_embeddings, V * D, 1.0);
  fill(l.position_embeddings, T * D, 1.0);
  for (std::size_t h = 0; h < H; ++h) {
    const std::size_t block = l.heads + h * l.head_block;
    fill(block, 2 * dh * D, 0.1 / std::sqrt(double(D)));        // W_Q, W_K: small, so every head starts
    fill(block + 2 * dh * D, dh * D, 1.0 / std::sqrt(double(D)));  // near uniform attention; W_V
  }
  fill(l.wo, D * H * dh, 1.0 / std::sqrt(double(H * dh)));
  fill(l.unembed, V * D, 1.0 / std::sqrt(double(D)));
  grad_.assign(l.total, 0.0);
  m_.assign(l.total, 0.0);
  v_.assign(l.total, 0.0);
  steps_ = 0;
  return {};
}

namespace {
using attention::InRows;

// A head's W_Q, W_K, W_V: three (dh, D) blocks, one after another; its queries, keys and
// values are (T, dh) blocks of Forward's (H, T, dh) ones, its blend dh columns of `mixed`.
enum Projection { kQuery = 0, kKey = 1, kValue = 2 };
}  // namespace

// One sentence forward; the heads in `zeroed` have their output (z) zeroed before W_O.
void Model::forward(const Sentence& s, HeadMask zeroed, Forward* f) const {
  const std::size_t V = vocabulary().size(), T = s.tokens.size(), D = config_.d_model, H = config_.heads,
                    dh = config_.d_head, HD = H * dh;
  const double* E = &params_[layout_.token_embeddings];
  const double* P = &params_[layout_.position_embeddings];

  // x_t = E[token_t] + P[t]
  f->inputs.assign(T * D, 0.0);
  for (std::size_t t = 0; t < T; ++t)
    for (std::size_t d = 0; d < D; ++d) f->inputs[t * D + d] = E[s.tokens[t] * D + d] + P[t * D + d];

  for (auto* grid : {&f->queries, &f->keys, &f->values}) grid->assign(H * T * dh, 0.0);
  for (auto* grid : {&f->scores, &f->logits, &f->weights}) grid->assign(H * T * T, 0.0);
  f->mixed.assign(T * HD, 0.0);
  const attention::HeadShape shape{T, dh, dh, std::sqrt(double(dh)), /*causal=*/true};
  const InRows x{f->inputs.data(), D};
  for (std::size_t h = 0; h < H; ++h) {
    const double* W = &params_[layout_.heads + h * layout_.head_block];  // wq, wk, wv
    double* qkv[] = {&f->queries[h * T * dh], &f->keys[h * T * dh], &f->values[h * T * dh]};
    for (int p : {kQuery, kKey, kValue}) attention::project_forward(x, W + p * dh * D, T, D, dh, {qkv[p], dh});
    // this head's blend z goes into its own columns of `mixed`
    attention::attention_forward(shape, {qkv[kQuery], dh}, {qkv[kKey], dh}, {qkv[kValue], dh},
                                 {&f->scores[h * T * T], &f->logits[h * T * T], &f->weights[h * T * T]},
                                 {&f->mixed[h * dh], HD});
    if (zeroed & head_bit(int(h)))  // its weights are still measured; its output is zeroed
      for (std::size_t t = 0; t < T; ++t) std::fill_n(&f->mixed[t * HD + h * dh], dh, 0.0);
  }

  // r = x + W_O z; logits = W_U r; probabilities by a stable softmax
  f->residual.assign(T * D, 0.0);
  attention::project_forward({f->mixed.data(), HD}, &params_[layout_.wo], T, HD, D, {f->residual.data(), D});
  for (std::size_t i = 0; i < T * D; ++i) f->residual[i] = f->inputs[i] + f->residual[i];
  f->probs.assign(T * V, 0.0);
  attention::project_forward({f->residual.data(), D}, &params_[layout_.unembed], T, D, V, {f->probs.data(), V});
  f->loss = 0;
  for (std::size_t t = 0; t < T; ++t) {
    double* p = &f->probs[t * V];
    const double top = *std::max_element(p, p + V);
    double total = 0;
    for (std::size_t w = 0; w < V; ++w) total += (p[w] = std::exp(p[w] - top));
    for (std::size_t w = 0; w < V; ++w) p[w] /= total;
    if (t + 1 < T) f->loss -= std::log(std::max(p[s.tokens[t + 1]], 1e-300));
  }
  f->loss /= double(T - 1);
}

// Adds scale * d(loss)/d(params) for one sentence into grad (same layout as params).
void Model::backward(const Sentence& s, const Forward& f, HeadMask zeroed, double scale,
                     std::vector<double>* grad) const {
  const std::size_t V = vocabulary().size(), T = s.tokens.size(), D = config_.d_model, H = config_.heads,
                    dh = config_.d_head, HD = H * dh;
  double* gE = &(*grad)[layout_.token_embeddings];
  double* gP = &(*grad)[layout_.position_embeddings];
  const double per_row = scale / double(T - 1);

  // d logits = (p - onehot(next)) / (T-1); the last row predicts nothing.
  std::vector<double> d_logits(T * V, 0.0);  // (T, V)
  for (std::size_t t = 0; t + 1 < T; ++t)
    for (std::size_t w = 0; w < V; ++w)
      d_logits[t * V + w] = (f.probs[t * V + w] - (int(w) == s.tokens[t + 1] ? 1.0 : 0.0)) * per_row;
  std::vector<double> d_residual(T * D, 0.0);  // (T, D)
  attention::project_backward({d_logits.data(), V}, {f.residual.data(), D}, &params_[layout_.unembed], T, D, V,
                              &(*grad)[layout_.unembed], {d_residual.data(), D});
  // r = x + W_O z: the residual hands d_residual to x unchanged, and through W_O to z.
  std::vector<double> d_inputs = d_residual;  // (T, D)
  std::vector<double> d_mixed(T * HD, 0.0);   // (T, H dh)
  attention::project_backward({d_residual.data(), D}, {f.mixed.data(), HD}, &params_[layout_.wo], T, HD, D,
                              &(*grad)[layout_.wo], {d_mixed.data(), HD});

  const attention::HeadShape shape{T, dh, dh, std::sqrt(double(dh)), /*causal=*/true};
  const InRows x{f.inputs.data(), D};
  std::vector<double> d_qkv(3 * T * dh);  // dQ, dK, dV of one head, (T, dh) each
  for (std::size_t h = 0; h < H; ++h) {
    if (zeroed & head_bit(int(h))) continue;  // its output was zeroed: nothing flows back into it
    const double* W = &params_[layout_.heads + h * layout_.head_block];
    double* gW = &(*grad)[layout_.heads + h * layout_.head_block];
    const double* qkv[] = {&f.queries[h * T * dh], &f.keys[h * T * dh], &f.values[h * T * dh]};
    double* d[] = {&d_qkv[0], &d_qkv[T * dh], &d_qkv[2 * T * dh]};
    std::fill(d_qkv.begin(), d_qkv.end(), 0.0);
    attention::attention_backward(shape, {qkv[kQuery], dh}, {qkv[kKey], dh}, {qkv[kValue], dh},
                                  &f.weights[h * T * T], {&d_mixed[h * dh], HD}, nullptr, nullptr,
                                  {d[kQuery], dh}, {d[kKey], dh}, {d[kValue], dh});
    for (int p : {kQuery, kKey, kValue})
      attention::project_backward({d[p], dh}, x, W + p * dh * D, T, D, dh, gW + p * dh * D, {d_inputs.data(), D});
  }
  // x_t = E[token_t] + P[t]
  for (std::size_t t = 0; t < T; ++t)
    for (std::size_t d = 0; d < D; ++d) {
      gE[s.tokens[t] * D + d] += d_inputs[t * D + d];
      gP[t * D + d] += d_inputs[t * D + d];
    }
}

double Model::loss_and_gradient(const std::vector<const Sentence*>& batch, std::vector<double>* grad,
                                HeadMask zeroed) const {
  if (grad) grad->assign(params_.size(), 0.0);
  Forward f;
  double total = 0;
  const double scale = 1.0 / batch.size();
  for (const Sentence* s : batch) {
    forward(*s, zeroed, &f);
    total += f.loss;
    if (grad) backward(*s, f, zeroed, scale, grad);
  }
  return total * scale;
}

void Model::adam_update(const std::vector<double>& grad) {
  ++steps_;
  const double lr = config_.learning_rate;
  const double c1 = 1.0 - std::pow(kBeta1, double(steps_)), c2 = 1.0 - std::pow(kBeta2, double(steps_));
  for (std::size_t i = 0; i < params_.size(); ++i) {
    m_[i] = kBeta1 * m_[i] + (1 - kBeta1) * grad[i];
    v_[i] = kBeta2 * v_[i] + (1 - kBeta2) * grad[i] * grad[i];
    params_[i] -= lr * (m_[i] / c1) / (std::sqrt(v_[i] / c2) + kEpsilon);
  }
}

Status Model::train(int steps, double* train_loss) {
  if (params_.empty()) return {ErrorCode::kBadArgument, "train: the model has not been reset"};
  if (steps < 1 || steps > kMaxStepsPerCall)
    return {ErrorCode::kBadHyperParameter,
            range_message("steps", steps, "1 to " + std::to_string(kMaxStepsPerCall) + " per call")};
  double loss = 0;
  for (int k = 0; k < steps; ++k) {
    batch_.clear();
    const std::uint64_t n = corpus_.train.size();
    for (int b = 0; b < config_.batch; ++b) batch_.push_back(&corpus_.train[rng_.next() % n]);
    loss = loss_and_gradient(batch_, &grad_);
    adam_update(grad_);
  }
  if (train_loss) *train_loss = loss;
  return {};
}

double Model::held_out_loss(HeadMask zeroed) const {
  std::vector<const Sentence*> all;
  for (const Sentence& s : corpus_.held_out) all.push_back(&s);
  return loss_and_gradient(all, nullptr, zeroed);
}

HeadReport measure_shares(const std::vector<const Sentence*>& sentences, const std::vector<const double*>& grids) {
  HeadReport r;
  const std::size_t T = sentence_length();
  std::size_t singular = 0, plural = 0;
  for (std::size_t i = 0; i < sentences.size(); ++i) {
    const Sentence& s = *sentences[i];
    const double* A = grids[i];  // (T, T): row = asker, column = key
    // every role but the first word has a previous word: A[row][row - 1]
    for (int role = kFirstWord + 1; role < kRoles; ++role) {
      const std::size_t row = s.row_of[role];
      r.previous_by_role[role] += A[row * T + row - 1];
    }
    const double on_noun = A[s.noun_row * T + s.first_noun];
    r.noun_share += on_noun;
    (s.plural ? r.noun_share_plural : r.noun_share_singular) += on_noun;
    ++(s.plural ? plural : singular);
  }
  const double n = std::max<double>(sentences.size(), 1);
  for (int role = kFirstWord + 1; role < kRoles; ++role) {
    r.previous_by_role[role] /= n;
    r.previous_share += r.previous_by_role[role] / (kRoles - 1);  // one row of each role per sentence
  }
  r.noun_share /= n;
  r.noun_share_singular /= std::max<std::size_t>(singular, 1);
  r.noun_share_plural /= std::max<std::size_t>(plural, 1);
  return r;
}

std::vector<HeadReport> Model::measure() const {
  const int H = config_.heads, T = sentence_length();
  const std::size_t N = corpus_.held_out.size();
  // every held-out sentence's weights, (N, H, T, T), then each head's grids from them
  std::vector<double> weights(N * H * T * T);
  std::vector<const Sentence*> sentences;
  Forward f;
  for (std::size_t i = 0; i < N; ++i) {
    forward(corpus_.held_out[i], 0, &f);
    std::copy(f.weights.begin(), f.weights.end(), weights.begin() + i * H * T * T);
    sentences.push_back(&corpus_.held_out[i]);
  }
  std::vector<HeadReport> out;
  std::vector<const double*> grids(N);
  for (int h = 0; h < H; ++h) {
    for (std::size_t i = 0; i < N; ++i) grids[i] = &weights[(i * H + h) * T * T];
    out.push_back(measure_shares(sentences, grids));
    out.back().ablated_loss = held_out_loss(head_bit(h));
  }
  return out;
}

namespace {
// The labels print two decimals; each threshold is applied to the number as printed, so a
// label never shows "+0.02" beside "not needed" or 0.80 beside a job it was refused.
double at2(double x) { return std::round(x * 100) / 100; }
}  // namespace

Label label_of(const HeadReport& r, double held_out_loss) {
  Label label;
  label.cost = r.ablated_loss - held_out_loss;
  label.needed = at2(label.cost) >= kNeededLoss;
  if (at2(r.previous_by_role[kVerbComma]) >= kPreviousLabel) {
    // the job holds where it is needed; name every role where it holds as well
    label.job = Job::kPreviousWord;
    int count = 0;
    for (int role = kFirstWord + 1; role < kRoles; ++role)
      if (at2(r.previous_by_role[role]) >= kPreviousLabel) {
        label.roles |= 1u << role;
        label.share += r.previous_by_role[role];
        ++count;
      }
    label.share /= count;
  } else if (at2(r.noun_share) >= kNounOverallLabel &&
             at2(std::max(r.noun_share_singular, r.noun_share_plural)) >= kNounLabel) {
    label.job = Job::kFirstNoun;
    label.roles = 1u << kVerbComma;
    label.share = r.noun_share;
  }
  return label;
}

Status Model::check_mask(HeadMask zeroed) const {
  if (zeroed >> config_.heads)
    return {ErrorCode::kBadArgument, "zeroed heads: the model has heads 1 to " + std::to_string(config_.heads) +
                                         " (got a mask of " + std::to_string(zeroed) + ")"};
  return {};
}

Status Model::set_parameters(const std::vector<double>& values) {
  if (values.size() != params_.size())
    return {ErrorCode::kBadArgument, "set_parameters: " + std::to_string(values.size()) + " numbers for a model of " +
                                         std::to_string(params_.size())};
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i]))
      return {ErrorCode::kBadArgument, "set_parameters: number " + std::to_string(i) + " is not finite"};
  params_ = values;
  return {};
}

Status Model::run(int index, Forward* forward_out, HeadMask zeroed) const {
  if (params_.empty()) return {ErrorCode::kBadArgument, "run: the model has not been reset"};
  if (index < 0 || index >= static_cast<int>(corpus_.held_out.size()))
    return {ErrorCode::kBadArgument, range_message("sentence", index,
                                                   "0 to " + std::to_string(corpus_.held_out.size() - 1))};
  if (Status s = check_mask(zeroed); !s.ok()) return s;
  forward(corpus_.held_out[index], zeroed, forward_out);
  return {};
}

Status Model::guesses(int index, int row, int k, std::vector<Guess>* out, HeadMask zeroed) const {
  Forward f;
  if (Status s = run(index, &f, zeroed); !s.ok()) return s;
  const int V = static_cast<int>(vocabulary().size()), T = sentence_length();
  if (row < 0 || row >= T) return {ErrorCode::kBadArgument, range_message("row", row, "0 to " + std::to_string(T - 1))};
  if (k < 1 || k > V) return {ErrorCode::kBadArgument, range_message("k", k, "1 to " + std::to_string(V))};
  std::vector<int> order(V);
  std::iota(order.begin(), order.end(), 0);
  const double* p = &f.probs[row * V];
  std::stable_sort(order.begin(), order.end(), [p](int a, int b) { return p[a] > p[b]; });
  out->clear();
  for (int i = 0; i < k; ++i) out->push_back({order[i], p[order[i]]});
  return {};
}

}  // namespace heads
