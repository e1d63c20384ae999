// App-wide feedback state: snackbar (spec: message, isOpen), loading (isLoading, counted so
// overlapping calls keep the overlay up), the error page raised from event handlers and the
// confirmation dialog (askConfirmation; never the browser's window.confirm).
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

export interface ConfirmationRequest {
  message: string;
  confirmLabel: string; // the action, e.g. 削除する
  danger?: boolean; // a destructive action: the button in the error colour
}
interface OpenConfirmation extends ConfirmationRequest {
  resolve: (confirmed: boolean) => void;
}
export const confirmationStore = createStore<OpenConfirmation | null>(null);

// Opens the app's confirmation dialog; resolves true when the person confirms. A second request
// while one is open answers the first with false.
export function askConfirmation(request: ConfirmationRequest): Promise<boolean> {
  confirmationStore.get()?.resolve(false);
  return new Promise((resolve) => confirmationStore.set({ ...request, resolve }));
}

export function answerConfirmation(confirmed: boolean): void {
  const open = confirmationStore.get();
  if (!open) return;
  confirmationStore.set(null);
  open.resolve(confirmed);
}
