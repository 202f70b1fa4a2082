// Browser effects the sagas call, behind functions so that tests can replace them.
export const browser = {
  reload: (): void => {
    window.location.reload();
  },
};
