/** Keys of everything the client keeps in the browser's localStorage. */
export const STORAGE_KEYS = {
  /** A signed-out visitor's chosen language (en or fi). */
  language: 'saaga.language',
  /** AI settings kept on the device (localAiSettingsSchema). */
  aiSettings: 'saaga.aiSettings',
  /** Labels the user hid from the people and places suggestions (spec 3). */
  hiddenPeopleLabels: 'hiddenPeopleLabels',
  hiddenPlaceLabels: 'hiddenPlaceLabels',
  /** The person's choice of live text while recording ("on" or "off"); absent: the server's recommendation. */
  liveText: 'saaga.liveText',
} as const;

/** Keys of what the client keeps in sessionStorage: one browser tab's visit. */
export const SESSION_KEYS = {
  /** Set once the splash has played in this visit, so reloads and deep links skip it. */
  splashShown: 'saaga.splashShown',
} as const;
