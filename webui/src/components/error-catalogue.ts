// The error catalogue (spec §8): status → title, message and what to do next.
export interface ErrorEntry {
  status: number | null;
  title: string;
  message: string;
  detail: string;
}

const RETRY_LATER = '時間をおいて再度お試しください。';

const catalogue: Record<number, Omit<ErrorEntry, 'status'>> = {
  400: {
    title: 'Bad Request',
    message: '不正なリクエストが送信されました',
    detail: '入力内容をご確認のうえ、もう一度お試しください。',
  },
  401: {
    title: 'Unauthorized',
    message: 'アクセス権限がありません',
    detail: 'お手数ですが、再度ログインしてください。',
  },
  404: {
    title: 'Page Not Found',
    message: 'ページが見つかりません',
    detail: 'お探しのページは移動または削除された可能性があります。',
  },
  422: {
    title: 'Unprocessable Entity',
    message: '一時的なサーバーの問題が発生しました',
    detail: 'お手数ですが、もう一度同じ操作を行ってください。',
  },
  500: {
    title: 'Internal Server Error',
    message: 'サーバーでエラーが発生しました',
    detail: RETRY_LATER,
  },
  503: {
    title: 'Service Temporarily Unavailable',
    message: 'アクセスが集中しています',
    detail: RETRY_LATER,
  },
};

const other: Omit<ErrorEntry, 'status'> = {
  title: 'Error',
  message: 'エラーが発生しました',
  detail: RETRY_LATER,
};

export function errorEntry(status: number | null | undefined): ErrorEntry {
  const known = status != null ? catalogue[status] : undefined;
  return { status: status ?? null, ...(known ?? other) };
}

// Unknown pages, guard refusals and invalid route parameters all look the same.
export const NOT_FOUND_MESSAGE = 'This page could not be found';

export function routeNotFoundEntry(): ErrorEntry {
  return { ...errorEntry(404), message: NOT_FOUND_MESSAGE };
}
