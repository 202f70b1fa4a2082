// The status every request kind keeps in the store.
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
