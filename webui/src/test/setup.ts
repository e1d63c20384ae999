import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { contractViolations } from './contract-violations';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  const violations = contractViolations.splice(0);
  expect(violations, 'mocked answers that break daemon/openapi.yaml').toEqual([]);
});
