/** Every timing and limit from spec section 9, typed once. */
export const TIMINGS = {
  splashFadeMs: 2000,
  splashEndMs: 2500,
  typingWordMs: 50,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThresholdPx: 50,
  toastMaxWidthPx: 420,
  statusPollMs: 2000,
  libraryPollMs: 5000,
  pendingRecordingsPollMs: 5000,
  linkAutosaveMs: 1000,
  timeEditorAutosaveMs: 500,
  chapterAutosaveMs: 1500,
  longPressMs: 800,
  longPressCancelPx: 10,
  swipeThresholdPx: 50,
  swipeMaxPx: 100,
  swipeOpenPx: 80,
  recordingAutoStartMs: 500,
  preloadDelayMs: 500,
  preloadLabelsDelayMs: 1500,
  answerMatchWindowMs: 2 * 60 * 1000,
} as const;

/** Client cache lifetimes (spec 9.5). */
export const CACHE_MS = {
  currentUser: 5 * 60 * 1000,
  stories: 2 * 60 * 1000,
  people: 5 * 60 * 1000,
  places: 5 * 60 * 1000,
  chapters: 5 * 60 * 1000,
  autobiographies: 5 * 60 * 1000,
  unlinkedLabels: 10 * 60 * 1000,
  garbageCollection: 5 * 60 * 1000,
} as const;

export const TOAST_HOTKEY = 'F8';
