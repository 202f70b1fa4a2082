import { forgetMemberAnswers, registerServiceWorker } from './offline';

describe('forgetMemberAnswers', () => {
  afterEach(() => {
    delete (globalThis as { caches?: unknown }).caches;
  });

  it('deletes the cache of content answers and keeps the others', async () => {
    const deleted: string[] = [];
    (globalThis as { caches?: unknown }).caches = {
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    };
    await forgetMemberAnswers();
    expect(deleted).toEqual(['content']);
  });

  it('does nothing where the browser has no caches, and never throws when deleting fails', async () => {
    await expect(forgetMemberAnswers()).resolves.toBeUndefined();
    (globalThis as { caches?: unknown }).caches = { delete: () => Promise.reject(new Error('denied')) };
    await expect(forgetMemberAnswers()).resolves.toBeUndefined();
  });
});

describe('registerServiceWorker', () => {
  it('registers nothing outside a production build', () => {
    const register = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    registerServiceWorker();
    expect(process.env.NODE_ENV).not.toBe('production');
    expect(register).not.toHaveBeenCalled();
  });
});
