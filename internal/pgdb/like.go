package pgdb

import "strings"

var likeEscaper = strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`)

// Contains is the LIKE pattern that matches any text containing s: s with
// LIKE's wildcards and escape character escaped, between two %.
func Contains(s string) string {
	return "%" + likeEscaper.Replace(s) + "%"
}
