package signin

// A person's own sessions, on the account page: where they are signed in,
// and signing one of them, or all but this one, out (ASVS 7.5.2).

import (
	"errors"
	"net/http"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	gatewayv1 "github.com/valleytrenchless/site/gen/trenchless/gateway/v1"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
)

var (
	errNoSuchSession  = status.Error(codes.NotFound, "That session has already ended.")
	errNoConfirmation = grpcserver.FieldViolation("password", "password.required", "Enter your password.")
	errWrongConfirm   = grpcserver.FieldViolation("password", "password.wrong", "That is not your password.")
	errConfirmGoogle  = status.Error(codes.FailedPrecondition, "This account signs in with Google: sign in again with Google to confirm it’s you.")
)

// sessionOf is the request's session and its cookie's value (Staff has
// admitted the request, so there is one).
func (h *Handler) sessionOf(r *http.Request) (accounts.Session, string) {
	s, _ := FromContext(r.Context())
	id := ""
	if c, err := r.Cookie(h.SessionCookie()); err == nil {
		id = c.Value
	}
	return s, id
}

func (h *Handler) listSessions(w http.ResponseWriter, r *http.Request) {
	s, id := h.sessionOf(r)
	list, err := h.accounts.Sessions(r.Context(), s.User, id)
	if err != nil {
		h.errs.Write(r.Context(), w, internal("list sessions", err))
		return
	}
	resp := &gatewayv1.ListAccountSessionsResponse{Sessions: make([]*gatewayv1.AccountSession, 0, len(list))}
	for _, it := range list {
		d := accounts.ParseUserAgent(it.UserAgent)
		resp.Sessions = append(resp.Sessions, &gatewayv1.AccountSession{
			Id: it.Handle, CreatedAt: timestamppb.New(it.CreatedAt), LastActiveAt: timestamppb.New(it.LastSeen),
			ExpiresAt: timestamppb.New(it.ExpiresAt), Method: it.Method, Browser: d.Browser, Os: d.OS, Mobile: d.Mobile,
			Current: it.Current,
		})
	}
	h.writeProto(w, r, resp)
}

func (h *Handler) endSession(w http.ResponseWriter, r *http.Request) {
	s, _ := h.sessionOf(r)
	err := h.accounts.EndSessionOf(r.Context(), s.User, r.PathValue("id"))
	if errors.Is(err, accounts.ErrNotFound) {
		h.errs.Write(r.Context(), w, errNoSuchSession)
		return
	}
	if err != nil {
		h.errs.Write(r.Context(), w, internal("end session", err))
		return
	}
	h.log.InfoContext(r.Context(), "session ended by its account", "username", s.User.Username)
	h.ended(s.User.ID)
	writeOK(w)
}

func (h *Handler) endOtherSessions(w http.ResponseWriter, r *http.Request) {
	s, id := h.sessionOf(r)
	n, err := h.accounts.EndOtherSessions(r.Context(), s.User, id)
	if err != nil {
		h.errs.Write(r.Context(), w, internal("end other sessions", err))
		return
	}
	h.log.InfoContext(r.Context(), "other sessions ended by their account", "username", s.User.Username, "ended", n)
	h.ended(s.User.ID)
	h.writeProto(w, r, &gatewayv1.EndOtherSessionsResponse{Ended: int32(n)})
}

// confirm takes the account's password again: for accounts.RecentSignIn
// this session may add or remove a passkey. Wrong passwords spend the
// account's password tries, as a wrong current password does.
func (h *Handler) confirm(w http.ResponseWriter, r *http.Request) {
	s, id := h.sessionOf(r)
	req := &gatewayv1.ConfirmRequest{}
	if !readBody(r, req) || req.GetPassword() == "" {
		h.errs.Write(r.Context(), w, errNoConfirmation)
		return
	}
	bucket, ok := h.passwordTries(w, r, s.User.ID)
	if !ok {
		return
	}
	err := h.accounts.Confirm(r.Context(), s.User, id, req.GetPassword())
	switch {
	case errors.Is(err, accounts.ErrInvalidCredentials):
		h.failed(r.Context(), bucket)
		err = errWrongConfirm
	case errors.Is(err, accounts.ErrNotLocal):
		err = errConfirmGoogle
	case err != nil:
		err = internal("confirm", err)
	}
	if err != nil {
		h.errs.Write(r.Context(), w, err)
		return
	}
	h.log.InfoContext(r.Context(), "confirmed it is them", "username", s.User.Username)
	writeOK(w)
}
