/**
 * Per-seat confirmation codes: printed on the result sheet next to each player's
 * name, they let a player confirm or dispute the result from their own phone without a token.
 * 10 characters from 31 unambiguous ones (no 0/O, 1/I/L): about 8.2e14 codes (docs/reference/limits.md), and wrong
 * guesses are rate-limited per seat.
 */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const SEAT_CODE_LENGTH = 10;
/** Largest multiple of the alphabet size below 256: bytes above it are redrawn (no modulo bias). */
const LIMIT = 256 - (256 % ALPHABET.length);

export function newSeatCode(): string {
  let code = "";
  while (code.length < SEAT_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(SEAT_CODE_LENGTH * 2))) {
      if (byte < LIMIT && code.length < SEAT_CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}
