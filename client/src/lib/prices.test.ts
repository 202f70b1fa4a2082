import { formatPrice, pricePerPeriod, yearlySaving } from './prices';

describe('prices', () => {
  it('says a price with its symbol, or its code after it', () => {
    expect(formatPrice({ price: '9.99', currency: 'USD' })).toBe('$9.99');
    expect(formatPrice({ price: '12.00', currency: 'CHF' })).toBe('12.00 CHF');
  });

  it('works out what a year saves against twelve monthly payments, from the prices served', () => {
    const usd = (price: string) => ({ price, currency: 'USD' });
    expect(yearlySaving(usd('99.99'), usd('9.99'))).toEqual({ amount: '$19.89', percent: 16 });
    expect(yearlySaving(usd('90.00'), usd('10.00'))).toEqual({ amount: '$30.00', percent: 25 });
    expect(yearlySaving(usd('120.00'), usd('10.00'))).toBeNull();
    expect(yearlySaving(usd('99.99'), { price: '9.99', currency: 'EUR' })).toBeNull();
    expect(yearlySaving(usd('n/a'), usd('9.99'))).toBeNull();
  });

  it('says a plan price with its period', () => {
    expect(pricePerPeriod({ price: '9.99', currency: 'USD', period: 'monthly' })).toBe('$9.99 a month');
    expect(pricePerPeriod({ price: '799.00', currency: 'INR', period: 'yearly' })).toBe('₹799.00 a year');
  });
});
