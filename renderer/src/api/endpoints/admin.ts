import type { ProjectSummaryDto, SystemInfo, TemplateSummaryDto } from '@werkboard/common';
import { apiSlice } from '../apiSlice';

/** The admin overview's reads (/admin). */
export const adminApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/projects: every active and completed project, with its owner's name. */
    adminProjects: build.query<ProjectSummaryDto[], void>({
      query: () => '/admin/projects',
      providesTags: ['AdminProjects'],
    }),
    /** GET /admin/templates: every template that is not archived, with its owner (null: global). */
    adminTemplates: build.query<TemplateSummaryDto[], void>({
      query: () => '/admin/templates',
      providesTags: ['AdminTemplates'],
    }),
    /** GET /system-info: version, RAM, disk, OS and the sizes of database and images. */
    systemInfo: build.query<SystemInfo, void>({ query: () => '/system-info' }),
  }),
});

export const { useAdminProjectsQuery, useAdminTemplatesQuery, useSystemInfoQuery } = adminApi;
