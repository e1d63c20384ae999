// The mocks' contract check itself: a mocked answer that drifts from daemon/openapi.yaml fails.
import { describe, expect, it } from 'vitest';
import { account, apiError, mockApi } from './api-mock';
import { answerProblem } from './contract';
import { contractViolations } from './contract-violations';

describe('mocked answers against the contract', () => {
  it('accepts the shapes the daemon sends', () => {
    expect(answerProblem('GET', '/api/v1/accounts/me', 200, account())).toBeNull();
    expect(answerProblem('DELETE', '/api/v1/account_token', 204, undefined)).toBeNull();
    expect(answerProblem('PATCH', '/api/v1/accounts/12', 422, apiError(422, 'x', { nickname__c: ['y'] }))).toBeNull();
  });

  it('refuses a body missing a required member, of a wrong type or outside an enum', () => {
    const { email: _, ...noEmail } = account();
    expect(answerProblem('GET', '/api/v1/accounts/me', 200, noEmail)).toMatch(/must have required property 'email'/);
    expect(answerProblem('GET', '/api/v1/accounts/me', 200, account({ id: '12' as never }))).toMatch(
      /id must be integer/,
    );
    expect(answerProblem('GET', '/api/v1/accounts/me', 200, account({ role: 'teacher' as never }))).toMatch(
      /role must be equal to one of the allowed values/,
    );
    expect(
      answerProblem('POST', '/api/v1/event_tags', 409, { error: { status: 409, code: 'tag_taken', message: 'x' } }),
    ).toMatch(/breaks its schema/);
  });

  it('refuses a date that is not one, a missing body and a body where none is declared', () => {
    const student = { id: 1, title: 't', answers_count: 0, solved: false, created_at: 'yesterday' };
    expect(answerProblem('GET', '/api/v1/students/41/questions', 200, { data: [student] })).toMatch(
      /format "date-time"/,
    );
    expect(answerProblem('GET', '/api/v1/accounts/me', 200, undefined)).toMatch(/declares a JSON body/);
    expect(answerProblem('DELETE', '/api/v1/account_token', 204, {})).toMatch(/declares no body/);
  });

  it('mockApi refuses such a mock when it is made', () => {
    expect(() => mockApi({ 'GET /api/v1/accounts/me': [200, { ...account(), course: 'rails_4m' }] })).toThrow(
      /course must be object/,
    );
  });

  it("mockApi records a handler's bad answer, which fails the test after it (setup.ts)", async () => {
    mockApi({ 'GET /api/v1/accounts/me': () => [200, { id: 12 }] });
    await expect(fetch('/api/v1/accounts/me')).rejects.toThrow(/breaks its schema/);
    expect(contractViolations.splice(0)).toHaveLength(1);
  });
});
