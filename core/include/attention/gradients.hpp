// The backward pass of the teaching path: how a scalar loss changes with every
// entry of W_Q, W_K, W_V and of the embeddings, through the same five passes
// attend() runs forward (project, score, scale + mask, softmax, blend).
//
// A loss reaches the pass through its "upstream" gradients: dloss/dweights,
// dloss/doutputs and, for losses easier to write on the logits (cross-entropy),
// dloss/dlogits. backward() runs the chain rule back from there.
// Double precision, like attend(); checked against central finite differences
// (tests/native/gradients_test.cpp, tests/wasm/gradients.test.mjs).
#pragma once

#include "attention/attention.hpp"

namespace attention {

// What a loss hands to backward(). An empty matrix (0 x 0) means "this loss
// does not depend on it" (all zeros). Layouts, row-major:
struct Upstream {
  Matrix weights;  // (n, n)    dloss/dweights(i, j)
  Matrix outputs;  // (n, d_v)  dloss/doutputs(i, c)
  Matrix logits;   // (n, n)    dloss/dlogits(i, j), added after the softmax's own; ignored where masked
};

// dloss/d(each input), each the shape of the input it belongs to.
struct Gradients {
  Matrix embeddings;  // (n, d_model)
  Matrix wq;          // (d_k, d_model)
  Matrix wk;          // (d_k, d_model)
  Matrix wv;          // (d_v, d_model)
};

// trace: the forward pass of (inputs, options), from a successful attend().
// Checks the upstream shapes and that it is finite; never throws.
Status backward(const Inputs& inputs, const Options& options, const Trace& trace,
                const Upstream& upstream, Gradients* gradients);

}  // namespace attention
