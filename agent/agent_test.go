package agent

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestStreamText(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		limit    int
		write    []string
		text     string
		encoding string
		cut      bool
	}{
		{"empty", 0, nil, "", "", false},
		{"utf8", 0, []string{"héllo ", "wörld\n"}, "héllo wörld\n", "", false},
		{"binary", 0, []string{"a\xffb"}, "Yf9i", Base64, false},
		{"cut", 4, []string{"abcdef"}, "abcd", "", true},
		// a cut in the middle of é keeps the text before it
		{"cut in a character", 2, []string{"aé", "b"}, "a", "", true},
		{"cut binary", 2, []string{"\xff\xfe\xfd"}, "//4=", Base64, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := &Stream{Limit: c.limit}
			for _, w := range c.write {
				if n, err := s.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write = %d, %v", n, err)
				}
			}
			text, enc, cut := s.Text()
			if text != c.text || enc != c.encoding || cut != c.cut {
				t.Errorf("Text() = %q, %q, %v; want %q, %q, %v", text, enc, cut, c.text, c.encoding, c.cut)
			}
		})
	}
}

// TestResultLossless: any bytes survive a trip through the JSON of a
// Result.
func TestResultLossless(t *testing.T) {
	t.Parallel()
	for _, out := range [][]byte{[]byte("plain\n"), {0, 1, 0xff, 0xc3}, []byte("ok \xe2\x82"), bytes.Repeat([]byte{0x80}, 10)} {
		var s Stream
		s.Write(out)
		var r Result
		r.SetStdout(&s)
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back Result
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		got, err := Decode(back.Stdout, back.StdoutEncoding)
		if err != nil || !bytes.Equal(got, out) {
			t.Errorf("%q came back as %q (%v) from %s", out, got, err, data)
		}
	}
}

func TestStreamBound(t *testing.T) {
	t.Parallel()
	var s Stream
	chunk := strings.Repeat("x", 64<<10)
	for range 40 { // 2.5 MiB
		s.Write([]byte(chunk))
	}
	text, _, cut := s.Text()
	if len(text) != MaxStream || !cut || s.Len() != 40*64<<10 {
		t.Errorf("kept %d bytes of %d, cut %v", len(text), s.Len(), cut)
	}
	var r Result
	r.SetStdout(&s)
	if !r.StdoutTruncated || r.StderrTruncated {
		t.Error("Result.StdoutTruncated is false (or stderr true)")
	}
}

// EditEntry adds or removes one entry of a configuration file's section
// and keeps the rest; JSONError says where the JSON breaks and what has
// the wrong type, in words.
func TestEditEntry(t *testing.T) {
	t.Parallel()
	value := map[string]string{"url": "u"}
	out, err := EditEntry([]byte(`{"other": 1, "servers": {"a": {}}}`), "servers", "server", "b", value)
	if err != nil || string(out) != "{\n  \"other\": 1,\n  \"servers\": {\n    \"a\": {},\n    \"b\": {\n      \"url\": \"u\"\n    }\n  }\n}\n" {
		t.Errorf("%q, %v", out, err)
	}
	if out, err := EditEntry(out, "servers", "server", "a", nil); err != nil || string(out) != "{\n  \"other\": 1,\n  \"servers\": {\n    \"b\": {\n      \"url\": \"u\"\n    }\n  }\n}\n" {
		t.Errorf("removed: %q, %v", out, err)
	}
	if out, err := EditEntry(nil, "servers", "server", "b", value); err != nil || !strings.Contains(string(out), `"b"`) {
		t.Errorf("a new file: %q, %v", out, err)
	}
	for _, c := range []struct {
		data, key string
		value     any
		want      string
	}{
		{"{\n,}", "b", value, "invalid JSON on line 2: invalid character ',' looking for beginning of object key string"},
		{`{"servers": [1]}`, "b", value, "the value must be an object, not array"},
		{`[]`, "b", value, "the value must be an object, not array"},
		{`{"servers": {"a":1}}`, "b", value, ""},
		{`{"servers": {"b":1}}`, "b", value, `server "b" already exists (remove it first)`},
		{`{"servers": {"a":1}}`, "b", nil, `no server "b"`},
		{``, "b", nil, `no server "b"`},
	} {
		_, err := EditEntry([]byte(c.data), "servers", "server", c.key, c.value)
		if (err == nil) != (c.want == "") || err != nil && err.Error() != c.want {
			t.Errorf("%s %s: %v, want %q", c.data, c.key, err, c.want)
		}
	}
	var v struct{ URL string }
	if err := JSONError([]byte(`{"url": 3}`), json.Unmarshal([]byte(`{"url": 3}`), &v)); err.Error() != "URL must be a string, not number" {
		t.Errorf("type error worded %q", err)
	}
}
