package signin

// The Staff tab's routes (owners only), the account page's password
// change, and the one-time set-password link: plain HTTP, like sign-in,
// because accounts and sessions are the gateway's own.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	authv1 "github.com/valleytrenchless/site/gen/trenchless/auth/v1"
	gatewayv1 "github.com/valleytrenchless/site/gen/trenchless/gateway/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
)

// SetPasswordPath is the web app's page a one-time link opens; the token
// travels in the fragment, so it reaches no server log.
const SetPasswordPath = "/admin/set-password"

var (
	errLastOwner   = status.Error(codes.FailedPrecondition, "The site needs at least one active owner. Make someone else an owner first.")
	errStaffExists = status.Error(codes.AlreadyExists, "This person already has an account.")
	errNoMember    = status.Error(codes.NotFound, "No such staff member.")
	errBadRole     = status.Error(codes.InvalidArgument, "Choose a role: owner, editor or sales.")
	errBadSignIn   = status.Error(codes.InvalidArgument, "Choose how they sign in: Google or a password.")
	errNotLocal    = status.Error(codes.FailedPrecondition, "This account signs in with Google; it has no password to set.")
	errNoLink      = status.Error(codes.NotFound, "This link has expired or was already used.")
	errBadBody     = status.Error(codes.InvalidArgument, "The request could not be read.")
	errWrongPass   = status.Error(codes.InvalidArgument, "Your current password is not correct.")
	errNoPasswords = status.Error(codes.InvalidArgument, "Enter your current password and a new one.")
)

// CallerOf is the caller an account acts as: what the edge mints into
// the token services read, and what access rules are checked against.
func CallerOf(u accounts.User) identity.Caller {
	return identity.Caller{Email: u.Username, Staff: u.IsStaff, Role: u.Role}
}

// Owner admits the signed-in owners only (401 signed out, 403 otherwise).
func (h *Handler) Owner(next http.HandlerFunc) http.HandlerFunc {
	return h.allowed(authv1.Access_ACCESS_OWNER, next)
}

// Staff admits signed-in staff of any role (401 signed out, 403 otherwise).
func (h *Handler) Staff(next http.HandlerFunc) http.HandlerFunc {
	return h.allowed(authv1.Access_ACCESS_STAFF, next)
}

// allowed admits the signed-in callers access allows; while the session
// store cannot be read it answers 503 with Retry-After.
func (h *Handler) allowed(access authv1.Access, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		s, ok := FromContext(r.Context())
		if !ok && SessionUnknown(r.Context()) {
			w.Header().Set("Retry-After", "5")
			h.errs.Write(r.Context(), w, errSessionUnknown)
			return
		}
		c := CallerOf(s.User)
		if err := identity.Allows(access, c, ok); err != nil {
			h.errs.Write(r.Context(), w, err)
			return
		}
		next(w, r)
	}
}

// ended tells the live streams of this gateway that userID's sessions
// changed.
func (h *Handler) ended(userID string) {
	if h.cfg.Ended != nil {
		h.cfg.Ended(userID)
	}
}

// readBody reads a small JSON body into m (unknown fields ignored).
func readBody(r *http.Request, m proto.Message) bool {
	b, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, 4<<10))
	return err == nil && (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(b, m) == nil
}

func ts(t *time.Time) *timestamppb.Timestamp {
	if t == nil {
		return nil
	}
	return timestamppb.New(*t)
}

func member(u accounts.User) *gatewayv1.StaffMember {
	return &gatewayv1.StaffMember{Id: u.ID, Username: u.Username, Role: u.Role, SignIn: u.SignIn, Status: u.Status(),
		CreatedAt: timestamppb.New(u.CreatedAt), LastSignInAt: ts(u.LastSignInAt), Passkeys: int32(u.Passkeys)}
}

// staffError words an accounts error for the Staff tab.
func staffError(what string, err error) error {
	switch {
	case errors.Is(err, accounts.ErrLastOwner):
		return errLastOwner
	case errors.Is(err, accounts.ErrExists):
		return errStaffExists
	case errors.Is(err, accounts.ErrNotFound):
		return errNoMember
	case errors.Is(err, accounts.ErrInvalidRole):
		return errBadRole
	case errors.Is(err, accounts.ErrInvalidSignIn):
		return errBadSignIn
	case errors.Is(err, accounts.ErrNotAnEmail):
		return errNotAnEmailAddress
	case errors.Is(err, accounts.ErrNotLocal):
		return errNotLocal
	case errors.Is(err, accounts.ErrNoLink):
		return errNoLink
	case errors.Is(err, accounts.ErrShortPassword), errors.Is(err, accounts.ErrGuessablePassword):
		return newPasswordRefused("password", err)
	}
	return internal(what, err)
}

func (h *Handler) listStaff(w http.ResponseWriter, r *http.Request) {
	staff, err := h.accounts.ListStaff(r.Context())
	if err != nil {
		h.errs.Write(r.Context(), w, internal("list staff", err))
		return
	}
	resp := &gatewayv1.ListStaffResponse{Staff: make([]*gatewayv1.StaffMember, 0, len(staff))}
	for _, u := range staff {
		resp.Staff = append(resp.Staff, member(u))
	}
	h.writeProto(w, r, resp)
}

// linkURL is the one-time link's address on this site.
func (h *Handler) linkURL(l accounts.Link) string {
	return strings.TrimRight(h.cfg.PublicOrigin, "/") + SetPasswordPath + "#token=" + url.QueryEscape(l.Token)
}

func (h *Handler) inviteAnswer(u accounts.User, l accounts.Link) *gatewayv1.InviteStaffResponse {
	resp := &gatewayv1.InviteStaffResponse{Member: member(u)}
	if l.Token != "" {
		resp.SetPasswordUrl, resp.LinkExpiresAt = h.linkURL(l), timestamppb.New(l.Expires)
	}
	return resp
}

func (h *Handler) inviteStaff(w http.ResponseWriter, r *http.Request) {
	req := &gatewayv1.InviteStaffRequest{}
	if !readBody(r, req) {
		h.errs.Write(r.Context(), w, errBadBody)
		return
	}
	u, link, err := h.accounts.Invite(r.Context(), req.GetUsername(), req.GetRole(), req.GetSignIn(), h.cfg.StaffDomain)
	if errors.Is(err, accounts.ErrOffDomain) {
		err = status.Errorf(codes.InvalidArgument, "A Google account must be on the company domain (@%s).", h.cfg.StaffDomain)
	} else if err != nil {
		err = staffError("invite", err)
	}
	if err != nil {
		h.errs.Write(r.Context(), w, err)
		return
	}
	h.log.InfoContext(r.Context(), "staff invited", "username", u.Username, "role", u.Role, "sign_in", u.SignIn)
	h.writeProto(w, r, h.inviteAnswer(u, link))
}

func (h *Handler) newInviteLink(w http.ResponseWriter, r *http.Request) {
	u, err := h.accounts.UserByID(r.Context(), r.PathValue("id"))
	var link accounts.Link
	if err == nil && !u.IsStaff {
		err = accounts.ErrNotFound
	}
	if err == nil {
		link, err = h.accounts.NewPasswordLink(r.Context(), u)
	}
	if err != nil {
		h.errs.Write(r.Context(), w, staffError("invite link", err))
		return
	}
	h.writeProto(w, r, h.inviteAnswer(u, link))
}

func (h *Handler) updateStaff(w http.ResponseWriter, r *http.Request) {
	req := &gatewayv1.UpdateStaffRequest{}
	if !readBody(r, req) {
		h.errs.Write(r.Context(), w, errBadBody)
		return
	}
	u, err := h.accounts.UpdateStaff(r.Context(), r.PathValue("id"), accounts.StaffChange{Role: req.Role, Disabled: req.Disabled})
	if err != nil {
		h.errs.Write(r.Context(), w, staffError("update staff", err))
		return
	}
	h.log.InfoContext(r.Context(), "staff changed", "username", u.Username, "role", u.Role, "status", u.Status())
	h.ended(u.ID)
	h.writeProto(w, r, member(u))
}

func (h *Handler) changePassword(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	s, ok := FromContext(r.Context())
	if !ok || !s.User.IsStaff {
		h.errs.Write(r.Context(), w, identity.Allows(authv1.Access_ACCESS_STAFF, identity.Caller{Email: s.User.Username}, ok))
		return
	}
	req := &gatewayv1.ChangePasswordRequest{}
	if !readBody(r, req) || req.GetCurrentPassword() == "" || req.GetNewPassword() == "" {
		h.errs.Write(r.Context(), w, errNoPasswords)
		return
	}
	bucket, ok := h.passwordTries(w, r, s.User.ID)
	if !ok {
		return
	}
	_, id := h.sessionOf(r)
	err := h.accounts.ChangePassword(r.Context(), s.User, id, req.GetCurrentPassword(), req.GetNewPassword())
	if errors.Is(err, accounts.ErrInvalidCredentials) {
		h.failed(r.Context(), bucket)
		err = errWrongPass
	} else if errors.Is(err, accounts.ErrShortPassword) || errors.Is(err, accounts.ErrGuessablePassword) {
		err = newPasswordRefused("new_password", err)
	} else if err != nil {
		err = staffError("change password", err)
	}
	if err != nil {
		h.errs.Write(r.Context(), w, err)
		return
	}
	h.log.InfoContext(r.Context(), "password changed; other sessions ended", "username", s.User.Username)
	h.ended(s.User.ID)
	writeOK(w)
}

// passwordTries takes a try from the account's bucket of password tries
// (a current password typed again: the change-password form, Confirm),
// which only failures spend: ten, then one a minute. When none is left it
// has answered and says false.
func (h *Handler) passwordTries(w http.ResponseWriter, r *http.Request, userID string) (string, bool) {
	bucket := "password|" + userID
	if wait, err := h.throttled(r.Context(), bucket); err != nil || wait > 0 {
		if err == nil {
			err = status.Error(codes.FailedPrecondition, msgThrottled)
		}
		h.errs.Write(r.Context(), w, err)
		return "", false
	}
	return bucket, true
}

// writeOK answers {"ok": true}, a write's answer that has nothing else to
// say.
func writeOK(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"ok":true}`)
}

func (h *Handler) passwordLink(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	l, err := h.accounts.PasswordLink(r.Context(), r.URL.Query().Get("token"))
	if err != nil {
		h.errs.Write(r.Context(), w, staffError("password link", err))
		return
	}
	h.writeProto(w, r, &gatewayv1.SetPasswordInfo{Username: l.User.Username, ExpiresAt: timestamppb.New(l.Expires), ResetLink: l.Reset})
}

// setPassword sets the password through a one-time link. An owner's link
// signs the person in; a reset link does not (the sign-in that follows
// meets the throttle and the owner's sign-in policy).
func (h *Handler) setPassword(w http.ResponseWriter, r *http.Request) {
	req := &gatewayv1.SetPasswordRequest{}
	if !readBody(r, req) {
		h.errs.Write(r.Context(), w, errBadBody)
		return
	}
	l, err := h.accounts.UsePasswordLink(r.Context(), req.GetToken(), req.GetPassword())
	if err == nil && !l.Reset {
		if err = h.signIn(w, r, l.User, accounts.MethodLink); err != nil {
			err = fmt.Errorf("sign in: %w", err)
		}
	}
	if err != nil {
		h.errs.Write(r.Context(), w, staffError("set password", err))
		return
	}
	u := l.User
	h.ended(u.ID)
	if l.Reset {
		h.log.InfoContext(r.Context(), "password reset through a mailed link", "username", u.Username)
		h.audit(r, u.ID, u.Username, "password.reset", http.StatusOK)
	} else {
		h.log.InfoContext(r.Context(), "password set through a one-time link", "username", u.Username)
		h.audit(r, u.ID, u.Username, "sign-in", http.StatusOK)
	}
	h.writeProto(w, r, toProto(u))
}

// assignable is who may be given a lead: an active account whose role
// works the leads.
func assignable(u accounts.User) bool {
	c := CallerOf(u)
	return u.DisabledAt == nil && identity.Allows(authv1.Access_ACCESS_LEADS, c, true) == nil
}

// assignees answers the leads page's list of people a lead can be
// assigned to (anyone who works the leads may read it).
func (h *Handler) assignees(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	s, ok := FromContext(r.Context())
	c := CallerOf(s.User)
	if err := identity.Allows(authv1.Access_ACCESS_LEADS, c, ok); err != nil {
		h.errs.Write(r.Context(), w, err)
		return
	}
	staff, err := h.accounts.ListStaff(r.Context())
	if err != nil {
		h.errs.Write(r.Context(), w, internal("assignees", err))
		return
	}
	resp := &gatewayv1.ListAssigneesResponse{Assignees: []*gatewayv1.Assignee{}}
	for _, u := range staff {
		if assignable(u) {
			resp.Assignees = append(resp.Assignees, &gatewayv1.Assignee{Username: u.Username, Role: u.Role})
		}
	}
	h.writeProto(w, r, resp)
}

var errNotAssignable = status.Error(codes.InvalidArgument, "Assign the lead to a member of staff who works the leads.")

// CheckAssignee refuses a lead change that names an assignee who is not an
// active member of staff working the leads (an empty assignee unassigns).
// Accounts live here, not in the contact service, so the edge is where it
// can be checked.
func (h *Handler) CheckAssignee(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10+1))
		if err != nil {
			h.errs.Write(r.Context(), w, errBadBody)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		var req struct {
			Assignee *string `json:"assignee"`
		}
		// What is not an e-mail address at all the service refuses in its
		// own words (field by field); here, only whose address it is.
		if json.Unmarshal(body, &req) == nil && req.Assignee != nil && strings.TrimSpace(*req.Assignee) != "" &&
			strings.Contains(*req.Assignee, "@") && !strings.ContainsRune(*req.Assignee, 0) {
			u, err := h.accounts.UserByUsername(r.Context(), *req.Assignee)
			switch {
			case errors.Is(err, accounts.ErrNotFound) || (err == nil && !assignable(u)):
				h.errs.Write(r.Context(), w, errNotAssignable)
				return
			case err != nil:
				h.errs.Write(r.Context(), w, internal("assignee", err))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
