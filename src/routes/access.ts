// Which area a signed-in account may be in (spec 6: staff and individual are
// separate areas), and where the router sends it when it opens the other one.
// The router reads the account's access from GET /v2/session once per access
// token (a new sign-in has a new token), so moving between pages costs no call.
import { createApiClient } from '../api/client.js';
import { getSession } from '../api/contracts/session.js';

export interface Access {
  operatorAccess: boolean;
  individualAccess: boolean;
}

/** The part of the browser's auth the access check needs. */
export interface TokenSource {
  accessToken?(): Promise<string | null>;
}

/** /individual and the pages under it: the individual area. */
export const isIndividualPath = (pathname: string): boolean => pathname === '/individual' || pathname.startsWith('/individual/');

/**
 * Where an account with this access goes instead of `pathname`, or null when
 * it may stay. Only for the staff route tree (/auth is open to everyone).
 */
export function accessRedirect(access: Access | null, pathname: string): string | null {
  // Unknown (the session call failed, or MFA is still pending): the API
  // refuses what the account may not see, and its 403 opens the forbidden dialog.
  if (!access) return null;
  const individual = isIndividualPath(pathname);
  // An individual-only account has no staff console: its home is /individual.
  if (!individual && !access.operatorAccess && access.individualAccess) return '/individual';
  // An operator without individual access who opens /individual (a shared
  // task link, the palette) goes to the staff home rather than to the
  // forbidden dialog: that dialog is for a refused action, and here its only
  // button would lead to the same place, over an individual pane with nothing
  // the account may see. Going home is what a staff user expects of a link
  // into an area they do not have.
  if (individual && !access.individualAccess && access.operatorAccess) return '/';
  return null;
}

/** Reads the account's access with the auth's current token, once per token. */
export function sessionAccess(auth: TokenSource): () => Promise<Access | null> {
  let cached: { token: string; access: Promise<Access | null> } | null = null;
  return async () => {
    const token = (await auth.accessToken?.().catch(() => null)) ?? null;
    if (!token) return null;
    if (cached?.token !== token) {
      const call = createApiClient({ getToken: () => token });
      const access = call(getSession)
        .then((s): Access => ({ operatorAccess: s.operatorAccess, individualAccess: s.individualAccess }))
        .catch(() => {
          // A failure is not remembered: the next navigation asks again.
          if (cached?.access === access) cached = null;
          return null;
        });
      cached = { token, access };
    }
    return cached.access;
  };
}
