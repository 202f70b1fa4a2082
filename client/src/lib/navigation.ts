// Page changes that sagas ask for: the shell registers the router's navigate function here.
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate | null = null;

export const navigation = {
  register: (next: Navigate | null): void => {
    navigate = next;
  },
  /** Goes to a path of this site; before the router is there, loads it. */
  go: (to: string, options?: { replace?: boolean }): void => {
    if (navigate) navigate(to, options);
    else window.location.assign(to);
  },
};
