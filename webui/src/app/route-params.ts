// Page validation (spec §8: "Page validation failure gives 404"): a route's dynamic segments
// must match their pattern, else the route answers 404 before any page code loads.
import { data, type LoaderFunctionArgs, type Params } from 'react-router';

export const paramPatterns = {
  id: /^[1-9][0-9]{0,17}$/, // database ids: positive integers
  slug: /^[a-z0-9][a-z0-9_-]{0,99}$/, // curriculum names
  token: /^[A-Za-z0-9_-]{1,256}$/, // reset-password tokens
  curriculum: /^[a-z0-9][a-z0-9-]{0,99}$/, // curriculum names: lower-case letters, digits, hyphens
  reviewNote: /^rules-for-(basic|advanced)-mentors$/, // the two review notes
  questionnaire: /^(pre-curriculum|post-curriculum|post-job-change|follow-up)-questionnaire$/, // the four kinds
} as const;

export type ParamSpec = Record<string, keyof typeof paramPatterns>;

// Optional segments (`/account/new/:id?`) may be absent; present ones must match.
export function paramsValid(params: Params, spec: ParamSpec): boolean {
  return Object.entries(spec).every(([name, kind]) => {
    const value = params[name];
    return value === undefined || paramPatterns[kind].test(value);
  });
}

export function validateParams(spec: ParamSpec) {
  return ({ params }: LoaderFunctionArgs): null => {
    if (!paramsValid(params, spec)) throw data('Not Found', { status: 404 });
    return null;
  };
}
