// App-wide feedback state: snackbar (spec: message, isOpen), loading (isLoading, counted so
// overlapping calls keep the overlay up) and the error page raised from event handlers.
import { createStore } from './store';

export interface SnackbarState {
  message: string;
  isOpen: boolean;
}

export const snackbarStore = createStore<SnackbarState>({ message: '', isOpen: false });
export const loadingStore = createStore<number>(0);
export const errorPageStore = createStore<number | null>(null);

export function showSnackbar(message: string): void {
  snackbarStore.set({ message, isOpen: true });
}

export function closeSnackbar(): void {
  snackbarStore.set((s) => ({ ...s, isOpen: false }));
}

export function startLoading(): void {
  loadingStore.set((n) => n + 1);
}

export function finishLoading(): void {
  loadingStore.set((n) => Math.max(0, n - 1));
}

export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  startLoading();
  try {
    return await work();
  } finally {
    finishLoading();
  }
}

export function showErrorPage(status: number): void {
  errorPageStore.set(status);
}

export function clearErrorPage(): void {
  errorPageStore.set(null);
}
