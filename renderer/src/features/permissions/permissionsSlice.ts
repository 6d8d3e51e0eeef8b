import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import type { RolePermissionMap } from '@werkboard/common';
import { loggedIn, loggedOut, sessionLost } from '../auth/authSlice';
import type { LoadStatus } from '../users/usersSlice';

export interface PermissionsState {
  /** The role-permission matrix as the server last answered it (Admin only). */
  map: RolePermissionMap | null;
  status: LoadStatus;
}

const initialState: PermissionsState = { map: null, status: 'idle' };

const permissionsSlice = createSlice({
  name: 'permissions',
  initialState,
  reducers: {
    permissionsLoading(state) {
      state.status = 'loading';
    },
    permissionsLoaded(state, action: PayloadAction<RolePermissionMap>) {
      state.map = action.payload;
      state.status = 'loaded';
    },
    permissionsLoadFailed(state) {
      state.status = 'failed';
    },
  },
  extraReducers: (builder) => {
    const reset = () => initialState;
    builder.addCase(loggedIn, reset).addCase(loggedOut, reset).addCase(sessionLost, reset);
  },
});

export const { permissionsLoading, permissionsLoaded, permissionsLoadFailed } = permissionsSlice.actions;
export const permissionsReducer = permissionsSlice.reducer;
