import { describe, expect, it } from 'vitest';
import { thrownStatus } from '../test/api-mock';
import { paramsValid, validateParams } from './route-params';

describe('route parameter validation', () => {
  it('accepts well-formed ids and slugs', () => {
    expect(paramsValid({ id: '12' }, { id: 'id' })).toBe(true);
    expect(paramsValid({ name: 'ruby-basic' }, { name: 'slug' })).toBe(true);
    expect(paramsValid({}, { id: 'id' })).toBe(true); // optional segment absent
  });

  it.each(['abc', '0', '-1', '1.5', '12abc', '1e3', ''])('refuses the id %j', (id) => {
    expect(paramsValid({ id }, { id: 'id' })).toBe(false);
  });

  it.each(['html-css', 'ruby-on-rails', 'final-tasks', 'javascript'])('accepts the curriculum name %j', (name) => {
    expect(paramsValid({ name }, { name: 'curriculum' })).toBe(true);
  });

  it.each(['HTML-CSS', 'ruby_on_rails', '-css', 'html css', 'html%2Fcss', '..', ''])(
    'refuses the curriculum name %j',
    (name) => {
      expect(paramsValid({ name }, { name: 'curriculum' })).toBe(false);
    },
  );

  it('knows the two review notes only', () => {
    expect(paramsValid({ note: 'rules-for-basic-mentors' }, { note: 'reviewNote' })).toBe(true);
    expect(paramsValid({ note: 'rules-for-advanced-mentors' }, { note: 'reviewNote' })).toBe(true);
    expect(paramsValid({ note: 'rules-for-spot-mentors' }, { note: 'reviewNote' })).toBe(false);
  });

  it('turns a failure into a 404', () => {
    const loader = validateParams({ id: 'id' });
    let error: unknown = null;
    try {
      loader({ params: { id: 'abc' } } as never);
    } catch (e) {
      error = e;
    }
    expect(thrownStatus(error)).toBe(404);
    expect(loader({ params: { id: '7' } } as never)).toBeNull();
  });
});
