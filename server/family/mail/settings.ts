import type { Config } from '../../config.ts';

/** What the family circle's e-mails need from the process (JobContext.familyMail). */
export interface FamilyMailSettings {
  /** The server's secret (SESSION_SECRET): unsubscribe tokens are signed with a key derived from it. */
  secret: string;
  /** E-mails one storyteller's account may send an hour: their weekly question and their circle's notices (FAMILY_EMAILS_PER_HOUR). */
  emailsPerHour: number;
  /** The time the weekly tick works with; a test moves it on. */
  now?: () => Date;
}

export const familyMailSettings = (config: Pick<Config, 'sessionSecret' | 'familyEmailsPerHour'>): FamilyMailSettings => ({
  secret: config.sessionSecret,
  emailsPerHour: config.familyEmailsPerHour,
});
