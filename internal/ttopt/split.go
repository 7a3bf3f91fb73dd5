package ttopt

import (
	"bytes"
)

// chunk is one piece of an input split on "// -----" lines.
type chunk struct {
	src       []byte
	firstLine int // 1-based line of src's first line in the whole file
}

// splitInput splits src at lines that start with "// -----", as
// mlir-opt --split-input-file does. Line numbers stay those of the file.
func splitInput(src []byte, split bool) []chunk {
	if !split {
		return []chunk{{src: src, firstLine: 1}}
	}
	var out []chunk
	start, startLine, line := 0, 1, 1
	for off := 0; off <= len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		lineEnd := len(src)
		next := len(src) + 1
		if end >= 0 {
			lineEnd = off + end
			next = lineEnd + 1
		}
		if bytes.HasPrefix(bytes.TrimLeft(src[off:lineEnd], " \t"), []byte("// -----")) {
			out = append(out, chunk{src: src[start:off], firstLine: startLine})
			start, startLine = min(next, len(src)), line+1
		}
		off = next
		line++
	}
	out = append(out, chunk{src: src[start:], firstLine: startLine})
	return out
}
