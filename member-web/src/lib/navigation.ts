type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/**
 * The router registers itself here so the forced logout (lib/api-client) is a client-side
 * navigation. Kept apart from the HTTP client so the app's entry does not load axios.
 */
export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(to: string): void {
  navigate(to);
}
