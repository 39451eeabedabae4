package passkeys

// The HTTP routes (listed in proto/trenchless/gateway/v1/passkeys.proto)
// and the gate signin's password sign-in asks.

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	gatewayv1 "github.com/valleytrenchless/site/gen/trenchless/gateway/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/httperr"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// Sessions starts sessions (signin.Handler).
type Sessions interface {
	// SignInUser starts a session for u and answers the request as a
	// password sign-in does (the User, or the error).
	SignInUser(w http.ResponseWriter, r *http.Request, u accounts.User)
}

// Handler serves the passkey routes.
type Handler struct {
	svc      *Service
	log      *slog.Logger
	errs     httperr.Writer
	sessions Sessions
	secure   bool
}

// NewHandler returns the routes of svc. secureCookies is as sign-in's (the
// site on https).
func NewHandler(log *slog.Logger, svc *Service, sessions Sessions, secureCookies bool) *Handler {
	return &Handler{svc: svc, log: log, errs: httperr.Writer{Log: log, Internal: msgInternal}, sessions: sessions, secure: secureCookies}
}

// Register mounts the routes on mux; wrap adds the edge's body cap and the
// rate limit of the path it is given. A passkey sign-in's begin counts
// against the password sign-in's limit (/api/login): a passkey is one more
// way to try to sign in, not a second allowance. (An enrolment follows a
// password sign-in, which that limit and the account's throttle counted.)
func (h *Handler) Register(mux *http.ServeMux, wrap func(path string, h http.Handler) http.Handler) {
	for _, r := range []struct {
		method, path, limit string
		h                   http.HandlerFunc
	}{
		{"GET", "/api/account/passkeys", "", h.staff(h.list)},
		{"POST", "/api/account/passkeys/register/begin", "", h.staff(h.beginRegistration)},
		{"POST", "/api/account/passkeys/register/finish", "", h.staff(h.finishRegistration)},
		{"PATCH", "/api/account/passkeys/{id}", "", h.staff(h.rename)},
		{"DELETE", "/api/account/passkeys/{id}", "", h.staff(h.delete)},
		{"POST", "/api/passkeys/sign-in/begin", "/api/login", h.beginSignIn},
		{"POST", "/api/passkeys/sign-in/finish", "", h.finishSignIn},
		{"POST", "/api/passkeys/enrol/begin", "", h.beginEnrolment},
		{"POST", "/api/passkeys/enrol/finish", "", h.finishEnrolment},
		{"GET", "/api/admin/sign-in-policy", "", h.owner(h.policy)},
		{"PUT", "/api/admin/sign-in-policy", "", h.owner(h.setPolicy)},
	} {
		limit := r.limit
		if limit == "" {
			limit = r.path
		}
		mux.Handle(r.method+" "+r.path, wrap(limit, noStore(r.h)))
	}
}

// noStore: no answer here is kept by a browser or a cache between.
func noStore(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next(w, r)
	}
}

// What the routes answer, in words for the people who read them.
const msgInternal = "Something went wrong on our side. Please try again."

// Reasons (the error body's reason) the web app acts on.
const (
	// ReasonPasskeyRequired: the policy refused a password; the account
	// has a passkey and must use it.
	ReasonPasskeyRequired = "PASSKEY_REQUIRED"
	// ReasonEnrolmentRequired: the policy refused a password; the account
	// has no passkey yet and may add one with it (POST
	// /api/passkeys/enrol/begin).
	ReasonEnrolmentRequired = "PASSKEY_ENROLMENT_REQUIRED"
	// ReasonCeremonyExpired: the ceremony is unknown, used or past its
	// time; start again.
	ReasonCeremonyExpired = "PASSKEY_CEREMONY_EXPIRED"
	// ReasonUnavailable: passkeys do not work at this server's origin.
	ReasonUnavailable = "PASSKEYS_UNAVAILABLE"
	// ReasonRecentSignInRequired: adding or removing a passkey needs a
	// sign-in within accounts.RecentSignIn, or a confirmation since (POST
	// /api/account/confirm, or signing in again).
	ReasonRecentSignInRequired = "RECENT_SIGN_IN_REQUIRED"
)

func withReason(c codes.Code, msg, reason string) error {
	st, err := status.New(c, msg).WithDetails(&errdetails.ErrorInfo{Reason: reason, Domain: "passkeys"})
	if err != nil { // cannot happen: ErrorInfo marshals
		return status.Error(c, msg)
	}
	return st.Err()
}

var (
	errNotSignedIn    = status.Error(codes.Unauthenticated, "Please sign in.")
	errSessionUnknown = status.Error(codes.Unavailable, "session lookup failed")
	errNotStaff       = status.Error(codes.PermissionDenied, "This area is for staff only.")
	errNotOwner       = status.Error(codes.PermissionDenied, "Only an owner can change how staff sign in.")
	errBadID          = status.Error(codes.NotFound, "That passkey is not on your account.")
	errBadBody        = status.Error(codes.InvalidArgument, "The request could not be read. Please try again.")
	errPolicyPassword = withReason(codes.FailedPrecondition,
		"Your company requires a passkey or Google to sign in, and this account has a passkey: choose “Sign in with a passkey”.",
		ReasonPasskeyRequired)
	errConfirmFirst = withReason(codes.PermissionDenied,
		"For your safety, confirm it’s you first: a passkey changes how your account signs in.",
		ReasonRecentSignInRequired)
	errPolicyEnrol = withReason(codes.FailedPrecondition,
		"Your company now requires a passkey or Google to sign in, and this account has no passkey yet. Add one now (within 10 minutes): from then on you sign in with it.",
		ReasonEnrolmentRequired)
)

// toStatus turns a domain error into the answer people read; signIn
// chooses the words for a refused sign-in.
func toStatus(err error, signIn bool) error {
	switch {
	case errors.Is(err, ErrBadName):
		return status.Errorf(codes.InvalidArgument, "Give the passkey a name of 1 to %d characters, such as the device it is on.", MaxNameLen)
	case errors.Is(err, ErrNotFound):
		return errBadID
	case errors.Is(err, ErrExists):
		return status.Error(codes.AlreadyExists, "This passkey is already registered.")
	case errors.Is(err, ErrLastPasskey):
		return status.Error(codes.FailedPrecondition,
			"Your company requires a passkey or Google to sign in, so your only passkey cannot be removed. Add another one first, then remove this one.")
	case errors.Is(err, ErrCeremony):
		return withReason(codes.FailedPrecondition, "The passkey request expired or was already answered. Please try again.", ReasonCeremonyExpired)
	case errors.Is(err, ErrVerification) && signIn:
		return status.Error(codes.Unauthenticated, "The passkey could not be verified. Please try again, or sign in another way.")
	case errors.Is(err, ErrVerification):
		return status.Error(codes.InvalidArgument, "The passkey could not be verified. Please try again.")
	case errors.Is(err, ErrUnknownPasskey):
		return status.Error(codes.Unauthenticated,
			"This passkey is not registered with this site any more (it may have been removed from your account). Use another passkey, or sign in another way.")
	case errors.Is(err, ErrDisabled), errors.Is(err, accounts.ErrDisabled):
		return status.Error(codes.PermissionDenied, "This account is disabled. Ask an owner of the company's account to enable it again.")
	case errors.Is(err, ErrCloned):
		return status.Error(codes.PermissionDenied,
			"This passkey was refused because it may have been copied. Sign in another way, then remove it from your account and add a new one.")
	case errors.Is(err, ErrNotRequired):
		return status.Error(codes.FailedPrecondition, "This account does not need to add a passkey to sign in: sign in with your password or your passkey.")
	case errors.Is(err, ErrUnavailable):
		return withReason(codes.FailedPrecondition, "Passkeys are not available on this server.", ReasonUnavailable)
	case errors.Is(err, accounts.ErrInvalidCredentials):
		return status.Error(codes.Unauthenticated, "Incorrect e-mail or password.")
	case errors.Is(err, accounts.ErrThrottled):
		return status.Error(codes.ResourceExhausted, "Too many sign-in attempts. Please wait a few minutes and try again.")
	}
	return status.Errorf(codes.Internal, "passkeys: %v", err)
}

// PasswordGate is what signin asks after a correct password, before it
// signs in: nil lets it, or the answer that refuses it (the policy on).
// Refusing an account with no passkey, it lets this browser add the first
// one (the enrolment's cookie), so the person is not locked out.
func (h *Handler) PasswordGate(w http.ResponseWriter, r *http.Request, u accounts.User) error {
	d, err := h.svc.PasswordPolicy(r.Context(), u)
	switch {
	case err != nil:
		return toStatus(err, true)
	case d == PasswordUsePasskey:
		return errPolicyPassword
	case d == PasswordEnrolOnly:
		b, err := h.svc.AllowEnrolment(r.Context(), u)
		if err != nil {
			return toStatus(err, true)
		}
		h.setCookie(w, b.ID, b.Expires)
		return errPolicyEnrol
	}
	return nil
}

// staff admits a signed-in staff member (any role: everyone keeps their
// own passkeys) and hands the handler its account.
func (h *Handler) staff(next func(http.ResponseWriter, *http.Request, accounts.User)) http.HandlerFunc {
	return h.signedIn(func(u accounts.User) error {
		if !u.IsStaff {
			return errNotStaff
		}
		return nil
	}, next)
}

// owner admits an owner.
func (h *Handler) owner(next func(http.ResponseWriter, *http.Request, accounts.User)) http.HandlerFunc {
	return h.signedIn(func(u accounts.User) error {
		switch {
		case !u.IsStaff:
			return errNotStaff
		case u.Role != identity.RoleOwner:
			return errNotOwner
		}
		return nil
	}, next)
}

func (h *Handler) signedIn(admit func(accounts.User) error, next func(http.ResponseWriter, *http.Request, accounts.User)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s, ok := signin.FromContext(r.Context())
		var err error
		switch {
		case !ok && signin.SessionUnknown(r.Context()):
			w.Header().Set("Retry-After", "5")
			err = errSessionUnknown
		case !ok:
			err = errNotSignedIn
		default:
			err = admit(s.User)
		}
		if err != nil {
			h.errs.Write(r.Context(), w, err)
			return
		}
		next(w, r, s.User)
	}
}

// jsonOut marshals like the grpc-gateway mux: camelCase names, every field.
var jsonOut = protojson.MarshalOptions{EmitUnpopulated: true}

func (h *Handler) writeProto(w http.ResponseWriter, r *http.Request, m proto.Message) {
	b, err := jsonOut.Marshal(m)
	if err != nil {
		h.errs.Write(r.Context(), w, status.Errorf(codes.Internal, "marshal %T: %v", m, err))
		return
	}
	writeJSON(w, b)
}

func writeJSON(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}

// readProto reads a JSON body into m (unknown fields ignored).
func readProto(r *http.Request, m proto.Message) bool {
	b, err := io.ReadAll(r.Body)
	return err == nil && (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(b, m) == nil
}

// The ceremony cookie names the ceremony between its begin and its
// finish; it lives as long as the ceremony and goes to this site only.
func (h *Handler) cookieName() string {
	if h.secure {
		return "__Host-passkey"
	}
	return "trenchless_passkey"
}

func (h *Handler) setCookie(w http.ResponseWriter, value string, expires time.Time) {
	c := &http.Cookie{Name: h.cookieName(), Value: value, Path: "/", HttpOnly: true, Secure: h.secure, SameSite: http.SameSiteStrictMode}
	if value == "" {
		c.MaxAge = -1
	} else {
		c.Expires = expires
	}
	http.SetCookie(w, c)
}

// begun answers a begun ceremony: its options, and its id in the cookie.
func (h *Handler) begun(w http.ResponseWriter, r *http.Request, b Begun, err error, signIn bool) {
	if err != nil {
		h.errs.Write(r.Context(), w, toStatus(err, signIn))
		return
	}
	out, err := json.Marshal(b.Options)
	if err != nil {
		h.errs.Write(r.Context(), w, toStatus(err, signIn))
		return
	}
	h.setCookie(w, b.ID, b.Expires)
	writeJSON(w, out)
}

// answer reads a finish's body (the browser's PublicKeyCredential) and
// the ceremony's id, and clears the cookie: a ceremony is answered once.
func (h *Handler) answer(w http.ResponseWriter, r *http.Request) (id string, body []byte, ok bool) {
	c, err := r.Cookie(h.cookieName())
	if err == nil {
		id = c.Value
	}
	h.setCookie(w, "", time.Time{})
	body, err = io.ReadAll(r.Body)
	if err != nil {
		h.errs.Write(r.Context(), w, errBadBody)
		return "", nil, false
	}
	return id, body, true
}

func toProto(p Passkey) *gatewayv1.Passkey {
	out := &gatewayv1.Passkey{
		Id: base64.RawURLEncoding.EncodeToString(p.ID), Name: p.Name, CreatedAt: timestamppb.New(p.CreatedAt),
		Transports: p.Transports, Synced: p.Synced(),
	}
	if p.LastUsedAt != nil {
		out.LastUsedAt = timestamppb.New(*p.LastUsedAt)
	}
	if out.Transports == nil {
		out.Transports = []string{}
	}
	return out
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, u accounts.User) {
	ps, err := h.svc.List(r.Context(), u)
	if err != nil {
		h.errs.Write(r.Context(), w, toStatus(err, false))
		return
	}
	out := &gatewayv1.ListPasskeysResponse{Passkeys: make([]*gatewayv1.Passkey, len(ps))}
	for i, p := range ps {
		out.Passkeys[i] = toProto(p)
	}
	h.writeProto(w, r, out)
}

// confirmedRecently says whether the request's session signed in, or was
// confirmed, within accounts.RecentSignIn; otherwise it has answered
// errConfirmFirst.
func (h *Handler) confirmedRecently(w http.ResponseWriter, r *http.Request) bool {
	if s, ok := signin.FromContext(r.Context()); ok && s.Recent(h.svc.now()) {
		return true
	}
	h.errs.Write(r.Context(), w, errConfirmFirst)
	return false
}

func (h *Handler) beginRegistration(w http.ResponseWriter, r *http.Request, u accounts.User) {
	if !h.confirmedRecently(w, r) {
		return
	}
	in := &gatewayv1.BeginPasskeyRegistrationRequest{}
	if !readProto(r, in) {
		h.errs.Write(r.Context(), w, errBadBody)
		return
	}
	b, err := h.svc.BeginRegistration(r.Context(), u, in.Name)
	h.begun(w, r, b, err, false)
}

func (h *Handler) finishRegistration(w http.ResponseWriter, r *http.Request, u accounts.User) {
	id, body, ok := h.answer(w, r)
	if !ok {
		return
	}
	p, err := h.svc.FinishRegistration(r.Context(), u, id, body)
	if err != nil {
		h.errs.Write(r.Context(), w, toStatus(err, false))
		return
	}
	h.log.InfoContext(r.Context(), "passkey added", "username", u.Username, "passkey", p.Name)
	h.writeProto(w, r, toProto(p))
}

// passkeyID reads the {id} of a path: a credential id, base64url.
func passkeyID(r *http.Request) ([]byte, bool) {
	id, err := base64.RawURLEncoding.DecodeString(r.PathValue("id"))
	return id, err == nil && len(id) > 0
}

func (h *Handler) rename(w http.ResponseWriter, r *http.Request, u accounts.User) {
	id, ok := passkeyID(r)
	if !ok {
		h.errs.Write(r.Context(), w, errBadID)
		return
	}
	in := &gatewayv1.RenamePasskeyRequest{}
	if !readProto(r, in) {
		h.errs.Write(r.Context(), w, errBadBody)
		return
	}
	p, err := h.svc.Rename(r.Context(), u, id, in.Name)
	if err != nil {
		h.errs.Write(r.Context(), w, toStatus(err, false))
		return
	}
	h.writeProto(w, r, toProto(p))
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, u accounts.User) {
	id, ok := passkeyID(r)
	if !ok {
		h.errs.Write(r.Context(), w, errBadID)
		return
	}
	if !h.confirmedRecently(w, r) {
		return
	}
	if err := h.svc.Delete(r.Context(), u, id); err != nil {
		h.errs.Write(r.Context(), w, toStatus(err, false))
		return
	}
	h.log.InfoContext(r.Context(), "passkey removed", "username", u.Username)
	writeJSON(w, []byte(`{"ok":true}`))
}

func (h *Handler) beginSignIn(w http.ResponseWriter, r *http.Request) {
	b, err := h.svc.BeginSignIn(r.Context())
	h.begun(w, r, b, err, true)
}

func (h *Handler) finishSignIn(w http.ResponseWriter, r *http.Request) {
	id, body, ok := h.answer(w, r)
	if !ok {
		return
	}
	u, err := h.svc.FinishSignIn(r.Context(), id, body)
	if err != nil {
		h.log.InfoContext(r.Context(), "passkey sign-in refused", "err", err)
		h.errs.Write(r.Context(), w, toStatus(err, true))
		return
	}
	h.sessions.SignInUser(w, r, u)
}

func (h *Handler) beginEnrolment(w http.ResponseWriter, r *http.Request) {
	in := &gatewayv1.EnrolPasskeyRequest{}
	if !readProto(r, in) {
		h.errs.Write(r.Context(), w, errBadBody)
		return
	}
	var ticket string
	if c, err := r.Cookie(h.cookieName()); err == nil {
		ticket = c.Value
	}
	b, err := h.svc.BeginEnrolment(r.Context(), ticket, in.Name)
	h.begun(w, r, b, err, true)
}

func (h *Handler) finishEnrolment(w http.ResponseWriter, r *http.Request) {
	id, body, ok := h.answer(w, r)
	if !ok {
		return
	}
	u, p, err := h.svc.FinishEnrolment(r.Context(), id, body)
	if err != nil {
		h.errs.Write(r.Context(), w, toStatus(err, true))
		return
	}
	h.log.InfoContext(r.Context(), "first passkey added at sign-in", "username", u.Username, "passkey", p.Name)
	h.sessions.SignInUser(w, r, u)
}

func policyProto(p Policy) *gatewayv1.SignInPolicy {
	return &gatewayv1.SignInPolicy{RequirePasskey: p.RequirePasskey, UpdatedBy: p.UpdatedBy, UpdatedAt: timestamppb.New(p.UpdatedAt),
		AccountsWithoutPasskey: int32(p.WithoutPasskey)}
}

func (h *Handler) policy(w http.ResponseWriter, r *http.Request, _ accounts.User) {
	p, err := h.svc.Policy(r.Context())
	if err != nil {
		h.errs.Write(r.Context(), w, toStatus(err, false))
		return
	}
	h.writeProto(w, r, policyProto(p))
}

func (h *Handler) setPolicy(w http.ResponseWriter, r *http.Request, u accounts.User) {
	in := &gatewayv1.UpdateSignInPolicyRequest{}
	if !readProto(r, in) {
		h.errs.Write(r.Context(), w, errBadBody)
		return
	}
	p, err := h.svc.SetPolicy(r.Context(), in.RequirePasskey, u)
	if err != nil {
		h.errs.Write(r.Context(), w, toStatus(err, false))
		return
	}
	h.log.InfoContext(r.Context(), "sign-in policy changed", "username", u.Username, "require_passkey", p.RequirePasskey)
	h.writeProto(w, r, policyProto(p))
}
