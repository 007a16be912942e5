package effects

import (
	"encoding/json"
	"net/url"
	"strings"
)

// Redacted replaces a secret's value.
const Redacted = "[redacted]"

// secretWords are the parts of names whose values are secrets.
var secretWords = []string{"authorization", "cookie", "token", "secret", "password", "passwd", "key", "credential"}

// IsSecretName reports whether a header, field or parameter named name
// holds a secret: Authorization, Cookie, and names containing token,
// secret, password, key or credential, in any case.
func IsSecretName(name string) bool {
	n := strings.ToLower(name)
	for _, w := range secretWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// RedactFields returns fields with the values of secret names redacted.
func RedactFields(fields map[string]string) map[string]string {
	if fields == nil {
		return nil
	}
	out := make(map[string]string, len(fields))
	for k, v := range fields {
		if IsSecretName(k) {
			v = Redacted
		}
		out[k] = v
	}
	return out
}

// RedactURL hides a URL's password and the values of its secret query
// parameters.
func RedactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	if u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), Redacted)
		}
	}
	if u.RawQuery != "" {
		if q := u.Query(); redactValues(q) {
			u.RawQuery = q.Encode()
		}
	}
	return u.String()
}

// RedactBody hides the secrets of a JSON or form body: the values of keys
// with secret names, at any depth. Other bodies are returned as they are.
func RedactBody(contentType string, body []byte) []byte {
	switch {
	case strings.Contains(contentType, "json") || contentType == "" && json.Valid(body):
		var v any
		if json.Unmarshal(body, &v) != nil {
			return body
		}
		if !redactJSON(v) {
			return body
		}
		out, err := json.Marshal(v)
		if err != nil {
			return body
		}
		return out
	case strings.Contains(contentType, "x-www-form-urlencoded"):
		q, err := url.ParseQuery(string(body))
		if err != nil || !redactValues(q) {
			return body
		}
		return []byte(q.Encode())
	}
	return body
}

// redactValues redacts the values of q's secret names in place and
// reports whether there were any.
func redactValues(q url.Values) bool {
	changed := false
	for k := range q {
		if IsSecretName(k) {
			q[k] = []string{Redacted}
			changed = true
		}
	}
	return changed
}

// redactJSON redacts v in place and reports whether it changed anything.
func redactJSON(v any) bool {
	changed := false
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if IsSecretName(k) {
				if x != Redacted {
					v[k] = Redacted
					changed = true
				}
				continue
			}
			changed = redactJSON(x) || changed
		}
	case []any:
		for _, x := range v {
			changed = redactJSON(x) || changed
		}
	}
	return changed
}
