package accountspg

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"
)

// available is a bucket's tokens now: what was left, plus what refilled
// since (one per $3 seconds), at most its capacity $2.
const available = `LEAST($2::float8, r.tokens + EXTRACT(EPOCH FROM now() - r.updated_at) / $3::float8)`

// takeToken takes a token from an existing bucket that has one, or makes
// a full bucket less one; no row comes back when the bucket is empty.
var takeToken = `INSERT INTO gateway.rate_limits AS r (key, tokens, updated_at) VALUES ($1, $2::float8 - 1, now())
	ON CONFLICT (key) DO UPDATE SET tokens = ` + available + ` - 1, updated_at = now()
	WHERE ` + available + ` >= 1
	RETURNING tokens`

// TakeToken takes one token from key's bucket, which holds burst tokens
// and refills one per every, in one statement, so that every gateway
// replica sees the same bucket. When the bucket is empty it says how long
// until a token is back.
func (s *Store) TakeToken(ctx context.Context, key string, burst int, every time.Duration) (bool, time.Duration, error) {
	secs := every.Seconds()
	var left float64
	err := s.pool.QueryRow(ctx, takeToken, key, float64(burst), secs).Scan(&left)
	if err == nil {
		return true, 0, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return false, 0, fmt.Errorf("rate limit: %w", err)
	}
	var avail float64
	err = s.pool.QueryRow(ctx, `SELECT `+available+` FROM gateway.rate_limits r WHERE key = $1`, key, float64(burst), secs).Scan(&avail)
	if err != nil {
		return false, 0, fmt.Errorf("rate limit wait: %w", err)
	}
	wait := time.Duration(math.Max(0, 1-avail) * float64(every))
	return false, max(wait, time.Millisecond), nil
}

// PeekToken says whether key's bucket has a token, and if not how long
// until one is back, without taking it (a bucket that does not exist is
// full): a throttle that counts only failures asks first, then takes a
// token when the attempt fails.
func (s *Store) PeekToken(ctx context.Context, key string, burst int, every time.Duration) (bool, time.Duration, error) {
	var avail float64
	err := s.pool.QueryRow(ctx, `SELECT `+available+` FROM gateway.rate_limits r WHERE key = $1`, key, float64(burst), every.Seconds()).Scan(&avail)
	if errors.Is(err, pgx.ErrNoRows) {
		return true, 0, nil
	}
	if err != nil {
		return false, 0, fmt.Errorf("rate limit peek: %w", err)
	}
	if avail >= 1 {
		return true, 0, nil
	}
	return false, max(time.Duration((1-avail)*float64(every)), time.Millisecond), nil
}

// SweepRateLimits drops buckets idle for longer than idle (full again long
// since: any bucket refills in minutes).
func (s *Store) SweepRateLimits(ctx context.Context, idle time.Duration) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM gateway.rate_limits WHERE updated_at < now() - $1::interval`, idle)
	if err != nil {
		return 0, fmt.Errorf("sweep rate limits: %w", err)
	}
	return tag.RowsAffected(), nil
}
