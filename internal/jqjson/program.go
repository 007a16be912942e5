package jqjson

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/itchyny/gojq"
)

// Prelude defines, in jq, the builtins whose results must keep key order,
// on top of the functions Functions adds. A program gets it prepended to
// its own definitions (after Prepare, which must not rewrite it).
const Prelude = `
def _moonix_times(a; b): b as $b | a as $a | $a * $b | _moonix_merged($a; $b);
def _moonix_update(f): . as $old | f | _moonix_derived($old);
def _moonix_step(f): . as $prev | f | _moonix_stepped($prev);
def _moonix_add0: add;
def _moonix_setpath0($p; $v): setpath($p; $v);
def _moonix_delpaths0($ps): delpaths($ps);
def keys_unsorted: _moonix_keys_unsorted;
def tojson: _moonix_tojson;
def tostring: if type == "string" then . else _moonix_tojson end;
def to_entries: [_moonix_keys_unsorted[] as $k | {key: $k, value: .[$k]}];
def from_entries: _moonix_from_entries as $m | if $m != false then $m
  else reduce (.[] | {(.key // .Key // .name // .Name): (if has("value") then .value else .Value end)}) as $e ({}; _moonix_step(_moonix_plus(.; $e))) end;
def with_entries(f): to_entries | map(f) | from_entries;
def add: if type != "array" then _moonix_add0
  else _moonix_add_objects as $m | if $m != false then $m
  elif any(.[]; type == "object") then reduce .[] as $x (null; _moonix_step(_moonix_plus(.; $x)))
  else _moonix_add0 end end;
def setpath($p; $v): _moonix_update(_moonix_setpath0($p; $v));
def delpaths($ps): _moonix_update(_moonix_delpaths0($ps));
def del(f): delpaths([path(f)]);
def map_values(f): _moonix_update(.[] |= f);
def INDEX(stream; idx_expr): reduce stream as $row ({}; _moonix_step(_moonix_update(.[$row | idx_expr | tostring] = $row)));
def INDEX(idx_expr): INDEX(.[]; idx_expr);
`

// Prepare rewrites the program q so that the objects it makes get their
// order known: + and * of objects, the assignments and the literals whose
// order cannot be known by their keys go through the functions of the
// Prelude and of Functions. It also notes the order of the other
// literals. The rewritten program computes what q computes.
func (o *Order) Prepare(q *gojq.Query) {
	// The literals whose order its keys tell: every key written out, and
	// no other literal with these keys in another order.
	orders := map[string][]string{}
	ambiguous := map[string]bool{}
	walkObjects(q, func(obj *gojq.Object) {
		keys, static := literalKeys(obj)
		if !static || len(keys) < 2 {
			return
		}
		sig := signature(slices.Sorted(slices.Values(keys)))
		if prev, ok := orders[sig]; ok && !slices.Equal(prev, keys) {
			ambiguous[sig] = true
		}
		orders[sig] = keys
	})
	for sig, keys := range orders {
		if !ambiguous[sig] {
			o.literals[sig] = keys
		}
	}
	rewrite(q, func(obj *gojq.Object) bool {
		keys, static := literalKeys(obj)
		return !static && len(obj.KeyVals) > 1 || static && ambiguous[signature(slices.Sorted(slices.Values(keys)))]
	})
}

// walkObjects calls fn for every object literal of q.
func walkObjects(q *gojq.Query, fn func(*gojq.Object)) {
	walkNodes(q, func(n any) {
		if obj, ok := n.(*gojq.Object); ok {
			fn(obj)
		}
	})
}

// walkNodes calls fn for every node of q (every pointer in its tree), a
// node after its children. It walks the tree by reflection, so that no
// kind of node is missed.
func walkNodes(q *gojq.Query, fn func(node any)) {
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if v.IsNil() {
				return
			}
			walk(v.Elem())
			if v.Kind() == reflect.Pointer {
				fn(v.Interface())
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(q))
}

// literalKeys are the keys of an object literal in order, each once (at
// its first place), a computed key as "" (static is then false).
func literalKeys(obj *gojq.Object) (keys []string, static bool) {
	static = true
	for _, kv := range obj.KeyVals {
		var k string
		switch {
		case kv.Key != "" && !strings.HasPrefix(kv.Key, "@"):
			k = strings.TrimPrefix(kv.Key, "$")
		case kv.KeyString != nil && kv.KeyString.Queries == nil:
			k = kv.KeyString.Str
		default:
			static = false
		}
		if k == "" || !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys, static
}

// rewrite routes the operations of q that make objects through the
// Prelude's functions, and the literals for which byIdentity says so
// through _moonix_literal, rewriting a node after its children.
func rewrite(q *gojq.Query, byIdentity func(*gojq.Object) bool) {
	walkNodes(q, func(n any) {
		switch n := n.(type) {
		case *gojq.Query:
			rewriteQuery(n)
		case *gojq.Term:
			rewriteTerm(n, byIdentity)
		}
	})
}

func rewriteQuery(q *gojq.Query) {
	var name string
	args := []*gojq.Query{q.Left, q.Right}
	switch q.Op {
	case gojq.OpAdd:
		name = "_moonix_plus"
	case gojq.OpMul:
		name = "_moonix_times"
	case gojq.OpAssign, gojq.OpModify, gojq.OpUpdateAdd, gojq.OpUpdateSub, gojq.OpUpdateMul,
		gojq.OpUpdateDiv, gojq.OpUpdateMod, gojq.OpUpdateAlt:
		name = "_moonix_update"
		args = []*gojq.Query{{Left: q.Left, Op: q.Op, Right: q.Right}}
	default:
		return
	}
	q.Term = &gojq.Term{Type: gojq.TermTypeFunc, Func: &gojq.Func{Name: name, Args: args}}
	q.Left, q.Right, q.Op = nil, nil, 0
}

// rewriteTerm makes an object literal {...} into ({...} |
// _moonix_literal([SLOTS])), its suffixes kept on the outside, and has a
// reduce tell Order of its steps.
func rewriteTerm(t *gojq.Term, byIdentity func(*gojq.Object) bool) {
	if t.Type == gojq.TermTypeReduce && mayBeObject(t.Reduce.Start) {
		// reduce SRC as $x (INIT; _moonix_step(UPDATE))
		u := t.Reduce.Update
		t.Reduce.Update = &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeFunc, Func: &gojq.Func{Name: "_moonix_step", Args: []*gojq.Query{u}}}}
		return
	}
	if t.Type != gojq.TermTypeObject || !byIdentity(t.Object) {
		return
	}
	keys, _ := literalKeys(t.Object)
	slots := make([]any, len(keys))
	for i, k := range keys {
		if k != "" {
			slots[i] = k
		}
	}
	data, _ := json.Marshal(slots)
	call, err := gojq.Parse("_moonix_literal(" + string(data) + ")")
	if err != nil {
		panic("jqjson: " + err.Error()) // JSON is jq
	}
	inner := &gojq.Term{Type: gojq.TermTypeObject, Object: t.Object}
	*t = gojq.Term{
		Type:       gojq.TermTypeQuery,
		Query:      &gojq.Query{Left: &gojq.Query{Term: inner}, Op: gojq.OpPipe, Right: call},
		SuffixList: t.SuffixList,
	}
}

// mayBeObject reports whether q may give an object: it is not a number,
// a string or an array literal (reduce's start value says what it builds).
func mayBeObject(q *gojq.Query) bool {
	if q.Term == nil || q.Op != 0 || len(q.Term.SuffixList) > 0 {
		return true
	}
	switch q.Term.Type {
	case gojq.TermTypeNumber, gojq.TermTypeString, gojq.TermTypeArray, gojq.TermTypeFormat:
		return false
	}
	return true
}

// Functions are the native functions the Prelude and the rewritten
// program call; enc prints tojson's text.
func (o *Order) Functions(enc *Encoder) []gojq.CompilerOption {
	return []gojq.CompilerOption{
		gojq.WithFunction("_moonix_plus", 2, 2, func(_ any, a []any) any {
			return o.plus(a[0], a[1])
		}),
		gojq.WithFunction("_moonix_merged", 2, 2, func(v any, a []any) any {
			o.merged(a[0], a[1], v, 0)
			return v
		}),
		gojq.WithFunction("_moonix_derived", 1, 1, func(v any, a []any) any {
			o.derived(v, a[0], 0)
			return v
		}),
		gojq.WithFunction("_moonix_from_entries", 0, 0, func(v any, _ []any) any {
			if m, ok := o.fromEntries(v); ok {
				return m
			}
			return false
		}),
		gojq.WithFunction("_moonix_add_objects", 0, 0, func(v any, _ []any) any {
			if m, ok := o.addObjects(v); ok {
				return m
			}
			return false
		}),
		gojq.WithFunction("_moonix_stepped", 1, 1, func(v any, a []any) any {
			o.stepped(v, a[0])
			return v
		}),
		gojq.WithFunction("_moonix_literal", 1, 1, func(v any, a []any) any {
			if m, ok := v.(map[string]any); ok {
				slots, _ := a[0].([]any)
				o.literal(m, slots)
			}
			return v
		}),
		gojq.WithFunction("_moonix_keys_unsorted", 0, 0, func(v any, _ []any) any {
			switch v := v.(type) {
			case map[string]any:
				keys := o.Keys(v)
				out := make([]any, len(keys))
				for i, k := range keys {
					out[i] = k
				}
				return out
			case []any:
				out := make([]any, len(v))
				for i := range v {
					out[i] = i
				}
				return out
			}
			return fmt.Errorf("%s (%s) has no keys", TypeOf(v), Preview(enc, v))
		}),
		gojq.WithFunction("_moonix_tojson", 0, 0, func(v any, _ []any) any {
			var sb strings.Builder
			enc.Encode(&sb, v)
			return sb.String()
		}),
	}
}

// TypeOf is jq's name for the type of v.
func TypeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "number"
}

// Preview is v as jq's messages show it: its JSON text, cut at 10 bytes.
func Preview(enc *Encoder, v any) string {
	var sb strings.Builder
	enc.Encode(&sb, v)
	s := sb.String()
	if len(s) > 11 {
		s = s[:10] + "..."
	}
	return s
}
