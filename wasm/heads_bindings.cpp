// Embind bindings of the heads lab's model (core/include/attention/heads.hpp):
// one flat table at the bottom, conversion helpers above it.
//
// Its own module (dist/attention-heads.mjs), so the widget's core module does
// not grow by a training loop it never runs. Same conventions as bindings.cpp:
// typed arrays cross in one copy each way, errors cross as a plain
// { ok: false, code, message } object that wasm/heads.js turns into a HeadsError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "attention/heads.hpp"

using emscripten::val;

namespace {

val copy_out(const std::vector<double>& data) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(data.size(), data.data()));
}

val status_out(const attention::Status& s) {
  val out = val::object();
  out.set("ok", s.ok());
  out.set("code", std::string(attention::error_code_name(s.code)));
  out.set("message", s.message);
  return out;
}

const char* job_name(heads::Job job) {
  switch (job) {
    case heads::Job::kPreviousWord: return "previous-word";
    case heads::Job::kFirstNoun: return "first-noun";
    case heads::Job::kNone: break;
  }
  return "none";
}

// One head's measurements and the label they earn (heads::label_of).
val report_out(const heads::HeadReport& r, double held_out) {
  const heads::Label label = heads::label_of(r, held_out);
  val h = val::object();
  val by_role = val::object();
  for (int role = heads::kFirstWord + 1; role < heads::kRoles; ++role)
    by_role.set(heads::role_names()[role], r.previous_by_role[role]);
  h.set("previousByRole", by_role);
  h.set("previousShare", r.previous_share);
  h.set("nounShare", r.noun_share);
  h.set("nounShareSingular", r.noun_share_singular);
  h.set("nounSharePlural", r.noun_share_plural);
  h.set("ablatedLoss", r.ablated_loss);
  h.set("job", std::string(job_name(label.job)));
  h.set("needed", label.needed);
  h.set("cost", label.cost);
  val roles = val::array();
  for (int role = 0; role < heads::kRoles; ++role)
    if (label.roles & (1u << role)) roles.call<void>("push", heads::role_names()[role]);
  h.set("jobRoles", roles);
  h.set("jobShare", label.share);
  return h;
}

val words_out(const std::vector<int>& tokens) {
  val out = val::array();
  for (int t : tokens) out.call<void>("push", heads::vocabulary()[t]);
  return out;
}

class HeadsLab {
 public:
  // config: { heads, dModel, dHead, batch, learningRate, seed } (checked in JS and here)
  val reset(const val& config) {
    heads::Config c;
    c.heads = config["heads"].as<int>();
    c.d_model = config["dModel"].as<int>();
    c.d_head = config["dHead"].as<int>();
    c.batch = config["batch"].as<int>();
    c.learning_rate = config["learningRate"].as<double>();
    c.seed = config["seed"].as<unsigned>();
    return status_out(model_.reset(c));
  }

  val train(int steps) {
    double loss = 0;
    val out = status_out(model_.train(steps, &loss));
    out.set("trainLoss", loss);
    out.set("steps", static_cast<double>(model_.steps_taken()));
    return out;
  }

  // The numbers behind each head's label, over the held-out sentences, and the held-out
  // loss with the heads in `zeroed` (a mask, bit h = head h) zeroed.
  val measure(unsigned zeroed) const {
    val out = status_out(model_.check_mask(zeroed));
    if (!out["ok"].as<bool>()) return out;
    const double held_out = model_.held_out_loss();
    out.set("heldOutLoss", held_out);
    out.set("zeroedLoss", zeroed ? model_.held_out_loss(zeroed) : held_out);
    val list = val::array();
    for (const heads::HeadReport& r : model_.measure()) list.call<void>("push", report_out(r, held_out));
    out.set("heads", list);
    out.set("heldOutSentences", static_cast<int>(model_.corpus().held_out.size()));
    return out;
  }

  // Held-out sentence `index`: its words, every head's weights (H, T, T) and the
  // top k guesses after the job row, with the heads in `zeroed` zeroed.
  val sentence(int index, int k, unsigned zeroed) const {
    heads::Forward f;
    val out = status_out(model_.run(index, &f, zeroed));
    if (!out["ok"].as<bool>()) return out;
    const heads::Sentence& s = model_.corpus().held_out[index];
    std::vector<heads::Guess> guesses;
    val g = status_out(model_.guesses(index, s.noun_row, k, &guesses, zeroed));
    if (!g["ok"].as<bool>()) return g;
    out.set("words", words_out(s.tokens));
    out.set("weights", copy_out(f.weights));
    out.set("jobRow", s.noun_row);
    out.set("firstNoun", s.first_noun);
    val list = val::array();
    for (const heads::Guess& x : guesses) {
      val e = val::object();
      e.set("word", heads::vocabulary()[x.token]);
      e.set("probability", x.probability);
      list.call<void>("push", e);
    }
    out.set("guesses", list);
    return out;
  }

  // For the gradient check through wasm: the flat parameters, in and out.
  val parameters() { return copy_out(model_.parameters()); }
  val setParameters(const val& values) {
    return status_out(model_.set_parameters(emscripten::convertJSArrayToNumberVector<double>(values)));
  }
  // Loss and gradient over the first `sentences` training sentences.
  val lossAndGradient(int sentences) const {
    const int n = static_cast<int>(model_.corpus().train.size());
    if (sentences < 1 || sentences > n)
      return status_out({attention::ErrorCode::kBadArgument,
                         "lossAndGradient: sentences must be 1 to " + std::to_string(n)});
    std::vector<const heads::Sentence*> batch;
    for (int i = 0; i < sentences; ++i) batch.push_back(&model_.corpus().train[i]);
    std::vector<double> grad;
    val out = status_out({});
    out.set("loss", model_.loss_and_gradient(batch, &grad));
    out.set("gradient", copy_out(grad));
    return out;
  }

 private:
  heads::Model model_;
};

val vocabulary() {
  val out = val::array();
  for (const std::string& w : heads::vocabulary()) out.call<void>("push", w);
  return out;
}

val roles() {
  val out = val::array();
  for (const std::string& r : heads::role_names()) out.call<void>("push", r);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_heads) {
  emscripten::class_<HeadsLab>("HeadsLab")
      .constructor<>()
      .function("reset", &HeadsLab::reset)
      .function("train", &HeadsLab::train)
      .function("measure", &HeadsLab::measure)
      .function("sentence", &HeadsLab::sentence)
      .function("parameters", &HeadsLab::parameters)
      .function("setParameters", &HeadsLab::setParameters)
      .function("lossAndGradient", &HeadsLab::lossAndGradient);
  emscripten::function("vocabulary", &vocabulary);
  emscripten::function("sentenceLength", &heads::sentence_length);
  emscripten::function("roles", &roles);
  emscripten::constant("maxHeads", heads::kMaxHeads);
  emscripten::constant("maxModelDim", heads::kMaxModelDim);
  emscripten::constant("maxHeadDim", heads::kMaxHeadDim);
  emscripten::constant("maxBatch", heads::kMaxBatch);
  emscripten::constant("maxStepsPerCall", heads::kMaxStepsPerCall);
  emscripten::constant("maxLearningRate", heads::kMaxLearningRate);
  emscripten::constant("previousLabel", heads::kPreviousLabel);
  emscripten::constant("nounLabel", heads::kNounLabel);
  emscripten::constant("nounOverallLabel", heads::kNounOverallLabel);
  emscripten::constant("neededLoss", heads::kNeededLoss);
}
