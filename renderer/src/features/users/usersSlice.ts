import type { EntityState, PayloadAction } from '@reduxjs/toolkit';
import { createEntityAdapter, createSlice } from '@reduxjs/toolkit';
import type { ExternalUserDto, ManagedUserDto } from '@werkboard/common';
import type { RootState } from '../../store';
import { loggedIn, loggedOut, sessionLost } from '../auth/authSlice';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

const byName = (a: string, b: string) => a.localeCompare(b, 'de-DE', { sensitivity: 'base' });

export const usersAdapter = createEntityAdapter<ManagedUserDto>({
  sortComparer: (a, b) => byName(a.username, b.username),
});
export const externalUsersAdapter = createEntityAdapter<ExternalUserDto>({
  sortComparer: (a, b) => byName(a.name, b.name),
});

interface ListMeta {
  status: LoadStatus;
  /** The German text of the last failed load. */
  error: string | null;
}

export interface UsersState {
  users: EntityState<ManagedUserDto, string> & ListMeta;
  externalUsers: EntityState<ExternalUserDto, string> & ListMeta;
}

function initialState(): UsersState {
  const meta: ListMeta = { status: 'idle', error: null };
  return {
    users: usersAdapter.getInitialState(meta),
    externalUsers: externalUsersAdapter.getInitialState(meta),
  };
}

/** The user management lists (/users): accounts and external workers. Not persisted. */
const usersSlice = createSlice({
  name: 'users',
  initialState,
  reducers: {
    usersLoading(state) {
      state.users.status = 'loading';
      state.users.error = null;
    },
    usersLoaded(state, action: PayloadAction<ManagedUserDto[]>) {
      usersAdapter.setAll(state.users, action.payload);
      state.users.status = 'loaded';
    },
    usersLoadFailed(state, action: PayloadAction<string>) {
      state.users.status = 'failed';
      state.users.error = action.payload;
    },
    userSaved(state, action: PayloadAction<ManagedUserDto>) {
      usersAdapter.upsertOne(state.users, action.payload);
    },
    userRemoved(state, action: PayloadAction<string>) {
      usersAdapter.removeOne(state.users, action.payload);
    },
    externalUsersLoading(state) {
      state.externalUsers.status = 'loading';
      state.externalUsers.error = null;
    },
    externalUsersLoaded(state, action: PayloadAction<ExternalUserDto[]>) {
      externalUsersAdapter.setAll(state.externalUsers, action.payload);
      state.externalUsers.status = 'loaded';
    },
    externalUsersLoadFailed(state, action: PayloadAction<string>) {
      state.externalUsers.status = 'failed';
      state.externalUsers.error = action.payload;
    },
    externalUserSaved(state, action: PayloadAction<ExternalUserDto>) {
      externalUsersAdapter.upsertOne(state.externalUsers, action.payload);
    },
    externalUserRemoved(state, action: PayloadAction<string>) {
      externalUsersAdapter.removeOne(state.externalUsers, action.payload);
    },
  },
  // Another account may sign in on this browser next: nothing of these lists outlives a session.
  extraReducers: (builder) => {
    builder.addCase(loggedIn, initialState).addCase(loggedOut, initialState).addCase(sessionLost, initialState);
  },
});

export const {
  usersLoading,
  usersLoaded,
  usersLoadFailed,
  userSaved,
  userRemoved,
  externalUsersLoading,
  externalUsersLoaded,
  externalUsersLoadFailed,
  externalUserSaved,
  externalUserRemoved,
} = usersSlice.actions;
export const usersReducer = usersSlice.reducer;

export const usersSelectors = usersAdapter.getSelectors((state: RootState) => state.users.users);
export const externalUsersSelectors = externalUsersAdapter.getSelectors(
  (state: RootState) => state.users.externalUsers,
);
