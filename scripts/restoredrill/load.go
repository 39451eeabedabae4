package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// lead is one submit the load sent.
type lead struct {
	n          int
	sent, done time.Time
	status     int // 0: no answer
	id         string
}

func (l lead) ok() bool { return l.status >= 200 && l.status < 300 }

// leadLoad posts leads through the gateway as visitors do, at a steady
// rate, while it runs.
type leadLoad struct {
	base string
	mu   sync.Mutex
	all  []lead
	next int
	stop func()
	done chan struct{}
}

var client = &http.Client{Timeout: 10 * time.Second,
	Transport: &http.Transport{MaxIdleConns: 64, MaxIdleConnsPerHost: 64, IdleConnTimeout: 30 * time.Second}}

// run starts sending rate leads a second until pause.
func (l *leadLoad) run(rate float64) {
	ctx, cancel := context.WithCancel(context.Background())
	l.stop, l.done = cancel, make(chan struct{})
	go func() {
		defer close(l.done)
		scratch.Pace(ctx, rate, 0, func(int) { l.submit() })
	}()
}

// pause stops the load and waits for the submits in flight.
func (l *leadLoad) pause() {
	if l.stop != nil {
		l.stop()
		<-l.done
		l.stop = nil
	}
}

// submit posts one lead as the home page's form does (SPEC §7).
func (l *leadLoad) submit() lead {
	l.mu.Lock()
	l.next++
	n := l.next
	l.mu.Unlock()
	body, _ := json.Marshal(scratch.LeadPayload("restore", n))
	req, _ := http.NewRequest("POST", l.base+"/api/contact", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", uuid.NewString())
	req.Header.Set("X-Forwarded-For", scratch.VisitorIP(n))
	r := lead{n: n, sent: time.Now()}
	if resp, err := client.Do(req); err == nil {
		var parsed struct {
			ID string `json:"id"`
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		_ = json.Unmarshal(b, &parsed)
		r.status, r.id = resp.StatusCode, parsed.ID
	}
	r.done = time.Now()
	l.mu.Lock()
	l.all = append(l.all, r)
	l.mu.Unlock()
	return r
}

// leads are every submit so far.
func (l *leadLoad) leads() []lead {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]lead(nil), l.all...)
}

// staff makes the edits an office makes and remembers what each
// acknowledged one left in the database.
type staff struct {
	base string
	c    *http.Client
	// posts by id: the slug and title last saved; texts by key: the
	// content last saved; images: the keys of the stored uploads.
	posts  map[string][2]string
	texts  map[string]string
	images []string
	n      int
}

// send is one staff call: the JSON answer of a 2xx, or an error.
func (s *staff) send(method, path string, body any) (map[string]any, error) {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, s.base+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, raw)
	}
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return out, nil
}

// edits makes one round: a post created then revised, every text given
// new content, one image uploaded.
func (s *staff) edits(round string) error {
	s.n++
	slug := fmt.Sprintf("restore-drill-%s-%d", round, time.Now().UnixNano())
	post := func(title string) map[string]any {
		return map[string]any{"title": title, "slug": slug, "excerpt": "Written before the disk was lost.",
			"content": "This post must come back from the backup and the WAL archive."}
	}
	created, err := s.send("POST", "/api/admin/blog-posts", post("Restore drill "+round))
	if err != nil {
		return err
	}
	id, _ := created["id"].(string)
	if id == "" {
		return fmt.Errorf("created post has no id: %v", created)
	}
	title := fmt.Sprintf("Restore drill %s, revised", round)
	if _, err := s.send("PUT", "/api/admin/blog-posts/"+id, post(title)); err != nil {
		return err
	}
	s.posts[id] = [2]string{slug, title}
	for key := range s.texts {
		text := fmt.Sprintf("Restore drill text %s %d", round, time.Now().UnixNano())
		if _, err := s.send("PUT", "/api/admin/editable-content/"+key, map[string]any{"content": text}); err != nil {
			return err
		}
		s.texts[key] = text
	}
	req := scratch.NewUpload(s.base, fmt.Sprintf("restore-%s.jpg", round), photo(s.n))
	req.Header.Set("X-Forwarded-For", scratch.VisitorIP(1<<20+s.n))
	resp, err := s.c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var up struct {
		URL string `json:"url"`
	}
	raw, _ := io.ReadAll(resp.Body)
	_ = json.Unmarshal(raw, &up)
	if resp.StatusCode/100 != 2 || up.URL == "" {
		return fmt.Errorf("upload: %d %s", resp.StatusCode, raw)
	}
	s.images = append(s.images, up.URL)
	return nil
}

// editText gives one Site Content text new content; once it is
// answered 2xx it is what the database must hold.
func (s *staff) editText(what string) error {
	for key := range s.texts {
		text := fmt.Sprintf("Restore drill text %s %d", what, time.Now().UnixNano())
		if _, err := s.send("PUT", "/api/admin/editable-content/"+key, map[string]any{"content": text}); err != nil {
			return err
		}
		s.texts[key] = text
		return nil
	}
	return fmt.Errorf("no text to edit")
}

// photo is a small JPEG of its own for each n.
func photo(n int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 96, 64))
	for y := range 64 {
		for x := range 96 {
			img.Set(x, y, color.RGBA{uint8(x*3 + n*11), uint8(y*4 + n*7), uint8(n * 29), 255})
		}
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 90})
	return b.Bytes()
}

// textKeys are a few plain-text Site Content keys to edit.
func textKeys(dbURL string, n int) ([]string, error) {
	return scratch.WithDB(dbURL, func(ctx context.Context, c *pgx.Conn) ([]string, error) {
		rows, err := c.Query(ctx, "SELECT content_key FROM content.editable_content WHERE content_type = 'text' ORDER BY content_key LIMIT $1", n)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[string])
	})
}

// missingRecords compares the database with what staff were answered
// 2xx for, and fetches every image through the gateway (its objects in
// the media MinIO): the posts, texts and images not back.
func (s *staff) missingRecords(dbURL string) (posts, texts, images []string, err error) {
	type state struct {
		posts  map[string][2]string
		texts  map[string]string
		images map[string]bool
	}
	st, err := scratch.WithDB(dbURL, func(ctx context.Context, c *pgx.Conn) (state, error) {
		st := state{posts: map[string][2]string{}, texts: map[string]string{}, images: map[string]bool{}}
		rows, err := c.Query(ctx, "SELECT id::text, slug, title FROM content.blog_posts")
		if err != nil {
			return st, err
		}
		for rows.Next() {
			var id, slug, title string
			if err := rows.Scan(&id, &slug, &title); err != nil {
				return st, err
			}
			st.posts[id] = [2]string{slug, title}
		}
		if rows, err = c.Query(ctx, "SELECT content_key, content FROM content.editable_content"); err != nil {
			return st, err
		}
		for rows.Next() {
			var k, v string
			if err := rows.Scan(&k, &v); err != nil {
				return st, err
			}
			st.texts[k] = v
		}
		if rows, err = c.Query(ctx, "SELECT key FROM media.images"); err != nil {
			return st, err
		}
		keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
		for _, k := range keys {
			st.images["/media/"+k] = true
		}
		return st, err
	})
	if err != nil {
		return nil, nil, nil, err
	}
	for id, want := range s.posts {
		if st.posts[id] != want {
			posts = append(posts, fmt.Sprintf("%s (%q: found %q)", id, want[1], st.posts[id][1]))
		}
	}
	for k, want := range s.texts {
		if st.texts[k] != want {
			texts = append(texts, fmt.Sprintf("%s (%q: found %q)", k, want, st.texts[k]))
		}
	}
	for _, u := range s.images {
		if !st.images[u] {
			images = append(images, u+" (no record)")
			continue
		}
		if !scratch.HTTPOK(s.base + u + "?w=480") {
			images = append(images, u+" (not served)")
		}
	}
	return posts, texts, images, nil
}
