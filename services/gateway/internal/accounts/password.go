package accounts

import (
	"errors"
	"strings"
	"unicode"

	"github.com/trustelem/zxcvbn"
)

// ErrGuessablePassword refuses a new password that a guesser would try
// early: a common password or close to one (a list of tens of thousands,
// with their l33t spellings, keyboard walks, repeats and dates), or made
// of the account's e-mail or the words of this business (ASVS 6.2.4,
// 6.2.11).
var ErrGuessablePassword = errors.New("password is too easy to guess")

// MinPasswordScore is the zxcvbn score a new password must reach: 3 is
// "safely unguessable" by an online attacker and costly offline (about
// 10^8 guesses or more), which every passphrase of four unrelated words
// and every random 12-character password reaches.
const MinPasswordScore = 3

// maxScoredRunes is how much of a password is scored: matching is
// quadratic in the length, and 72 characters of a guessable password are
// as guessable as all of it.
const maxScoredRunes = 72

// businessWords are what a guesser tries first at this site: its trade,
// its area and its cities. The company's own name comes from
// configuration (SetPasswordWords).
var businessWords = []string{
	"valley", "trenchless", "sewer", "drain", "drains", "pipe", "pipes", "plumbing", "plumber", "repair", "lining",
	"phoenix", "arizona", "scottsdale", "tempe", "mesa", "chandler", "gilbert", "glendale", "peoria",
	"admin", "staff", "leads", "welcome",
}

// SetPasswordWords adds words new passwords must not be made of (the
// company's name, its domain), lower-cased and split at anything that is
// not a letter or digit.
func (s *Service) SetPasswordWords(words ...string) {
	for _, w := range words {
		s.words = append(s.words, wordsOf(w)...)
	}
}

// CheckNewPassword says whether pw may become email's password:
// ErrShortPassword below MinPasswordLen, ErrGuessablePassword below
// MinPasswordScore with the account's e-mail and the business's words as
// what a guesser knows.
func (s *Service) CheckNewPassword(pw, email string) error {
	if len(pw) < MinPasswordLen {
		return ErrShortPassword
	}
	// Earlier is likelier (zxcvbn ranks these words by their place): the
	// account's own e-mail first, then the company, then the trade.
	known := append(append(wordsOf(email), s.words...), businessWords...)
	if r := []rune(pw); len(r) > maxScoredRunes {
		pw = string(r[:maxScoredRunes])
	}
	if zxcvbn.PasswordStrength(pw, known).Score < MinPasswordScore {
		return ErrGuessablePassword
	}
	return nil
}

// wordsOf is text whole, each of its parts (runs of letters and digits)
// of three or more, and the parts of what is before an @ run together,
// lower-cased: "ana.lopez@valleytrenchless.example" gives itself, "ana",
// "lopez", "valleytrenchless", "example" and "analopez".
func wordsOf(text string) []string {
	text = strings.ToLower(strings.TrimSpace(text))
	if text == "" {
		return nil
	}
	notAlnum := func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }
	out := []string{text}
	for _, f := range strings.FieldsFunc(text, notAlnum) {
		if len([]rune(f)) >= 3 && f != text {
			out = append(out, f)
		}
	}
	if local, _, ok := strings.Cut(text, "@"); ok {
		if joined := strings.Join(strings.FieldsFunc(local, notAlnum), ""); joined != local && len([]rune(joined)) >= 3 {
			out = append(out, joined)
		}
	}
	return out
}
