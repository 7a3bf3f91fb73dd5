// Files under Inputs/ are never run as tests; if this one were, it would
// fail.
// RUN: false
