package grpcserver

import (
	"context"
	"slices"
	"strings"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// RuleNUL is the rule id of a text refused for holding a NUL character.
const RuleNUL = "text.no_nul"

// NULMessage is what a person reads when a field holds a NUL character
// (U+0000): Postgres cannot store it in text, nor compare text with it, so
// a save, a search or a filter with one could only fail. It reaches people
// as pasted or crafted input, never typed, and they cannot see it, so the
// message says what it is.
func NULMessage(label string) string {
	return label + " contains an invisible character (NUL, U+0000) that cannot be saved or searched for. Remove it and try again."
}

// refuseNUL answers InvalidArgument, shaped as a protovalidate violation
// naming the field, for a request holding a NUL character anywhere in its
// text: one rule for every method of every service instead of a check per
// route, placed after BeforeValidate, so a service that cleans a request
// instead (the public lead form, which must never lose a lead to what a
// visitor pasted) does so there first.
func refuseNUL(req any) error {
	m, ok := req.(proto.Message)
	if !ok {
		return nil
	}
	if path := findNUL(m.ProtoReflect(), nil); path != nil {
		return nulViolation(path)
	}
	return nil
}

func refuseNULUnary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if err := refuseNUL(req); err != nil {
		return nil, err
	}
	return handler(ctx, req)
}

func refuseNULStream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	return handler(srv, &nulCheckedStream{ServerStream: ss})
}

// nulCheckedStream checks each message the client sends as it is read.
type nulCheckedStream struct{ grpc.ServerStream }

func (s *nulCheckedStream) RecvMsg(m any) error {
	if err := s.ServerStream.RecvMsg(m); err != nil {
		return err
	}
	return refuseNUL(m)
}

// findNUL returns the path (field names, outermost first) of a string in
// m holding a NUL character, or nil when none does.
func findNUL(m protoreflect.Message, path []string) (found []string) {
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		found = fieldNUL(fd, v, append(slices.Clip(path), string(fd.Name())))
		return found == nil
	})
	return found
}

// fieldNUL is findNUL for one field's value (a scalar, list or map), at
// path here.
func fieldNUL(fd protoreflect.FieldDescriptor, v protoreflect.Value, here []string) []string {
	check := func(kind protoreflect.Kind, v protoreflect.Value) []string {
		switch kind {
		case protoreflect.StringKind:
			if strings.IndexByte(v.String(), 0) >= 0 {
				return here
			}
		case protoreflect.MessageKind, protoreflect.GroupKind:
			return findNUL(v.Message(), here)
		}
		return nil
	}
	switch {
	case fd.IsList():
		l := v.List()
		for i := range l.Len() {
			if p := check(fd.Kind(), l.Get(i)); p != nil {
				return p
			}
		}
		return nil
	case fd.IsMap():
		var p []string
		v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
			if fd.MapKey().Kind() == protoreflect.StringKind && strings.IndexByte(k.String(), 0) >= 0 {
				p = here
			} else {
				p = check(fd.MapValue().Kind(), mv)
			}
			return p == nil
		})
		return p
	}
	return check(fd.Kind(), v)
}

// MapStrings replaces every string of m, nested messages, lists and map
// values included, by f of it, in place: for a service that cleans a
// request instead of refusing it (BeforeValidate).
func MapStrings(m proto.Message, f func(string) string) {
	mapStrings(m.ProtoReflect(), f)
}

func mapStrings(m protoreflect.Message, f func(string) string) {
	// Collected first: a message is not to be changed while it is ranged.
	type field struct {
		fd protoreflect.FieldDescriptor
		v  protoreflect.Value
	}
	var fields []field
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		fields = append(fields, field{fd, v})
		return true
	})
	for _, fv := range fields {
		fd, v := fv.fd, fv.v
		switch {
		case fd.IsList():
			l := v.List()
			for i := range l.Len() {
				switch fd.Kind() {
				case protoreflect.StringKind:
					l.Set(i, protoreflect.ValueOfString(f(l.Get(i).String())))
				case protoreflect.MessageKind, protoreflect.GroupKind:
					mapStrings(l.Get(i).Message(), f)
				}
			}
		case fd.IsMap():
			mp := v.Map()
			var keys []protoreflect.MapKey
			mp.Range(func(k protoreflect.MapKey, _ protoreflect.Value) bool {
				keys = append(keys, k)
				return true
			})
			for _, k := range keys {
				switch fd.MapValue().Kind() {
				case protoreflect.StringKind:
					mp.Set(k, protoreflect.ValueOfString(f(mp.Get(k).String())))
				case protoreflect.MessageKind, protoreflect.GroupKind:
					mapStrings(mp.Get(k).Message(), f)
				}
			}
		case fd.Kind() == protoreflect.StringKind:
			m.Set(fd, protoreflect.ValueOfString(f(v.String())))
		case fd.Kind() == protoreflect.MessageKind || fd.Kind() == protoreflect.GroupKind:
			mapStrings(v.Message(), f)
		}
	}
}

// nulViolation is the InvalidArgument error for a NUL at path, with the
// field's path as protovalidate gives it (the edge names the innermost
// field: post.title is title).
func nulViolation(path []string) error {
	msg := NULMessage(fieldLabel(path[len(path)-1]))
	els := make([]*validate.FieldPathElement, len(path))
	for i, name := range path {
		els[i] = &validate.FieldPathElement{FieldName: proto.String(name)}
	}
	st := status.New(codes.InvalidArgument, msg)
	v := &validate.Violations{Violations: []*validate.Violation{{
		Field:   &validate.FieldPath{Elements: els},
		RuleId:  proto.String(RuleNUL),
		Message: proto.String(msg),
	}}}
	if ds, err := st.WithDetails(v); err == nil {
		return ds.Err()
	}
	return st.Err()
}

// fieldLabel is a proto field name as a person reads it: alt_text is
// "Alt text".
func fieldLabel(name string) string {
	s := strings.ReplaceAll(name, "_", " ")
	if s == "" {
		return "A field"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
