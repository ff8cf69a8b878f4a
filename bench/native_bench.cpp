// The native core through Google Benchmark: attend_raw() at the shapes of the
// wasm table, with the grid and outputs-only. Built only where Google
// Benchmark is installed (bench/CMakeLists.txt), run by `npm run bench` and
// `npm run bench:native`, never by the tests.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "attention/attention.hpp"

namespace {

struct Buffers {
  std::vector<float> q, k, v, weights, outputs;
};

// Unit-variance scores after dividing by sqrt(d), as in the wasm benchmark.
Buffers make_buffers(std::size_t n, std::size_t d, bool with_weights) {
  std::mt19937 rng(static_cast<unsigned>(n * 7 + d));
  std::normal_distribution<float> normal;
  Buffers b;
  for (auto* v : {&b.q, &b.k, &b.v}) {
    v->resize(n * d);
    for (float& x : *v) x = normal(rng);
  }
  b.weights.resize(with_weights ? n * n : 0);
  b.outputs.resize(n * d);
  return b;
}

void run(benchmark::State& state, bool with_weights) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto d = static_cast<std::size_t>(state.range(1));
  const bool causal = state.range(2) != 0;
  Buffers b = make_buffers(n, d, with_weights);
  for (auto _ : state) {
    auto status = attention::attend_raw(b.q.data(), b.k.data(), b.v.data(), n, d,
                                        attention::RawOptions{true, causal},
                                        with_weights ? b.weights.data() : nullptr,
                                        b.outputs.data());
    if (!status.ok()) state.SkipWithError(status.message.c_str());
    benchmark::DoNotOptimize(b.outputs.data());
  }
  // 4 n^2 d nominal FLOPs, also when causal (as in the wasm table).
  state.counters["GFLOP/s"] = benchmark::Counter(4.0 * double(n) * double(n) * double(d),
                                                 benchmark::Counter::kIsIterationInvariantRate);
  state.counters["n"] = double(n);
  state.counters["d"] = double(d);
  state.counters["causal"] = causal;
}

void Grid(benchmark::State& state) { run(state, true); }
void OutputsOnly(benchmark::State& state) { run(state, false); }

void shapes(benchmark::internal::Benchmark* b) {
  for (long n : {256, 1024, 2048, 4096})
    for (long d : {64, 128})
      for (long causal : {0, 1}) b->Args({n, d, causal});
}

}  // namespace

BENCHMARK(Grid)->Apply(shapes)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(OutputsOnly)->Args({2048, 128, 0})->Args({2048, 128, 1})->Args({16384, 128, 1})
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
