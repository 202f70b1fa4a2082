// Browser effects the sagas call, behind functions so that tests can replace them.
export const browser = {
  reload: (): void => {
    window.location.reload();
  },
  /** Leaves the site for another page (a payment provider's checkout). */
  assign: (url: string): void => {
    window.location.assign(url);
  },
};
