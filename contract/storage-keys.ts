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
  /** "1" once the splash has played on this device: it plays on a first visit only. */
  splashShown: 'saaga.splashShown',
  /** sessionStorage: history entries whose Record press already started the microphone (recorder/recordIntent.ts). */
  consumedRecordIntents: 'saaga.consumedRecordIntents',
  /** Prefix of an unsaved editor draft, followed by the user's id and the edited thing (ui/editorDrafts.ts). */
  editorDraftPrefix: 'saaga.draft',
  /** Photos whose date taken the person turned down as their story's time (photos/TakenOnOfferCard.tsx). */
  photoDatesDeclined: 'saaga.photoDatesDeclined',
  /** Visits of the app on this device, for the install suggestion (install/installSuggestion.ts). */
  installVisits: 'saaga.installVisits',
  /** sessionStorage: this tab's visit is counted. */
  installVisitCounted: 'saaga.installVisitCounted',
  /** "1" once the person said "Not now" to installing. */
  installSuggestionDismissed: 'saaga.installSuggestionDismissed',
} as const;

