/** "1 attendee", "3 attendees": the toasts name how many people an action changed. */
export const count = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;
