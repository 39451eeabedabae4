package e2e

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// ADR 0003: the content service renders article bodies and heroes, sizing
// media-library images from the real media service, and staff preview
// unsaved text through POST /api/admin/blog-posts/preview.
func TestArticlesAreRenderedWithResponsiveImages(t *testing.T) {
	t.Parallel()
	st := startStack(t, "GATEWAY_REGISTRATION_OPEN=true")
	createStaff(t, st, "editor@valleytrenchless.example", "correct horse battery staple")
	staff := newClient(t, st.base)
	code, user := staff.json("POST", "/api/login", map[string]string{"username": "editor@valleytrenchless.example", "password": "correct horse battery staple"})
	require.Equal(t, 200, code, "%v", user)
	anon := newClient(t, st.base)

	// A 1000×600 photo: the media service stores 480 and 960 renditions.
	img := image.NewRGBA(image.Rect(0, 0, 1000, 600))
	for y := 0; y < 600; y++ {
		for x := 0; x < 1000; x++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 60, 255})
		}
	}
	var jb, mb bytes.Buffer
	require.NoError(t, jpeg.Encode(&jb, img, nil))
	mw := multipart.NewWriter(&mb)
	fw, _ := mw.CreateFormFile("file", "liner.jpg")
	_, _ = fw.Write(jb.Bytes())
	require.NoError(t, mw.Close())
	code, body, _ := staff.do("POST", "/api/upload-image", mw.FormDataContentType(), bytes.NewReader(mb.Bytes()))
	require.Equal(t, 200, code, "%s", body)
	var up struct{ URL string }
	require.NoError(t, json.Unmarshal(body, &up))
	srcset := up.URL + "?w=480 480w, " + up.URL + "?w=960 960w, " + up.URL + " 1000w"

	content := `<h2>Lining day</h2><p><img src="` + up.URL + `" alt="Liner in the pipe"></p><p><img src="https://cdn.example/truck.jpg" alt="Truck"></p>`
	code, created := staff.json("POST", "/api/admin/blog-posts", map[string]any{
		"title": "A Day of Lining", "slug": "a-day-of-lining", "excerpt": "What happens on site.", "content": content, "imageUrl": up.URL,
	})
	require.Equal(t, 200, code, "%v", created)

	code, raw, _ := anon.do("GET", "/api/blog-posts/a-day-of-lining", "", nil)
	require.Equal(t, 200, code, "%s", raw)
	t.Logf("GET /api/blog-posts/a-day-of-lining: %s", raw)
	var post struct {
		BodyHTML  string `json:"bodyHtml"`
		HeroImage struct {
			Src, Srcset   string
			Width, Height int
		} `json:"heroImage"`
	}
	require.NoError(t, json.Unmarshal(raw, &post))
	require.Contains(t, post.BodyHTML, `<img src="`+up.URL+`" alt="Liner in the pipe" width="1000" height="600" srcset="`+srcset+`" sizes="(min-width: 50rem) 45rem, 100vw" loading="lazy" decoding="async"/>`)
	require.Contains(t, post.BodyHTML, `<img src="https://cdn.example/truck.jpg" alt="Truck" width="1200" height="675" loading="lazy" decoding="async" class="article__img--fit"/>`)
	require.Equal(t, up.URL, post.HeroImage.Src)
	require.Equal(t, srcset, post.HeroImage.Srcset)
	require.Equal(t, [2]int{1000, 600}, [2]int{post.HeroImage.Width, post.HeroImage.Height})

	// Every candidate resolves, to an image of the width it claims.
	for _, cand := range strings.Split(srcset, ", ") {
		url, w, _ := strings.Cut(cand, " ")
		resp, err := http.Get(st.base + url)
		require.NoError(t, err)
		got, _, err := image.DecodeConfig(resp.Body)
		resp.Body.Close()
		require.NoError(t, err, url)
		require.Equal(t, 200, resp.StatusCode, url)
		require.Equal(t, w, strconv.Itoa(got.Width)+"w", url)
	}

	// The list carries the hero.
	code, raw, _ = anon.do("GET", "/api/blog-posts?limit=1", "", nil)
	require.Equal(t, 200, code)
	require.Contains(t, string(raw), `"srcset":"`+srcset+`"`)

	// The preview renders unsaved text the same way; it is staff only.
	code, preview := staff.json("POST", "/api/admin/blog-posts/preview", map[string]any{"content": content, "imageUrl": up.URL})
	require.Equal(t, 200, code, "%v", preview)
	require.Equal(t, post.BodyHTML, preview["bodyHtml"])
	require.Equal(t, srcset, preview["heroImage"].(map[string]any)["srcset"])
	visitor := newClient(t, st.base)
	code, _ = visitor.json("POST", "/api/register", map[string]string{"username": "joe@example.com", "password": "a long enough password"})
	require.Equal(t, 200, code)
	code, _ = anon.json("POST", "/api/admin/blog-posts/preview", map[string]any{"content": "x"})
	require.Equal(t, 401, code)
	code, _ = visitor.json("POST", "/api/admin/blog-posts/preview", map[string]any{"content": "x"})
	require.Equal(t, 403, code)
}
