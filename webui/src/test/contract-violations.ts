// Answers a mock handler gave that the contract does not allow: fetch rejects them, and
// setup.ts fails the test that caused them even when the app swallowed the rejection.
export const contractViolations: string[] = [];
