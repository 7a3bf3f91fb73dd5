package sim

// raceDetector finds shared-memory data races within a CTA: two accesses
// to the same byte by threads of different warps, at least one a write,
// with no barrier between them. Each byte's shadow remembers its last
// writer and its readers in the current barrier epoch; epochs count up
// across barriers and CTAs, so shadows never need clearing. Lanes of one
// warp are ordered by the warp's lockstep execution and are not compared;
// atomics are not checked (they do not race with each other).
type raceDetector struct {
	shadow []raceCell
	epoch  uint32
}

type raceCell struct {
	wEpoch, rEpoch uint32
	writer, reader int32 // linear thread ids; reader -1: readers in several warps
}

func newRaceDetector(n int) *raceDetector { return &raceDetector{shadow: make([]raceCell, n)} }

func (r *raceDetector) newCTA()  { r.epoch++ }
func (r *raceDetector) barrier() { r.epoch++ }

// access records lane l of w accessing n bytes at shared offset off.
func (r *raceDetector) access(w *warp, in *inst, l int, off uint64, n int, write bool) error {
	if off+uint64(n) > uint64(len(r.shadow)) {
		return nil // the bounds check reports it
	}
	t := int32(w.id*32 + l)
	wp := int32(w.id)
	ep := r.epoch
	for i := off; i < off+uint64(n); i++ {
		c := &r.shadow[i]
		if c.wEpoch == ep && c.writer/32 != wp {
			what := "reads"
			if write {
				what = "writes"
			}
			return r.report(w, in, l, i, what, "written", c.writer)
		}
		if write {
			if c.rEpoch == ep && (c.reader < 0 || c.reader/32 != wp) {
				return r.report(w, in, l, i, "writes", "read", c.reader)
			}
			c.wEpoch, c.writer = ep, t
			continue
		}
		switch {
		case c.rEpoch != ep:
			c.rEpoch, c.reader = ep, t
		case c.reader >= 0 && c.reader/32 != wp:
			c.reader = -1
		}
	}
	return nil
}

func (r *raceDetector) report(w *warp, in *inst, l int, off uint64, what, other string, thr int32) error {
	who := "threads of several warps"
	if thr >= 0 {
		b := w.cta.launch.Block
		t := int(thr)
		who = "thread (" + itoa(t%b[0]) + "," + itoa(t/b[0]%b[1]) + "," + itoa(t/(b[0]*b[1])) + ")"
	}
	return w.errAddr(in, l, ErrRace, SpaceShared, off,
		"shared-memory race: this thread %s a byte that %s %s since the last barrier", what, who, other)
}

func itoa(x int) string {
	if x == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := x < 0
	if neg {
		x = -x
	}
	for x > 0 {
		i--
		b[i] = byte('0' + x%10)
		x /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
