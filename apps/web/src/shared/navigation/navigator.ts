/**
 * Navigation for code outside React (the API client's 401 rule). The app registers the router's
 * navigate function; before that, a full page load does the job.
 */
let navigateImpl: (to: string) => void = (to) => window.location.assign(to);

export function registerNavigator(navigate: (to: string) => void) {
  navigateImpl = navigate;
}

export function navigateTo(to: string) {
  navigateImpl(to);
}
