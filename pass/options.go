package pass

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Option is one declared option of a pass: a name, a description, a value
// type and a default. Options are declared through the methods of Options,
// which return a pointer to the variable holding the value.
type Option struct {
	// Name is the option's name in pipeline strings: name=value.
	Name string
	// Description says what the option does.
	Description string
	// Type names the value type for listings: "bool", "int", "string",
	// "list<string>" or "list<int>".
	Type string

	isBool  bool
	isList  bool
	def     string
	set     func(string) error
	get     func() string
	spell   func() string // the value as written in a pipeline (quoted where needed)
	restore func()
}

// quoteIfNeeded quotes a value that would otherwise not read back as one.
func quoteIfNeeded(v string) string {
	if strings.ContainsAny(v, " \t\n") {
		if strings.Contains(v, "'") {
			return `"` + v + `"`
		}
		return "'" + v + "'"
	}
	return v
}

// Default returns the default value as it would be written in a pipeline
// string.
func (o *Option) Default() string { return o.def }

// Value returns the current value as it would be written in a pipeline
// string.
func (o *Option) Value() string { return o.get() }

// Options is the set of options a pass declares. The zero value is an empty
// set ready for use.
type Options struct {
	list []*Option
}

func (s *Options) add(o *Option) {
	if s.Lookup(o.Name) != nil {
		panic(fmt.Sprintf("pass: option %q declared twice", o.Name))
	}
	s.list = append(s.list, o)
}

// Bool declares a bool option. In a pipeline string, "name" alone means true.
func (s *Options) Bool(name string, def bool, desc string) *bool {
	v := new(bool)
	*v = def
	s.add(&Option{Name: name, Description: desc, Type: "bool", isBool: true,
		def: strconv.FormatBool(def),
		set: func(text string) error {
			b, ok := parseBool(text)
			if !ok {
				return fmt.Errorf("expected true or false, got %q", text)
			}
			*v = b
			return nil
		},
		get:     func() string { return strconv.FormatBool(*v) },
		restore: func() { *v = def },
	})
	return v
}

// Int declares an integer option.
func (s *Options) Int(name string, def int, desc string) *int {
	v := new(int)
	*v = def
	s.add(&Option{Name: name, Description: desc, Type: "int",
		def: strconv.Itoa(def),
		set: func(text string) error {
			n, err := parseInt(text)
			if err != nil {
				return err
			}
			*v = n
			return nil
		},
		get:     func() string { return strconv.Itoa(*v) },
		restore: func() { *v = def },
	})
	return v
}

// String declares a string option. A value may be quoted with ' or " to
// hold spaces; the quotes are removed.
func (s *Options) String(name, def, desc string) *string {
	v := new(string)
	*v = def
	s.add(&Option{Name: name, Description: desc, Type: "string", def: def,
		set:     func(text string) error { *v = unquote(text); return nil },
		get:     func() string { return *v },
		spell:   func() string { return quoteIfNeeded(*v) },
		restore: func() { *v = def },
	})
	return v
}

// Enum declares a string option restricted to the given values.
func (s *Options) Enum(name, def string, values []string, desc string) *string {
	v := new(string)
	*v = def
	s.add(&Option{Name: name, Description: desc, Type: "one of " + strings.Join(values, "|"), def: def,
		set: func(text string) error {
			text = unquote(text)
			if !slices.Contains(values, text) {
				return fmt.Errorf("expected one of %s, got %q", strings.Join(values, ", "), text)
			}
			*v = text
			return nil
		},
		get:     func() string { return *v },
		restore: func() { *v = def },
	})
	return v
}

// StringList declares a comma-separated list of strings. Commas inside
// braces, parentheses, brackets or quotes do not split elements.
func (s *Options) StringList(name string, def []string, desc string) *[]string {
	v := new([]string)
	*v = slices.Clone(def)
	s.add(&Option{Name: name, Description: desc, Type: "list<string>", isList: true,
		def: strings.Join(def, ","),
		set: func(text string) error {
			var out []string
			for _, e := range splitList(text) {
				out = append(out, unquote(e))
			}
			*v = out
			return nil
		},
		get: func() string { return strings.Join(*v, ",") },
		spell: func() string {
			parts := make([]string, len(*v))
			for i, e := range *v {
				parts[i] = quoteIfNeeded(e)
			}
			return strings.Join(parts, ",")
		},
		restore: func() { *v = slices.Clone(def) },
	})
	return v
}

// IntList declares a comma-separated list of integers.
func (s *Options) IntList(name string, def []int, desc string) *[]int {
	v := new([]int)
	*v = slices.Clone(def)
	format := func(xs []int) string {
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = strconv.Itoa(x)
		}
		return strings.Join(parts, ",")
	}
	s.add(&Option{Name: name, Description: desc, Type: "list<int>", isList: true,
		def: format(def),
		set: func(text string) error {
			var out []int
			for _, e := range splitList(text) {
				n, err := parseInt(e)
				if err != nil {
					return err
				}
				out = append(out, n)
			}
			*v = out
			return nil
		},
		get:     func() string { return format(*v) },
		restore: func() { *v = slices.Clone(def) },
	})
	return v
}

// List returns the options in declaration order.
func (s *Options) List() []*Option { return s.list }

// Lookup returns the option with the given name, or nil.
func (s *Options) Lookup(name string) *Option {
	for _, o := range s.list {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// Reset sets every option back to its default.
func (s *Options) Reset() {
	for _, o := range s.list {
		o.restore()
	}
}

// OptionError is a mistake in an option string. Offset is the byte offset
// in the option string where the mistake is.
type OptionError struct {
	// Offset is the byte offset of the mistake in the option string.
	Offset int
	// Msg is the message.
	Msg string
}

// Error returns the message.
func (e *OptionError) Error() string { return e.Msg }

// Parse sets options from text, MLIR's option syntax: space-separated
// "name=value" entries ("name" alone for a true bool). Values may be quoted
// with ' or " and may contain balanced braces (nested pipelines). passName
// is used in messages. Unknown names and malformed values are errors of
// type *OptionError.
func (s *Options) Parse(text, passName string) error {
	pos := 0
	for {
		for pos < len(text) && isSpace(text[pos]) {
			pos++
		}
		if pos >= len(text) {
			return nil
		}
		keyStart := pos
		for pos < len(text) && !isSpace(text[pos]) && text[pos] != '=' {
			pos++
		}
		key := text[keyStart:pos]
		hasValue := pos < len(text) && text[pos] == '='
		valStart := pos
		if hasValue {
			pos++
			valStart = pos
			end, err := scanOptionValue(text, pos)
			if err != nil {
				return err
			}
			pos = end
		}
		value := text[valStart:pos]
		if key == "" {
			return &OptionError{Offset: keyStart, Msg: "expected an option name before '='"}
		}
		opt := s.Lookup(key)
		if opt == nil {
			return &OptionError{Offset: keyStart, Msg: fmt.Sprintf("no such option '%s' for pass '%s'", key, passName)}
		}
		if !hasValue {
			if !opt.isBool {
				return &OptionError{Offset: keyStart, Msg: fmt.Sprintf("option '%s' of pass '%s' needs a value (%s=<%s>)", key, passName, key, opt.Type)}
			}
			value = "true"
		}
		if err := opt.set(value); err != nil {
			return &OptionError{Offset: valStart, Msg: fmt.Sprintf("invalid value for option '%s' of pass '%s': %v", key, passName, err)}
		}
	}
}

// scanOptionValue returns the end of the value starting at pos: the next
// space outside quotes and braces.
func scanOptionValue(text string, pos int) (int, error) {
	depth := 0
	for pos < len(text) {
		c := text[pos]
		switch {
		case c == '\'' || c == '"':
			end := strings.IndexByte(text[pos+1:], c)
			if end < 0 {
				return 0, &OptionError{Offset: pos, Msg: fmt.Sprintf("missing closing %c in option value", c)}
			}
			pos += end + 2
			continue
		case c == '{':
			depth++
		case c == '}':
			if depth == 0 {
				return 0, &OptionError{Offset: pos, Msg: "unbalanced '}' in option value"}
			}
			depth--
		case isSpace(c) && depth == 0:
			return pos, nil
		}
		pos++
	}
	if depth > 0 {
		return 0, &OptionError{Offset: pos, Msg: "missing closing '}' in option value"}
	}
	return pos, nil
}

// Format returns the options as MLIR prints them in pipelines: sorted by
// name, separated by spaces, empty lists printing nothing, in braces. It
// returns "" when there are no options.
func (s *Options) Format() string {
	if len(s.list) == 0 {
		return ""
	}
	sorted := slices.Clone(s.list)
	slices.SortFunc(sorted, func(a, b *Option) int { return strings.Compare(a.Name, b.Name) })
	var sb strings.Builder
	sb.WriteByte('{')
	for i, o := range sorted {
		if i > 0 {
			sb.WriteByte(' ')
		}
		v := o.get()
		if o.spell != nil {
			v = o.spell()
		}
		if o.isList && v == "" {
			continue
		}
		sb.WriteString(o.Name)
		sb.WriteByte('=')
		sb.WriteString(v)
	}
	sb.WriteByte('}')
	return sb.String()
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func parseBool(s string) (bool, bool) {
	switch unquote(s) {
	case "true", "TRUE", "True", "1", "":
		return true, true
	case "false", "FALSE", "False", "0":
		return false, true
	}
	return false, false
}

func parseInt(s string) (int, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(unquote(s)), 0, strconv.IntSize)
	if err != nil {
		return 0, fmt.Errorf("expected an integer, got %q", s)
	}
	return int(n), nil
}

// unquote removes one level of matching ' or " quotes.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// splitList splits on commas that are not nested in (), [], {} or quotes.
// An empty string is an empty list.
func splitList(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\'', '"':
			if j := strings.IndexByte(s[i+1:], c); j >= 0 {
				i += j + 1
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
