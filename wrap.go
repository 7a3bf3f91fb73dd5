package tt

// Wraps records that wrapper is a function wrapping f, a function returned
// by Compile or ValueAndGrad, so that Counters and Release of wrapper act
// on f (libraries that wrap compiled functions, such as nn.ValueAndGrad,
// use it). It returns wrapper; f unknown to tt is ignored. Func values are
// told apart by their closures: wrapper must be a closure made for f (a
// func literal that captures f or its state), not a shared top-level
// function.
func Wraps[W any](wrapper W, f any) W {
	if c, ok := states.Load(funcKey(f)); ok {
		states.Store(funcKey(wrapper), c)
	}
	return wrapper
}
