package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// The growth part's data beside the leads: what five busy years of a
// contractor's site leave behind.
const (
	growthPosts     = 10_000
	growthScheduled = 300 // published, going live in the coming three months
	growthDrafts    = 400
	growthMedia     = 5_000
	growthTexts     = 2_000
)

const fiveYears = 5 * 365 * 24 * time.Hour

// copyRows writes rows into table with COPY, in the columns the table has
// of cols (a column a later migration dropped or made generated is left
// out, so the seed keeps working while the schema moves on); row returns
// each row's values by column name, nil at the end.
func copyRows(ctx context.Context, conn *pgx.Conn, schema, table string, cols []string, row func() map[string]any) (int64, error) {
	rows, err := conn.Query(ctx, `SELECT column_name FROM information_schema.columns
		WHERE table_schema = $1 AND table_name = $2 AND is_generated = 'NEVER'`, schema, table)
	if err != nil {
		return 0, err
	}
	have, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, err
	}
	var use []string
	for _, c := range cols {
		if slices.Contains(have, c) {
			use = append(use, c)
		}
	}
	n, err := conn.CopyFrom(ctx, pgx.Identifier{schema, table}, use, pgx.CopyFromFunc(func() ([]any, error) {
		m := row()
		if m == nil {
			return nil, nil
		}
		vals := make([]any, len(use))
		for i, c := range use {
			vals[i] = m[c]
		}
		return vals, nil
	}))
	if err != nil {
		return n, fmt.Errorf("copy %s.%s: %w", schema, table, err)
	}
	_, err = conn.Exec(ctx, "VACUUM ANALYZE "+schema+"."+table)
	return n, err
}

// mediaKey is the content-hash key of the n-th seeded image.
func mediaKey(n int) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("growth image %d", n)))
	return hex.EncodeToString(sum[:]) + []string{".jpg", ".jpg", ".jpg", ".png", ".webp"}[n%5]
}

// seedMedia writes n rows of image metadata, uploaded over five years
// (the objects themselves are not stored: the library's list reads rows
// only).
func seedMedia(ctx context.Context, conn *pgx.Conn, n int) error {
	rng := rand.New(rand.NewPCG(29, 5_000))
	now := time.Now().UTC()
	alts := []string{"", "", "Camera view of roots in a clay sewer line", "Crew lining a sewer lateral in Mesa", "Collapsed Orangeburg pipe",
		"Epoxy-coated cast iron drain", "Pipe bursting pit in a Scottsdale driveway", "Before and after CIPP lining"}
	i := 0
	_, err := copyRows(ctx, conn, "media", "images",
		[]string{"key", "original_name", "mime", "width", "height", "bytes", "alt_text", "variants", "uploaded_by", "created_at"},
		func() map[string]any {
			if i == n {
				return nil
			}
			key := mediaKey(i)
			i++
			mime := map[string]string{".jpg": "image/jpeg", ".png": "image/png", ".webp": "image/webp"}[key[64:]]
			w := 1200 + rng.IntN(3000)
			h := w * (2 + rng.IntN(2)) / 4
			var variants []string
			full := int64(w*h) / (3 + rng.Int64N(4))
			variants = append(variants, fmt.Sprintf(`{"name":"full","width":%d,"height":%d,"format":%q,"bytes":%d}`, w, h, strings.TrimPrefix(mime, "image/"), full))
			for _, vw := range []int{480, 960, 1600} {
				if vw < w {
					vh := h * vw / w
					variants = append(variants, fmt.Sprintf(`{"name":"w%d","width":%d,"height":%d,"format":"webp","bytes":%d}`, vw, vw, vh, int64(vw*vh)/8))
				}
			}
			return map[string]any{"key": key, "original_name": fmt.Sprintf("IMG_%04d%s", rng.IntN(10000), key[64:]), "mime": mime,
				"width": w, "height": h, "bytes": full, "alt_text": alts[rng.IntN(len(alts))], "variants": "[" + strings.Join(variants, ",") + "]",
				"uploaded_by": "office@valleytrenchless.example", "created_at": now.Add(-time.Duration(rng.Int64N(int64(fiveYears))))}
		})
	return err
}

// Words the seeded articles are written with.
var (
	postTopics = []string{"Clay Pipe Root Intrusion", "Orangeburg Pipe", "CIPP Lining", "Pipe Bursting", "Epoxy Drain Coating",
		"Drain Camera Inspections", "Sewer Lateral Permits", "Cast Iron Under the Slab", "Monsoon Drain Care", "Hydro Jetting",
		"Grease Clogs", "Tree Roots and Sewers", "Sewer Smells", "Slab Leaks", "Cleanout Access", "Belly in the Sewer Line"}
	postCities = []string{"Phoenix", "Scottsdale", "Tempe", "Mesa", "Chandler", "Gilbert", "Glendale", "Peoria", "Surprise", "Goodyear"}
	postForms  = []string{"%s in %s: What Homeowners Should Know", "How Much Does %s Cost in %s?", "%s Explained for %s Homeowners",
		"A %s Checklist for Older %s Homes", "%s: Questions We Hear Every Week in %s", "When %s Goes Wrong in %s"}
	postCategories = []string{"Technology", "Maintenance", "Cost Guide", "Pipe Types", "Prevention", "Seasonal", "Legal & Safety"}
	prose          = strings.Fields(`the sewer line drain pipe clay cast iron orangeburg roots camera inspection lining resin liner bursting
		epoxy trenchless cleanout lateral slab yard driveway tree city permit cost homeowner repair replacement crew video footage joint
		offset crack belly grease wipes toilet kitchen tub backup smell gurgling monsoon rain soil caliche house foundation warranty
		estimate day hours feet inches diameter main street tap connection inspection report recommend usually often most every older
		homes built before after during within without because while when where which their your our we you it is are was can will
		should may might before after a an and or but so of to in on for with from by at as into over under through about`)
)

// sentence is 8 to 21 words of drain talk, capitalised, with a full stop.
func sentence(rng *rand.Rand) string {
	n := 8 + rng.IntN(14)
	w := make([]string, n)
	for i := range w {
		w[i] = prose[rng.IntN(len(prose))]
	}
	w[0] = strings.ToUpper(w[0][:1]) + w[0][1:]
	return strings.Join(w, " ") + "."
}

// articleHTML is an article of about words words as the editor writes it:
// paragraphs, a heading every few, now and then a list.
func articleHTML(rng *rand.Rand, words int) string {
	var b strings.Builder
	for written, para := 0, 0; written < words; para++ {
		if para > 0 && para%4 == 0 {
			fmt.Fprintf(&b, "<h2>%s</h2>\n", strings.TrimSuffix(sentence(rng), "."))
		}
		if para%7 == 5 {
			b.WriteString("<ul>\n")
			for range 3 + rng.IntN(3) {
				s := sentence(rng)
				written += strings.Count(s, " ") + 1
				fmt.Fprintf(&b, "<li>%s</li>\n", s)
			}
			b.WriteString("</ul>\n")
			continue
		}
		b.WriteString("<p>")
		for i := range 3 + rng.IntN(4) {
			s := sentence(rng)
			if i > 0 {
				b.WriteByte(' ')
			}
			if rng.IntN(12) == 0 {
				s = "<strong>" + s + "</strong>"
			}
			b.WriteString(s)
			written += strings.Count(s, " ") + 1
		}
		b.WriteString("</p>\n")
	}
	return b.String()
}

// slugify makes a title an address segment.
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// seedPosts writes n posts: 300 to 3,000 words of HTML each (most under
// 1,500), published over five years, growthScheduled going live in the
// coming three months, growthDrafts drafts; half with an image from the
// media library (seeded first).
func seedPosts(ctx context.Context, conn *pgx.Conn, n int) error {
	rng := rand.New(rand.NewPCG(29, 10_000))
	now := time.Now().UTC()
	i := 0
	_, err := copyRows(ctx, conn, "content", "blog_posts",
		[]string{"id", "slug", "title", "excerpt", "content", "image_url", "published_at", "is_published", "category", "read_time_minutes",
			"created_at", "updated_at", "updated_by", "announced_at", "version", "autosaved", "seo_title", "seo_description", "social_image_url"},
		func() map[string]any {
			if i == n {
				return nil
			}
			i++
			title := fmt.Sprintf(postForms[rng.IntN(len(postForms))], postTopics[rng.IntN(len(postTopics))], postCities[rng.IntN(len(postCities))])
			words := 300 + int(2700*math.Pow(rng.Float64(), 1.8))
			body := articleHTML(rng, words)
			published := now.Add(-time.Duration(rng.Int64N(int64(fiveYears))))
			live, announced := true, any(nil)
			switch {
			case i <= growthScheduled:
				published = now.Add(time.Hour + time.Duration(rng.Int64N(int64(90*24*time.Hour))))
			case i <= growthScheduled+growthDrafts:
				live = false
			default:
				announced = published
			}
			created := published.Add(-time.Duration(rng.Int64N(int64(14 * 24 * time.Hour))))
			updated := created.Add(time.Duration(rng.Int64N(int64(published.Sub(created)) + 1)))
			if !live {
				created = now.Add(-time.Duration(rng.Int64N(int64(fiveYears))))
				published, updated = created, created.Add(time.Duration(rng.Int64N(int64(48*time.Hour))))
			}
			var category any
			if rng.IntN(10) < 3 {
				category = postCategories[rng.IntN(len(postCategories))]
			}
			image := ""
			if rng.IntN(2) == 0 {
				image = "/media/" + mediaKey(rng.IntN(growthMedia))
			}
			seoTitle, seoDesc := "", ""
			if rng.IntN(5) == 0 {
				// As the form allows: at most 70 and 300 characters.
				seoTitle, seoDesc = strings.TrimSpace(title[:min(len(title), 48)])+" | Valley Trenchless", sentence(rng)
				seoDesc = seoDesc[:min(len(seoDesc), 300)]
			}
			return map[string]any{"id": uuid.New(), "slug": fmt.Sprintf("%s-%d", slugify(title), i), "title": title,
				"excerpt": sentence(rng) + " " + sentence(rng), "content": body, "image_url": image, "published_at": published, "is_published": live,
				"category": category, "read_time_minutes": max(1, (words+199)/200), "created_at": created, "updated_at": updated,
				"updated_by": "editor@valleytrenchless.example", "announced_at": announced, "version": int64(1 + rng.IntN(6)),
				"autosaved": !live && rng.IntN(3) == 0, "seo_title": seoTitle, "seo_description": seoDesc, "social_image_url": ""}
		})
	return err
}

// seedTexts writes n editable texts under keys of their own (areas.*,
// promos.*, faq.*: none of the site's): mostly short headings and lines,
// a third paragraphs of HTML, one in ten a long body.
func seedTexts(ctx context.Context, conn *pgx.Conn, n int) error {
	rng := rand.New(rand.NewPCG(29, 2_000))
	now := time.Now().UTC()
	kinds := []string{"areas.%s.intro.%d", "promos.%s.banner.%d", "faq.%s.question.%d", "faq.%s.answer.%d", "areas.%s.notice.%d"}
	cats := []string{"homepage", "services", "about", "contact", "general"}
	i := 0
	_, err := copyRows(ctx, conn, "content", "editable_content",
		[]string{"id", "content_key", "content", "content_type", "category", "description", "created_at", "updated_at", "version", "updated_by"},
		func() map[string]any {
			if i == n {
				return nil
			}
			i++
			key := fmt.Sprintf(kinds[i%len(kinds)], strings.ToLower(postCities[rng.IntN(len(postCities))]), i)
			var text, typ string
			switch r := rng.IntN(10); {
			case r < 6:
				text, typ = strings.TrimSuffix(sentence(rng), "."), "text"
			case r < 9:
				text, typ = "<p>"+sentence(rng)+" "+sentence(rng)+" "+sentence(rng)+"</p>", "html"
			default:
				text, typ = articleHTML(rng, 200+rng.IntN(800)), "html"
			}
			created := now.Add(-time.Duration(rng.Int64N(int64(fiveYears))))
			return map[string]any{"id": uuid.New(), "content_key": key, "content": text, "content_type": typ, "category": cats[rng.IntN(len(cats))],
				"description": "Seeded by make bench (growth).", "created_at": created, "updated_at": created, "version": int64(1), "updated_by": ""}
		})
	return err
}
