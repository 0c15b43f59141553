/** Sends the browser to another site (a payment gateway). An object, so a test can watch where it goes. */
export const leaveSite = {
  to(url: string): void {
    window.location.assign(url);
  },
};
