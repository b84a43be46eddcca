import type { Config } from '../../config.ts';
import type { FamilyMailSettings } from '../../jobs/context.ts';

/** The family circle's e-mail settings of a process that runs background work (JobContext.familyMail). */
export const familyMailSettings = (config: Pick<Config, 'sessionSecret' | 'familyEmailsPerHour'>): FamilyMailSettings => ({
  secret: config.sessionSecret,
  emailsPerHour: config.familyEmailsPerHour,
});
