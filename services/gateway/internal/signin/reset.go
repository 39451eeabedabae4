package signin

// A forgotten password (ASVS 6.4.3): POST /api/password-reset mails an
// enabled password account a one-time link that sets a new password. The
// answer is the same, at once, for every address; whether it has an
// account only its mailbox learns. The link works for an hour
// (accounts.ResetTTL), replaces the account's earlier one, and setting
// a password through it ends every session and signs no one in.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	gatewayv1 "github.com/valleytrenchless/site/gen/trenchless/gateway/v1"
	"github.com/valleytrenchless/site/internal/mail"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
)

// Mails per address: three, then one every 20 minutes. Each request past
// them still gets the same answer; no mail goes.
const (
	resetBurst  = 3
	resetRefill = 20 * time.Minute
)

// resetSendTimeout bounds one reset mail (the mail server's answer).
const resetSendTimeout = 30 * time.Second

// maxResetSends is how many reset mails may be on their way at once;
// past it a request is answered as usual and its mail dropped with a log
// line (the edge's per-address limit keeps this far away).
const maxResetSends = 16

var errResetOff = status.Error(codes.FailedPrecondition,
	"This server cannot send e-mail, so it cannot reset a password. Ask an owner of the site for a new link.")

// requestReset answers POST /api/password-reset.
func (h *Handler) requestReset(w http.ResponseWriter, r *http.Request) {
	req := &gatewayv1.PasswordResetRequest{}
	if !readBody(r, req) {
		h.errs.Write(r.Context(), w, errBadBody)
		return
	}
	email := accounts.NormalizeEmail(req.GetEmail())
	switch {
	case h.cfg.Mail == nil:
		h.errs.Write(r.Context(), w, errResetOff)
		return
	case !accounts.ValidEmail(email):
		h.errs.Write(r.Context(), w, errNotAnEmailAddress)
		return
	}
	// The same work for every address: its bucket of mails is taken
	// whether or not it has an account.
	mayMail := h.mayMailReset(r.Context(), email)
	u, err := h.accounts.UserByUsername(r.Context(), email)
	switch {
	case errors.Is(err, accounts.ErrNotFound):
		h.audit(r, "", email, "password.reset-requested", http.StatusAccepted)
	case err != nil:
		h.errs.Write(r.Context(), w, internal("password reset", err))
		return
	default:
		h.audit(r, u.ID, u.Username, "password.reset-requested", http.StatusAccepted)
		if u.DisabledAt == nil && mayMail {
			h.mailReset(r, u)
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusAccepted)
	_, _ = w.Write([]byte(`{"ok":true}`))
}

// mayMailReset takes a token from the address's bucket of reset mails.
func (h *Handler) mayMailReset(ctx context.Context, email string) bool {
	if h.cfg.Throttle == nil {
		return true
	}
	ok, _, err := h.cfg.Throttle(ctx, "reset|"+bucketName(email), resetBurst, resetRefill)
	if err != nil {
		h.log.ErrorContext(ctx, "password reset: the mail limit could not be read; no mail sent", "err", err)
		return false
	}
	if !ok {
		h.log.WarnContext(ctx, "password reset: too many mails for this account; none sent", "username", email)
	}
	return ok
}

// mailReset makes u's link and mails it (a Google account: how it signs
// in) after the answer has gone, so every address is answered alike.
func (h *Handler) mailReset(r *http.Request, u accounts.User) {
	select {
	case h.resetSends <- struct{}{}:
	default:
		h.log.ErrorContext(r.Context(), "password reset: too many mails on their way; this one dropped", "username", u.Username)
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), resetSendTimeout)
	asked := fmt.Sprintf("%s, %s UTC", accounts.ParseUserAgent(r.UserAgent()), h.now().UTC().Format("2 Jan 2006 15:04"))
	go func() {
		defer func() { <-h.resetSends }()
		defer cancel()
		m, err := h.resetMail(ctx, u, asked)
		if err == nil {
			err = h.cfg.Mail(ctx, m)
		}
		if err != nil {
			h.log.ErrorContext(ctx, "password reset: mail not sent", "username", u.Username, "err", err)
			return
		}
		h.log.InfoContext(ctx, "password reset: link mailed", "username", u.Username, "sign_in", u.SignIn)
	}()
}

// resetMail is the mail of a reset: a fresh link for a password account,
// the way in for a Google one.
func (h *Handler) resetMail(ctx context.Context, u accounts.User, asked string) (mail.Message, error) {
	// Staff sign in to the staff area; an account made by registration
	// (never staff) to the site.
	where := "the " + h.cfg.CompanyName + " staff area"
	if !u.IsStaff {
		where = "the " + h.cfg.CompanyName + " website"
	}
	signIn := strings.TrimRight(h.cfg.PublicOrigin, "/") + "/auth"
	ignore := "If you did not ask, ignore this e-mail: nothing changes, and the link works for no one without this mailbox.\n" +
		"Asked from " + asked + ".\n"
	if u.SignIn != accounts.SignInPassword {
		return mail.Message{To: []string{u.Username}, Subject: "Signing in to " + where,
			Body: "Hello,\n\nSomeone asked to reset the password of " + u.Username + " for " + where + ".\n" +
				"That account signs in with Google, so it has no password here. Sign in with the Google button at\n" +
				signIn + "\n\n" + ignore}, nil
	}
	link, err := h.accounts.ResetLink(ctx, u)
	if err != nil {
		return mail.Message{}, fmt.Errorf("reset link: %w", err)
	}
	return mail.Message{To: []string{u.Username}, Subject: "Set a new password for " + where,
		Body: "Hello,\n\nSomeone asked to reset the password of " + u.Username + " for " + where + ".\n" +
			"To choose a new one, open this link. It works once, within the hour:\n\n" +
			h.linkURL(link) + "\n\nThen sign in with your new password. Every browser signed in to your account " +
			"is signed out when you set it.\n\n" + ignore}, nil
}
