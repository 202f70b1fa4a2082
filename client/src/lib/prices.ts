// Prices as people read them: the currency's symbol, then the amount ('$9.99', '€99.99', '₹799.00').

/** An amount in a currency: a Amount of the API, or one of a currency the API may add later. */
interface Amount {
  price: string;
  currency: string;
}

export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', INR: '₹' };

/** A currency without a known symbol keeps its code after the amount ('12.00 CHF'). */
export function formatPrice({ price, currency }: Amount): string {
  const symbol = CURRENCY_SYMBOLS[currency.toUpperCase()];
  return symbol ? `${symbol}${price}` : `${price} ${currency}`;
}

function cents(amount: string): number {
  return Math.round(Number.parseFloat(amount) * 100);
}

/** An amount in cents in a currency, as formatPrice says it. */
function formatCents(amount: number, currency: string): string {
  return formatPrice({ price: (amount / 100).toFixed(2), currency });
}

export interface Saving {
  /** What a year costs less than twelve monthly payments ('$19.89'). */
  amount: string;
  /** The same as a whole percentage of those twelve payments. */
  percent: number;
}

/** What paying for a year at once saves against twelve monthly payments in the same currency,
 * from the two plans' prices as the BFF serves them; null when it saves nothing (or the prices
 * cannot be read). */
export function yearlySaving(yearly: Amount, monthly: Amount): Saving | null {
  if (yearly.currency !== monthly.currency) return null;
  const twelve = cents(monthly.price) * 12;
  const saved = twelve - cents(yearly.price);
  if (!Number.isFinite(saved) || saved <= 0) return null;
  return { amount: formatCents(saved, yearly.currency), percent: Math.floor((saved / twelve) * 100) };
}

/** A plan's price with its period: '$9.99 a month', '$99.99 a year'. */
export function pricePerPeriod(plan: Amount & { period: string }): string {
  return `${formatPrice(plan)} a ${plan.period === 'yearly' ? 'year' : 'month'}`;
}
