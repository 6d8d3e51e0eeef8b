import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import type { CurrentUserDto, Role, UserSettings } from '@werkboard/common';
import { deStart } from '@werkboard/common';

/** Who used this browser last; decides whether the login page offers the server log (Admin only). */
export interface LastUser {
  username: string;
  role: Role;
}

export interface AuthState {
  token: string | null;
  /** The signed-in user with own profile and settings (login, GET /auth/me). */
  user: CurrentUserDto | null;
  lastUser: LastUser | null;
  /** Whether the stored token was checked against GET /auth/me in this run (not persisted). */
  verified: boolean;
  verifying: boolean;
  /** Shown on the login page: lost session or failed loading after login (not persisted). */
  notice: string | null;
  /**
   * An Admin who must set up a second factor first (the setting 'Zweiter Faktor für Admins
   * erforderlich'): the token reaches only the enrolment, so the app shows only the profile
   * and sends no queued change until the factor is confirmed.
   */
  secondFactorSetupRequired: boolean;
}

/** The fields redux-persist keeps across reloads. */
export const PERSISTED_AUTH_KEYS: readonly (keyof AuthState)[] = [
  'token',
  'user',
  'lastUser',
  'secondFactorSetupRequired',
];

export const initialAuthState: AuthState = {
  token: null,
  user: null,
  lastUser: null,
  verified: false,
  verifying: false,
  notice: null,
  secondFactorSetupRequired: false,
};

function toLastUser(user: CurrentUserDto): LastUser {
  return { username: user.username, role: user.role };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Login answered and the app data loaded: the session is confirmed. */
    loggedIn(
      state,
      action: PayloadAction<{ token: string; user: CurrentUserDto; secondFactorSetupRequired?: boolean }>,
    ) {
      state.token = action.payload.token;
      state.secondFactorSetupRequired = action.payload.secondFactorSetupRequired === true;
      state.user = action.payload.user;
      state.lastUser = toLastUser(action.payload.user);
      state.verified = true;
      state.verifying = false;
      state.notice = null;
    },
    loggedOut(state) {
      state.secondFactorSetupRequired = false;
      state.token = null;
      state.user = null;
      state.verified = false;
      state.verifying = false;
    },
    /** A 401/409 from any call. */
    sessionLost(state) {
      state.secondFactorSetupRequired = false;
      state.token = null;
      state.user = null;
      state.verified = false;
      state.verifying = false;
      state.notice = deStart.login.sessionExpired;
    },
    noticeShown(state, action: PayloadAction<string>) {
      state.notice = action.payload;
    },
    noticeCleared(state) {
      state.notice = null;
    },
    verifyStarted(state) {
      state.verifying = true;
    },
    /** GET /auth/me answered: fresh permissions and license. */
    verified(state, action: PayloadAction<CurrentUserDto>) {
      state.user = action.payload;
      state.lastUser = toLastUser(action.payload);
      state.verified = true;
      state.verifying = false;
    },
    /**
     * A fresh copy of the signed-in user from the server (profile saved, license activated).
     * Ignored when it is not the signed-in user any more (a late answer after a logout).
     */
    userRefreshed(state, action: PayloadAction<CurrentUserDto>) {
      if (!state.user || state.user.id !== action.payload.id) return;
      state.user = action.payload;
      state.lastUser = toLastUser(action.payload);
    },
    /** A password change voids the old token; the server hands out a new one that keeps the session. */
    tokenRefreshed(state, action: PayloadAction<string>) {
      if (state.token !== null) state.token = action.payload;
    },
    /** The second factor is confirmed: the new token reaches everything again. */
    secondFactorSetUp(state, action: PayloadAction<string>) {
      if (state.token === null) return;
      state.token = action.payload;
      state.secondFactorSetupRequired = false;
    },
    /** The user's settings changed (applied at once, whether or not the server stored them). */
    settingsApplied(state, action: PayloadAction<UserSettings>) {
      if (state.user) state.user.settings = action.payload;
    },
    /**
     * The check failed without a 401/409 (offline, server starting): keep the stored session
     * so the app stays usable offline; the next call that gets a 401 still ends it.
     */
    verifyUnavailable(state) {
      state.verifying = false;
      state.verified = state.token !== null;
    },
  },
});

export const {
  loggedIn,
  loggedOut,
  sessionLost,
  noticeShown,
  noticeCleared,
  verifyStarted,
  verified,
  verifyUnavailable,
  userRefreshed,
  tokenRefreshed,
  secondFactorSetUp,
  settingsApplied,
} = authSlice.actions;
export const authReducer = authSlice.reducer;
