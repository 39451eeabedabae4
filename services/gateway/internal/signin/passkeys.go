package signin

// What package passkeys needs of sign-in: a session for an account a
// passkey signed in, and a say over password sign-ins (the owner's policy).

import (
	"net/http"

	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
)

// SignInUser starts a session for u, whom another way than a password (a
// passkey) has just signed in, and answers as a password sign-in does:
// the User, or the error.
func (h *Handler) SignInUser(w http.ResponseWriter, r *http.Request, u accounts.User) {
	if err := h.signIn(w, r, u, accounts.MethodPasskey); err != nil {
		h.errs.Write(r.Context(), w, internal("sign-in", err))
		return
	}
	h.audit(r, u.ID, u.Username, "sign-in", http.StatusOK)
	h.writeProto(w, r, toProto(u))
}

// GatePasswordSignIn has gate asked after a correct password and before
// its session starts: a non-nil answer refuses the sign-in with that error
// (gate may set a cookie of its own on w).
func (h *Handler) GatePasswordSignIn(gate func(w http.ResponseWriter, r *http.Request, u accounts.User) error) {
	h.passwordGate = gate
}
