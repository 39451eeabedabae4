package grpcserver

import (
	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// FieldViolation returns an InvalidArgument error shaped exactly like a
// protovalidate failure, for rules a service checks in code: the edge shows
// message next to field (the proto field name, e.g. first_name).
func FieldViolation(field, ruleID, message string) error {
	st := status.New(codes.InvalidArgument, message)
	v := &validate.Violations{Violations: []*validate.Violation{{
		Field:   &validate.FieldPath{Elements: []*validate.FieldPathElement{{FieldName: proto.String(field)}}},
		RuleId:  proto.String(ruleID),
		Message: proto.String(message),
	}}}
	if ds, err := st.WithDetails(v); err == nil {
		return ds.Err()
	}
	return st.Err()
}
