// The API's JSON types come from the protos (web/src/gen, written by
// `make generate` with protoc-gen-es json_types). Those types mark every
// field optional, as proto3 JSON allows; the gateway marshals with
// EmitUnpopulated, so every field is always there. `Emitted` states that,
// so feature code reads `post.title` rather than `post.title ?? ''`.

/** A proto JSON message as the gateway sends it: every field present (nested messages stay as generated). */
export type Emitted<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
