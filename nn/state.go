package nn

import (
	"fmt"
	"slices"
	"sort"

	"github.com/tt-compiler/tt"
	"github.com/tt-compiler/tt/safetensors"
)

// StateDict returns m's parameters by name (PyTorch's state_dict()).
func StateDict(m any) map[string]*tt.Tensor {
	out := map[string]*tt.Tensor{}
	for _, p := range Parameters(m) {
		out[p.Name] = *p.Ptr
	}
	return out
}

// LoadStateDict stores the tensors of sd in m's parameters
// (load_state_dict with strict=True): every parameter must have a tensor of
// its dtype and shape, and sd must have no other names.
func LoadStateDict(m any, sd map[string]*tt.Tensor) error {
	ps := Parameters(m)
	known := map[string]bool{}
	var missing []string
	for _, p := range ps {
		known[p.Name] = true
		t, ok := sd[p.Name]
		if !ok {
			missing = append(missing, p.Name)
			continue
		}
		old := *p.Ptr
		if t.DType() != old.DType() || !slices.Equal(t.Shape(), old.Shape()) {
			return fmt.Errorf("nn: parameter %q: state has %s%v, the module %s%v", p.Name, t.DType(), t.Shape(), old.DType(), old.Shape())
		}
	}
	var unexpected []string
	for n := range sd {
		if !known[n] {
			unexpected = append(unexpected, n)
		}
	}
	sort.Strings(unexpected)
	if len(missing) > 0 || len(unexpected) > 0 {
		return fmt.Errorf("nn: state does not match the module: missing %v, unexpected %v", missing, unexpected)
	}
	for _, p := range ps {
		*p.Ptr = sd[p.Name]
	}
	return nil
}

// ToSafetensors converts named tensors to the format's tensors.
func ToSafetensors(ts map[string]*tt.Tensor) (map[string]safetensors.Tensor, error) {
	out := make(map[string]safetensors.Tensor, len(ts))
	for n, t := range ts {
		st, err := safetensors.FromTensor(t)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		out[n] = st
	}
	return out, nil
}

// FromSafetensors converts a file's tensors to tt tensors.
func FromSafetensors(f *safetensors.File) (map[string]*tt.Tensor, error) {
	out := make(map[string]*tt.Tensor, len(f.Tensors))
	for n, st := range f.Tensors {
		t, err := st.ToTensor()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		out[n] = t
	}
	return out, nil
}

// SaveState writes m's state dict to a safetensors file at path, with
// metadata (nil for none); PyTorch reads it with
// safetensors.torch.load_file.
func SaveState(path string, m any, metadata map[string]string) error {
	ts, err := ToSafetensors(StateDict(m))
	if err != nil {
		return err
	}
	return safetensors.WriteFile(path, ts, metadata)
}

// LoadState reads a safetensors file at path into m's parameters
// (strictly, as LoadStateDict) and returns the file's metadata.
func LoadState(path string, m any) (map[string]string, error) {
	f, err := safetensors.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sd, err := FromSafetensors(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := LoadStateDict(m, sd); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f.Metadata, nil
}
