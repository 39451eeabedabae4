// Command tilestub serves stand-in map tiles on loopback: every
// /{z}/{x}/{y}.png is the same 256×256 PNG (land colour, a faint grid). It
// exists to measure /risk-map as a visitor with a working tile server sees
// it on a machine without internet (this one), e.g. with Lighthouse:
//
//	go run ./scripts/tilestub -addr 127.0.0.1:8099 &
//	GATEWAY_MAP_TILE_URL='http://127.0.0.1:8099/{z}/{x}/{y}.png' make run
//
// It is not a map: production points GATEWAY_MAP_TILE_URL at a real tile server.
package main

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"log"
	"net/http"
	"regexp"
	"strconv"
	"time"
)

var tilePath = regexp.MustCompile(`^/\d{1,2}/\d{1,7}/\d{1,7}\.png$`)

func main() {
	addr := flag.String("addr", "127.0.0.1:8099", "listen address (loopback)")
	flag.Parse()
	tile := render()
	etag := `"` + strconv.Itoa(len(tile)) + `"`
	srv := &http.Server{
		Addr:              *addr,
		ReadHeaderTimeout: 5 * time.Second,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodGet && r.Method != http.MethodHead || !tilePath.MatchString(r.URL.Path) {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "image/png")
			w.Header().Set("Cache-Control", "public, max-age=86400")
			w.Header().Set("Access-Control-Allow-Origin", "*")
			w.Header().Set("ETag", etag)
			_, _ = w.Write(tile)
		}),
	}
	log.Printf("tilestub: stand-in tiles on http://%s/{z}/{x}/{y}.png", *addr)
	log.Fatal(srv.ListenAndServe())
}

// render draws the one tile: a land colour with a grid line every 64 px.
func render() []byte {
	img := image.NewPaletted(image.Rect(0, 0, 256, 256), color.Palette{
		color.RGBA{0xf2, 0xef, 0xe9, 0xff}, color.RGBA{0xe0, 0xdc, 0xd4, 0xff},
	})
	for i := 0; i < 256; i++ {
		for _, j := range []int{0, 64, 128, 192} {
			img.SetColorIndex(i, j, 1)
			img.SetColorIndex(j, i, 1)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // an in-memory paletted image always encodes
	}
	return b.Bytes()
}
