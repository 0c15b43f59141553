/** Where the backend lives: `VITE_API_BASE` at build time, else the page's own origin. */
export const apiBase: string = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
