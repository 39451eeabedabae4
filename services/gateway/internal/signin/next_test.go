package signin_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// TestAdminPathReadsNextAsTheBrowserWill: ?next= is checked after it is
// resolved as the browser will resolve the redirect. The attack of
// 2026-11-27 left the staff area with /admin/%2e%2e/blog (a browser reads
// %2e as a dot); encoded dots, backslashes and control characters never
// lead out of /admin, and what comes back is encoded so the browser cannot
// resolve it any further.
func TestAdminPathReadsNextAsTheBrowserWill(t *testing.T) {
	t.Parallel()
	for next, want := range map[string]string{
		"/admin":                             "/admin",
		"/admin/leads":                       "/admin/leads",
		"/admin/leads?filter=unread":         "/admin/leads?filter=unread",
		"/admin/posts/9c4493b7":              "/admin/posts/9c4493b7",
		"/admin/leads/../posts":              "/admin/posts",
		"/admin/./leads":                     "/admin/leads",
		"/admin/%2e%2e/blog":                 "/admin",
		"/admin/%2E%2E/blog":                 "/admin",
		"/admin/.%2e/blog":                   "/admin",
		"/admin/%2e./blog":                   "/admin",
		"/admin/%2e%2e":                      "/admin",
		"/admin/%2e%2e?x=/admin":             "/admin",
		"/admin/leads/%2e%2e/%2e%2e/api/x":   "/admin",
		"/admin/..%2fblog":                   "/admin",
		"/admin/%2e%2e%2fblog":               "/admin",
		"/admin%2f..%2f..%2fblog":            "/admin",
		"/admin/%5c..%5cblog":                "/admin",
		"/admin/..\\blog":                    "/admin",
		"/admin/%09/x":                       "/admin",
		"/admin/x\ty":                        "/admin",
		"/admin/%2f%2fevil.example":          "/admin",
		"/admin/%2e%2e/%2e%2e//evil.example": "/admin",
		"//evil.example/admin":               "/admin",
		"/\\evil.example/admin":              "/admin",
		"https://evil.example/admin":         "/admin",
		"https:/admin":                       "/admin",
		"javascript:/admin":                  "/admin",
		"":                                   "/admin",
		// Encoded once more, a dot segment is text: it goes back encoded,
		// so the browser asks for a staff page named "%2e%2e".
		"/admin/%252e%252e/blog": "/admin/%252e%252e/blog",
	} {
		require.Equal(t, want, signin.AdminPath(next), "next=%q", next)
	}
}
