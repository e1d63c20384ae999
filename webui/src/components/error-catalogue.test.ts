import { describe, expect, it } from 'vitest';
import { errorEntry, NOT_FOUND_MESSAGE, notFoundEntry } from './error-catalogue';

describe('error catalogue', () => {
  it.each([
    [400, 'Bad Request', '不正なリクエストが送信されました'],
    [401, 'Unauthorized', 'アクセス権限がありません'],
    [404, 'Page Not Found', 'ページが見つかりません'],
    [422, 'Unprocessable Entity', '一時的なサーバーの問題が発生しました'],
    [500, 'Internal Server Error', 'サーバーでエラーが発生しました'],
    [503, 'Service Temporarily Unavailable', 'アクセスが集中しています'],
  ])('%i is %s', (status, title, message) => {
    expect(errorEntry(status)).toMatchObject({ status, title, message });
  });

  it('tells what to do next', () => {
    expect(errorEntry(400).detail).toContain('ご確認');
    expect(errorEntry(401).detail).toContain('再度ログイン');
    expect(errorEntry(404).detail).toContain('移動または削除');
    expect(errorEntry(422).detail).toContain('もう一度同じ操作');
    expect(errorEntry(500).detail).toContain('時間をおいて');
    expect(errorEntry(503).detail).toContain('時間をおいて');
  });

  it.each([403, 409, 413, 429, 502, 0])('any other status (%i) is the generic Error', (status) => {
    expect(errorEntry(status)).toMatchObject({ status, title: 'Error', message: 'エラーが発生しました' });
  });

  it('unknown status is generic too', () => {
    expect(errorEntry(undefined)).toMatchObject({ status: null, title: 'Error' });
  });

  it('every 404 is one page: "This page could not be found" beside the status, then ページが見つかりません', () => {
    expect(notFoundEntry()).toEqual(errorEntry(404));
    expect(notFoundEntry()).toMatchObject({
      status: 404,
      caption: NOT_FOUND_MESSAGE,
      message: 'ページが見つかりません',
    });
    expect(NOT_FOUND_MESSAGE).toBe('This page could not be found');
  });
});
