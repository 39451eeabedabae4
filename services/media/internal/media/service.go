package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"regexp"
	"runtime"
	"strings"
	"time"
)

// More sentinel errors.
var (
	ErrNotFound = errors.New("image not found")
	// ErrStorageUnavailable means the object store could not be reached.
	ErrStorageUnavailable = errors.New("image storage unavailable")
	// ErrBadCursor means a page token was not one this service issued.
	ErrBadCursor = errors.New("bad page token")
)

// Image is a stored image's metadata.
type Image struct {
	Key          string
	OriginalName string
	Mime         string
	Width        int
	Height       int
	Bytes        int64
	AltText      string
	Variants     []Variant
	UploadedBy   string
	CreatedAt    time.Time
}

// URL is the image's public address.
func (i Image) URL() string { return "/media/" + i.Key }

// Variant describes one stored rendition.
type Variant struct {
	Name   string `json:"name"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Format string `json:"format"`
	Bytes  int64  `json:"bytes"`
}

// ObjectInfo describes an object being served.
type ObjectInfo struct {
	ContentType string
	Size        int64
	ETag        string
}

// Store keeps image metadata.
type Store interface {
	Get(ctx context.Context, key string) (Image, error)
	// GetMany returns the stored images among keys; unknown keys are left
	// out.
	GetMany(ctx context.Context, keys []string) ([]Image, error)
	// Insert stores img; when the key exists it returns the stored row.
	Insert(ctx context.Context, img Image) (Image, error)
	List(ctx context.Context, limit int, cursor string) ([]Image, string, error)
	SetAltText(ctx context.Context, key, alt string) (Image, error)
	Delete(ctx context.Context, key string) error
}

// Objects is the object store. Get returns ErrNotFound for a missing
// object; any failure to reach the store wraps ErrStorageUnavailable.
type Objects interface {
	Put(ctx context.Context, name string, data []byte, contentType string) error
	Get(ctx context.Context, name string) (io.ReadCloser, ObjectInfo, error)
	RemovePrefix(ctx context.Context, prefix string) error
}

// Service implements the media use cases.
type Service struct {
	store   Store
	objects Objects
	now     func() time.Time
	budget  *budget
	waits   []time.Duration
	log     *slog.Logger
}

// Options tune a Service; the zero value is the defaults.
type Options struct {
	// DecodeBudget is the memory, in bytes of estimated peak (Header.Cost),
	// that uploads being processed may hold at once; 0 means
	// DefaultDecodeBudget. An upload that alone needs more is refused.
	DecodeBudget int64
	// MissingWaits are the pauses before each new try when the object
	// store says a stored image's objects are missing; nil means
	// DefaultMissingWaits.
	MissingWaits []time.Duration
	// Log is where the service reports what it recovered from; nil means
	// slog.Default().
	Log *slog.Logger
}

// DefaultMissingWaits: 3.1 s in all. A distributed MinIO node that has
// just come back answers NoSuchKey for objects written while it was away
// until it reaches the other nodes' drives (about 2 s after a restart in
// make faults' minio-nodes).
var DefaultMissingWaits = []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond, 800 * time.Millisecond, 1600 * time.Millisecond}

// NewService returns a Service.
func NewService(store Store, objects Objects, o Options) *Service {
	if o.DecodeBudget <= 0 {
		o.DecodeBudget = DefaultDecodeBudget
	}
	if o.MissingWaits == nil {
		o.MissingWaits = DefaultMissingWaits
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	return &Service{store: store, objects: objects, now: time.Now, budget: newBudget(o.DecodeBudget, runtime.GOMAXPROCS(0)), waits: o.MissingWaits, log: o.Log}
}

// BudgetStats reports the decode budget, for metrics.
func (s *Service) BudgetStats() BudgetStats { return s.budget.stats() }

// KeyPattern is what a valid key looks like; nothing else reaches the
// object store, so no path can leave the bucket.
var KeyPattern = regexp.MustCompile(`^[a-f0-9]{64}\.(jpg|png|gif|webp)$`)

// ObjectName is where a rendition lives in the bucket.
func ObjectName(hash, rendition, ext string) string {
	return hash + "/" + rendition + "." + ext
}

// Upload validates and stores an image. The same bytes uploaded twice are
// one image: the second upload returns the first.
func (s *Service) Upload(ctx context.Context, by, filename string, data []byte) (Image, error) {
	if len(data) > MaxBytes {
		return Image{}, ErrTooLarge
	}
	if len(data) == 0 {
		return Image{}, ErrEmpty
	}
	// The header alone refuses what is not an image or is too large, and
	// tells what decoding it will cost, before anything is decoded.
	hd, err := Inspect(data)
	if err != nil {
		return Image{}, err
	}
	hash := HashOf(data)
	if existing, err := s.store.Get(ctx, hash+"."+hd.Format.Ext); err == nil {
		return existing, nil
	} else if !errors.Is(err, ErrNotFound) {
		return Image{}, err
	}
	release, err := s.budget.acquire(ctx, hd.Cost)
	if err != nil {
		return Image{}, err
	}
	p, err := Process(data)
	release()
	if err != nil {
		return Image{}, err
	}
	if err := ctx.Err(); err != nil {
		return Image{}, err // the caller gave up while it was processed
	}
	img := Image{
		Key: p.Key(), OriginalName: cleanName(filename), Mime: p.Format.Mime, Width: p.Width, Height: p.Height,
		UploadedBy: by, CreatedAt: s.now().UTC(),
	}
	// Objects first: if the store is down nothing is recorded, and a row
	// always points at objects that exist.
	for _, r := range p.Renditions {
		if err := s.objects.Put(ctx, ObjectName(p.Hash, r.Name, r.Format.Ext), r.Data, r.Format.Mime); err != nil {
			return Image{}, err
		}
		if r.Name == "full" && r.Format == p.Format {
			img.Bytes = int64(len(r.Data))
		}
		img.Variants = append(img.Variants, Variant{Name: r.Name, Width: r.Width, Height: r.Height, Format: r.Format.Name, Bytes: int64(len(r.Data))})
	}
	return s.store.Insert(ctx, img)
}

func cleanName(n string) string {
	n = n[strings.LastIndexAny(n, `/\`)+1:]
	n = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, n)
	if len(n) > 255 {
		n = n[:255]
	}
	return n
}

// Open returns the rendition to serve for key: the variant of the given
// width (0 = full size; a width the image has no variant for falls back to
// full size), as WebP when the browser accepts it.
//
// A key with no objects is ErrNotFound only when it has no row either. A
// row is written after its objects (Upload), so a store that says a
// stored image's objects are missing is wrong for the moment (a
// distributed MinIO node just back, see DefaultMissingWaits): Open asks
// again after each of the service's waits, and then fails with
// ErrStorageUnavailable, never "no such image".
func (s *Service) Open(ctx context.Context, key string, width int, acceptWebP bool) (io.ReadCloser, ObjectInfo, error) {
	if !KeyPattern.MatchString(key) {
		return nil, ObjectInfo{}, ErrNotFound
	}
	rc, info, err := s.openRendition(ctx, key, width, acceptWebP)
	if !errors.Is(err, ErrNotFound) {
		return rc, info, err
	}
	if _, err := s.store.Get(ctx, key); err != nil {
		return nil, ObjectInfo{}, ErrNotFound // no row (or no database to ask): the answer stays the store's
	}
	for i, wait := range s.waits {
		select {
		case <-ctx.Done():
			return nil, ObjectInfo{}, ctx.Err()
		case <-time.After(wait):
		}
		rc, info, err = s.openRendition(ctx, key, width, acceptWebP)
		if !errors.Is(err, ErrNotFound) {
			if err == nil {
				s.log.WarnContext(ctx, "the object store found a stored image's objects only when asked again", "key", key, "tries", i+2)
			}
			return rc, info, err
		}
	}
	return nil, ObjectInfo{}, fmt.Errorf("%w: image %s has a row, but the object store says its objects are missing (asked %d times)", ErrStorageUnavailable, key, len(s.waits)+1)
}

// openRendition is one try of Open: the first candidate the store has.
func (s *Service) openRendition(ctx context.Context, key string, width int, acceptWebP bool) (io.ReadCloser, ObjectInfo, error) {
	hash, ext, _ := strings.Cut(key, ".")
	// Candidates in order of preference. Variants exist in both formats;
	// the full size exists in the original format only (WebP originals
	// are WebP already).
	type candidate struct{ name, ext string }
	var cands []candidate
	if width > 0 {
		if acceptWebP {
			cands = append(cands, candidate{fmt.Sprintf("w%d", width), WEBP.Ext})
		}
		cands = append(cands, candidate{fmt.Sprintf("w%d", width), ext})
	}
	cands = append(cands, candidate{"full", ext})
	for _, c := range cands {
		n := c.name
		rc, info, err := s.objects.Get(ctx, ObjectName(hash, n, c.ext))
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, ObjectInfo{}, err
		}
		// Content-addressed and never rewritten: a strong, stable ETag.
		info.ETag = `"` + hash + "-" + n + "." + c.ext + `"`
		return rc, info, nil
	}
	return nil, ObjectInfo{}, ErrNotFound
}

// List returns images newest first.
func (s *Service) List(ctx context.Context, limit int, cursor string) ([]Image, string, error) {
	if limit <= 0 {
		limit = 50
	}
	return s.store.List(ctx, limit, cursor)
}

// Lookup returns the stored images among keys (other services size images
// with it); keys that are unknown or not keys at all are left out.
func (s *Service) Lookup(ctx context.Context, keys []string) ([]Image, error) {
	valid := make([]string, 0, len(keys))
	for _, k := range keys {
		if KeyPattern.MatchString(k) {
			valid = append(valid, k)
		}
	}
	if len(valid) == 0 {
		return nil, nil
	}
	return s.store.GetMany(ctx, valid)
}

// SetAltText updates an image's description.
func (s *Service) SetAltText(ctx context.Context, key, alt string) (Image, error) {
	return s.store.SetAltText(ctx, key, strings.TrimSpace(alt))
}

// Delete removes the image's objects, then its row.
func (s *Service) Delete(ctx context.Context, key string) error {
	if _, err := s.store.Get(ctx, key); err != nil {
		return err
	}
	hash, _, _ := strings.Cut(key, ".")
	if err := s.objects.RemovePrefix(ctx, hash+"/"); err != nil {
		return err
	}
	return s.store.Delete(ctx, key)
}
