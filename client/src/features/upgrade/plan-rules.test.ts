// The plan rules: which plans and prices show, where a new member is welcomed, where a payment leads.
import { formatPrice } from '../../lib/prices';
import { sitePathOr } from '../../lib/site-path';
import { plansToShow, shownPrice } from '../../lib/plans';
import { welcomeRoute } from './slice';
import { ALL_PLANS, plan } from './upgrade-test-support';

describe('plan rules', () => {
  it('keeps only the USD plans, one per period, monthly first, when more than two come', () => {
    const shuffled = [plan('INR', 'yearly'), plan('USD', 'yearly'), plan('EUR', 'monthly'), plan('USD', 'monthly')];
    expect(plansToShow(shuffled).map((p) => p.id)).toEqual(['pro_monthly_usd', 'pro_yearly_usd']);
    expect(plansToShow(ALL_PLANS).map((p) => p.id)).toEqual(['pro_monthly_usd', 'pro_yearly_usd']);
  });

  it('keeps one or two plans as they come, whatever their currency', () => {
    const two = [plan('EUR', 'monthly'), plan('EUR', 'yearly')];
    expect(plansToShow(two)).toEqual(two);
    expect(plansToShow([])).toEqual([]);
  });

  it('shows visitors the price of USD plans only; members see every price', () => {
    expect(shownPrice(plan('USD', 'monthly'), false)).toBe('$9.99');
    expect(shownPrice(plan('EUR', 'monthly'), false)).toBeNull();
    expect(shownPrice(plan('EUR', 'monthly'), true)).toBe('€9.99');
  });

  it('writes prices with the currency symbol', () => {
    expect(formatPrice({ price: '9.99', currency: 'USD' })).toBe('$9.99');
    expect(formatPrice({ price: '9.99', currency: 'EUR' })).toBe('€9.99');
    expect(formatPrice({ price: '799.00', currency: 'INR' })).toBe('₹799.00');
    expect(formatPrice({ price: '12.00', currency: 'CHF' })).toBe('12.00 CHF');
  });

  it('welcomes yearly members at /welcome-you and monthly ones at /welcome-me', () => {
    expect(welcomeRoute('yearly')).toBe('/welcome-you');
    expect(welcomeRoute('monthly')).toBe('/welcome-me');
  });

  it('goes after a payment only to paths of this site', () => {
    expect(sitePathOr('/program/3', '/home')).toBe('/program/3');
    expect(sitePathOr('/masterclass?x=1', '/home')).toBe('/masterclass?x=1');
    for (const unsafe of [
      '//evil.com',
      'https://evil.com',
      '/\\evil.com',
      'javascript:alert(1)',
      'program/3',
      '/a\nb',
      null,
    ]) {
      expect(sitePathOr(unsafe, '/home')).toBe('/home');
    }
  });
});
