// The e-mail shape every form checks (the one zod uses for z.email): kept apart from zod so
// that /login, which checks only this, loads no form library.
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
