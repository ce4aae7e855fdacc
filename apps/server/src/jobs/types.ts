/** The job types (the `type` column of `jobs`); handlers.ts maps each to what runs it. */
export const JOB_TYPES = {
  /** Permanently removes a space 7 days after it was deleted (unless it was restored). */
  purgeSpace: 'space.purge',
} as const;
