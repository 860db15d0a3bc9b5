// The squares a move's UCI text names, for the moves made instead of moving (docs/formats.md): a missile shot
// `f3^e5` (the man on f3 fires at e5 and stays) and a removal `f3f3` (the side removes its own man on f3).
/** A missile shot, `f3^e5`: the man on f3 fires at e5 and stays (docs/formats.md). */
export const isShot = (uci: string): boolean => uci[2] === '^';
/** A removal, `f3f3`: the side removes its own man on f3 (the square twice). */
export const isRemoval = (uci: string): boolean =>
  /^[a-h][1-8]$/.test(uci.slice(0, 2)) && uci.length === 4 && uci.slice(0, 2) === uci.slice(2, 4);
/** A capture followed by a shot (Goliath), `g6g2^f1`, `e7d8q^c7`: the target the capturer shoots from its new
 * square, or undefined for any other move (docs/formats.md). */
export function followUpShot(uci: string): string | undefined {
  return /^[a-h][1-8][a-h][1-8][qrbnk]?\^[a-h][1-8]$/.test(uci) ? uci.slice(-2) : undefined;
}
/** The squares a move names: the man's, and the destination (a shot: its target; a removal: the man's again). */
export function uciSquares(uci: string): { from: string; to: string } {
  return { from: uci.slice(0, 2), to: isShot(uci) ? uci.slice(3, 5) : uci.slice(2, 4) };
}
