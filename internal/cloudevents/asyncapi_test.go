package cloudevents

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	_ "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	_ "github.com/valleytrenchless/site/gen/trenchless/content/v1"
)

// node is a YAML mapping read loosely.
type node = map[string]any

// asyncAPI is docs/asyncapi.yaml, the event contract.
func asyncAPI(t *testing.T) node {
	t.Helper()
	b, err := os.ReadFile("../../docs/asyncapi.yaml")
	require.NoError(t, err)
	var doc node
	require.NoError(t, yaml.Unmarshal(b, &doc))
	require.Equal(t, "3.0.0", doc["asyncapi"])
	return doc
}

// resolve follows a local $ref ("#/components/schemas/Lead") in doc.
func resolve(t *testing.T, doc node, n node) node {
	t.Helper()
	ref, ok := n["$ref"].(string)
	if !ok {
		return n
	}
	cur := any(doc)
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, ok := cur.(node)
		require.True(t, ok, "$ref %s", ref)
		cur = m[part]
	}
	m, ok := cur.(node)
	require.True(t, ok, "$ref %s points at nothing", ref)
	return m
}

// The body schemas are the protos' protobuf-JSON: every schema marked
// x-proto-message has exactly that message's fields under their JSON
// names, each with the type protojson writes, and every event message of
// the protos has a schema.
func TestTheContractsBodiesAreTheProtos(t *testing.T) {
	doc := asyncAPI(t)
	schemas := doc["components"].(node)["schemas"].(node)
	byProto := map[string]string{}
	for name, s := range schemas {
		if full, ok := s.(node)["x-proto-message"].(string); ok {
			byProto[full] = name
		}
	}
	for _, file := range []string{"trenchless/contact/v1/events.proto", "trenchless/content/v1/events.proto"} {
		fd, err := protoregistry.GlobalFiles.FindFileByPath(file)
		require.NoError(t, err)
		for i := range fd.Messages().Len() {
			full := string(fd.Messages().Get(i).FullName())
			require.Contains(t, byProto, full, "%s has no schema in docs/asyncapi.yaml", full)
		}
	}
	require.NotEmpty(t, byProto)
	for full, name := range byProto {
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(full))
		require.NoError(t, err, "schema %s names %s", name, full)
		md := d.(protoreflect.MessageDescriptor)
		props := schemas[name].(node)["properties"].(node)
		var want, got []string
		for i := range md.Fields().Len() {
			want = append(want, md.Fields().Get(i).JSONName())
		}
		for p := range props {
			got = append(got, p)
		}
		slices.Sort(want)
		slices.Sort(got)
		require.Equal(t, want, got, "schema %s: the fields of %s", name, full)
		for i := range md.Fields().Len() {
			f := md.Fields().Get(i)
			p := props[f.JSONName()].(node)
			if f.IsList() {
				require.Equal(t, "array", p["type"], "%s.%s is repeated", name, f.JSONName())
				p = p["items"].(node)
			}
			checkFieldType(t, doc, byProto, name+"."+f.JSONName(), f, p)
		}
		if req, ok := schemas[name].(node)["required"].([]any); ok {
			for _, r := range req {
				require.Contains(t, props, r, "schema %s requires a field it lacks", name)
			}
		}
	}
}

// checkFieldType asserts that schema s describes f's value as protojson
// writes it.
func checkFieldType(t *testing.T, doc node, byProto map[string]string, where string, f protoreflect.FieldDescriptor, s node) {
	t.Helper()
	switch f.Kind() {
	case protoreflect.StringKind, protoreflect.EnumKind:
		require.Equal(t, "string", s["type"], where)
	case protoreflect.BoolKind:
		require.Equal(t, "boolean", s["type"], where)
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind, protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		require.Equal(t, "string", s["type"], "%s: protojson writes 64-bit integers as strings", where)
		require.Equal(t, "^[0-9]+$", s["pattern"], where)
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind, protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		require.Equal(t, "integer", s["type"], where)
	case protoreflect.DoubleKind, protoreflect.FloatKind:
		require.Equal(t, "number", s["type"], where)
	case protoreflect.MessageKind:
		if f.Message().FullName() == "google.protobuf.Timestamp" {
			require.Equal(t, "string", s["type"], where)
			require.Equal(t, "date-time", s["format"], where)
			return
		}
		ref, _ := s["$ref"].(string)
		require.Equal(t, "#/components/schemas/"+byProto[string(f.Message().FullName())], ref,
			"%s refers to the schema of %s", where, f.Message().FullName())
		resolve(t, doc, s)
	default:
		t.Fatalf("%s: a %s field; teach this test its JSON form", where, f.Kind())
	}
}

// Each channel's message declares the headers the product writes: every
// CloudEvents attribute this package sets, and the ce-type of its subject.
func TestTheContractsHeadersAreTheOnesWritten(t *testing.T) {
	doc := asyncAPI(t)
	ce := doc["components"].(node)["schemas"].(node)["CloudEventsHeaders"].(node)["properties"].(node)
	for h := range (Event{ID: "i", Source: SourceContact, Subject: "leads.submitted", About: "a"}).Headers() {
		require.Contains(t, ce, h, "CloudEventsHeaders lacks %s", h)
	}
	sources := ce[HeaderSource].(node)["enum"].([]any)
	require.ElementsMatch(t, []any{SourceContact, SourceContent, SourceNotifier}, sources)

	var addresses []string
	for name, c := range doc["channels"].(node) {
		ch := c.(node)
		addr := ch["address"].(string)
		addresses = append(addresses, addr)
		for _, m := range ch["messages"].(node) {
			msg := resolve(t, doc, m.(node))
			headers := resolve(t, doc, msg["headers"].(node))
			var ceType any
			for _, part := range headers["allOf"].([]any) {
				part := resolve(t, doc, part.(node))
				if props, ok := part["properties"].(node); ok {
					if p, ok := props[HeaderType].(node); ok {
						ceType = p["const"]
					}
				}
			}
			require.Equal(t, Type(addr), ceType, "channel %s: its message's ce-type", name)
		}
	}
	require.ElementsMatch(t, []string{"leads.submitted", "leads.updated", "leads.deadletter", "leads.webhook_disabled", "leads.erased",
		"content.changed"}, addresses)
}
