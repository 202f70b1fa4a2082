// Browser effects the sagas call, behind functions so that tests can replace them.
export const browser = {
  reload: (): void => {
    window.location.reload();
  },
  /** Leaves the site for another page (a payment provider's checkout). */
  assign: (url: string): void => {
    window.location.assign(url);
  },
  /** Saves `text` as a file the member downloads (Download my data). */
  saveFile: (name: string, text: string, type = 'application/json'): void => {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    // The click has started the download; the object URL can go once it has been read.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};
