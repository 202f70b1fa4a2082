// The board's look: plain squares and Unicode pieces, sized for the edit view's column.
export const SQUARE = 40;
export const LIGHT = '#eeeed2';
export const DARK = '#769656';
export const MARK = 'rgba(255, 213, 0, 0.55)';
export const SELECTED = 'rgba(20, 85, 255, 0.45)';
