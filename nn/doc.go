// Package nn holds neural-network modules over tt tensors, PyTorch's
// torch.nn for tt: Linear, Embedding, LayerNorm, Conv2d, MaxPool2d,
// Dropout, causal multi-head Attention, Sequential and activation
// modules, initialised as PyTorch initialises them (from a seeded
// tt.Generator). A module is a Go struct whose exported *tt.Tensor fields
// are its parameters; Parameters collects them with PyTorch's state_dict
// names, ValueAndGrad differentiates a loss with respect to them, and
// SaveState/LoadState exchange them as safetensors files.
package nn
