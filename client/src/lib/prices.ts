// Prices as people read them: the currency's symbol, then the amount ('$9.99', '€99.99', '₹799.00').
import type { Price } from '../api/contract';

export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', INR: '₹' };

/** A currency without a known symbol keeps its code after the amount ('12.00 CHF'). */
export function formatPrice({ price, currency }: Price): string {
  const symbol = CURRENCY_SYMBOLS[currency.toUpperCase()];
  return symbol ? `${symbol}${price}` : `${price} ${currency}`;
}
