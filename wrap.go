package tt

// Wraps records that wrapper is a function wrapping f, a function returned
// by Compile or ValueAndGrad, so that Counters and Release of wrapper act
// on f (libraries that wrap compiled functions, such as nn.ValueAndGrad,
// use it). It returns wrapper; f unknown to tt is ignored.
func Wraps[W any](wrapper W, f any) W {
	if c, ok := states.Load(funcKey(f)); ok {
		states.Store(funcKey(wrapper), c)
	}
	return wrapper
}
