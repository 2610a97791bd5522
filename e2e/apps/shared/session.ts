// Who is logged in, as a tiny store that every framework can bind to: it has
// the Svelte store contract (subscribe calls the listener at once), which also
// works for React's useSyncExternalStore and a Vue shallowRef.

export interface SessionUser {
  id: number;
  username: string;
  name: string;
}

export interface SessionState {
  /** Access token from POST /login, or null when logged out. */
  readonly token: string | null;
  readonly user: SessionUser | null;
  /** True after a 401 logged us out (shown as "session expired"). */
  readonly expired: boolean;
}

const LOGGED_OUT: SessionState = { token: null, user: null, expired: false };

function createSession() {
  let state: SessionState = LOGGED_OUT;
  const listeners = new Set<(s: SessionState) => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const l of [...listeners]) l(state);
  };
  return {
    getSnapshot: () => state,
    subscribe(listener: (s: SessionState) => void): () => void {
      listeners.add(listener);
      listener(state);
      return () => void listeners.delete(listener);
    },
    login(token: string, user: SessionUser) {
      set({ token, user: { id: user.id, username: user.username, name: user.name }, expired: false });
    },
    logout() {
      set(LOGGED_OUT);
    },
    /** A 401 arrived: forget the token and say why. */
    expire() {
      if (state.token) set({ ...LOGGED_OUT, expired: true });
    },
  };
}

export type Session = ReturnType<typeof createSession>;

/** The one session of the page (the token store AuthEndpoint reads). */
export const session: Session = createSession();

/** Request options carrying the token, for `hookifyResource(resource, getInit)`. */
export function authInit(state: SessionState = session.getSnapshot()): RequestInit {
  return state.token ? { headers: { 'Access-Token': state.token } } : {};
}
