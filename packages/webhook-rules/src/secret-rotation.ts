/** The overlap a rotation gives the old secret unless told: a day for the receivers to switch. */
export const DEFAULT_OVERLAP_SECONDS = 24 * 3600;
/** At most a week: an overlap is a switch-over, not a second permanent secret. */
export const MAX_OVERLAP_SECONDS = 7 * 24 * 3600;
