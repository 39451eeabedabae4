// Package cloudevents marks the product's NATS messages as CloudEvents 1.0
// in binary content mode, after the CloudEvents NATS protocol binding: the
// event's attributes travel as ce-* headers and the body stays the
// protobuf-JSON every consumer already reads. A consumer that knows
// CloudEvents (an SDK, a Knative or Dapr bridge) reads the message as an
// event; one that does not sees two more headers it can ignore.
// docs/asyncapi.yaml describes the headers with the rest of the contract.
package cloudevents

import (
	"time"

	"github.com/nats-io/nats.go"
)

// SpecVersion is the CloudEvents version the headers follow.
const SpecVersion = "1.0"

// typePrefix names the product's events: an event's type is the prefix
// and its subject, e.g. com.valleytrenchless.leads.submitted.
const typePrefix = "com.valleytrenchless."

// Sources: the service an event comes from, a URI reference.
const (
	SourceContact = "/trenchless/contact"
	SourceContent = "/trenchless/content"
	// SourceNotifier sends leads.deadletter: the lead notifier's copy of
	// a lead it could not mail.
	SourceNotifier = "/trenchless/lead-notifier"
)

// Headers (NATS keeps a header's name as written; these are lower case as
// the binding's examples write them).
const (
	HeaderSpecVersion = "ce-specversion"
	HeaderID          = "ce-id"
	HeaderSource      = "ce-source"
	HeaderType        = "ce-type"
	HeaderTime        = "ce-time"
	HeaderSubject     = "ce-subject"
	// HeaderContentType is datacontenttype's header in binary mode.
	HeaderContentType = "content-type"
)

// Event is one event's attributes.
type Event struct {
	// ID is unique per Source: a lead's id for its submission, the
	// message id for the rest.
	ID     string
	Source string
	// Subject is the NATS subject the event is published on; it makes the
	// type.
	Subject string
	// About is the CloudEvents subject: what the event is about (a lead's
	// or a post's id); empty: not set.
	About string
	Time  time.Time
}

// Type is the CloudEvents type of an event published on subject.
func Type(subject string) string { return typePrefix + subject }

// Headers returns e's attributes as header values.
func (e Event) Headers() map[string]string {
	h := map[string]string{
		HeaderSpecVersion: SpecVersion,
		HeaderID:          e.ID,
		HeaderSource:      e.Source,
		HeaderType:        Type(e.Subject),
		HeaderTime:        e.Time.UTC().Format(time.RFC3339Nano),
		HeaderContentType: "application/json",
	}
	if e.About != "" {
		h[HeaderSubject] = e.About
	}
	return h
}

// Set writes e's attributes into h, replacing earlier values.
func (e Event) Set(h nats.Header) {
	for k, v := range e.Headers() {
		h[k] = []string{v}
	}
}
