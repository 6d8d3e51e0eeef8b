import type { DashboardAppointmentDto } from '@werkboard/common';
import { apiSlice } from '../apiSlice';

export const appointmentsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /appointments: the dashboard overview's appointments across the user's projects. */
    appointments: build.query<DashboardAppointmentDto[], void>({
      query: () => '/appointments',
      providesTags: ['Appointments'],
    }),
  }),
});

export const { useAppointmentsQuery } = appointmentsApi;
