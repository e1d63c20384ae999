import { describe, expect, it } from 'vitest';
import { limits, messages } from '../../lib/messages';
import { SOURCE } from '../../test/curriculum-samples';
import { isCloneSource, repositoryKey, repositoryUrlProblem } from './repository-url';
import { submissionSchema } from './submission-schema';

const withLength = (bytes: number) => {
  const prefix = 'https://github.com/me/';
  return prefix + 'a'.repeat(bytes - prefix.length);
};

describe('repository URL rules (as lib/curriculum/repository_url.cpp)', () => {
  it.each(['', '   ', '\t\n'])('%j is required', (url) => {
    expect(repositoryUrlProblem(url, SOURCE)).toBe(messages.url_required);
  });

  it.each([
    'github.com/me/portfolio',
    'ftp://github.com/me/portfolio',
    'https://',
    'https:///me/portfolio',
    'https://exa mple.com/me',
    'https://.github.com/me',
    'https://:80/me',
    'https://ギットハブ.com/me',
    'javascript:alert(1)',
    'https://github.com/me/\u0000x',
    'https://github.com/me/\tx',
    'https://github.com/me/%00x',
    'http:/github.com/me/portfolio',
    'https://github..com/me',
    'https://-github.com/me',
    'https://git_hub.com/me',
    'https://ｇｉｔｈｕｂ.com/me/portfolio', // full-width: a browser maps it to github.com
    'https://github.com:99999/me',
    // User info hides the host; a browser reads `\` as `/` (host evil.example).
    'https://evil.example\\@github.com/x/y',
    'https://evil.example\\github.com/x/y',
    'https://user:token@github.com/me/portfolio',
    'https://me@github.com/potepan/portfolio-template',
    withLength(limits.repository_url_max_bytes + 1),
    'https://github.com/me/' + 'あ'.repeat(160), // 480 bytes of UTF-8: more than 500 in all
  ])('%j is not a URL the daemon accepts', (url) => {
    expect(repositoryUrlProblem(url, SOURCE)).toBe(messages.url_format);
  });

  it.each([
    'https://github.com/me/portfolio',
    'http://github.com/me/portfolio',
    'HTTPS://github.com/me/portfolio',
    '  https://github.com/me/portfolio  ',
    '\u3000https://github.com/me/portfolio\u00a0',
    'https://[::1]:8080/me/portfolio',
    'https://git.example.com:8443/group/sub/portfolio',
    withLength(limits.repository_url_max_bytes),
  ])('%j is fine', (url) => {
    expect(repositoryUrlProblem(url, SOURCE)).toBeNull();
  });

  it.each([
    SOURCE,
    'http://github.com/potepan/portfolio-template',
    'https://GitHub.COM/potepan/portfolio-template',
    'https://github.com/potepan/portfolio-template/',
    'https://github.com/potepan/portfolio-template.git',
    'https://github.com/potepan/portfolio-template.GIT/',
    'https://github.com/potepan/portfolio-template/.git//',
    'https://github.com/potepan/portfolio-template?tab=readme#top',
    'https://github.com/Potepan/Portfolio-Template', // owners and repositories ignore case
    'https://www.github.com/potepan/portfolio-template',
    'https://github.com:443/potepan/portfolio-template',
    'http://github.com:80/potepan/portfolio-template',
    'https://github.com./potepan/portfolio-template',
    'https://%67ithub.com/potepan/portfolio-template',
    'https://github.com//potepan//portfolio-template',
    'https://github.com/potepan/portfolio-template/tree/main',
    'https://github.com/potepan/%70ortfolio-template',
    'https://github.com/me/%2e%2e/potepan/portfolio-template',
  ])('%j is the clone source', (url) => {
    expect(repositoryUrlProblem(url, SOURCE)).toBe(messages.repository_url_original_source);
  });

  it.each([
    'https://github.com/potepan/portfolio-template-2',
    'https://github.com/potepan',
    'https://gitlab.com/potepan/portfolio-template',
    'https://github.com:8443/potepan/portfolio-template',
    'https://www2.github.com/potepan/portfolio-template',
    'https://github.com.evil.example/potepan/portfolio-template',
  ])('%j is another repository', (url) => {
    expect(isCloneSource(url, SOURCE)).toBe(false);
  });

  it('a task without a source repository has no third rule', () => {
    expect(repositoryUrlProblem(SOURCE, null)).toBeNull();
  });

  it('normalises to host and path', () => {
    expect(repositoryKey('HTTP://www.Example.COM.:443/A//b.git/?q#f')).toBe('example.com/a/b');
    expect(repositoryKey('https://git.example.com:8443/G/r')).toBe('git.example.com:8443/g/r');
  });

  it('the form schema gives the same message, one at a time', () => {
    const schema = submissionSchema(SOURCE);
    const message = (repositoryUrl: string) => {
      const result = schema.safeParse({ repositoryUrl });
      return result.success ? null : result.error.issues.map((i) => i.message);
    };
    expect(message('')).toEqual([messages.url_required]);
    expect(message('nope')).toEqual([messages.url_format]);
    expect(message(`${SOURCE}.git`)).toEqual([messages.repository_url_original_source]);
    expect(message('https://github.com/me/portfolio')).toBeNull();
  });
});
