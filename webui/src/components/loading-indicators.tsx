import { useNavigation } from 'react-router';
import { loadingStore } from '../lib/feedback';
import { useStore } from '../lib/store';
import { useMinimumDisplay } from './use-minimum-display';

export function LoadingBarView() {
  return <div className="loading-bar" role="progressbar" aria-label="ページを読み込み中" />;
}

// Thin bar at the top while a route's code and data load.
export function LoadingBar() {
  const navigation = useNavigation();
  const visible = useMinimumDisplay(navigation.state !== 'idle');
  return visible ? <LoadingBarView /> : null;
}

// Overlay that blocks input while a call (login, logout, save, upload) is running.
export function LoadingOverlay() {
  const pending = useStore(loadingStore);
  if (pending === 0) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay">
      <div className="loading-spinner" role="progressbar" aria-label="処理中" />
    </div>
  );
}
