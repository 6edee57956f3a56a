// The pass number the 'Your pass' e-mail prints ('Pass 3ebc3a708a4ce32b · Gus Silva'): its serial, 16 hex digits.
// Typed or pasted into a scanner's input it checks the guest in as the search does, online (the Worker) and offline
// (the scanner), so a real pass's number is never called a pass of another experience.

/**
 * The serial in text that is a pass number: the 16 hex digits alone, or with 'Pass' before them and the name after
 * ' · ' as the e-mail prints it, spaces and case as typed. Null for anything else (a token, a name).
 */
export function passNumberOf(text: string): string | null {
  const number = text
    .split("·")[0]!
    .trim()
    .replace(/^pass\b[\s#:]*/i, "")
    .replace(/\s+/g, "");
  return /^[0-9a-f]{16}$/i.test(number) ? number.toLowerCase() : null;
}
